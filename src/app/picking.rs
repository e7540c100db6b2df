//! Selecting an actor: a click on a figure (observers on `Pointer<Click>`), or the cast list. A
//! click on the ground or the buildings clears the selection.

use bevy::prelude::*;

use super::figures::ActorFigure;
use super::stage::{Moved, Selection};

/// Something a click on which clears the selection: the ground, the hall, the buildings.
#[derive(Component)]
pub struct Backdrop;

/// The actor under the pointer, if any.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Hovered(pub Option<usize>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Hovered>().add_observer(watch_figure).add_observer(watch_backdrop);
}

/// A figure, once spawned, answers clicks and the pointer passing over it.
fn watch_figure(add: On<Add, ActorFigure>, mut commands: Commands) {
    commands.entity(add.entity).observe(select_actor).observe(hover_in).observe(hover_out);
}

fn hover_in(over: On<Pointer<Over>>, figures: Query<&ActorFigure>, mut hovered: ResMut<Hovered>) {
    if let Ok(f) = figures.get(over.event_target()) {
        hovered.0 = Some(f.0);
    }
}

fn hover_out(out: On<Pointer<Out>>, figures: Query<&ActorFigure>, mut hovered: ResMut<Hovered>) {
    if let Ok(f) = figures.get(out.event_target())
        && hovered.0 == Some(f.0)
    {
        hovered.0 = None;
    }
}

fn watch_backdrop(add: On<Add, Backdrop>, mut commands: Commands) {
    commands.entity(add.entity).observe(clear_selection);
}

fn select_actor(
    mut click: On<Pointer<Click>>,
    figures: Query<&ActorFigure>,
    mut selection: ResMut<Selection>,
    mut moved: MessageWriter<Moved>,
) {
    if click.button != PointerButton::Primary {
        return;
    }
    if let Ok(f) = figures.get(click.event_target()) {
        selection.0 = Some(f.0);
        moved.write(Moved);
        click.propagate(false);
    }
}

fn clear_selection(mut click: On<Pointer<Click>>, mut selection: ResMut<Selection>, mut moved: MessageWriter<Moved>) {
    if click.button != PointerButton::Primary {
        return;
    }
    click.propagate(false);
    if selection.0.is_some() {
        selection.0 = None;
        moved.write(Moved);
    }
}
