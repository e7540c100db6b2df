//! People and things: one entity each, placed every frame from `state_at(playhead)`. A person's
//! posture comes from `posture` and his body from `body`; a held thing goes where his hand is.

mod body;
mod bow;
pub(crate) mod carry;
pub mod posture;
pub(crate) mod things;

use bevy::light::NotShadowCaster;
use bevy::prelude::*;

use crate::app::reload::Reloaded;
use crate::app::stage::{Playhead, Stage};
use crate::rite::acts::gear::Hand;
use crate::rite::scene::model::{Dress, PropKind};
use crate::rite::timeline::{Pose, World as RiteWorld};
use body::{Body, BodyAssets, BodyPart};
use bow::{BowAssets, BowParts};
use carry::Placed;
use posture::{Hands, Posture};
use things::Shapes;

/// An actor's figure: the index of its track.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ActorFigure(pub usize);

/// A prop: the index of its track.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PropFigure(pub usize);

/// The thumb ring and the arm guard, shown while worn.
#[derive(Component)]
pub struct Worn;

/// The left arm's sleeves, which 袒 takes off the arm.
#[derive(Component)]
pub struct Sleeve;

/// A bow's limbs and string.
#[derive(Component)]
pub struct BowPiece;

/// The streak behind an arrow in flight, so a speck crossing the court can be followed.
#[derive(Component)]
pub struct Trail(Entity);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Placed>()
        .add_systems(Startup, spawn)
        .add_systems(PreUpdate, respawn.run_if(on_message::<Reloaded>).in_set(crate::app::stage::Frame::Derive))
        .add_systems(PostUpdate, (place_people, place_things).chain().before(TransformSystems::Propagate));
}

pub(super) fn draw_plugin(app: &mut App) {
    app.init_resource::<BodyAssets>()
        .init_resource::<Shapes>()
        .init_resource::<BowAssets>()
        .add_observer(dress_actor)
        .add_observer(shape_prop);
}

/// A new version of the scene may have other people and things: draw them anew.
type Drawn = Or<(With<ActorFigure>, With<PropFigure>)>;

/// The moving parts of the bodies.
type Parts<'w, 's> = Query<'w, 's, &'static mut Transform, (With<BodyPart>, Without<ActorFigure>, Without<PropFigure>)>;

fn respawn(mut commands: Commands, stage: Res<Stage>, old: Query<Entity, Drawn>) {
    for e in &old {
        commands.entity(e).despawn();
    }
    spawn(commands, stage);
}

fn spawn(mut commands: Commands, stage: Res<Stage>) {
    for (i, a) in stage.rite.timeline.actors.iter().enumerate() {
        commands.spawn(figure(ActorFigure(i), &a.id));
    }
    for (i, p) in stage.rite.timeline.props.iter().enumerate() {
        commands.spawn(figure(PropFigure(i), &p.id));
    }
}

/// A person or thing, hidden until `place_*` puts it where the timeline says.
fn figure(which: impl Component, id: &str) -> impl Bundle {
    (which, Name::new(id.to_string()), Transform::default(), Visibility::Hidden)
}

/// The robe's colour says who someone is.
pub fn robe_colour(dress: Dress) -> Color {
    let [r, g, b] = dress.rgb();
    Color::srgb(r, g, b)
}

/// A figure is dressed when it is spawned.
fn dress_actor(
    add: On<Add, ActorFigure>,
    mut commands: Commands,
    figures: Query<&ActorFigure>,
    stage: Res<Stage>,
    assets: Res<BodyAssets>,
) {
    let Ok(f) = figures.get(add.entity) else { return };
    let dress = stage.rite.timeline.actors[f.0].dress;
    let b = body::build(&mut commands, &assets, add.entity, dress);
    commands.entity(b.thumb_ring).insert(Worn);
    commands.entity(b.arm_guard).insert(Worn);
    for s in b.left_sleeves {
        commands.entity(s).insert(Sleeve);
    }
    commands.entity(add.entity).insert(b);
}

/// A thing gets its shape when it is spawned.
fn shape_prop(
    add: On<Add, PropFigure>,
    mut commands: Commands,
    figures: Query<&PropFigure>,
    stage: Res<Stage>,
    mut shapes: ResMut<Shapes>,
    bows: Res<BowAssets>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    let Ok(f) = figures.get(add.entity) else { return };
    let p = &stage.rite.timeline.props[f.0];
    if p.kind == PropKind::Bow {
        let parts = bow::build(&mut commands, &bows, &shapes.painted, add.entity);
        for e in [parts.limbs, parts.string[0], parts.string[1]] {
            commands.entity(e).insert(BowPiece);
        }
        commands.entity(add.entity).insert(parts);
        return;
    }
    let mesh = shapes.get(p.kind, &mut meshes);
    // small things cast no shadow: each caster is drawn again into every shadow cascade
    commands.entity(add.entity).with_child((Mesh3d(mesh), MeshMaterial3d(shapes.painted.clone()), Transform::IDENTITY, NotShadowCaster));
    if p.kind == PropKind::Arrow {
        let streak = commands
            .spawn((
                BowPiece,
                NotShadowCaster,
                Mesh3d(bows.streak.clone()),
                MeshMaterial3d(bows.streak_colour.clone()),
                Transform::from_xyz(0.0, 0.0, 1.5),
                Visibility::Hidden,
            ))
            .id();
        commands.entity(add.entity).add_child(streak).insert(Trail(streak));
    }
}

/// Yaw for a compass bearing (N = 0, E = 90): a figure's forward is −Z.
pub fn yaw(bearing_deg: f32) -> Quat {
    Quat::from_rotation_y(-bearing_deg.to_radians())
}

/// What each actor's hands are busy with.
fn hands_of(tl: &crate::rite::timeline::Timeline, world: &RiteWorld) -> Vec<Hands> {
    let mut out = vec![Hands::default(); world.actors.len()];
    for (k, p) in world.props.iter().enumerate() {
        if let (Some(a), Some(how)) = (p.held_by, p.how) {
            match how {
                Hand::LeftHand if tl.props[k].kind == PropKind::Bow => out[a].bow = true,
                Hand::BothHands | Hand::GripAndTip => {
                    out[a].both = true;
                    out[a].blown |= tl.props[k].kind == PropKind::MouthOrgan;
                }
                _ => {}
            }
        }
    }
    out
}

#[allow(clippy::type_complexity, clippy::too_many_arguments)]
fn place_people(
    stage: Res<Stage>,
    head: Res<Playhead>,
    assets: Option<Res<BodyAssets>>,
    mut placed: ResMut<Placed>,
    mut actors: Query<
        (&ActorFigure, &mut Transform, &mut Visibility, Option<&Body>),
        (Without<PropFigure>, Without<BodyPart>, Without<Worn>),
    >,
    mut parts: Parts,
    mut worn: Query<&mut Visibility, (With<Worn>, Without<ActorFigure>, Without<PropFigure>)>,
    mut sleeves: Query<(&mut Mesh3d, &mut MeshMaterial3d<StandardMaterial>), With<Sleeve>>,
) {
    let tl = &stage.rite.timeline;
    let t = head.t;
    let world = tl.state_at(t);
    let hands = hands_of(tl, &world);
    let mut people = vec![None; world.actors.len()];
    for (f, mut tf, mut vis, body) in &mut actors {
        let s = world.actors[f.0];
        vis.set_if_neq(if s.present { Visibility::Inherited } else { Visibility::Hidden });
        let mut p = posture::posture(s.pose, s.gesture, hands[f.0]);
        if let Some((arm, w)) = led_arm(&world, f.0) {
            p = posture::leading(p, arm, w);
        }
        let bob = if s.pose == Pose::Walking { 0.03 * (t * 9.0).sin().abs() } else { 0.0 };
        // set only when it moved: a still crowd then costs no transform propagation
        let at = Transform::from_translation(Vec3::new(s.pos[0], s.pos[1] + bob, s.pos[2])).with_rotation(yaw(s.bearing));
        tf.set_if_neq(at);
        people[f.0] = Some((at, p));
        let (Some(b), Some(assets)) = (body, assets.as_deref()) else { continue };
        pose_body(b, &p, &mut parts);
        for (e, on) in [(b.thumb_ring, s.gear.thumb_ring), (b.arm_guard, s.gear.arm_guard)] {
            if let Ok(mut v) = worn.get_mut(e) {
                v.set_if_neq(if on { Visibility::Inherited } else { Visibility::Hidden });
            }
        }
        // 袒: the left sleeve off, the under robe's narrow sleeve showing
        let (meshes, material) = if s.gear.bared {
            ([&assets.narrow_sleeve, &assets.narrow_sleeve], assets.under(b.dress))
        } else {
            ([&assets.upper_sleeve, &assets.fore_sleeve], assets.robe(b.dress))
        };
        for (e, mesh) in b.left_sleeves.into_iter().zip(meshes) {
            if let Ok((mut m, mut mat)) = sleeves.get_mut(e) {
                if m.0 != *mesh {
                    m.0 = mesh.clone();
                }
                if mat.0 != material {
                    mat.0 = material.clone();
                }
            }
        }
    }
    placed.people = people;
    placed.world = Some(world);
}

/// 相: the arm of the man actor `a` leads (the one nearer him), in `a`'s frame, and how far his
/// hand has gone to it: eased in while he makes 相, held while he walks or stands, and put aside
/// for any other gesture.
fn led_arm(world: &RiteWorld, a: usize) -> Option<(Vec3, f32)> {
    use crate::rite::acts::gesture::Gesture;
    let s = &world.actors[a];
    let led = s.leading?;
    let w = match s.gesture {
        None | Some((Gesture::Wait, _)) => 1.0,
        Some((Gesture::Lead, f)) => f,
        Some(_) => return None,
    };
    let other = &world.actors[led];
    let turn = yaw(other.bearing);
    let drop = if other.pose == Pose::Sitting { posture::KNEEL } else { 0.0 };
    let arms = [-1.0f32, 1.0].map(|side| Vec3::from(other.pos) + turn * Vec3::new(side * 0.26, 1.05 - drop, -0.05));
    let mine = Transform::from_translation(Vec3::from(s.pos)).with_rotation(yaw(s.bearing)).compute_affine().inverse();
    let near = arms.map(|p| mine.transform_point3(p)).into_iter().min_by(|x, y| x.length_squared().total_cmp(&y.length_squared()))?;
    Some((near, w))
}

/// Puts a body's parts in the posture.
fn pose_body(b: &Body, p: &Posture, parts: &mut Parts) {
    let sink = 1.0 - posture::KNEEL * p.kneel / posture::WAIST;
    let mut set = |e: Entity, t: Transform| {
        if let Ok(mut tf) = parts.get_mut(e) {
            tf.set_if_neq(t);
        }
    };
    set(
        b.skirt,
        Transform::from_xyz(0.0, posture::WAIST * sink / 2.0, 0.0).with_scale(Vec3::new(1.0 + 0.3 * p.kneel, sink, 1.0 + 0.5 * p.kneel)),
    );
    set(b.torso, Transform::from_xyz(0.0, posture::WAIST - posture::KNEEL * p.kneel, 0.0).with_rotation(posture::torso_rotation(p)));
    // the head stays turned to the front (to the target, when shooting side-on)
    set(b.head, Transform::from_xyz(0.0, posture::HEAD, 0.0).with_rotation(Quat::from_rotation_y(-p.twist)));
    for (i, side) in [-1.0f32, 1.0].into_iter().enumerate() {
        let shoulder = posture::SHOULDER * Vec3::new(side, 1.0, 1.0);
        let (upper, fore) = posture::reach_arm(shoulder, posture::into_torso(p, p.hands[i]), side);
        set(b.upper[i], Transform::from_translation(shoulder).with_rotation(upper));
        set(b.fore[i], Transform::from_xyz(0.0, -posture::UPPER_ARM, 0.0).with_rotation(fore));
    }
}

#[allow(clippy::type_complexity)]
fn place_things(
    stage: Res<Stage>,
    head: Res<Playhead>,
    placed: Res<Placed>,
    bows: Option<Res<BowAssets>>,
    mut props: Query<
        (&PropFigure, &mut Transform, &mut Visibility, Option<&BowParts>, Option<&Trail>),
        (Without<ActorFigure>, Without<BodyPart>, Without<BowPiece>),
    >,
    mut pieces: Query<
        (&mut Transform, &mut Mesh3d, &mut Visibility),
        (With<BowPiece>, Without<ActorFigure>, Without<PropFigure>, Without<BodyPart>),
    >,
) {
    let tl = &stage.rite.timeline;
    let t = head.t;
    let Some(world) = &placed.world else { return };
    let belts = carry::belt_order(world);
    for (f, mut tf, mut vis, bow, trail) in &mut props {
        let s = &world.props[f.0];
        vis.set_if_neq(if s.present { Visibility::Inherited } else { Visibility::Hidden });
        let spot = carry::spot(tl, world, &placed.people, f.0, t, belts[f.0]);
        tf.set_if_neq(spot.transform);
        if let Some(Trail(e)) = trail
            && let Ok((_, _, mut v)) = pieces.get_mut(*e)
        {
            v.set_if_neq(if s.flying { Visibility::Inherited } else { Visibility::Hidden });
        }
        let (Some(parts), Some(bows)) = (bow, bows.as_deref()) else { continue };
        let strung = s.strung.unwrap_or(true);
        if let Ok((_, mut mesh, _)) = pieces.get_mut(parts.limbs) {
            let want = if strung { bows.strung.clone() } else { bows.slack.clone() };
            if mesh.0 != want {
                mesh.0 = want;
            }
        }
        let pieces_at = bow::string_pieces(bow::nock_at(spot.draw));
        for (k, e) in parts.string.into_iter().enumerate() {
            if let Ok((mut ptf, _, mut pvis)) = pieces.get_mut(e) {
                ptf.set_if_neq(pieces_at[k]);
                pvis.set_if_neq(if strung { Visibility::Inherited } else { Visibility::Hidden });
            }
        }
    }
}
