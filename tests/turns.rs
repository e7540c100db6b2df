//! 左还 and 右还: a man told to turn to his left turns counter-clockwise (seen from above) however
//! far round that is, and to his right clockwise (a plain change of facing turns the shorter way).
//! The turns of the archers at the arrow rest, as 注 and 疏 read them, checked in both rites.

use sheli::rite::compile::Rite;
use sheli::rite::timeline::Motion;

/// The signed sweep (degrees, clockwise positive) of each turn `actor` makes in the beat where
/// `fragment` ends (the `nth` such beat).
fn sweeps(rite: &Rite, fragment: &str, nth: usize, actor: &str) -> Vec<f32> {
    let beat = rite.find_text(fragment)[nth - 1];
    let info = rite.beat(beat);
    let track = rite.timeline.actors.iter().find(|a| a.id == actor).unwrap_or_else(|| panic!("no actor {actor}"));
    track
        .segments
        .iter()
        .filter(|s| s.t0 >= info.start - 1e-3 && s.t0 < info.end)
        .filter_map(|s| match s.motion {
            Motion::Turn { from, to } => Some(to - from),
            _ => None,
        })
        .collect()
}

#[test]
fn the_archers_turn_to_their_left_where_the_text_says_zuo_huan() {
    let xiang = sheli::rite::load_named("xiang_she").unwrap();
    // 拾取矢: the 上射 faces east and the 下射 west at the 楅; 「皆左还」 to face south: the 上射 the long way round
    assert_eq!(sweeps(&xiang, "揖，皆左还;", 1, "shangou_shang"), vec![-270.0]);
    assert_eq!(sweeps(&xiang, "揖，皆左还;", 1, "shangou_xia"), vec![-90.0]);
    // 「执弦而左还，退反位，东面揖」: left all the way, a full circle in two turns (疏「周可也」)
    assert_eq!(sweeps(&xiang, "执弦而左还，退反位，东面揖", 1, "shangou_shang"), vec![-180.0, -180.0]);
    let da = sheli::rite::load_named("da_she").unwrap();
    // 「顺羽且左还，毋周，反面揖」: left to go back, then right to face the 楅 again, never a full circle (注)
    assert_eq!(sweeps(&da, "顺羽且左还，毋周，反面揖", 1, "shangou_shang"), vec![-180.0, 180.0]);
    // 「揖，以耦左还，上射于左」: north to east by the left
    assert_eq!(sweeps(&da, "揖，以耦左还，上射于左", 1, "shangou_xia"), vec![-270.0]);
}
