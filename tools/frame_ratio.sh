#!/usr/bin/env bash
# sheli's frame time against the engine floor's, side by side in one Xvfb run (software Vulkan).
# Usage: tools/frame_ratio.sh [SCENE] [SECONDS] [VIEWER OPTIONS…]   (build first: cargo build --tests --examples)
# The viewer plays its sound on ALSA's null device (SHELI_AUDIO_DEVICE, default null here): the
# music is synthesized as it would be for a speaker, and nothing is heard.
set -euo pipefail
cd "$(dirname "$0")/.."
scene=${1:-xiang_she}
secs=${2:-30}
shift $(( $# < 2 ? $# : 2 ))
export SHELI_AUDIO_DEVICE=${SHELI_AUDIO_DEVICE:-null}
bin=${CARGO_TARGET_DIR:-target}/debug
[ -x "$bin/sheli" ] && [ -x "$bin/examples/engine_floor" ] || { echo "build first: cargo build --tests --examples (bin dir $bin)"; exit 1; }
out=$(mktemp -d)
run() { # name, command...
    local name=$1; shift
    SHELI_AUTOMATION=$out/$name.jsonl timeout "$secs" xvfb-run -a -s "-screen 0 1280x720x24" "$@" >/dev/null 2>&1 || true
    # drop the first report (start-up), average the rest
    python3 - "$out/$name.jsonl" "$name" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if '"frame_stats"' in l][1:]
p50 = sum(r["frame_ms_p50"] for r in rows) / max(len(rows), 1)
fps = sum(r["fps"] for r in rows) / max(len(rows), 1)
print(f"{sys.argv[2]}: {len(rows)} reports, p50 {p50:.1f} ms, {fps:.1f} fps")
open(sys.argv[1] + ".p50", "w").write(str(p50))
PY
}
run floor "$bin/examples/engine_floor"
run sheli "$bin/sheli" "$scene" --window 1280x720 "$@"
python3 -c "a=float(open('$out/floor.jsonl.p50').read()); b=float(open('$out/sheli.jsonl.p50').read()); print(f'ratio sheli/floor: {b/a:.2f}')"
