#!/usr/bin/env python3
"""Draw a fresh audit sample: beats that place, move, turn, seat or raise someone,
or change what someone holds, none of whose text was used by an earlier audit. With
--acting, also the beats where someone acts (bows, speaks, drinks) and nothing of that
changes: once every beat that changes something has been read, these are what is left.

usage: tools/audit_sample.py [--acting] BIN SCENE COUNT SEED [USED_TSV ...] > sample.tsv
Prints fragment, nth, actors (ids), rite_start, rite_end. The fragment is the
beat's whole 原文; nth counts beats whose text contains it, as `sheli state
--text F --nth N` does."""
import json, random, subprocess, sys

def state(binary, scene, t):
    out = subprocess.run([binary, "state", scene, "--time", str(t), "--json"],
                         check=True, capture_output=True, text=True).stdout
    return {a["id"]: a for a in json.loads(out)["actors"] if a["present"]}

def changed(a, b):
    if a is None or b is None:
        return a is not b
    dist = sum((x - y) ** 2 for x, y in zip(a["position"], b["position"])) ** 0.5
    return (dist > 0.2 or a["facing"] != b["facing"] or a["pose"] != b["pose"]
            or a["holding"] != b["holding"])

def letters(text):
    return "".join(c for c in text if c.isalnum())

def main():
    args = sys.argv[1:]
    acting = args[:1] == ["--acting"]
    if acting:
        args = args[1:]
    binary, scene, count, seed, used_files = (args[0], args[1], int(args[2]), int(args[3]), args[4:])
    used = set()
    for path in used_files:
        for line in open(path, encoding="utf-8").read().splitlines()[1:]:
            cells = line.split("\t")
            fragment = cells[1] if cells[0] in ("xiang_she", "da_she") else cells[0]
            if letters(fragment):
                used.add(letters(fragment))
    steps = json.loads(subprocess.run([binary, "steps", scene, "--json"], check=True,
                                      capture_output=True, text=True).stdout)
    beats = [b for s in steps for b in s["beats"]]
    texts = [letters(b["text"]) for b in beats]
    candidates = []
    for i, beat in enumerate(beats):
        text = texts[i]
        if not text or any(u in text or text in u for u in used):
            continue
        before = state(binary, scene, beat["rite_start"] + 0.01)
        after = state(binary, scene, beat["rite_end"])
        movers = [a for a in set(before) | set(after) if changed(before.get(a), after.get(a))]
        if acting and not movers:
            movers = [a for a in beat["actors"] if a in after]
        if movers:
            nth = sum(1 for t in texts[: i + 1] if text in t)
            candidates.append((beat["text"], nth, ",".join(sorted(movers)),
                               beat["rite_start"], beat["rite_end"]))
    random.Random(seed).shuffle(candidates)
    print("fragment\tnth\tmovers\trite_start\trite_end")
    for fragment, nth, movers, start, end in sorted(candidates[:count], key=lambda c: c[3]):
        print(f"{fragment}\t{nth}\t{movers}\t{start:.3f}\t{end:.3f}")
    print(f"# {len(candidates)} candidates of {len(beats)} beats", file=sys.stderr)

main()
