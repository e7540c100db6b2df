#!/usr/bin/env python3
"""Where a scene's joined beat texts and translations first depart from the cleaned texts.

Usage: tools/text_check.py xiang_she   (reads scenes/xiang_she.ron and its parts, in order)
Prints how much of each text is covered and the first difference. White space is ignored.

   tools/text_check.py xiang_she --part scenes/xiang_she/b.ron --paras 14-24 [--yiwen-paras 14-24]
checks one part file alone against paragraphs (non-empty lines, 1-based, inclusive) of the
cleaned 原文 and 译文 (the 译文 range defaults to the same numbers).
"""
import os, re, sys

def strings(path, key):
    src = open(path, encoding='utf-8').read()
    return [m.replace('\\"', '"') for m in re.findall(key + r'\s*:\s*"((?:[^"\\]|\\.)*)"', src)]

def paras(path, spec):
    lines = [l for l in open(path, encoding='utf-8').read().split('\n') if l.strip()]
    a, b = (int(x) for x in spec.split('-'))
    return ''.join(''.join(lines[a - 1:b]).split())

def compare(name, got, want):
    got = ''.join(got.split())
    i = next((k for k, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))
    if i < len(got):
        print(f'{name}: DEPARTS at char {i}: scene …{got[max(0,i-15):i+25]}… vs text …{want[max(0,i-15):i+25]}…')
        return False
    if len(got) < len(want):
        print(f'{name}: ok so far, {len(got)} of {len(want)} characters staged; next: {want[i:i+30]}')
        return False
    print(f'{name}: complete, {len(got)} characters')
    return True

def main():
    rite = sys.argv[1]
    if '--part' in sys.argv:
        part = sys.argv[sys.argv.index('--part') + 1]
        spec = sys.argv[sys.argv.index('--paras') + 1]
        yspec = sys.argv[sys.argv.index('--yiwen-paras') + 1] if '--yiwen-paras' in sys.argv else spec
        ok1 = compare('原文', ''.join(strings(part, r'Beat\(text')), paras(f'scenes/{rite}.yuanwen.txt', spec))
        ok2 = compare('译文', ''.join(strings(part, 'translation')), paras(f'scenes/{rite}.yiwen.txt', yspec))
        sys.exit(0 if ok1 and ok2 else 1)
    main_file = f'scenes/{rite}.ron'
    src = open(main_file, encoding='utf-8').read()
    parts = re.findall(r'"([^"]+)"', (re.search(r'^\s*parts\s*:\s*\[([^\]]*)\]', src, re.M) or [None, ''])[1])
    files = [main_file] + [os.path.join('scenes', p) for p in parts]
    beats, trans = '', ''
    for f in files:
        if not os.path.exists(f):
            print('missing part', f); continue
        beats += ''.join(strings(f, r'Beat\(text'))
        trans += ''.join(strings(f, 'translation'))
    for name, got, ref in [('原文', beats, f'scenes/{rite}.yuanwen.txt'), ('译文', trans, f'scenes/{rite}.yiwen.txt')]:
        want = ''.join(open(ref, encoding='utf-8').read().split())
        got = ''.join(got.split())
        i = next((k for k, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))
        if i < len(got):
            print(f'{name}: DEPARTS at char {i}: scene …{got[max(0,i-15):i+25]}… vs text …{want[max(0,i-15):i+25]}…')
        else:
            print(f'{name}: ok, {len(got)} of {len(want)} characters staged; next: {want[i:i+30]}')

main()
