#!/usr/bin/env python3
"""Runs the clause tests of tests/clauses/*.tsv through a built `sheli` binary (the same checks as
tests/clauses.rs, without compiling anything): tools/clause_check.py SHELI [RITE]"""
import json, subprocess, sys, glob, os

GEAR = ['bared', 'thumb_ring', 'arm_guard']

def parse_held(entry):
    """`prop`, `prop@how`, `prop@how:strung`, `prop:unstrung` -> (prop, how, strung)"""
    strung = None
    if ':' in entry:
        entry, s = entry.split(':', 1)
        strung = {'strung': True, 'unstrung': False}[s]
    prop, _, how = entry.partition('@')
    return prop, how or None, strung

def main():
    sheli = sys.argv[1]
    only = sys.argv[2] if len(sys.argv) > 2 else None
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(here)
    failures, total = [], 0
    for path in sorted(glob.glob(os.path.join(root, 'tests', 'clauses', '*.tsv'))):
        name = os.path.basename(path)
        rite = 'xiang_she' if name.startswith('xiang_she') else 'da_she'
        if only and rite != only:
            continue
        for i, line in enumerate(open(path, encoding='utf-8'), 1):
            line = line.rstrip('\n')
            if not line.strip() or line.startswith('#'):
                continue
            cols = line.split('\t')
            frag, nth, actor, place, facing = cols[0], cols[1].strip(), cols[2].strip(), cols[3].strip(), cols[4].strip()
            pose = cols[5].strip() if len(cols) > 5 and cols[5].strip() else None
            holding = cols[6].strip() if len(cols) > 6 and cols[6].strip() else None
            gear = cols[7].strip() if len(cols) > 7 and cols[7].strip() else None
            total += 1
            args = [sheli, 'state', os.path.join(root, 'scenes', rite + '.ron'), '--text', frag, '--json']
            if nth:
                args += ['--nth', nth]
            out = subprocess.run(args, capture_output=True, text=True)
            at = f'{name}:{i} `{frag}`'
            if out.returncode != 0:
                failures.append(f'{at}: {out.stderr.strip()}')
                continue
            s = json.loads(out.stdout)
            a = next((a for a in s['actors'] if a['id'] == actor), None)
            if a is None:
                failures.append(f'{at}: no actor {actor}'); continue
            if place not in a['places']:
                failures.append(f'{at}: {actor} should be at {place}, is at {a["places"]}')
            if a['facing'] != facing:
                failures.append(f'{at}: {actor} should face {facing}, faces {a["facing"]}')
            if pose and a['pose'] != pose:
                failures.append(f'{at}: {actor} should be {pose}, is {a["pose"]}')
            if holding is not None:
                want = [] if holding == '-' else [parse_held(h.strip()) for h in holding.split(',')]
                got = {h['prop']: h['how'] for h in a['holding']}
                if sorted(got) != sorted(w[0] for w in want):
                    failures.append(f'{at}: {actor} should hold {sorted(w[0] for w in want)}, holds {sorted(got)}')
                for prop, how, strung in want:
                    if how and prop in got and got[prop] != how:
                        failures.append(f'{at}: {actor} should hold {prop} {how}, holds it {got[prop]}')
                    if strung is not None:
                        p = next((p for p in s['props'] if p['id'] == prop), {})
                        if p.get('strung') != strung:
                            failures.append(f'{at}: {prop} should be {"strung" if strung else "unstrung"}, is {p.get("strung")}')
            if gear is not None:
                want = [] if gear == '-' else [g.strip() for g in gear.split(',')]
                on = [k for k in GEAR if a.get(k)]
                if sorted(on) != sorted(want):
                    failures.append(f'{at}: {actor} should wear {want}, wears {on}')
    for f in failures:
        print(f)
    print(f'{total - len(failures)} passed, {len(failures)} failed')
    sys.exit(1 if failures else 0)

main()
