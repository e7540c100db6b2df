//! The score, read from the tallies (算) themselves: those lying on a place the scene marks for a
//! side (释获: 「上射于右，下射于左」), or in the hands of someone who took them up from there
//! (数获: 「二算为纯，一纯以取，实于左手」). The verdict is said as the 释获者 says it: 「右贤于左」
//! with the difference in pairs (纯) and an odd one (奇), or 「左右钧」.

use super::PropAt;
use crate::rite::compile::Rite;
use crate::rite::scene::model::{PropKind, Side};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Score {
    pub right: usize,
    pub left: usize,
}

const DIGITS: [&str; 11] = ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十"];

/// A count in Chinese numerals, as the text writes them (十一, 二十, 二十三).
pub fn numeral(n: usize) -> String {
    match n {
        0..=10 => DIGITS[n].to_string(),
        11..=19 => format!("十{}", DIGITS[n - 10]),
        _ if n.is_multiple_of(10) && n < 100 => format!("{}十", DIGITS[n / 10]),
        _ if n < 100 => format!("{}十{}", DIGITS[n / 10], DIGITS[n % 10]),
        _ => n.to_string(),
    }
}

impl Score {
    /// The side ahead and by how many tallies, as pairs (纯) and an odd one (奇); None when even.
    fn margin(&self) -> Option<(Side, usize, usize)> {
        let (side, diff) = match self.right.cmp(&self.left) {
            std::cmp::Ordering::Equal => return None,
            std::cmp::Ordering::Greater => (Side::Right, self.right - self.left),
            std::cmp::Ordering::Less => (Side::Left, self.left - self.right),
        };
        Some((side, diff / 2, diff % 2))
    }

    /// 「右贤于左，一纯一奇」, 「左贤于右，二纯」, 「左右钧」.
    pub fn verdict(&self) -> String {
        let Some((side, pairs, odd)) = self.margin() else { return "左右钧".into() };
        let mut s = if side == Side::Right { "右贤于左，" } else { "左贤于右，" }.to_string();
        if pairs > 0 {
            s += &format!("{}纯", numeral(pairs));
        }
        if odd > 0 {
            s += "一奇";
        }
        s
    }

    pub fn verdict_en(&self) -> String {
        let Some((side, pairs, odd)) = self.margin() else { return "the sides are even".into() };
        let winner = if side == Side::Right { "the right beats the left" } else { "the left beats the right" };
        let mut parts = Vec::new();
        if pairs > 0 {
            parts.push(format!("{pairs} pair{}", if pairs == 1 { "" } else { "s" }));
        }
        if odd > 0 {
            parts.push("one odd".into());
        }
        format!("{winner} by {}", parts.join(" and "))
    }
}

impl Rite {
    /// The side of the tally place at a point, if any.
    fn tally_side(&self, p: [f32; 3]) -> Option<Side> {
        self.timeline.court.regions.iter().find(|r| r.tally.is_some() && r.shape.contains(p[0], p[2])).and_then(|r| r.tally)
    }

    /// The score at `t`, or None while no tally lies counted.
    pub fn score_at(&self, t: f32) -> Option<Score> {
        let tl = &self.timeline;
        let mut score = Score { right: 0, left: 0 };
        for track in &tl.props {
            if track.kind != PropKind::Tallies {
                continue;
            }
            let k = track.keys.partition_point(|(kt, _)| *kt <= t);
            let now = if k == 0 { &track.initial } else { &track.keys[k - 1].1 };
            let side = match now {
                PropAt::At(p, _) => self.tally_side(*p),
                // taken up while counting: it counts for the side it was taken from
                PropAt::Held(..) => track.keys[..k]
                    .iter()
                    .rev()
                    .skip(1)
                    .find_map(|(_, at)| match at {
                        PropAt::At(p, _) => Some(self.tally_side(*p)),
                        _ => None,
                    })
                    .flatten(),
                _ => None,
            };
            match side {
                Some(Side::Right) => score.right += 1,
                Some(Side::Left) => score.left += 1,
                None => {}
            }
        }
        (score.right + score.left > 0).then_some(score)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_verdict_is_said_in_pairs_and_an_odd_one() {
        assert_eq!(Score { right: 11, left: 8 }.verdict(), "右贤于左，一纯一奇");
        assert_eq!(Score { right: 3, left: 7 }.verdict(), "左贤于右，二纯");
        assert_eq!(Score { right: 5, left: 5 }.verdict(), "左右钧");
        assert_eq!(Score { right: 25, left: 2 }.verdict(), "右贤于左，十一纯一奇");
        assert_eq!(Score { right: 11, left: 8 }.verdict_en(), "the right beats the left by 1 pair and one odd");
        assert_eq!(numeral(23), "二十三");
    }
}
