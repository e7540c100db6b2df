#!/usr/bin/env bash
# Fuzzes parse + validate + compile (fuzz/harness.rs) for a fixed time: tools/fuzz.sh [SECONDS]
# (default 600). Crashes land in fuzz/artifacts/load/; copy each into tests/fuzz_regressions/,
# where `cargo test` replays it, then fix it.
set -euo pipefail
cd "$(dirname "$0")/.."
secs="${1:-600}"
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
# cargo-fuzz passes -Z flags to rustc; this lets the one stable toolchain take them
export RUSTC_BOOTSTRAP=1
export CARGO_TARGET_DIR="${SHELI_FUZZ_TARGET_DIR:-$HOME/.cache/sheli-fuzz-target}"
mkdir -p fuzz/corpus/load
# safe Rust: the fuzzer hunts panics, overflows, runaway recursion and time, so no sanitizer
# (ASan would make each run several times slower for nothing)
cargo fuzz run load --sanitizer none \
    fuzz/corpus/load fuzz/seeds tests/fuzz_regressions -- \
    -dict=fuzz/load.dict -max_len=16384 -timeout=10 -rss_limit_mb=2048 \
    -max_total_time="$secs" -print_final_stats=1
