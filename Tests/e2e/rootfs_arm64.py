"""The Debian 13 (trixie) arm64 system the aarch64 test boots, with `apt install ./swipe-kiosk_*_arm64.deb`
and systemd, as on a Raspberry Pi. debootstrap's first stage runs on the host (--foreign); its
second stage runs arm64 maintainer scripts, so it runs in the aarch64 guest itself (this machine
has no binfmt_misc for a qemu-user chroot): one boot of ~6 min under TCG, whose ext4 image is
cached under a hash of its inputs. Every run copies that image, writes the .deb into it
(debugfs), and boots it: the initramfs installs the .deb with apt as an administrator would and
hands over to systemd, which starts swipe-kiosk.service. The mirror is the one the arm64 build
root's apt uses (packaging/arm64/buildroot.sh took it from this machine's apt sources)."""
import hashlib
import inspect
import shutil
import subprocess
import time
from pathlib import Path

import vmassets
import vmassets_arm64
from rootfs import BOOT_PROLOGUE, CTL_UNIT, MASKED
from vm import ARCHES
from vmassets import Cpio, log, run

CACHE = vmassets_arm64.CACHE
SUITE = "trixie"
BASE_PACKAGES = ["systemd", "systemd-sysv", "udev", "kmod", "init-system-helpers"]
# Autoloaded by udev in the guest (modalias): display, input, the root disk and its file system.
GUEST_MODULES = vmassets_arm64.MODULES + ["ext4", "virtio_blk", "virtio_rng", "autofs4"]
# Loaded by the initramfs before it mounts /dev/vda (virtio and virtio_pci are built in).
BOOT_MODULES = ["virtio_blk", "ext4", "crc32c_generic"]
# /init of the initramfs. A root still holding /debootstrap gets its second stage and the guest
# powers off (the image is then cached); otherwise any .deb in /tmp is installed with apt, and
# systemd takes over. The guest has no network: its Depends are in the root already, and its
# Recommends (the Noto fonts for other scripts, which the first screen does not use) are left out.
BOOT_INIT = "#!/bin/sh\n" + BOOT_PROLOGUE + """mount -t ext4 -o rw /dev/vda /newroot || { echo "BOOT: cannot mount /dev/vda"; poweroff -f; }
for d in proc sys dev; do mount --bind /$d /newroot/$d; done
if [ -x /newroot/debootstrap/debootstrap ]; then
    if chroot /newroot /debootstrap/debootstrap --second-stage > /dev/null 2>&1; then
        echo "SECOND-STAGE DONE"
    else
        echo "SECOND-STAGE FAILED"; tail -n 20 /newroot/debootstrap/debootstrap.log
    fi
    for d in proc sys dev; do umount /newroot/$d; done
    umount /newroot; sync; poweroff -f
fi
for deb in /newroot/tmp/*.deb; do
    [ -e "$deb" ] || continue
    chroot /newroot env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "/tmp/${deb##*/}" \\
        && echo "DEB INSTALLED ${deb##*/}" || echo "DEB INSTALL FAILED ${deb##*/}"
    rm -f "$deb"
done
for d in proc sys; do umount /newroot/$d; done
umount /newroot/dev
umount /proc /sys
mount --move /dev /newroot/dev
exec switch_root /newroot /sbin/init
"""
# The journal on the serial console too, so the test reads the unit's log lines as they come.
JOURNAL_TO_CONSOLE = "[Journal]\nForwardToConsole=yes\nTTYPath=/dev/ttyAMA0\nMaxLevelConsole=info\n"
_, CONSOLE = ARCHES["aarch64"]


def mirror(build_root):
    """The Debian archive the build root's apt reads (its sources.list: `deb URI trixie main`)."""
    for line in (Path(build_root) / "etc/apt/sources.list").read_text().splitlines():
        fields = line.split()
        if len(fields) >= 3 and fields[0] == "deb" and fields[2] == SUITE:
            return fields[1]
    raise SystemExit(f"rootfs_arm64: no `deb URI {SUITE}` line in {build_root}/etc/apt/sources.list")


def depends(deb):
    """The package names of the .deb's Depends (alternatives and versions dropped)."""
    field = run("dpkg-deb", "--field", str(deb), "Depends")
    return sorted({d.split()[0] for d in field.replace("|", ",").split(",") if d.strip()})


def install_modules(root, version):
    """GUEST_MODULES with their dependencies and the kernel's module indexes, then depmod."""
    tree = CACHE / "sysroot" / "usr/lib/modules" / version
    target = root / "usr/lib/modules" / version
    for path in vmassets.module_files(version, GUEST_MODULES, tree):
        destination = target / path.relative_to(tree)
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, destination)
    for name in ("modules.order", "modules.builtin", "modules.builtin.modinfo"):
        shutil.copy2(tree / name, target / name)
    run("depmod", "-b", str(root), version)


def configure(root, version, build_root):
    """What the guest needs besides packages; plain files only (systemd's `enable` and `mask`
    are symlinks), as nothing arm64 runs on the host."""
    install_modules(root, version)
    (root / "etc/modules-load.d").mkdir(parents=True, exist_ok=True)
    (root / "etc/modules-load.d/e2e.conf").write_text("uinput\n")
    units = root / "etc/systemd/system"
    (units / "multi-user.target.wants").mkdir(parents=True, exist_ok=True)
    # As the x86-64 boot test's command channel, and it says "INIT DONE" (test_app_vm's cue) when it listens.
    (units / "e2e-ctl.service").write_text(CTL_UNIT.replace("ttyS0", CONSOLE).replace(
        "-c 'while true;", f"-c 'echo INIT DONE > /dev/{CONSOLE}; while true;"))
    (units / "multi-user.target.wants/e2e-ctl.service").symlink_to("/etc/systemd/system/e2e-ctl.service")
    # The installed unit with --demo: the test swipes the demo items, which a production panel has not.
    (units / "swipe-kiosk.service.d").mkdir(parents=True, exist_ok=True)
    (units / "swipe-kiosk.service.d/e2e-demo.conf").write_text(
        "[Service]\nExecStart=\nExecStart=/usr/bin/swipe-kiosk run --config /etc/swipe-kiosk/config.toml --demo\n")
    for unit in MASKED + [f"serial-getty@{CONSOLE}.service"]:
        (units / unit).unlink(missing_ok=True)
        (units / unit).symlink_to("/dev/null")
    (root / "etc/systemd/journald.conf.d").mkdir(parents=True, exist_ok=True)
    (root / "etc/systemd/journald.conf.d/e2e-console.conf").write_text(JOURNAL_TO_CONSOLE)
    (root / "etc/fstab").write_text("/dev/vda / ext4 rw,errors=remount-ro 0 1\n")
    (root / "usr/local/bin").mkdir(parents=True, exist_ok=True)
    shutil.copy2(vmassets_arm64.build_vinput(build_root), root / "usr/local/bin/vinput")


def boot_initrd(version):
    """busybox + the modules that mount /dev/vda + BOOT_INIT."""
    sysroot = CACHE / "sysroot"
    cpio = Cpio()
    cpio.file("bin/busybox", (sysroot / "usr/bin/busybox").read_bytes())
    for applet in ("sh", "mount", "umount", "insmod", "mkdir", "switch_root", "chroot", "poweroff", "sync",
                   "tail", "rm"):
        cpio.symlink(f"bin/{applet}", "/bin/busybox")
    vmassets.add_modules(cpio, vmassets.module_files(version, BOOT_MODULES, sysroot / "usr/lib/modules" / version))
    for directory in ("proc", "sys", "dev"):
        cpio.directory(directory)
    cpio.file("init", BOOT_INIT.encode())
    path = CACHE / "boot-initrd.cpio"
    path.write_bytes(cpio.finish())
    return path


def second_stage(kernel, initrd, image):
    """Boots the image once so that debootstrap finishes inside the guest; raises on failure."""
    machine, console = ARCHES["aarch64"]
    started = time.monotonic()
    result = subprocess.run([*machine, "-accel", "tcg", "-m", "1024", "-smp", "1", "-nographic", "-no-reboot",
                             "-kernel", str(kernel), "-initrd", str(initrd),
                             "-append", f"console={console} quiet panic=-1",
                             "-drive", f"file={image},if=virtio,format=raw"],
                            stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=1800)
    if "SECOND-STAGE DONE" not in result.stdout:
        raise SystemExit("rootfs_arm64: debootstrap's second stage failed in the guest:\n" + result.stdout[-3000:])
    log(f"debootstrap's second stage in the aarch64 guest: {time.monotonic() - started:.0f} s")


def base_image(kernel, version, initrd, deb, build_root):
    """The cached ext4 image of the configured trixie arm64 root for this kernel and these Depends."""
    packages = sorted(set(BASE_PACKAGES) | set(depends(deb)))
    # What goes into the image (not the initramfs, which is rebuilt every run).
    key = hashlib.sha256("\n".join([version, SUITE, *packages, *GUEST_MODULES, CTL_UNIT, *MASKED, JOURNAL_TO_CONSOLE,
                                    inspect.getsource(configure), inspect.getsource(install_modules),
                                    (vmassets.HERE / "vinput.c").read_text()]).encode()).hexdigest()[:12]
    image = CACHE / f"root-{key}.img"
    if image.exists():
        return image
    for old in CACHE.glob("root-*.img"):
        old.unlink()
    root = CACHE / "rootfs-build"
    shutil.rmtree(root, ignore_errors=True)
    source = mirror(build_root)
    log(f"debootstrap --foreign {SUITE} arm64 ({len(packages)} packages) from {source}")
    subprocess.run(["debootstrap", "--foreign", "--arch=arm64", "--variant=minbase", f"--include={','.join(packages)}",
                    SUITE, str(root), source], check=True, stdout=subprocess.DEVNULL)
    configure(root, version, build_root)
    building = CACHE / "root-building.img"
    building.unlink(missing_ok=True)
    run("mkfs.ext4", "-q", "-F", "-L", "root", "-d", str(root), str(building), "3G")
    shutil.rmtree(root)
    second_stage(kernel, initrd, building)
    building.rename(image)
    return image


def prepare(deb, build_root):
    """(kernel Image, boot initrd, root image) with the arm64 .deb waiting in /tmp to be installed."""
    CACHE.mkdir(parents=True, exist_ok=True)
    version = vmassets_arm64.fetch_debs(Path(build_root))
    kernel = CACHE / "sysroot" / "boot" / f"vmlinuz-{version}"
    initrd = boot_initrd(version)
    base = base_image(kernel, version, initrd, Path(deb), Path(build_root))
    image = CACHE / "root-run.img"
    run("cp", "--sparse=always", str(base), str(image))
    commands = CACHE / "debugfs.cmd"
    commands.write_text(f"cd /tmp\nwrite {Path(deb).resolve()} {Path(deb).name}\n")
    run("debugfs", "-w", "-f", str(commands), str(image))
    return kernel, initrd, image
