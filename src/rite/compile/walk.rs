//! Walking a route: the router's path over the floors, cached by its ends, and a walk that starts
//! or ends on a stair's tread going along the stair's profile.

use super::sim::Sim;
use crate::rite::acts::props::PropKind;
use crate::rite::court::detour::Bystander;
use crate::rite::court::furniture::ObjectKind;
use crate::rite::court::route::RouteError;
use crate::rite::timeline::{ActorTrack, Motion, Pose, PropAt, Segment, along};

/// How often, in seconds, a walk looks where the others stand.
const SAMPLE: f32 = 0.5;
/// Two walking at once keep a shoulder's width apart, centre to centre (metres): who sets out
/// later waits at his place for the way to clear rather than walk into the other.
const CLEARANCE: f32 = 0.45;
/// How long one waits for the way at most, and in what steps (seconds). A way still not clear
/// then is walked at once, and the crowd rule lists it.
const MAX_WAIT: f32 = 12.0;
const WAIT_STEP: f32 = 0.25;

/// A coordinate to the millimetre, for the route cache's key.
fn quant(v: f32) -> i64 {
    (v * 1000.0).round() as i64
}

impl Sim<'_> {
    /// The route from where actor `a` stands to `dest` (up or down the stair `via` names),
    /// setting out at `t` at `speed`: the furniture's way, stepping round whoever stands or sits
    /// in it while he walks.
    pub(super) fn walk(&mut self, a: usize, dest: [f32; 3], via: Option<&str>, speed: f32, t: f32) -> Result<Vec<[f32; 3]>, RouteError> {
        let path = self.furniture_route(a, dest, via)?;
        let span = crate::rite::court::route::length(&path) / speed;
        let people = self.bystanders(a, t, span);
        Ok(self.router.round_people(path, &people, self.court.hall_height))
    }

    /// How long `a` waits before setting out along `path` at `t`, so that he keeps [`CLEARANCE`]
    /// from everyone whose walk at that time is already made: a file going down one stair goes
    /// one after the other, the first made first. The man he leads, or who leads him, is left
    /// out (they go side by side).
    pub(super) fn wait_for_way(&self, a: usize, path: &[[f32; 3]], cum: &[f32], speed: f32, t: f32) -> f32 {
        let length = cum.last().copied().unwrap_or(0.0);
        let dur = length / speed;
        let window = (t, t + dur + MAX_WAIT);
        let walking = |s: &Segment| matches!(s.motion, Motion::Walk { .. }) && s.t1 > window.0 && s.t0 < window.1;
        let others: Vec<&ActorTrack> = (0..self.tracks.len())
            .filter(|&o| o != a && self.leads_or_led(a, o).is_none())
            .map(|o| &self.tracks[o])
            .filter(|track| track.segments.iter().rev().take_while(|s| s.t1 > window.0).any(walking))
            .collect();
        if others.is_empty() {
            return 0.0;
        }
        let clear = |wait: f32| {
            let mut s = 0.0;
            while s <= dur {
                let (me, _) = along(path, cum, s * speed, 0.0);
                for other in &others {
                    let o = other.at(t + wait + s);
                    let near = (o.pos[0] - me[0]).hypot(o.pos[2] - me[2]) < CLEARANCE && (o.pos[1] - me[1]).abs() < 0.3;
                    if o.present && o.pose == Pose::Walking && near {
                        return false;
                    }
                }
                s += WAIT_STEP;
            }
            true
        };
        let mut wait = 0.0;
        while wait <= MAX_WAIT {
            if clear(wait) {
                return wait;
            }
            wait += WAIT_STEP;
        }
        0.0
    }

    /// The way round what is built, cached by its two ends: a rite walks the same routes again
    /// and again.
    fn furniture_route(&mut self, a: usize, dest: [f32; 3], via: Option<&str>) -> Result<Vec<[f32; 3]>, RouteError> {
        let from = self.rest[a].pos;
        let key = (quant(from[0]), quant(from[1]), quant(from[2]), quant(dest[0]), quant(dest[1]), quant(dest[2]), via.map(str::to_string));
        if let Some(hit) = self.route_cache.get(&key) {
            return Ok(hit.clone());
        }
        let result = self
            .stair_route(from, dest, via)
            .unwrap_or_else(|| self.router.route(from, self.court.floor_at(from), dest, self.court.floor_at(dest), via));
        if let Ok(p) = &result {
            self.route_cache.insert(key, p.clone());
        }
        result
    }

    /// Where everyone but `a` stands or sits, not walking, at some moment of the `span` seconds
    /// from `t`. The man he leads or who leads him is left out (they go side by side). Someone
    /// still to be played in this phase is read from the forecast (the last pass's tracks), as
    /// his moves from the phase's start are not yet made.
    fn bystanders(&self, a: usize, t: f32, span: f32) -> Vec<Bystander> {
        let moments = (span / SAMPLE).ceil().max(0.0) as usize;
        let mut found: Vec<Bystander> = Vec::new();
        for o in (0..self.tracks.len()).filter(|&o| o != a && self.leads_or_led(a, o).is_none()) {
            // the forecast's clock runs apart from this pass's (its walks were not the same):
            // the same phase began at another time
            let (track, from) = match (self.walks_later[o], self.forecast) {
                (false, _) => (&self.tracks[o], t),
                (true, Some(f)) => match self.phase_starts.len().checked_sub(1).and_then(|k| f.phase_starts.get(k)) {
                    Some(then) => (&f.tracks[o], t - self.phase_starts.last().copied().unwrap_or(0.0) + then),
                    None => continue,
                },
                (true, None) => continue,
            };
            // someone whose track ends before the walk stands where it ends the whole while
            let settled = track.segments.last().is_none_or(|s| s.t1 <= from);
            for k in 0..=if settled { 0 } else { moments } {
                let Some(p) = track.still_at(from + k as f32 * SAMPLE) else { continue };
                let seen = |s: &Bystander| {
                    let (x, z) = s.area.centre();
                    (x - p[0]).abs() < 0.05 && (z - p[2]).abs() < 0.05
                };
                if !found.iter().any(seen) {
                    found.push(Bystander::man(self.court.floor_at(p), p[0], p[2]));
                }
            }
        }
        found.extend(self.things_on_the_floor());
        found.extend(self.mats());
        found
    }

    /// The mats spread on the hall and in the court, which nobody walks over (曲礼「毋踖席」) but
    /// the man whose way starts or ends on one.
    fn mats(&self) -> impl Iterator<Item = Bystander> + '_ {
        self.court.solids.iter().filter(|s| s.kind == ObjectKind::Mat).map(|s| Bystander::mat(s.level, s.footprint))
    }

    /// The cups, dishes, 俎, baskets and stands set down on a floor (not on a stand or a mat's
    /// edge above it), which a walker steps round as he steps round a man.
    fn things_on_the_floor(&self) -> impl Iterator<Item = Bystander> + '_ {
        self.prop_now.iter().zip(&self.props).filter_map(|(now, prop)| {
            let PropAt::At(p, _) = now else { return None };
            let stepped_round = !matches!(
                prop.kind,
                PropKind::Bow | PropKind::Arrow | PropKind::Whip | PropKind::Flag | PropKind::Thumb | PropKind::Tallies | PropKind::Other
            );
            let on_floor = (p[1] - self.court.floor(p[0], p[2])).abs() < 0.1;
            (stepped_round && on_floor).then(|| Bystander::thing(self.court.floor_at(*p), p[0], p[2]))
        })
    }

    /// A walk that starts or ends on a stair's tread: along the stair's profile to or from one of
    /// its ends, and over the floor for the rest. `None` when neither end is on a tread.
    fn stair_route(&self, from: [f32; 3], dest: [f32; 3], via: Option<&str>) -> Option<Result<Vec<[f32; 3]>, RouteError>> {
        let court = self.court;
        let on_tread = |p: [f32; 3]| court.tread_at(p[0], p[2]).filter(|t| (p[1] - t.height).abs() < 0.05);
        let (start, end) = (on_tread(from), on_tread(dest));
        if start.is_none() && end.is_none() {
            return None;
        }
        let stair_of = |t: &crate::rite::court::treads::Tread| &court.stairs[t.stair];
        let named_other = |t: &crate::rite::court::treads::Tread| via.is_some_and(|v| v != stair_of(t).id);
        if let Some(t) = end.or(start).filter(|t| named_other(t)) {
            return Some(Err(RouteError::OtherStair { tread_of: stair_of(t).id.clone(), named: via.unwrap_or_default().to_string() }));
        }
        use crate::rite::court::treads::{along, beside, off, side_shift};
        Some((|| {
            let mut path = vec![from];
            let mut here = from;
            // on the stair each keeps to the side he stands on (or, coming to a tread, the side he goes to)
            if let Some(s) = start {
                if let Some(e) = end.filter(|e| e.stair == s.stair) {
                    path.extend(along(stair_of(s), Some(s.k), false, e.k, dest, side_shift(stair_of(e), e, dest)));
                    return Ok(path);
                }
                // off the stair toward where the walk goes: up onto the hall, or down to the court
                let to_top = end.is_none() && court.floor_at(dest) == crate::rite::court::Level::Hall;
                path.extend(off(stair_of(s), s.k, from, to_top, side_shift(stair_of(s), s, from)).into_iter().skip(1));
                here = *path.last().expect("a stair has ends");
            }
            match end {
                Some(e) => {
                    let st = stair_of(e);
                    let side = side_shift(st, e, dest);
                    let from_top = court.floor_at(here) == crate::rite::court::Level::Hall;
                    let entry = beside(if from_top { st.top() } else { st.bottom() }, side);
                    let level = court.floor_at(here);
                    path.extend(self.router.route(here, level, entry, level, None)?.into_iter().skip(1));
                    path.extend(along(st, None, from_top, e.k, dest, side).into_iter().skip(1));
                }
                None => path.extend(self.router.route(here, court.floor_at(here), dest, court.floor_at(dest), None)?.into_iter().skip(1)),
            }
            Ok(path)
        })())
    }
}
