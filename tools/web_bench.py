#!/usr/bin/env python3
"""How much script time the web player spends on a frame of a crowded court.

    python3 tools/web_bench.py PLAYER_DIR [--seconds 5] [--speed 16] [--width 1280 --height 800]

Opens PLAYER_DIR/index.html (a folder `sheli web scenes/da_she.ron --out PLAYER_DIR` wrote) in
headless Chromium, finds the clause with the most people present, plays from there at 16× for
a few seconds and prints JSON: the median and 95th percentile of `player.frameTimes` (script
milliseconds per frame drawn), the frames drawn, and the time from navigation to the first
frame (the `sheli-first-frame` performance mark). A measurement, not a test.
"""

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "web"))
import cdp  # noqa: E402


def percentile(xs, p):
    xs = sorted(xs)
    if not xs:
        return None
    k = (len(xs) - 1) * p
    lo, hi = int(k), min(int(k) + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("player_dir")
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--speed", type=float, default=16)
    ap.add_argument("--width", type=int, default=1280)
    ap.add_argument("--height", type=int, default=800)
    args = ap.parse_args()
    url = "file://" + os.path.join(os.path.abspath(args.player_dir), "index.html")
    with cdp.Browser(args.width, args.height) as b:
        b.viewport(args.width, args.height)
        b.navigate(url)
        b.wait_for("window.player && performance.getEntriesByName('sheli-first-frame').length > 0", timeout=30)
        first = b.eval("performance.getEntriesByName('sheli-first-frame')[0].startTime")
        load = b.eval("(() => { const n = performance.getEntriesByType('navigation')[0]; return n ? n.loadEventEnd : null; })()")
        # the clause with the most people present: the crowded hall
        crowd = b.eval("""(() => {
          const counts = []; const nb = RITE.steps.reduce((s, x) => s + x.beats.length, 0);
          let best = [0, -1];
          for (let n = 0; n < nb; n += 3) {
            player.goClause(n);
            const k = document.querySelectorAll('#people .person[data-present="1"]').length;
            if (k > best[1]) best = [n, k];
          }
          return best; })()""")
        b.eval(f"player.goClause({crowd[0]}); player.setSpeed({args.speed}); player.frameTimes.length = 0; player.play()")
        t0 = b.eval("player.time()")
        time.sleep(args.seconds)
        b.eval("player.pause()")
        t1 = b.eval("player.time()")
        times = b.eval("player.frameTimes.slice()")
        errors = b.errors()
        visible = b.eval("document.querySelectorAll('#people .person[data-present=\"1\"]').length")
    out = {
        "player": os.path.abspath(args.player_dir),
        "speed": args.speed,
        "from_clause": crowd[0] + 1,
        "present": crowd[1],
        "present_at_end": visible,
        "rite_seconds_played": round(t1 - t0, 2),
        "frames": len(times),
        "fps": round(len(times) / args.seconds, 1),
        "script_ms_median": round(percentile(times, 0.5), 3) if times else None,
        "script_ms_p95": round(percentile(times, 0.95), 3) if times else None,
        "script_ms_max": round(max(times), 3) if times else None,
        "first_frame_ms": round(first, 1),
        "load_event_ms": round(load, 1) if load else None,
        "console_errors": errors,
    }
    print(json.dumps(out, ensure_ascii=False))


if __name__ == "__main__":
    main()
