#!/usr/bin/env python3
"""Counts the walks that pass through someone, through a built `sheli` binary (nothing compiled),
on the tracks `sheli web` exports: tools/crowd_check.py SHELI [RITE] [LIST]

A walk passes through a person when, at some moment of it, the walker's centre comes within
THROUGH m of someone present who is not walking (standing, kneeling or seated): two bodies in one
place, which no clause asks for. Prints the count and, with LIST, the walks (who, when, through
whom, the clause). A measure, not a test: the rites still have such walks (issue 25)."""
import bisect, json, math, os, subprocess, sys, tempfile

THROUGH = 0.3
STEP = 0.25


class Track:
    def __init__(self, a):
        self.id, self.name = a['id'], a['name']
        self.initial, self.segs = a['initial'], a['segments']
        self.t0 = [s[0] for s in self.segs]

    def at(self, t):
        """(x, z), present, walking: the export's rules (segments half-open (t0, t1])."""
        k = bisect.bisect_left(self.t0, t)
        if k == 0:
            r = self.initial
            return (r[0], r[2]), bool(r[4] & 2), False
        t0, t1, m, rest = self.segs[k - 1]
        before = self.segs[k - 2][3] if k >= 2 else self.initial
        if t >= t1 or not isinstance(m, dict):
            return (rest[0], rest[2]), bool(rest[4] & 2), False
        if 'walk' in m:
            p = m['walk']
            pts = [(p[i], p[i + 2]) for i in range(0, len(p), 3)]
            cum = [0.0]
            for u, v in zip(pts, pts[1:]):
                cum.append(cum[-1] + math.dist(u, v))
            s = (t - t0) / (t1 - t0) * cum[-1]
            j = max(1, min(bisect.bisect_left(cum, s), len(pts) - 1))
            f = (s - cum[j - 1]) / max(cum[j] - cum[j - 1], 1e-9)
            return (pts[j - 1][0] + f * (pts[j][0] - pts[j - 1][0]), pts[j - 1][1] + f * (pts[j][1] - pts[j - 1][1])), True, True
        if 'enter' in m or 'exit' in m:
            return (rest[0], rest[2]), True, True
        return (before[0], before[2]), bool(before[4] & 2), False


def main():
    sheli = sys.argv[1]
    rite = sys.argv[2] if len(sys.argv) > 2 else 'xiang_she'
    listing = len(sys.argv) > 3
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, 'web')
        subprocess.run([sheli, 'web', os.path.join(root, 'scenes', rite + '.ron'), '--out', out], check=True, capture_output=True)
        text = open(os.path.join(out, 'rite.js'), encoding='utf-8').read()
    d = json.loads(text[text.index('{'):text.rindex('}') + 1])
    tracks = [Track(a) for a in d['actors']]
    starts = [b['start'] for s in d['steps'] for b in s['beats']]
    texts = [b['text'] for s in d['steps'] for b in s['beats']]
    found = []
    for w in tracks:
        for t0, t1, m, _ in w.segs:
            if not (isinstance(m, dict) and 'walk' in m) or t1 - t0 < 1e-3:
                continue
            worst = None
            t = t0 + min(STEP, (t1 - t0) / 2)
            while t < t1:
                here, _, _ = w.at(t)
                for o in tracks:
                    if o is w:
                        continue
                    there, present, walking = o.at(t)
                    if present and not walking:
                        gap = math.dist(here, there)
                        if gap < THROUGH and (worst is None or gap < worst[0]):
                            worst = (gap, t, o.name)
                t += STEP
            if worst:
                clause = texts[max(0, bisect.bisect_right(starts, worst[1]) - 1)]
                found.append((w.name, worst[1], worst[2], worst[0], clause))
    walks = sum(1 for w in tracks for s in w.segs if isinstance(s[2], dict) and 'walk' in s[2])
    print(f'{rite}: {len(found)} of {walks} walks pass within {THROUGH} m of someone standing or seated')
    if listing:
        for who, t, other, gap, clause in found:
            print(f'  {who} at {t:.1f} s through {other} ({gap:.2f} m): {clause}')


main()
