//! From the court's metres to the drawing's pixels: north at the top, east to the right, one
//! scale throughout, except that a long empty stretch (the 侯道 between the marks and the
//! targets) is cut short and marked with a break, so the hall stays legible.

use crate::rite::court::Box2;

/// How long an empty stretch must be before it is cut, and what is left of it, in metres.
const BREAK_OVER: f32 = 12.0;
pub const BREAK_KEEPS: f32 = 4.0;

#[derive(Debug, Clone)]
pub struct Map {
    /// the area drawn, in metres (x east, z south)
    pub area: Box2,
    /// pixels a metre
    pub scale: f32,
    /// the stretches cut short, (north z, south z), north first
    pub breaks: Vec<(f32, f32)>,
    /// the margin round the drawing, in pixels
    pub margin: f32,
}

impl Map {
    /// A map of `area`, `width` pixels wide; `occupied` are the z extents of everything drawn,
    /// whose gaps longer than [`BREAK_OVER`] are cut.
    pub fn new(area: Box2, width: f32, margin: f32, occupied: &[(f32, f32)]) -> Map {
        let mut spans: Vec<(f32, f32)> = occupied.iter().map(|&(a, b)| (a.max(area.z0), b.min(area.z1))).filter(|(a, b)| a <= b).collect();
        spans.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut breaks = Vec::new();
        let mut reach = area.z0;
        for (a, b) in spans {
            if a - reach > BREAK_OVER {
                breaks.push((reach + 1.0, a - 1.0));
            }
            reach = reach.max(b);
        }
        let scale = (width - 2.0 * margin) / area.width().max(1.0);
        Map { area, scale, breaks, margin }
    }

    /// How far south of the area's north edge `z` is drawn, in metres, after the cuts.
    fn drawn_z(&self, z: f32) -> f32 {
        let mut d = z - self.area.z0;
        for &(a, b) in &self.breaks {
            if z > b {
                d -= (b - a) - BREAK_KEEPS;
            } else if z > a {
                d -= (z - a) * (1.0 - BREAK_KEEPS / (b - a));
            }
        }
        d
    }

    /// The pixel of a ground point.
    pub fn px(&self, x: f32, z: f32) -> (f32, f32) {
        (self.margin + (x - self.area.x0) * self.scale, self.margin + self.drawn_z(z) * self.scale)
    }

    /// The drawing's size in pixels, margins included.
    pub fn size(&self) -> (f32, f32) {
        let (w, h) = self.px(self.area.x1, self.area.z1);
        (w + self.margin, h + self.margin)
    }

    /// Where each break is drawn: its pixel row.
    pub fn break_rows(&self) -> Vec<f32> {
        self.breaks.iter().map(|&(a, b)| self.px(self.area.x0, (a + b) / 2.0).1).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_empty_stretch_is_cut_and_order_is_kept() {
        let area = Box2 { x0: -10.0, z0: -10.0, x1: 10.0, z1: 100.0 };
        let map = Map::new(area, 220.0, 10.0, &[(-10.0, 10.0), (90.0, 100.0)]);
        assert_eq!(map.breaks.len(), 1);
        let (_, y_hall) = map.px(0.0, 10.0);
        let (_, y_target) = map.px(0.0, 90.0);
        assert!(y_target > y_hall, "the target stays south of the hall");
        assert!(y_target - y_hall < 20.0 * map.scale, "the 80 m between them are drawn short");
        // monotone through the cut
        let ys: Vec<f32> = (0..=110).map(|z| map.px(0.0, z as f32 - 10.0).1).collect();
        assert!(ys.windows(2).all(|w| w[1] >= w[0]));
    }
}
