//! `sheli render`: draw one moment, save it as a PNG, leave.

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

use super::Launch;

#[derive(Resource, Default)]
struct Shot {
    frames: u32,
    taken: bool,
    retries: u32,
}

/// Frames to draw before the picture: meshes uploaded, shadows and fonts settled.
const FRAMES_BEFORE_SHOT: u32 = 12;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Shot>().add_systems(Last, shoot.run_if(|l: Res<Launch>| l.render_to.is_some())).add_systems(Update, snapshot_key);
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
    let path = launch.render_to.clone().unwrap_or_default();
    commands.spawn(Screenshot::primary_window()).observe(
        move |captured: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>, mut shot: ResMut<Shot>| {
            // a busy machine may not have compiled the scene's pipelines yet: the 3D view is then
            // still black, and the picture is taken again a few frames later
            if shot.retries < MAX_RETRIES && scene_is_blank(&captured.image) {
                shot.retries += 1;
                shot.taken = false;
                shot.frames = FRAMES_BEFORE_SHOT - 4;
                return;
            }
            let mut save = save_to_disk(&path);
            save(captured);
            exit.write(AppExit::Success);
        },
    );
}

/// How many times a black picture is taken again before it is saved as it is.
const MAX_RETRIES: u32 = 50;

/// Whether the middle of the picture (where the 3D scene is, right of the text panel) is one
/// flat colour: only the clear colour (black, or the sky) has been drawn there yet.
fn scene_is_blank(image: &Image) -> bool {
    let (w, h) = (image.width() as usize, image.height() as usize);
    let Some(data) = image.data.as_ref() else { return false };
    let bytes = data.len() / (w * h).max(1);
    let mut first: Option<[u8; 3]> = None;
    for y in (h / 4..h * 3 / 4).step_by(7) {
        for x in (w / 2..w * 3 / 4).step_by(7) {
            let i = (y * w + x) * bytes;
            let Some(p) = data.get(i..i + 3) else { continue };
            let p = [p[0], p[1], p[2]];
            match first {
                None => first = Some(p),
                Some(f) if f.iter().zip(p).any(|(a, b)| a.abs_diff(b) > 6) => return false,
                Some(_) => {}
            }
        }
    }
    true
}
