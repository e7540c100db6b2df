//! `sheli render`: draw one moment, save it as a PNG, leave.

use bevy::prelude::*;
use bevy::render::render_resource::TextureFormat;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

use crate::app::stage::Launch;

#[derive(Resource, Default)]
struct Shot {
    frames: u32,
    taken: bool,
    retries: u32,
}

/// Frames to draw before the picture: meshes uploaded, shadows and fonts settled.
const FRAMES_BEFORE_SHOT: u32 = 12;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Shot>()
        .add_systems(Last, shoot.run_if(|l: Res<Launch>| matches!(*l, Launch::Picture(_))))
        .add_systems(Update, snapshot_key);
}

/// F12 saves the window to $SHELI_SCREENSHOT (default sheli.png) and, under automation, says so.
fn snapshot_key(mut commands: Commands, keys: Res<ButtonInput<KeyCode>>) {
    if !keys.just_pressed(KeyCode::F12) {
        return;
    }
    let path = std::env::var("SHELI_SCREENSHOT").unwrap_or_else(|_| "sheli.png".into());
    commands.spawn(Screenshot::primary_window()).observe(move |captured: On<ScreenshotCaptured>| {
        let mut save = save_to_disk(&path);
        save(captured);
        if let Ok(log) = std::env::var("SHELI_AUTOMATION") {
            super::automation::write(&log, serde_json::json!({"event": "screenshot", "path": path}));
        }
    });
}

fn shoot(mut commands: Commands, mut shot: ResMut<Shot>, launch: Res<Launch>) {
    shot.frames += 1;
    if shot.taken || shot.frames < FRAMES_BEFORE_SHOT {
        return;
    }
    shot.taken = true;
    let Launch::Picture(path) = launch.clone() else { return };
    commands.spawn(Screenshot::primary_window()).observe(
        move |captured: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>, mut shot: ResMut<Shot>, sky: Res<ClearColor>| {
            // a busy machine may not have compiled the scene's pipelines yet: the 3D view is then
            // still black (or the sky's colour), and the picture is taken again a few frames later
            let [r, g, b, _] = sky.0.to_srgba().to_u8_array();
            // the window's pixels may come blue first
            let bgra = matches!(captured.image.texture_descriptor.format, TextureFormat::Bgra8UnormSrgb | TextureFormat::Bgra8Unorm);
            let sky = if bgra { [b, g, r] } else { [r, g, b] };
            // so may the panels not be drawn yet: the bar's corner still shows the clear colour
            if shot.retries < MAX_RETRIES && (scene_is_blank(&captured.image, sky) || bar_is_missing(&captured.image, sky)) {
                shot.retries += 1;
                shot.taken = false;
                shot.frames = FRAMES_BEFORE_SHOT - 4;
                return;
            }
            // written beside the target and put in place only when whole: a full disk leaves the
            // old picture as it was and the render fails
            let target = std::path::Path::new(&path);
            let saved = crate::output::temp_beside(target).and_then(|temp| {
                let mut save = save_to_disk(&temp);
                save(captured);
                put_in_place(&temp, target)
            });
            match saved {
                Ok(()) => exit.write(AppExit::Success),
                Err(e) => {
                    error!("cannot save {path}: {e}");
                    exit.write(AppExit::error())
                }
            };
        },
    );
}

/// The last chunk of every PNG: a file that does not end with it was cut short.
const PNG_END: [u8; 12] = [0, 0, 0, 0, b'I', b'E', b'N', b'D', 0xae, 0x42, 0x60, 0x82];

/// Renames a whole PNG at `temp` onto `path`; a missing or cut-short one is removed instead.
fn put_in_place(temp: &std::path::Path, path: &std::path::Path) -> Result<(), String> {
    match std::fs::read(temp) {
        Ok(bytes) if bytes.ends_with(&PNG_END) => crate::output::finish(temp, path),
        whole => {
            let _ = std::fs::remove_file(temp);
            Err(whole.map_or_else(|e| e.to_string(), |bytes| format!("the picture was cut short after {} bytes", bytes.len())))
        }
    }
}

/// How many times a black picture is taken again before it is saved as it is.
const MAX_RETRIES: u32 = 50;

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

/// Whether the middle of the picture (where the 3D scene is, right of the text panel) shows
/// nothing but the clear colour under at most a few name labels.
fn scene_is_blank(image: &Image, sky: [u8; 3]) -> bool {
    let (w, h) = (image.width() as usize, image.height() as usize);
    let middle = (h / 4..h * 3 / 4).step_by(7).flat_map(|y| (w / 2..w * 3 / 4).step_by(7).map(move |x| (x, y)));
    let (samples, clear) = clear_pixels(image, sky, middle);
    // labels and their rings drawn over an empty view cover far less than a tenth of it
    samples > 0 && clear * 10 >= samples * 9
}

/// Whether the bottom bar's left corner, always painted paper-coloured by the panels, still
/// shows the clear colour: egui has not drawn this frame yet.
fn bar_is_missing(image: &Image, sky: [u8; 3]) -> bool {
    let (w, h) = (image.width() as usize, image.height() as usize);
    let corner = (h.saturating_sub(8)..h.saturating_sub(2)).flat_map(|y| (2..40.min(w)).step_by(4).map(move |x| (x, y)));
    let (samples, clear) = clear_pixels(image, sky, corner);
    samples > 0 && clear == samples
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::asset::RenderAssetUsages;
    use bevy::render::render_resource::{Extent3d, TextureDimension};

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
    fn a_view_still_black_or_sky_under_a_few_labels_is_blank_and_a_drawn_one_is_not() {
        let sky = [179, 199, 219];
        // a label's grey box over black
        let label = |x: usize, y: usize| if (120..135).contains(&x) && (40..46).contains(&y) { [200, 200, 200] } else { [0, 0, 0] };
        assert!(scene_is_blank(&picture(label), sky));
        assert!(scene_is_blank(&picture(|_, _| sky), sky));
        // the dark ground of a night plan is drawn, not blank
        assert!(!scene_is_blank(&picture(|_, _| [60, 70, 40]), sky));
        assert!(!scene_is_blank(&picture(|x, _| if x % 2 == 0 { [0, 0, 0] } else { [90, 110, 60] }), sky));
    }

    #[test]
    fn a_picture_whose_bar_is_not_painted_yet_is_taken_again() {
        let sky = [179, 199, 219];
        assert!(bar_is_missing(&picture(|_, _| sky), sky));
        // the bar's paper along the bottom
        assert!(!bar_is_missing(&picture(|_, y| if y > 80 { [250, 246, 236] } else { sky }), sky));
    }
}
