"""`make run` without a DRM device (run_in_vm.py) must give a usable kiosk, in both of the ways it
shows the screen:
- VNC (a machine without a desktop): QEMU's VNC server listens on localhost;
- a QEMU window (a desktop, here an Xvfb X server): the window appears and shows the app.
In each, the app reaches its running line, the screen is the app's first screen (equal to the
headless rendering; for the window, as the X server shows it, captured with xwd), a pointer click
acts as a touch (it pushes the detail page), and Ctrl-C (SIGINT) stops the app with status 0 and
then QEMU. On VNC the pointer comes from a real RFB client (rfb.py: PointerEvent messages, as a
vncviewer sends them), which also drags a row open; in the window, from QEMU's tablet via QMP.
~15-25 s each.
Run through run_vm_tests.py (which sets BINARY and builds the cached initramfs first)."""
import json
import os
import queue
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import unittest
from pathlib import Path

import images
import rfb

HERE = Path(__file__).resolve().parent
BINARY = None  # set by run_vm_tests.py
WORKDIR = Path(os.environ.get("SWIPE_KIOSK_E2E_WORK", "/tmp/swipe-kiosk-e2e")) / "run-in-vm"
W, H = 1024, 768
# The default theme and demo data: nav bar 64, "Today" header 28, rows of 76 (test_app_vm.py).
THIRD_ROW_Y = 64 + 28 + 2 * 76 + 38
SECOND_ROW_Y = 64 + 28 + 76 + 38


class QMP:
    """A minimal QMP client for the extra monitor socket run_in_vm.py opens for tests."""

    def __init__(self, path, timeout=20):
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.sock = socket.socket(socket.AF_UNIX)
                self.sock.connect(str(path))
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        self.file = self.sock.makefile("rw")
        self.file.readline()
        self.command("qmp_capabilities")

    def command(self, name, **arguments):
        self.file.write(json.dumps({"execute": name, "arguments": arguments}) + "\n")
        self.file.flush()
        while True:
            reply = json.loads(self.file.readline())
            if "return" in reply or "error" in reply:
                return reply

    def close(self):
        self.sock.close()


class RunInVMCase(unittest.TestCase):
    """Starts run_in_vm.py with a given environment and checks what it shows."""

    def start(self, env):
        WORKDIR.mkdir(parents=True, exist_ok=True)
        self.qmp_path = WORKDIR / "test-qmp.sock"
        self.process = subprocess.Popen(
            [sys.executable, str(HERE / "run_in_vm.py"), "--binary", str(BINARY), "--qmp", str(self.qmp_path),
             "--workdir", str(WORKDIR / "vm")],
            cwd=HERE, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.output, self._lines = [], queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            self._lines.put(line.rstrip("\n"))
        self._lines.put(None)

    def tearDown(self):
        if self.process.poll() is None:
            self.process.kill()  # run_in_vm.py's QEMU is in its own session: end it by its pid too
            pid = re.search(r"qemu pid (\d+)", "\n".join(self.output))
            if pid:
                os.kill(int(pid.group(1)), signal.SIGKILL)
        self.process.wait()
        (WORKDIR / "run_in_vm.out").write_text("\n".join(self.output) + "\n")

    def wait_for(self, pattern, timeout=90):
        deadline = time.monotonic() + timeout
        for line in self.output:
            if re.search(pattern, line):
                return re.search(pattern, line)
        while time.monotonic() < deadline:
            try:
                line = self._lines.get(timeout=0.5)
            except queue.Empty:
                continue
            if line is None:
                break
            self.output.append(line)
            if re.search(pattern, line):
                return re.search(pattern, line)
        self.fail(f"run_in_vm.py never printed /{pattern}/; output:\n" + "\n".join(self.output[-30:]))

    def replay(self, name, script):
        out = WORKDIR / name
        out.mkdir(parents=True, exist_ok=True)
        (out / "script.txt").write_text(script)
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run([str(BINARY), "replay", str(out / "script.txt"), "--out", str(out), "--demo",
                            "--database", f"{tmp}/items.sqlite3"], check=True, capture_output=True)
        return images.read_png(out / "expected.png")

    def screen(self, qmp, name):
        """What the user sees now (QEMU's own screendump; the window test reads the X server)."""
        path = WORKDIR / name / "actual.ppm"
        reply = qmp.command("screendump", filename=str(path))
        self.assertIn("return", reply, reply)
        return images.read_ppm(path)

    def assertScreen(self, qmp, name, expected, retry_s=3.0):
        deadline = time.monotonic() + retry_s
        while True:
            comparison = images.Comparison(expected, self.screen(qmp, name), threshold=8)
            if comparison.differing == 0 or time.monotonic() > deadline:
                break
            time.sleep(0.5)
        print(f"\n  run-in-vm {name}: {comparison.summary()}", flush=True)
        self.assertLessEqual(comparison.differing_share, 0.00005, f"{name}: {comparison.summary()}")

    def check_app_clicks_and_ctrl_c(self, click):
        """The first screen, a pointer click that pushes the detail page, then Ctrl-C.
        `click(qmp, x, y)` presses and releases the pointer at screen pixel (x, y)."""
        self.wait_for(r"kiosk running: /dev/dri/card0 Virtual-1 1024x768")
        self.wait_for(r'input device added: name="QEMU Virtio Tablet"')
        qmp = QMP(self.qmp_path)
        try:
            time.sleep(1.0)
            self.assertScreen(qmp, "first-screen", self.replay(
                "first-screen", "size 1024x768\nat 500 screenshot expected.png\nat 516 end\n"))
            # A pointer click is a touch (slot 1000): on the third row it pushes the detail page.
            click(qmp, 512, THIRD_ROW_Y)
            time.sleep(1.0)
            self.assertScreen(qmp, "pointer-click", self.replay(
                "pointer-click", f"size 1024x768\nat 500 down 0 512 {THIRD_ROW_Y}\nat 560 up 0\n"
                                 "at 1560 screenshot expected.png\nat 1576 end\n"))
            self.after_click(qmp)
        finally:
            qmp.close()
        self.process.send_signal(signal.SIGINT)  # what Ctrl-C in the terminal sends
        self.assertEqual(self.process.wait(timeout=30), 0)
        self.wait_for(r"swipe-kiosk exited with status 0")
        self.wait_for(r"VM stopped")

    def after_click(self, qmp):
        """More checks on the detail page the click pushed (none by default)."""

    @staticmethod
    def qmp_click(qmp, x, y):
        """A click of QEMU's tablet through QMP (device units 0..32767)."""
        for down in (True, False):
            qmp.command("input-send-event", device="vga0", events=[
                {"type": "abs", "data": {"axis": "x", "value": x * 32768 // W}},
                {"type": "abs", "data": {"axis": "y", "value": y * 32768 // H}},
                {"type": "btn", "data": {"down": down, "button": "left"}}])
            time.sleep(0.06)


class VNCRunInVMTest(RunInVMCase):
    def setUp(self):
        self.start({k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")})

    def test_vnc_run_shows_the_app_takes_clicks_and_stops_on_ctrl_c(self):
        """A VNC client's pointer is a finger: the server forwards it as absolute positions to
        the tablet (not as relative motion to the PS/2 mouse the guest has no driver for), a
        click pushes a row's detail page and, back on the list, a drag opens a row."""
        vnc = self.wait_for(r"VNC at localhost:(\d+); connect with: vncviewer localhost:(\d+)")
        port = int(vnc.group(1))
        self.wait_for(r'input device added: name="QEMU Virtio Tablet"')
        with rfb.RFBClient(("127.0.0.1", port)) as client:
            self.assertEqual((client.width, client.height), (W, H))
            self.assertEqual(client.pointer_mode(), "absolute", "QEMU's VNC server should send absolute positions")
            self.client = client
            self.check_app_clicks_and_ctrl_c(lambda _qmp, x, y: client.click(x, y))
        with self.assertRaises(OSError, msg="QEMU (and its VNC server) should be gone"):
            socket.create_connection(("127.0.0.1", port), timeout=2).close()

    def after_click(self, qmp):
        """Escape back to the list, then a slow VNC drag on the second row opens its actions."""
        self.assertIn("return", qmp.command("send-key", keys=[{"type": "qcode", "data": "esc"}]))
        time.sleep(1.0)
        self.client.drag(1000, 700, SECOND_ROW_Y)
        time.sleep(1.5)
        moves = "".join(f"at {2600 + 16 * (i + 1)} move 0 {1000 - 10 * (i + 1)} {SECOND_ROW_Y}\n" for i in range(30))
        self.assertScreen(qmp, "pointer-drag", self.replay("pointer-drag", (
            f"size 1024x768\nat 500 down 0 512 {THIRD_ROW_Y}\nat 560 up 0\nat 1560 key ESC\n"
            f"at 2600 down 0 1000 {SECOND_ROW_Y}\n{moves}at {2600 + 16 * 30 + 200} up 0\n"
            f"at {2600 + 16 * 30 + 1700} screenshot expected.png\nat {2600 + 16 * 30 + 1716} end\n")))


class WindowRunInVMTest(RunInVMCase):
    """A desktop: an Xvfb X server; the user sees the QEMU window's contents."""

    def setUp(self):
        read, write = os.pipe()
        self.xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                                     pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as pipe:
            self.display = ":" + pipe.readline().strip()
        env = {k: v for k, v in os.environ.items() if k != "WAYLAND_DISPLAY"}
        env["DISPLAY"] = self.display
        self.start(env)

    def tearDown(self):
        super().tearDown()
        self.xvfb.terminate()
        self.xvfb.wait()

    def x(self, *command):
        return subprocess.run(command, env={**os.environ, "DISPLAY": self.display}, check=True,
                              capture_output=True).stdout

    def screen(self, qmp, name):
        tree = self.x("xwininfo", "-root", "-tree").decode()
        window = re.search(r'^\s*(0x[0-9a-f]+) "QEMU": \(', tree, re.MULTILINE)
        self.assertIsNotNone(window, f"no QEMU window on {self.display}:\n{tree}")
        path = WORKDIR / name / "window.xwd"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(self.x("xwd", "-id", window.group(1), "-silent"))
        shown = images.read_xwd(path)
        # The guest's 1024x768 screen at 1:1 fills the window below QEMU's menu bar.
        self.assertEqual(shown.width, W, "the window is as wide as the guest's screen")
        self.assertGreater(shown.height, H)
        return images.crop(shown, 0, shown.height - H, W, H)

    def test_window_run_shows_the_app_takes_clicks_and_stops_on_ctrl_c(self):
        self.wait_for(r"the screen is in the QEMU window")
        self.check_app_clicks_and_ctrl_c(self.qmp_click)
        tree = self.x("xwininfo", "-root", "-tree").decode()
        self.assertNotIn('"QEMU"', tree, "the QEMU window should be gone")
