#!/usr/bin/env python3
"""Renders every reading of every disputed point at the clause where it differs: a 3D render (the
director's shot of the clause) and a plan for each, named POINT-READING, to look at.

usage: tools/readings_gallery.py SHELI OUT_DIR   (needs xvfb-run and Mesa for the renders)"""
import json, os, subprocess, sys

sheli, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)

def run(*args):
    return subprocess.run([sheli, *args], check=True, capture_output=True, text=True).stdout

for scene in ["scenes/xiang_she.ron", "scenes/da_she.ron"]:
    for point in json.loads(run("readings", scene, "--json")):
        changed = next((a for a in point["alternatives"] if not a["default"]), None)
        for alt in point["alternatives"]:
            choice = f"{point['id']}={alt['id']}"
            steps = json.loads(run("steps", scene, "--json", "--reading", choice))
            beats = [(s, b) for s in steps for b in s["beats"]]
            if point.get("shown_at"):
                words = "".join(c for c in point["shown_at"] if c.isalnum())
                beat = next(b for _, b in beats if words in "".join(c for c in b["text"] if c.isalnum()))
                # inside the clause: at its very end the next one is on screen
                t = beat["rite_start"] + 0.9 * (beat["rite_end"] - beat["rite_start"])
            elif changed and changed["beats"]:
                b = changed["beats"][0]
                step = next(s for s in steps if s["id"] == b["step"])
                beat = step["beats"][b["beat"] - 1]
                t = beat["rite_start"] + 0.6 * (beat["rite_end"] - beat["rite_start"])
            else:
                t = steps[0]["beats"][0]["rite_end"]
            name = f"{out}/{point['id']}-{alt['id']}"
            run("plan", scene, "--time", f"{t:.3f}", "--reading", choice, "--crop", "court", "--out", name + ".svg")
            subprocess.run(["xvfb-run", "-a", sheli, "render", scene, "--time", f"{t:.3f}", "--reading", choice,
                            "--view", "director", "--pace", "real", "--width", "960", "--height", "540", "--out", name + ".png"],
                           check=True, capture_output=True)
            print(name, f"t={t:.1f}")
