//! Soak: a headless app plays and scrubs at random for 100,000 frames; memory at the end stays
//! within 5% of memory after the first 1,000. Ignored by default; .ci/run runs it.

use std::time::Duration;

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use sheli::app::{Playhead, Stage, logic_plugins};

fn rss_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status.lines().find(|l| l.starts_with("VmRSS:")).and_then(|l| l.split_whitespace().nth(1)).and_then(|v| v.parse().ok()).unwrap_or(0)
}

#[test]
#[ignore = "a few minutes: run by .ci/run"]
fn hundred_thousand_frames_of_play_and_scrub() {
    let rite = sheli::rite::load_named("scenes/da_she.ron").unwrap();
    let duration = rite.timeline.duration;
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .init_resource::<ButtonInput<KeyCode>>()
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(16)))
        .insert_resource(Stage::new(rite, "scenes/da_she.ron".into(), vec![]));
    logic_plugins(&mut app);
    // a small deterministic generator: the same run every time
    let mut seed: u64 = 0x5eed;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut baseline = 0;
    for frame in 0..100_000u32 {
        match next() % 100 {
            0..=2 => app.world_mut().resource_mut::<Playhead>().t = (next() % 10_000) as f32 / 10_000.0 * duration,
            3 => {
                let mut h = app.world_mut().resource_mut::<Playhead>();
                h.playing = !h.playing;
                h.speed = [0.25, 1.0, 8.0][(next() % 3) as usize];
            }
            _ => {}
        }
        app.update();
        if frame == 1_000 {
            baseline = rss_kib();
        }
    }
    let end = rss_kib();
    assert!(baseline > 0);
    assert!((end as f64) <= baseline as f64 * 1.05, "memory grew from {baseline} KiB to {end} KiB");
}
