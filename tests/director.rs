//! The director's camera, headless: for hundreds of beats across both rites, run the director
//! to rest and check that the clause's people project inside the view and are not hidden by the
//! hall's roof. The fraction is printed; it must be at least 95%.

use bevy::math::{Mat4, Vec3, Vec4};
use sheli::app::Stage;
use sheli::app::camera::director::Director;

/// The 3D view's size in the default window (1280×720 less the panels).
const ASPECT: f32 = 950.0 / 650.0;
const FOV: f32 = 0.75;

fn inside(eye: Vec3, focus: Vec3, p: Vec3) -> bool {
    let clip = Mat4::perspective_rh(FOV, ASPECT, 0.1, 2000.0) * Mat4::look_at_rh(eye, focus, Vec3::Y) * Vec4::from((p, 1.0));
    if clip.w <= 0.0 {
        return false;
    }
    let ndc = clip.truncate() / clip.w;
    ndc.x.abs() <= 1.0 && ndc.y.abs() <= 1.0
}

/// Whether the line from the eye to `p` passes through the hall's roof (the two slabs the
/// courtyard draws: 2.3 to 4.5 m above the hall's floor, over the hall and its eaves).
fn under_roof(stage: &Stage, eye: Vec3, p: Vec3) -> bool {
    let court = &stage.rite.timeline.court;
    let (h, hh) = (court.hall, court.hall_height);
    (1..100).any(|k| {
        let q = eye + (p - eye) * (k as f32 / 100.0);
        q.y > hh + 2.3 && q.y < hh + 4.5 && q.x > h.x0 - 1.5 && q.x < h.x1 + 1.5 && q.z > h.z0 - 0.5 && q.z < h.z1 + 0.5
    })
}

#[test]
fn the_clauses_people_are_in_frame_and_not_under_the_roof() {
    let (mut seen, mut good) = (0usize, 0usize);
    let mut bad = Vec::new();
    for scene in sheli::rite::scene::load::shipped_rites() {
        let rite = sheli::rite::load_named(scene).unwrap();
        let beats: Vec<_> = rite.beats().map(|(r, _)| r).collect();
        let stage = Stage::new(rite, scene.into(), vec![]);
        let every = (beats.len() / 200).max(1);
        for &r in beats.iter().step_by(every) {
            let b = stage.rite.beat(r);
            // late in the clause (not at its last instant: f32 rite times hours long are coarse)
            let t = b.start + (b.end - b.start) * 0.9;
            let Some(rig) = Director::default().aim(&stage, t) else { continue };
            let eye = rig.eye();
            for &a in &b.actors {
                let s = stage.rite.timeline.actor_at(a, t);
                if !s.present {
                    continue;
                }
                let p = Vec3::from_array(s.pos) + Vec3::Y * 1.0;
                seen += 1;
                let (framed, clear) = (inside(eye, rig.focus, p), !under_roof(&stage, eye, p));
                if framed && clear {
                    good += 1;
                } else if bad.len() < 15 {
                    let why = if framed { "under the roof" } else { "out of frame" };
                    bad.push(format!("{}: {} in `{}` ({why})", stage.rite.id, stage.rite.timeline.actors[a].name, b.text));
                }
            }
        }
    }
    let share = good as f32 / seen as f32;
    println!("director: {good} of {seen} acting people in frame and clear of the roof ({:.1}%)", share * 100.0);
    assert!(seen >= 300, "only {seen} checked");
    assert!(share >= 0.95, "{:.1}% in frame; e.g.\n{}", share * 100.0, bad.join("\n"));
}

#[test]
fn short_clauses_share_a_shot() {
    let rite = sheli::rite::load_named("scenes/xiang_she.ron").unwrap();
    let stage = Stage::new(rite, "xiang_she".into(), vec![]);
    let mut d = Director::default();
    let mut cuts = Vec::new();
    let mut last = None;
    let end = stage.rite.steps[20].end;
    let mut t = 0.0;
    while t < end {
        d.aim(&stage, t);
        if last != Some(d.cut_at) {
            cuts.push(d.cut_at);
            last = Some(d.cut_at);
        }
        t += 0.1;
    }
    assert!(cuts.len() > 10, "the director cuts as the rite goes on");
    for w in cuts.windows(2) {
        assert!(w[1] - w[0] >= sheli::app::camera::director::MIN_SHOT - 1e-3, "a cut {} s after the last", w[1] - w[0]);
    }
}
