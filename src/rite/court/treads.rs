//! Standing on a stair: each tread below the hall's floor is a place (升一等 stops on the first,
//! 降一等 and 尽阶 on the highest below the hall), at its own height. A walk to or from a tread
//! goes along the stair's profile; the floors' routing never sees the stair's inside.

use super::{Box2, Level, Region, Shape, Stairway};
use crate::rite::scene::model::Dir;

/// One tread: the `k`-th from the bottom (1-based) of stair `stair` (an index into the
/// courtyard's stairs), its footprint and its height.
#[derive(Debug, Clone)]
pub struct Tread {
    pub stair: usize,
    pub k: usize,
    pub area: Box2,
    pub height: f32,
}

/// A number in Chinese, as the text counts treads: 一, 十二, 二十 …
pub fn chinese_number(k: usize) -> String {
    const D: [&str; 10] = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
    match (k / 10, k % 10) {
        (0, u) => D[u].to_string(),
        (1, u) => format!("十{}", D[u]),
        (t, u) => format!("{}十{}", D[t], D[u]),
    }
}

/// The name of tread `k` of a stair: 阼阶第一等.
pub fn tread_name(stair: &str, k: usize) -> String {
    format!("{stair}第{}等", chinese_number(k))
}

/// The treads of a stair of `steps` steps over `footprint`, rising toward `up` to `height`:
/// those below the hall's floor (the last step lands on the hall itself).
pub fn treads(stair: usize, footprint: Box2, steps: u32, up: Dir, height: f32) -> Vec<Tread> {
    let (dx, dz) = up.vector();
    let along_x = dx.abs() > dz.abs();
    let run = if along_x { footprint.width() } else { footprint.depth() };
    let tread = run / steps as f32;
    (1..steps as usize)
        .map(|k| {
            // from the bottom edge, k − 1 treads up, one tread deep
            let (a, b) = (-run / 2.0 + tread * (k - 1) as f32, -run / 2.0 + tread * k as f32);
            let (cx, cz) = footprint.centre();
            let (p, q) = ((cx + dx * a, cz + dz * a), (cx + dx * b, cz + dz * b));
            let area = if along_x {
                Box2 { x0: p.0.min(q.0), x1: p.0.max(q.0), z0: footprint.z0, z1: footprint.z1 }
            } else {
                Box2 { x0: footprint.x0, x1: footprint.x1, z0: p.1.min(q.1), z1: p.1.max(q.1) }
            };
            Tread { stair, k, area, height: height * k as f32 / steps as f32 }
        })
        .collect()
}

/// The places a stair's treads add: 第一等 … and 尽阶 (the highest below the hall), unless the
/// scene names a place so already.
pub fn tread_regions(stairway: &Stairway, treads: &[Tread], taken: &dyn Fn(&str) -> bool) -> Vec<Region> {
    let mut out = Vec::new();
    let top = treads.iter().map(|t| t.k).max();
    for t in treads {
        let (x, z) = t.area.centre();
        let mut names = vec![tread_name(&stairway.id, t.k)];
        if Some(t.k) == top {
            names.push(format!("{}尽阶", stairway.id));
        }
        for id in names.into_iter().filter(|n| !taken(n)) {
            let stair = crate::rite::glossary::glossary().en(&stairway.id).unwrap_or("stairs").trim_start_matches("the ");
            let en = if Some(t.k) == top {
                format!("the top tread of the {stair}, below the hall")
            } else {
                format!("tread {} of the {stair}, from the bottom", t.k)
            };
            out.push(Region {
                id,
                shape: Shape::Box(t.area),
                anchor: [x, t.height, z],
                level: Level::Ground,
                en,
                tally: None,
                source: String::new(),
            });
        }
    }
    out
}

/// The path along a stair's profile, moved `side` off its middle line (`side_shift`), from one of
/// its ends (`from_top`) or from tread `from` to tread `to`, ending at `middle` on the tread.
pub fn along(stairway: &Stairway, from: Option<usize>, from_top: bool, to: usize, middle: [f32; 3], side: [f32; 2]) -> Vec<[f32; 3]> {
    let p = &stairway.profile;
    // tread k spans profile points 2k and 2k + 1: going up one enters a tread at its first point,
    // going down at its second
    let steps: Vec<[f32; 3]> = match from {
        Some(j) if j == to => Vec::new(),
        Some(j) if j < to => p[2 * j + 1..=2 * to].to_vec(),
        Some(j) => p[2 * to + 1..=2 * j].iter().rev().copied().collect(),
        None if from_top => p[2 * to + 1..].iter().rev().copied().collect(),
        None => p[..=2 * to].to_vec(),
    };
    let mut out: Vec<[f32; 3]> = steps.into_iter().map(|q| beside(q, side)).collect();
    out.push(middle);
    out
}

/// The path from `middle` on tread `k` out to the stair's top (onto the hall) or its foot, moved
/// `side` off the stair's middle line.
pub fn off(stairway: &Stairway, k: usize, middle: [f32; 3], to_top: bool, side: [f32; 2]) -> Vec<[f32; 3]> {
    let p = &stairway.profile;
    let steps: Vec<[f32; 3]> = if to_top { p[2 * k + 1..].to_vec() } else { p[..=2 * k].iter().rev().copied().collect() };
    std::iter::once(middle).chain(steps.into_iter().map(|q| beside(q, side))).collect()
}

/// Where `p` stands across the stair of tread `t`, as the shift from the stair's middle line:
/// the part of `p`'s offset square to the way up, kept a body's half width inside the tread. A walk
/// on the stair keeps to that side (下射少右，乃降: he goes down on the side he stepped to).
pub fn side_shift(stairway: &Stairway, t: &Tread, p: [f32; 3]) -> [f32; 2] {
    let (b, top) = (stairway.bottom(), stairway.top());
    let (ux, uz) = (top[0] - b[0], top[2] - b[2]);
    let len = (ux * ux + uz * uz).sqrt();
    if len < 1e-6 {
        return [0.0, 0.0];
    }
    let (ax, az) = (-uz / len, ux / len);
    let across = (p[0] - b[0]) * ax + (p[2] - b[2]) * az;
    let width = (t.area.x1 - t.area.x0).abs() * ax.abs() + (t.area.z1 - t.area.z0).abs() * az.abs();
    let room = (width / 2.0 - super::BODY_RADIUS).max(0.0);
    let across = across.clamp(-room, room);
    [ax * across, az * across]
}

/// `p` moved sideways by `side`.
pub fn beside(p: [f32; 3], side: [f32; 2]) -> [f32; 3] {
    [p[0] + side[0], p[1], p[2] + side[1]]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn treads_are_counted_in_chinese() {
        assert_eq!(chinese_number(1), "一");
        assert_eq!(chinese_number(10), "十");
        assert_eq!(chinese_number(12), "十二");
        assert_eq!(chinese_number(20), "二十");
        assert_eq!(chinese_number(37), "三十七");
        assert_eq!(tread_name("阼阶", 3), "阼阶第三等");
    }

    /// 下射少右，乃降: one who stands on the west half of a stair going up north keeps to that half
    /// on it, and no further out than a body's half width from its side.
    #[test]
    fn a_walk_on_a_stair_keeps_to_the_side_it_stands_on() {
        let footprint = Box2::around(0.0, 1.0, 1.4, 1.0);
        let stairway = Stairway { id: "西阶".into(), profile: vec![[0.0, 0.0, 1.6], [0.0, 0.5, 0.5], [0.0, 1.0, 0.4]] };
        let t = &treads(0, footprint, 5, Dir::N, 1.0)[0];
        let [dx, dz] = side_shift(&stairway, t, [-0.3, 0.2, 1.3]);
        assert!((dx + 0.3).abs() < 1e-5 && dz.abs() < 1e-5, "{dx} {dz}");
        let [dx, _] = side_shift(&stairway, t, [-5.0, 0.2, 1.3]);
        assert!((dx + (0.7 - super::super::BODY_RADIUS)).abs() < 1e-5, "{dx}");
        // the profile walked moves to that side; the spot walked to stays where it is
        let dest = [-0.3, 0.2, 1.3];
        let path = along(&stairway, None, true, 0, dest, [-0.3, 0.0]);
        assert_eq!(path.len(), 3);
        assert_eq!(path.last(), Some(&dest));
        assert!(path[..path.len() - 1].iter().all(|p| (p[0] + 0.3).abs() < 1e-6), "{path:?}");
    }
}
