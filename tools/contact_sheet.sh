#!/usr/bin/env bash
# A contact sheet of the director's shots through the first round of shooting of each rite:
# twelve clauses spread over the round, each drawn by `sheli render --view director` at its
# middle, tiled by ffmpeg into docs/contact/RITE.png, their clauses listed in docs/contact.md.
# Needs xvfb-run and ffmpeg: tools/contact_sheet.sh [path/to/sheli]
set -euo pipefail
cd "$(dirname "$0")/.."
sheli="${1:-${CARGO_TARGET_DIR:-target}/debug/sheli}"
out=docs/contact
mkdir -p "$out"
md=docs/contact.md
printf '# The director through a round of shooting\n\nRegenerate with `tools/contact_sheet.sh`. Each picture is `sheli render --view director` at the middle of a clause of the first round (第一番射), left to right, top to bottom.\n' > "$md"
for rite in xiang_she da_she; do
    work=$(mktemp -d)
    "$sheli" steps "$rite" --json | python3 -c '
import json, sys
steps = json.load(sys.stdin)
beats = [(b["start"], b["end"], b["text"]) for s in steps if s["section"] == "第一番射" for b in s["beats"]]
picked = [beats[round(i * (len(beats) - 1) / 11)] for i in range(12)] if len(beats) >= 12 else beats
for a, b, text in picked:
    print(f"{(a + b) / 2:.2f}\t{text}")
' > "$work/picked.tsv"
    printf '\n## %s\n\n![%s](contact/%s.png)\n\n' "$rite" "$rite" "$rite" >> "$md"
    k=0
    while IFS=$'\t' read -r t text; do
        k=$((k + 1))
        xvfb-run -a -s "-screen 0 1280x800x24" "$sheli" render "$rite" --time "$t" --view director \
            --width 960 --height 540 --out "$work/$(printf %02d $k).png" 2>/dev/null
        printf '%d. %s (%.0f s)\n' "$k" "$text" "$t" >> "$md"
    done < "$work/picked.tsv"
    ffmpeg -loglevel error -y -i "$work/%02d.png" -vf "scale=480:270,tile=4x3" -frames:v 1 "$out/$rite.png"
    rm -rf "$work"
    echo "$out/$rite.png"
done
