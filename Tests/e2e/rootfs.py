"""The Debian 12 system the boot test starts: a debootstrap minbase root file
system with systemd, udev and the libraries the .deb depends on, the kernel modules of the cached
kernel, and the test's guest helpers. The base tree is cached in ~/.cache/swipe-kiosk-e2e under a
hash of its inputs (rebuilt only when they change); every run copies it, installs the .deb with
apt as an administrator would, and packs an ext4 image plus a tiny initramfs that mounts it."""
import hashlib
import shutil
import subprocess
from pathlib import Path

import vmassets
from vmassets import CACHE, HERE, log, run

# dbus: logind runs (as on any Debian with a desktop or SSH), so its lock-down drop-in is tested.
BASE_PACKAGES = ["systemd", "systemd-sysv", "udev", "kmod", "init-system-helpers", "dbus"]
# Autoloaded in the guest by udev (modalias), like a real machine: display, input, consoles.
GUEST_MODULES = vmassets.MODULES + ["ext4", "virtio_blk", "virtio_rng", "autofs4",
                                    # the fleet feed's network: QEMU's user-mode NIC, DHCP by networkd
                                    "virtio_net", "net_failover", "failover"]
# QEMU's user network: the guest gets 10.0.2.15 by DHCP, and 10.0.2.2 is the host's loopback.
NETWORK_UNIT = """[Match]
Name=en* eth*

[Network]
DHCP=ipv4
"""
# Loaded by the boot initramfs before switch_root: just enough to mount /dev/vda.
BOOT_MODULES = ["virtio_pci", "virtio_blk", "ext4", "crc32c_generic"]
# The start of both architectures' boot initramfs /init: the kernel's file systems and modules.
BOOT_PROLOGUE = """export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
while read -r module; do insmod "$module"; done < /etc/modules.list
mkdir -p /newroot
"""
BOOT_INIT = """#!/bin/sh
# /init of the boot initramfs: mount the ext4 root on /dev/vda and hand over to systemd.
""" + BOOT_PROLOGUE + """mount -t ext4 -o rw /dev/vda /newroot || { echo "BOOT: cannot mount /dev/vda"; exec sh; }
umount /proc /sys
mount --move /dev /newroot/dev
exec switch_root /newroot /sbin/init
"""
# Runs the commands the host sends on the virtio-serial port "ctl" as root, output on ttyS0.
CTL_UNIT = """[Unit]
Description=SwipeKiosk e2e: host command channel
After=systemd-udev-trigger.service

[Service]
ExecStartPre=/usr/bin/udevadm wait --timeout=60 /dev/virtio-ports/ctl
ExecStart=/bin/sh -c 'while true; do sh -s < /dev/virtio-ports/ctl > /dev/ttyS0 2>&1; done'

[Install]
WantedBy=multi-user.target
"""
MASKED = ["serial-getty@ttyS0.service", "apt-daily.timer", "apt-daily-upgrade.timer",
          "e2scrub_all.timer", "fstrim.timer", "systemd-timesyncd.service"]


def mirror():
    """The Debian archive this machine's apt reads for its own release (as packaging/arm64/
    buildroot.sh finds it): no host name is written into the repository."""
    codename = next(line.split("=", 1)[1].strip('"') for line in Path("/etc/os-release").read_text().splitlines()
                    if line.startswith("VERSION_CODENAME="))
    for attempt in range(2):
        for line in run("apt-get", "indextargets", "--format", "$(REPO_URI) $(CODENAME) $(ORIGIN)").splitlines():
            fields = line.split()
            if len(fields) == 3 and fields[1] == codename and fields[2] == "Debian":
                return fields[0]
        if attempt == 0:
            run("apt-get", "update", "-qq")
    raise SystemExit(f"rootfs: no Debian {codename} archive in this machine's apt sources")


def debootstrap(target, packages):
    """debootstrap bookworm minbase into `target` (~40 s with a fast mirror)."""
    subprocess.run(["debootstrap", "--variant=minbase", f"--include={','.join(packages)}",
                    "bookworm", str(target), mirror()], check=True, stdout=subprocess.DEVNULL)


def configure_base(root, kernel):
    """Modules + depmod, the ctl channel, masked noise, DHCP on QEMU's user network, root on /dev/vda."""
    version = kernel.removeprefix("linux-image-")
    modules = root / "lib" / "modules" / version
    sysroot_modules = CACHE / "sysroot" / "lib" / "modules" / version
    for path in vmassets.module_files(version, GUEST_MODULES):
        target = modules / path.relative_to(sysroot_modules)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)
    for name in ("modules.order", "modules.builtin", "modules.builtin.modinfo"):
        shutil.copy2(sysroot_modules / name, modules / name)
    run("chroot", str(root), "depmod", version)
    (root / "etc/modules-load.d/e2e.conf").write_text("uinput\n")
    (root / "etc/systemd/system/e2e-ctl.service").write_text(CTL_UNIT)
    run("chroot", str(root), "systemctl", "enable", "e2e-ctl.service")
    run("chroot", str(root), "systemctl", "mask", *MASKED)
    (root / "etc/systemd/network/80-e2e.network").write_text(NETWORK_UNIT)
    run("chroot", str(root), "systemctl", "enable", "systemd-networkd.service")
    (root / "etc/fstab").write_text("/dev/vda / ext4 rw,errors=remount-ro 0 1\n")
    (root / "etc/hostname").write_text("kiosk\n")
    shutil.copy2(vmassets.build_helpers()["vinput"], root / "usr/local/bin/vinput")


def base_rootfs(kernel, deb):
    """The cached, configured debootstrap tree for this kernel and the .deb's Depends."""
    depends = run("dpkg-deb", "--field", str(deb), "Depends")
    libraries = sorted({d.split()[0] for d in depends.replace("|", ",").split(",") if d.strip()})
    packages = sorted(set(BASE_PACKAGES) | set(libraries))
    key = hashlib.sha256("\n".join([kernel, *packages, Path(__file__).read_text(),
                                    (HERE / "vinput.c").read_text()]).encode()).hexdigest()[:12]
    root = CACHE / f"rootfs-{key}"
    if (CACHE / f"rootfs-{key}.done").exists():
        return root
    for old in CACHE.glob("rootfs-*"):
        shutil.rmtree(old) if old.is_dir() else old.unlink()
    log(f"debootstrap bookworm ({len(packages)} packages) into {root}")
    debootstrap(root, packages)
    configure_base(root, kernel)
    (CACHE / f"rootfs-{key}.done").touch()
    return root


def install_deb(root, deb, exec_override):
    """`apt install ./swipe-kiosk_*.deb` in the tree, then the test-only ExecStart drop-in."""
    target = root / "tmp" / deb.name
    shutil.copy2(deb, target)
    run("mount", "-t", "proc", "proc", str(root / "proc"))
    try:
        run("chroot", str(root), "env", "DEBIAN_FRONTEND=noninteractive",
            "apt-get", "install", "-y", f"/tmp/{deb.name}")
        # The installed configuration shows no demo data: give the panel a list as an integrator
        # does (docs/INTEGRATION.md), the demo's items, owned by the service user.
        run("chroot", str(root), "sh", "-c",
            "mkdir -p /var/lib/swipe-kiosk && rm -f /var/lib/swipe-kiosk/items.sqlite3* "
            "&& swipe-kiosk init-db --demo --database /var/lib/swipe-kiosk/items.sqlite3 "
            "&& chown -R swipe-kiosk:swipe-kiosk /var/lib/swipe-kiosk")
    finally:
        run("umount", str(root / "proc"))
    target.unlink()
    if exec_override:
        dropin = root / "etc/systemd/system/swipe-kiosk.service.d/e2e-exec.conf"
        dropin.parent.mkdir(parents=True, exist_ok=True)
        dropin.write_text(f"# Test rootfs only: `run` does not open the display yet.\n"
                          f"[Service]\nExecStart=\nExecStart=/usr/bin/swipe-kiosk {exec_override}\n")


def boot_initrd(kernel):
    """busybox + virtio/ext4 modules + BOOT_INIT, written to CACHE/boot-initrd.cpio."""
    version = kernel.removeprefix("linux-image-")
    cpio = vmassets.Cpio()
    busybox = CACHE / "sysroot" / "bin" / "busybox"
    cpio.file("bin/busybox", busybox.read_bytes())
    for applet in ("sh", "mount", "umount", "insmod", "mkdir", "switch_root"):
        cpio.symlink(f"bin/{applet}", "/bin/busybox")
    modules = vmassets.module_files(version, BOOT_MODULES)
    for path in modules:
        cpio.file(f"lib/modules/{path.name}", path.read_bytes(), 0o644)
    cpio.file("etc/modules.list", "".join(f"/lib/modules/{p.name}\n" for p in modules).encode(), 0o644)
    for directory in ("proc", "sys", "dev"):
        cpio.directory(directory)
    cpio.file("init", BOOT_INIT.encode())
    path = CACHE / "boot-initrd.cpio"
    path.write_bytes(cpio.finish())
    return path


def prepare(deb, exec_override=None):
    """Returns (vmlinux, boot initrd, ext4 image) with `deb` installed, reusing the caches."""
    kernel = vmassets.fetch_debs()
    base = base_rootfs(kernel, Path(deb))
    work = CACHE / "rootfs-run"
    shutil.rmtree(work, ignore_errors=True)
    run("cp", "-a", "--reflink=auto", str(base), str(work))
    install_deb(work, Path(deb), exec_override)
    image = CACHE / "root.img"
    image.unlink(missing_ok=True)
    run("mkfs.ext4", "-q", "-F", "-L", "root", "-d", str(work), str(image), "1G")
    shutil.rmtree(work)
    return CACHE / "vmlinux", boot_initrd(kernel), image
