//! The serde model of a scene file (`scenes/*.ron`). Field names here are the format's keys.

use std::collections::BTreeMap;

use serde::Deserialize;

pub use crate::rite::acts::gear::{Dress, Hand};
pub use crate::rite::acts::moves::Move;
pub use crate::rite::acts::props::{Prop, PropKind, PropStart};
pub use crate::rite::court::furniture::{Beast, Object, ObjectKind, Paint, TargetFace, TargetTrim};
use crate::rite::court::measure::length;
pub use crate::rite::court::measure::{Dir, Len, Point, Rect, bearing_vector};

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
    /// the points where the commentators differ, each with its readings (main file only)
    #[serde(default)]
    pub readings: Vec<Reading>,
    /// which way 左还 turns (main file only; a reading may choose the other)
    #[serde(default)]
    pub left_turn: crate::rite::acts::moves::LeftTurn,
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

impl Entry {
    /// The templates this entry names: a `Use`, or the `Do`s among an act's moves.
    pub fn templates_named(&self) -> Vec<&str> {
        match self {
            Entry::Use(name, _) => vec![name.as_str()],
            Entry::Act(_, moves) | Entry::Line { moves, .. } => {
                moves.iter().filter_map(|m| if let Move::Do(name, _) = m { Some(name.as_str()) } else { None }).collect()
            }
            Entry::Then => Vec::new(),
        }
    }
}

// Where the commentators differ (`scene::readings` chooses among them).

/// A disputed point: `Reading(id: "xian", concerns: "乡射之县", alternatives: [...])`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reading {
    pub id: String,
    /// what is disputed, in Chinese and English
    pub concerns: String,
    #[serde(default)]
    pub concerns_en: String,
    /// a few words of the clause where the readings are best compared (the book's plans, the
    /// gallery); without it, the first clause a reading restages
    #[serde(default)]
    pub shown_at: Option<String>,
    pub alternatives: Vec<Alternative>,
}

/// One reading of a disputed point.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Alternative {
    pub id: String,
    /// who holds it: 郑玄, 贾公彦, 敖继公, 张惠言, 胡培翚, 钦定义疏 …
    pub authority: String,
    /// the passage, quoted
    pub passage: String,
    /// the reading in a sentence of English
    #[serde(default)]
    pub en: String,
    /// the reading staged when none is chosen (one per point)
    #[serde(default)]
    pub default: bool,
    /// layout objects this reading has: replacing the object of the same id, or added
    #[serde(default)]
    pub objects: Vec<Object>,
    /// named places this reading puts elsewhere: replacing the place of the same id, or added
    #[serde(default)]
    pub places: Vec<Place>,
    /// beats this reading stages otherwise
    #[serde(default)]
    pub beats: Vec<BeatReading>,
    /// the way this reading turns 左还 (and 右还 the other), wherever they are written
    #[serde(default)]
    pub left_turn: Option<crate::rite::acts::moves::LeftTurn>,
}

/// A beat staged otherwise: the step's id, the beat counted from 1, and its acts.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BeatReading {
    pub step: String,
    pub beat: usize,
    pub acts: Vec<Entry>,
}

/// A choice of reading: `point=alternative`, as `--reading` takes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    pub point: String,
    pub alternative: String,
}

impl std::str::FromStr for Choice {
    type Err = String;
    fn from_str(s: &str) -> Result<Choice, String> {
        match s.split_once('=') {
            Some((p, a)) if !p.trim().is_empty() && !a.trim().is_empty() => {
                Ok(Choice { point: p.trim().to_string(), alternative: a.trim().to_string() })
            }
            _ => Err(format!("`{s}` is not POINT=READING (e.g. --reading xian=zhong; `sheli readings SCENE` lists them)")),
        }
    }
}
