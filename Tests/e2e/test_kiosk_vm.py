"""End-to-end tests of KioskHardware on a real kernel: `swipe-kiosk touch-test`, `list-outputs`
and `list-inputs` run in a QEMU guest on the bochs DRM driver with libinput fed by a uinput
touchscreen (vinput) and QEMU's virtio tablet; screendumps prove where pixels landed.
Run through run_vm_tests.py (which prepares the cached kernel and initramfs)."""
import os
import re
import time
import unittest
from pathlib import Path

from vm import VM

W, H = 1024, 768
GREEN, YELLOW, BACKGROUND = (0, 255, 0), (255, 255, 0), (32, 32, 32)
ASSETS = None  # (vmlinux, initrd), set by run_vm_tests.py
WORKDIR = Path(os.environ.get("SWIPE_KIOSK_E2E_WORK", "/tmp/swipe-kiosk-e2e"))


def units(pixels, size):
    """Device units (0..32767) that libinput maps to `pixels` on a `size`-pixel axis."""
    return pixels * 32768 // size


class KioskVMTest(unittest.TestCase):
    def setUp(self):
        self.vm = VM(*ASSETS, WORKDIR / self.id().split(".")[-1], xres=W, yres=H)
        self.vm.wait_for("INIT DONE", what="guest boot")
        self.vm.mark()

    def tearDown(self):
        self.vm.close()

    def start_touchscreen(self):
        self.vm.shell("vinput touch /dev/virtio-ports/touch0 & echo $! > /run/vinput.pid")
        self.vm.wait_for("VINPUT touch ready")

    def start_touch_test(self, *arguments, expect="READY 1024x768 rotation=0"):
        self.vm.shell("swipe-kiosk touch-test " + " ".join(arguments) + " & echo $! > /run/touch-test.pid")
        self.vm.wait_for(expect, what="touch-test first frame")
        self.vm.wait_for('DEVICE added name="QEMU Virtio Tablet"')

    def tap(self, x, y, slot=0):
        self.vm.send_touch(f"d {slot} {units(x, W)} {units(y, H)}", f"u {slot}")

    def click(self, x, y):
        self.vm.tablet(units(x, W), units(y, H), down=True)
        self.vm.tablet(units(x, W), units(y, H), down=False)

    def screen(self):
        time.sleep(0.5)  # host side only: let the guest render and flip before the dump
        return self.vm.screendump()

    def assertColorNear(self, image, x, y, color, radius=8):
        for dx, dy in ((0, 0), (-radius, 0), (radius, 0), (0, -radius), (0, radius)):
            self.assertEqual(image[x + dx, y + dy], color, f"pixel ({x + dx},{y + dy})")

    def test_touch_and_tablet_land_on_their_pixels(self):
        self.start_touchscreen()
        self.start_touch_test()
        self.vm.wait_for('DEVICE added name="vinput touchscreen"')
        self.vm.send_touch(f"d 0 {units(256, W)} {units(192, H)}", f"m 0 {units(768, W)} {units(192, H)}", "u 0")
        self.vm.wait_for("TOUCH down slot=0 x=256 y=192")
        self.vm.wait_for("TOUCH move slot=0 x=768 y=192")
        self.vm.wait_for("TOUCH up slot=0 x=768 y=192")
        self.click(512, 576)
        self.vm.wait_for("TOUCH down slot=1000 x=512 y=576")
        self.vm.wait_for("TOUCH up slot=1000")
        image = self.screen()
        self.assertColorNear(image, 256, 192, GREEN)
        self.assertColorNear(image, 768, 192, GREEN)
        self.assertColorNear(image, 512, 576, YELLOW)
        self.assertEqual(image[512, 576 + 20], BACKGROUND)
        self.assertEqual(image[100, 700], BACKGROUND)

    def test_rotation_90_touch_follows(self):
        self.start_touchscreen()
        self.start_touch_test("--rotation 90", expect="READY 768x1024 rotation=90")
        self.vm.wait_for('DEVICE added name="vinput touchscreen"')
        self.tap(256, 192)
        # physical (256,192) on a 90°-rotated picture is logical (y, lh - x) = (192, 768)
        self.vm.wait_for("TOUCH down slot=0 x=192 y=768")
        self.click(800, 600)
        self.vm.wait_for("TOUCH down slot=1000 x=600 y=224")
        image = self.screen()
        self.assertColorNear(image, 256, 192, GREEN)
        self.assertColorNear(image, 800, 600, YELLOW)
        self.assertEqual(image[600, 224], BACKGROUND, "an unrotated drawing of the click would be here")

    def test_sigterm_restores_console_crtc(self):
        self.vm.shell("crtcprobe")
        before = self.vm.wait_for(lambda l: l.startswith("CRTC ") and "valid=1" in l, what="console CRTC")
        self.start_touch_test("--atomic off")  # the atomic path is covered by the other tests
        self.vm.wait_for("modesetting=legacy")
        self.vm.mark()
        self.vm.shell("crtcprobe")
        during = self.vm.wait_for(lambda l: l.startswith("CRTC ") and "valid=1" in l)
        self.assertNotEqual(during, before, "touch-test should scan out its own framebuffer")
        self.vm.mark()
        self.vm.shell("kill -TERM $(cat /run/touch-test.pid)")
        self.vm.wait_for("SIGNAL 15 stopping")
        self.vm.wait_for("EXIT restored")
        self.vm.shell("sleep 0.3; crtcprobe")
        after = self.vm.wait_for(lambda l: l.startswith("CRTC "))
        self.assertEqual(after, before)

    def test_unplug_mid_swipe_cancels_and_replug_works(self):
        self.start_touchscreen()
        self.start_touch_test()
        self.vm.wait_for('DEVICE added name="vinput touchscreen"')
        self.vm.send_touch(f"d 0 {units(256, W)} {units(192, H)}", f"m 0 {units(400, W)} {units(192, H)}")
        self.vm.wait_for("TOUCH move slot=0 x=400 y=192")
        self.vm.mark()
        self.vm.shell("kill $(cat /run/vinput.pid)")
        self.vm.wait_for('DEVICE removed name="vinput touchscreen"')
        touch_lines = [l for l in self.vm.lines_since_mark() if l.startswith("TOUCH ")]
        self.assertEqual(touch_lines, ["TOUCH cancel slot=0 x=400 y=192"])
        self.vm.mark()
        self.start_touchscreen()
        self.vm.wait_for('DEVICE added name="vinput touchscreen"')
        self.tap(768, 576)
        self.vm.wait_for("TOUCH down slot=0 x=768 y=576")
        self.vm.wait_for("TOUCH up slot=0 x=768 y=576")
        self.assertColorNear(self.screen(), 768, 576, GREEN)

    def test_force_feedback_rumbles_on_tap(self):
        self.vm.shell("vinput rumble &")
        self.vm.wait_for("VINPUT rumble ready")
        self.vm.shell("udevadm settle")
        self.start_touchscreen()
        self.start_touch_test("--haptic forcefeedback")
        self.vm.wait_for("RUMBLE upload id=0")
        self.vm.wait_for('DEVICE added name="vinput touchscreen"')
        self.vm.mark()
        self.tap(300, 300)
        self.vm.wait_for("TOUCH down slot=0 x=300 y=300")
        self.vm.wait_for("RUMBLE play id=0")
        self.vm.mark()
        self.click(600, 300)
        self.vm.wait_for("TOUCH down slot=1000 x=600 y=300")
        self.vm.wait_for("RUMBLE upload id=0 strong=52428 length=30")
        self.vm.wait_for("RUMBLE play id=0")

    def test_list_outputs_and_inputs(self):
        self.start_touchscreen()
        self.vm.shell("swipe-kiosk list-outputs; echo LIST-OUTPUTS-EXIT $?")
        self.vm.wait_for("/dev/dri/card0: driver bochs-drm")
        self.vm.wait_for("Virtual-1: connected")
        self.vm.wait_for(lambda l: re.search(r"^\s+\*?\+ 1024x768@\d+$", l) is not None, what="preferred mode line")
        self.vm.wait_for("LIST-OUTPUTS-EXIT 0")
        self.vm.mark()
        self.vm.shell("swipe-kiosk list-inputs; echo LIST-INPUTS-EXIT $?")
        self.vm.wait_for(lambda l: '"vinput touchscreen" capabilities=touch size=' in l, what="touchscreen line")
        self.vm.wait_for('"QEMU Virtio Tablet" capabilities=pointer')
        self.vm.wait_for("LIST-INPUTS-EXIT 0")
        self.vm.mark()
        self.vm.shell("mv /dev/dri /dev/dri.hidden; swipe-kiosk list-outputs; echo LIST-OUTPUTS-EXIT $?")
        self.vm.wait_for("no /dev/dri/card*")
        self.vm.wait_for("LIST-OUTPUTS-EXIT 69")
