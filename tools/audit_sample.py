#!/usr/bin/env python3
"""Draw a fresh audit sample: beats that place, move, turn, seat or raise someone,
or change what someone holds, none of whose text was used by an earlier audit. With
--acting, every beat where someone acts (bows, speaks, drinks, or moves), whoever the beat
itself names as acting: once every beat that changes something has been read, these are what is left.

usage: tools/audit_sample.py [--acting] BIN SCENE COUNT SEED [USED_TSV ...] > sample.tsv
A beat counts as read when an earlier table's (fragment, nth) of this rite resolves to it.
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

def used_beats(paths, scene, texts):
    """The beats an earlier table of this rite read: each row's (fragment, nth) resolved as
    `sheli state --text F --nth N` resolves it (the nth beat whose text contains F; every such
    beat where the row gives no nth). A table is this rite's if its name says so, or, for a
    table of both rites, row by row from its first column."""
    other = "da_she" if scene == "xiang_she" else "xiang_she"
    used = set()
    for path in paths:
        lines = open(path, encoding="utf-8").read().splitlines()[1:]
        for line in lines:
            cells = line.split("\t")
            if cells[0] in ("xiang_she", "da_she"):
                if cells[0] != scene:
                    continue
                cells = cells[1:]
            elif other in path or scene not in path:
                continue
            fragment = letters(cells[0])
            if not fragment:
                continue
            hits = [i for i, t in enumerate(texts) if fragment in t]
            nth = cells[1].strip() if len(cells) > 1 else ""
            if nth.isdigit() and 0 < int(nth) <= len(hits):
                used.add(hits[int(nth) - 1])
            else:
                used.update(hits)
    return used

def main():
    args = sys.argv[1:]
    acting = args[:1] == ["--acting"]
    if acting:
        args = args[1:]
    binary, scene, count, seed, used_files = (args[0], args[1], int(args[2]), int(args[3]), args[4:])
    steps = json.loads(subprocess.run([binary, "steps", scene, "--json"], check=True,
                                      capture_output=True, text=True).stdout)
    beats = [b for s in steps for b in s["beats"]]
    texts = [letters(b["text"]) for b in beats]
    used = used_beats(used_files, scene, texts)
    candidates = []
    for i, beat in enumerate(beats):
        text = texts[i]
        if not text or i in used:
            continue
        if acting:
            # every beat where someone acts: who acts is the beat's own list, no state needed
            movers = list(beat["actors"])
        else:
            before = state(binary, scene, beat["rite_start"] + 0.01)
            after = state(binary, scene, beat["rite_end"])
            movers = [a for a in set(before) | set(after) if changed(before.get(a), after.get(a))]
        if movers:
            nth = sum(1 for t in texts[: i + 1] if text in t)
            candidates.append((beat["text"], nth, ",".join(sorted(movers)),
                               beat["rite_start"], beat["rite_end"]))
    random.Random(seed).shuffle(candidates)
    print("fragment\tnth\tmovers\trite_start\trite_end")
    for fragment, nth, movers, start, end in sorted(candidates[:count], key=lambda c: c[3]):
        # the times exactly as sheli gave them: rounded to the millisecond, a rite_end can fall a hair before the
        # beat's last gesture completes, and the reader then sees it unfinished
        print(f"{fragment}\t{nth}\t{movers}\t{start!r}\t{end!r}")
    print(f"# {len(candidates)} candidates of {len(beats)} beats", file=sys.stderr)

main()
