//! The 侯 in its proportions (乡射礼·记「倍中以为躬，倍躬以为左右舌，下舌半上舌」): cloth in bands
//! from the lower tongue to the upper, a 武 off the ground (「下纲不及地武」), its 中 with the
//! painted 正 or the 鹄 of hide at the centre (《考工记·梓人》「参分其广而鹄居一焉」), the 饰 on
//! either side of the 中, the poles, and the ropes (纲) from the cloth's corners to them.

use bevy::prelude::*;

use super::furniture::{Palette, Part, solid};
use crate::rite::model::{TargetFace, TargetTrim};

/// A 侯's measures in metres: the 中 (square), the 躬 (twice the 中 wide) and the tongues.
pub(super) struct Bands {
    pub zhong: f32,
    pub gong: f32,
    pub upper: f32,
    pub lower: f32,
}

fn boxed(w: f32, h: f32, d: f32) -> Mesh {
    Cuboid::new(w, h, d).into()
}

fn rgb(c: [f32; 3]) -> Color {
    Color::srgb(c[0], c[1], c[2])
}

/// The pieces of a 侯 whose lower rope is `lift` off the ground; the front faces −z.
pub(super) fn parts(
    p: &Palette,
    materials: &mut Assets<StandardMaterial>,
    b: &Bands,
    lift: f32,
    face: Option<&TargetFace>,
    trim: Option<&TargetTrim>,
) -> Vec<Part> {
    let (z, g, up, low) = (b.zhong, b.gong, b.upper, b.lower);
    let mut parts = Vec::new();
    // cloth from bottom to top: lower tongue, lower 躬, the 中's row, upper 躬, upper tongue
    let bands = [(low, g / 2.0), (g, g / 2.0), (g, z), (g, g / 2.0), (up, g / 2.0)];
    let mut y = lift;
    for (bw, bh) in bands.iter() {
        parts.push((boxed(*bw, *bh, 0.04), p.cloth.clone(), Transform::from_xyz(0.0, y + bh / 2.0, 0.0)));
        y += bh;
    }
    // 中 with its centre, a third of the 中, on the front face: painted 正 or a 鹄 of hide
    let centre_y = lift + g + z / 2.0;
    parts.push((boxed(z, z, 0.05), p.white.clone(), Transform::from_xyz(0.0, centre_y, -0.01)));
    for (k, (side, colour)) in target_face(face, z / 3.0).into_iter().enumerate() {
        let at = Transform::from_xyz(0.0, centre_y, -0.02 - 0.004 * k as f32);
        parts.push((boxed(side, side, 0.06), solid(materials, colour), at));
    }
    if let Some(trim) = trim {
        parts.extend(side_trim(materials, trim, (g - z) / 2.0, z, z / 2.0, centre_y));
    }
    // poles, and the ropes (纲) from the cloth's corners to them
    for side in [-1.0f32, 1.0] {
        let pole_x = side * (up / 2.0 + 0.3);
        parts.push((boxed(0.12, y + 0.5, 0.12), p.timber.clone(), Transform::from_xyz(pole_x, (y + 0.5) / 2.0, 0.0)));
        let low_rope = up / 2.0 + 0.3 - low / 2.0;
        parts.push((boxed(low_rope, 0.02, 0.02), p.dark.clone(), Transform::from_xyz(side * (low / 2.0 + low_rope / 2.0), lift, 0.0)));
        parts.push((boxed(0.3, 0.02, 0.02), p.dark.clone(), Transform::from_xyz(side * (up / 2.0 + 0.15), y, 0.0)));
    }
    parts
}

/// The 饰 left and right of the 中 (each `w` wide and `h` high, its inner edge `inner` from the
/// centre line): painted clouds, curls of white and 苍 on a 丹 ground (丹 is lighter than 赤: 郑注
/// 「丹浅于赤」), or the beast's hide, spotted where the beast is.
fn side_trim(materials: &mut Assets<StandardMaterial>, trim: &TargetTrim, w: f32, h: f32, inner: f32, cy: f32) -> Vec<Part> {
    let ground = match trim {
        TargetTrim::Clouds => [0.86, 0.36, 0.22],
        TargetTrim::Hide(beast) => beast.hide_rgb(),
    };
    let ground = solid(materials, rgb(ground));
    let mut parts = Vec::new();
    // (across from the inner edge, up from the middle) as fractions of the side
    let spots: &[(f32, f32)] = &[(0.3, -0.3), (0.68, 0.0), (0.32, 0.3)];
    let marks = match trim {
        TargetTrim::Clouds => Some((solid(materials, Color::srgb(0.96, 0.95, 0.90)), solid(materials, rgb([0.20, 0.35, 0.55])))),
        TargetTrim::Hide(beast) if beast.marked() => {
            let dark = solid(materials, rgb([0.15, 0.10, 0.06]));
            Some((dark.clone(), dark))
        }
        TargetTrim::Hide(_) => None,
    };
    for side in [-1.0f32, 1.0] {
        let cx = side * (inner + w / 2.0);
        parts.push((boxed(w, h, 0.05), ground.clone(), Transform::from_xyz(cx, cy, -0.01)));
        let Some((first, second)) = &marks else { continue };
        for (k, (across, upward)) in spots.iter().enumerate() {
            let at = Vec3::new(side * (inner + w * across), cy + h * upward, -0.045);
            let colour = if k % 2 == 0 { first } else { second };
            match trim {
                // a cloud: a curl and a smaller one beside it
                TargetTrim::Clouds => {
                    let r = w * 0.16;
                    let ring = |r: f32| Mesh::from(Torus::new(r * 0.7, r));
                    let upright = Quat::from_rotation_x(std::f32::consts::FRAC_PI_2);
                    parts.push((ring(r), colour.clone(), Transform::from_translation(at).with_rotation(upright)));
                    let beside = at + Vec3::new(side * r * 1.5, -r * 0.4, 0.0);
                    parts.push((ring(r * 0.6), colour.clone(), Transform::from_translation(beside).with_rotation(upright)));
                }
                TargetTrim::Hide(_) => parts.push((boxed(w * 0.12, w * 0.1, 0.06), colour.clone(), Transform::from_translation(at))),
            }
        }
    }
    parts
}

/// The squares at a 侯's centre, outermost first, each with its colour: the 正 painted one
/// inside another, or a 鹄 of hide (the beast's colour, a leopard's spotted); no face is a plain
/// red centre.
pub(super) fn target_face(face: Option<&TargetFace>, width: f32) -> Vec<(f32, Color)> {
    match face {
        Some(TargetFace::Zheng(paints)) => {
            let n = paints.len().max(1) as f32;
            // the centre colour is first; the widest square is drawn first
            paints.iter().enumerate().rev().map(|(k, c)| (width * (k as f32 + 1.0) / n, rgb(c.rgb()))).collect()
        }
        Some(TargetFace::Hu(beast)) => {
            let mut squares = vec![(width, rgb(beast.hide_rgb()))];
            if beast.marked() {
                squares.push((width * 0.15, rgb([0.15, 0.10, 0.06])));
            }
            squares
        }
        None => vec![(width, Color::srgb(0.70, 0.10, 0.08))],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rite::model::Beast;

    #[test]
    fn the_zheng_are_painted_centre_first_and_a_hide_is_the_beasts() {
        let zheng =
            target_face(Some(&TargetFace::Zheng(vec![crate::rite::model::Paint::Vermilion, crate::rite::model::Paint::Green])), 1.0);
        assert_eq!(zheng.len(), 2);
        assert!(zheng[0].0 > zheng[1].0, "the widest first: {zheng:?}");
        assert_eq!(zheng[1].1, rgb(crate::rite::model::Paint::Vermilion.rgb()));
        let bear = target_face(Some(&TargetFace::Hu(Beast::Bear)), 1.0);
        assert_eq!(bear, vec![(1.0, rgb(Beast::Bear.hide_rgb()))]);
    }

    #[test]
    fn the_trim_lies_on_both_sides_of_the_zhong_and_clear_of_it() {
        let mut materials = Assets::<StandardMaterial>::default();
        let (w, h, inner) = (0.5, 1.0, 0.5);
        for (trim, pieces) in
            [(TargetTrim::Clouds, 2 + 2 * 6), (TargetTrim::Hide(Beast::Elk), 2), (TargetTrim::Hide(Beast::Leopard), 2 + 2 * 3)]
        {
            let parts = side_trim(&mut materials, &trim, w, h, inner, 2.0);
            assert_eq!(parts.len(), pieces, "{trim:?}");
            for (_, _, at) in &parts {
                let x = at.translation.x.abs();
                assert!(x > inner - 0.01 && x < inner + w + 0.2, "{trim:?}: a piece at {x} m from the centre line");
            }
            assert!(parts.iter().any(|(_, _, at)| at.translation.x < 0.0) && parts.iter().any(|(_, _, at)| at.translation.x > 0.0));
        }
    }
}
