"""Pixel tools for comparing what QEMU scanned out (screendump PPM) with what `swipe-kiosk replay`
rendered headless (PNG), with the standard library only (no PIL, no numpy on a fresh Debian):
a PNG reader and writer, an X window dump reader (QEMU's window on a desktop), cropping, a
clockwise quarter turn for rotated panels, the share of black pixels (console or unlit screen),
and a comparison that reports the mean absolute difference and the share of differing pixels
and can draw a diff."""
import struct
import zlib
from pathlib import Path

from vm import Image, read_ppm

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_LOW7 = {}


def _low7(length):
    """0x7f7f…7f and 0x8080…80 masks of `length` bytes (for byte-wise adds on big ints)."""
    if length not in _LOW7:
        _LOW7[length] = (int.from_bytes(b"\x7f" * length, "big"), int.from_bytes(b"\x80" * length, "big"))
    return _LOW7[length]


def _add_bytes(a, b, length):
    """Byte-wise (a + b) mod 256 of two `length`-byte big-endian integers, no carries between bytes."""
    low, high = _low7(length)
    return ((a & low) + (b & low)) ^ ((a ^ b) & high)


def _unfilter_sub(row, bpp):
    """Sub: each byte adds the reconstructed byte bpp to its left (a prefix sum per channel),
    computed in log2(len) big-int steps instead of one Python step per byte."""
    n = len(row)
    value = int.from_bytes(row, "big")
    shift = bpp
    while shift < n:
        value = _add_bytes(value, value >> (8 * shift), n)
        shift *= 2
    return value.to_bytes(n, "big")


def _paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def read_png(path):
    """An 8-bit RGB or RGBA, non-interlaced PNG as an RGB `Image` (alpha dropped: screens are opaque)."""
    data = Path(path).read_bytes()
    if not data.startswith(PNG_SIGNATURE):
        raise ValueError(f"{path}: not a PNG file")
    pos, idat, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    width, height, depth, color, _, _, interlace = header
    if depth != 8 or color not in (2, 6) or interlace:
        raise ValueError(f"{path}: only 8-bit RGB/RGBA non-interlaced PNGs are supported")
    bpp = 4 if color == 6 else 3
    raw = zlib.decompress(b"".join(idat))
    stride = width * bpp
    previous = bytes(stride)
    rows = []
    for y in range(height):
        kind = raw[y * (stride + 1)]
        row = raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)]
        if kind == 0:
            out = row
        elif kind == 1:
            out = _unfilter_sub(row, bpp)
        elif kind == 2:
            out = _add_bytes(int.from_bytes(row, "big"), int.from_bytes(previous, "big"), stride).to_bytes(stride, "big")
        else:
            out = bytearray(row)
            if kind == 3:
                for i in range(stride):
                    left = out[i - bpp] if i >= bpp else 0
                    out[i] = (out[i] + ((left + previous[i]) >> 1)) & 255
            elif kind == 4:
                for i in range(bpp):
                    out[i] = (out[i] + previous[i]) & 255
                for i in range(bpp, stride):
                    out[i] = (out[i] + _paeth(out[i - bpp], previous[i], previous[i - bpp])) & 255
            else:
                raise ValueError(f"{path}: bad filter type {kind} in row {y}")
            out = bytes(out)
        rows.append(out)
        previous = out
    pixels = b"".join(rows)
    if bpp == 4:
        rgb = bytearray(width * height * 3)
        rgb[0::3], rgb[1::3], rgb[2::3] = pixels[0::4], pixels[1::4], pixels[2::4]
        pixels = bytes(rgb)
    return Image(width, height, pixels)


def read_xwd(path):
    """An X window dump (`xwd -silent`) of a 24-bit TrueColor window with 32-bit little-endian
    pixels (what Xvfb and x86 desktops give) as an RGB `Image`."""
    data = Path(path).read_bytes()
    (header_size, version, pixmap_format, _depth, width, height, _xoffset, byte_order, _unit, _bit_order,
     _pad, bits_per_pixel, bytes_per_line, visual_class, red, green, blue, _bits, _entries,
     ncolors) = struct.unpack(">20I", data[:80])
    if (version, pixmap_format, byte_order, bits_per_pixel, visual_class) != (7, 2, 0, 32, 4) \
            or (red, green, blue) != (0xFF0000, 0xFF00, 0xFF):
        raise ValueError(f"{path}: not a 32-bit little-endian TrueColor ZPixmap window dump")
    start = header_size + 12 * ncolors
    rgb = bytearray(width * height * 3)
    for y in range(height):
        row = data[start + y * bytes_per_line:start + y * bytes_per_line + 4 * width]  # B G R X
        base, end = y * width * 3, (y + 1) * width * 3
        rgb[base:end:3], rgb[base + 1:end:3], rgb[base + 2:end:3] = row[2::4], row[1::4], row[0::4]
    return Image(width, height, bytes(rgb))


def crop(image, x, y, width, height):
    """The `width` x `height` part of `image` whose top-left corner is (x, y)."""
    stride = image.width * 3
    rows = (image.pixels[(y + r) * stride + 3 * x:(y + r) * stride + 3 * (x + width)] for r in range(height))
    return Image(width, height, b"".join(rows))


def read_image(path):
    return read_png(path) if Path(path).read_bytes()[:8] == PNG_SIGNATURE else read_ppm(path)


def write_png(image, path):
    """Writes an RGB `Image` as a PNG (filter 0 on every row)."""
    stride = image.width * 3
    raw = b"".join(b"\x00" + image.pixels[y * stride:(y + 1) * stride] for y in range(image.height))

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    Path(path).write_bytes(PNG_SIGNATURE + chunk(b"IHDR", struct.pack(">IIBBBBB", image.width, image.height, 8, 2, 0, 0, 0))
                           + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def dark_fraction(image):
    """Share of pure black pixels (every 97th sampled): a text console or an unlit screen is
    mostly black, the app never is."""
    pixels = image.pixels
    black = sum(1 for i in range(0, len(pixels), 3 * 97) if pixels[i:i + 3] == b"\0\0\0")
    return black / (len(pixels) // (3 * 97))


def rotate_clockwise(image):
    """The picture a panel shows when the app's upright (logical) frame is turned 90° clockwise:
    physical (px, py) shows logical (x: py, y: height - 1 - px), as KioskHardware copies it."""
    w, h, src = image.width, image.height, image.pixels
    out = bytearray(w * h * 3)
    for py in range(w):  # physical height = logical width
        for px in range(h):  # physical width = logical height
            i = ((h - 1 - px) * w + py) * 3
            o = (py * h + px) * 3
            out[o:o + 3] = src[i:i + 3]
    return Image(h, w, bytes(out))


class Comparison:
    """How far two same-sized RGB images are apart."""

    def __init__(self, expected, actual, threshold=0):
        if (expected.width, expected.height) != (actual.width, actual.height):
            raise ValueError(f"sizes differ: {expected.width}x{expected.height} vs {actual.width}x{actual.height}")
        self.expected, self.actual = expected, actual
        a, b = expected.pixels, actual.pixels
        self.pixels = expected.width * expected.height
        if a == b:
            self.total, self.differing, self.maximum, self.bounds = 0, 0, 0, None
            return
        total = differing = maximum = 0
        xs, ys = [], []
        width3 = expected.width * 3
        for y in range(expected.height):
            ra, rb = a[y * width3:(y + 1) * width3], b[y * width3:(y + 1) * width3]
            if ra == rb:
                continue
            for x in range(expected.width):
                i = x * 3
                d = max(abs(ra[i] - rb[i]), abs(ra[i + 1] - rb[i + 1]), abs(ra[i + 2] - rb[i + 2]))
                if d:
                    total += abs(ra[i] - rb[i]) + abs(ra[i + 1] - rb[i + 1]) + abs(ra[i + 2] - rb[i + 2])
                    maximum = max(maximum, d)
                    if d > threshold:
                        differing += 1
                        xs.append(x)
                        ys.append(y)
        self.total, self.differing, self.maximum = total, differing, maximum
        self.bounds = (min(xs), min(ys), max(xs), max(ys)) if xs else None

    @property
    def mean_absolute_difference(self):
        """Mean over all pixels and channels, in 0..255 levels."""
        return self.total / (self.pixels * 3)

    @property
    def differing_share(self):
        return self.differing / self.pixels

    def summary(self):
        return (f"mean abs diff {self.mean_absolute_difference:.4f}/255, differing pixels "
                f"{self.differing} ({100 * self.differing_share:.4f} %), max channel diff {self.maximum}, "
                f"bounds {self.bounds}")

    def diff_image(self):
        """Dimmed expected picture with every differing pixel in magenta."""
        a, b = self.expected.pixels, self.actual.pixels
        out = bytearray(x // 4 for x in a)
        for i in range(0, len(a), 3):
            if a[i:i + 3] != b[i:i + 3]:
                out[i:i + 3] = b"\xff\x00\xff"
        return Image(self.expected.width, self.expected.height, bytes(out))
