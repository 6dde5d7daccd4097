"""The app on two DRM drivers Debian's kernels do not build, in the QEMU-only kernel that
customkernel.py builds from Debian's linux-source (qemu-kernel.config):
- simpledrm: the firmware framebuffer boards and UEFI machines show before a GPU driver loads.
  QEMU's VGA is put in a VESA mode by the kernel's boot code (`vga=0x318`, 1024x768) and
  `nomodeset` keeps bochs away, so simpledrm drives it: no vblank, no page-flip hardware, format
  conversion in the kernel. The cases of test_app_vm.AppVMTest run there (first screen, swipe,
  push and rotation equal the headless rendering; the metrics line).
- vkms: the virtual KMS driver, the only one here with a vblank interrupt (an hrtimer at the mode's
  rate). Its output cannot be screendumped, so it proves what the app reports (driver, atomic
  modesetting, the mode) and the touch-to-flip, idle and start-up figures against real vblanks.
Both run in one guest kernel, so each class finds its driver's card with `list-outputs`."""
import re

import test_app_vm

KERNEL = None  # the bzImage, set by run_vm_tests.py (customkernel.prepare)


class FirmwareDriverVM:
    """Mixed in before an AppVM class: boots the custom kernel with the initramfs of the other
    tests and runs the app on the card whose driver is `driver`."""
    driver = None
    append = "nomodeset vga=0x318"

    @classmethod
    def setUpClass(cls):
        cls.assets = (KERNEL, test_app_vm.ASSETS[1])
        super().setUpClass()
        cls.vm.mark()
        cls.vm.shell("swipe-kiosk list-outputs; echo OUTPUTS-END")
        cls.vm.wait_for("OUTPUTS-END")
        cards = {m.group(2): m.group(1) for l in cls.vm.lines_since_mark()
                 if (m := re.match(r"(/dev/dri/card\d+): driver (\S+)", l))}
        if cls.driver not in cards:
            cls.vm.close()  # tearDownClass does not run when setUpClass fails
            raise AssertionError(f"no DRM card with driver {cls.driver}: {cards}")
        cls.card = cards[cls.driver]
        cls.app_arguments = (f"--device {cls.card}",)

    def test_0_driver_and_modesetting(self):
        self.start_app()
        line = self.vm.wait_for(lambda l: f"card={self.card}" in l and " display" in l, what="the display line")
        self.assertIn(f"driver={self.driver} ", line)
        self.assertIn("modesetting=atomic ", line)
        self.assertIn("mode=1024x768@", line)


class SimpleDRMVMTest(FirmwareDriverVM, test_app_vm.AppVMTest):
    driver = "simpledrm"
    workdir = test_app_vm.WORKDIR.parent / "simpledrm"


class VKMSVMTest(FirmwareDriverVM, test_app_vm.AppVM):
    driver = "vkms"
    workdir = test_app_vm.WORKDIR.parent / "vkms"
    test_9_metrics = test_app_vm.AppVMTest.test_9_metrics
