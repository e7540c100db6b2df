#!/usr/bin/env bash
# Regenerates assets/fonts/LXGWWenKai-sheli.ttf: LXGW WenKai (OFL 1.1, Debian's fonts-lxgw-wenkai)
# cut down to every character the scenes, the texts and the UI use. Needs: pip install fonttools.
set -euo pipefail
cd "$(dirname "$0")/.."
src=${LXGW:-/usr/share/fonts/truetype/lxgw-wenkai/LXGWWenKai-Regular.ttf}
chars=$(mktemp)
cat scenes/*.txt $(find scenes glossary music -name '*.ron') $(find src -name '*.rs') > "$chars"
# ASCII, Latin-1 and general punctuation for English labels; CJK punctuation
printf '%s' ' !"#$%&'"'"'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\]^_`abcdefghijklmnopqrstuvwxyz{|}~ ·—–…‘’“”×÷°←→↑↓⏵⏸⏮⏭▶■□♪ⓘ「」『』《》〈〉【】、。，；：！？（）āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜüÜ' >> "$chars"
pyftsubset "$src" --text-file="$chars" --output-file=assets/fonts/LXGWWenKai-sheli.ttf --layout-features='*' --no-hinting
rm -f "$chars"
ls -l assets/fonts/LXGWWenKai-sheli.ttf
