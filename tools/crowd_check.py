#!/usr/bin/env python3
"""Counts the walks that pass through someone, through a built `sheli` binary (nothing compiled),
on the tracks `sheli web` exports: tools/crowd_check.py SHELI [RITE] [LIST]

A walk passes through a person when, at some moment of it, the walker's centre comes within
THROUGH m of someone present who is not walking (standing, kneeling or seated): two bodies in one
place, which no clause asks for. Prints the count and, with LIST, the walks (who, when, through
whom, the clause). A measure on the exported tracks; the rule itself, which leaves out the man one
leads and one on another floor, is `timeline::crowd::walks_through`, held by tests/crowd.rs."""
import math, sys

from tracks import at, clause_at, export, present

THROUGH = 0.3
STEP = 0.25


def main():
    sheli = sys.argv[1]
    rite = sys.argv[2] if len(sys.argv) > 2 else 'xiang_she'
    listing = len(sys.argv) > 3
    d = export(sheli, rite)
    clause = clause_at(d)
    actors = d['actors']
    found, walks = [], 0
    for w in actors:
        for t0, t1, m, _ in w['segments']:
            if not (isinstance(m, dict) and 'walk' in m) or t1 - t0 < 1e-3:
                continue
            walks += 1
            worst = None
            t = t0 + min(STEP, (t1 - t0) / 2)
            while t < t1:
                here = at(w, t)[0]
                for o in actors:
                    if o is w:
                        continue
                    there, walking, rest = at(o, t)
                    if present(rest) and not walking:
                        gap = math.hypot(here[0] - there[0], here[2] - there[2])
                        if gap < THROUGH and (worst is None or gap < worst[0]):
                            worst = (gap, t, o['name'])
                t += STEP
            if worst:
                found.append((w['name'], worst[1], worst[2], worst[0], clause(worst[1])))
    print(f'{rite}: {len(found)} of {walks} walks pass within {THROUGH} m of someone standing or seated')
    if listing:
        for who, t, other, gap, text in found:
            print(f'  {who} at {t:.1f} s through {other} ({gap:.2f} m): {text}')


main()
