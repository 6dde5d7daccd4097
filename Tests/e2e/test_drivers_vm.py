"""The app on more kernel DRM drivers than bochs: the cases of test_app_vm.AppVMTest (the first
screen equals the headless rendering, a slow swipe opens a row, a tap pushes the detail page, a
swipe on a panel rotated 90 degrees) run again on
- virtio_gpu (QEMU virtio-vga): atomic, a "manual update" driver that shows CPU writes only
  after DirtyFB or a commit with damage clips, its own vblank timing;
- cirrus (QEMU cirrus-vga): 4 MB of VRAM, a shadow-plane driver that copies the damage clips,
  run with `display.atomic = "off"` so the legacy SetCrtc + PageFlip + DirtyFB path is proven.
Each also checks the driver and the modesetting the app reports, and that SIGTERM puts the
console's CRTC back. One boot per class (its own work dir). Run through run_vm_tests.py."""
import time

import rfb
import test_app_vm

LEGACY_CONFIG = "/tmp/legacy.toml"


class DriverChecks:
    """Cases every driver class adds to AppVMTest's (mixed in before it)."""
    driver = None       # the kernel driver the app must report (`driver=` in its display line)
    modesetting = None  # "atomic" or "legacy", as the app reports it

    def test_0_driver_and_modesetting(self):
        self.start_app()
        line = self.vm.wait_for(lambda l: "card=/dev/dri/card0" in l and " display" in l, what="the display line")
        self.assertIn(f"driver={self.driver} ", line)
        self.assertIn(f"modesetting={self.modesetting} ", line)

    def test_5_sigterm_restores_console_crtc(self):
        self.stop_app()
        self.vm.mark()
        self.vm.shell("crtcprobe")
        before = self.vm.wait_for(lambda l: l.startswith("CRTC ") and "valid=1" in l, what="the console's CRTC")
        self.start_app()
        self.vm.mark()
        self.vm.shell("crtcprobe")
        during = self.vm.wait_for(lambda l: l.startswith("CRTC ") and "valid=1" in l)
        self.assertNotEqual(during, before, "the app should scan out its own framebuffer")
        self.vm.mark()
        self.stop_app()
        exit_line = next(l for l in self.vm.lines_since_mark() if l.startswith("APP-EXIT"))
        self.assertEqual(exit_line, "APP-EXIT 0")
        self.vm.wait_for("restored", what="the app's CRTC restored line")
        self.vm.mark()
        self.vm.shell("crtcprobe")
        self.assertEqual(self.vm.wait_for(lambda l: l.startswith("CRTC ")), before)


class VirtioGPUVMTest(DriverChecks, test_app_vm.AppVMTest):
    gpu, driver, modesetting = "virtio-vga", "virtio_gpu", "atomic"
    workdir = test_app_vm.WORKDIR.parent / "virtio-gpu"


class CirrusLegacyVMTest(DriverChecks, test_app_vm.AppVMTest):
    gpu, driver, modesetting = "cirrus-vga", "cirrus", "legacy"
    workdir = test_app_vm.WORKDIR.parent / "cirrus"
    app_arguments = (f"--config {LEGACY_CONFIG}",)

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.vm.shell(f"printf '[display]\\natomic = \"off\"\\n' > {LEGACY_CONFIG}")


class VirtioGPUHotplugVMTest(test_app_vm.AppVM):
    """A monitor switched off and on, and one that comes back with another preferred mode: a VNC
    client's SetDesktopSize makes QEMU's virtio-gpu disconnect its connector (0x0) or offer a new
    preferred mode, and the guest kernel sends HOTPLUG=1 uevents. The app must log what changed,
    set its mode again and redraw in full: the screen equals the first screen afterwards.
    NB QEMU keeps showing the last scanout while the connector is off, so this VM cannot show a
    dead screen without the fix; it proves the app sees the uevents, re-probes and modesets."""
    gpu, vnc = "virtio-vga", True
    workdir = test_app_vm.WORKDIR.parent / "virtio-gpu-hotplug"

    def test_monitor_off_and_on_and_new_preferred_mode(self):
        self.start_app()
        expected, _ = self.replay("hotplug-first-screen", test_app_vm.Gesture(), settle_ms=500)
        time.sleep(1.0)
        self.assertScreenMatches("hotplug-first-screen", expected)
        with rfb.RFBClient(self.workdir / "vnc.sock") as client:
            # QEMU ignores a request equal to the last one, and its first is 0x0: so first the
            # monitor comes back with another preferred mode, then it is switched off and on.
            client.set_desktop_size(800, 600)
            line = self.vm.wait_for("display: Virtual-1 connected again", timeout=20)
            self.assertIn("preferred 800x600", line)
            time.sleep(1.0)
            self.assertScreenMatches("hotplug-new-preferred-mode", expected)
            client.set_desktop_size(0, 0)
            self.vm.wait_for("display: Virtual-1 disconnected", timeout=20)
            self.vm.mark()
            client.set_desktop_size(test_app_vm.W, test_app_vm.H)
            line = self.vm.wait_for("display: Virtual-1 connected again", timeout=20)
            self.assertIn("preferred 1024x768", line)
            time.sleep(1.0)
            self.assertScreenMatches("hotplug-off-on", expected)
