"""The app on the real DRM driver draws what its headless rendering draws. `swipe-kiosk run` runs in
the QEMU guest (bochs DRM, libinput fed by the uinput touchscreen), the same interaction is played
on the host by `swipe-kiosk replay` as a touch script, and the screendump must equal the replay's
screenshot pixel for pixel (within a small tolerance, reported as the mean absolute difference and
the share of differing pixels). The headless state dump is checked too, so two blank screens can
never pass. One boot for the class; every test starts the app afresh on a new database.
Each case leaves its script.txt, headless.png/.json and actual.ppm in the work dir; a mismatch
also writes expected.png (as the panel should show it), actual.png and diff.png (magenta).
Run through run_vm_tests.py (which prepares the cached kernel and initramfs)."""
import json
import os
import re
import subprocess
import tempfile
import time
import unittest
from pathlib import Path

import images
import metrics
from vm import VM

W, H = 1024, 768
ASSETS = None  # (vmlinux, initrd), set by run_vm_tests.py
BINARY = None  # the host's swipe-kiosk (the one in the initramfs), set by run_vm_tests.py
WORKDIR = Path(os.environ.get("SWIPE_KIOSK_E2E_WORK", "/tmp/swipe-kiosk-e2e")) / "app"
# Layout of the default theme and demo data: the nav bar, the "Today" section header, then row n
# (from 0, the first five rows) centred at 64 + 28 + 76 n + 38.
NAV_BAR, HEADER, ROW = 64, 28, 76
# Tolerance: the renderer is deterministic and both sides run the same binary with the same
# fonts, so only a different app state can differ. A few pixels are allowed, not a moved label.
MAX_MEAN_ABS_DIFF = 0.01       # levels of 255, over all pixels and channels
MAX_DIFFERING_SHARE = 0.00005  # 0.005 % of the pixels (39 at 1024x768) ...
CHANNEL_THRESHOLD = 8          # ... differing by more than this in some channel
FIGURES = []  # (test, figures) for the summary run_vm_tests.py prints


class Gesture:
    """One interaction, played both ways: on the guest's uinput touchscreen in device units
    (0..32767, sent with real sleeps) and as a touch script for `replay` in the exact pixel
    coordinates libinput makes of those units (v * size / 32768), so both apps see one path.
    Points are logical (the app's upright space); with `rotation=90` the app is 768x1024 on the
    1024x768 panel and a logical (x, y) is physical (1024 - y, x), as DisplayRotation maps it."""

    def __init__(self, rotation=0):
        self.rotation = rotation
        self.logical_size = (H, W) if rotation == 90 else (W, H)
        self.steps = []  # ("touch", device command, script command) | ("wait", ms)

    def _point(self, x, y):
        """(device x, device y, logical x, logical y the app receives) for logical (x, y)."""
        lh = self.logical_size[1]
        px, py = (lh - y, x) if self.rotation == 90 else (x, y)
        ux, uy = px * 32768 // W, py * 32768 // H
        seen_x, seen_y = ux * W / 32768, uy * H / 32768  # libinput_event_touch_get_x/y_transformed
        return (ux, uy, *((seen_y, lh - seen_x) if self.rotation == 90 else (seen_x, seen_y)))

    def down(self, x, y, slot=0):
        ux, uy, lx, ly = self._point(x, y)
        self.steps.append(("touch", f"d {slot} {ux} {uy}", f"down {slot} {lx!r} {ly!r}"))
        return self

    def move(self, x, y, slot=0):
        ux, uy, lx, ly = self._point(x, y)
        self.steps.append(("touch", f"m {slot} {ux} {uy}", f"move {slot} {lx!r} {ly!r}"))
        return self

    def up(self, slot=0):
        self.steps.append(("touch", f"u {slot}", f"up {slot}"))
        return self

    def wait(self, ms):
        self.steps.append(("wait", ms))
        return self

    def slow_swipe(self, x0, x1, y, step=10, every_ms=16, hold_ms=200):
        """A drag in small steps that holds still before lifting: release velocity ~0."""
        self.down(x0, y)
        direction = 1 if x1 > x0 else -1
        x = x0
        while x != x1:
            x = x + direction * min(step, abs(x1 - x))
            self.wait(every_ms).move(x, y)
        return self.wait(hold_ms).up()

    def tap(self, x, y, hold_ms=60):
        return self.down(x, y).wait(hold_ms).up()

    def replay_script(self, settle_ms, start_ms=500):
        """The script: the gesture from `start_ms`, screenshot + state `settle_ms` after it."""
        lines, t = [f"size {self.logical_size[0]}x{self.logical_size[1]}"], start_ms
        for step in self.steps:
            if step[0] == "wait":
                t += step[1]
            else:
                lines.append(f"at {t} {step[2]}")
        lines += [f"at {t + settle_ms} screenshot headless.png", f"at {t + settle_ms} state headless.json",
                  f"at {t + settle_ms + 16} end"]
        return "\n".join(lines) + "\n"

    def play(self, vm):
        """Sends the gesture to the guest, sleeping on the host between steps."""
        deadline = time.monotonic()
        for step in self.steps:
            if step[0] == "wait":
                deadline += step[1] / 1000
                time.sleep(max(0.0, deadline - time.monotonic()))
            else:
                vm.send_touch(step[1])


def play_metrics_gestures(vm):
    """The 20 gestures of the touch-to-flip figures: 10 swipes that open the second row, each
    followed by a tap that closes it; returns when the last one has settled."""
    y = NAV_BAR + HEADER + ROW + ROW // 2
    for _ in range(10):
        Gesture().slow_swipe(1000, 700, y, step=30, hold_ms=100).play(vm)
        time.sleep(0.8)
        Gesture().tap(300, y).play(vm)
        time.sleep(0.8)
    time.sleep(2.0)


class AppVM(unittest.TestCase):
    """One guest per class with the uinput touchscreen, `swipe-kiosk run` (re)started by each
    test, and the comparison with the headless rendering. The cases are in subclasses (below,
    and test_session_vm.py); each subclass boots its own guest in its own `workdir`."""
    vm = None
    workdir = WORKDIR
    gpu = "VGA"  # QEMU's display device (vm.GPUS); test_drivers_vm.py runs these cases on others
    vnc = False  # a VNC server on workdir/vnc.sock (test_drivers_vm.py: monitor off and on)
    arch = "x86_64"  # the guest CPU (vm.ARCHES); test_arm64_vm.py boots aarch64 ...
    assets = None  # ... with its own (kernel, initrd) instead of ASSETS
    drive = None  # a root file system image on /dev/vda (test_arm64_vm.py boots one with systemd)
    append = ""  # more kernel arguments
    boot_timeout = 60  # seconds from QEMU's start to "INIT DONE"
    card = "/dev/dri/card0"  # the DRM card the app runs on (test_firmware_vm.py finds its own)

    @classmethod
    def setUpClass(cls):
        display = ("-display", "none") + (("-vnc", f"unix:{cls.workdir / 'vnc.sock'}") if cls.vnc else ())
        cls.vm = VM(*(cls.assets or ASSETS), cls.workdir, xres=W, yres=H, gpu=cls.gpu, display=display, arch=cls.arch,
                    drive=cls.drive, append=cls.append)
        cls.vm.wait_for("INIT DONE", timeout=cls.boot_timeout, what="guest boot")
        cls.vm.shell("vinput touch /dev/virtio-ports/touch0 & echo $! > /run/vinput.pid")
        cls.vm.wait_for("VINPUT touch ready")
        cls.app_running = False

    @classmethod
    def tearDownClass(cls):
        cls.stop_app()
        cls.vm.close()

    @classmethod
    def stop_app(cls):
        if not cls.app_running:
            return
        cls.app_running = False
        cls.vm.mark()
        cls.vm.shell("kill -TERM $(cat /run/app.pid); wait $(cat /run/app.pid); echo APP-EXIT $?")
        cls.vm.wait_for("APP-EXIT", timeout=20, what="the app to stop")

    app_arguments = ()  # given to every `swipe-kiosk run` of the class
    # given to every host `replay` of the class (the configuration the guest's app runs with)
    replay_arguments = ()

    def start_app(self, *arguments, on_vt=False):
        """(Re)starts `swipe-kiosk run` on a fresh database; returns once it runs with the touchscreen.
        `on_vt`: as systemd starts it, with /dev/tty1 as stdin and controlling tty (setsid -c)."""
        self.stop_app()
        self.vm.mark()
        command = "swipe-kiosk run --demo --database /tmp/items.sqlite3 " + " ".join((*self.app_arguments, *arguments))
        if on_vt:
            command = f"setsid -c {command} < /dev/tty1"
        self.vm.shell(f"rm -f /tmp/items.sqlite3*; {command} & echo $! > /run/app.pid")
        type(self).app_running = True
        self.vm.wait_for("kiosk running:", timeout=60, what="the app's running line")
        self.vm.wait_for('input device added: name="vinput touchscreen"', timeout=20)

    def replay(self, name, gesture, settle_ms):
        """Renders the gesture headless on the host; returns (expected image, state dump)."""
        out = self.workdir / name
        out.mkdir(parents=True, exist_ok=True)
        script = out / "script.txt"
        script.write_text(gesture.replay_script(settle_ms))
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run([str(BINARY), "replay", str(script), "--out", str(out), "--demo",
                            "--database", f"{tmp}/items.sqlite3", *self.replay_arguments],
                           check=True, capture_output=True, text=True)
        return images.read_png(out / "headless.png"), json.loads((out / "headless.json").read_text())

    def assertScreenMatches(self, name, expected, retry_s=2.0):
        """Screendumps until the screen equals `expected` or `retry_s` passes (a slow TCG guest
        may still be animating); fails with the figures and writes the images when it differs."""
        out = self.workdir / name
        out.mkdir(parents=True, exist_ok=True)
        deadline = time.monotonic() + retry_s
        started = time.monotonic()
        while True:
            actual = self.vm.screendump(f"{name}/actual.ppm")
            comparison = images.Comparison(expected, actual, threshold=CHANNEL_THRESHOLD)
            close = (comparison.mean_absolute_difference <= MAX_MEAN_ABS_DIFF
                     and comparison.differing_share <= MAX_DIFFERING_SHARE)
            if close or time.monotonic() > deadline:
                break
            time.sleep(0.5)
        figures = f"{comparison.summary()} (after {time.monotonic() - started:.1f} s of re-checks)"
        FIGURES.append((f"{self.gpu} {name}", figures))
        print(f"\n  {name}: {figures}", flush=True)
        if not close:
            images.write_png(expected, out / "expected.png")
            images.write_png(actual, out / "actual.png")
            images.write_png(comparison.diff_image(), out / "diff.png")
            self.fail(f"{name}: the DRM screen differs from the headless rendering: {figures}; "
                      f"see {out}/expected.png, actual.png, diff.png and {self.workdir}/console.log")

    def assertNotBlank(self, image):
        colours = {image.pixels[i:i + 3] for i in range(0, len(image.pixels), 3 * 101)}
        self.assertGreater(len(colours), 8, "the expected picture is (nearly) uniform")


class AppVMTest(AppVM):
    def test_1_first_screen(self):
        self.start_app()
        gesture = Gesture()
        expected, state = self.replay("first-screen", gesture, settle_ms=500)
        self.assertEqual(state["page"]["id"], "inbox")
        self.assertGreaterEqual(len(state["rows"]), 9)
        self.assertNotBlank(expected)
        time.sleep(1.0)
        self.assertScreenMatches("first-screen", expected)

    def test_2_slow_swipe_opens_trailing_actions(self):
        self.start_app()
        y = NAV_BAR + HEADER + ROW + ROW // 2  # the second row
        gesture = Gesture().slow_swipe(1000, 700, y)
        expected, state = self.replay("swipe-open", gesture, settle_ms=1500)
        row = state["rows"][1]
        width = sum(action["frame"][2] for action in row["actions"])
        self.assertEqual((row["swipe"]["state"], row["swipe"]["side"]), ("open", "trailing"), row)
        self.assertEqual(row["swipe"]["offset"], -width, "settles open at exactly -P")
        self.assertNotBlank(expected)
        gesture.play(self.vm)
        time.sleep(1.5)
        self.assertScreenMatches("swipe-open", expected)

    def test_3_tap_pushes_detail_page(self):
        self.start_app()
        y = NAV_BAR + HEADER + 2 * ROW + ROW // 2  # the third row
        gesture = Gesture().tap(512, y)
        expected, state = self.replay("tap-detail", gesture, settle_ms=1000)
        self.assertEqual(state["navigation"]["stack"], ["inbox", "detail:inbox-3"])
        self.assertIsNone(state["navigation"]["transition"])
        self.assertNotBlank(expected)
        gesture.play(self.vm)
        time.sleep(1.0)
        self.assertScreenMatches("tap-detail", expected)

    def test_4_rotation_90_swipe(self):
        """Logical 768x1024 on the 1024x768 panel: the touch goes in through physical
        coordinates, the headless rendering is turned clockwise as the panel shows it."""
        self.start_app("--rotation 90")
        lw, lh = H, W
        y = NAV_BAR + HEADER + ROW + ROW // 2
        gesture = Gesture(rotation=90).slow_swipe(lw - 24, lw - 324, y)
        expected, state = self.replay("rotation-90-swipe", gesture, settle_ms=1500)
        self.assertEqual((state["screen"]["width"], state["screen"]["height"]), (lw, lh))
        row = state["rows"][1]
        self.assertEqual((row["swipe"]["state"], row["swipe"]["side"]), ("open", "trailing"), row)
        gesture.play(self.vm)
        time.sleep(1.5)
        self.assertScreenMatches("rotation-90-swipe", images.rotate_clockwise(expected))

    def test_9_metrics(self):
        """First frame, touch-to-flip over 20 taps and swipes, then 60 s untouched (metrics.py)."""
        self.start_app()
        display = self.vm.wait_for(lambda l: f"card={self.card}" in l and " display" in l)
        first_frame = metrics.first_frame_ms(self.vm.wait_for("start-up: first frame", timeout=20))
        self.vm.shell("echo ARCH $(uname -m)")
        arch = self.vm.wait_for(lambda l: l.startswith("ARCH ")).split()[1]
        play_metrics_gestures(self.vm)
        idle_cpu, wakeups = metrics.measure_idle(self.vm)
        self.vm.mark()
        self.stop_app()
        p50, p99, events = metrics.latency_ms(self.vm.wait_for("touch-to-flip:", what="the latency line"))
        self.assertGreaterEqual(events, 20, "every gesture should have reached the screen")
        driver = re.search(r"driver=(\S+)", display).group(1)
        metrics.record(driver, arch, first_frame, p50, p99, idle_cpu, wakeups)
