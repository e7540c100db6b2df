"""The rite's tracks as `sheli web` exports them (docs/timeline.md), read the way the page and
`sheli state` read them: shared by tools/route_check.py and tools/crowd_check.py."""
import bisect, json, math, os, subprocess, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def export(sheli, rite):
    """The exported rite of `scenes/RITE.ron`, through a built binary (nothing compiled)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, 'web')
        subprocess.run([sheli, 'web', os.path.join(ROOT, 'scenes', rite + '.ron'), '--out', out], check=True, capture_output=True)
        text = open(os.path.join(out, 'rite.js'), encoding='utf-8').read()
    return json.loads(text[text.index('{'):text.rindex('}') + 1])


def clause_at(d):
    """A function from a moment to the text of the beat playing then."""
    starts = [b['start'] for s in d['steps'] for b in s['beats']]
    texts = [b['text'] for s in d['steps'] for b in s['beats']]
    return lambda t: texts[max(0, bisect.bisect_right(starts, t) - 1)]


def present(rest):
    return bool(rest[4] & 2)


def at(a, t):
    """(x, y, z), walking, rest in force: actor `a` at time `t`. Segments are half-open (t0, t1]:
    at its t0 a segment has not begun."""
    starts = a.get('_starts')
    if starts is None:
        starts = a['_starts'] = [s[0] for s in a['segments']]
    k = bisect.bisect_left(starts, t)
    prev = a['segments'][k - 2][3] if k >= 2 else a['initial']
    if k == 0:
        return a['initial'][:3], False, a['initial']
    t0, t1, m, rest = a['segments'][k - 1]
    if t >= t1:
        return rest[:3], False, rest
    if isinstance(m, dict) and 'walk' in m:
        p = m['walk']
        pts = [p[i:i + 3] for i in range(0, len(p), 3)]
        if len(pts) < 2:
            return rest[:3], False, prev
        cum = [0.0]
        for u, v in zip(pts, pts[1:]):
            cum.append(cum[-1] + math.dist(u, v))
        s = (t - t0) / (t1 - t0) * cum[-1]
        j = max(1, min(bisect.bisect_left(cum, s), len(pts) - 1))
        f = (s - cum[j - 1]) / max(cum[j] - cum[j - 1], 1e-9)
        return [pts[j - 1][i] + f * (pts[j][i] - pts[j - 1][i]) for i in range(3)], True, rest
    return (prev if 'gesture' in m else rest)[:3], False, prev
