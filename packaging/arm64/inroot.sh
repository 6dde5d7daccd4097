#!/usr/bin/env bash
# Why this exists: the trixie build root (buildroot.sh) must see what a build on this machine
# sees: the source tree, /proc and /dev, and the Swift package mirror reached the same way as
# outside (git's url.<base>.insteadOf rules from this machine's git configuration, with every
# local <base> directory bind-mounted at the same path). The mounts live in a private mount
# namespace, so they disappear with the command and never leak into the host.
# Usage: inroot.sh ROOT SOURCE_DIR|- COMMAND... (SOURCE_DIR appears as /src, the working directory).
set -euo pipefail
ROOT=$1 SRC=$2
shift 2
if [ "${INROOT_NAMESPACE:-}" != 1 ]; then
    exec env INROOT_NAMESPACE=1 unshare --mount --propagation private "$0" "$ROOT" "$SRC" "$@"
fi
mount -t proc proc "$ROOT/proc"
mount --rbind /dev "$ROOT/dev"
mkdir -p "$ROOT/tmp" && mount -t tmpfs tmpfs "$ROOT/tmp"
cp /etc/resolv.conf "$ROOT/etc/resolv.conf" 2>/dev/null || true
# The git URL rewrites (system and global scope), replayed as the root's system configuration.
: > "$ROOT/etc/gitconfig"
git config --get-regexp '^url\..*\.insteadof$' | while read -r name value; do
    base=${name#url.}; base=${base%.insteadof}
    git config --file "$ROOT/etc/gitconfig" --add "url.$base.insteadOf" "$value"
    if [ -d "$base" ] && ! mountpoint -q "$ROOT$base"; then
        mkdir -p "$ROOT$base" && mount --bind -o ro "$base" "$ROOT$base"
    fi
done
workdir=/
if [ "$SRC" != - ]; then
    mkdir -p "$ROOT/src" && mount --bind "$SRC" "$ROOT/src"
    workdir=/src
fi
exec chroot "$ROOT" /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin HOME=/root \
    LANG=C.UTF-8 sh -c 'cd "$0" && exec "$@"' "$workdir" "$@"
