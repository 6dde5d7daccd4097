#!/usr/bin/env python3
"""Builds what the SwipeKiosk VM tests boot: a Debian 12 kernel (as an uncompressed vmlinux for
fast PVH boot under TCG), its DRM/input modules, udev, busybox, the guest helpers and the
swipe-kiosk binary, packed into an initramfs. Everything downloaded or built lives in a cache
outside the repository (docs/TESTING.md); a second run only rebuilds the initramfs."""
import lzma
import os
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "swipe-kiosk-e2e"
DEBS = ["busybox-static", "udev"]
# Load order matters (dependencies first); resolved further from each module's `depends=`.
# The DRM drivers: bochs (QEMU's VGA), virtio_gpu (virtio-vga) and cirrus (cirrus-vga); each binds
# only to its own device, so one initramfs serves every VM test.
MODULES = ["drm", "drm_kms_helper", "ttm", "drm_ttm_helper", "drm_vram_helper", "bochs",
           "virtio_ring", "virtio", "virtio_pci_modern_dev", "virtio_pci_legacy_dev", "virtio_pci",
           "virtio_gpu", "cirrus",
           "virtio_input", "virtio_console", "evdev", "uinput",
           # Speech (test_speech_vm): QEMU's intel-hda with its hda-duplex codec, which has no
           # driver of its own: the generic codec is loaded before snd_hda_intel probes it.
           "snd_hda_codec_generic", "snd_hda_intel"]
UDEV_RULES = ["50-udev-default.rules", "60-drm.rules", "60-input-id.rules", "60-evdev.rules",
              "60-persistent-input.rules", "70-mouse.rules", "70-touchpad.rules",
              "80-libinput-device-groups.rules", "90-libinput-fuzz-override.rules"]


def log(message):
    print(f"vmassets: {message}", file=sys.stderr, flush=True)


def run(*args, **kwargs):
    return subprocess.run(args, check=True, text=True, capture_output=True, **kwargs).stdout


def kernel_package():
    """The Debian 12 kernel that `linux-image-amd64` currently depends on."""
    for line in run("apt-cache", "depends", "linux-image-amd64").splitlines():
        name = line.split(":")[-1].strip()
        if name.startswith("linux-image-6.1.0-") and name.endswith("-amd64"):
            return name
    raise SystemExit("vmassets: apt-cache knows no linux-image-6.1.0-*-amd64 (run apt-get update)")


def fetch_debs():
    """apt-get download + dpkg -x into CACHE/sysroot, once per kernel version."""
    kernel = kernel_package()
    stamp = CACHE / f"sysroot.{kernel}.done"
    if stamp.exists():
        return kernel
    log(f"downloading {kernel} {' '.join(DEBS)}")
    debs = CACHE / "debs"
    shutil.rmtree(debs, ignore_errors=True)
    shutil.rmtree(CACHE / "sysroot", ignore_errors=True)
    debs.mkdir(parents=True)
    try:
        run("apt-get", "download", kernel, *DEBS, cwd=debs)
    except subprocess.CalledProcessError:
        run("apt-get", "update", "-qq")
        run("apt-get", "download", kernel, *DEBS, cwd=debs)
    for deb in sorted(debs.glob("*.deb")):
        run("dpkg-deb", "-x", str(deb), str(CACHE / "sysroot"))
    shutil.rmtree(debs)
    extract_vmlinux(kernel)
    stamp.touch()
    return kernel


def extract_vmlinux(kernel):
    """bzImage → ELF vmlinux (xz payload): saves ~3 s of real-mode setup + xz per TCG boot."""
    version = kernel.removeprefix("linux-image-")
    data = (CACHE / "sysroot" / "boot" / f"vmlinuz-{version}").read_bytes()
    start = data.find(b"\xfd7zXZ\x00")
    if start < 0:
        raise SystemExit("vmassets: no xz payload in the kernel image")
    vmlinux = lzma.LZMADecompressor(format=lzma.FORMAT_XZ).decompress(data[start:])
    if vmlinux[:4] != b"\x7fELF":
        raise SystemExit("vmassets: decompressed kernel is not an ELF file")
    (CACHE / "vmlinux").write_bytes(vmlinux)


def module_name(path):
    """The module's file name as insmod wants it (an `.ko.xz` is stored decompressed)."""
    return path.name.removesuffix(".xz")


def module_bytes(path):
    """A module file's contents, decompressed (trixie's modules are `.ko.xz`; busybox insmod
    loads only plain ones)."""
    blob = path.read_bytes()
    return lzma.decompress(blob) if path.name.endswith(".xz") else blob


def module_files(version, modules=MODULES, tree=None):
    """Paths of `modules` plus their dependencies, in load order; those built into the kernel
    (modules.builtin) are left out. `tree`: the modules directory (default: the Debian 12 one)."""
    tree = tree or CACHE / "sysroot" / "lib" / "modules" / version
    builtin = {Path(line).name.split(".")[0].replace("-", "_")
               for line in (tree / "modules.builtin").read_text().split()}
    index = {module_name(p)[:-3].replace("-", "_"): p for p in (tree / "kernel").rglob("*.ko*")}
    ordered = []

    def add(name):
        name = name.replace("-", "_")
        path = index.get(name)
        if path is None and name in builtin:
            return
        if path is None:
            raise SystemExit(f"vmassets: module {name} not in {version}")
        if path in ordered:
            return
        blob = module_bytes(path)
        at = blob.find(b"\x00depends=")
        if at >= 0:
            deps = blob[at + 9:blob.index(b"\x00", at + 1)].decode()
            for dep in filter(None, deps.split(",")):
                add(dep)
        ordered.append(path)

    for module in modules:
        add(module)
    return ordered


def build_helpers():
    """gcc -static the guest helpers (rebuilt when their source changes)."""
    out = {}
    for name, extra in (("vinput", []), ("vtprobe", []),
                        ("crtcprobe", ["-I/usr/include/libdrm", "/usr/lib/x86_64-linux-gnu/libdrm.a"])):
        source = HERE / f"{name}.c"
        binary = CACHE / "bin" / name
        binary.parent.mkdir(parents=True, exist_ok=True)
        if not binary.exists() or binary.stat().st_mtime < source.stat().st_mtime:
            run("gcc", "-O2", "-Wall", "-static", "-o", str(binary), str(source), *extra)
        out[name] = binary
    return out


def shared_libraries(binary):
    """What the dynamic loader pulls in for `binary` (ldd), loader included."""
    libs = []
    for line in run("ldd", str(binary)).splitlines():
        parts = line.split()
        path = parts[2] if "=>" in parts and len(parts) > 2 else parts[0]
        if path.startswith("/"):
            libs.append(Path(path))
    return libs


# Libraries the binary opens with dlopen when a feature is first used (SharedLibrary), so ldd of
# the binary does not list them: espeak-ng for speech, libasound for playing it, libmosquitto for
# the feed. The .deb names them in Depends; the initramfs carries them and what they need.
OPENED_WHEN_USED = ("libespeak-ng.so.1", "libasound.so.2", "libmosquitto.so.1")


def opened_libraries():
    """The libraries of OPENED_WHEN_USED and what the loader pulls in for each."""
    libs = []
    for name in OPENED_WHEN_USED:
        path = Path("/usr/lib/x86_64-linux-gnu") / name
        libs += [path] + shared_libraries(path)
    return libs


class Cpio:
    """A newc cpio archive writer (the initramfs format), no external tools."""

    def __init__(self):
        self.data = bytearray()
        self.inode = 1
        self.dirs = set()

    def _entry(self, name, mode, body=b""):
        header = "070701" + "".join(f"{v:08x}" for v in (
            self.inode, mode, 0, 0, 1, 0, len(body), 0, 0, 0, 0, len(name) + 1, 0))
        self.inode += 1
        self.data += header.encode() + name.encode() + b"\x00"
        self.data += b"\x00" * (-len(self.data) % 4)
        self.data += body
        self.data += b"\x00" * (-len(self.data) % 4)

    def directory(self, name):
        name = name.strip("/")
        if not name or name in self.dirs:
            return
        self.directory(os.path.dirname(name))
        self.dirs.add(name)
        self._entry(name, 0o040755)

    def file(self, name, body, mode=0o755):
        name = name.strip("/")
        self.directory(os.path.dirname(name))
        self._entry(name, 0o100000 | mode, body)

    def symlink(self, name, target):
        name = name.strip("/")
        self.directory(os.path.dirname(name))
        self._entry(name, 0o120777, target.encode())

    def finish(self):
        self._entry("TRAILER!!!", 0)
        return bytes(self.data)


def add_modules(cpio, modules):
    """The modules as /lib/modules/NAME.ko and /etc/modules.list, the order init.sh loads them in."""
    for path in modules:
        cpio.file(f"lib/modules/{module_name(path)}", module_bytes(path), 0o644)
    cpio.file("etc/modules.list", "".join(f"/lib/modules/{module_name(p)}\n" for p in modules).encode(), 0o644)


def add_app_files(cpio, binary, helpers):
    """What the initramfs holds besides kernel, udev and libraries: libinput's data (the quirks
    of the host's libinput, which the app links), the groups udev's rules name, the app with its
    fonts, the guest helpers and /init."""
    for data_dir in ("usr/share/libinput", "usr/share/libwacom"):
        for path in sorted(Path("/", data_dir).glob("*")) if Path("/", data_dir).exists() else []:
            if path.is_file():
                cpio.file(f"{data_dir}/{path.name}", path.read_bytes(), 0o644)
    # Speech: ALSA's configuration (the `default` device) and espeak-ng's data with English only.
    for path in sorted(Path("/usr/share/alsa").rglob("*")):
        if path.is_file():
            cpio.file(str(path).lstrip("/"), path.read_bytes(), 0o644)
    espeak = Path("/usr/lib/x86_64-linux-gnu/espeak-ng-data")
    for path in sorted(espeak.rglob("*")) if espeak.exists() else []:
        if path.is_file() and (not path.name.endswith("_dict") or path.name == "en_dict"):
            cpio.file(str(path).lstrip("/"), path.read_bytes(), 0o644)
    cpio.file("etc/group", b"root:x:0:\ninput:x:101:\nvideo:x:44:\nrender:x:105:\naudio:x:29:\n", 0o644)
    cpio.file("etc/passwd", b"root:x:0:0:root:/root:/bin/sh\n", 0o644)
    cpio.file("usr/bin/swipe-kiosk", binary.read_bytes())
    for font in sorted((HERE.parent.parent / "Sources" / "Canvas" / "Fonts").glob("*")):
        cpio.file(f"usr/share/swipe-kiosk/fonts/{font.name}", font.read_bytes(), 0o644)  # where `make install` puts them
    for name, path in helpers.items():
        cpio.file(f"usr/bin/{name}", path.read_bytes())
    cpio.file("init", (HERE / "init.sh").read_bytes())


def build_initramfs(binary, kernel):
    """Packs busybox, modules, udev, libinput data, the helpers and `binary` into CACHE/initrd.cpio."""
    version = kernel.removeprefix("linux-image-")
    sysroot = CACHE / "sysroot"
    cpio = Cpio()
    busybox = sysroot / "bin" / "busybox"
    cpio.file("bin/busybox", busybox.read_bytes())
    for applet in run(str(busybox), "--list-full").split():
        if applet != "bin/busybox":
            cpio.symlink(applet, "/bin/busybox")
    modules = module_files(version)
    add_modules(cpio, modules)
    udevadm = sysroot / "bin" / "udevadm"
    cpio.file("bin/udevadm", udevadm.read_bytes())
    cpio.symlink("lib/systemd/systemd-udevd", "/bin/udevadm")
    for rule in UDEV_RULES:  # udev's own rules from the .deb, libinput's from the host (libinput-bin)
        source = next(p for p in (sysroot / "lib/udev/rules.d" / rule, Path("/lib/udev/rules.d") / rule) if p.exists())
        cpio.file(f"lib/udev/rules.d/{rule}", source.read_bytes(), 0o644)
    for helper in ("libinput-device-group", "libinput-fuzz-extract", "libinput-fuzz-to-zero"):
        host = Path("/lib/udev") / helper
        if host.exists():
            cpio.file(f"lib/udev/{helper}", host.read_bytes())
    libs = set(shared_libraries(binary)) | set(shared_libraries(udevadm)) | set(opened_libraries())
    # One file per name: ldd spells a library /lib/… for one binary and /usr/lib/… for another.
    targets = {("lib64/ld-linux-x86-64.so.2" if lib.name.startswith("ld-linux") else f"lib/x86_64-linux-gnu/{lib.name}"): lib
               for lib in sorted(libs)}
    for target, lib in sorted(targets.items()):
        cpio.file(target, lib.resolve().read_bytes())
    add_app_files(cpio, binary, build_helpers())
    (CACHE / "initrd.cpio").write_bytes(cpio.finish())
    return CACHE / "initrd.cpio"


def prepare(binary):
    """Returns (vmlinux, initrd) ready to boot, downloading only what the cache lacks."""
    CACHE.mkdir(parents=True, exist_ok=True)
    kernel = fetch_debs()
    return CACHE / "vmlinux", build_initramfs(Path(binary), kernel)


if __name__ == "__main__":
    print(*prepare(sys.argv[1] if len(sys.argv) > 1 else "/bin/true"))
