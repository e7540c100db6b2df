#!/usr/bin/env python3
"""Checks the routes of a rite through a built `sheli` binary (nothing compiled), on the tracks
`sheli web` exports (docs/timeline.md): tools/route_check.py SHELI [RITE]

- no walk leaves its floor and comes back to it: a `via` stair on a walk that starts and ends on
  the hall (or in the court) takes the walker down the stair and back up for nothing;
- nobody walks through the man the scene's `south_of` names while he stands at his place (乡射礼's
  司马 at 司马之位, 大射仪's 司马正 at 司马正之位): centres closer than 0.45 m.
Exit status 1 if any is found. The stairs each goes by are held by `sheli check` (`stair:`)."""
import json, math, os, re, subprocess, sys, tempfile

CLOSE = 0.45


def rest_place(d, rest):
    return [d['places'][k][0] for k in rest[5]]


def at(a, t):
    """(x, y, z), walking, rest in force: actor `a` at time `t` (the export's rules)."""
    segs, prev = a['segments'], a['initial']
    for t0, t1, m, rest in segs:
        if t0 >= t:
            break
        if t < t1 and isinstance(m, dict) and 'walk' in m:
            p = m['walk']
            pts = [p[i:i + 3] for i in range(0, len(p), 3)]
            cum = [0.0]
            for u, v in zip(pts, pts[1:]):
                cum.append(cum[-1] + math.dist(u, v))
            s = (t - t0) / (t1 - t0) * cum[-1]
            for k in range(1, len(pts)):
                if cum[k] >= s:
                    f = (s - cum[k - 1]) / max(cum[k] - cum[k - 1], 1e-9)
                    return [pts[k - 1][j] + f * (pts[k][j] - pts[k - 1][j]) for j in range(3)], True, rest
        if t < t1:
            return (prev if 'gesture' in m else rest)[:3], False, prev
        prev = rest
    return prev[:3], False, prev


def main():
    sheli = sys.argv[1]
    rite = sys.argv[2] if len(sys.argv) > 2 else 'xiang_she'
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    scene = os.path.join(root, 'scenes', rite + '.ron')
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, 'web')
        subprocess.run([sheli, 'web', scene, '--out', out], check=True, capture_output=True)
        text = open(os.path.join(out, 'rite.js'), encoding='utf-8').read()
    d = json.loads(text[text.index('{'):text.rindex('}') + 1])
    beats = [(b['start'], b['text']) for s in d['steps'] for b in s['beats']]

    def beat(t):
        return max((b for b in beats if b[0] <= t), default=beats[0])[1]

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
                    if walking or not (r[4] & 2) or place not in rest_place(d, r) or abs(p[1] - q[1]) > 0.3:
                        continue
                    if math.hypot(p[0] - q[0], p[2] - q[2]) < CLOSE:
                        wrong.append(f'{a["id"]} at {t:.1f} s ({beat(t)}): walks through {him["name"]} standing at {place}')
                        break
    for w in wrong:
        print(w)
    print(f'{rite}: {len(wrong)} wrong routes')
    sys.exit(1 if wrong else 0)


main()
