//! Whether a captured picture is drawn yet. A busy machine may not have compiled the scene's
//! pipelines when the first pictures are taken: they come back one colour all over (black, white,
//! the sky) or show the sky with only a few name labels over it. A render and a clip ask the same
//! question here, so neither keeps a picture the other would refuse.

use bevy::prelude::*;
use bevy::render::render_resource::TextureFormat;

/// The clear colour as the captured pixels spell it: the window's pixels may come blue first.
pub(super) fn sky_in(image: &Image, clear: &ClearColor) -> [u8; 3] {
    let [r, g, b, _] = clear.0.to_srgba().to_u8_array();
    let bgra = matches!(image.texture_descriptor.format, TextureFormat::Bgra8UnormSrgb | TextureFormat::Bgra8Unorm);
    if bgra { [b, g, r] } else { [r, g, b] }
}

/// The part of the picture the 3D view is drawn in: its camera's viewport (the panels left out),
/// or the whole picture when it has none.
pub(super) fn view_of(cameras: &Query<&Camera, With<Camera3d>>) -> Option<URect> {
    let vp = cameras.iter().find_map(|c| c.viewport.as_ref())?;
    Some(URect::from_corners(vp.physical_position, vp.physical_position + vp.physical_size))
}

/// Nothing of the scene on the picture yet: one colour all over, or the middle of the 3D view
/// (`view`, the picture's middle when `None`) still the clear colour under a few labels.
pub(super) fn not_drawn_yet(image: &Image, sky: [u8; 3], view: Option<URect>) -> bool {
    one_colour(image) || scene_is_blank(image, sky, view)
}

/// Whether the bottom bar's left corner, always painted paper-coloured by the panels, still
/// shows the clear colour: egui has not drawn this frame yet.
pub(super) fn bar_is_missing(image: &Image, sky: [u8; 3]) -> bool {
    let (w, h) = (image.width() as usize, image.height() as usize);
    let corner = (h.saturating_sub(8)..h.saturating_sub(2)).flat_map(|y| (2..40.min(w)).step_by(4).map(move |x| (x, y)));
    let (samples, clear) = clear_pixels(image, sky, corner);
    samples > 0 && clear == samples
}

fn one_colour(image: &Image) -> bool {
    let Some(data) = image.data.as_deref() else { return true };
    let bytes = data.len() / (image.width() as usize * image.height() as usize).max(1);
    bytes == 0 || data.chunks_exact(bytes).all(|p| p == &data[..bytes])
}

fn scene_is_blank(image: &Image, sky: [u8; 3], view: Option<URect>) -> bool {
    let whole = URect::new(0, 0, image.width(), image.height());
    // a narrow window leaves a narrow view between the panels: the middle of the view, not of
    // the picture (which may be a panel, and always painted)
    let v = view.map_or(whole, |v| v.intersect(whole));
    let (x0, x1) = ((v.min.x + v.width() / 4) as usize, (v.min.x + v.width() * 3 / 4).max(v.min.x + v.width() / 4 + 1) as usize);
    let (y0, y1) = ((v.min.y + v.height() / 4) as usize, (v.min.y + v.height() * 3 / 4).max(v.min.y + v.height() / 4 + 1) as usize);
    // odd, so a striped picture is sampled on both kinds of stripe
    let step = ((x1 - x0).min(y1 - y0) / 12).clamp(1, 7) | 1;
    let middle = (y0..y1).step_by(step).flat_map(move |y| (x0..x1).step_by(step).map(move |x| (x, y)));
    let (samples, clear) = clear_pixels(image, sky, middle);
    // labels and their rings drawn over an empty view cover less than a tenth of a wide one and
    // up to a fifth of a narrow one (a view squeezed between the panels); the middle of a drawn
    // view is ground, buildings and people, never three-quarters sky or black
    samples > 0 && clear * 4 >= samples * 3
}

/// Of the pixels at `points` (x, y), how many could be read and how many of them still show the
/// clear colour: black, or the sky's `sky`.
fn clear_pixels(image: &Image, sky: [u8; 3], points: impl Iterator<Item = (usize, usize)>) -> (usize, usize) {
    let (w, h) = (image.width() as usize, image.height() as usize);
    let Some(data) = image.data.as_ref() else { return (0, 0) };
    let bytes = data.len() / (w * h).max(1);
    let near = |p: &[u8], q: [u8; 3]| p.iter().zip(q).all(|(a, b)| a.abs_diff(b) <= 6);
    let read: Vec<&[u8]> = points.filter_map(|(x, y)| data.get((y * w + x) * bytes..(y * w + x) * bytes + 3)).collect();
    (read.len(), read.iter().filter(|p| near(p, [0, 0, 0]) || near(p, sky)).count())
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::asset::RenderAssetUsages;
    use bevy::render::render_resource::{Extent3d, TextureDimension};

    const SKY: [u8; 3] = [179, 199, 219];

    fn picture(fill: impl Fn(usize, usize) -> [u8; 3]) -> Image {
        let (w, h) = (200usize, 100usize);
        let mut data = Vec::with_capacity(w * h * 4);
        for y in 0..h {
            for x in 0..w {
                let [r, g, b] = fill(x, y);
                data.extend([r, g, b, 255]);
            }
        }
        let size = Extent3d { width: w as u32, height: h as u32, depth_or_array_layers: 1 };
        Image::new(size, TextureDimension::D2, data, TextureFormat::Rgba8UnormSrgb, RenderAssetUsages::default())
    }

    #[test]
    fn black_white_or_sky_all_over_is_not_drawn_yet() {
        assert!(not_drawn_yet(&picture(|_, _| [0, 0, 0]), SKY, None));
        assert!(not_drawn_yet(&picture(|_, _| [255, 255, 255]), SKY, None));
        assert!(not_drawn_yet(&picture(|_, _| SKY), SKY, None));
    }

    #[test]
    fn a_view_still_black_or_sky_under_a_few_labels_is_not_drawn_yet() {
        // a label's grey box over black, and over the sky
        let label = |under: [u8; 3]| {
            move |x: usize, y: usize| if (120..135).contains(&x) && (40..46).contains(&y) { [200, 200, 200] } else { under }
        };
        assert!(not_drawn_yet(&picture(label([0, 0, 0])), SKY, None));
        assert!(not_drawn_yet(&picture(label(SKY)), SKY, None));
    }

    #[test]
    fn a_drawn_view_is_drawn_even_when_dark() {
        // the dark ground of a night plan with one figure on it
        let figure = |x: usize, y: usize| if (x, y) == (150, 50) { [120, 40, 30] } else { [60, 70, 40] };
        assert!(!not_drawn_yet(&picture(figure), SKY, None));
        assert!(!not_drawn_yet(&picture(|x, _| if x % 2 == 0 { [0, 0, 0] } else { [90, 110, 60] }), SKY, None));
    }

    #[test]
    fn a_narrow_view_between_panels_is_looked_at_not_the_panels() {
        // paper panels left (0..80) and right (120..200), a black 3D view between them
        let paper = [250, 246, 236];
        // with a name label over a fifth of the view's middle
        let panels = |x: usize, y: usize| match (x, y) {
            (88..=112, 40..=48) => [240, 200, 80],
            (80..=119, 0..=89) => [0, 0, 0],
            (5, 5) => [1, 2, 3],
            _ => paper,
        };
        let view = Some(URect::new(80, 0, 120, 90));
        assert!(not_drawn_yet(&picture(panels), SKY, view), "the black view between the panels is not drawn yet");
        let sky_between = |x: usize, y: usize| if panels(x, y) == [0, 0, 0] { SKY } else { panels(x, y) };
        assert!(not_drawn_yet(&picture(sky_between), SKY, view), "nor is the sky between them");
        // the picture's own middle (x 100..150) is half panel: without the view it would pass
        let drawn = |x: usize, y: usize| if (80..120).contains(&x) && y < 90 { [60, 70, 40] } else { paper };
        assert!(!not_drawn_yet(&picture(drawn), SKY, view));
    }

    #[test]
    fn a_picture_whose_bar_is_not_painted_yet_is_taken_again() {
        assert!(bar_is_missing(&picture(|_, _| SKY), SKY));
        // the bar's paper along the bottom
        assert!(!bar_is_missing(&picture(|_, y| if y > 80 { [250, 246, 236] } else { SKY }), SKY));
    }
}
