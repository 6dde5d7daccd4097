"""Boot test of the Debian package: a debootstrap'ed Debian 12 with `apt install ./swipe-kiosk_*.deb`
boots under QEMU, and swipe-kiosk.service (Type=notify, watchdog, tty1, sandbox, dedicated user)
must bring the app on screen, react to touch, switch VTs on Ctrl+Alt+Fn, come back after
SIGKILL, be restarted by the watchdog when its loop stops, log to the journal, and hand tty1
back to a login when it keeps failing. One boot for the whole class; the tests run in order (their names are numbered).

APP_COMMAND is the only line to change when `swipe-kiosk run` draws on DRM: None tests the
unit's own ExecStart= (`run --config /etc/swipe-kiosk/config.toml`); a string replaces it by a
drop-in in the test root file system only. The checks are about the unit and the screen, not
about what touch-test draws."""
import os
import re
import time
import unittest
from pathlib import Path

from images import dark_fraction
from vm import VM

APP_COMMAND = None
W, H = 1024, 768
BOOT = None  # (vmlinux, boot initrd, root image), set by run_vm_tests.py
WORKDIR = Path(os.environ.get("SWIPE_KIOSK_E2E_WORK", "/tmp/swipe-kiosk-e2e")) / "service"


def units(pixels, size):
    return pixels * 32768 // size


def changed_pixels(before, after):
    return sum(1 for i in range(0, len(before.pixels), 3) if before.pixels[i:i + 3] != after.pixels[i:i + 3])


class KioskServiceVMTest(unittest.TestCase):
    vm = None

    @classmethod
    def setUpClass(cls):
        vmlinux, initrd, image = BOOT
        cls.vm = VM(vmlinux, initrd, WORKDIR, xres=W, yres=H, append="root=/dev/vda rw", drive=image)

    @classmethod
    def tearDownClass(cls):
        cls.vm.close()

    def query(self, command, timeout=30):
        """Runs `command` in the guest; returns its output line (prefixed with a unique tag)."""
        tag = f"E2E{time.monotonic_ns()}"
        self.vm.shell(f'echo "{tag} $({command})"')
        return self.vm.wait_for(lambda l: l.startswith(tag), timeout=timeout, what=command)[len(tag) + 1:]

    def service(self, *properties):
        out = self.query("systemctl show swipe-kiosk -p " + ",".join(properties) + " | tr '\\n' ' '")
        return dict(re.findall(r"(\w+)=(\S*)", out))

    def wait_active(self, timeout, old_pid=None):
        """Polls until the unit is active (READY=1 received) with a main PID other than old_pid."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            state = self.service("ActiveState", "SubState", "MainPID", "NRestarts")
            if state["ActiveState"] == "active" and state["MainPID"] not in ("0", old_pid):
                return state
            time.sleep(0.2)
        self.fail(f"swipe-kiosk not active again within {timeout} s: {state}")

    def wait_journal(self, text, timeout=20):
        """Polls the unit's journal (this boot) until a line contains `text`."""
        deadline = time.monotonic() + timeout
        while self.query(f"journalctl -b -u swipe-kiosk --no-pager | grep -cF '{text}'") == "0":
            self.assertLess(time.monotonic(), deadline, f"journal never showed {text!r}")
            time.sleep(0.5)

    def screen(self, name):
        time.sleep(0.5)
        return self.vm.screendump(name)

    def test_1_on_screen_after_boot(self):
        state = self.wait_active(90)
        print(f"\n  QEMU start -> app active (READY=1 received): {self.vm.elapsed():.1f} s", flush=True)
        status = self.query("systemctl show swipe-kiosk -p StatusText --value")
        self.assertIn("/dev/dri/card0", status)
        self.assertEqual(self.query(f"stat -c %U /proc/{state['MainPID']}"), "swipe-kiosk")
        self.assertEqual(self.query("systemctl is-active getty@tty1"), "inactive")
        image = self.screen("boot.ppm")
        self.assertLess(dark_fraction(image), 0.5, "screen is black or shows the text console")

    def test_2_touch_changes_the_screen(self):
        before = self.screen("before-touch.ppm")
        # Plugged in after the app started: hot-plug must reach libinput through the sandbox.
        self.vm.shell("systemd-run --unit=vinput /usr/local/bin/vinput touch /dev/virtio-ports/touch0")
        self.wait_journal('name="vinput touchscreen"')
        # A tap on a row pushes its detail page, which stays: the result does not depend on how
        # far an animation has got when the screen is read (a diagonal drag here was read either
        # as a row swipe or as a scroll whose rubber band may have settled already).
        self.vm.send_touch(f"d 0 {units(256, W)} {units(192, H)}", "u 0")
        after = self.screen("after-touch.ppm")
        changed = changed_pixels(before, after)
        print(f"\n  touch changed {changed} pixels", flush=True)
        self.assertGreater(changed, 200, "a touch through the hot-plugged uinput device must change the screen")

    def test_3_ctrl_alt_fn_leaves_and_regains_the_display(self):
        """In the unit's sandbox (no capabilities; tty1 is the controlling tty) the app switches
        VTs: Ctrl+Alt+F2 on the keyboard goes through the app to tty2, Ctrl+Alt+F1 (the
        kernel's shortcut there) brings the app back with the same picture, and nothing in the
        unit's journal is a warning."""
        time.sleep(1.0)  # the touch of the previous test comes to rest
        before = self.screen("before-vt.ppm")
        self.vm.send_keys("ctrl", "alt", "f2")
        self.wait_journal("released tty1")
        self.assertEqual(self.query("cat /sys/class/tty/tty0/active"), "tty2")
        self.assertGreater(dark_fraction(self.screen("vt-away.ppm")), 0.5, "tty2's console should show")
        self.vm.send_keys("ctrl", "alt", "f1")
        self.wait_journal("tty1 shown again")
        self.assertEqual(self.query("cat /sys/class/tty/tty0/active"), "tty1")
        self.assertEqual(changed_pixels(before, self.screen("after-vt.ppm")), 0, "the app's picture should be back")
        self.assertEqual(self.query("journalctl -b -u swipe-kiosk -p warning --no-pager -q | wc -l"), "0")

    def test_4_sigkill_restarts_within_5s(self):
        old = self.service("MainPID", "NRestarts")
        self.vm.shell("systemctl kill -s KILL swipe-kiosk")
        started = time.monotonic()
        state = self.wait_active(10, old_pid=old["MainPID"])
        took = time.monotonic() - started
        print(f"\n  SIGKILL -> active again in {took:.1f} s", flush=True)
        self.assertLess(took, 5.0)
        self.assertEqual(int(state["NRestarts"]), int(old["NRestarts"]) + 1)
        self.assertLess(dark_fraction(self.screen("after-kill.ppm")), 0.5)

    def test_5_stopped_loop_is_restarted_by_watchdog(self):
        old = self.service("MainPID", "NRestarts", "WatchdogUSec")
        self.assertEqual(old["WatchdogUSec"], "10s")
        self.vm.shell("systemctl kill -s STOP swipe-kiosk")
        started = time.monotonic()
        state = self.wait_active(40, old_pid=old["MainPID"])
        print(f"\n  SIGSTOP -> restarted by the watchdog after {time.monotonic() - started:.1f} s", flush=True)
        self.assertEqual(int(state["NRestarts"]), int(old["NRestarts"]) + 1)
        self.assertIn("Watchdog timeout", self.query("journalctl -b -u swipe-kiosk --no-pager | grep -o 'Watchdog timeout' | tail -1"))

    def test_6_journal_has_startup_lines_with_priorities(self):
        fields = self.query("journalctl -b -u swipe-kiosk -o verbose --no-pager | "
                            "grep -E '^ *(PRIORITY|MESSAGE)=' | grep -B1 -E 'MESSAGE=swipe-kiosk: (display|service)' | tr '\\n' ' '")
        self.assertRegex(fields, r"PRIORITY=6 +MESSAGE=swipe-kiosk: display .*card=/dev/dri/card0")
        self.assertRegex(fields, r"PRIORITY=6 +MESSAGE=swipe-kiosk: service: watchdog ping every 5000 ms")
        self.assertNotIn("<6>", self.query("journalctl -b -u swipe-kiosk --no-pager | grep -c '<6>'"))
        self.assertIn("Started", self.query("journalctl -b -u swipe-kiosk --no-pager | grep -o 'Started swipe-kiosk.service' | tail -1"))

    def test_7_failing_app_falls_back_to_a_login_on_tty1(self):
        self.vm.shell("mount --bind /bin/false /usr/bin/swipe-kiosk && systemctl kill -s KILL swipe-kiosk")
        deadline = time.monotonic() + 60
        while self.query("systemctl is-active swipe-kiosk") != "failed":
            self.assertLess(time.monotonic(), deadline, "start limit never reached")
            time.sleep(1)
        self.assertEqual(self.query("systemctl is-active getty@tty1", timeout=30), "active")
        time.sleep(1)
        self.assertGreater(dark_fraction(self.screen("fallback.ppm")), 0.5, "tty1 console should be back")
