//! Lines of sight over the court: whether a wall, a gate, a screen, a tent or a target stands
//! between the eye and a point (a name label is then hidden; a close look goes round it).

use bevy::math::Vec3;

use super::furniture::TENT_WALL;
use crate::rite::court::{Box2, Courtyard};

/// Whether a wall, a gate, a screen, a target or a tent's cloth stands between the eye and the
/// point.
pub(crate) fn walled_off(court: &Courtyard, eye: Vec3, at: Vec3) -> bool {
    use crate::rite::scene::model::ObjectKind as K;
    court.solids.iter().filter(|s| matches!(s.kind, K::Wall | K::CourtWall | K::Gate | K::Blind | K::Target { .. } | K::Tent)).any(|s| {
        let f = &s.footprint;
        if s.kind == K::Tent {
            let tent = Tent { footprint: *f, base: s.base, height: s.height };
            return tent.hides(eye, at);
        }
        let lo = Vec3::new(f.x0, s.base + s.lift, f.z0);
        let hi = Vec3::new(f.x1, s.base + s.lift + s.height, f.z1);
        segment_hits_box(eye, at, lo, hi)
    })
}

/// The dressing tent as it is drawn (`furniture.rs`): cloth walls on the south, west and east to
/// [`TENT_WALL`] of its height, a gable roof whose ridge runs north and south, and the north end open. One
/// sees in at the open end, under the roof, as the archers who come out of it are seen.
struct Tent {
    footprint: Box2,
    base: f32,
    height: f32,
}

impl Tent {
    /// The height of the cloth over a point inside: the wall's top at the sides, the ridge in the middle.
    fn cloth_at(&self, x: f32) -> f32 {
        let (wall, half) = (self.height * TENT_WALL, self.footprint.width() / 2.0);
        let from_ridge = (x - self.footprint.centre().0).abs() / half;
        self.base + wall + (self.height - wall) * (1.0 - from_ridge).max(0.0)
    }

    fn inside(&self, p: Vec3) -> bool {
        self.footprint.contains(p.x, p.z) && p.y < self.cloth_at(p.x)
    }

    /// Whether the line from `a` to `b` passes the cloth: it goes from inside the tent to outside
    /// (or back) anywhere but through the open north end.
    fn hides(&self, a: Vec3, b: Vec3) -> bool {
        const SAMPLES: usize = 64;
        let at = |k: usize| a + (b - a) * (k as f32 / SAMPLES as f32);
        (0..SAMPLES).any(|k| {
            let (p, q) = (at(k), at(k + 1));
            if self.inside(p) == self.inside(q) {
                return false;
            }
            // the end of the step that lies outside: in at the open end means north of the tent, under its gable
            let out = if self.inside(p) { q } else { p };
            let f = &self.footprint;
            let through_the_open_end = out.z < f.z0 && (f.x0..=f.x1).contains(&out.x) && out.y < self.cloth_at(out.x);
            !through_the_open_end
        })
    }
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

    /// A man inside the tent is seen from the north, through its open end, and not from the south,
    /// the west or above, through its cloth.
    #[test]
    fn a_tent_is_seen_into_from_its_open_north_end() {
        let tent = Tent { footprint: Box2 { x0: -1.5, z0: -1.2, x1: 1.5, z1: 1.2 }, base: 0.0, height: 2.1 };
        let man = Vec3::new(0.0, 0.95, 0.0);
        assert!(!tent.hides(Vec3::new(0.4, 1.6, -4.2), man), "from the north");
        assert!(tent.hides(Vec3::new(0.0, 1.6, 4.2), man), "from the south");
        assert!(tent.hides(Vec3::new(-4.2, 1.6, 0.0), man), "from the west");
        assert!(tent.hides(Vec3::new(0.0, 6.0, -1.0), man), "from above");
        assert!(!tent.hides(Vec3::new(-4.0, 1.6, -4.0), Vec3::new(4.0, 1.6, -4.0)), "a line north of it");
    }

    #[test]
    fn a_wall_between_hides() {
        let lo = Vec3::new(-1.0, 0.0, -0.1);
        let hi = Vec3::new(1.0, 3.0, 0.1);
        assert!(segment_hits_box(Vec3::new(0.0, 1.5, -5.0), Vec3::new(0.0, 1.5, 5.0), lo, hi));
        assert!(!segment_hits_box(Vec3::new(0.0, 5.0, -5.0), Vec3::new(0.0, 5.0, 5.0), lo, hi));
        assert!(!segment_hits_box(Vec3::new(3.0, 1.5, -5.0), Vec3::new(3.0, 1.5, 5.0), lo, hi));
    }
}
