//! `sheli render`: draw one moment, save it as a PNG, leave.

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

use super::Launch;

#[derive(Resource, Default)]
struct Shot {
    frames: u32,
    taken: bool,
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
    commands.spawn(Screenshot::primary_window()).observe(move |captured: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
        let mut save = save_to_disk(&path);
        save(captured);
        exit.write(AppExit::Success);
    });
}
