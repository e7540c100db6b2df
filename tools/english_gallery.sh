#!/usr/bin/env bash
# Renders five clauses of both rites in English mode to docs/english/ (needs xvfb-run and a build):
# tools/english_gallery.sh [path/to/sheli]
set -euo pipefail
cd "$(dirname "$0")/.."
sheli="${1:-${CARGO_TARGET_DIR:-target}/debug/sheli}"
out=docs/english
mkdir -p "$out"
shot() { # name scene view select args…
    local name=$1 scene=$2 view=$3 select=$4; shift 4
    xvfb-run -a -s "-screen 0 1280x800x24" "$sheli" render "$scene" "$@" --english --view "$view" --select "$select" \
        --width 1280 --height 720 --out "$out/$name.png" 2>/dev/null
    echo "$out/$name.png"
}
shot 1_bai_zhi xiang_she overview 主人 --text 主人阼阶上当楣北面再拜
shot 2_xian_bin xiang_she overview 宾 --text 宾西阶上拜 --nth 1
shot 3_she xiang_she gate 上耦上射 --text 上射揖进，坐，横弓 --nth 1
shot 4_gong_she da_she overview 公 --text 公将射 --nth 1
shot 5_shu_huo da_she overview 释获者 --text 释获者东面于中西坐
