//! `sheli plan`: the plan of one moment as an SVG, in the manner of 张惠言's 《仪礼图》 — north at
//! the top, the hall and the court to scale (the long 侯道 cut with a break), every present person
//! a mark with a stroke for the way he faces, the clause's people in red, the step's walks as
//! arrows, held things by their holder, the clause and its translation as a caption. Plain Rust:
//! no display, no GPU.

mod draw;
pub mod labels;
pub mod map;
pub mod svg;

use crate::rite::Rite;
use crate::rite::court::Box2;
use crate::rite::scene::model::ObjectKind;
use crate::rite::timeline::query::BeatRef;

/// How much of the court to draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Crop {
    /// the 堂, its stairs and the foot of them
    Hall,
    /// the hall and the court north of the targets
    Court,
    /// everything, the range cut short
    #[default]
    All,
}

impl std::str::FromStr for Crop {
    type Err = String;
    fn from_str(s: &str) -> Result<Crop, String> {
        match s {
            "hall" => Ok(Crop::Hall),
            "court" => Ok(Crop::Court),
            "all" => Ok(Crop::All),
            _ => Err(format!("unknown crop `{s}` (hall, court, all)")),
        }
    }
}

#[derive(Debug, Clone, Copy, Default)]
pub struct PlanOptions {
    pub crop: Crop,
    pub english: bool,
    /// embed the bundled font in the SVG (a file that stands alone); the book serves it once instead
    pub embed_font: bool,
}

/// Where a person's mark was drawn.
#[derive(Debug, Clone)]
pub struct ActorMark {
    pub id: String,
    /// the actor's index in the timeline
    pub index: usize,
    pub x: f32,
    pub y: f32,
    /// one of the clause's people, drawn in red
    pub acting: bool,
}

/// A drawn plan: the SVG text, and where its marks and labels went (for tests and the book).
pub struct Plan {
    pub svg: String,
    pub width: f32,
    pub height: f32,
    pub marks: Vec<ActorMark>,
    pub labels: Vec<labels::Rect>,
    /// how the court's metres became pixels
    pub map: map::Map,
}

/// The drawing's width in pixels, margins included.
pub const WIDTH: f32 = 1000.0;
const MARGIN: f32 = 24.0;

/// The area a crop shows, in metres.
fn crop_area(rite: &Rite, crop: Crop) -> Box2 {
    let court = &rite.timeline.court;
    let (hall, ground) = (court.hall, court.ground);
    let everything = Box2 { x0: ground.x0.min(hall.x0), z0: ground.z0.min(hall.z0 - 2.0), x1: ground.x1.max(hall.x1), z1: ground.z1 };
    let first_target = court.solids.iter().filter(|s| matches!(s.kind, ObjectKind::Target { .. })).map(|s| s.footprint.z0).reduce(f32::min);
    match crop {
        Crop::Hall => Box2 { x0: hall.x0 - 2.0, z0: hall.z0 - 2.0, x1: hall.x1 + 2.0, z1: hall.z1 + 6.0 },
        Crop::Court => Box2 { z1: first_target.map_or(everything.z1, |z| z - 3.0).max(hall.z1 + 6.0), ..everything },
        Crop::All => everything,
    }
}

/// The z extents of the fixed things and the hall, which a break may not cut.
fn fixed_extents(rite: &Rite) -> Vec<(f32, f32)> {
    let court = &rite.timeline.court;
    let mut occupied: Vec<(f32, f32)> = court
        .solids
        .iter()
        .flat_map(|s| {
            let b = s.footprint;
            // a wall running the length of the range holds nothing between its ends
            if b.depth() > 12.0 { vec![(b.z0 - 1.0, b.z0 + 1.0), (b.z1 - 1.0, b.z1 + 1.0)] } else { vec![(b.z0 - 1.0, b.z1 + 1.0)] }
        })
        .collect();
    occupied.push((court.hall.z0, court.hall.z1));
    occupied
}

/// The whole court with nobody in it, for the web player, and its map. The range is cut only
/// where nobody ever stands still, so every place of the rite is drawn to scale; a walk through
/// the cut is drawn through it.
pub fn ground(rite: &Rite, opts: &PlanOptions) -> (String, map::Map) {
    let area = crop_area(rite, Crop::All);
    let mut occupied = fixed_extents(rite);
    for track in &rite.timeline.actors {
        let rests = std::iter::once(&track.initial).chain(track.segments.iter().map(|s| &s.end));
        occupied.extend(rests.filter(|r| r.present).map(|r| (r.pos[2] - 1.5, r.pos[2] + 1.5)));
    }
    let map = map::Map::new(area, WIDTH, MARGIN, &occupied);
    let world = rite.timeline.state_at(0.0);
    let first = BeatRef { step: 0, beat: 0 };
    draw::Drawing::new(rite, &world, map, 0.0, first, opts).draw_ground()
}

/// The plan at rite time `t`, with `beat` as the clause enacted.
pub fn plan(rite: &Rite, t: f32, beat: BeatRef, opts: &PlanOptions) -> Plan {
    let area = crop_area(rite, opts.crop);
    let world = rite.timeline.state_at(t);
    // what is drawn, north to south: the cut may fall only where nothing is
    let mut occupied = fixed_extents(rite);
    occupied.extend(world.actors.iter().filter(|a| a.present).map(|a| (a.pos[2] - 1.5, a.pos[2] + 1.5)));
    let step = &rite.steps[beat.step];
    for track in &rite.timeline.actors {
        for seg in track.segments.iter().filter(|s| s.t0 >= step.start && s.t0 < t) {
            if let crate::rite::timeline::Motion::Walk { path, .. } = &seg.motion {
                occupied.extend(path.iter().map(|p| (p[2] - 0.5, p[2] + 0.5)));
            }
        }
    }
    let map = map::Map::new(area, WIDTH, MARGIN, &occupied);
    draw::Drawing::new(rite, &world, map, t, beat, opts).draw()
}
