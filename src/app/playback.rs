//! Time moves: play, pause, speed, and the keyboard (Space, ←/→ beat, Shift+←/→ step, Home/End, +/-;
//! S/B/C/O the next shot, bow, cup, round, with Shift the one before).

use bevy::prelude::*;

use crate::app::stage::{Now, Playhead, Stage};
use crate::rite::timeline::query::BeatRef;

/// Set by the panels when a text field has the keyboard: keys then type, they do not steer.
#[derive(Resource, Default)]
pub struct UiWantsKeyboard(pub bool);

/// The keys that jump by act.
pub const JUMP_KEYS: [(KeyCode, crate::rite::timeline::jump::Act); 4] = [
    (KeyCode::KeyS, crate::rite::timeline::jump::Act::Shot),
    (KeyCode::KeyB, crate::rite::timeline::jump::Act::Bow),
    (KeyCode::KeyC, crate::rite::timeline::jump::Act::Cup),
    (KeyCode::KeyO, crate::rite::timeline::jump::Act::Round),
];

pub const SPEEDS: [f32; 9] = [0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0];

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<UiWantsKeyboard>()
        .add_message::<bevy::input::keyboard::KeyboardInput>()
        .add_systems(PreUpdate, advance.in_set(crate::app::stage::Frame::Clock))
        .add_systems(Update, keyboard);
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

pub fn seek(head: &mut Playhead, t: f32) {
    head.t = t.max(0.0);
}

/// Every press counts, not only one a frame: on a slow machine (under a frame a second) three
/// quick taps of → move three clauses. The presses are read as events, in order.
fn keyboard(
    keys: Res<ButtonInput<KeyCode>>,
    mut presses: MessageReader<bevy::input::keyboard::KeyboardInput>,
    stage: Res<Stage>,
    now: Res<Now>,
    mut head: ResMut<Playhead>,
    typing: Res<UiWantsKeyboard>,
) {
    let mut pressed: Vec<KeyCode> = presses.read().filter(|e| e.state.is_pressed()).map(|e| e.key_code).collect();
    if pressed.is_empty() {
        // input fed straight into `ButtonInput` (headless tests) comes without events
        pressed = keys.get_just_pressed().copied().collect();
    }
    if typing.0 {
        return;
    }
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    // the clause shown, moved by each press in turn (the playhead at a clause's start may read
    // as the end of the one before, so the clause is carried, not looked up again)
    let mut here = now.beat;
    let go = |head: &mut Playhead, here: &mut crate::rite::timeline::query::BeatRef, to: crate::rite::timeline::query::BeatRef| {
        *here = to;
        seek(head, beat_start(&stage, to));
    };
    for key in pressed {
        match key {
            KeyCode::Space => {
                if !head.playing && head.t >= stage.rite.timeline.duration {
                    head.t = 0.0;
                }
                head.playing = !head.playing;
            }
            KeyCode::ArrowRight | KeyCode::ArrowLeft => {
                let delta = if key == KeyCode::ArrowRight { 1 } else { -1 };
                // ← from the middle of a beat goes back to its start first
                let target = if delta < 0 && !shift && head.t > beat_start(&stage, here) + 0.05 {
                    here
                } else {
                    neighbour(&stage, here, delta, shift)
                };
                go(&mut head, &mut here, target);
            }
            KeyCode::Home => go(&mut head, &mut here, crate::rite::timeline::query::BeatRef { step: 0, beat: 0 }),
            KeyCode::End => {
                let last = stage.rite.beats().last().map(|(r, _)| r).unwrap_or(here);
                go(&mut head, &mut here, last);
                head.t = stage.rite.timeline.duration;
                head.playing = false;
            }
            KeyCode::Equal | KeyCode::NumpadAdd | KeyCode::Minus | KeyCode::NumpadSubtract => {
                let faster = matches!(key, KeyCode::Equal | KeyCode::NumpadAdd);
                let i = SPEEDS.iter().position(|s| (*s - head.speed).abs() < 1e-3).unwrap_or(2) as i32;
                let j = (i + if faster { 1 } else { -1 }).clamp(0, SPEEDS.len() as i32 - 1);
                head.speed = SPEEDS[j as usize];
            }
            _ => {
                if let Some((_, act)) = JUMP_KEYS.iter().find(|(k, _)| *k == key)
                    && let Some(r) = crate::rite::timeline::jump::next(&stage.rite, here, *act, !shift)
                {
                    go(&mut head, &mut here, r);
                }
            }
        }
    }
}
