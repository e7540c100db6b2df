//! Lengths in the text's own units (尺, 步, 弓, 丈 …), points and rectangles of them, and the
//! eight directions a clause faces (北面, 东南面 …): the measures a scene file is written in.

use serde::Deserialize;

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
pub(crate) fn length<'de, D: serde::Deserializer<'de>>(d: D) -> Result<f32, D::Error> {
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
pub(crate) fn seconds<'de, D: serde::Deserializer<'de>>(d: D) -> Result<f32, D::Error> {
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
