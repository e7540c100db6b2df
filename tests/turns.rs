//! 左还 and 右还: 左还 turns the way the sky turns (clockwise on the plan, east → south → west →
//! north) however far round that is, 右还 the other way (a plain change of facing turns the shorter
//! way). 郑注 settles the sense: 「君在阼，还周则下射将背之」 and 「内还者，上射左，下射右」. The turns of
//! the archers at the arrow rest, checked in both rites.

use sheli::rite::compile::Rite;
use sheli::rite::scene::load::load_scene_with;
use sheli::rite::scene::readings::Choice;
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
    // 拾取矢: the 上射 faces east and the 下射 west at the 楅; 「皆左还」 to face south: the 下射 the long way round, by
    // the north
    assert_eq!(sweeps(&xiang, "揖，皆左还;", 1, "shangou_shang"), vec![90.0]);
    assert_eq!(sweeps(&xiang, "揖，皆左还;", 1, "shangou_xia"), vec![270.0]);
    // 「执弦而左还，退反位，东面揖」: 左 all the way, a full circle in two turns (注「不言毋周，在阼非君，周可也」)
    assert_eq!(sweeps(&xiang, "执弦而左还，退反位，东面揖", 1, "shangou_shang"), vec![180.0, 180.0]);
    let da = sheli::rite::load_named("da_she").unwrap();
    // 「顺羽且左还，毋周，反面揖」: the 上射 左还 by the south to go back and 右还 back by the south; the 下射 左还 by the
    // north and 右还 back by the north, never the full circle that would turn his back on the ruler at the 阼 (注)
    assert_eq!(sweeps(&da, "顺羽且左还，毋周，反面揖", 1, "shangou_shang"), vec![180.0, -180.0]);
    assert_eq!(sweeps(&da, "顺羽且左还，毋周，反面揖", 2, "shangou_xia"), vec![180.0, -180.0]);
    // 「揖，以耦左还，上射于左」: north to east, the short way, which is 左
    assert_eq!(sweeps(&da, "揖，以耦左还，上射于左", 1, "shangou_xia"), vec![90.0]);
}

/// The disputed point `huan` read the other way (a turn toward one's own left hand): every 左还 and
/// 右还 sweeps the other way round and ends facing as before.
#[test]
fn the_reading_of_zuo_huan_turns_every_left_turn_the_other_way() {
    let choice = Choice { point: "huan".into(), alternative: "ji_zuo".into() };
    let own = |scene: &str| load_scene_with(scene, std::slice::from_ref(&choice)).unwrap_or_else(|e| panic!("{e}")).rite;
    let xiang = own("scenes/xiang_she.ron");
    // 「揖，皆左还」 to face south: the 上射 from the east by the north and the west, the 下射 from the west straight round
    assert_eq!(sweeps(&xiang, "揖，皆左还;", 1, "shangou_shang"), vec![-270.0]);
    assert_eq!(sweeps(&xiang, "揖，皆左还;", 1, "shangou_xia"), vec![-90.0]);
    let da = own("scenes/da_she.ron");
    // 「顺羽且左还，毋周，反面揖」: the 下射's 左还 by the south and his 右还 back by the south, the way 郑 says turns his back
    // on the ruler
    assert_eq!(sweeps(&da, "顺羽且左还，毋周，反面揖", 2, "shangou_xia"), vec![-180.0, 180.0]);
    assert_eq!(sweeps(&da, "揖，以耦左还，上射于左", 1, "shangou_xia"), vec![-270.0]);
}

/// 少退: 「兴，少退，立卒觯」 and 大射仪's 「少退，」: the loser steps straight back from the 丰, still facing
/// north, not a turn about and a walk; the 司正's 退 from his cup likewise (乡射礼「兴，退，少立」).
#[test]
fn a_step_back_keeps_his_face() {
    use sheli::rite::court::measure::Dir;
    for (name, fragment, actor) in [
        ("xiang_she", "兴，少退，立卒觯;", "shangou_xia"),
        ("da_she", "少退，", "shangou_shang"),
        ("xiang_she", "少退，北面立于觯南。", "xiang"),
    ] {
        let rite = sheli::rite::load_named(name).unwrap();
        let beat = rite.find_text(fragment).into_iter().find(|&b| rite.beat(b).text == fragment).expect("the clause");
        let info = rite.beat(beat);
        let track = rite.timeline.actors.iter().find(|a| a.id == actor).unwrap();
        let (before, after) = (track.at(info.start), track.at(info.end - 1e-3));
        assert!(
            after.pos[2] - before.pos[2] > 0.15,
            "{name} `{fragment}`: {actor} did not step back south: {:?} → {:?}",
            before.pos,
            after.pos
        );
        let mut t = info.start;
        while t < info.end {
            let s = track.at(t);
            assert_eq!(Dir::from_bearing(s.bearing), Dir::N, "{name} `{fragment}`: {actor} faces {:.0}° at {t}", s.bearing);
            t += 0.1;
        }
    }
}

/// 大射仪「公降，立于阼阶之东南，南乡」, then 「摈者请宾，公曰：命某为宾」: the ruler answers the usher standing before
/// him to the south (燕礼疏「君南面，射人北面可知」) and makes no turn while he names the guest (54th audit: he turned west).
#[test]
fn the_ruler_names_the_guest_facing_south() {
    let rite = sheli::rite::load_named("da_she").unwrap();
    let clause = "公曰：“命某为宾。”";
    assert!(sweeps(&rite, clause, 1, "gong").is_empty(), "{clause}: the 公 turns {:?}", sweeps(&rite, clause, 1, "gong"));
    let info = rite.beat(rite.find_text(clause)[0]);
    let gong = rite.timeline.actor_index("gong").unwrap();
    let at = rite.timeline.actor_at(gong, (info.start + info.end) / 2.0);
    assert!((at.bearing.rem_euclid(360.0) - 180.0).abs() < 1.0, "{clause}: the 公 faces {:.0}°", at.bearing);
}

/// 「北面拜受爵」 with the giver 「西面拜送爵」 (大射 服不, 乡射 获者): 「凡授爵，乡所受者」: the giver turns to the receiver, who
/// bows and receives facing north, without turning to him (the clause's `allow: [GiverFaces]`; 54th audit).
#[test]
fn the_man_at_the_target_receives_the_cup_facing_north() {
    for (rite, clause, who) in [("da_she", "北面拜受爵。", "fubu"), ("xiang_she", "获者负侯，北面拜受爵，", "huozhe")] {
        let rite = sheli::rite::load_named(rite).unwrap();
        let turns = sweeps(&rite, clause, 1, who);
        assert!(turns.is_empty(), "{clause}: {who} turns {turns:?}");
        let info = rite.beat(rite.find_text(clause)[0]);
        let a = rite.timeline.actor_index(who).unwrap();
        let at = rite.timeline.actor_at(a, info.end);
        let north = at.bearing.rem_euclid(360.0);
        assert!(north.min(360.0 - north) < 1.0, "{clause}: {who} faces {:.0}°", at.bearing);
    }
}
