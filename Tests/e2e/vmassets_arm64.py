#!/usr/bin/env python3
"""Builds what the aarch64 VM test boots (test_arm64_vm.py): Debian 13 (trixie)'s arm64 kernel,
its DRM/input modules, udev and busybox, the guest helpers cross-compiled for aarch64, and the
arm64 swipe-kiosk with its shared libraries, packed into an initramfs like the x86-64 one
(vmassets.py). The Debian packages come through the arm64 build root (packaging/arm64/
buildroot.sh: its apt already reaches the trixie archive this machine's apt uses, no host name
here), resolved as for an empty arm64 machine and only unpacked; the libraries the app links come
from that root's arm64 sysroot. All of it is cached in $XDG_CACHE_HOME/swipe-kiosk-e2e/arm64."""
import shutil
import subprocess
import sys
from pathlib import Path

import vmassets
from vmassets import Cpio, log, run

HERE = Path(__file__).resolve().parent
INROOT = HERE.parent.parent / "packaging" / "arm64" / "inroot.sh"
CACHE = vmassets.CACHE / "arm64"
DEBS = ["busybox-static", "udev"]
# Built in on Debian's arm64 kernel (modules.builtin, skipped): virtio, virtio_pci, the PL011
# console and virtio_console. virtio_gpu pulls drm, drm_kms_helper and the shmem helpers.
MODULES = ["virtio_gpu", "virtio_input", "evdev", "uinput"]
# apt on an empty arm64 machine: its own status file, lists and archive cache inside the root.
APT_OPTIONS = ("-o APT::Architecture=arm64 -o APT::Architectures=arm64 -o Dir::State::status=/var/lib/vm-apt/status "
               "-o Dir::State::Lists=/var/lib/vm-apt/lists -o Dir::Cache=/var/cache/vm-apt -o Debug::NoLocking=1")
LIBDIRS = ["usr/lib/aarch64-linux-gnu", "usr/lib/aarch64-linux-gnu/systemd", "usr/lib"]
LOADER = "ld-linux-aarch64.so.1"


def inroot(root, source, script):
    """Runs a shell script in the build root (source: the directory seen as /src, or '-')."""
    return run(str(INROOT), str(root), str(source), "sh", "-c", script)


def fetch_debs(root):
    """The trixie arm64 kernel, busybox and udev with their dependencies, unpacked into
    CACHE/sysroot once per kernel version; returns the kernel version."""
    kernel = inroot(root, "-", f"""set -e
        mkdir -p /var/lib/vm-apt/lists/partial /var/cache/vm-apt/archives/partial
        : > /var/lib/vm-apt/status
        apt-get {APT_OPTIONS} update -qq
        apt-cache {APT_OPTIONS} depends linux-image-arm64 | awk '/Depends: linux-image-/ {{ print $2; exit }}'
        """).strip()
    if not kernel.startswith("linux-image-"):
        raise SystemExit(f"vmassets_arm64: no arm64 kernel package in the trixie archive ({kernel!r})")
    version = kernel.removeprefix("linux-image-")
    stamp = CACHE / f"sysroot.{version}.done"
    if stamp.exists():
        return version
    log(f"downloading the arm64 {kernel} {' '.join(DEBS)} and their dependencies")
    shutil.rmtree(CACHE / "sysroot", ignore_errors=True)
    (CACHE / "sysroot").mkdir(parents=True)
    debs = root / "var/cache/vm-apt/archives"
    inroot(root, "-", f"apt-get {APT_OPTIONS} install -y -qq --download-only --no-install-recommends {kernel} "
                      + " ".join(DEBS) + " > /dev/null")
    for deb in sorted(debs.glob("*.deb")):
        run("dpkg-deb", "-x", str(deb), str(CACHE / "sysroot"))
    shutil.rmtree(root / "var/cache/vm-apt")
    shutil.rmtree(root / "var/lib/vm-apt")
    stamp.touch()
    return version


def build_vinput(root):
    """vinput.c for aarch64, static, with the build root's clang against its arm64 sysroot."""
    binary = CACHE / "bin" / "vinput"
    source = HERE / "vinput.c"
    if not binary.exists() or binary.stat().st_mtime < source.stat().st_mtime:
        binary.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, binary.parent / "vinput.c")  # the root sees CACHE/bin, never the work tree
        inroot(root, binary.parent, "/usr/libexec/swift/bin/clang --target=aarch64-linux-gnu --sysroot=/sysroot "
                                    "-fuse-ld=lld -static -O2 -Wall -o vinput vinput.c")
    return binary


def needed(path):
    """The DT_NEEDED names of an ELF file (readelf reads any architecture)."""
    return [line.split("[")[1].rstrip("]") for line in run("readelf", "-d", str(path)).splitlines()
            if "(NEEDED)" in line]


def shared_libraries(binaries, trees):
    """Every library `binaries` load, recursively, found in `trees` (the VM packages, then the
    build root's arm64 sysroot): {name: path}."""
    found, pending = {}, [name for binary in binaries for name in needed(binary)]
    while pending:
        name = pending.pop()
        if name in found:
            continue
        path = next((tree / d / name for tree in trees for d in LIBDIRS if (tree / d / name).exists()), None)
        if path is None:
            raise SystemExit(f"vmassets_arm64: {name} is in neither arm64 tree")
        found[name] = path.resolve()
        pending += needed(found[name])
    return found


def build_initramfs(binary, root, version):
    sysroot = CACHE / "sysroot"
    cpio = Cpio()
    busybox = sysroot / "usr/bin/busybox"
    cpio.file("bin/busybox", busybox.read_bytes())
    applets = run("qemu-aarch64-static", str(busybox), "--list-full").split()
    for applet in applets:
        if applet != "bin/busybox":
            cpio.symlink(applet, "/bin/busybox")
    vmassets.add_modules(cpio, vmassets.module_files(version, MODULES, sysroot / "usr/lib/modules" / version))
    udevadm = sysroot / "usr/bin/udevadm"
    cpio.file("bin/udevadm", udevadm.read_bytes())
    cpio.symlink("lib/systemd/systemd-udevd", "/bin/udevadm")
    for rule in vmassets.UDEV_RULES:  # udev's own rules, then libinput's from the build root's sysroot;
        # trixie's udev (merged /usr) reads rules only from /usr/lib/udev/rules.d, not /lib/udev
        source = next(p for p in (sysroot / "usr/lib/udev/rules.d" / rule, root / "sysroot/usr/lib/udev/rules.d" / rule)
                      if p.exists())
        cpio.file(f"usr/lib/udev/rules.d/{rule}", source.read_bytes(), 0o644)
    for name, path in shared_libraries([binary, udevadm], [sysroot, root / "sysroot"]).items():
        cpio.file(f"lib/{name}" if name == LOADER else f"lib/aarch64-linux-gnu/{name}", path.read_bytes())
    vmassets.add_app_files(cpio, binary, {"vinput": build_vinput(root)}, root / "sysroot")
    (CACHE / "initrd.cpio").write_bytes(cpio.finish())
    return CACHE / "initrd.cpio"


def prepare(binary, root):
    """(kernel Image, initrd) for `binary` (the arm64 swipe-kiosk), given the arm64 build root."""
    CACHE.mkdir(parents=True, exist_ok=True)
    version = fetch_debs(Path(root))
    return CACHE / "sysroot" / "boot" / f"vmlinuz-{version}", build_initramfs(Path(binary), Path(root), version)


if __name__ == "__main__":
    print(*prepare(sys.argv[1], sys.argv[2]))
