//! Time moves: play, pause, speed, and the keyboard (Space, ←/→ beat, Shift+←/→ step, Home/End, +/-;
//! S/B/C/O the next shot, bow, cup, round, with Shift the one before).

use bevy::prelude::*;

use super::stage::{Moved, Now, Playhead, Stage};
use crate::rite::query::BeatRef;

/// Set by the panels when a text field has the keyboard: keys then type, they do not steer.
#[derive(Resource, Default)]
pub struct UiWantsKeyboard(pub bool);

/// The keys that jump by act.
pub const JUMP_KEYS: [(KeyCode, crate::rite::jump::Act); 4] = [
    (KeyCode::KeyS, crate::rite::jump::Act::Shot),
    (KeyCode::KeyB, crate::rite::jump::Act::Bow),
    (KeyCode::KeyC, crate::rite::jump::Act::Cup),
    (KeyCode::KeyO, crate::rite::jump::Act::Round),
];

pub const SPEEDS: [f32; 9] = [0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0];

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<UiWantsKeyboard>().add_systems(PreUpdate, advance.before(super::stage::track_beat)).add_systems(Update, keyboard);
}

fn advance(time: Res<Time>, stage: Res<Stage>, mut head: ResMut<Playhead>) {
    if !head.playing {
        return;
    }
    // the speed is in viewing time: in film pace a long walk passes as a time-lapse
    let end = stage.rite.timeline.duration;
    let pace = &stage.pace;
    head.t = pace.to_rite(pace.to_view(head.t) + time.delta_secs() * head.speed).min(end);
    if head.t >= end {
        head.playing = false;
    }
}

/// Where a jump lands: the start of a beat (so the clause plays from its beginning).
pub fn beat_start(stage: &Stage, r: BeatRef) -> f32 {
    stage.rite.beat(r).start
}

/// The beat `delta` beats (or steps) away from `from`, clamped to the rite.
pub fn neighbour(stage: &Stage, from: BeatRef, delta: i32, by_step: bool) -> BeatRef {
    let steps = &stage.rite.steps;
    if by_step {
        let s = (from.step as i32 + delta).clamp(0, steps.len() as i32 - 1) as usize;
        return BeatRef { step: s, beat: 0 };
    }
    let flat: Vec<BeatRef> = stage.rite.beats().map(|(r, _)| r).collect();
    let i = flat.iter().position(|r| *r == from).unwrap_or(0) as i32;
    flat[(i + delta).clamp(0, flat.len() as i32 - 1) as usize]
}

pub fn seek(head: &mut Playhead, t: f32, moved: &mut MessageWriter<Moved>) {
    head.t = t.max(0.0);
    moved.write(Moved);
}

fn keyboard(
    keys: Res<ButtonInput<KeyCode>>,
    stage: Res<Stage>,
    now: Res<Now>,
    mut head: ResMut<Playhead>,
    mut moved: MessageWriter<Moved>,
    typing: Res<UiWantsKeyboard>,
) {
    if typing.0 {
        return;
    }
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    if keys.just_pressed(KeyCode::Space) {
        if !head.playing && head.t >= stage.rite.timeline.duration {
            head.t = 0.0;
        }
        head.playing = !head.playing;
    }
    for (key, delta) in [(KeyCode::ArrowRight, 1), (KeyCode::ArrowLeft, -1)] {
        if keys.just_pressed(key) {
            let here = now.beat;
            // ← from the middle of a beat goes back to its start first
            let target =
                if delta < 0 && !shift && head.t > beat_start(&stage, here) + 0.05 { here } else { neighbour(&stage, here, delta, shift) };
            let t = beat_start(&stage, target);
            seek(&mut head, t, &mut moved);
        }
    }
    for (key, act) in JUMP_KEYS {
        if keys.just_pressed(key)
            && let Some(r) = crate::rite::jump::next(&stage.rite, now.beat, act, !shift)
        {
            seek(&mut head, beat_start(&stage, r), &mut moved);
        }
    }
    if keys.just_pressed(KeyCode::Home) {
        seek(&mut head, 0.0, &mut moved);
    }
    if keys.just_pressed(KeyCode::End) {
        let end = stage.rite.timeline.duration;
        seek(&mut head, end, &mut moved);
        head.playing = false;
    }
    let faster = keys.just_pressed(KeyCode::Equal) || keys.just_pressed(KeyCode::NumpadAdd);
    let slower = keys.just_pressed(KeyCode::Minus) || keys.just_pressed(KeyCode::NumpadSubtract);
    if faster || slower {
        let i = SPEEDS.iter().position(|s| (*s - head.speed).abs() < 1e-3).unwrap_or(2) as i32;
        let j = (i + if faster { 1 } else { -1 }).clamp(0, SPEEDS.len() as i32 - 1);
        head.speed = SPEEDS[j as usize];
    }
}
