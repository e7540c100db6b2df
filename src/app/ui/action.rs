//! What the reader asked for in a panel, as data: every panel returns its `UiAction`s and one
//! system applies them, so a view change from the inspector is the same view change as one
//! from the bar or the keys.

use bevy::prelude::*;

use crate::app::camera::{CameraAim, View, set_view};
use crate::app::stage::{Language, Playhead, Selection, Stage};
use crate::app::ui::readings::ReadingSwitch;
use crate::rite::acts::deed::Lang;
use crate::rite::scene::readings::Choice;
use crate::rite::timeline::pace::Pace;

#[derive(Message, Debug, Clone, PartialEq)]
pub enum UiAction {
    /// go to this moment (rite time, seconds)
    Seek(f32),
    /// pick this person, or nobody
    Select(Option<usize>),
    SetView(View),
    /// put the camera on this person (the view change every view goes through)
    Follow(usize),
    SetPace(Pace),
    TogglePlay,
    SetSpeed(f32),
    SetLanguage(Lang),
    /// stage the rite read this way from now on
    ChooseReadings(Vec<Choice>),
}

pub(super) fn apply(
    mut actions: MessageReader<UiAction>,
    mut stage: ResMut<Stage>,
    mut head: ResMut<Playhead>,
    mut selection: ResMut<Selection>,
    mut aim: ResMut<CameraAim>,
    mut language: ResMut<Language>,
    mut readings: ResMut<ReadingSwitch>,
) {
    for action in actions.read() {
        match action {
            UiAction::Seek(t) => head.t = t.max(0.0),
            UiAction::Select(who) => selection.0 = *who,
            UiAction::SetView(view) => set_view(&mut aim, view.clone(), &stage, &head, &selection),
            UiAction::Follow(i) => {
                let view = View::Follow(stage.rite.timeline.actors[*i].id.clone());
                set_view(&mut aim, view, &stage, &head, &selection);
            }
            UiAction::SetPace(pace) => stage.set_pace(*pace),
            UiAction::TogglePlay => head.playing = !head.playing,
            UiAction::SetSpeed(s) => head.speed = *s,
            UiAction::SetLanguage(lang) => language.0 = *lang,
            UiAction::ChooseReadings(choices) => readings.wanted = Some(choices.clone()),
        }
    }
}
