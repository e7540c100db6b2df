#!/usr/bin/env python3
"""Apply a scenes/*.errata.ron file to its seed and compare with the cleaned texts.

Usage: tools/errata_check.py scenes/xiang_she.errata.ron [--write]
The algorithm is the one the Rust test (tests/texts.rs) uses:
 1. split the seed into lines (1-based), 2. apply every Char mapping to every line,
 3. apply every Fix in file order: in line `line`, `seed` must occur exactly once
    (or `nth` picks the k-th occurrence, 1-based) and is replaced by `fixed`,
 4. each Part is lines first..=last joined; the cleaned file is
    scenes/<scene>.<part>.txt where part is yuanwen (原文) or yiwen (译文);
    comparison ignores all white space.
Each Char(...) / Fix(...) / Part(...) entry must be written on one line.
"""
import re, sys, os

FIELD = re.compile(r'(\w+)\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+)')

def unquote(v):
    if v.startswith('"'):
        return re.sub(r'\\(.)', lambda m: {'n': '\n', 't': '\t'}.get(m.group(1), m.group(1)), v[1:-1])
    return int(v)

def entries(text, kind):
    out = []
    for ln in text.splitlines():
        s = ln.strip()
        if s.startswith(kind + '('):
            out.append({k: unquote(v) for k, v in FIELD.findall(s)})
    return out

def strip_ws(s):
    return ''.join(c for c in s if not c.isspace())

def main():
    path = sys.argv[1]
    write = '--write' in sys.argv
    text = open(path, encoding='utf-8').read()
    seed_name = re.search(r'seed\s*:\s*"([^"]+)"', text).group(1)
    here = os.path.dirname(os.path.abspath(path))
    seed_path = os.path.join(here, '..', 'sources', 'seeds', seed_name)
    lines = open(seed_path, encoding='utf-8').read().split('\n')
    lines = [l.rstrip('\r') for l in lines]
    for c in entries(text, 'Char'):
        lines = [l.replace(c['seed'], c['fixed']) for l in lines]
    errors = 0
    for f in entries(text, 'Fix'):
        i = f['line'] - 1
        cur = lines[i]
        n = cur.count(f['seed'])
        nth = f.get('nth')
        if nth is None and n != 1:
            print(f"line {f['line']}: {f['seed']!r} occurs {n} times (need exactly 1, or nth)"); errors += 1; continue
        if nth is not None and n < nth:
            print(f"line {f['line']}: {f['seed']!r} occurs {n} times, nth={nth}"); errors += 1; continue
        k = nth or 1
        pos = -1
        for _ in range(k):
            pos = cur.find(f['seed'], pos + 1)
        lines[i] = cur[:pos] + f['fixed'] + cur[pos + len(f['seed']):]
    base = os.path.basename(path).split('.')[0]
    for p in entries(text, 'Part'):
        part = '\n'.join(lines[p['first_line'] - 1:p['last_line']])
        out = os.path.join(here, f"{base}.{p['file']}.txt")
        if write:
            # one paragraph per line: join the seed's wrapped lines, keep blank-line-free text
            open(out, 'w', encoding='utf-8').write(part.strip() + '\n')
            print('wrote', out)
        elif os.path.exists(out):
            got = strip_ws(open(out, encoding='utf-8').read())
            want = strip_ws(part)
            if got != want:
                j = next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))
                print(f"{out}: differs at char {j}: file {got[j:j+20]!r} vs errata {want[j:j+20]!r}"); errors += 1
            else:
                print(f"{out}: matches seed+errata")
    print('errors:', errors)
    sys.exit(1 if errors else 0)

main()
