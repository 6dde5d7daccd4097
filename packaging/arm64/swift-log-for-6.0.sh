#!/bin/sh
# Why this exists: the package mirror holds only swift-log 1.16.2, whose manifest needs Swift
# tools 6.2 (package traits) and whose sources use `nonisolated(nonsending)` (Swift 6.2 syntax).
# Debian 13's Swift 6.0.3 can read neither. Run inside the trixie build root, this derives a
# local git repository from the mirror's swift-log at the same tag, with a tools-6.0 manifest
# (the Logging library only; no traits, so every log level stays compiled in, as the default
# trait set does) and the `nonisolated(nonsending)` attributes removed (in 6.0 a nonisolated
# async function runs on the generic executor anyway) and trailing commas before a closing
# parenthesis removed (allowed from Swift 6.1 on) and `_runtime(_multithreaded)` (a 6.1
# condition) read as true (Linux is multithreaded), and points the root's git at it with a
# more specific url.insteadOf rule (a fixed commit date keeps the revision, which SwiftPM
# records as a fingerprint, the same on every run). The project's code is unchanged; Swift
# 6.3.1 outside the root keeps using the mirror's swift-log as it is.
set -eu
ORIGINAL=https://github.com/apple/swift-log
REPO=/var/cache/swift-log-for-6.0
rm -rf "$REPO"
git config --global --unset-all "url.$REPO.insteadOf" || true
git clone -q "$ORIGINAL" "$REPO"
cd "$REPO"
tag=$(git tag --sort=-v:refname | head -1)
git checkout -q "$tag"
cat > Package.swift <<'MANIFEST'
// swift-tools-version:6.0
// Derived by swipe-kiosk's packaging/arm64/swift-log-for-6.0.sh for Swift 6.0.3.
import PackageDescription

let package = Package(
    name: "swift-log",
    products: [.library(name: "Logging", targets: ["Logging"])],
    targets: [.target(name: "Logging", exclude: ["CMakeLists.txt"])]
)
MANIFEST
find Sources/Logging -name '*.swift' -exec sed -i -e 's/nonisolated(nonsending) //g' -e 's/_runtime(_multithreaded)/true/g' {} +
find Sources/Logging -name '*.swift' -exec perl -0pi -e 's/,(\s*\n\s*\))/$1/g' {} +
GIT_AUTHOR_DATE=2000-01-01T00:00:00Z GIT_COMMITTER_DATE=2000-01-01T00:00:00Z git -c user.name=swipe-kiosk -c user.email=swipe-kiosk@localhost commit -q -am "swift-log $tag for Swift 6.0"
git tag -f "$tag" > /dev/null
git config --global "url.$REPO.insteadOf" "$ORIGINAL"
echo "swift-log $tag for Swift 6.0 at $REPO"
