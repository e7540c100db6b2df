//! Nobody climbs to the hall for nothing: a walk that begins and ends in the court never goes up a stair on the
//! way (the court is open between any two of its places), and one that begins and ends on the hall never goes
//! down to the court and up again. A `via` a stair on such a walk is a slip of the scene, not a rite.

use sheli::rite::timeline::Motion;

#[test]
fn nobody_goes_up_and_down_a_stair_on_one_walk() {
    let mut found = Vec::new();
    for id in sheli::rite::scene::load::shipped_rites() {
        let rite = sheli::rite::load_named(id).unwrap_or_else(|e| panic!("{e}"));
        let hall = rite.timeline.court.hall_height;
        for actor in &rite.timeline.actors {
            // consecutive walks with no stop between them are one walk
            let mut walk: Vec<([f32; 3], f32)> = Vec::new();
            let mut flush = |walk: &mut Vec<([f32; 3], f32)>| {
                if let (Some(first), Some(last)) = (walk.first(), walk.last()) {
                    let (a, b) = (first.0[1], last.0[1]);
                    let (lo, hi) = walk.iter().fold((f32::MAX, f32::MIN), |(lo, hi), (p, _)| (lo.min(p[1]), hi.max(p[1])));
                    let court_only = a < 0.05 && b < 0.05 && hi > hall - 0.05;
                    let hall_only = a > hall - 0.05 && b > hall - 0.05 && lo < 0.05;
                    if court_only || hall_only {
                        let t = first.1;
                        let beat = rite.steps.iter().flat_map(|s| &s.beats).find(|b| b.start <= t && t < b.end).map(|b| b.text.clone());
                        found.push(format!("{} {} at {t:.1} s ({}): {}", rite.id, actor.id, beat.unwrap_or_default(), if court_only { "court to court by the hall" } else { "hall to hall by the court" }));
                    }
                }
                walk.clear();
            };
            let mut last_end = f32::NAN;
            for s in &actor.segments {
                match &s.motion {
                    Motion::Walk { path, .. } => {
                        if (s.t0 - last_end).abs() > 0.01 {
                            flush(&mut walk);
                        }
                        walk.extend(path.iter().map(|p| (*p, s.t0)));
                        last_end = s.t1;
                    }
                    Motion::Turn { .. } => {}
                    _ => flush(&mut walk),
                }
            }
            flush(&mut walk);
        }
    }
    assert!(found.is_empty(), "{} walks climb for nothing:\n{}", found.len(), found.join("\n"));
}
