#!/usr/bin/env bash
# Why this exists: the Swift 6.3.1 toolchain on our machines has no aarch64 Linux runtime, but
# Debian 13 (trixie) ships Swift 6.0.3 (`swiftlang`) for amd64 and arm64. This script makes, and
# caches, the two trees `make deb-arm64` (and the 6.0.3 build of `make test`) needs:
#   ROOT     a Debian trixie amd64 minbase root with swiftlang, pkg-config, dpkg-dev, git, make
#            (the build runs chrooted in it, see inroot.sh);
#   SYSROOT  (inside ROOT, at /sysroot) the arm64 packages the program compiles and links
#            against: Swift's arm64 runtime and the arm64 -dev packages of our C libraries with
#            their whole dependency closure, unpacked with dpkg-deb -x.
# Both come only from the Debian mirror this machine's apt already uses (no host name is written
# here) and are rebuilt when their package lists (or this script) change.
# Usage: buildroot.sh CACHE_DIR "C-LIBRARY -dev PACKAGES" -> prints the root's path.
set -euo pipefail
CACHE=$1
DEV_PACKAGES=$2
HERE=$(cd "$(dirname "$0")" && pwd)
SUITE=trixie
# The amd64 tools of the build root. swiftlang brings swift, swiftc, clang and lld.
# binutils-aarch64-linux-gnu: the objdump dpkg-shlibdeps reads arm64 binaries with;
# libstdc++-14-dev: the C++ headers of TOMLKit's toml++ for the amd64 (test-swift-6.0) build.
ROOT_PACKAGES="swiftlang libstdc++-14-dev pkg-config dpkg-dev git make ca-certificates file rsync binutils-aarch64-linux-gnu $DEV_PACKAGES"
# The arm64 side: Swift's runtime (shared and static) and the C runtime, then our libraries.
SYSROOT_PACKAGES="libswiftlang swiftlang libc6-dev libgcc-14-dev libstdc++-14-dev linux-libc-dev $DEV_PACKAGES"

log() { echo "buildroot: $*" >&2; }

# The Debian archive of this machine's apt sources: the URI that serves its own release.
mirror() {
    local codename
    codename=$(. /etc/os-release && echo "$VERSION_CODENAME")
    apt-get indextargets --format '$(REPO_URI) $(CODENAME) $(ORIGIN)' \
        | awk -v c="$codename" '$2 == c && $3 == "Debian" { print $1; exit }'
}

key=$( { echo "$SUITE|$ROOT_PACKAGES|$SYSROOT_PACKAGES"; cat "$0"; } | sha256sum | cut -c1-12)
ROOT=$CACHE/root-$key
if [ -e "$CACHE/root-$key.done" ]; then
    echo "$ROOT"
    exit 0
fi

MIRROR=$(mirror)
if [ -z "$MIRROR" ]; then
    apt-get update -qq
    MIRROR=$(mirror)
fi
[ -n "$MIRROR" ] || { log "no Debian archive in this machine's apt sources"; exit 69; }

mkdir -p "$CACHE"
for old in "$CACHE"/root-*; do
    [ -e "$old" ] || continue
    log "removing the outdated $old"
    rm -rf --one-file-system "$old"
done

started=$(date +%s)
log "debootstrap $SUITE amd64 (minbase) from $MIRROR into $ROOT"
debootstrap --variant=minbase "$SUITE" "$ROOT" "$MIRROR" > "$CACHE/debootstrap.log" 2>&1 \
    || { tail -20 "$CACHE/debootstrap.log" >&2; exit 69; }
printf 'deb %s %s main\n' "$MIRROR" "$SUITE" > "$ROOT/etc/apt/sources.list"

log "installing $ROOT_PACKAGES"
"$HERE/inroot.sh" "$ROOT" - sh -c "
    set -e
    dpkg --add-architecture arm64
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $ROOT_PACKAGES > /dev/null
    apt-get clean"

# The arm64 closure, resolved by apt as if on an empty arm64 machine (its own status file and
# lists), then only downloaded and unpacked: nothing arm64 is configured or run.
log "arm64 sysroot: $SYSROOT_PACKAGES"
"$HERE/inroot.sh" "$ROOT" - sh -c "
    set -e
    mkdir -p /var/lib/sysroot-apt/lists/partial /var/cache/sysroot-apt/archives/partial
    : > /var/lib/sysroot-apt/status
    opts='-o APT::Architecture=arm64 -o APT::Architectures=arm64 -o Dir::State::status=/var/lib/sysroot-apt/status
          -o Dir::State::Lists=/var/lib/sysroot-apt/lists -o Dir::Cache=/var/cache/sysroot-apt
          -o Debug::NoLocking=1'
    apt-get \$opts update -qq
    packages=''
    for p in $SYSROOT_PACKAGES; do packages=\"\$packages \$p:arm64\"; done
    apt-get \$opts install -y -qq --download-only --no-install-recommends \$packages > /dev/null
    mkdir -p /sysroot /sysroot-dpkg/info /sysroot-dpkg/updates
    : > /sysroot-dpkg/status
    echo 1 > /sysroot-dpkg/info/format
    for deb in /var/cache/sysroot-apt/archives/*.deb; do
        dpkg-deb -x \"\$deb\" /sysroot
        # A dpkg database of the sysroot (file lists with the /sysroot prefix, shlibs and
        # symbols files), so dpkg-shlibdeps --admindir=/sysroot-dpkg maps libraries to packages.
        # (format 1: Multi-Arch: same packages are named pkg:arm64, the others just pkg).
        pkg=\$(dpkg-deb -f \"\$deb\" Package)
        [ \"\$(dpkg-deb -f \"\$deb\" Multi-Arch)\" != same ] || pkg=\$pkg:arm64
        dpkg-deb -f \"\$deb\" Package Version Architecture Multi-Arch Source Maintainer Description >> /sysroot-dpkg/status
        printf 'Status: install ok installed\\n\\n' >> /sysroot-dpkg/status
        dpkg-deb -c \"\$deb\" | awk '{ print \$6 }' | sed 's|^\\./*|/sysroot/|; s|/\$||' > /sysroot-dpkg/info/\$pkg.list
        rm -rf /tmp/control && dpkg-deb -e \"\$deb\" /tmp/control
        for f in shlibs symbols; do [ ! -e /tmp/control/\$f ] || cp /tmp/control/\$f /sysroot-dpkg/info/\$pkg.\$f; done
    done
    ls /var/cache/sysroot-apt/archives/*.deb | wc -l > /sysroot/.packages
    rm -rf /var/cache/sysroot-apt /var/lib/sysroot-apt"
# trixie is merged-/usr: the loader and crt files are looked up under /lib too.
for dir in lib bin sbin; do [ -e "$ROOT/sysroot/$dir" ] || ln -s "usr/$dir" "$ROOT/sysroot/$dir"; done
# Absolute symlinks in the packages (libfoo.so -> /usr/lib/...) must point into the sysroot as
# the chrooted build sees it.
find "$ROOT/sysroot" -type l -lname '/*' | while read -r link; do
    case $(readlink "$link") in /sysroot/*) ;; *) ln -sfn "/sysroot$(readlink "$link")" "$link" ;; esac
done

"$HERE/inroot.sh" "$ROOT" "$HERE" sh /src/swift-log-for-6.0.sh >&2

touch "$CACHE/root-$key.done"
log "ready in $(( $(date +%s) - started )) s: $(du -sh "$ROOT" | cut -f1), sysroot of $(cat "$ROOT/sysroot/.packages") packages"
echo "$ROOT"
