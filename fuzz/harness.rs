//! What the fuzzer checks, shared with the regression test (tests/fuzz_regressions.rs): any
//! text loads either into a rite that can be asked about any moment, or into diagnostics that
//! each point into one of its files; nothing panics. The input is a main scene file and its
//! parts, separated by lines holding only `---`; the parts are handed out in the order the
//! main file asks for them.

use std::cell::Cell;

use sheli::rite::scene::load::load_with;

pub const PART_BREAK: &str = "\n---\n";

pub fn exercise(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut files = text.split(PART_BREAK);
    let main = files.next().unwrap_or_default();
    let parts: Vec<&str> = files.collect();
    let asked = Cell::new(0);
    let read = |_: &str| {
        let k = asked.get();
        asked.set(k + 1);
        parts.get(k).map(|p| p.to_string()).ok_or_else(|| "no such part".to_string())
    };
    match load_with("fuzz.ron", main, &read) {
        Ok(loaded) => {
            let rite = loaded.rite;
            let d = rite.timeline.duration;
            for t in [-1.0, 0.0, d * 0.37, d * 0.5, d, d + 1.0, f32::NAN] {
                let world = rite.timeline.state_at(t);
                assert_eq!(world.actors.len(), rite.timeline.actors.len());
                let _ = rite.snapshot(t, rite.beat_at(t));
            }
            for a in 0..rite.timeline.actors.len() {
                let _ = rite.duties(a);
                let _ = rite.timeline.path_of(a);
            }
            for (_, beat) in rite.beats() {
                let _ = rite.find_text(&beat.text);
            }
        }
        Err(diags) => {
            assert!(!diags.0.is_empty(), "a failed load must say why");
            for d in &diags.0 {
                assert!(d.pos.line >= 1 && d.pos.col >= 1, "{} has no position", d.headline());
                // lines as the loader counts them: CR and CRLF end a line too
                let count = |t: &str| sheli::rite::scene::load::normalize(t.to_string()).lines().count();
                let lines = if d.file == "fuzz.ron" { count(main) } else { count(text) };
                assert!(d.pos.line <= lines.max(1) + 1, "{} points past the end of its file", d.headline());
            }
            let _ = diags.to_string();
        }
    }
}
