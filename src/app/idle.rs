//! A paused viewer sleeps: while nothing plays and the camera is at rest it draws again only on
//! input (or an edit of the scene), instead of keeping a core busy. Rendering a picture or a clip
//! never sleeps: it counts frames.
//!
//! bevy_egui 0.42 tells egui the modifier keys' state as a new event every frame, and egui asks
//! to be drawn again for any event: left alone, the viewer would never sleep. The event is kept
//! only when the modifiers did change.

use std::time::Duration;

use bevy::prelude::*;
use bevy::winit::{UpdateMode, WinitSettings};
use bevy_egui::{EguiInput, EguiPreUpdateSet, egui};

use crate::app::camera::CameraAim;
use crate::app::stage::Playhead;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PreUpdate, drop_unchanged_modifiers.after(EguiPreUpdateSet::ProcessInput).before(EguiPreUpdateSet::BeginPass));
    app.add_systems(Last, sleep_when_idle.in_set(crate::app::stage::Interactive));
}

/// How long a sleeping viewer waits before looking again by itself (a reloaded scene file is
/// noticed then at the latest).
const NAP: Duration = Duration::from_secs(2);

/// Frames drawn before the viewer may sleep: the first ones load meshes and fonts (a picture
/// still incomplete then is finished at the next nap, two seconds later at most). Under software
/// rendering twenty frames are two to four seconds.
const AWAKE_AT_START: u32 = 20;

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

/// Keeps egui's `ModifiersChanged` only when the modifiers differ from those last told.
fn drop_unchanged_modifiers(mut inputs: Query<&mut EguiInput>, mut last: Local<Option<egui::Modifiers>>) {
    for mut input in &mut inputs {
        input.events.retain(|e| match e {
            egui::Event::ModifiersChanged(m) if *last == Some(*m) => false,
            egui::Event::ModifiersChanged(m) => {
                *last = Some(*m);
                true
            }
            _ => true,
        });
    }
}
