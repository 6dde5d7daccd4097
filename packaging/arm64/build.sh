#!/usr/bin/env bash
# Why this exists: the Makefile's entry into the Swift 6.0.3 builds (`make deb-arm64`, and the
# 6.0.3 compile check of `make test`). It makes or reuses the cached trixie build root
# (buildroot.sh), copies the source tree into the cache (rsync keeps modification times, so
# SwiftPM's incremental build works; the work tree is never written by the root), and runs
# swift-build.sh MODE inside the root (inroot.sh).
# Usage: build.sh arm64|amd64 "C-LIBRARY -dev PACKAGES"; prints the arm64 binary's path for arm64.
set -euo pipefail
MODE=$1 DEV_PACKAGES=$2
HERE=$(cd "$(dirname "$0")" && pwd)
SOURCE=$(cd "$HERE/../.." && pwd)
CACHE=${SWIPE_KIOSK_ARM64_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/swipe-kiosk-arm64}
root=$("$HERE/buildroot.sh" "$CACHE" "$DEV_PACKAGES")
mkdir -p "$CACHE/src"
rsync -a --delete --exclude '/.build*' --exclude /Package.resolved --exclude /out --exclude /.swiftpm \
    --exclude .git "$SOURCE/" "$CACHE/src/"
"$HERE/inroot.sh" "$root" "$CACHE/src" sh /src/packaging/arm64/swift-build.sh "$MODE" >&2
if [ "$MODE" = arm64 ]; then
    echo "$CACHE/src/.build-arm64/aarch64-unknown-linux-gnu/release/swipe-kiosk"
fi
