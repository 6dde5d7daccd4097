"""What the aarch64 VM test boots besides its root file system (rootfs_arm64.py): Debian 13
(trixie)'s arm64 kernel with its modules and busybox for the initramfs, and the guest helpers
cross-compiled for aarch64. The Debian packages come through the arm64 build root (packaging/
arm64/buildroot.sh: its apt already reaches the trixie archive this machine's apt uses, no host
name here), resolved as for an empty arm64 machine and only unpacked. All of it is cached in
$XDG_CACHE_HOME/swipe-kiosk-e2e/arm64."""
import shutil
from pathlib import Path

import vmassets
from vmassets import log, run

HERE = Path(__file__).resolve().parent
INROOT = HERE.parent.parent / "packaging" / "arm64" / "inroot.sh"
CACHE = vmassets.CACHE / "arm64"
DEBS = ["busybox-static"]
# Built in on Debian's arm64 kernel (modules.builtin, skipped): virtio, virtio_pci, the PL011
# console and virtio_console. virtio_gpu pulls drm, drm_kms_helper and the shmem helpers.
MODULES = ["virtio_gpu", "virtio_input", "evdev", "uinput"]
# apt on an empty arm64 machine: its own status file, lists and archive cache inside the root.
APT_OPTIONS = ("-o APT::Architecture=arm64 -o APT::Architectures=arm64 -o Dir::State::status=/var/lib/vm-apt/status "
               "-o Dir::State::Lists=/var/lib/vm-apt/lists -o Dir::Cache=/var/cache/vm-apt -o Debug::NoLocking=1")


def inroot(root, source, script):
    """Runs a shell script in the build root (source: the directory seen as /src, or '-')."""
    return run(str(INROOT), str(root), str(source), "sh", "-c", script)


def fetch_debs(root):
    """The trixie arm64 kernel and busybox with their dependencies, unpacked into
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
