"""The arm64 package runs on an arm64 kernel as on a Raspberry Pi: QEMU's `virt` board under TCG
(an emulated Cortex-A72) boots Debian 13 (trixie)'s arm64 kernel into a trixie root where the
arm64 .deb was installed with `apt install ./swipe-kiosk_*_arm64.deb` (rootfs_arm64.py), and
systemd starts swipe-kiosk.service on the real virtio_gpu DRM driver with udev and the uinput
touchscreen. The app (Debian's Swift 6.0.3, NEON pixel kernels) draws exactly what the x86-64
host's headless `replay` draws: 0 differing pixels. A swipe opens a row, a tap pushes the detail
page, and a SIGKILLed app is brought back by systemd with its first screen. Ends with the
e2e-metrics line for arch=aarch64. One boot; run through run_vm_tests.py (--arm64-deb, --arm64-root).
The unit's log reaches the test through the journal, forwarded to the serial console."""
import os
import re
import time
from pathlib import Path

import images
import metrics
from test_app_vm import AppVM, Gesture, HEADER, NAV_BAR, ROW, play_metrics_gestures

BOOT = None  # (kernel Image, boot initrd, root image) from rootfs_arm64.prepare, set by run_vm_tests.py
WORKDIR = Path(os.environ.get("SWIPE_KIOSK_E2E_WORK", "/tmp/swipe-kiosk-e2e")) / "arm64"
# /run/app.pid names the unit's running instance (metrics.measure_idle reads it).
REMEMBER_PID = "systemctl show -p MainPID --value swipe-kiosk > /run/app.pid"


class Arm64AppVMTest(AppVM):
    workdir = WORKDIR
    gpu = "virtio-gpu-pci"  # the virt board has no VGA; virtio-gpu is what arm64 VMs use
    arch = "aarch64"
    # The unit runs with the installed configuration (no Styles cog); the host's replay uses it too.
    replay_arguments = ("--config", str(Path(__file__).resolve().parents[2] / "systemd/config.toml"))

    append = "root=/dev/vda rw"
    # The root's first boot (apt install in the initramfs, then systemd's first-boot units such as
    # the journal catalog) took over 60 s under TCG on a loaded cold CI machine.
    boot_timeout = 300

    @classmethod
    def setUpClass(cls):
        kernel, initrd, cls.drive = BOOT
        cls.assets = (kernel, initrd)
        super().setUpClass()
        try:
            cls.installed = cls.vm.wait_for("DEB ", what="the initramfs's apt install")
            cls.vm.shell("echo ARCH $(uname -m)")
            cls.uname = cls.vm.wait_for(lambda l: l.startswith("ARCH ")).split()[1]
            cls.running = cls.wait_until_running()
        except BaseException:
            cls.vm.close()  # unittest skips tearDownClass then; this keeps the console log
            raise

    @classmethod
    def wait_until_running(cls):
        """(the display line, first frame ms) of the app instance started since the last mark."""
        display = cls.vm.wait_for(lambda l: "card=/dev/dri/card0" in l and " display" in l, timeout=120)
        cls.vm.wait_for("kiosk running:", timeout=60, what="the app's running line")
        cls.vm.wait_for('input device added: name="vinput touchscreen"', timeout=30)
        first_frame = metrics.first_frame_ms(cls.vm.wait_for("start-up: first frame", timeout=30))
        cls.vm.shell(REMEMBER_PID)
        return display, first_frame

    def restart_by_sigkill(self):
        """systemd (Restart=always) brings the app back after a SIGKILL."""
        self.vm.mark()
        self.vm.shell("kill -KILL $(cat /run/app.pid)")
        self.vm.wait_for("status=9/KILL", timeout=30, what="systemd seeing the SIGKILL")
        type(self).running = self.wait_until_running()

    def assertScreenExact(self, name, expected):
        """The screen equals `expected` within AppVM's tolerance, then exactly: 0 differing pixels."""
        self.assertScreenMatches(name, expected)
        comparison = images.Comparison(expected, self.vm.screendump(f"{name}/exact.ppm"))
        self.assertEqual(comparison.differing, 0, f"{name} on aarch64: {comparison.summary()}")

    def first_screen(self, name):
        expected, state = self.replay(name, Gesture(), settle_ms=500)
        self.assertEqual(state["page"]["id"], "inbox")
        self.assertNotBlank(expected)
        time.sleep(1.0)
        self.assertScreenExact(name, expected)

    def test_1_first_screen(self):
        self.assertIn("DEB INSTALLED swipe-kiosk_", self.installed)
        self.assertEqual(self.uname, "aarch64")
        self.assertIn("driver=virtio_gpu", self.running[0])
        self.first_screen("first-screen")

    def test_2_swipe_opens_row(self):
        y = NAV_BAR + HEADER + ROW + ROW // 2  # the second row
        gesture = Gesture().slow_swipe(1000, 700, y)
        expected, state = self.replay("swipe-open", gesture, settle_ms=1500)
        self.assertEqual((state["rows"][1]["swipe"]["state"], state["rows"][1]["swipe"]["side"]), ("open", "trailing"))
        gesture.play(self.vm)
        time.sleep(1.5)
        self.assertScreenExact("swipe-open", expected)

    def test_3_sigkill_brings_first_screen_back(self):
        self.restart_by_sigkill()
        self.first_screen("after-sigkill")

    def test_4_tap_pushes_detail_page(self):
        y = NAV_BAR + HEADER + 2 * ROW + ROW // 2  # the third row
        gesture = Gesture().tap(512, y)
        expected, state = self.replay("tap-detail", gesture, settle_ms=1000)
        self.assertEqual(state["navigation"]["stack"], ["inbox", "detail:inbox-3"])
        gesture.play(self.vm)
        time.sleep(1.0)
        self.assertScreenExact("tap-detail", expected)

    def test_9_metrics(self):
        """As test_app_vm's: a fresh instance, 10 swipes and 10 taps, 60 s untouched, then
        `systemctl stop` (SIGTERM) for the app's touch-to-flip line."""
        self.restart_by_sigkill()
        display, first_frame = self.running
        play_metrics_gestures(self.vm)
        idle_cpu, wakeups = metrics.measure_idle(self.vm)
        self.vm.mark()
        self.vm.shell("systemctl stop swipe-kiosk")
        p50, p99, events = metrics.latency_ms(self.vm.wait_for("touch-to-flip:", timeout=30, what="the latency line"))
        self.vm.wait_for("swipe-kiosk.service: Deactivated successfully", timeout=30, what="a clean stop")
        self.assertGreaterEqual(events, 20, "every gesture should have reached the screen")
        driver = re.search(r"driver=(\S+)", display).group(1)
        metrics.record(driver, self.uname, first_frame, p50, p99, idle_cpu, wakeups)
