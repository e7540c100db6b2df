#!/usr/bin/env bash
# Renders the gallery: one picture per line of docs/gallery/shots.tsv (file, scene, text, nth,
# during, at, view, caption), with `sheli render` under Xvfb, and writes docs/gallery/README.md.
#   tools/gallery.sh [SHELI]     (default: target/debug/sheli, or $CARGO_TARGET_DIR's)
set -euo pipefail
cd "$(dirname "$0")/.."
sheli="${1:-${CARGO_TARGET_DIR:-target}/debug/sheli}"
out=docs/gallery
list="$out/shots.tsv"
command -v xvfb-run >/dev/null || { echo "gallery: xvfb-run is needed (apt install xvfb xauth)" >&2; exit 1; }
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$(mktemp -d)}"
{
  echo "# Gallery"
  echo
  echo "Made by \`tools/gallery.sh\` from \`shots.tsv\`: each picture is \`sheli render\` at a clause of the"
  echo "原文 (\`--text\`), inside a gesture where one is named (\`--during … --at …\`)."
  echo
} > "$out/README.md"
failed=0
while IFS=$'\t' read -r file scene text nth during at view caption; do
  [[ -z "$file" || "$file" == \#* ]] && continue
  args=(render "scenes/$scene.ron" --text "$text" --view "$view" --out "$out/$file" --width 1280 --height 720)
  # an empty column is written `-` by the sed below, so that tabs never run together
  nth="${nth//[ -]/}"; during="${during//[ -]/}"; at="${at//[ -]/}"
  [[ -n "$nth" ]] && args+=(--nth "$nth")
  [[ -n "$during" ]] && args+=(--during "$during")
  [[ -n "$at" && -n "$during" ]] && args+=(--at "$at")
  if ! xvfb-run -a -s "-screen 0 1600x1000x24" "$sheli" "${args[@]}" > /tmp/gallery.log 2>&1; then
    echo "gallery: $file failed:" >&2
    grep -i "error" /tmp/gallery.log | grep -v XDG_RUNTIME >&2 || tail -5 /tmp/gallery.log >&2
    failed=1
    continue
  fi
  zh="${caption%% | *}"
  en="${caption#* | }"
  {
    echo "## $zh"
    echo
    echo "$en — 《$( [[ $scene == xiang_she ]] && echo 乡射礼 || echo 大射仪 )》「$text」"
    echo
    echo "![$en]($file)"
    echo
  } >> "$out/README.md"
  echo "gallery: $file"
done < <(sed -e ':a' -e 's/\t\t/\t-\t/g' -e 'ta' "$list")
exit $failed
