//! How a thing is carried and what an archer wears: the vocabulary of 执, 搢, 挟, 何 and of
//! 袒, 决, 遂, 说决拾, 袭, shared by the scene files, the timeline, the state and the figures.

use serde::{Deserialize, Serialize};

/// Where on the body a held thing is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Hand {
    /// 左执: a bow is held by its grip (弣) in the left hand
    LeftHand,
    RightHand,
    /// 奉: carried before the body in both hands
    BothHands,
    /// 左执弣，右执箫: a bow in both hands, the left on the grip and the right on the tip (注「箫，弓末也」),
    /// as it is raised or handed over (疏「右执箫者不可一手扬弓」)
    GripAndTip,
    /// 挟: held across the fingers of the right hand (记：「凡挟矢，于二指之间横之」)
    Fingers,
    /// 搢: thrust into the sash at the waist
    Belt,
    /// 何: carried on the shoulder (左何瑟)
    Shoulder,
}

impl Hand {
    pub const ALL: [Hand; 7] =
        [Hand::LeftHand, Hand::RightHand, Hand::BothHands, Hand::GripAndTip, Hand::Fingers, Hand::Belt, Hand::Shoulder];

    /// The name in `state --json` and in the scene files.
    pub fn name(self) -> &'static str {
        match self {
            Hand::LeftHand => "left_hand",
            Hand::RightHand => "right_hand",
            Hand::BothHands => "both_hands",
            Hand::GripAndTip => "grip_and_tip",
            Hand::Fingers => "fingers",
            Hand::Belt => "belt",
            Hand::Shoulder => "shoulder",
        }
    }

    pub fn from_name(name: &str) -> Option<Hand> {
        Hand::ALL.into_iter().find(|h| h.name() == name)
    }

    /// The text's word: 左执, 右执, 奉, 挟, 搢, 何.
    pub fn chinese(self) -> &'static str {
        match self {
            Hand::LeftHand => "左执",
            Hand::RightHand => "右执",
            Hand::BothHands => "奉",
            Hand::GripAndTip => "左弣右箫执",
            Hand::Fingers => "挟",
            Hand::Belt => "搢",
            Hand::Shoulder => "何",
        }
    }

    pub fn english(self) -> &'static str {
        match self {
            Hand::LeftHand => "in his left hand",
            Hand::RightHand => "in his right hand",
            Hand::BothHands => "in both hands",
            Hand::GripAndTip => "by the grip in his left hand and the tip in his right",
            Hand::Fingers => "between the fingers of his right hand",
            Hand::Belt => "in his belt",
            Hand::Shoulder => "on his shoulder",
        }
    }
}

/// What an archer has on: 袒 bares the left arm, 决 is the thumb ring, 遂 (拾) the arm guard.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Gear {
    pub bared: bool,
    pub thumb_ring: bool,
    pub arm_guard: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for h in Hand::ALL {
            assert_eq!(Hand::from_name(h.name()), Some(h));
        }
    }
}

/// How someone is dressed, by his part in the rite: the robe's colour.
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
