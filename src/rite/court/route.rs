//! Routing: authors name destinations, the router finds the way. Each floor (the 堂 and the
//! ground) is a visibility graph around its obstacles; the stairs are the only edges between them.

use std::collections::BinaryHeap;

use super::{BODY_RADIUS, Box2, Courtyard, Level, Stairway};

/// Why a move cannot be walked.
#[derive(Debug, Clone, PartialEq)]
pub enum RouteError {
    /// the point lies inside something solid, named
    Inside(String),
    /// the point lies off the floor it is on (off the hall's edge, outside the ground)
    OffFloor,
    /// no way around the obstacles
    NoPath,
    /// the stair named by `via` does not exist
    NoStair(String),
    /// the walk starts or ends on a tread of one stair, and `via` names another
    OtherStair { tread_of: String, named: String },
}

impl std::fmt::Display for RouteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RouteError::Inside(what) => write!(f, "the point is inside {what}"),
            RouteError::OffFloor => write!(f, "the point is off the floor (beyond the hall's edge or the ground)"),
            RouteError::NoPath => write!(f, "no path around the obstacles"),
            RouteError::NoStair(s) => write!(f, "no stair named `{s}`"),
            RouteError::OtherStair { tread_of, named } => write!(f, "that tread is on `{tread_of}`, not on `{named}`"),
        }
    }
}

pub(super) struct Floor {
    pub(super) bounds: Box2,
    pub(super) obstacles: Vec<(String, Box2)>,
    /// the obstacles' interiors, packed apart from their names: `clear` tests them all, often
    interiors: Vec<Box2>,
    nodes: Vec<(f32, f32)>,
    /// for each node, the nodes it sees and the distance
    edges: Vec<Vec<(usize, f32)>>,
}

pub struct Router {
    pub(super) hall: Floor,
    pub(super) ground: Floor,
    /// The ground with the tents closed: a walk that neither goes into a tent nor comes out of one
    /// goes round it, before it, not through its curtains (贾疏「因过次为适次，非入次也」); None
    /// when the court has no tent.
    ground_past_tents: Option<Floor>,
    tents: Vec<Box2>,
    stairs: Vec<Stairway>,
}

pub(super) const EPS: f32 = 1e-3;

impl Router {
    pub fn new(court: &Courtyard) -> Router {
        let r = BODY_RADIUS;
        let mut hall_obs = Vec::new();
        let mut ground_obs = vec![("堂".to_string(), court.hall.grow(r))];
        for s in court.solids.iter().filter(|s| s.blocks) {
            let entry = (s.id.clone(), s.footprint.grow(r));
            match s.level {
                Level::Hall => hall_obs.push(entry),
                Level::Ground => ground_obs.push(entry),
            }
        }
        let tents: Vec<Box2> = court.tents().filter(|(_, s)| s.level == Level::Ground).map(|(_, s)| s.footprint).collect();
        let ground_past_tents = (!tents.is_empty()).then(|| {
            let closed = tents.iter().map(|t| ("次".to_string(), t.grow(r)));
            Floor::new(court.ground.grow(-r), ground_obs.iter().cloned().chain(closed).collect())
        });
        Router {
            hall: Floor::new(court.hall.grow(-r), hall_obs),
            ground: Floor::new(court.ground.grow(-r), ground_obs),
            ground_past_tents,
            tents,
            stairs: court.stairs.clone(),
        }
    }

    /// The ground with the tents closed, for a walk from `a` to `b` on `level` that starts and ends
    /// outside every tent (and can stand there); None for any other walk.
    pub(super) fn past_tents(&self, level: Level, a: (f32, f32), b: (f32, f32)) -> Option<&Floor> {
        let in_a_tent = |p: (f32, f32)| self.tents.iter().any(|t| t.contains(p.0, p.1));
        let floor = self.ground_past_tents.as_ref().filter(|_| level == Level::Ground)?;
        let outside = |p: (f32, f32)| !in_a_tent(p) && floor.standable(p.0, p.1).is_ok();
        (outside(a) && outside(b)).then_some(floor)
    }

    /// One walk on one floor: round the tents when it neither goes into one nor comes out of one,
    /// and as if they were open where no way round is found.
    fn leg(&self, level: Level, a: (f32, f32), b: (f32, f32)) -> Result<Vec<(f32, f32)>, RouteError> {
        if let Some(past) = self.past_tents(level, a, b)
            && let Ok(path) = past.path(a, b)
        {
            return Ok(path);
        }
        self.floor(level).path(a, b)
    }

    pub(super) fn floor(&self, level: Level) -> &Floor {
        match level {
            Level::Hall => &self.hall,
            Level::Ground => &self.ground,
        }
    }

    /// Checks that someone can stand at the point on its floor.
    pub fn standable(&self, level: Level, x: f32, z: f32) -> Result<(), RouteError> {
        self.floor(level).standable(x, z)
    }

    /// The path from `from` to `to` (x, y, z in metres; y tells the floor), through the stair
    /// `via` if the text names one, otherwise the shortest.
    pub fn route(
        &self,
        from: [f32; 3],
        from_level: Level,
        to: [f32; 3],
        to_level: Level,
        via: Option<&str>,
    ) -> Result<Vec<[f32; 3]>, RouteError> {
        if let Some(name) = via
            && !self.stairs.iter().any(|s| s.id == name)
        {
            return Err(RouteError::NoStair(name.to_string()));
        }
        if from_level == to_level && via.is_none() {
            let y = from[1];
            return Ok(self.leg(from_level, (from[0], from[2]), (to[0], to[2]))?.into_iter().map(|(x, z)| [x, y, z]).collect());
        }
        let mut best: Option<(f32, Vec<[f32; 3]>)> = None;
        let mut last_err = RouteError::NoPath;
        for stair in self.stairs.iter().filter(|s| via.is_none_or(|v| v == s.id)) {
            match self.through(stair, from, from_level, to, to_level) {
                Ok(path) => {
                    let len = length(&path);
                    if best.as_ref().is_none_or(|(l, _)| len < *l) {
                        best = Some((len, path));
                    }
                }
                Err(e) => last_err = e,
            }
        }
        best.map(|(_, p)| p).ok_or(last_err)
    }

    fn through(
        &self,
        stair: &Stairway,
        from: [f32; 3],
        from_level: Level,
        to: [f32; 3],
        to_level: Level,
    ) -> Result<Vec<[f32; 3]>, RouteError> {
        let (bottom, top) = (stair.bottom(), stair.top());
        let end_of = |level: Level| if level == Level::Hall { top } else { bottom };
        let leg = |a: [f32; 3], b: [f32; 3], level: Level| -> Result<Vec<[f32; 3]>, RouteError> {
            Ok(self.leg(level, (a[0], a[2]), (b[0], b[2]))?.into_iter().map(|(x, z)| [x, a[1], z]).collect())
        };
        let mut path = leg(from, end_of(from_level), from_level)?;
        let mut climb = stair.profile.clone();
        if from_level == Level::Hall {
            climb.reverse();
        }
        if from_level == to_level {
            // down and back up (or up and back down): the text named a stair for a same-floor move
            let mut back = climb.clone();
            back.reverse();
            climb.extend(back.into_iter().skip(1));
        }
        path.extend(climb.into_iter().skip(1));
        let last = *path.last().unwrap_or(&from);
        path.extend(leg(last, to, to_level)?.into_iter().skip(1));
        Ok(path)
    }
}

pub fn length(path: &[[f32; 3]]) -> f32 {
    path.windows(2).map(|w| dist3(w[0], w[1])).sum()
}

pub fn dist3(a: [f32; 3], b: [f32; 3]) -> f32 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

fn dist(a: (f32, f32), b: (f32, f32)) -> f32 {
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
}

/// Up to this many obstacles a floor keeps its whole visibility graph, built once (the shipped
/// courts have a few dozen). Beyond it each walk searches a window around its two ends, widened
/// until a way is found, so a walk costs what the obstacles near it cost, not the whole court's.
const FULL_GRAPH_LIMIT: usize = 256;
/// How far past its ends a walk's window reaches, in metres, try by try.
pub(super) const WINDOWS: [f32; 3] = [2.0, 8.0, 32.0];

impl Floor {
    fn new(bounds: Box2, obstacles: Vec<(String, Box2)>) -> Floor {
        let full = obstacles.len() <= FULL_GRAPH_LIMIT;
        Floor::build(bounds, obstacles, full)
    }

    /// The floor with its corners; with `full`, every pair of corners that see each other is
    /// joined once, here; without, a search finds a corner's neighbours when it reaches it.
    pub(super) fn build(bounds: Box2, obstacles: Vec<(String, Box2)>, full: bool) -> Floor {
        let interiors = obstacles.iter().map(|(_, b)| b.grow(-EPS)).collect();
        let mut floor = Floor { bounds, obstacles, interiors, nodes: Vec::new(), edges: Vec::new() };
        let corner_gap = 0.02;
        let mut nodes = Vec::new();
        for (_, b) in &floor.obstacles {
            let g = b.grow(corner_gap);
            for p in [(g.x0, g.z0), (g.x1, g.z0), (g.x0, g.z1), (g.x1, g.z1)] {
                if floor.standable(p.0, p.1).is_ok() {
                    nodes.push(p);
                }
            }
        }
        if full {
            let mut edges = vec![Vec::new(); nodes.len()];
            for i in 0..nodes.len() {
                for j in i + 1..nodes.len() {
                    if floor.clear(nodes[i], nodes[j]) {
                        let d = dist(nodes[i], nodes[j]);
                        edges[i].push((j, d));
                        edges[j].push((i, d));
                    }
                }
            }
            floor.edges = edges;
        }
        floor.nodes = nodes;
        floor
    }

    /// Whether the whole visibility graph was built.
    fn has_graph(&self) -> bool {
        self.edges.len() == self.nodes.len()
    }

    pub(super) fn standable(&self, x: f32, z: f32) -> Result<(), RouteError> {
        if !self.bounds.grow(EPS).contains(x, z) {
            return Err(RouteError::OffFloor);
        }
        match self.obstacles.iter().find(|(_, b)| b.grow(-EPS).contains(x, z)) {
            Some((id, _)) => Err(RouteError::Inside(id.clone())),
            None => Ok(()),
        }
    }

    /// The straight segment touches no obstacle's interior (the floor is convex, so the ends suffice for the bounds).
    pub(super) fn clear(&self, a: (f32, f32), b: (f32, f32)) -> bool {
        let (x0, x1) = (a.0.min(b.0), a.0.max(b.0));
        let (z0, z1) = (a.1.min(b.1), a.1.max(b.1));
        // most obstacles lie off the segment's bounding box: rule them out before clipping
        self.interiors.iter().all(|o| x1 <= o.x0 || x0 >= o.x1 || z1 <= o.z0 || z0 >= o.z1 || !segment_hits(a, b, o))
    }

    fn path(&self, a: (f32, f32), b: (f32, f32)) -> Result<Vec<(f32, f32)>, RouteError> {
        self.standable(a.0, a.1)?;
        self.standable(b.0, b.1)?;
        if self.clear(a, b) {
            return Ok(vec![a, b]);
        }
        if !self.has_graph() {
            for margin in WINDOWS {
                let Some(local) = self.window(a, b, margin) else { continue };
                if let Ok(p) = local.search(a, b)
                    && p.windows(2).all(|w| self.clear(w[0], w[1]))
                {
                    return Ok(p);
                }
            }
        }
        self.search(a, b)
    }

    /// The floor with only the obstacles near the walk a→b; None when that is all of them.
    fn window(&self, a: (f32, f32), b: (f32, f32), margin: f32) -> Option<Floor> {
        let obstacles = self.obstacles_near(a, b, margin);
        (obstacles.len() < self.obstacles.len()).then(|| Floor::new(self.bounds, obstacles))
    }

    /// The obstacles that reach within `margin` of the box the walk a→b spans.
    pub(super) fn obstacles_near(&self, a: (f32, f32), b: (f32, f32), margin: f32) -> Vec<(String, Box2)> {
        let near = Box2 { x0: a.0.min(b.0) - margin, z0: a.1.min(b.1) - margin, x1: a.0.max(b.0) + margin, z1: a.1.max(b.1) + margin };
        self.obstacles.iter().filter(|(_, o)| o.x0 < near.x1 && o.x1 > near.x0 && o.z0 < near.z1 && o.z1 > near.z0).cloned().collect()
    }

    /// A* over the corner graph with the two ends added: start = n, goal = n + 1. The
    /// straight-line distance to the goal never overestimates, so the first time the goal
    /// comes off the heap its path is the shortest. Without a built graph, a node's neighbours
    /// are found when it is reached.
    pub(super) fn search(&self, a: (f32, f32), b: (f32, f32)) -> Result<Vec<(f32, f32)>, RouteError> {
        let n = self.nodes.len();
        let point = |i: usize| {
            if i < n {
                self.nodes[i]
            } else if i == n {
                a
            } else {
                b
            }
        };
        let mut best = vec![f32::INFINITY; n + 2];
        let mut prev = vec![usize::MAX; n + 2];
        let mut done = vec![false; n + 2];
        let mut heap = BinaryHeap::new();
        best[n] = 0.0;
        heap.push(Visit(dist(a, b), n));
        while let Some(Visit(_, i)) = heap.pop() {
            if i == n + 1 {
                break;
            }
            if std::mem::replace(&mut done[i], true) {
                continue;
            }
            let d = best[i];
            let mut relax = |j: usize, w: f32, heap: &mut BinaryHeap<Visit>| {
                if d + w < best[j] {
                    best[j] = d + w;
                    prev[j] = i;
                    heap.push(Visit(d + w + dist(point(j), b), j));
                }
            };
            let here = point(i);
            if self.clear(here, b) {
                relax(n + 1, dist(here, b), &mut heap);
            }
            if i < n && self.has_graph() {
                for &(j, w) in &self.edges[i] {
                    relax(j, w, &mut heap);
                }
            } else {
                for (j, &finished) in done.iter().enumerate().take(n) {
                    if j != i && !finished && self.clear(here, self.nodes[j]) {
                        relax(j, dist(here, self.nodes[j]), &mut heap);
                    }
                }
            }
        }
        if !best[n + 1].is_finite() {
            return Err(RouteError::NoPath);
        }
        let mut out = vec![b];
        let mut i = n + 1;
        while prev[i] != usize::MAX {
            i = prev[i];
            out.push(point(i));
        }
        out.reverse();
        Ok(out)
    }
}

#[derive(PartialEq)]
struct Visit(f32, usize);
impl Eq for Visit {}
impl PartialOrd for Visit {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Visit {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        other.0.total_cmp(&self.0).then(other.1.cmp(&self.1))
    }
}

/// Does the segment a→b pass through the open rectangle? (Liang–Barsky clipping.)
pub fn segment_hits(a: (f32, f32), b: (f32, f32), r: &Box2) -> bool {
    if r.x1 <= r.x0 || r.z1 <= r.z0 {
        return false;
    }
    let (dx, dz) = (b.0 - a.0, b.1 - a.1);
    let mut t0: f32 = 0.0;
    let mut t1: f32 = 1.0;
    for (p, q) in [(-dx, a.0 - r.x0), (dx, r.x1 - a.0), (-dz, a.1 - r.z0), (dz, r.z1 - a.1)] {
        if p == 0.0 {
            if q <= 0.0 {
                return false;
            }
        } else {
            let t = q / p;
            if p < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
        }
    }
    t0 < t1
}
