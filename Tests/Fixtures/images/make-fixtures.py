#!/usr/bin/env python3
"""Writes the image test fixtures (run from this folder: python3 make-fixtures.py).

stripes.*: 48 x 32 pixels, three vertical stripes (red, green, blue, 16 pixels each), in PNG here and
in JPEG, GIF and WebP through make-codecs.c (compiled against the Debian libraries). The hostile files
are made here by hand: a header declaring 50000 x 50000 pixels, a real 8000 x 8000 decompression bomb
(64 million pixels in a few kilobytes), and files cut short.
"""
import os, struct, subprocess, zlib

W, H = 48, 32
COLOURS = [(255, 0, 0), (0, 255, 0), (0, 0, 255)]


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(width, height, colour_type, bit_depth, raw, level=9):
    ihdr = struct.pack(">IIBBBBB", width, height, bit_depth, colour_type, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw, level)) + chunk(b"IEND", b"")


def stripes_rgb():
    row = b"".join(bytes(COLOURS[x // 16]) for x in range(W))
    return b"".join(b"\x00" + row for _ in range(H))


def write(name, data):
    with open(name, "wb") as f:
        f.write(data)


stripes = png(W, H, 2, 8, stripes_rgb())
write("stripes.png", stripes)
write("stripes.rgb", b"".join(
    bytes(COLOURS[x // 16]) for _ in range(H) for x in range(W)))
# 50000 x 50000 declared, one row of data: refused from the header.
write("huge-dimensions.png", png(50000, 50000, 0, 1, b"\x00" * 6251))
# A complete, valid 8000 x 8000 1-bit image: 8 MB of zeros compressed to a few kilobytes.
write("bomb.png", png(8000, 8000, 0, 1, b"\x00" * (8000 * 1001)))
write("truncated.png", stripes[: len(stripes) // 2])
write("not-an-image.png", b"<html>not a picture</html>\n")

subprocess.run(["cc", "-O1", "-o", "/tmp/quizline-make-codecs", "make-codecs.c", "-ljpeg", "-lgif", "-lwebp"],
               check=True)
subprocess.run(["/tmp/quizline-make-codecs"], input=open("stripes.rgb", "rb").read(), check=True)
os.remove("/tmp/quizline-make-codecs")
for name in ("stripes.jpg", "stripes.gif", "stripes.webp"):
    data = open(name, "rb").read()
    write("truncated." + name.split(".")[1], data[: len(data) // 2])
