//! 导演 / Director: a shot for every beat, chosen from what the beat does — a wide shot for
//! processions and the whole court, a medium shot on the acting pair for bows and cups (from low
//! enough to see under the hall's eaves), the archer from behind and the side for a shot, close on
//! hands and cups for counting and drinking. No cut comes sooner than [`MIN_SHOT`] seconds of
//! viewing time after the last: short clauses share a shot. The rite's files hold no camera data.

use bevy::prelude::*;

use super::rig::Rig;
use crate::app::stage::Stage;
use crate::rite::acts::deed::Deed;
use crate::rite::acts::gesture::Gesture;
use crate::rite::scene::model::PropKind;
use crate::rite::timeline::query::BeatRef;

/// The shortest a shot is held, in seconds of viewing time.
pub const MIN_SHOT: f32 = 3.0;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShotKind {
    /// the whole court, for entrances, processions and many people at once
    Wide,
    /// the acting people, framed together
    Medium,
    /// behind and beside the archer, looking down the range
    Archer,
    /// close on hands and cups
    Close,
}

/// What a beat does, as far as the camera cares.
pub fn shot_kind(stage: &Stage, beat: BeatRef) -> ShotKind {
    let rite = &stage.rite;
    let b = rite.beat(beat);
    let deeds = || b.did.iter().flat_map(|(_, acts)| acts.iter().flatten());
    if deeds().any(|d| matches!(d, Deed::Shoot { .. })) {
        return ShotKind::Archer;
    }
    let entering = deeds().filter(|d| matches!(d, Deed::Enter(_) | Deed::Exit)).count();
    if b.actors.len() >= 6 || entering >= 3 {
        return ShotKind::Wide;
    }
    let tallies = |p: &usize| rite.timeline.props[*p].kind == PropKind::Tallies;
    let close = deeds().any(|d| match d {
        Deed::Gesture(g) => matches!(g, Gesture::Cui | Gesture::Taste | Gesture::ZuJue | Gesture::Ji),
        Deed::Handle { prop, .. } | Deed::Receive(prop) => tallies(prop),
        _ => false,
    });
    if close { ShotKind::Close } else { ShotKind::Medium }
}

/// Where the camera stands for a shot of `kind` on the beat's people at rite time `t`.
pub fn shot_rig(stage: &Stage, beat: BeatRef, kind: ShotKind, t: f32) -> Option<Rig> {
    let rite = &stage.rite;
    let tl = &rite.timeline;
    let people: Vec<(usize, Vec3)> = rite
        .beat(beat)
        .actors
        .iter()
        .map(|&a| (a, tl.actor_at(a, t)))
        .filter(|(_, s)| s.present)
        .map(|(a, s)| (a, Vec3::from_array(s.pos)))
        .collect();
    if people.is_empty() {
        return None;
    }
    let (lo, hi) =
        people.iter().fold((Vec3::splat(f32::INFINITY), Vec3::splat(f32::NEG_INFINITY)), |(lo, hi), (_, p)| (lo.min(*p), hi.max(*p)));
    let centre = (lo + hi) / 2.0;
    let extent = (hi.x - lo.x).max(hi.z - lo.z);
    let hall = tl.court.hall_height;
    // on the hall, the eye stays below the eaves so the roof never hides the people
    let under_eaves = |focus: Vec3, distance: f32, wanted: f32| {
        if hi.y > 0.3 { ((hall + 1.7 - focus.y) / distance).clamp(0.05, 0.9).asin().min(wanted) } else { wanted }
    };
    let subjects: Vec<Vec3> = people.iter().map(|(_, p)| *p + Vec3::Y).collect();
    // an archer's shot looks down the range: with people behind him, the whole court instead
    let shooter = people.iter().find(|(a, _)| shoots(stage, beat, *a)).copied().unwrap_or(people[0]);
    let facing_of = |a: usize| {
        let b = tl.actor_at(a, t).bearing.to_radians();
        (b, Vec3::new(b.sin(), 0.0, -b.cos()))
    };
    let behind = |(a, at): (usize, Vec3)| people.iter().any(|(_, p)| (*p - at).dot(facing_of(a).1) < -3.0);
    let kind = if kind == ShotKind::Archer && behind(shooter) { ShotKind::Wide } else { kind };
    let rig = match kind {
        ShotKind::Wide => {
            let focus = centre + Vec3::Y * 0.8;
            let distance = (extent * 1.5 + 16.0).clamp(24.0, 150.0);
            Rig { focus, yaw: 0.3, pitch: under_eaves(focus, distance, 0.75), distance, plan: false }
        }
        ShotKind::Medium | ShotKind::Close => {
            let focus = centre + Vec3::Y * 1.0;
            let (base, wanted) = if kind == ShotKind::Close { (4.5, 0.5) } else { (8.0, 0.35) };
            let distance = extent * 1.6 + base;
            Rig { focus, yaw: 0.45, pitch: under_eaves(focus, distance, wanted), distance, plan: false }
        }
        ShotKind::Archer => {
            // the first of the beat's people who shoots, seen from behind his right shoulder
            let (a, at) = shooter;
            let (b, facing) = facing_of(a);
            let focus = at + facing * 5.0 + Vec3::Y * 1.3;
            let distance = 9.0;
            Rig { focus, yaw: -b + 0.45, pitch: under_eaves(focus, distance, 0.22), distance, plan: false }
        }
    };
    // step back until everyone of the clause is in the picture (and, on the hall, the eye stays
    // under the eaves)
    let wanted = rig.pitch;
    let mut rig = rig;
    for _ in 0..24 {
        if subjects.iter().all(|p| in_view(&rig, *p)) {
            return Some(rig);
        }
        rig.distance *= 1.2;
        rig.pitch = under_eaves(rig.focus, rig.distance, wanted);
    }
    // people spread the length of the court: from high above its middle
    let mut high = Rig { focus: centre, yaw: 0.0, pitch: 1.25, distance: extent.max(20.0), plan: false };
    for _ in 0..24 {
        if subjects.iter().all(|p| in_view(&high, *p)) {
            break;
        }
        high.distance *= 1.2;
    }
    Some(high)
}

/// The narrowest view the camera may have (a small window with its panels), and how far inside
/// its edges the people must stand.
const FOV: f32 = 0.75;
const NARROW_ASPECT: f32 = 1.25;
const INSET: f32 = 0.85;

/// Whether `p` projects inside the view of `rig`, with a margin.
pub fn in_view(rig: &Rig, p: Vec3) -> bool {
    let clip = Mat4::perspective_rh(FOV, NARROW_ASPECT, 0.1, 4000.0) * Mat4::look_at_rh(rig.eye(), rig.focus, Vec3::Y) * p.extend(1.0);
    clip.w > 0.0 && (clip.x / clip.w).abs() <= INSET && (clip.y / clip.w).abs() <= INSET
}

fn shoots(stage: &Stage, beat: BeatRef, a: usize) -> bool {
    stage.rite.beat(beat).did.iter().any(|(who, acts)| *who == a && acts.iter().flatten().any(|d| matches!(d, Deed::Shoot { .. })))
}

/// The director's memory: the shot on screen and when (viewing time) it was cut to.
#[derive(Resource, Debug, Default)]
pub struct Director {
    pub shot: Option<(BeatRef, ShotKind)>,
    pub cut_at: f32,
}

impl Director {
    /// The aim for rite time `t`: a new shot when the beat changes and the last cut is old
    /// enough, else the current shot, following its people.
    pub fn aim(&mut self, stage: &Stage, t: f32) -> Option<Rig> {
        let beat = stage.rite.beat_at(t);
        let now = stage.pace.to_view(t);
        let held = now - self.cut_at;
        let fresh = match self.shot {
            Some((b, _)) if b == beat => false,
            Some(_) => !(0.0..MIN_SHOT).contains(&held),
            None => true,
        };
        if fresh {
            self.shot = Some((beat, shot_kind(stage, beat)));
            self.cut_at = now;
        }
        // a held shot keeps its kind and eases onto the people of the clause now
        let (_, kind) = self.shot?;
        shot_rig(stage, beat, kind, t)
    }
}
