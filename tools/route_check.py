#!/usr/bin/env python3
"""Checks the routes of a rite through a built `sheli` binary (nothing compiled), on the tracks
`sheli web` exports (docs/timeline.md): tools/route_check.py SHELI [RITE]

- no walk leaves its floor and comes back to it: a `via` stair on a walk that starts and ends on
  the hall (or in the court) takes the walker down the stair and back up for nothing;
- nobody walks through the man the scene's `south_of` names while he stands at his place (乡射礼's
  司马 at 司马之位, 大射仪's 司马正 at 司马正之位): centres closer than 0.45 m.
Exit status 1 if any is found. The stairs each goes by are held by `sheli check` (`stair:`)."""
import math, os, re, sys

from tracks import ROOT, at, clause_at, export, present

CLOSE = 0.45


def rest_place(d, rest):
    return [d['places'][k][0] for k in rest[5]]


def main():
    sheli = sys.argv[1]
    rite = sys.argv[2] if len(sys.argv) > 2 else 'xiang_she'
    scene = os.path.join(ROOT, 'scenes', rite + '.ron')
    d = export(sheli, rite)
    beat = clause_at(d)

    wrong = []
    for a in d['actors']:
        for t0, t1, m, rest in a['segments']:
            if not (isinstance(m, dict) and 'walk' in m):
                continue
            ys = m['walk'][1::3]
            if abs(ys[0] - ys[-1]) < 0.05 and (min(ys) < ys[0] - 0.1 or max(ys) > ys[0] + 0.1):
                wrong.append(f'{a["id"]} at {t0:.1f} s ({beat(t0)}): goes by a stair and back to the floor he started on')
    src = open(scene, encoding='utf-8').read()
    for of, place in re.findall(r'SouthOf\(of: "([^"]+)", at: "([^"]+)"', src):
        him = next(a for a in d['actors'] if a['id'] == of)
        for a in d['actors']:
            if a is him:
                continue
            for t0, t1, m, rest in a['segments']:
                if not (isinstance(m, dict) and 'walk' in m):
                    continue
                n = max(2, int((t1 - t0) / 0.2))
                for k in range(1, n):
                    t = t0 + (t1 - t0) * k / n
                    p, _, _ = at(a, t)
                    q, walking, r = at(him, t)
                    if walking or not present(r) or place not in rest_place(d, r) or abs(p[1] - q[1]) > 0.3:
                        continue
                    if math.hypot(p[0] - q[0], p[2] - q[2]) < CLOSE:
                        wrong.append(f'{a["id"]} at {t:.1f} s ({beat(t)}): walks through {him["name"]} standing at {place}')
                        break
    for w in wrong:
        print(w)
    print(f'{rite}: {len(wrong)} wrong routes')
    sys.exit(1 if wrong else 0)


main()
