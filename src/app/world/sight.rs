//! Lines of sight over the court: whether a wall, a gate, a screen, a tent or a target stands
//! between the eye and a point (a name label is then hidden; a close look goes round it).

use bevy::math::Vec3;

use crate::rite::court::Courtyard;

/// Whether a wall, a gate, a screen or a target stands between the eye and the point.
pub(crate) fn walled_off(court: &Courtyard, eye: Vec3, at: Vec3) -> bool {
    use crate::rite::scene::model::ObjectKind as K;
    court.solids.iter().filter(|s| matches!(s.kind, K::Wall | K::CourtWall | K::Gate | K::Blind | K::Target { .. } | K::Tent)).any(|s| {
        let f = &s.footprint;
        let lo = Vec3::new(f.x0, s.base + s.lift, f.z0);
        let hi = Vec3::new(f.x1, s.base + s.lift + s.height, f.z1);
        segment_hits_box(eye, at, lo, hi)
    })
}

/// Slab test: does the segment from a to b pass through the box?
fn segment_hits_box(a: Vec3, b: Vec3, lo: Vec3, hi: Vec3) -> bool {
    let d = b - a;
    let (mut t0, mut t1) = (0.0f32, 1.0f32);
    for k in 0..3 {
        if d[k].abs() < 1e-6 {
            if a[k] < lo[k] || a[k] > hi[k] {
                return false;
            }
            continue;
        }
        let (mut u, mut v) = ((lo[k] - a[k]) / d[k], (hi[k] - a[k]) / d[k]);
        if u > v {
            std::mem::swap(&mut u, &mut v);
        }
        t0 = t0.max(u);
        t1 = t1.min(v);
        if t0 > t1 {
            return false;
        }
    }
    // touching the far end (the person stands against it) does not hide him
    t0 < 0.97
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wall_between_hides() {
        let lo = Vec3::new(-1.0, 0.0, -0.1);
        let hi = Vec3::new(1.0, 3.0, 0.1);
        assert!(segment_hits_box(Vec3::new(0.0, 1.5, -5.0), Vec3::new(0.0, 1.5, 5.0), lo, hi));
        assert!(!segment_hits_box(Vec3::new(0.0, 5.0, -5.0), Vec3::new(0.0, 5.0, 5.0), lo, hi));
        assert!(!segment_hits_box(Vec3::new(3.0, 1.5, -5.0), Vec3::new(3.0, 1.5, 5.0), lo, hi));
    }
}
