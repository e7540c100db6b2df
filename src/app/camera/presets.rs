//! Where each preset puts the camera at a moment: the overview on the clause's people, the plan,
//! from the hall, from the gate, following someone, a close look, or the director's shot.

use bevy::prelude::*;

use super::rig::{PLAN_SPAN, Rig, View};
use crate::app::stage::{Playhead, Selection, Stage};
use crate::rite::court::Level;

/// The overview frames the people acting in the clause now.
fn action_frame(stage: &Stage, head: &Playhead) -> Option<(Vec3, f32)> {
    let tl = &stage.rite.timeline;
    let beat = stage.rite.beat(stage.rite.beat_at(head.t));
    let mut lo = Vec3::splat(f32::INFINITY);
    let mut hi = Vec3::splat(f32::NEG_INFINITY);
    let mut any = false;
    for &a in &beat.actors {
        let s = tl.actor_at(a, head.t);
        if s.present {
            let p = Vec3::from_array(s.pos);
            lo = lo.min(p);
            hi = hi.max(p);
            any = true;
        }
    }
    if !any {
        return None;
    }
    let extent = (hi.x - lo.x).max(hi.z - lo.z);
    Some(((lo + hi) / 2.0 + Vec3::Y * 0.8, (extent * 1.4 + 12.0).clamp(20.0, 140.0)))
}

pub fn preset(view: &View, stage: &Stage, head: &Playhead, selection: &Selection) -> Rig {
    let court = &stage.rite.timeline.court;
    let hall = court.hall;
    let south = court
        .solids
        .iter()
        .filter(|s| matches!(s.kind, crate::rite::scene::model::ObjectKind::Target { .. }))
        .map(|s| s.footprint.z1)
        .fold(hall.z1 + 30.0, f32::max);
    match view {
        View::Overview | View::Free | View::Director => {
            let (focus, distance) = action_frame(stage, head).unwrap_or((Vec3::new(hall.centre().0, 0.8, hall.z1 + 3.0), 25.0));
            Rig { focus, yaw: 0.35, pitch: 0.58, distance, plan: false }
        }
        // the hall and every 侯 in the view: the plan's shorter side (its height, in a landscape
        // window) spans the court from the back of the hall to the farthest 侯
        View::Plan => Rig {
            focus: Vec3::new(hall.centre().0, 0.0, (hall.z0 + south) / 2.0),
            yaw: 0.0,
            pitch: std::f32::consts::FRAC_PI_2 - 1e-4,
            distance: ((south - hall.z0 + 8.0) / PLAN_SPAN).max(150.0),
            plan: true,
        },
        // from the back of the hall, over the archers at the 物, down the range to the 侯
        View::Hall => {
            // at the back of the hall, before the walls of the 室 and 房 where a hall has them
            let walls = court.solids.iter().filter(|s| s.kind == crate::rite::scene::model::ObjectKind::Wall && s.level == Level::Hall);
            let back = walls.filter(|s| s.footprint.z1 < hall.z1 - 2.0).map(|s| s.footprint.z1 + 0.6).fold(hall.z0 + 1.0, f32::max);
            let eye = Vec3::new(0.0, court.hall_height + 2.6, back);
            let focus = Vec3::new(0.0, court.hall_height + 0.6, hall.z1 + 24.0);
            let d = focus - eye;
            Rig { focus, yaw: std::f32::consts::PI, pitch: (-d.y / d.length()).asin(), distance: d.length(), plan: false }
        }
        // from the gate up the court to the hall: the eye above the gate, high enough that its line
        // to the ground before the stairs, where the rite is done, clears every 侯 between (a 侯
        // seen from behind is a wall of cloth as wide as the court's middle: 大射仪's 大侯 stands
        // ten metres inside the gate and twenty-six high)
        View::Gate => {
            let gate_z = court
                .solids
                .iter()
                .find(|s| s.kind == crate::rite::scene::model::ObjectKind::Gate)
                .map(|s| s.footprint.z1)
                .unwrap_or(south + 5.0);
            let focus = Vec3::new(0.0, 0.8, hall.z1 + 8.0);
            let run = (gate_z - focus.z).max(10.0);
            let rise = court
                .solids
                .iter()
                .filter(|s| s.footprint.z0 > focus.z + 1.0 && s.footprint.z1 < gate_z)
                .filter_map(|s| match s.kind {
                    // the cloth stands 躬, 中, 躬 high above its 武 (as the courtyard draws it)
                    crate::rite::scene::model::ObjectKind::Target { zhong, gong, .. } => {
                        let cloth = zhong.metres(court.chi_m) + 2.0 * gong.metres(court.chi_m);
                        Some((s.base + s.lift + cloth.max(s.height) + 1.0 - focus.y) * run / (s.footprint.z0 - focus.z))
                    }
                    _ => None,
                })
                // and never flatter than about 19°, so that the court shows beyond the 侯
                .fold(run * 0.35, f32::max);
            let distance = run.hypot(rise);
            Rig { focus, yaw: 0.0, pitch: (rise / distance).asin(), distance, plan: false }
        }
        View::Follow(key) => {
            let tl = &stage.rite.timeline;
            let i = tl.actor_index(key).or(selection.0).unwrap_or(0);
            let s = tl.actor_at(i, head.t);
            let at = Vec3::from_array(s.pos);
            // the partner of a 拜/答拜 or a 授/受 comes into the picture too
            let partner = stage.rite.partner(stage.rite.beat_at(head.t), i).map(|p| tl.actor_at(p, head.t)).filter(|p| p.present);
            let (focus, distance) = match partner {
                Some(p) => {
                    let other = Vec3::from_array(p.pos);
                    ((at + other) / 2.0 + Vec3::Y, (at.distance(other) * 1.4 + 7.0).max(9.0))
                }
                None => (at + Vec3::Y, 9.0),
            };
            // on the hall the eye stays under the eaves: never through the roof
            let pitch = if s.pos[1] > 0.3 { ((court.hall_height + 1.7 - focus.y) / distance).clamp(0.05, 0.45).asin() } else { 0.45 };
            Rig { focus, yaw: s.bearing.to_radians() + std::f32::consts::PI, pitch, distance, plan: false }
        }
        View::Close(key) => {
            let tl = &stage.rite.timeline;
            // a thing of the court (a 侯, the 洗) is seen from the north, as the archers see it
            if tl.actor_index(key).is_none()
                && let Some(s) = court.solid(key)
            {
                let (x, z) = s.footprint.centre();
                let (mut size, mut y) = (s.footprint.width().max(s.height), s.base + s.lift + s.height / 2.0);
                // a 侯 is framed on its 中, above the lift, the lower tongue's band and the 躬
                if let crate::rite::scene::model::ObjectKind::Target { zhong, gong, .. } = &s.kind {
                    let (zhong, gong) = (zhong.metres(court.chi_m), gong.metres(court.chi_m));
                    (size, y) = (zhong * 2.5 + gong, s.base + s.lift + gong + zhong / 2.0);
                }
                let focus = Vec3::new(x, y, z);
                return Rig { focus, yaw: std::f32::consts::PI - 0.6, pitch: 0.12, distance: size * 1.4 + 2.0, plan: false };
            }
            let i = tl.actor_index(key).or(selection.0).unwrap_or(0);
            let (focus, yaw) = super::close_view::aim(&tl.actors.iter().map(|a| a.at(head.t)).collect::<Vec<_>>(), i, |eye, at| {
                crate::app::world::sight::walled_off(&tl.court, eye, at)
            });
            Rig { focus, yaw, pitch: super::close_view::PITCH, distance: super::close_view::DISTANCE, plan: false }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rite::scene::model::ObjectKind;

    #[test]
    fn from_the_hall_the_eye_stands_before_the_walls_of_the_rooms() {
        for scene in crate::rite::scene::load::shipped_rites() {
            let rite = crate::rite::load_named(scene).unwrap();
            let stage = Stage::new(rite, scene.into(), vec![scene.into()]);
            let rig = preset(&View::Hall, &stage, &Playhead::default(), &Selection::default());
            let eye = rig.eye();
            let court = &stage.rite.timeline.court;
            assert!(court.hall.contains(eye.x, eye.z), "{scene}: the eye {eye} stands over the hall");
            for wall in court.solids.iter().filter(|s| s.kind == ObjectKind::Wall && s.level == Level::Hall) {
                let f = &wall.footprint;
                assert!(!f.grow(0.3).contains(eye.x, eye.z), "{scene}: the eye {eye} is in the wall {}", wall.id);
                // looking south, no wall of the rooms stands between the eye and the court
                assert!(
                    !(f.z0 > eye.z && f.x0 < eye.x && f.x1 > eye.x && f.z1 < court.hall.z1 - 2.0),
                    "{scene}: {} before the eye",
                    wall.id
                );
            }
        }
    }
}
