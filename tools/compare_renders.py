#!/usr/bin/env python3
"""Renders the same shots of tests/scenes/mini.ron with two sheli binaries and counts the pixels
that differ: tools/compare_renders.py OLD_SHELI NEW_SHELI [OUT_DIR]. Run it under a display
(xvfb-run -a python3 tools/compare_renders.py ...). A refactor of the viewer should leave every
shot identical; a fix shows where it changes the picture. Software rendering is deterministic, so
a difference is real."""
import os, struct, subprocess, sys, zlib

SHOTS = [
    ("overview", []), ("plan", ["--view", "plan"]), ("hall_en", ["--view", "hall", "--english"]),
    ("select", ["--select", "zhuren"]), ("gate", ["--view", "gate"]),
]

def pixels(path):
    data = open(path, "rb").read(); pos = 8; idat = b""
    while pos < len(data):
        n = struct.unpack(">I", data[pos:pos + 4])[0]; kind = data[pos + 4:pos + 8]; chunk = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, _, colour = struct.unpack(">IIBB", chunk[:10])
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + n
    raw = zlib.decompress(idat); bpp = {2: 3, 6: 4}[colour]; stride = w * bpp; out = bytearray(); prev = bytearray(stride)
    for y in range(h):
        f = raw[y * (stride + 1)]; line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0; b = prev[x]; c = prev[x - bpp] if x >= bpp else 0
            if f == 1: line[x] = (line[x] + a) & 255
            elif f == 2: line[x] = (line[x] + b) & 255
            elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out += line; prev = line
    return w, h, bpp, out

def main():
    old, new = sys.argv[1], sys.argv[2]
    out = sys.argv[3] if len(sys.argv) > 3 else "/tmp/sheli-compare"
    differing = 0
    for name, args in SHOTS:
        paths = []
        for label, binary in (("old", old), ("new", new)):
            os.makedirs(os.path.join(out, label), exist_ok=True)
            path = os.path.join(out, label, name + ".png")
            subprocess.run([binary, "render", "tests/scenes/mini.ron", "--time", "3", "--out", path,
                            "--width", "640", "--height", "360", *args], check=True, capture_output=True)
            paths.append(path)
        (w, h, bpp, a), (w2, h2, bpp2, b) = pixels(paths[0]), pixels(paths[1])
        if (w, h) != (w2, h2):
            print(f"{name}: sizes differ"); differing += 1; continue
        diff = sum(1 for i in range(0, len(a), bpp) if a[i:i + 3] != b[i * bpp2 // bpp:i * bpp2 // bpp + 3])
        print(f"{name}: {diff} of {w * h} pixels differ")
        differing += diff > 0
    print(f"{differing} of {len(SHOTS)} shots differ (pictures in {out})")

main()
