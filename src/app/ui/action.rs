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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::camera::preset;

    /// An app with the stage, a camera aim and the one system that applies what panels ask.
    fn app(view: View) -> App {
        let rite = crate::rite::load_named("scenes/xiang_she.ron").unwrap();
        let stage = Stage::new(rite, "scenes/xiang_she.ron".into(), vec![]);
        let (head, selection) = (Playhead { t: 2000.0, ..default() }, Selection::default());
        let rig = preset(&view, &stage, &head, &selection);
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .insert_resource(stage)
            .insert_resource(head)
            .insert_resource(selection)
            .insert_resource(CameraAim { view, now: rig, goal: rig })
            .init_resource::<Language>()
            .init_resource::<ReadingSwitch>()
            .add_message::<UiAction>()
            .add_systems(Update, apply);
        app
    }

    fn ask(app: &mut App, action: UiAction) {
        app.world_mut().write_message(action);
        app.update();
    }

    /// 「镜头跟随」 in the inspector goes through the same view change as the bar's: started from
    /// the plan (top-down), the camera leaves the plan and follows him.
    #[test]
    fn follow_from_the_plan_leaves_the_plan() {
        let mut app = app(View::Plan);
        assert!(app.world().resource::<CameraAim>().now.plan);
        let bin = app.world().resource::<Stage>().rite.timeline.actor_index("bin").unwrap();
        ask(&mut app, UiAction::Follow(bin));
        let aim = app.world().resource::<CameraAim>();
        assert_eq!(aim.view, View::Follow("bin".into()));
        assert!(!aim.goal.plan && !aim.now.plan, "the camera still looks down on the plan");
    }

    #[test]
    fn each_action_changes_what_it_names() {
        let mut app = app(View::Overview);
        ask(&mut app, UiAction::Seek(123.0));
        assert_eq!(app.world().resource::<Playhead>().t, 123.0);
        ask(&mut app, UiAction::Seek(-5.0));
        assert_eq!(app.world().resource::<Playhead>().t, 0.0, "a seek before the start stops at it");
        ask(&mut app, UiAction::Select(Some(3)));
        assert_eq!(app.world().resource::<Selection>().0, Some(3));
        ask(&mut app, UiAction::TogglePlay);
        assert!(app.world().resource::<Playhead>().playing);
        ask(&mut app, UiAction::SetSpeed(4.0));
        assert_eq!(app.world().resource::<Playhead>().speed, 4.0);
        ask(&mut app, UiAction::SetLanguage(Lang::En));
        assert!(app.world().resource::<Language>().0.is_english());
        ask(&mut app, UiAction::SetPace(Pace::Film));
        assert_eq!(app.world().resource::<Stage>().pace.pace, Pace::Film);
        ask(&mut app, UiAction::SetView(View::Plan));
        assert!(app.world().resource::<CameraAim>().goal.plan);
    }
}
