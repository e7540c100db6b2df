#!/usr/bin/env python3
"""Drives the web player in headless Chromium and checks it against `sheli state`.

    python3 tests/web/drive.py PLAYER_DIR SHELI_BIN SCENE OUT_DIR [--samples N] [--seed S]

PLAYER_DIR is a folder `sheli web SCENE --out PLAYER_DIR` wrote. Real clicks, drags and key
presses go through the DevTools protocol (tests/web/cdp.py); every failure is printed with what
was expected and what was seen, and the exit status is non-zero. The last line printed is a JSON
summary. Python 3 standard library only.
"""

import argparse
import concurrent.futures
import json
import os
import random
import struct
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cdp  # noqa: E402


class Failed(Exception):
    pass


def f32(x):
    """The nearest single-precision value, which `sheli state --time` will parse the same."""
    return struct.unpack("f", struct.pack("f", x))[0]


def f32_text(x):
    """The shortest decimal text that reads back as the same f32."""
    for digits in range(4, 12):
        s = f"{x:.{digits}g}"
        if f32(float(s)) == x:
            return s
    return repr(x)


READ_PEOPLE = """(() => Array.from(document.querySelectorAll('#people .person')).map(g => [
  g.dataset.id, g.dataset.present, +g.dataset.x, +g.dataset.y, +g.dataset.z, g.dataset.facing, g.dataset.pose,
  g.dataset.holding || '', g.classList.contains('acting')]))()"""



FACINGS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]


def on_a_boundary(bearing, shown, truth):
    """Whether a person turning through the line between two neighbouring facings is caught on
    it: the page (double precision) and sheli (single) may then round him to either side."""
    if bearing is None or shown not in FACINGS or truth not in FACINGS:
        return False
    i, j = FACINGS.index(shown), FACINGS.index(truth)
    if (j - i) % 8 == 1:
        first = i
    elif (i - j) % 8 == 1:
        first = j
    else:
        return False
    # sector k is centred on 45k degrees: the line between k and k + 1 is at 45k + 22.5
    boundary = (45.0 * first + 22.5) % 360.0
    return abs((bearing - boundary + 180.0) % 360.0 - 180.0) < 0.05


class Run:
    def __init__(self, args):
        self.args = args
        self.dir = os.path.abspath(args.player_dir)
        self.url = "file://" + os.path.join(self.dir, "index.html")
        self.passed, self.failed = [], []
        self.summary = {"scene": args.scene, "player": self.dir}
        os.makedirs(args.out_dir, exist_ok=True)
        rite = open(os.path.join(self.dir, "rite.js"), encoding="utf-8").read()
        self.rite = json.loads(rite[rite.index("{"): rite.rstrip().rindex("}") + 1])
        self.beats = [(si, bi, b) for si, s in enumerate(self.rite["steps"]) for bi, b in enumerate(s["beats"])]

    def check(self, name, fn):
        t0 = time.time()
        try:
            fn()
            self.passed.append(name)
            print(f"ok    {name} ({time.time() - t0:.1f} s)", flush=True)
        except (Failed, cdp.CDPError, AssertionError) as e:
            self.failed.append(name)
            print(f"FAIL  {name}: {e}", flush=True)
        except Exception as e:  # a bug in the check itself still fails it, and the rest run
            self.failed.append(name)
            print(f"FAIL  {name}: {type(e).__name__}: {e}", flush=True)

    def open(self, fragment=""):
        self.b.navigate("about:blank")
        self.b.navigate(self.url + fragment)
        self.b.wait_for("window.player && document.querySelectorAll('#people .person').length > 0", timeout=20)

    def center(self, selector_js):
        """The middle of an element on screen, scrolled into view first."""
        r = self.b.eval(f"""(() => {{ const e = {selector_js}; if (!e) return null; e.scrollIntoView({{block: 'center'}});
            const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2, r.width, r.height]; }})()""")
        if not r:
            raise Failed(f"no element for {selector_js}")
        return r

    # -- 1 ---------------------------------------------------------------------------------
    def play(self):
        self.open("#clause=2")
        t0 = self.b.eval("player.time()")
        clock0 = self.b.eval("document.getElementById('clock').textContent")
        x, y, _, _ = self.center("document.getElementById('play')")
        self.b.click(x, y)
        self.b.wait_for("player.playing()", timeout=5)
        try:
            self.b.wait_for(f"player.time() > {t0} + 0.01 && document.getElementById('clock').textContent !== {json.dumps(clock0)}", timeout=15)
        except cdp.CDPError:
            now, clock = self.b.eval("[player.time(), document.getElementById('clock').textContent]")
            raise Failed(f"pressed #play but time stayed at {now} (from {t0}) and the clock reads {clock!r}")
        self.b.click(x, y)
        self.b.wait_for("!player.playing()", timeout=5)
        self.summary["clock"] = self.b.eval("document.getElementById('clock').textContent")

    # -- 2 ---------------------------------------------------------------------------------
    def first_shooting_section(self):
        steps = self.rite["steps"]
        names = [s["section"] for s in steps]
        sec = next((n for n in names if n in ("第一番射", "一番射")), None)
        if sec is None:
            sec = next(s["section"] for s in steps if any("射" in b["acts"] for b in s["beats"]))
        idx = [i for i, s in enumerate(steps) if s["section"] == sec]
        return sec, steps[idx[0]]["start"], steps[idx[-1]]["end"]

    def scrub(self):
        self.open()
        sec, start, end = self.first_shooting_section()
        # the scrubber runs in the pace shown (film by default): aim at the middle of the band
        pace = self.b.eval("document.getElementById('pace').dataset.pace")
        if pace == "film":
            v0, v1 = self.b.eval(f"[player.toView({start}), player.toView({end})]")
            total = self.rite["film"][-1][1]
        else:
            v0, v1, total = start, end, self.rite["duration"]
        r = self.b.eval("(() => { const r = document.getElementById('scrubber').getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()")
        x1 = r[0] + r[2] * ((v0 + v1) / 2) / total
        y = r[1] + r[3] / 2
        self.b.drag(r[0] + 5, y, x1, y, steps=10)
        t = self.b.wait_for("player.time()", timeout=5)
        if not (start <= t <= end):
            raise Failed(f"dragged the scrubber to the middle of {sec} ({start}..{end} s) but time is {t}")
        self.summary["scrubbed_to"] = [sec, round(t, 3)]

    # -- 3 ---------------------------------------------------------------------------------
    def person(self):
        # a clause whose people stand where a click reaches them
        found = None
        n_list = list(range(len(self.beats)))
        random.Random(7).shuffle(n_list)
        for n in n_list[:60]:
            if not self.beats[n][2]["actors"]:
                continue
            self.b.eval(f"player.goClause({n})")
            # two frames: any change of layout the clause brings has been drawn
            self.b.eval("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))", await_promise=True)
            found = self.b.eval("""(() => {
              const ids = RITE.actors.map(a => a.id);
              for (const g of document.querySelectorAll('#people .person.acting[data-present="1"]')) {
                if (!(WORDS.duties[ids.indexOf(g.dataset.id)] || []).length) continue;
                const c = g.querySelector('.body, .seat'); const r = (getComputedStyle(c).display === 'none' ? g.querySelector('.seat') : c).getBoundingClientRect();
                const x = r.left + r.width / 2, y = r.top + r.height / 2;
                const hit = document.elementFromPoint(x, y);
                if (hit && hit.closest('.person') === g && x > 0 && y > 0 && x < innerWidth && y < innerHeight) return [g.dataset.id, x, y];
              }
              return null; })()""")
            if found:
                break
        if not found:
            raise Failed("no clause with a person's mark clickable on screen")
        pid, x, y = found
        self.b.click(x, y)
        try:
            self.b.wait_for("document.querySelectorAll('#inspector .duty a[data-beat]').length > 0", timeout=5)
        except cdp.CDPError:
            shown = self.b.eval("document.getElementById('inspector').textContent.slice(0, 200)")
            raise Failed(f"clicked {pid} at ({x:.0f}, {y:.0f}) but #inspector lists no duties: {shown!r}")
        head = self.b.eval("document.querySelector('#inspector h2').textContent")
        # the inspector is filled at once, the figure's class at the next frame drawn
        try:
            self.b.wait_for(f"document.querySelector('.person[data-id={json.dumps(pid)}]').classList.contains('selected')", timeout=5)
        except cdp.CDPError:
            raise Failed(f"clicked {pid} but he is not selected")
        count = self.b.eval("document.querySelectorAll('#inspector .duty a[data-beat]').length")
        # a duty far from here, clicked for real
        links = self.b.eval("Array.from(document.querySelectorAll('#inspector .duty a[data-beat]')).map(a => +a.dataset.beat)")
        here = self.b.eval("player.beat()")
        target = max(links, key=lambda n: abs(n - here))
        x, y, _, _ = self.center(f"document.querySelector('#inspector .duty a[data-beat=\"{target}\"]')")
        self.b.click(x, y)
        got = self.b.wait_for(f"player.beat() === {target} ? player.beat() + 1 : 0", timeout=5) - 1
        if got != target:
            raise Failed(f"clicked the duty of clause {target} but landed on {got}")
        self.summary["person"] = {"id": pid, "inspector": head, "duties": count, "clicked_duty": target}

    # -- 4 ---------------------------------------------------------------------------------
    def arrow(self):
        self.open("#clause=40")
        for _ in range(3):
            n0 = self.b.eval("player.beat()")
            self.b.key("ArrowRight")
            n1 = self.b.wait_for(f"player.beat() !== {n0} ? player.beat() + 1 : 0", timeout=5) - 1
            if n1 != n0 + 1:
                raise Failed(f"→ moved from clause {n0} to {n1}, not {n0 + 1}")
        n0 = self.b.eval("player.beat()")
        self.b.key("ArrowRight", shift=True)
        n1 = self.b.wait_for(f"player.beat() !== {n0} ? player.beat() + 1 : 0", timeout=5) - 1
        s0, s1 = self.beats[n0][0], self.beats[n1][0]
        if not (s1 == s0 + 1 and self.beats[n1][1] == 0):
            raise Failed(f"Shift+→ went from step {s0} to clause {n1} (step {s1}, beat {self.beats[n1][1]})")

    # -- 5 ---------------------------------------------------------------------------------
    def address(self):
        n = len(self.beats) // 2
        self.open(f"#clause={n}")
        got = self.b.eval("player.beat()")
        if got != n - 1:
            raise Failed(f"#clause={n} opened at clause index {got}, not {n - 1}")
        text = self.b.eval("document.querySelector('#text .clause.current').dataset.beat")
        if int(text) != n - 1:
            raise Failed(f"#clause={n}: the text marks clause {text} as current")
        t = round(self.rite["duration"] * 0.37, 3)
        self.open(f"#t={t}")
        got = self.b.eval("player.time()")
        if abs(got - t) > 1e-6:
            raise Failed(f"#t={t} opened at {got}")
        self.b.eval("player.seek(1234.5)")
        self.b.wait_for("location.hash === '#t=1234.5'", timeout=3)

    # -- 6 ---------------------------------------------------------------------------------
    def exact(self):
        self.open()
        rng = random.Random(self.args.seed)
        dur = self.rite["duration"]
        # spread over the rite: one sample in each of N equal slices
        times = [f32((k + rng.random()) * dur / self.args.samples) for k in range(self.args.samples)]
        # and inside motions, where interpolation is at work: walks (risers and all), turns,
        # gestures, entries and exits, arrows in flight
        moving = []
        for a in self.rite["actors"]:
            for t0, t1, m, _ in a["segments"]:
                if t1 - t0 > 0.05:
                    kind = m if isinstance(m, str) else next(iter(m))
                    moving.append((kind, t0, t1))
        for p in self.rite["props"]:
            for kt, at in p["keys"]:
                if at and "t1" in at and at["t1"] - kt > 0.05:
                    moving.append(("flight", kt, at["t1"]))
        by_kind = {}
        for m in moving:
            by_kind.setdefault(m[0], []).append(m)
        for kind in sorted(by_kind):
            for _, t0, t1 in rng.sample(by_kind[kind], min(len(by_kind[kind]), self.args.motion_samples)):
                times.append(f32(t0 + (t1 - t0) * rng.uniform(0.05, 0.95)))
        self.summary["motion_kinds"] = {k: len(v) for k, v in by_kind.items()}

        def state(t):
            out = subprocess.run([self.args.sheli, "state", self.args.scene, "--time", f32_text(t), "--json"],
                                 capture_output=True, text=True, timeout=120)
            if out.returncode != 0:
                raise Failed(f"sheli state --time {t} failed: {out.stderr.strip()[:300]}")
            return json.loads(out.stdout)

        with concurrent.futures.ThreadPoolExecutor(max_workers=min(8, os.cpu_count() or 2)) as pool:
            truths = list(pool.map(state, times))
        worst = (0.0, None)
        problems = []
        compared = compared_props = 0
        worst_prop = (0.0, None)
        for t, truth in zip(times, truths):
            seen = {row[0]: row for row in self.b.eval(f"(player.seek({t!r}), {READ_PEOPLE})")}
            things = {row[0]: row for row in self.b.eval("player.props()")}
            bearings = dict(self.b.eval("player.bearings()"))
            # each label begins with what the text calls him by now (作相为司正: 司正), else his name
            labels = dict(self.b.eval("Array.from(document.querySelectorAll('#people .person')).map(g => [g.dataset.id, (g.querySelector('text.label') || {}).textContent || ''])"))
            for p in truth["props"]:
                row = things.get(p["id"])
                if row is None:
                    problems.append(f"t={t}: no thing {p['id']}")
                    continue
                _, present, x, y, z, holder, _, _ = row
                compared_props += 1
                if present != p["present"] or holder != p["held_by"]:
                    problems.append(f"t={t}: thing {p['id']} present {present} held by {holder}, sheli: {p['present']} {p['held_by']}")
                err = max(abs(x - p["position"][0]), abs(y - p["position"][1]), abs(z - p["position"][2]))
                if err > worst_prop[0]:
                    worst_prop = (err, f"{p['id']} at t={t}: page {[x, y, z]}, sheli {p['position']}")
                # the export keeps things' key times whole, so an arrow in flight is held to 1 cm too
                if err > 0.01:
                    problems.append(f"t={t}: thing {p['id']} at {[x, y, z]} but sheli says {p['position']}")
            for a in truth["actors"]:
                row = seen.get(a["id"])
                if row is None:
                    problems.append(f"t={t}: no mark for {a['id']}")
                    continue
                _, present, x, y, z, facing, pose, holding, _ = row
                compared += 1
                if (present == "1") != a["present"]:
                    problems.append(f"t={t}: {a['id']} present {present} but sheli says {a['present']}")
                err = max(abs(x - a["position"][0]), abs(y - a["position"][1]), abs(z - a["position"][2]))
                if err > worst[0]:
                    worst = (err, f"{a['id']} at t={t}: page {[x, y, z]}, sheli {a['position']}")
                if err > 0.01:
                    problems.append(f"t={t}: {a['id']} at {[x, y, z]} but sheli says {a['position']}")
                if facing != a["facing"] and not on_a_boundary(bearings.get(a["id"]), facing, a["facing"]):
                    problems.append(f"t={t}: {a['id']} faces {facing} but sheli says {a['facing']}")
                called = a.get("called") or a["name"]
                if a["present"] and not labels.get(a["id"], "").startswith(called):
                    problems.append(f"t={t}: {a['id']} is labelled {labels.get(a['id'])!r} but sheli calls him {called}")
                if pose != a["pose"]:
                    problems.append(f"t={t}: {a['id']} pose {pose} but sheli says {a['pose']}")
                want = ",".join(f"{h['prop']}:{h['how']}" for h in a["holding"])
                if holding != want:
                    problems.append(f"t={t}: {a['id']} holds {holding!r} but sheli says {want!r}")
        self.summary["exactness"] = {"times": len(times), "actor_states": compared, "worst_m": round(worst[0], 6), "worst": worst[1],
                                     "prop_states": compared_props, "worst_prop_m": round(worst_prop[0], 6), "worst_prop": worst_prop[1],
                                     "problems": len(problems)}
        # the names tests/web.rs reads
        self.summary["worst_position_error_m"] = round(worst[0], 6)
        self.summary["times_compared"] = len(times)
        self.summary["worst_thing_error_m"] = round(worst_prop[0], 6)
        print(f"      worst position error {worst[0]:.6f} m ({worst[1]})")
        print(f"      worst thing error {worst_prop[0]:.6f} m ({worst_prop[1]})")
        if problems:
            raise Failed(f"{len(problems)} disagreements with sheli state, e.g.\n        " + "\n        ".join(problems[:12]))

    # -- 8 ---------------------------------------------------------------------------------
    def first_beat(self, pred):
        return next((n for n, (si, bi, b) in enumerate(self.beats) if pred(si, b)), None)

    def screenshots(self):
        out = self.args.out_dir
        tag = self.rite["rite"]["id"]
        shots = []
        steps = self.rite["steps"]
        picks = [("start", 0, None)]
        shot = self.first_beat(lambda si, b: "射" in b["acts"])
        if shot is not None:
            picks.append(("shot", shot, 0.5))
        cup = self.first_beat(lambda si, b: "爵" in b["acts"])
        if cup is not None:
            picks.append(("cup", cup, 0.6))
        bow = self.first_beat(lambda si, b: "拜" in b["acts"] and len(b["actors"]) >= 1)
        if bow is not None:
            picks.append(("bow", bow, 0.5))
        gong = self.first_beat(lambda si, b: steps[si]["section"] == "公射" and "射" in b["acts"])
        if gong is not None:
            picks.append(("gong_she", gong, 0.5))
        for name, n, frac in picks:
            b = self.beats[n][2]
            self.open(f"#clause={n + 1}")
            if frac is not None:
                self.b.eval(f"player.seek({b['start'] + (b['end'] - b['start']) * frac})")
            self.b.pump(0.3)
            shots.append(self.b.screenshot(os.path.join(out, f"{tag}_{name}_1280.png")))
        # english
        self.open(f"#clause={(shot or 0) + 1}")
        self.b.eval("document.querySelector('#lang [data-lang=en]').click()")
        self.b.pump(0.3)
        shots.append(self.b.screenshot(os.path.join(out, f"{tag}_shot_en_1280.png")))
        self.b.eval("document.querySelector('#lang [data-lang=zh]').click()")
        # a phone
        self.b.viewport(390, 844, mobile=True, scale=2)
        self.open(f"#clause={(cup or 0) + 1}")
        self.b.pump(0.3)
        shots.append(self.b.screenshot(os.path.join(out, f"{tag}_cup_390.png")))
        self.b.eval("window.scrollTo(0, document.getElementById('side').offsetTop - 200)")
        self.b.pump(0.2)
        shots.append(self.b.screenshot(os.path.join(out, f"{tag}_cup_390_text.png")))
        overflow = self.b.eval("document.documentElement.scrollWidth - innerWidth")
        self.b.viewport(1280, 800)
        self.summary["screenshots"] = shots
        if overflow > 2:
            raise Failed(f"at 390 px the page is {overflow} px wider than the screen")

    def refuses(self):
        """A rite.js of another schema version is refused with a message on the page."""
        import shutil
        import tempfile
        tmp = tempfile.mkdtemp(prefix="sheli-web-v-")
        try:
            for name in ("index.html", "player.js", "player.css", "words.js"):
                shutil.copy(os.path.join(self.dir, name), tmp)
            text = open(os.path.join(self.dir, "rite.js"), encoding="utf-8").read()
            import re
            changed, k = re.subn(r'"version":\s*\d+', '"version":999', text)
            if not k:
                raise Failed("rite.js names no version")
            with open(os.path.join(tmp, "rite.js"), "w", encoding="utf-8") as f:
                f.write(changed)
            self.b.navigate("about:blank")
            self.b.navigate("file://" + os.path.join(tmp, "index.html"))
            msg = self.b.wait_for("(() => { const r = document.getElementById('refused'); return r && !r.hidden && r.offsetHeight > 0 && r.textContent; })()", timeout=10)
            if "999" not in msg:
                raise Failed(f"the refusal does not name the version: {msg!r}")
            self.summary["refusal"] = msg
        finally:
            shutil.rmtree(tmp, ignore_errors=True)

    # -- 7 ---------------------------------------------------------------------------------
    def console(self):
        errs = self.b.errors()
        self.summary["console_errors"] = len(errs)
        if errs:
            raise Failed(f"{len(errs)} console errors: " + "; ".join(errs[:5]))

    def run(self):
        with cdp.Browser(1280, 800) as self.b:
            self.b.viewport(1280, 800)
            all_errors = []
            for name, fn in [("play", self.play), ("scrub to the first shooting", self.scrub), ("click a person, then a duty", self.person),
                             ("→ moves one clause", self.arrow), ("#clause= and #t= open there", self.address),
                             ("exact against sheli state", self.exact), ("screenshots", self.screenshots),
                             ("refuses another schema version", self.refuses)]:
                self.check(name, fn)
                all_errors += self.b.errors()
                self.b.events.clear()
            self.b.events = [{"method": "Runtime.exceptionThrown", "params": {"exceptionDetails": {"text": e}}} for e in all_errors]
            self.check("no console errors", self.console)
        self.summary.update({"passed": len(self.passed), "failed": self.failed, "checks": len(self.passed) + len(self.failed)})
        print(json.dumps(self.summary, ensure_ascii=False))
        return 0 if not self.failed else 1


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("player_dir")
    p.add_argument("sheli")
    p.add_argument("scene")
    p.add_argument("out_dir")
    p.add_argument("--samples", type=int, default=200)
    p.add_argument("--motion-samples", type=int, default=25, help="times inside motions, per kind of motion")
    p.add_argument("--seed", type=int, default=20261204)
    args = p.parse_args()
    sys.exit(Run(args).run())


if __name__ == "__main__":
    main()
