//! Selecting an actor: a click on a figure (observers on `Pointer<Click>`), or the cast list. A
//! click on the ground or the buildings clears the selection.

use bevy::prelude::*;

use crate::app::figures::ActorFigure;
use crate::app::stage::Selection;

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

fn select_actor(mut click: On<Pointer<Click>>, figures: Query<&ActorFigure>, mut selection: ResMut<Selection>) {
    if click.button != PointerButton::Primary {
        return;
    }
    if let Ok(f) = figures.get(click.event_target()) {
        selection.0 = Some(f.0);
        click.propagate(false);
    }
}

fn clear_selection(mut click: On<Pointer<Click>>, mut selection: ResMut<Selection>) {
    if click.button != PointerButton::Primary {
        return;
    }
    click.propagate(false);
    if selection.0.is_some() {
        selection.0 = None;
    }
}

/// A click selects the figure under the pointer where the button was let go, found by a ray cast
/// at that moment. The observers above decide by the hover state, which on a slow machine
/// (under a frame a second) still holds the previous frame's position when a user moves and
/// clicks at once: a click there took two tries. Added by the viewer only (it needs meshes).
pub(super) fn click_plugin(app: &mut App) {
    app.add_systems(Update, select_by_ray);
}

fn select_by_ray(
    mut buttons: MessageReader<bevy::input::mouse::MouseButtonInput>,
    window: Single<&Window, With<bevy::window::PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<crate::app::camera::MainCamera>>,
    mut ray_cast: MeshRayCast,
    figures: Query<&ActorFigure>,
    parents: Query<&ChildOf>,
    margins: Res<crate::app::camera::Margins>,
    mut selection: ResMut<Selection>,
) {
    let released = buttons.read().filter(|b| b.button == MouseButton::Left && !b.state.is_pressed()).count() > 0;
    if !released {
        return;
    }
    let Some(cursor) = window.cursor_position() else { return };
    // over a panel: not a click on the scene
    let inside = cursor.x > margins.left
        && cursor.x < window.width() - margins.right
        && cursor.y > margins.top
        && cursor.y < window.height() - margins.bottom;
    if !inside {
        return;
    }
    let (cam, at) = *camera;
    let Ok(ray) = cam.viewport_to_world(at, cursor) else { return };
    let hits = ray_cast.cast_ray(ray, &MeshRayCastSettings::default());
    let Some((first, _)) = hits.first() else { return };
    // the figure a hit mesh belongs to: itself or one of its ancestors
    let figure = std::iter::successors(Some(*first), |e| parents.get(*e).ok().map(ChildOf::parent)).find_map(|e| figures.get(e).ok());
    if let Some(f) = figure
        && selection.0 != Some(f.0)
    {
        selection.0 = Some(f.0);
    }
}
