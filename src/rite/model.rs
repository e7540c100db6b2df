//! The serde model of a scene file (`scenes/*.ron`). Field names here are the format's keys.

use std::collections::BTreeMap;

use serde::Deserialize;

pub use super::furniture::{Beast, Object, ObjectKind, Paint, TargetFace, TargetTrim};
pub use super::gear::Hand;
pub use super::moves::Move;
pub use super::props::{Prop, PropKind, PropStart};

/// A length written in the text's own units; converted with [`Len::chi`] and the scene's 尺.
#[derive(Debug, Clone, Copy, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub enum Len {
    /// 尺
    Chi(#[serde(deserialize_with = "length")] f32),
    /// 寸 = 1/10 尺
    Cun(#[serde(deserialize_with = "length")] f32),
    /// 丈 = 10 尺
    Zhang(#[serde(deserialize_with = "length")] f32),
    /// 步 = 6 尺 (周制)
    Bu(#[serde(deserialize_with = "length")] f32),
    /// 弓 = 6 尺 (乡射礼记 郑注: 六尺为步, 弓之下制六尺)
    Gong(#[serde(deserialize_with = "length")] f32),
    /// 武 = 尺二寸 (郑注: 武, 迹也; the 译文 of 乡射礼记 gives 一尺二寸)
    Wu(#[serde(deserialize_with = "length")] f32),
    /// 笴 = 3 尺, an arrow shaft (乡射礼记 物长如笴, 译文: 三尺)
    Gan(#[serde(deserialize_with = "length")] f32),
    /// 貍步 = 6 尺 (大射仪: 量侯道以貍步)
    LiBu(#[serde(deserialize_with = "length")] f32),
    /// metres, for what the text does not measure
    M(#[serde(deserialize_with = "length")] f32),
}

impl Len {
    /// The length in 尺; metres are converted back with the scene's 尺.
    pub fn chi(self, chi_m: f32) -> f32 {
        match self {
            Len::Chi(v) => v,
            Len::Cun(v) => v / 10.0,
            Len::Zhang(v) => v * 10.0,
            Len::Bu(v) | Len::Gong(v) | Len::LiBu(v) => v * 6.0,
            Len::Wu(v) => v * 1.2,
            Len::Gan(v) => v * 3.0,
            Len::M(v) => v / chi_m,
        }
    }
    pub fn metres(self, chi_m: f32) -> f32 {
        match self {
            Len::M(v) => v,
            other => other.chi(chi_m) * chi_m,
        }
    }
}

/// The largest length a scene may write, in its unit: far beyond any courtyard (a 侯道 is 50 弓),
/// small enough that no sum of them overflows.
pub const MAX_LENGTH: f32 = 100_000.0;
/// The longest wait, in seconds.
pub const MAX_WAIT: f32 = 3600.0;

/// A number as an author would have written it: 3e38, not thirty-nine digits.
fn written(v: f32) -> String {
    if v.is_finite() && v.abs() >= 1e6 { format!("{v:e}") } else { format!("{v}") }
}

/// A length is a finite number of reasonable size; the error names the number itself.
fn length<'de, D: serde::Deserializer<'de>>(d: D) -> Result<f32, D::Error> {
    let v = f32::deserialize(d)?;
    if !v.is_finite() {
        return Err(serde::de::Error::custom(format!("the length {v} is not a finite number")));
    }
    if v.abs() > MAX_LENGTH {
        return Err(serde::de::Error::custom(format!("the length {} is out of range: lengths lie within ±{MAX_LENGTH}", written(v))));
    }
    Ok(v)
}

/// A wait lasts a finite number of seconds, at most [`MAX_WAIT`] (that it is positive is checked
/// with the rest of the scene, so a zero is reported beside the scene's other problems).
pub(super) fn seconds<'de, D: serde::Deserializer<'de>>(d: D) -> Result<f32, D::Error> {
    let v = f32::deserialize(d)?;
    if !(v.is_finite() && v <= MAX_WAIT) {
        return Err(serde::de::Error::custom(format!(
            "a wait of {} s: a wait lasts more than 0 and at most {MAX_WAIT} seconds",
            written(v)
        )));
    }
    Ok(v)
}

/// A ground-plan point: (x east, z south).
pub type Point = (Len, Len);

/// A rectangle by its four sides (x of the west and east sides, z of the north and south sides).
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rect {
    pub west: Len,
    pub north: Len,
    pub east: Len,
    pub south: Len,
}

/// The eight facings of the text: 北面 is N.
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq, Hash)]
#[serde(deny_unknown_fields)]
pub enum Dir {
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

impl Dir {
    pub const ALL: [Dir; 8] = [Dir::N, Dir::NE, Dir::E, Dir::SE, Dir::S, Dir::SW, Dir::W, Dir::NW];

    /// Compass bearing in degrees, N = 0, clockwise (E = 90).
    pub fn bearing(self) -> f32 {
        Dir::ALL.iter().position(|d| *d == self).unwrap_or(0) as f32 * 45.0
    }

    pub fn from_bearing(deg: f32) -> Dir {
        let i = ((deg.rem_euclid(360.0) + 22.5) / 45.0).floor() as usize % 8;
        Dir::ALL[i]
    }

    pub fn name(self) -> &'static str {
        ["N", "NE", "E", "SE", "S", "SW", "W", "NW"][Dir::ALL.iter().position(|d| *d == self).unwrap_or(0)]
    }

    pub fn chinese(self) -> &'static str {
        ["北面", "东北面", "东面", "东南面", "南面", "西南面", "西面", "西北面"][Dir::ALL.iter().position(|d| *d == self).unwrap_or(0)]
    }

    pub fn english(self) -> &'static str {
        ["north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"]
            [Dir::ALL.iter().position(|d| *d == self).unwrap_or(0)]
    }

    /// Unit vector on the ground plane (x east, z south).
    pub fn vector(self) -> (f32, f32) {
        bearing_vector(self.bearing())
    }
}

/// Unit vector on the ground plane (x east, z south) for a compass bearing in degrees.
pub fn bearing_vector(bearing: f32) -> (f32, f32) {
    let r = bearing.to_radians();
    (r.sin(), -r.cos())
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scene {
    pub id: String,
    pub title: String,
    #[serde(default)]
    pub title_en: String,
    pub units: Units,
    pub layout: Layout,
    pub actors: Vec<Actor>,
    #[serde(default)]
    pub groups: Vec<Group>,
    #[serde(default)]
    pub props: Vec<Prop>,
    #[serde(default)]
    pub templates: Vec<Template>,
    /// named groups of players, for the beats' music cues
    #[serde(default)]
    pub ensembles: Vec<crate::music::cue::Ensemble>,
    #[serde(default)]
    pub steps: Vec<Step>,
    /// people the others pass on one side (「凡适堂西，皆出入于司马之南」)
    #[serde(default)]
    pub south_of: Vec<super::rules::SouthOf>,
    /// further files (relative to this one) whose lists are appended in order: a long rite is
    /// written section by section
    #[serde(default)]
    pub parts: Vec<String>,
}

/// A part file: more of the scene's lists, appended to the main file's.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenePart {
    #[serde(default)]
    pub objects: Vec<Object>,
    #[serde(default)]
    pub places: Vec<Place>,
    #[serde(default)]
    pub actors: Vec<Actor>,
    #[serde(default)]
    pub groups: Vec<Group>,
    #[serde(default)]
    pub props: Vec<Prop>,
    #[serde(default)]
    pub templates: Vec<Template>,
    #[serde(default)]
    pub steps: Vec<Step>,
}

/// The lists a part file adds to a scene, in one order: objects, places, actors, groups, props,
/// templates, steps.
pub type ListLengths = [usize; 7];

impl Scene {
    pub fn list_lengths(&self) -> ListLengths {
        let l = &self.layout;
        [l.objects.len(), l.places.len(), self.actors.len(), self.groups.len(), self.props.len(), self.templates.len(), self.steps.len()]
    }

    /// Appends a part's lists to the scene's own: the one place a part is merged.
    pub fn append(&mut self, p: ScenePart) {
        self.layout.objects.extend(p.objects);
        self.layout.places.extend(p.places);
        self.actors.extend(p.actors);
        self.groups.extend(p.groups);
        self.props.extend(p.props);
        self.templates.extend(p.templates);
        self.steps.extend(p.steps);
    }
}

impl ScenePart {
    pub fn list_lengths(&self) -> ListLengths {
        [
            self.objects.len(),
            self.places.len(),
            self.actors.len(),
            self.groups.len(),
            self.props.len(),
            self.templates.len(),
            self.steps.len(),
        ]
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Units {
    /// metres in one 尺
    #[serde(deserialize_with = "length")]
    pub chi_m: f32,
    #[serde(default)]
    pub source: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Layout {
    /// 堂: the raised hall, its footprint and height
    pub hall: Hall,
    /// the walkable ground: 庭 and what lies outside the 门
    pub ground: Rect,
    pub objects: Vec<Object>,
    pub places: Vec<Place>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hall {
    pub area: Rect,
    pub height: Len,
    #[serde(default)]
    pub source: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Place {
    pub id: String,
    pub area: Area,
    /// where someone sent to this place stands (default: the centre of the area)
    #[serde(default)]
    pub anchor: Option<Point>,
    #[serde(default)]
    pub en: String,
    #[serde(default)]
    pub source: String,
    /// the tallies laid here count for one side (释获: 「上射于右，下射于左」)
    #[serde(default)]
    pub tally: Option<Side>,
}

/// The two sides of the shooting: 右 (the upper archers) and 左 (the lower).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Side {
    #[serde(rename = "右")]
    Right,
    #[serde(rename = "左")]
    Left,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Area {
    Rect(Rect),
    /// centre and radius
    Circle(Point, Len),
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Actor {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub aliases: Vec<String>,
    #[serde(default)]
    pub en: String,
    #[serde(default)]
    pub role: String,
    /// what the figure wears: rank and function
    #[serde(default)]
    pub dress: Dress,
    /// the stair he goes up and down by, unless a clause names the other (宾 西阶, 主人 阼阶:
    /// 乡饮酒礼「主人升自阼阶，宾升自西阶」; 士冠礼 郑注「阼，犹酢也，东阶所以答酢宾客也」)
    #[serde(default)]
    pub stair: Option<String>,
    pub start: Start,
}

#[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq, Hash)]
#[serde(deny_unknown_fields)]
pub enum Dress {
    Ruler,
    Host,
    Guest,
    #[default]
    Guests,
    Noble,
    Officer,
    Archer,
    Musician,
    Servant,
}

impl Dress {
    pub const ALL: [Dress; 9] = [
        Dress::Ruler,
        Dress::Host,
        Dress::Guest,
        Dress::Guests,
        Dress::Noble,
        Dress::Officer,
        Dress::Archer,
        Dress::Musician,
        Dress::Servant,
    ];

    /// The robe's colour (sRGB, 0–1): who someone is, at a glance, in the 3D view and on the plans.
    pub fn rgb(self) -> [f32; 3] {
        match self {
            Dress::Ruler => [0.55, 0.08, 0.10],
            Dress::Host => [0.10, 0.20, 0.50],
            Dress::Guest => [0.75, 0.20, 0.15],
            Dress::Guests => [0.62, 0.45, 0.28],
            Dress::Noble => [0.42, 0.20, 0.50],
            Dress::Officer => [0.12, 0.42, 0.25],
            Dress::Archer => [0.10, 0.55, 0.60],
            Dress::Musician => [0.80, 0.62, 0.15],
            Dress::Servant => [0.45, 0.45, 0.42],
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Start {
    pub at: String,
    #[serde(default)]
    pub off: Option<Point>,
    #[serde(default)]
    pub face: Option<Dir>,
    /// false for someone who arrives later (an `Enter` brings them in)
    #[serde(default = "yes")]
    pub present: bool,
}

fn yes() -> bool {
    true
}

/// Several actors acting as one (众宾): an act on the group is an act of each member, lined up.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Group {
    pub id: String,
    pub name: String,
    pub members: Vec<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Template {
    pub id: String,
    pub params: Vec<String>,
    #[serde(default)]
    pub doc: String,
    pub acts: Vec<Entry>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    pub id: String,
    pub section: String,
    /// the modern Chinese translation (译文)
    #[serde(default)]
    pub translation: String,
    /// the English translation
    #[serde(default)]
    pub translation_en: String,
    /// step ids that this 记 note explains
    #[serde(default)]
    pub annotates: Vec<String>,
    /// after dark (宵): the torches are lit
    #[serde(default)]
    pub night: bool,
    pub beats: Vec<Beat>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Beat {
    /// the exact 原文 clause, punctuation included
    pub text: String,
    #[serde(default)]
    pub acts: Vec<Entry>,
    /// music the clause sets going (乃合乐, 奏《驺虞》以射)
    #[serde(default)]
    pub music: Vec<crate::music::cue::Cue>,
    /// the general rules this clause itself sets aside
    #[serde(default)]
    pub allow: Vec<super::rules::Exception>,
}

/// One entry of a beat: actors act in parallel; `Then` waits for everything before it.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Entry {
    /// `Act("zhuren", [Go(to: "阼阶上"), Face(N), 再拜])`: what one actor (or group) does, in order
    Act(String, Vec<Move>),
    /// a group member by member, each on its own line, `file` giving where the line runs from the anchor
    Line {
        who: String,
        file: Dir,
        moves: Vec<Move>,
        #[serde(default)]
        spacing: Option<Len>,
    },
    /// instantiate a template
    Use(String, BTreeMap<String, String>),
    Then,
}
