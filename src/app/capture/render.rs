//! `sheli render`: draw one moment, save it as a PNG, leave.

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

use super::drawn;
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
        move |captured: On<ScreenshotCaptured>,
              mut exit: MessageWriter<AppExit>,
              mut shot: ResMut<Shot>,
              sky: Res<ClearColor>,
              cameras: Query<&Camera, With<Camera3d>>| {
            // a busy machine may not have compiled the scene's pipelines yet: the 3D view is then
            // still black (or the sky's colour), and the picture is taken again a few frames later
            let sky = drawn::sky_in(&captured.image, &sky);
            // so may the panels not be drawn yet: the bar's corner still shows the clear colour
            if shot.retries < MAX_RETRIES
                && (drawn::not_drawn_yet(&captured.image, sky, drawn::view_of(&cameras)) || drawn::bar_is_missing(&captured.image, sky))
            {
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
