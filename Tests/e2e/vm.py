"""One QEMU guest for the SwipeKiosk VM tests: boots the cached vmlinux + initramfs under TCG with
a bochs (VGA) display, a virtio tablet and two virtio-serial ports (ctl: shell commands; touch0:
the uinput touchscreen's command stream), and exposes the serial console as a line stream, QMP
for screendumps, tablet and keyboard input, and pixel reading of the dumps (stdlib only, no PIL).
`make run` uses the same guest with a window or VNC instead of no display (run_in_vm.py).
The tablet is bound to no display on purpose: QEMU 7.2's VNC server forwards its pointer as
absolute positions only when an unbound absolute device exists; with the tablet bound to vga0 it
sent relative motion to the PS/2 mouse, which the guest has no driver for (clicks went nowhere).
QMP `input-send-event` with device=vga0 still reaches the unbound tablet."""
import json
import os
import queue
import socket
import subprocess
import threading
import time
from pathlib import Path


class VMError(AssertionError):
    pass


# QEMU display device -> (the guest's DRM driver, whether it takes xres/yres for its preferred mode).
# cirrus-vga has no such properties: its driver prefers 1024x768 by itself.
GPUS = {"VGA": ("bochs-drm", True), "virtio-vga": ("virtio_gpu", True), "cirrus-vga": ("cirrus", False),
        "virtio-gpu-pci": ("virtio_gpu", True)}
# Guest CPU -> QEMU and its machine options, and the kernel's serial console. aarch64: the `virt`
# board (PCI for the virtio devices, a PL011 UART); cortex-a72 rather than `max`, whose pointer
# authentication TCG emulates slowly.
ARCHES = {"x86_64": (["qemu-system-x86_64"], "ttyS0"),
          "aarch64": (["qemu-system-aarch64", "-M", "virt", "-cpu", "cortex-a72"], "ttyAMA0")}


class VM:
    """A running guest. Use as a context manager; `lines` collects every console line."""

    def __init__(self, vmlinux, initrd, workdir, xres=1024, yres=768, append="", drive=None,
                 display=("-display", "none"), extra=(), new_session=False, gpu="VGA", arch="x86_64", cpus=1):
        """`gpu`: the QEMU display device (GPUS: its kernel driver); `display`: QEMU's display
        options (a window or VNC for `make run`); `extra`: more QEMU
        arguments; `new_session`: keep QEMU out of the terminal's process group, so Ctrl-C
        reaches only the Python driver, which then shuts the guest down in order; `arch`: the
        guest CPU (ARCHES); `cpus`: how many (one unless a test says why: the panels' figures
        under TCG are a worst case on one)."""
        machine, console = ARCHES[arch]
        self.workdir = Path(workdir)
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.lines = []
        self._queue = queue.Queue()
        self._cursor = 0
        self._follow = 0
        sockets = {name: self.workdir / f"{name}.sock" for name in ("qmp", "ctl", "touch")}
        for path in sockets.values():
            path.unlink(missing_ok=True)
        self.started = time.monotonic()
        self.process = subprocess.Popen([
            *machine, "-accel", "tcg", "-m", "768", "-smp", str(cpus),
            "-kernel", str(vmlinux), "-initrd", str(initrd),
            "-append", f"console={console} quiet panic=-1 {append}".strip(),
            *display, "-serial", "stdio", "-monitor", "none", "-no-reboot",
            "-qmp", f"unix:{sockets['qmp']},server=on,wait=off",
            "-vga", "none", "-device", f"{gpu},id=vga0" + (f",xres={xres},yres={yres}" if GPUS[gpu][1] else ""),
            "-device", "virtio-tablet-pci,id=tab0",
            "-device", "virtio-serial-pci",
            "-chardev", f"socket,id=ctl,path={sockets['ctl']},server=on,wait=off",
            "-device", "virtserialport,chardev=ctl,name=ctl",
            "-chardev", f"socket,id=touch,path={sockets['touch']},server=on,wait=off",
            "-device", "virtserialport,chardev=touch,name=touch0",
            *(["-drive", f"file={drive},if=virtio,format=raw"] if drive else []),
            *extra,
        ], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=new_session)
        threading.Thread(target=self._read_console, daemon=True).start()
        try:
            self.qmp = self._connect(sockets["qmp"])
            self._qmp_file = self.qmp.makefile("rw")
            self._qmp_file.readline()
            self.qmp_command("qmp_capabilities")
            self.ctl = self._connect(sockets["ctl"])
            self.touch = self._connect(sockets["touch"])
        except (OSError, ValueError, VMError) as error:
            self.process.kill()
            self.process.wait()
            time.sleep(0.2)  # the console reader passes on QEMU's last words
            while not self._queue.empty() and self._drain():
                pass
            raise VMError(f"QEMU did not start ({error}): " + " | ".join(self.lines[-5:])) from None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        (self.workdir / "console.log").write_text("\n".join(self.lines) + "\n")

    def _connect(self, path):
        deadline = time.monotonic() + 10
        while True:
            try:
                sock = socket.socket(socket.AF_UNIX)
                sock.connect(str(path))
                return sock
            except OSError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise VMError(f"cannot connect to {path}")
                time.sleep(0.05)

    def _read_console(self):
        for raw in self.process.stdout:
            line = raw.decode(errors="replace").rstrip("\r\n").replace("\x1b[6n", "")
            self._queue.put(line)
        self._queue.put(None)

    def elapsed(self):
        return time.monotonic() - self.started

    def mark(self):
        """Later `wait_for` calls only look at console lines printed after this point."""
        self._drain()
        self._cursor = len(self.lines)

    def _drain(self, timeout=0.0):
        try:
            line = self._queue.get(timeout=timeout) if timeout else self._queue.get_nowait()
        except queue.Empty:
            return True
        if line is None:
            return False
        self.lines.append(line)
        return True

    def wait_for(self, predicate, timeout=60, what=None):
        """Returns the first console line since the last `mark()` for which `predicate` is true
        (a string matches lines containing it). Lines may arrive in any order."""
        test = (lambda line: predicate in line) if isinstance(predicate, str) else predicate
        deadline = time.monotonic() + timeout
        checked = self._cursor
        while True:
            for line in self.lines[checked:]:
                if test(line):
                    return line
            checked = len(self.lines)
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise VMError(f"timed out waiting for {what or predicate!r}; last lines:\n" + "\n".join(self.lines[-25:]))
            if not self._drain(timeout=min(remaining, 0.5)):
                raise VMError(f"guest stopped while waiting for {what or predicate!r}:\n" + "\n".join(self.lines[-25:]))

    def new_lines(self, timeout=0.0):
        """Console lines that arrived since the previous call (waits up to `timeout` for one);
        None once the guest has stopped and every line was returned."""
        start = self._follow
        alive = self._drain(timeout=timeout) if start == len(self.lines) else True
        while alive and not self._queue.empty():
            alive = self._drain()
        self._follow = len(self.lines)
        return self.lines[start:] if alive or start < len(self.lines) else None

    def lines_since_mark(self):
        self._drain()
        return self.lines[self._cursor:]

    def shell(self, command):
        """Runs `command` in the guest's ctl shell (output appears on the console)."""
        self.ctl.sendall(command.encode() + b"\n")

    def send_touch(self, *commands):
        """Feeds the uinput touchscreen, e.g. send_touch('d 0 8192 8192', 'u 0')."""
        self.touch.sendall("".join(c + "\n" for c in commands).encode())

    def qmp_command(self, name, **arguments):
        self._qmp_file.write(json.dumps({"execute": name, "arguments": arguments}) + "\n")
        self._qmp_file.flush()
        while True:
            reply = json.loads(self._qmp_file.readline())
            if "return" in reply:
                return reply["return"]
            if "error" in reply:
                raise VMError(f"QMP {name}: {reply['error']}")

    def tablet(self, x, y, down=None):
        """Moves QEMU's virtio tablet to device units (0..32767) and optionally presses/releases."""
        events = [{"type": "abs", "data": {"axis": "x", "value": x}},
                  {"type": "abs", "data": {"axis": "y", "value": y}}]
        if down is not None:
            events.append({"type": "btn", "data": {"down": down, "button": "left"}})
        self.qmp_command("input-send-event", device="vga0", events=events)

    def send_keys(self, *keys):
        """Presses QEMU qcodes together on the guest's PS/2 keyboard and releases them
        (send_keys("ctrl", "alt", "f2"))."""
        self.qmp_command("send-key", keys=[{"type": "qcode", "data": key} for key in keys])

    def screendump(self, name="screen.ppm"):
        path = self.workdir / name
        self.qmp_command("screendump", filename=str(path))
        return read_ppm(path)


class Image:
    def __init__(self, width, height, pixels):
        self.width, self.height, self.pixels = width, height, pixels

    def __getitem__(self, xy):
        x, y = xy
        i = (y * self.width + x) * 3
        return tuple(self.pixels[i:i + 3])


def read_ppm(path):
    data = Path(path).read_bytes()
    fields, pos = [], 0
    while len(fields) < 4:
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b"#":
            pos = data.index(b"\n", pos)
            continue
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[pos:end])
        pos = end
    if fields[0] != b"P6":
        raise VMError(f"{path}: not a P6 PPM")
    width, height = int(fields[1]), int(fields[2])
    return Image(width, height, data[pos + 1:pos + 1 + width * height * 3])
