//! Where the musicians sit when the music moves down to the east of the court: 乡射「阼阶下之东南，堂前三笴，西面北上坐」,
//! and 大射「大师及少师、上工皆东坫之东南，西面北上，坐」, which gives no distance from the hall (贾疏「不言去堂远近，当如
//! 乡射迁工阼阶下之东南，堂前三笴」). Both files start three arrow-lengths (三笴, 9 尺) south of the hall and run south,
//! senior first, facing west; the 大射 pipers, whom the text does not move, stay where they piped (注「立于东县之中」).

use sheli::rite::compile::Rite;

/// Where each of `who` stands at the end of the clause `text`, in 尺 south of the hall's edge and east of its middle.
fn file(rite: &Rite, text: &str, who: &[&str]) -> Vec<(f32, f32, f32)> {
    let tl = &rite.timeline;
    let beat = rite.beat(*rite.find_text(text).last().expect(text));
    let chi = tl.court.chi_m;
    who.iter()
        .map(|w| {
            let at = tl.actor_at(tl.actor_index(w).expect(w), beat.end);
            (at.pos[0] / chi, (at.pos[2] - tl.court.hall.z1) / chi, at.bearing.rem_euclid(360.0))
        })
        .collect()
}

fn load(scene: &str) -> Rite {
    sheli::rite::load_named(scene).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_musicians_moved_east_sit_three_arrow_lengths_south_of_the_hall() {
    let (xiang, da) = (load("xiang_she"), load("da_she"));
    for (scene, found) in [
        ("xiang_she", file(&xiang, "阼阶下之东南，堂前三笴，西面北上坐。", &["gong_se1", "gong_se2", "gong_ge1", "gong_ge2"])),
        ("da_she", file(&da, "西面北上，坐。", &["taishi", "shaoshi", "shanggong1", "shanggong2", "shanggong3", "shanggong4"])),
    ] {
        let (_, head, _) = found[0];
        assert!(
            scene == "da_she" || (head - 9.0).abs() < 1.0,
            "{scene}: the head of the file sits {head:.1} 尺 south of the hall, not 三笴 (9 尺)"
        );
        for pair in found.windows(2) {
            let ((x0, z0, _), (x1, z1, _)) = (pair[0], pair[1]);
            assert!(z1 > z0 + 1.5 && (x1 - x0).abs() < 1.0, "{scene}: the file does not run south, senior first: {found:?}");
        }
        assert!(found.iter().all(|&(_, _, b)| (b - 270.0).abs() < 1.0), "{scene}: not all face west: {found:?}");
    }
    let tl = &da.timeline;
    let pipers = tl.actor_index("qungong").expect("qungong");
    let moved = rite_span(&da, "上工皆东坫之东南，", "西面北上，坐。");
    let (before, after) = (tl.actor_at(pipers, moved.0).pos, tl.actor_at(pipers, moved.1).pos);
    assert!((before[0] - after[0]).hypot(before[2] - after[2]) < 0.05, "the pipers move with the 工: {before:?} → {after:?}");
}

/// From the start of the clause `from` to the end of the clause `to`.
fn rite_span(rite: &Rite, from: &str, to: &str) -> (f32, f32) {
    (rite.beat(rite.find_text(from)[0]).start, rite.beat(*rite.find_text(to).last().expect(to)).end)
}

/// 大射: the pipers come in behind the 工 (郑注「笙从工而入」) and stand in the middle of the east 县 (「立于东县之中」) from the
/// time the 工 go up until they pipe 《新宫》: not at the west 县 where the guides stand (降立于西县之北), and not moved there at
/// 群工陪于后, whose 群工 are the six musicians (注「三人为列」).
#[test]
fn the_pipers_stand_in_the_east_set_from_the_time_the_musicians_go_up() {
    let da = load("da_she");
    let tl = &da.timeline;
    let pipers = tl.actor_index("qungong").expect("qungong");
    let east = tl.court.region("东县").expect("东县");
    let went_up = da.find_text("升自西阶，").into_iter().find(|r| da.steps[r.step].id == "b_sheng_ge").expect("the 工 go up");
    let (up, piped) = (da.beat(went_up).end, rite_span(&da, "乃管《新宫》三终。", "乃管《新宫》三终。").1);
    let mut t = up;
    while t <= piped {
        let at = tl.actor_at(pipers, t).pos;
        // in among the east 县's frames, east of its chimes (磬东): within a few paces of its anchor, on the east of the court
        let off = (at[0] - east.anchor[0]).hypot(at[2] - east.anchor[2]);
        assert!(at[0] > 0.0 && off < 3.0, "the pipers stand at {at:?} at {t:.0} s, {off:.1} m from the east 县");
        t += 5.0;
    }
}

/// 乡射 相者坐授瑟 and, when the music goes back up, 反坐 (注「降时如初入」): each guide kneels facing east beside his musician,
/// who sits facing north, to hand him the zither (乡饮酒「相者东面坐，遂授瑟」), not facing south with his back to him.
#[test]
fn the_guides_hand_the_zithers_over_facing_east() {
    use sheli::rite::court::measure::Dir;
    use sheli::rite::timeline::PropAt;
    let rite = load("xiang_she");
    let tl = &rite.timeline;
    let mut handed = 0;
    for (se, guide, player) in [("a_se1", "xiangzhe1", "gong_se1"), ("a_se2", "xiangzhe2", "gong_se2")] {
        let (p, g, m) = (tl.prop_index(se).unwrap(), tl.actor_index(guide).unwrap(), tl.actor_index(player).unwrap());
        let keys = &tl.props[p].keys;
        for w in keys.windows(2) {
            if matches!(w[0].1, PropAt::Held(a, _) if a == g) && matches!(w[1].1, PropAt::Held(a, _) if a == m) {
                let t = w[1].0;
                let at = tl.actor_at(g, t);
                assert_eq!(at.facing(), Dir::E, "{guide} hands {se} over at {t:.1} s facing {:?}", at.facing());
                handed += 1;
            }
        }
    }
    assert!(handed >= 4, "the zithers are handed over {handed} times, not at the coming and the going back up");
}
