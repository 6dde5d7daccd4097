"""A minimal RFB (VNC) client, stdlib only, so the `make run` test drives QEMU's VNC server the way a
person's vncviewer does: the RFB 3.8 handshake with security type None, ClientInit, SetEncodings
with QEMU's pointer-type pseudo-encoding (the server then says whether it forwards the pointer as
absolute positions or relative motion), PointerEvent messages (a button mask and a position in
framebuffer pixels), and SetDesktopSize (what a viewer sends when its window is resized). It reads no framebuffer pixels: the tests take QMP screendumps.
RFC 6143; QEMU's pseudo-encoding -257 is in QEMU's ui/vnc.c and the RFB community docs."""
import socket
import struct
import time

SECURITY_NONE = 1
ENCODING_RAW = 0
ENCODING_QEMU_POINTER_TYPE_CHANGE = -257
MESSAGE_SET_ENCODINGS = 2
MESSAGE_POINTER_EVENT = 5
MESSAGE_SET_DESKTOP_SIZE = 251
MESSAGE_FRAMEBUFFER_UPDATE = 0
ENCODING_DESKTOP_SIZE = -223
ENCODING_EXTENDED_DESKTOP_SIZE = -308
BUTTON_LEFT = 1


class RFBError(AssertionError):
    pass


class RFBClient:
    """One connection. `width`/`height`/`name` come from ServerInit."""

    def __init__(self, address, timeout=10):
        """`address`: (host, port), or the path of a VNC unix socket (QEMU's -vnc unix:PATH)."""
        if isinstance(address, tuple):
            self.sock = socket.create_connection(address, timeout=timeout)
        else:
            self.sock = socket.socket(socket.AF_UNIX)
            self.sock.settimeout(timeout)
            self.sock.connect(str(address))
        version = self._read(12)
        if not version.startswith(b"RFB 003."):
            raise RFBError(f"not an RFB server: {version!r}")
        self.sock.sendall(b"RFB 003.008\n")
        count = self._read(1)[0]
        if count == 0:
            length = struct.unpack(">I", self._read(4))[0]
            raise RFBError(f"server refused: {self._read(length).decode(errors='replace')}")
        types = self._read(count)
        if SECURITY_NONE not in types:
            raise RFBError(f"server wants authentication (security types {list(types)})")
        self.sock.sendall(bytes([SECURITY_NONE]))
        if struct.unpack(">I", self._read(4))[0] != 0:
            raise RFBError("security handshake failed")
        self.sock.sendall(b"\x01")  # ClientInit: share the desktop
        self.width, self.height = struct.unpack(">HH", self._read(4))
        self._read(16)  # the server's pixel format
        self.name = self._read(struct.unpack(">I", self._read(4))[0]).decode(errors="replace")

    def close(self):
        self.sock.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _read(self, count):
        data = b""
        while len(data) < count:
            chunk = self.sock.recv(count - len(data))
            if not chunk:
                raise RFBError("the server closed the connection")
            data += chunk
        return data

    def pointer_mode(self):
        """Asks for QEMU's pointer-type pseudo-encoding and returns "absolute" or "relative", as
        the server announces it in a FramebufferUpdate rectangle (x = 1 means absolute). Call it
        first: it reads the server's replies up to that rectangle."""
        encodings = (ENCODING_RAW, ENCODING_QEMU_POINTER_TYPE_CHANGE)
        self.sock.sendall(struct.pack(">BxH", MESSAGE_SET_ENCODINGS, len(encodings))
                          + b"".join(struct.pack(">i", e) for e in encodings))
        while True:
            kind = self._read(1)[0]
            if kind != MESSAGE_FRAMEBUFFER_UPDATE:
                raise RFBError(f"unexpected server message {kind} before the pointer type")
            rectangles = struct.unpack(">xH", self._read(3))[0]
            for _ in range(rectangles):
                x, _y, w, h, encoding = struct.unpack(">HHHHi", self._read(12))
                if encoding == ENCODING_QEMU_POINTER_TYPE_CHANGE:
                    return "absolute" if x else "relative"
                if encoding != ENCODING_RAW:
                    raise RFBError(f"unexpected encoding {encoding}")
                self._read(w * h * 4)  # not requested, but skip it if it comes

    def set_desktop_size(self, width, height):
        """Asks for a new screen size with one screen (ExtendedDesktopSize's SetDesktopSize), as a
        viewer does when its window is resized. QEMU hands it to the display device: virtio-gpu
        then offers that size as its connector's preferred mode, and 0x0 disconnects the
        connector; the guest kernel announces either with a HOTPLUG=1 uevent. The server's
        replies are not read (the tests look at the guest)."""
        encodings = (ENCODING_RAW, ENCODING_DESKTOP_SIZE, ENCODING_EXTENDED_DESKTOP_SIZE)
        self.sock.sendall(struct.pack(">BxH", MESSAGE_SET_ENCODINGS, len(encodings))
                          + b"".join(struct.pack(">i", e) for e in encodings))
        self.sock.sendall(struct.pack(">BxHHBx", MESSAGE_SET_DESKTOP_SIZE, width, height, 1)
                          + struct.pack(">IHHHHI", 0, 0, 0, width, height, 0))

    def pointer(self, x, y, buttons=0):
        """One PointerEvent: position in framebuffer pixels, `buttons` a mask (1 = left)."""
        self.sock.sendall(struct.pack(">BBHH", MESSAGE_POINTER_EVENT, buttons, x, y))

    def click(self, x, y, hold_s=0.06):
        self.pointer(x, y)
        self.pointer(x, y, BUTTON_LEFT)
        time.sleep(hold_s)
        self.pointer(x, y)

    def drag(self, x0, x1, y, step=10, every_s=0.016, hold_s=0.2):
        """Press at (x0, y), move to (x1, y) in `step` pixel steps, hold still, release."""
        self.pointer(x0, y)
        self.pointer(x0, y, BUTTON_LEFT)
        deadline, x = time.monotonic(), x0
        direction = 1 if x1 > x0 else -1
        while x != x1:
            x += direction * min(step, abs(x1 - x))
            deadline += every_s
            time.sleep(max(0.0, deadline - time.monotonic()))
            self.pointer(x, y, BUTTON_LEFT)
        time.sleep(hold_s)
        self.pointer(x1, y)
