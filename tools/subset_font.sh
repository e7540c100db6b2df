#!/usr/bin/env bash
# Regenerates the bundled fonts, each cut down to the characters it must show:
# - assets/fonts/LXGWWenKai-sheli.ttf: LXGW WenKai (OFL 1.1, Debian's fonts-lxgw-wenkai) for every
#   character the scenes, the texts and the UI use (embedded in every plan SVG, so kept small);
# - assets/fonts/LXGWWenKai-notes.ttf: the same font for the characters only the commentaries
#   (注, 音义, 疏, in the editions' forms and simplified) add;
# - assets/fonts/HanaMinA-notes.ttf, HanaMinB-notes.ttf: 花園明朝 (GlyphWiki, Hanazono Font
#   License or OFL; Debian's fonts-hanazono) for the rare variants of the editions LXGW WenKai
#   lacks (Ext A and Ext B characters such as 㑹, 𥜗).
# Needs: pip install fonttools, and a built sheli (SHELI=path, default target/debug/sheli).
set -euo pipefail
cd "$(dirname "$0")/.."
lxgw=${LXGW:-/usr/share/fonts/truetype/lxgw-wenkai/LXGWWenKai-Regular.ttf}
hana=${HANAZONO:-/usr/share/fonts/truetype/hanazono}
sheli=${SHELI:-target/debug/sheli}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat scenes/*.txt $(find scenes glossary music -name '*.ron') $(find src -name '*.rs') > "$work/main"
# ASCII, Latin-1 and general punctuation for English labels; CJK punctuation
printf '%s' ' !"#$%&'"'"'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\]^_`abcdefghijklmnopqrstuvwxyz{|}~ ·—–…‘’“”×÷°←→↑↓⏵⏸⏮⏭▶■□♪ⓘ〓「」『』《》〈〉【】、。，；：！？（）āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜüÜ' >> "$work/main"
pyftsubset "$lxgw" --text-file="$work/main" --output-file=assets/fonts/LXGWWenKai-sheli.ttf --layout-features='*' --no-hinting
# the commentaries as shown: every beat's zhu, shu and yinyi in both scripts, from a built sheli
for scene in scenes/xiang_she.ron scenes/da_she.ron; do "$sheli" steps "$scene" --json >> "$work/notes"; done
python3 - "$work" "$lxgw" "$hana" <<'PY'
import sys
from fontTools.ttLib import TTFont
work, lxgw, hana = sys.argv[1:]
# what the main font really has (a character of the source files that LXGW WenKai lacks, such as
# a variant in the converter's table, is left to the fonts that follow)
main = {chr(c) for c in TTFont("assets/fonts/LXGWWenKai-sheli.ttf", lazy=True).getBestCmap()}
notes = set(open(f"{work}/notes", encoding="utf-8").read()) - main
notes = {c for c in notes if not c.isspace() and ord(c) > 0x7f}
rest = notes
for name, path in [("lxgw", lxgw), ("hana_a", f"{hana}/HanaMinA.ttf"), ("hana_b", f"{hana}/HanaMinB.ttf")]:
    cmap = TTFont(path, lazy=True).getBestCmap()
    mine = {c for c in rest if ord(c) in cmap}
    open(f"{work}/{name}", "w", encoding="utf-8").write("".join(sorted(mine)))
    rest = rest - mine
if rest:
    sys.exit(f"no font has {''.join(sorted(rest))}")
PY
pyftsubset "$lxgw" --text-file="$work/lxgw" --output-file=assets/fonts/LXGWWenKai-notes.ttf --layout-features='*' --no-hinting
pyftsubset "$hana/HanaMinA.ttf" --text-file="$work/hana_a" --output-file=assets/fonts/HanaMinA-notes.ttf --no-hinting
pyftsubset "$hana/HanaMinB.ttf" --text-file="$work/hana_b" --output-file=assets/fonts/HanaMinB-notes.ttf --no-hinting
ls -l assets/fonts/*.ttf
