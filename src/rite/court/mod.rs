//! The courtyard in metres: the layout's measures converted once, so that routing, placing and
//! drawing all read the same numbers.

pub mod cord;
pub mod detour;
pub mod furniture;
pub mod measure;
pub mod route;
pub mod treads;

use crate::rite::court::furniture::ObjectKind;
use crate::rite::court::measure::Dir;
use crate::rite::court::measure::Len;
use crate::rite::court::measure::Point;
use crate::rite::court::measure::Rect;
use crate::rite::scene::model::{Area, Layout};

/// An axis-aligned rectangle in metres on the ground plane (x east, z south).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Box2 {
    pub x0: f32,
    pub z0: f32,
    pub x1: f32,
    pub z1: f32,
}

impl Box2 {
    pub fn around(cx: f32, cz: f32, w: f32, d: f32) -> Box2 {
        Box2 { x0: cx - w / 2.0, z0: cz - d / 2.0, x1: cx + w / 2.0, z1: cz + d / 2.0 }
    }
    pub fn contains(&self, x: f32, z: f32) -> bool {
        x >= self.x0 && x <= self.x1 && z >= self.z0 && z <= self.z1
    }
    pub fn grow(&self, r: f32) -> Box2 {
        Box2 { x0: self.x0 - r, z0: self.z0 - r, x1: self.x1 + r, z1: self.z1 + r }
    }
    pub fn centre(&self) -> (f32, f32) {
        ((self.x0 + self.x1) / 2.0, (self.z0 + self.z1) / 2.0)
    }
    pub fn area(&self) -> f32 {
        (self.x1 - self.x0).max(0.0) * (self.z1 - self.z0).max(0.0)
    }
    pub fn width(&self) -> f32 {
        self.x1 - self.x0
    }
    pub fn depth(&self) -> f32 {
        self.z1 - self.z0
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Level {
    Hall,
    Ground,
}

#[derive(Debug, Clone)]
pub struct Solid {
    pub id: String,
    pub kind: ObjectKind,
    pub footprint: Box2,
    /// floor it stands on
    pub base: f32,
    pub lift: f32,
    pub height: f32,
    pub facing: Option<Dir>,
    pub blocks: bool,
    pub level: Level,
    pub en: String,
}

#[derive(Debug, Clone)]
pub enum Shape {
    Box(Box2),
    Circle { x: f32, z: f32, r: f32 },
}

impl Shape {
    pub fn contains(&self, x: f32, z: f32) -> bool {
        match self {
            Shape::Box(b) => b.contains(x, z),
            Shape::Circle { x: cx, z: cz, r } => (x - cx).powi(2) + (z - cz).powi(2) <= r * r,
        }
    }
    pub fn area(&self) -> f32 {
        match self {
            Shape::Box(b) => b.area(),
            Shape::Circle { r, .. } => std::f32::consts::PI * r * r,
        }
    }
}

#[derive(Debug, Clone)]
pub struct Region {
    pub id: String,
    pub shape: Shape,
    pub anchor: [f32; 3],
    pub level: Level,
    pub en: String,
    /// the tallies laid here count for this side
    pub tally: Option<crate::rite::scene::model::Side>,
    /// the scene's note on why the place lies here (the passage of the text or the 注 it follows)
    pub source: String,
}

/// A stair as a walkway: bottom on the ground, top on the hall, and the profile between.
#[derive(Debug, Clone)]
pub struct Stairway {
    pub id: String,
    /// from bottom (on the ground, before the first step) to top (on the hall, past the last)
    pub profile: Vec<[f32; 3]>,
}

impl Stairway {
    pub fn bottom(&self) -> [f32; 3] {
        self.profile[0]
    }
    pub fn top(&self) -> [f32; 3] {
        self.profile[self.profile.len() - 1]
    }
}

/// Half the width of a person: how far walkers keep from walls and pillars.
pub const BODY_RADIUS: f32 = 0.22;

#[derive(Debug, Clone)]
pub struct Courtyard {
    pub chi_m: f32,
    pub hall: Box2,
    pub hall_height: f32,
    pub ground: Box2,
    pub solids: Vec<Solid>,
    pub regions: Vec<Region>,
    pub stairs: Vec<Stairway>,
    /// the treads one may stop on, below the hall's floor
    pub treads: Vec<self::treads::Tread>,
}

impl Courtyard {
    pub fn new(layout: &Layout, chi_m: f32) -> Courtyard {
        let m = |l: Len| l.metres(chi_m);
        let rect = |r: &Rect| Box2 { x0: m(r.west), z0: m(r.north), x1: m(r.east), z1: m(r.south) };
        let hall = rect(&layout.hall.area);
        let hall_height = m(layout.hall.height);
        let level_of = |x: f32, z: f32| if hall.contains(x, z) { Level::Hall } else { Level::Ground };
        let floor = |level: Level| if level == Level::Hall { hall_height } else { 0.0 };

        let mut solids = Vec::new();
        let mut stairs: Vec<Stairway> = Vec::new();
        let mut treads = Vec::new();
        for o in &layout.objects {
            let (cx, cz) = (m(o.at.0), m(o.at.1));
            let footprint = Box2::around(cx, cz, m(o.size.0).abs(), m(o.size.1).abs());
            let level = level_of(cx, cz);
            if let ObjectKind::Stair { steps, up } = o.kind {
                let steps = steps.clamp(1, MAX_STAIR_STEPS);
                treads.extend(self::treads::treads(stairs.len(), footprint, steps, up, hall_height));
                stairs.push(stair_profile(&o.id, footprint, steps, up, hall_height));
            }
            solids.push(Solid {
                id: o.id.clone(),
                kind: o.kind.clone(),
                footprint,
                base: floor(level),
                lift: o.lift.map(m).unwrap_or(0.0),
                height: m(o.size.2),
                facing: o.facing,
                blocks: o.blocks.unwrap_or_else(|| o.kind.blocks_by_default()),
                level,
                en: o.en.clone(),
            });
        }
        let mut regions: Vec<Region> = layout
            .places
            .iter()
            .map(|p| {
                let shape = match &p.area {
                    Area::Rect(r) => Shape::Box(rect(r)),
                    Area::Circle(c, r) => Shape::Circle { x: m(c.0), z: m(c.1), r: m(*r) },
                };
                let (ax, az) = match (&p.anchor, &shape) {
                    (Some(a), _) => (m(a.0), m(a.1)),
                    (None, Shape::Box(b)) => b.centre(),
                    (None, Shape::Circle { x, z, .. }) => (*x, *z),
                };
                let level = level_of(ax, az);
                Region {
                    id: p.id.clone(),
                    shape,
                    anchor: [ax, floor(level), az],
                    level,
                    en: p.en.clone(),
                    tally: p.tally,
                    source: p.source.clone(),
                }
            })
            .collect();
        // the treads' places come after the scene's own, so the scene's indices stay its lists'
        let mut tread_places = Vec::new();
        for (i, st) in stairs.iter().enumerate() {
            let mine: Vec<_> = treads.iter().filter(|t: &&self::treads::Tread| t.stair == i).cloned().collect();
            tread_places.extend(self::treads::tread_regions(st, &mine, &|n| regions.iter().any(|r| r.id == n)));
        }
        regions.extend(tread_places);
        Courtyard { chi_m, hall, hall_height, ground: rect(&layout.ground), solids, regions, stairs, treads }
    }

    pub fn metres(&self, p: Point) -> (f32, f32) {
        (p.0.metres(self.chi_m), p.1.metres(self.chi_m))
    }

    /// The floor a point stands on, by its height (on a stair: the ground until the top).
    pub fn floor_at(&self, p: [f32; 3]) -> Level {
        if p[1] > self.hall_height - 0.05 { Level::Hall } else { Level::Ground }
    }

    pub fn level_of(&self, x: f32, z: f32) -> Level {
        if self.hall.contains(x, z) { Level::Hall } else { Level::Ground }
    }

    pub fn floor(&self, x: f32, z: f32) -> f32 {
        if self.hall.contains(x, z) { self.hall_height } else { self.tread_at(x, z).map_or(0.0, |t| t.height) }
    }

    /// The tread under a point, if it is over one.
    pub fn tread_at(&self, x: f32, z: f32) -> Option<&self::treads::Tread> {
        self.treads.iter().find(|t| t.area.contains(x, z))
    }

    pub fn region(&self, id: &str) -> Option<&Region> {
        self.regions.iter().find(|r| r.id == id)
    }

    pub fn solid(&self, id: &str) -> Option<&Solid> {
        self.solids.iter().find(|s| s.id == id)
    }

    /// The dressing tents (次), each with its index among the solids.
    pub fn tents(&self) -> impl Iterator<Item = (usize, &Solid)> {
        self.solids.iter().enumerate().filter(|(_, s)| s.kind == ObjectKind::Tent)
    }

    pub fn on_stairs(&self, p: [f32; 3]) -> bool {
        self.solids.iter().any(|s| matches!(s.kind, ObjectKind::Stair { .. }) && s.footprint.grow(BODY_RADIUS + 0.1).contains(p[0], p[2]))
            && p[1] > 0.01
            && p[1] < self.hall_height - 0.01
    }

    /// Every named place containing the point, smallest (most specific) first.
    pub fn places_at(&self, p: [f32; 3]) -> Vec<String> {
        let level = self.floor_at(p);
        let on_stairs = self.on_stairs(p);
        let mut hits: Vec<&Region> =
            self.regions.iter().filter(|r| r.shape.contains(p[0], p[2]) && (on_stairs || r.level == level)).collect();
        hits.sort_by(|a, b| a.shape.area().total_cmp(&b.shape.area()));
        hits.into_iter().map(|r| r.id.clone()).collect()
    }
}

/// More steps than any hall's stair has; the compiler reports a stair beyond it.
pub const MAX_STAIR_STEPS: u32 = 60;

fn stair_profile(id: &str, fp: Box2, steps: u32, up: Dir, height: f32) -> Stairway {
    let (dx, dz) = up.vector();
    let (cx, cz) = fp.centre();
    let run = if dx.abs() > dz.abs() { fp.width() } else { fp.depth() };
    let margin = BODY_RADIUS + 0.08;
    let at = |along: f32, y: f32| [cx + dx * along, y, cz + dz * along];
    let mut profile = vec![at(-run / 2.0 - margin, 0.0), at(-run / 2.0, 0.0)];
    let tread = run / steps as f32;
    for i in 1..=steps {
        let y = height * i as f32 / steps as f32;
        let start = -run / 2.0 + tread * (i - 1) as f32;
        profile.push(at(start, y));
        profile.push(at(start + tread, y));
    }
    profile.push(at(run / 2.0 + margin, height));
    Stairway { id: id.to_string(), profile }
}
