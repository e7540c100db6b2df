//! A paused viewer sleeps: while nothing plays and the camera is at rest it draws again only on
//! input (or an edit of the scene), instead of keeping a core busy. Rendering a picture or a clip
//! never sleeps: it counts frames.

use std::time::Duration;

use bevy::prelude::*;
use bevy::winit::{UpdateMode, WinitSettings};

use super::camera::CameraAim;
use super::stage::Playhead;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Last,
        sleep_when_idle.run_if(|l: Res<super::Launch>| l.render_to.is_none()).run_if(not(resource_exists::<super::clip::Clip>)),
    );
}

/// How long a sleeping viewer waits before looking again by itself (a reloaded scene file is
/// noticed then at the latest).
const NAP: Duration = Duration::from_secs(2);

/// Frames drawn before the viewer may sleep: the first ones load meshes and fonts.
const AWAKE_AT_START: u32 = 60;

fn sleep_when_idle(head: Res<Playhead>, aim: Option<Res<CameraAim>>, mut winit: ResMut<WinitSettings>, mut frames: Local<u32>) {
    *frames += 1;
    let moving = aim.is_some_and(|a| a.now != a.goal);
    let busy = head.playing || moving || *frames < AWAKE_AT_START;
    let mode = if busy { UpdateMode::Continuous } else { UpdateMode::reactive_low_power(NAP) };
    if winit.focused_mode != mode {
        winit.focused_mode = mode;
        winit.unfocused_mode = mode;
    }
}
