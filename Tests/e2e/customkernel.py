"""Builds the small QEMU-only kernel of test_firmware_vm.py from Debian's `linux-source` package:
`make tinyconfig` plus qemu-kernel.config (everything built in), then bzImage. Debian's kernels
build neither simpledrm nor vkms, so this is the only way to run the app on them here. The image
is cached under the e2e cache, keyed by the source tarball and the configuration fragment; the
source tree is removed after the build (about 3 minutes on two cores, BENCHMARKS.md)."""
import hashlib
import os
import shutil
import subprocess
from pathlib import Path

from vmassets import CACHE, HERE, log

FRAGMENT = HERE / "qemu-kernel.config"


def source_tarball():
    """The newest /usr/src/linux-source-*.tar.xz (Debian's `linux-source` package installs it)."""
    found = sorted(Path("/usr/src").glob("linux-source-*.tar.xz"))
    if not found:
        raise SystemExit("customkernel: no /usr/src/linux-source-*.tar.xz (apt-get install linux-source)")
    return found[-1]


def prepare():
    """Returns the path of the cached bzImage, building it when the source or fragment changed."""
    tarball = source_tarball()
    key = hashlib.sha256(f"{tarball.name} {tarball.stat().st_size}".encode() + FRAGMENT.read_bytes()).hexdigest()[:12]
    image = CACHE / f"bzImage-{key}"
    if image.exists():
        return image
    tree = CACHE / f"linux-{key}"
    shutil.rmtree(tree, ignore_errors=True)
    tree.mkdir(parents=True)
    log(f"building the QEMU kernel from {tarball.name} (tinyconfig + {FRAGMENT.name})")
    subprocess.run(["tar", "-xf", str(tarball), "-C", str(tree)], check=True)
    source = next(tree.iterdir())

    def make(*targets):
        subprocess.run(["make", "-C", str(source), f"-j{os.cpu_count() or 1}", *targets], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)

    make("tinyconfig")
    subprocess.run([str(source / "scripts/kconfig/merge_config.sh"), "-m", "-O", str(source),
                    str(source / ".config"), str(FRAGMENT)], check=True, capture_output=True, cwd=source)
    make("olddefconfig")
    config = (source / ".config").read_text()
    missing = [line for line in FRAGMENT.read_text().splitlines()
               if line.startswith("CONFIG_") and line.endswith("=y") and line not in config.splitlines()]
    if missing:
        raise SystemExit(f"customkernel: the configuration dropped {', '.join(missing)}")
    make("bzImage")
    shutil.copyfile(source / "arch/x86/boot/bzImage", image.with_suffix(".tmp"))
    image.with_suffix(".tmp").rename(image)
    shutil.rmtree(tree, ignore_errors=True)
    return image
