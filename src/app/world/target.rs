//! The 侯 in its proportions (乡射礼·记「倍中以为躬，倍躬以为左右舌，下舌半上舌」): cloth in bands
//! from the lower tongue to the upper, a 武 off the ground (「下纲不及地武」), its 中 with the
//! painted 正 or the 鹄 of hide at the centre (《考工记·梓人》「参分其广而鹄居一焉」), the 饰 on
//! either side of the 中, the poles, and the ropes (纲) from the cloth's corners to them.

use bevy::prelude::*;

use super::furniture::{Palette, Part, solid};
use crate::rite::court::cord::Cord;
use crate::rite::scene::model::{TargetFace, TargetTrim};

/// A 侯's measures in metres: the 中 (square), the 躬 (twice the 中 wide) and the tongues.
pub(super) struct Bands {
    pub zhong: f32,
    pub gong: f32,
    pub upper: f32,
    pub lower: f32,
}

/// A 侯 to draw: its measures, its lower rope `lift` off the ground, and what its 中 shows.
pub(super) struct Spec<'a> {
    pub bands: Bands,
    pub lift: f32,
    pub face: Option<&'a TargetFace>,
    pub trim: Option<&'a TargetTrim>,
}

fn boxed(w: f32, h: f32, d: f32) -> Mesh {
    Cuboid::new(w, h, d).into()
}

fn rgb(c: [f32; 3]) -> Color {
    Color::srgb(c[0], c[1], c[2])
}

/// A 侯's pieces: those that never change (the upper 躬 and tongue, the poles and upper ropes),
/// and for each state of its left lower cord the cloth below (lower tongue, lower 躬, the 中's row
/// with its face and 饰) and the lower ropes, one of them shown at a time.
pub(super) struct Looks {
    pub fixed: Vec<Part>,
    pub by_cord: Vec<(Cord, Vec<Part>)>,
}

/// The pieces of a 侯; the front faces −z and its left
/// (the west, for a 侯 facing the hall) is −x.
pub(super) fn parts(p: &Palette, materials: &mut Assets<StandardMaterial>, spec: &Spec) -> Looks {
    let (b, lift) = (&spec.bands, spec.lift);
    let (z, g, up) = (b.zhong, b.gong, b.upper);
    let mut fixed = Vec::new();
    // above the 中: the upper 躬 and the upper tongue
    let above = lift + g + z;
    fixed.push((boxed(g, g / 2.0, 0.04), p.cloth.clone(), Transform::from_xyz(0.0, above + g / 4.0, 0.0)));
    fixed.push((boxed(up, g / 2.0, 0.04), p.cloth.clone(), Transform::from_xyz(0.0, above + 3.0 * g / 4.0, 0.0)));
    let top = above + g;
    // poles, and the upper ropes (纲) from the cloth's corners to them
    for side in [-1.0f32, 1.0] {
        let pole_x = side * (up / 2.0 + 0.3);
        fixed.push((boxed(0.12, top + 0.5, 0.12), p.timber.clone(), Transform::from_xyz(pole_x, (top + 0.5) / 2.0, 0.0)));
        fixed.push((boxed(0.3, 0.02, 0.02), p.dark.clone(), Transform::from_xyz(side * (up / 2.0 + 0.15), top, 0.0)));
    }
    let by_cord = [Cord::Tied, Cord::Untied, Cord::Furled].map(|c| (c, below(p, materials, spec, c))).into();
    Looks { fixed, by_cord }
}

/// The cloth below the upper 躬 and the lower ropes, as the left lower cord leaves them: spread;
/// its lower left corner hanging loose; or rolled up from that corner over the 中 and bound.
fn below(p: &Palette, materials: &mut Assets<StandardMaterial>, spec: &Spec, cord: Cord) -> Vec<Part> {
    let (b, lift, face, trim) = (&spec.bands, spec.lift, spec.face, spec.trim);
    let (z, g, up, low) = (b.zhong, b.gong, b.upper, b.lower);
    let mut parts = Vec::new();
    let centre_y = lift + g + z / 2.0;
    // a band of cloth `w` wide and `h` high from `y`: whole, or only its right (east) half
    let band = |parts: &mut Vec<Part>, w: f32, h: f32, y: f32, half: bool| {
        let (w_drawn, x) = if half { (w / 2.0, w / 4.0) } else { (w, 0.0) };
        parts.push((boxed(w_drawn, h, 0.04), p.cloth.clone(), Transform::from_xyz(x, y + h / 2.0, 0.0)));
    };
    let furled = cord == Cord::Furled;
    match cord {
        // the left half of the lower tongue falls away from its corner
        Cord::Untied => {
            band(&mut parts, low, g / 2.0, lift, true);
            let pivot = Vec3::new(0.0, lift + g / 2.0, 0.0);
            let droop = Quat::from_rotation_z(0.35);
            let at = pivot + droop * Vec3::new(-low / 4.0, -g / 4.0, 0.0);
            parts.push((boxed(low / 2.0, g / 2.0, 0.04), p.cloth.clone(), Transform::from_translation(at).with_rotation(droop)));
        }
        _ => band(&mut parts, low, g / 2.0, lift, furled),
    }
    band(&mut parts, g, g / 2.0, lift + g / 2.0, furled);
    band(&mut parts, g, z, lift + g, furled);
    // 中 with its centre, a third of the 中, on the front face: painted 正 or a 鹄 of hide
    if furled {
        parts.push((boxed(z / 2.0, z, 0.05), p.white.clone(), Transform::from_xyz(z / 4.0, centre_y, -0.01)));
    } else {
        parts.push((boxed(z, z, 0.05), p.white.clone(), Transform::from_xyz(0.0, centre_y, -0.01)));
        for (k, (side, colour)) in target_face(face, z / 3.0).into_iter().enumerate() {
            let at = Transform::from_xyz(0.0, centre_y, -0.02 - 0.004 * k as f32);
            parts.push((boxed(side, side, 0.06), solid(materials, colour), at));
        }
    }
    if let Some(trim) = trim {
        let sides: &[f32] = if furled { &[1.0] } else { &[-1.0, 1.0] };
        parts.extend(side_trim(materials, trim, (g - z) / 2.0, z, z / 2.0, centre_y, sides));
    }
    // 中掩束之: the cloth rolled up from the left lower corner into a roll over the 中, bound
    if furled {
        let r = z * 0.14;
        let h = g + z;
        let x = -r * 0.6;
        parts.push((Cylinder::new(r, h).into(), p.cloth.clone(), Transform::from_xyz(x, lift + h / 2.0, -0.05)));
        for k in [1.0f32, 2.0] {
            let tie = Mesh::from(Torus::new(r, r + 0.03));
            parts.push((tie, p.dark.clone(), Transform::from_xyz(x, lift + h * k / 3.0, -0.05)));
        }
    }
    // the lower ropes from the cloth's corners to the poles: the left one only when tied
    let low_rope = up / 2.0 + 0.3 - low / 2.0;
    let sides: &[f32] = if cord == Cord::Tied { &[-1.0, 1.0] } else { &[1.0] };
    for side in sides {
        parts.push((boxed(low_rope, 0.02, 0.02), p.dark.clone(), Transform::from_xyz(side * (low / 2.0 + low_rope / 2.0), lift, 0.0)));
    }
    parts
}

/// The 饰 left and right of the 中 (each `w` wide and `h` high, its inner edge `inner` from the
/// centre line): painted clouds, curls of white and 苍 on a 丹 ground (丹 is lighter than 赤: 郑注
/// 「丹浅于赤」), or the beast's hide, spotted where the beast is.
fn side_trim(materials: &mut Assets<StandardMaterial>, trim: &TargetTrim, w: f32, h: f32, inner: f32, cy: f32, sides: &[f32]) -> Vec<Part> {
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
    for &side in sides {
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
    use crate::rite::scene::model::Beast;

    #[test]
    fn the_zheng_are_painted_centre_first_and_a_hide_is_the_beasts() {
        let zheng = target_face(
            Some(&TargetFace::Zheng(vec![crate::rite::scene::model::Paint::Vermilion, crate::rite::scene::model::Paint::Green])),
            1.0,
        );
        assert_eq!(zheng.len(), 2);
        assert!(zheng[0].0 > zheng[1].0, "the widest first: {zheng:?}");
        assert_eq!(zheng[1].1, rgb(crate::rite::scene::model::Paint::Vermilion.rgb()));
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
            let parts = side_trim(&mut materials, &trim, w, h, inner, 2.0, &[-1.0, 1.0]);
            assert_eq!(parts.len(), pieces, "{trim:?}");
            for (_, _, at) in &parts {
                let x = at.translation.x.abs();
                assert!(x > inner - 0.01 && x < inner + w + 0.2, "{trim:?}: a piece at {x} m from the centre line");
            }
            assert!(parts.iter().any(|(_, _, at)| at.translation.x < 0.0) && parts.iter().any(|(_, _, at)| at.translation.x > 0.0));
        }
    }
}
