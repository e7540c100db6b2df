//! Placing labels without overlap. The rule: labels are placed most important first (the
//! clause's actors, then the other people, then things); each tries a ring of spots round its
//! mark, nearest first, and takes the first that overlaps no label already placed and no mark;
//! a label with no free spot is left out (its mark stays, and the caption or the book's person
//! page names him). The same input gives the same placement.

/// A label's box in pixels: left, top, right, bottom.
pub type Rect = [f32; 4];

pub fn overlaps(a: &Rect, b: &Rect) -> bool {
    a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]
}

/// How wide a text is drawn at `size` pixels: a CJK character is a square, other characters a
/// little over half one (the bundled font's Latin is narrow).
pub fn text_width(text: &str, size: f32) -> f32 {
    text.chars().map(|c| if (c as u32) >= 0x2E80 { size } else { size * 0.56 }).sum()
}

#[derive(Default)]
pub struct Placer {
    /// the labels placed
    pub placed: Vec<Rect>,
    /// the marks, which no label may cover (marks may touch one another)
    blocked: Vec<Rect>,
}

impl Placer {
    /// Keeps `r` clear: a mark that no label may cover.
    pub fn block(&mut self, r: Rect) {
        self.blocked.push(r);
    }

    /// Finds a spot for a label of `w`×`h` by the point (x, y), `gap` pixels off it; the box's
    /// top-left corner, or None.
    pub fn place(&mut self, x: f32, y: f32, w: f32, h: f32, gap: f32, bounds: Rect) -> Option<(f32, f32)> {
        let spots = [
            (x + gap, y - h / 2.0),
            (x - gap - w, y - h / 2.0),
            (x - w / 2.0, y - gap - h),
            (x - w / 2.0, y + gap),
            (x + gap, y - h - gap / 2.0),
            (x + gap, y + gap / 2.0),
            (x - gap - w, y - h - gap / 2.0),
            (x - gap - w, y + gap / 2.0),
            (x + 2.5 * gap, y - h / 2.0),
            (x - 2.5 * gap - w, y - h / 2.0),
            (x - w / 2.0, y - 2.5 * gap - h),
            (x - w / 2.0, y + 2.5 * gap),
        ];
        for (left, top) in spots {
            let r = [left, top, left + w, top + h];
            let inside = r[0] >= bounds[0] && r[1] >= bounds[1] && r[2] <= bounds[2] && r[3] <= bounds[3];
            if inside && !self.placed.iter().chain(&self.blocked).any(|p| overlaps(p, &r)) {
                self.placed.push(r);
                return Some((left, top));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crowded_labels_never_overlap() {
        let mut p = Placer::default();
        let bounds = [0.0, 0.0, 400.0, 400.0];
        let mut boxes = Vec::new();
        for k in 0..60 {
            let (x, y) = (100.0 + (k % 8) as f32 * 9.0, 100.0 + (k / 8) as f32 * 7.0);
            if let Some((l, t)) = p.place(x, y, 40.0, 12.0, 6.0, bounds) {
                boxes.push([l, t, l + 40.0, t + 12.0]);
            }
        }
        assert!(boxes.len() > 10);
        for (i, a) in boxes.iter().enumerate() {
            for b in &boxes[i + 1..] {
                assert!(!overlaps(a, b));
            }
        }
    }
}
