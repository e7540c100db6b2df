//! parse + validate + compile (and a few questions to the compiled rite) on arbitrary text.
#![no_main]

#[path = "../harness.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::exercise(data));
