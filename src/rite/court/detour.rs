//! Walking round people. The router's ways go round what is built (the 堂, the stairs, the 洗);
//! people stand in them too, and a walker does not pass through a man standing or seated: he
//! steps round him. The furniture's way is found first (and cached); only a run of its legs on
//! one floor that passes through someone is searched again, with the people it meets as obstacles.
//! A mat is walked round the same way (曲礼「毋踖席」): nobody crosses a mat that is not his way's
//! start or end.

use super::route::{EPS, Floor, Router, WINDOWS, segment_hits};
use super::{Box2, Level};

/// How close (in metres, centre to centre) a walker may pass a man who is not walking: a
/// body's width, below which the two would overlap.
pub const PASSING: f32 = 0.4;

/// How close a walker's centre comes to a thing set on the floor (a dish, a cup, a 俎, a 篚):
/// his half-depth and the thing's, so that he does not step on it.
pub const STEPPING_CLEAR: f32 = 0.25;

/// At most this many searches per run, each adding the people the last way ran into.
const TRIES: usize = 6;

/// How far a walker's centre keeps from a mat's edge: his half-depth, so that his feet stay off it.
pub const OFF_THE_MAT: f32 = 0.15;

/// Someone or something in the way, on which floor, as the box a walker's centre keeps out of:
/// [`PASSING`] round a man, [`STEPPING_CLEAR`] round a thing, [`OFF_THE_MAT`] round a mat.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bystander {
    pub level: Level,
    pub area: Box2,
}

impl Bystander {
    /// A man standing or seated at (x, z).
    pub fn man(level: Level, x: f32, z: f32) -> Bystander {
        Bystander { level, area: Box2::around(x, z, 2.0 * PASSING, 2.0 * PASSING) }
    }

    /// A thing set on the floor at (x, z).
    pub fn thing(level: Level, x: f32, z: f32) -> Bystander {
        Bystander { level, area: Box2::around(x, z, 2.0 * STEPPING_CLEAR, 2.0 * STEPPING_CLEAR) }
    }

    /// A mat spread over `footprint`.
    pub fn mat(level: Level, footprint: Box2) -> Bystander {
        Bystander { level, area: footprint.grow(OFF_THE_MAT) }
    }
}

impl Router {
    /// `path` with each run of legs on one floor that passes through a bystander replaced by a
    /// way round him. A run whose end lies beside someone (he walks up to him, or starts from
    /// beside him) keeps clear of the others only. A run with no way round is kept as it was:
    /// the walk is still made.
    pub fn round_people(&self, path: Vec<[f32; 3]>, people: &[Bystander], hall_height: f32) -> Vec<[f32; 3]> {
        if people.is_empty() || path.len() < 2 {
            return path;
        }
        // the floor a point stands on, if it is on one: not on a stair's tread, nor at its foot
        // inside the stair's bounds
        let level_of = |p: [f32; 3]| {
            let level = if (p[1] - hall_height).abs() < 0.05 {
                Level::Hall
            } else if p[1].abs() < 0.05 {
                Level::Ground
            } else {
                return None;
            };
            self.floor(level).standable(p[0], p[2]).is_ok().then_some(level)
        };
        let mut out = vec![path[0]];
        let mut i = 0;
        while i + 1 < path.len() {
            // the run of points from i on the same floor at its height (a stair's treads are not)
            let level = level_of(path[i]);
            let mut j = i;
            while j + 1 < path.len() && level.is_some() && level_of(path[j + 1]) == level && (path[j + 1][1] - path[i][1]).abs() < 1e-3 {
                j += 1;
            }
            if j == i {
                out.push(path[i + 1]);
                i += 1;
                continue;
            }
            let run: Vec<(f32, f32)> = path[i..=j].iter().map(|p| (p[0], p[2])).collect();
            let (a, b) = (run[0], run[run.len() - 1]);
            let squares: Vec<Box2> = people
                .iter()
                .filter(|s| Some(s.level) == level)
                .map(|s| s.area)
                .filter(|s| !s.contains(a.0, a.1) && !s.contains(b.0, b.1))
                .collect();
            let y = path[i][1];
            // the tents stay closed to a walk that passes them (route.rs, `past_tents`)
            match level.and_then(|level| self.past_tents(level, a, b).unwrap_or(self.floor(level)).round(&run, &squares)) {
                Some(way) => out.extend(way.into_iter().skip(1).map(|(x, z)| [x, y, z])),
                None => out.extend_from_slice(&path[i + 1..=j]),
            }
            i = j;
        }
        out
    }
}

impl Floor {
    /// A way from the run's first point to its last round the squares the run crosses, or
    /// None when it crosses none or there is no way round.
    fn round(&self, run: &[(f32, f32)], squares: &[Box2]) -> Option<Vec<(f32, f32)>> {
        let hits = |way: &[(f32, f32)], s: &Box2| way.windows(2).any(|w| segment_hits(w[0], w[1], &s.grow(-EPS)));
        let mut met: Vec<Box2> = squares.iter().filter(|s| hits(run, s)).copied().collect();
        if met.is_empty() {
            return None;
        }
        let (a, b) = (run[0], run[run.len() - 1]);
        for _ in 0..TRIES {
            let way = WINDOWS.iter().find_map(|&margin| {
                let local = self.near(a, b, margin, &met);
                local.search(a, b).ok().filter(|p| p.windows(2).all(|w| self.clear(w[0], w[1])))
            })?;
            let more: Vec<Box2> = squares.iter().filter(|s| !met.contains(s) && hits(&way, s)).copied().collect();
            if more.is_empty() {
                return Some(way);
            }
            met.extend(more);
        }
        None
    }

    /// This floor's obstacles within `margin` of the walk a→b, and the people's squares.
    fn near(&self, a: (f32, f32), b: (f32, f32), margin: f32, squares: &[Box2]) -> Floor {
        let mut obstacles = self.obstacles_near(a, b, margin);
        obstacles.extend(squares.iter().map(|s| ("someone".to_string(), *s)));
        Floor::build(self.bounds, obstacles, false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open_floor() -> Floor {
        Floor::build(Box2 { x0: -10.0, z0: -10.0, x1: 10.0, z1: 10.0 }, Vec::new(), true)
    }

    fn nearest(way: &[(f32, f32)], p: (f32, f32)) -> f32 {
        way.windows(2)
            .map(|w| {
                let (d, l2) = ((w[1].0 - w[0].0, w[1].1 - w[0].1), (w[1].0 - w[0].0).powi(2) + (w[1].1 - w[0].1).powi(2));
                let s = (((p.0 - w[0].0) * d.0 + (p.1 - w[0].1) * d.1) / l2.max(1e-9)).clamp(0.0, 1.0);
                (w[0].0 + s * d.0 - p.0).hypot(w[0].1 + s * d.1 - p.1)
            })
            .fold(f32::INFINITY, f32::min)
    }

    #[test]
    fn a_walk_steps_round_a_man_in_its_way() {
        let man = Bystander::man(Level::Ground, 0.0, 0.05);
        let way = open_floor().round(&[(0.0, -5.0), (0.0, 5.0)], &[man.area]).expect("a way round");
        assert!(nearest(&way, man.area.centre()) >= PASSING - 1e-3, "{way:?}");
        assert!(way.len() > 2);
    }

    #[test]
    fn a_walk_steps_round_a_cup_on_the_floor_closer_than_round_a_man() {
        let cup = Bystander::thing(Level::Ground, 0.0, 0.05);
        let way = open_floor().round(&[(0.0, -5.0), (0.0, 5.0)], &[cup.area]).expect("a way round");
        let gap = nearest(&way, cup.area.centre());
        assert!((STEPPING_CLEAR - 1e-3..PASSING).contains(&gap), "{gap}: {way:?}");
    }

    #[test]
    fn a_walk_clear_of_everyone_is_left_alone() {
        let man = Bystander::man(Level::Ground, 2.0, 0.0);
        assert!(open_floor().round(&[(0.0, -5.0), (0.0, 5.0)], &[man.area]).is_none());
    }

    #[test]
    fn a_file_across_the_way_is_walked_round_at_its_end() {
        // five men shoulder to shoulder across the walk: no gap to pass between them
        let file: Vec<Box2> = (-2..=2).map(|k| Bystander::man(Level::Ground, k as f32 * 0.5, 0.0).area).collect();
        let way = open_floor().round(&[(0.0, -5.0), (0.0, 5.0)], &file).expect("a way round the file");
        for k in -2..=2 {
            assert!(nearest(&way, (k as f32 * 0.5, 0.0)) >= PASSING - 1e-3, "through the man at {k}: {way:?}");
        }
    }

    #[test]
    fn a_walk_goes_round_a_mat_not_over_it() {
        // a mat 2 m long across the way (毋踖席): the walk keeps its feet off it, past either end
        let mat = Bystander::mat(Level::Ground, Box2 { x0: -1.0, z0: -0.3, x1: 1.0, z1: 0.3 });
        let way = open_floor().round(&[(0.0, -5.0), (0.0, 5.0)], &[mat.area]).expect("a way round the mat");
        let over = |p: (f32, f32)| p.0.abs() < 1.0 + OFF_THE_MAT - 1e-3 && p.1.abs() < 0.3 + OFF_THE_MAT - 1e-3;
        for w in way.windows(2) {
            for k in 0..=20 {
                let s = k as f32 / 20.0;
                let p = (w[0].0 + s * (w[1].0 - w[0].0), w[0].1 + s * (w[1].1 - w[0].1));
                assert!(!over(p), "over the mat at {p:?}: {way:?}");
            }
        }
    }

    #[test]
    fn no_way_round_keeps_the_walk() {
        // a wall of men from side to side of the floor
        let wall: Vec<Box2> = (-20..=20).map(|k| Bystander::man(Level::Ground, k as f32 * 0.5, 0.0).area).collect();
        assert!(open_floor().round(&[(0.0, -5.0), (0.0, 5.0)], &wall).is_none());
    }
}
