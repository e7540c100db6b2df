#!/usr/bin/env bash
# The plans of a few clauses beside the 3D render of the same moment (docs/plans/, docs/plans.md).
# Needs xvfb-run and chromium: tools/plans_gallery.sh [path/to/sheli]
set -euo pipefail
cd "$(dirname "$0")/.."
sheli="${1:-${CARGO_TARGET_DIR:-target}/debug/sheli}"
out=docs/plans
mkdir -p "$out"
chrome() { chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
    --disable-component-update --disable-sync --user-data-dir="$(mktemp -d)" "$@" 2>/dev/null; }
one() { # name scene crop fragment nth
    local name=$1 scene=$2 crop=$3 frag=$4 nth=$5
    "$sheli" plan "$scene" --text "$frag" --nth "$nth" --crop "$crop" --out "$out/$name.svg"
    chrome --screenshot="$out/$name.plan.png" --window-size=1000,1100 "file://$PWD/$out/$name.svg" >/dev/null
    xvfb-run -a -s "-screen 0 1280x800x24" "$sheli" render "$scene" --text "$frag" --nth "$nth" --view overview \
        --width 1000 --height 620 --out "$out/$name.3d.png" 2>/dev/null
    echo "$name"
}
one bai_zhi xiang_she hall 主人阼阶上当楣北面再拜 1
one bi_san_ou xiang_she court 遂以比三耦于堂西 1
one da_she_bin da_she all 宾升自西阶 1
