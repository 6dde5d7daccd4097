#!/bin/sh
# Why this exists: the one place that knows how Debian's Swift 6.0.3 builds this package inside
# the trixie build root (run through inroot.sh with a copy of the source tree as /src):
#   swift-build.sh arm64    release build for aarch64 against /sysroot, Swift runtime linked in
#                           (--static-swift-stdlib), then dpkg-shlibdeps' Depends for it and
#                           libasound's, which it opens when speech first plays (shlibs-depends.sh);
#   swift-build.sh amd64    debug build of everything, tests included, for the host (CI checks
#                           that the code still compiles with 6.0.3).
# Cross-compiling needs, besides --triple/--sdk: -sdk for swiftc too (SwiftPM passes the sysroot
# only to clang), the arm64 swift_static resource directory (for the static runtime), lld, and
# pkg-config reading the sysroot's .pc files with their paths prefixed by the sysroot.
set -eu
case ${1:-} in
arm64)
    # SwiftPM reads .pc files itself: PKG_CONFIG_PATH comes before the root's own (amd64) ones.
    export PKG_CONFIG_SYSROOT_DIR=/sysroot
    export PKG_CONFIG_PATH=/sysroot/usr/lib/aarch64-linux-gnu/pkgconfig:/sysroot/usr/share/pkgconfig
    export PKG_CONFIG_LIBDIR=$PKG_CONFIG_PATH
    swift build -c release --scratch-path .build-arm64 --triple aarch64-unknown-linux-gnu --sdk /sysroot \
        --static-swift-stdlib -Xswiftc -sdk -Xswiftc /sysroot \
        -Xswiftc -resource-dir -Xswiftc /sysroot/usr/libexec/swift/lib/swift_static \
        -Xswiftc -use-ld=lld -Xlinker -rpath-link=/sysroot/usr/lib/aarch64-linux-gnu
    binary=.build-arm64/aarch64-unknown-linux-gnu/release/swipe-kiosk
    mkdir -p /tmp/shlibs/debian && touch /tmp/shlibs/debian/control
    cd /tmp/shlibs && DEB_HOST_ARCH=arm64 dpkg-shlibdeps -O --admindir=/sysroot-dpkg \
        -l/sysroot/usr/lib/aarch64-linux-gnu -e "/src/$binary" > /tmp/shlibs/substvars
    asound=$(sh /src/packaging/shlibs-depends.sh /sysroot-dpkg libasound 2)
    printf '%s, %s\n' "$(sed 's/^shlibs:Depends=//' /tmp/shlibs/substvars)" "$asound" > "/src/$binary.depends"
    ;;
amd64)
    swift build --build-tests --scratch-path .build-6.0 ;;
*)
    echo "usage: swift-build.sh arm64|amd64" >&2; exit 64 ;;
esac
