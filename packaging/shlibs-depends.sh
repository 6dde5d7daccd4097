#!/bin/sh
# Why this exists: dpkg-shlibdeps names the packages of the libraries the binary links, not of
# those it opens with dlopen when first used (SharedLibrary). For such a library this prints the
# dependency its package's shlibs file gives, from the dpkg database of the distribution the
# .deb is for: Debian 12's for `make deb` (libasound 2 -> `libasound2 (>= 1.2.8)`), the arm64
# sysroot's Debian 13 for `make deb-arm64` (`libasound2t64 (>= 1.2.14)`: the package was
# renamed, and a name that is only provided there would not do for debootstrap --include).
# While the binary linked libasound, dpkg-shlibdeps took the version from the symbols file
# instead, by the symbols used (>= 1.0.16); nothing links the symbols now, so the shlibs line's
# version, the package's own, is the one to name.
# Usage: shlibs-depends.sh ADMINDIR LIBRARY VERSION   e.g. /var/lib/dpkg libasound 2
set -eu
admindir=$1 library=$2 version=$3
dependency=$(cat "$admindir"/info/*.shlibs | awk -v library="$library" -v version="$version" '
    $1 == library && $2 == version { $1 = ""; $2 = ""; sub(/^ +/, ""); print; exit }')
if [ -z "$dependency" ]; then
    echo "shlibs-depends.sh: no shlibs line for $library.so.$version in $admindir/info (is its package installed?)" >&2
    exit 1
fi
echo "$dependency"
