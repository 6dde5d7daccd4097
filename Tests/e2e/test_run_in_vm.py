"""`make run` without a DRM device (run_in_vm.py) must give a usable kiosk, in both of the ways it
shows the screen:
- VNC (a machine without a desktop): QEMU's VNC server listens on localhost;
- a QEMU window (a desktop, here an Xvfb X server): the window appears and shows the app.
In each, the app reaches its running line, the screen is the app's first screen (equal to the
headless rendering; for the window, as the X server shows it, captured with xwd), a click of
QEMU's tablet acts as a touch (it pushes the detail page), and Ctrl-C (SIGINT) stops the app with
status 0 and then QEMU. ~15 s each.
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

HERE = Path(__file__).resolve().parent
BINARY = None  # set by run_vm_tests.py
WORKDIR = Path(os.environ.get("SWIPE_KIOSK_E2E_WORK", "/tmp/swipe-kiosk-e2e")) / "run-in-vm"
W, H = 1024, 768


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
            subprocess.run([str(BINARY), "replay", str(out / "script.txt"), "--out", str(out),
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

    def check_app_clicks_and_ctrl_c(self):
        """The first screen, a tablet click that pushes the detail page, then Ctrl-C."""
        self.wait_for(r"kiosk running: /dev/dri/card0 Virtual-1 1024x768")
        self.wait_for(r'input device added: name="QEMU Virtio Tablet"')
        qmp = QMP(self.qmp_path)
        try:
            time.sleep(1.0)
            self.assertScreen(qmp, "first-screen", self.replay(
                "first-screen", "size 1024x768\nat 500 screenshot expected.png\nat 516 end\n"))
            # A tablet click is a touch (slot 1000): on the third row it pushes the detail page.
            y = (64 + 2 * 76 + 38) * 32768 // H
            for down in (True, False):
                qmp.command("input-send-event", device="vga0", events=[
                    {"type": "abs", "data": {"axis": "x", "value": 16384}},
                    {"type": "abs", "data": {"axis": "y", "value": y}},
                    {"type": "btn", "data": {"down": down, "button": "left"}}])
                time.sleep(0.06)
            time.sleep(1.0)
            self.assertScreen(qmp, "tablet-tap", self.replay(
                "tablet-tap", f"size 1024x768\nat 500 down 0 512 {y * H / 32768!r}\nat 560 up 0\n"
                              "at 1560 screenshot expected.png\nat 1576 end\n"))
        finally:
            qmp.close()
        self.process.send_signal(signal.SIGINT)  # what Ctrl-C in the terminal sends
        self.assertEqual(self.process.wait(timeout=30), 0)
        self.wait_for(r"swipe-kiosk exited with status 0")
        self.wait_for(r"VM stopped")


class VNCRunInVMTest(RunInVMCase):
    def setUp(self):
        self.start({k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")})

    def test_vnc_run_shows_the_app_takes_clicks_and_stops_on_ctrl_c(self):
        vnc = self.wait_for(r"VNC at localhost:(\d+); connect with: vncviewer localhost:(\d+)")
        port = int(vnc.group(1))
        with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
            self.assertEqual(conn.recv(12), b"RFB 003.008\n", "QEMU's VNC server greets with RFB")
        self.check_app_clicks_and_ctrl_c()
        with self.assertRaises(OSError, msg="QEMU (and its VNC server) should be gone"):
            socket.create_connection(("127.0.0.1", port), timeout=2).close()


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
        self.check_app_clicks_and_ctrl_c()
        tree = self.x("xwininfo", "-root", "-tree").decode()
        self.assertNotIn('"QEMU"', tree, "the QEMU window should be gone")
