//! What the words point at: the things and places the current clause names glow (a golden frame),
//! the one under the reader's pointer in the text glows brighter; the selected actor gets a ring
//! on the ground and, on request, the whole path they walk.

use bevy::prelude::*;

use crate::app::stage::{Now, Playhead, Selection, Stage};

/// A word of the text the pointer is over, naming an object or place.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct HoveredWord(pub Option<String>);

/// Draw the selected actor's whole path on the ground.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct ShowPath(pub bool);

/// The object and place names of the courtyard, longest first (so 阼阶上 wins over 阼阶);
/// made again whenever the scene is (re)loaded.
#[derive(Resource, Debug, Default, Clone)]
pub struct ThingNames(pub Vec<String>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HoveredWord>()
        .init_resource::<ShowPath>()
        .init_resource::<ThingNames>()
        .add_systems(Update, (name_things.run_if(resource_changed::<Stage>), draw).chain());
}

fn name_things(stage: Res<Stage>, mut names: ResMut<ThingNames>) {
    let court = &stage.rite.timeline.court;
    // the things and places of the court, and the glossary's longer terms (offices, gestures,
    // songs): each is underlined in the text and explained on hover
    let terms = crate::rite::glossary::glossary().terms.iter().map(|t| t.term.clone()).filter(|t| t.chars().count() >= 2);
    let mut v: Vec<String> =
        court.solids.iter().map(|s| s.id.clone()).chain(court.regions.iter().map(|r| r.id.clone())).chain(terms).collect();
    // longest first; equal names side by side so that dedup removes them
    v.sort_by(|a, b| b.chars().count().cmp(&a.chars().count()).then_with(|| a.cmp(b)));
    v.dedup();
    names.0 = v;
}

/// Splits a clause into runs of plain text and names of things (longest match first).
pub fn split_names(text: &str, names: &[String]) -> Vec<(String, Option<String>)> {
    let chars: Vec<char> = text.chars().collect();
    let mut out: Vec<(String, Option<String>)> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let hit = names.iter().find(|n| {
            let n: Vec<char> = n.chars().collect();
            !n.is_empty() && chars[i..].starts_with(&n)
        });
        match hit {
            Some(n) => {
                out.push((n.clone(), Some(n.clone())));
                i += n.chars().count();
            }
            None => {
                match out.last_mut() {
                    Some((s, None)) => s.push(chars[i]),
                    _ => out.push((chars[i].to_string(), None)),
                }
                i += 1;
            }
        }
    }
    out
}

fn outline(gizmos: &mut Gizmos, stage: &Stage, name: &str, colour: Color) {
    let court = &stage.rite.timeline.court;
    if let Some(s) = court.solid(name) {
        let (cx, cz) = s.footprint.centre();
        let h = (s.height + s.lift).max(0.2);
        let t = Transform::from_xyz(cx, s.base + h / 2.0, cz).with_scale(Vec3::new(
            s.footprint.width() + 0.2,
            h + 0.1,
            s.footprint.depth() + 0.2,
        ));
        gizmos.cube(t, colour);
    } else if let Some(r) = court.region(name) {
        let y = r.anchor[1] + 0.03;
        match r.shape {
            crate::rite::court::Shape::Box(b) => {
                let (cx, cz) = b.centre();
                gizmos.rect(
                    Isometry3d::new(Vec3::new(cx, y, cz), Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2)),
                    Vec2::new(b.width(), b.depth()),
                    colour,
                );
            }
            crate::rite::court::Shape::Circle { x, z, r } => {
                gizmos.circle(Isometry3d::new(Vec3::new(x, y, z), Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2)), r, colour);
            }
        }
    }
}

fn draw(
    mut gizmos: Gizmos,
    stage: Res<Stage>,
    now: Res<Now>,
    head: Res<Playhead>,
    selection: Res<Selection>,
    hovered: Res<HoveredWord>,
    path: Res<ShowPath>,
    names: Res<ThingNames>,
) {
    let text = &stage.rite.beat(now.beat).text;
    for (_, name) in split_names(text, &names.0) {
        if let Some(n) = name {
            outline(&mut gizmos, &stage, &n, Color::srgb(0.95, 0.75, 0.15));
        }
    }
    // the things the clause's 注 names glow too, paler (「此县谓磬也」 lights the 县)
    let rite = &stage.rite;
    for unit in rite.commentary.of_beat(rite.beat_number(now.beat)) {
        for name in split_names(&unit.zhu.simplified, &names.0).into_iter().filter_map(|(_, n)| n) {
            outline(&mut gizmos, &stage, &name, Color::srgb(0.95, 0.85, 0.5));
        }
    }
    if let Some(n) = &hovered.0 {
        outline(&mut gizmos, &stage, n, Color::srgb(1.0, 0.3, 0.1));
    }
    if let Some(i) = selection.0 {
        let tl = &stage.rite.timeline;
        let s = tl.actor_at(i, head.t);
        if s.present {
            let at = Vec3::new(s.pos[0], s.pos[1] + 0.03, s.pos[2]);
            gizmos.circle(Isometry3d::new(at, Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2)), 0.45, Color::srgb(1.0, 0.85, 0.2));
        }
        if path.0 {
            let points: Vec<Vec3> = tl.path_of(i).into_iter().map(|p| Vec3::new(p[0], p[1] + 0.05, p[2])).collect();
            gizmos.linestrip(points, Color::srgb(0.85, 0.2, 0.1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::split_names;

    #[test]
    fn longest_names_win_and_plain_text_stays_together() {
        let names = vec!["阼阶上".to_string(), "阼阶".to_string(), "洗".to_string()];
        let parts = split_names("主人阼阶上北面，适洗。", &names);
        let named: Vec<&str> = parts.iter().filter_map(|(_, n)| n.as_deref()).collect();
        assert_eq!(named, vec!["阼阶上", "洗"]);
        let joined: String = parts.iter().map(|(s, _)| s.as_str()).collect();
        assert_eq!(joined, "主人阼阶上北面，适洗。");
    }
}
