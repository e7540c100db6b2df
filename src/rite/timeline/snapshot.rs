//! The world at one moment as the CLI and tests see it (`sheli state --json`).

use serde::Serialize;

use super::query::BeatRef;
use crate::rite::acts::gear::Hand;
use crate::rite::compile::Rite;

#[derive(Debug, Serialize)]
pub struct StepView {
    pub id: String,
    pub index: usize,
    pub section: String,
    pub text: String,
    pub translation: String,
    pub translation_en: String,
}

#[derive(Debug, Serialize)]
pub struct BeatView {
    pub index: usize,
    pub text: String,
    /// the 注, 疏 and 音义 printed after this clause
    #[serde(flatten)]
    pub notes: crate::commentary::BeatNotes,
}

#[derive(Debug, Serialize)]
pub struct ActorView {
    pub id: String,
    pub name: String,
    pub aliases: Vec<String>,
    pub en: String,
    /// the office the text has given him by now (作相为司正: 司正), when it calls him by it
    #[serde(skip_serializing_if = "Option::is_none")]
    pub called: Option<String>,
    pub present: bool,
    pub position: [f32; 3],
    pub places: Vec<String>,
    /// the same places in English
    pub places_en: Vec<String>,
    pub facing: String,
    pub pose: String,
    pub holding: Vec<HoldingView>,
    /// 袒: the left arm bared
    pub bared: bool,
    /// 决: the thumb ring on
    pub thumb_ring: bool,
    /// 遂 (拾): the arm guard on
    pub arm_guard: bool,
    /// 相: the id of the one he leads by the right hand; absent when he leads nobody
    #[serde(skip_serializing_if = "Option::is_none")]
    pub leading: Option<String>,
}

/// A thing an actor holds, and how: `left_hand`, `right_hand`, `both_hands`, `fingers` (挟),
/// `grip_and_tip` (左执弣，右执箫), `belt` (搢) or `shoulder` (何).
#[derive(Debug, Serialize)]
pub struct HoldingView {
    pub prop: String,
    pub how: Hand,
    /// a bow in both hands: where the hands are, which its string decides
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bow_hold: Option<BowHold>,
}

/// Where the two hands are on a bow held in both: a strung bow is held by the grip and the
/// string (注「右手执弦如卒射」), a slack one by the grip alone (注「两手执弣，又不得执弦」).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BowHold {
    /// 左执弣，右执弦: the left hand on the grip, the right on the string
    GripAndString,
    /// 两手执弣: both hands on the grip
    GripOnly,
    /// 左执弣，右执箫: the left hand on the grip, the right on the tip (注「箫，弓末也」)
    GripAndTip,
}

impl BowHold {
    /// How a thing held `how`, strung or slack if it is a bow, has the hands on it.
    pub fn of(how: Hand, strung: Option<bool>) -> Option<BowHold> {
        match (how, strung) {
            (Hand::BothHands, Some(true)) => Some(BowHold::GripAndString),
            (Hand::BothHands, Some(false)) => Some(BowHold::GripOnly),
            (Hand::GripAndTip, Some(_)) => Some(BowHold::GripAndTip),
            _ => None,
        }
    }
}

#[derive(Debug, Serialize)]
pub struct PropView {
    pub id: String,
    pub name: String,
    pub en: String,
    pub present: bool,
    pub position: [f32; 3],
    pub places: Vec<String>,
    pub places_en: Vec<String>,
    pub held_by: Option<String>,
    /// a bow's string (张 or 弛); absent for anything but a bow
    #[serde(skip_serializing_if = "Option::is_none")]
    pub strung: Option<bool>,
    /// lying, the way its front is turned (the facing of whoever set it down: 「设中…东面」)
    #[serde(skip_serializing_if = "Option::is_none")]
    pub facing: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct Snapshot {
    pub scene: String,
    pub time: f32,
    pub step: StepView,
    pub beat: BeatView,
    pub actors: Vec<ActorView>,
    pub props: Vec<PropView>,
    /// the music playing at this moment (rite time), empty when silent
    pub sounding: Vec<SoundingView>,
    /// the tallies counted for each side, while any lie counted (释获 to 数获)
    pub score: Option<ScoreView>,
    /// each 侯 and its left lower cord: `tied`, `untied` or `furled` (中掩束之)
    pub targets: Vec<TargetView>,
    /// the reading in force at each disputed point (the default where none was chosen)
    pub readings: Vec<ReadingView>,
}

#[derive(Debug, Serialize)]
pub struct ReadingView {
    pub point: String,
    pub reading: String,
    pub authority: String,
    pub default: bool,
}

#[derive(Debug, Serialize)]
pub struct TargetView {
    pub id: String,
    pub cord: &'static str,
}

#[derive(Debug, Serialize)]
pub struct ScoreView {
    pub right: usize,
    pub left: usize,
    /// 「右贤于左，一纯一奇」, 「左右钧」
    pub verdict: String,
    pub verdict_en: String,
}

#[derive(Debug, Serialize)]
pub struct SoundingView {
    pub piece: String,
    /// 歌, 瑟, 笙, 钟, 磬, 鼓 …
    pub part: String,
    pub performers: Vec<String>,
    /// the note sung or played now (「黄」, 「黄清」 an octave up); absent for a drum, or a lost melody
    pub note: Option<String>,
    /// the melody it is sung to, when not its own (驺虞 → 驺虞·黄钟羽)
    pub melody: Option<String>,
    pub melody_lost: bool,
    /// the stanza's lyric and the index of the character now sung
    pub lyric: Option<String>,
    pub character: Option<usize>,
}

fn round(p: [f32; 3]) -> [f32; 3] {
    p.map(|v| (v * 1000.0).round() / 1000.0)
}

impl Rite {
    pub fn snapshot(&self, t: f32, beat: BeatRef) -> Snapshot {
        let tl = &self.timeline;
        let step = &self.steps[beat.step];
        let world = tl.state_at(t);
        let props = &world.props;
        Snapshot {
            scene: self.id.clone(),
            time: t,
            step: StepView {
                id: step.id.clone(),
                index: beat.step,
                section: step.section.clone(),
                text: step.text(),
                translation: step.translation.clone(),
                translation_en: step.translation_en.clone(),
            },
            beat: BeatView {
                index: beat.beat,
                text: step.beats[beat.beat].text.clone(),
                notes: self.commentary.notes_after(self.beat_number(beat)),
            },
            actors: tl
                .actors
                .iter()
                .enumerate()
                .map(|(i, a)| {
                    let s = &world.actors[i];
                    let places = if s.present { tl.court.places_at(s.pos) } else { Vec::new() };
                    ActorView {
                        id: a.id.clone(),
                        name: a.name.clone(),
                        aliases: a.aliases.clone(),
                        en: a.en.clone(),
                        called: self.title_at(i, beat).map(str::to_string),
                        present: s.present,
                        position: round(s.pos),
                        places_en: places.iter().map(|p| self.place_en(p)).collect(),
                        places,
                        facing: s.facing().name().to_string(),
                        pose: s.pose.name().to_string(),
                        holding: props
                            .iter()
                            .enumerate()
                            .filter(|(_, p)| p.held_by == Some(i))
                            .map(|(k, p)| {
                                let how = p.how.unwrap_or(Hand::BothHands);
                                HoldingView { prop: tl.props[k].id.clone(), how, bow_hold: BowHold::of(how, p.strung) }
                            })
                            .collect(),
                        bared: s.gear.bared,
                        thumb_ring: s.gear.thumb_ring,
                        arm_guard: s.gear.arm_guard,
                        leading: s.leading.map(|l| tl.actors[l].id.clone()),
                    }
                })
                .collect(),
            props: tl
                .props
                .iter()
                .zip(props)
                .enumerate()
                .map(|(k, (p, s))| {
                    let places = match s.held_by {
                        Some(a) => tl.court.places_at(world.actors[a].pos),
                        None if s.present => tl.court.places_at(s.pos),
                        None => Vec::new(),
                    };
                    PropView {
                        id: p.id.clone(),
                        name: p.name.clone(),
                        en: self.prop_en(k),
                        present: s.present,
                        position: round(s.pos),
                        places_en: places.iter().map(|p| self.place_en(p)).collect(),
                        places,
                        held_by: s.held_by.map(|a| tl.actors[a].id.clone()),
                        strung: s.strung,
                        facing: s.bearing.map(|b| crate::rite::scene::model::Dir::from_bearing(b).name().to_string()),
                    }
                })
                .collect(),
            sounding: self.sounding_views(t),
            score: self.score_at(t).map(|s| ScoreView { right: s.right, left: s.left, verdict: s.verdict(), verdict_en: s.verdict_en() }),
            targets: tl.cords.iter().map(|c| TargetView { id: c.object.clone(), cord: c.at(t).name() }).collect(),
            readings: self
                .readings_in_force()
                .into_iter()
                .map(|(p, a)| ReadingView {
                    point: p.id.clone(),
                    reading: a.id.clone(),
                    authority: a.authority.clone(),
                    default: a.default,
                })
                .collect(),
        }
    }

    fn sounding_views(&self, t: f32) -> Vec<SoundingView> {
        let lib = crate::music::library::Library::builtin();
        let track = self.soundtrack_on(lib, &|t| t as f64);
        track
            .sounding(t as f64, lib)
            .into_iter()
            .map(|s| SoundingView {
                piece: s.piece,
                part: s.part.name().to_string(),
                performers: s.performers.iter().map(|&a| self.timeline.actors[a].id.clone()).collect(),
                note: s.note.map(|p| p.name()),
                melody: s.melody,
                melody_lost: s.lost,
                character: s.lyric.as_ref().map(|l| l.1),
                lyric: s.lyric.map(|l| l.0),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::{BowHold, Hand};

    #[test]
    fn a_bow_in_both_hands_is_held_by_the_string_only_when_strung() {
        assert_eq!(BowHold::of(Hand::BothHands, Some(true)), Some(BowHold::GripAndString));
        assert_eq!(BowHold::of(Hand::BothHands, Some(false)), Some(BowHold::GripOnly));
        assert_eq!(BowHold::of(Hand::LeftHand, Some(true)), None);
        assert_eq!(BowHold::of(Hand::BothHands, None), None, "not a bow");
        assert_eq!(BowHold::of(Hand::GripAndTip, Some(true)), Some(BowHold::GripAndTip), "右执箫");
    }
}
