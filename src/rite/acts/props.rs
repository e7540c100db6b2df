//! The things carried, handed, set down and shot in the rite: cups, bows, arrows, tallies.

use serde::Deserialize;

use super::gear::Hand;
use crate::rite::court::furniture::Beast;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Prop {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub en: String,
    pub kind: PropKind,
    #[serde(default)]
    pub start: PropStart,
    /// the passage that names or describes it
    #[serde(default)]
    pub source: String,
}

#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq, Hash)]
#[serde(deny_unknown_fields)]
pub enum PropKind {
    /// 爵
    Jue,
    /// 觯
    Zhi,
    /// 弓
    Bow,
    /// 矢 (one arrow)
    Arrow,
    /// 扑
    Whip,
    /// 算: a bundle of tallies
    Tallies,
    /// 旌, 翿旌
    Flag,
    /// 俎
    Stand,
    /// 荐: 脯醢 in their dishes
    Offering,
    /// 决拾
    Thumb,
    /// 楅: the rest the gathered arrows are laid on, by fours
    ArrowRest,
    /// 中: the tally holder, shaped as a kneeling beast with a hollow back (鹿中, 皮树中…)
    TallyHolder(Beast),
    /// 丰: the stand the forfeit cup is set on
    CupStand,
    /// 篚: a lidded basket
    Basket,
    /// 瑟: the zither
    Zither,
    /// 笙: the mouth organ, pipes set in a gourd wind-chest
    MouthOrgan,
    /// 洗: a washbasin carried in and set out during the rite (the 服不's, 设洗于尊西北), where one
    /// washes hands and cup as at the court's own
    Washbasin,
    /// 笥, 巾, 幂, a mat, and whatever else is carried: drawn as a small box
    Other,
}

impl PropKind {
    /// How it is held when the text says only 取 or 受: a bow in the left hand at its grip, an
    /// arrow, the 扑 or the flag in the right, anything else before the body in both.
    pub fn usual_hold(self) -> Hand {
        match self {
            PropKind::Bow => Hand::LeftHand,
            PropKind::Arrow | PropKind::Whip | PropKind::Flag => Hand::RightHand,
            _ => Hand::BothHands,
        }
    }

    /// Whether it is a cup one drinks from (爵, 觯, and the 觚 and 散 the scenes give those kinds).
    pub fn is_cup(self) -> bool {
        matches!(self, PropKind::Jue | PropKind::Zhi)
    }

    /// Whether it is furniture of the rite (set down and left, and worth naming on a plan)
    /// rather than a cup, a weapon or food.
    pub fn is_furniture(self) -> bool {
        matches!(
            self,
            PropKind::ArrowRest | PropKind::TallyHolder(_) | PropKind::CupStand | PropKind::Basket | PropKind::Washbasin | PropKind::Other
        )
    }
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PropStart {
    /// a place it lies at
    #[serde(default)]
    pub at: Option<String>,
    /// where it lies from that place's anchor (east, south), so that things laid out together
    /// lie each by the man who will take it up
    #[serde(default)]
    pub off: Option<crate::rite::court::measure::Point>,
    /// an actor who holds it
    #[serde(default)]
    pub held_by: Option<String>,
    /// how he holds it, if not as the thing is usually held
    #[serde(default)]
    pub how: Option<Hand>,
    /// a bow lies strung unless this says `false`
    #[serde(default)]
    pub strung: Option<bool>,
}
