//! The twelve 律吕 and their tuning by 三分损益: each pipe two thirds or four thirds of the one
//! before, which is a chain of pure fifths (3:2) folded into one octave — Pythagorean tuning.

/// The 律吕 from 黄钟 upward, as the scores abbreviate them (simplified forms).
pub const LU: [&str; 12] = ["黄", "大", "太", "夹", "姑", "仲", "蕤", "林", "夷", "南", "无", "应"];

/// The full names, for the interface.
pub const LU_FULL: [&str; 12] = ["黄钟", "大吕", "太簇", "夹钟", "姑洗", "仲吕", "蕤宾", "林钟", "夷则", "南吕", "无射", "应钟"];

/// The same in pinyin, for the English interface.
pub const LU_PINYIN: [&str; 12] =
    ["huangzhong", "dalü", "taicu", "jiazhong", "guxian", "zhonglü", "ruibin", "linzhong", "yize", "nanlü", "wuyi", "yingzhong"];

/// The 律 a score character names, in either script.
pub fn lu_of(c: char) -> Option<u8> {
    Some(match c {
        '黄' | '黃' => 0,
        '大' => 1,
        '太' => 2,
        '夹' | '夾' => 3,
        '姑' => 4,
        '仲' => 5,
        '蕤' => 6,
        '林' => 7,
        '夷' => 8,
        '南' => 9,
        '無' | '无' => 10,
        '應' | '应' => 11,
        _ => return None,
    })
}

/// The ratio of 律 `lu` (0 = 黄钟) to 黄钟 within one octave. 三分损益 generates the 律 in the order
/// 黄 林 太 南 姑 应 蕤 大 夷 夹 无 仲, each a fifth (×3/2) above the last, folded back into the
/// octave; so 律 `lu` is reached after `(lu × 7) mod 12` fifths.
pub fn ratio(lu: u8) -> f64 {
    let fifths = (lu as u32 * 7) % 12;
    let mut r = 1.0f64;
    for _ in 0..fifths {
        r *= 1.5;
        if r >= 2.0 {
            r /= 2.0;
        }
    }
    r
}

/// A note: a 律 and its octave (0 the 正声, 1 the 清声 an octave above, -1 an octave below).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pitch {
    pub lu: u8,
    pub octave: i8,
}

impl Pitch {
    pub fn frequency(self, huangzhong_hz: f64) -> f64 {
        huangzhong_hz * ratio(self.lu) * 2f64.powi(self.octave as i32)
    }

    /// How the data writes it: 「黄」, 「黄清」 an octave up, 「黄浊」 an octave down.
    pub fn name(self) -> String {
        let suffix = match self.octave {
            0 => "",
            1 => "清",
            -1 => "浊",
            _ => "?",
        };
        format!("{}{suffix}", LU[self.lu as usize])
    }

    pub fn parse(s: &str) -> Option<Pitch> {
        let mut cs = s.chars();
        let lu = lu_of(cs.next()?)?;
        let octave = match cs.as_str() {
            "" => 0,
            "清" => 1,
            "浊" => -1,
            _ => return None,
        };
        Some(Pitch { lu, octave })
    }

    /// Position on a line of fifths-free steps: for ordering and intervals in 律 (semitone-like).
    pub fn step(self) -> i32 {
        self.lu as i32 + 12 * self.octave as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sanfen_sunyi_gives_the_known_ratios() {
        assert_eq!(ratio(0), 1.0);
        assert_eq!(ratio(7), 1.5); // 林钟: 黄钟 less a third
        assert_eq!(ratio(2), 9.0 / 8.0); // 太簇: 林钟 plus a third
        assert_eq!(ratio(9), 27.0 / 16.0);
        assert_eq!(ratio(5), 177147.0 / 131072.0); // 仲吕, the twelfth: not quite 4/3
        for lu in 0..12u8 {
            assert!((1.0..2.0).contains(&ratio(lu)));
            if lu > 0 {
                assert!(ratio(lu) > ratio(lu - 1), "the 律 rise in order");
            }
        }
    }

    #[test]
    fn names_round_trip() {
        for lu in 0..12 {
            for octave in -1..=1 {
                let p = Pitch { lu, octave };
                assert_eq!(Pitch::parse(&p.name()), Some(p));
            }
        }
    }
}
