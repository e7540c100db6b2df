//! Nobody climbs to the hall for nothing: a walk that begins and ends in the court never goes up a stair on the
//! way (the court is open between any two of its places), and one that begins and ends on the hall never goes
//! down to the court and up again. A `via` a stair on such a walk is a slip of the scene, not a rite.

mod gestures;

use sheli::rite::acts::gesture::Gesture;
use sheli::rite::compile::BeatInfo;
use sheli::rite::timeline::{Motion, PropAt, Segment};

/// Each unbroken walk (walking segments end to end, turns between them allowed): when it begins and its points.
fn walks(segments: &[Segment]) -> Vec<(f32, Vec<[f32; 3]>)> {
    let mut out: Vec<(f32, Vec<[f32; 3]>)> = Vec::new();
    let mut open = false;
    let mut last_end = f32::NAN;
    for s in segments {
        match &s.motion {
            Motion::Walk { path, .. } => {
                if open && (s.t0 - last_end).abs() < 0.01 {
                    out.last_mut().expect("an open walk").1.extend(path);
                } else {
                    out.push((s.t0, path.clone()));
                }
                open = true;
                last_end = s.t1;
            }
            Motion::Turn { .. } => {}
            _ => open = false,
        }
    }
    out
}

#[test]
fn nobody_goes_up_and_down_a_stair_on_one_walk() {
    let mut found = Vec::new();
    for id in sheli::rite::scene::load::shipped_rites() {
        let rite = sheli::rite::load_named(id).unwrap_or_else(|e| panic!("{e}"));
        let hall = rite.timeline.court.hall_height;
        let (court, up) = (|y: f32| y < 0.05, |y: f32| y > hall - 0.05);
        for actor in &rite.timeline.actors {
            for (t, path) in walks(&actor.segments) {
                let (first, last) = (path[0][1], path[path.len() - 1][1]);
                let what = if court(first) && court(last) && path.iter().any(|p| up(p[1])) {
                    "court to court by the hall"
                } else if up(first) && up(last) && path.iter().any(|p| court(p[1])) {
                    "hall to hall by the court"
                } else {
                    continue;
                };
                found.push(format!("{} {} at {t:.1} s ({}): {what}", rite.id, actor.id, rite.beat(rite.beat_at(t)).text));
            }
        }
    }
    assert!(found.is_empty(), "{} walks climb for nothing:\n{}", found.len(), found.join("\n"));
}

/// `n + 1` moments evenly through a clause, its start and end among them.
fn moments(beat: &BeatInfo, n: usize) -> impl Iterator<Item = f32> + '_ {
    (0..=n).map(move |k| beat.start + (beat.end - beat.start) * k as f32 / n as f32)
}

/// 大射仪「大夫从之降，适次，立于三耦之南」: 郑注「适次，由次前而北，西面立」, 贾疏「因过次为适次，非入次也」: the grandees cross the
/// court to the front of the tent (its door faces west), pass before it and go north to the south of the three pairs; they do not
/// cut across to the pairs from the stairs (56th audit).
#[test]
fn the_grandees_go_to_the_tent_by_its_front() {
    let rite = sheli::rite::load_named("da_she").unwrap_or_else(|e| panic!("{e}"));
    let tl = &rite.timeline;
    let tent = tl.court.solid("次").expect("the 次").footprint;
    let first = tl.actor_index("dafu1").expect("dafu1");
    let (_, beat) = rite.beats().find(|(_, b)| b.text == "适次，" && b.actors.contains(&first)).expect("the grandees' 适次");
    for who in ["dafu1", "dafu2", "dafu3", "dafu4"] {
        let a = tl.actor_index(who).expect(who);
        let before_it = moments(beat, 200).any(|t| {
            let p = tl.actor_at(a, t).pos;
            p[0] < tent.x0 && p[0] > tent.x0 - 2.0 && p[2] > tent.z0 && p[2] < tent.z1
        });
        assert!(before_it, "{who} does not pass before the tent's door at 适次 (x < {:.1}, z {:.1}..{:.1})", tent.x0, tent.z0, tent.z1);
    }
}

/// 乡射记「唯宾与大夫降阶，遂西取弓矢」 (注「尊者宜逸，由便也」): the guest and the grandee, come down the stairs,
/// take their bows and arrows at the west of the hall without going up again; the bows lie on the hall (疏「序在
/// 堂上，故矢在弓下」), at its edge, within their reach from below. The host takes his at the east of the hall in the
/// same way (主人堂东袒决遂，执弓; 宾于堂西亦如之; 注「亦倚于东序也」).
#[test]
fn the_guest_grandee_and_host_take_their_bows_from_below() {
    let rite = sheli::rite::load_named("xiang_she").unwrap_or_else(|e| panic!("{e}"));
    let tl = &rite.timeline;
    for (clause, who, bow) in [
        ("宾于堂西亦如之。", "bin", "gong_bin"),
        ("大夫袒决遂，执弓，搢三挟一个，", "dafu", "gong_dafu"),
        ("主人堂东袒决遂，执弓，搢三挟一个。", "zhuren", "gong_zhuren"),
    ] {
        let (_, beat) = rite.beats().find(|(_, b)| b.text == clause).expect(clause);
        let (a, p) = (tl.actor_index(who).expect(who), tl.prop_index(bow).expect(bow));
        assert!((tl.prop_at(p, beat.start).pos[1] - tl.court.hall_height).abs() < 0.05, "{bow} is not on the hall at {clause}");
        for t in moments(beat, 100) {
            let y = tl.actor_at(a, t).pos[1];
            assert!(y < 0.05, "{who} goes up at {clause} (t={t:.1}, y={y:.2})");
        }
        assert_eq!(tl.prop_at(p, beat.end).held_by, Some(a), "{who} does not hold {bow} at the end of {clause}");
    }
}

/// 大射「交于楹北」 (燕礼疏「后者……酌酒讫，亦由西楹之北，西阶上北面相待」): the two who raise cups to the ruler go to the
/// jars and back north of the pillars, never through the space between them.
#[test]
fn the_cup_raisers_go_and_come_north_of_the_pillars() {
    let rite = sheli::rite::load_named("da_she").unwrap_or_else(|e| panic!("{e}"));
    let tl = &rite.timeline;
    let (west, east) = (tl.court.solid("西楹").expect("西楹").footprint, tl.court.solid("东楹").expect("东楹").footprint);
    let (_, beat) = rite.beats().find(|(_, b)| b.text == "交于楹北，").expect("交于楹北");
    for who in ["dafu2", "dafu3"] {
        let a = tl.actor_index(who).expect(who);
        for t in moments(beat, 400) {
            let p = tl.actor_at(a, t).pos;
            let between = p[0] > west.x1 && p[0] < east.x0;
            assert!(!between || p[2] < west.z0, "{who} is between the pillars at t={t:.1}: {p:?}");
        }
    }
}

/// 当楅南，皆左还，北面 (乡射注「楅南，乡当楅之位」): the archers come back with their arrows to the very spot south of the
/// arrow rest where they saluted it on the way in (当楅北面揖). So every salute made facing north south of the rest, to
/// either side of its axis, is made on one of two spots, one on each side.
#[test]
fn the_archers_turn_north_on_the_spot_where_they_saluted_the_arrow_rest() {
    let rite = sheli::rite::load_named("xiang_she").unwrap_or_else(|e| panic!("{e}"));
    let tl = &rite.timeline;
    let (rest, chi) = (tl.court.region("楅").expect("楅").anchor, tl.court.chi_m);
    let mut spots: Vec<([f32; 2], String)> = Vec::new();
    for (a, actor) in tl.actors.iter().enumerate() {
        for (t, at) in gestures::made(tl, a, Gesture::Yi, 0.0, f32::INFINITY) {
            let (east, south) = ((at.pos[0] - rest[0]) / chi, (at.pos[2] - rest[2]) / chi);
            let north = at.bearing.rem_euclid(360.0).min(360.0 - at.bearing.rem_euclid(360.0)) < 1.0;
            let near = (0.75..4.0).contains(&east.abs()) && (2.0..16.0).contains(&south);
            if north && near && !spots.iter().any(|(s, _)| (s[0] - east).hypot(s[1] - south) < 0.5) {
                spots.push(([east, south], format!("{} at {t:.1} s", actor.id)));
            }
        }
    }
    assert_eq!(spots.len(), 2, "north-facing salutes south of the arrow rest, 尺 east and south of it: {spots:?}");
    assert!(spots[0].0[0] * spots[1].0[0] < 0.0, "both spots on one side of the rest: {spots:?}");
}

/// 乡射 the last taking of arrows (注「相俟堂西，进立于西阶之前，主人以宾揖升」; 疏「先取矢者皆相待堂西，其主人则在堂东」):
/// the guest hands his bow over and waits at the west of the hall, the host at the east of it, each below his own side;
/// the host's bow and arrows go to the east, not to the attendant at the west.
#[test]
fn after_the_last_taking_the_guest_waits_west_of_the_hall_and_the_host_east() {
    let rite = sheli::rite::load_named("xiang_she").unwrap_or_else(|e| panic!("{e}"));
    let tl = &rite.timeline;
    let beat = rite.beat(rite.find_text("矢不挟，兼诸弦弣以退，不反位，遂授有司于堂西。")[0]);
    let hall = tl.court.hall;
    let (bin, host) =
        (tl.actor_at(tl.actor_index("bin").unwrap(), beat.end).pos, tl.actor_at(tl.actor_index("zhuren").unwrap(), beat.end).pos);
    assert!(bin[0] < hall.x0 && bin[2] > hall.z0, "the guest waits at {bin:?}, not west of the hall");
    assert!(host[0] > hall.x1 && host[2] > hall.z0, "the host waits at {host:?}, not east of the hall");
    for thing in ["gong_zhuren", "shi_zhuren_1"] {
        let at = tl.prop_at(tl.prop_index(thing).unwrap(), beat.end + 120.0).pos;
        assert!(at[0] > hall.x1 - 1.0, "the host's {thing} goes to {at:?}, not to the east");
    }
}

/// 大射「受者如初受酬之礼」: whoever the ruler pledges receives it as the guest did at first, the ruler coming to the head of
/// the west stairs (注「公起酬宾于西阶，降尊以就卑也」) and handing him the empty cup there.
#[test]
fn the_ruler_pledges_at_the_head_of_the_west_stairs() {
    let rite = sheli::rite::load_named("da_she").unwrap_or_else(|e| panic!("{e}"));
    let tl = &rite.timeline;
    let ruler = tl.actor_index("gong").unwrap();
    for (clause, who, cup) in [("兴以酬宾。", "bin", "zhi_xiang_1"), ("受者如初受酬之礼。", "qing1", "d_zhi_xiang")] {
        let beat = rite.beat(rite.find_text(clause)[0]);
        let taker = tl.actor_index(who).unwrap();
        let keys = &tl.props[tl.prop_index(cup).unwrap()].keys;
        let handed = keys.iter().find(|(t, k)| *t >= beat.start && matches!(k, PropAt::Held(a, _) if *a == taker));
        let (t, _) = handed.unwrap_or_else(|| panic!("{clause}: {who} is never handed the {cup}"));
        let at = tl.actor_at(ruler, *t).pos;
        assert!(
            at[0] < 0.0 && at[1] > 0.5,
            "{clause}: the ruler hands over the {cup} at {t:.1} s standing at {at:?}, not on the west of the hall"
        );
    }
}

/// 大射「总众弓矢、楅，皆适次而俟」: both who carry the gear to the tent, the bows and arrows and the arrow rest, wait there.
#[test]
fn the_bearers_of_the_gear_wait_at_the_tent() {
    let rite = sheli::rite::load_named("da_she").unwrap_or_else(|e| panic!("{e}"));
    let tl = &rite.timeline;
    let beat = rite.beat(rite.find_text("总众弓矢、楅，皆适次而俟。")[0]);
    let tent = tl.court.region("次").expect("次");
    for who in ["youci2", "youci6"] {
        let at = tl.actor_at(tl.actor_index(who).expect(who), beat.end).pos;
        assert!(tent.shape.contains(at[0], at[2]), "{who} waits at {at:?}, not at the tent");
    }
}

/// 大射: the cadets' standing place is a row below the east hall, east of the 小臣师 and a little back of him, facing south,
/// the first at the west (郑注「庶子、内小臣位在小臣师之东，少退，西上」): they stand there from the start and come back to it
/// after each stand of meat they set, not to the east of the hall facing west.
#[test]
fn the_cadets_stand_in_their_row_east_of_the_master_of_attendants() {
    let rite = sheli::rite::load_named("da_she").unwrap_or_else(|e| panic!("{e}"));
    let tl = &rite.timeline;
    let master = tl.actor_index("xiaochenshi").unwrap();
    let mut moments = vec![("the start".to_string(), 1.0, 7)];
    for (clause, cadets) in [("宾坐，", 1), ("卿坐，", 1), ("服不复负侯而俟。", 7)] {
        let beat = rite.beat(rite.find_text(clause)[0]);
        moments.push((clause.to_string(), beat.end, cadets));
    }
    // the 小臣师's own place, where he stands at the start (he goes about his duties later)
    let head = tl.actor_at(master, 1.0).pos;
    for (when, t, cadets) in moments {
        let mut west = f32::MIN;
        for k in 1..=cadets {
            let state = tl.actor_at(tl.actor_index(&format!("shuzi{k}")).unwrap(), t);
            let at = state.pos;
            assert!(
                at[0] > head[0] && at[2] <= head[2] + 0.05,
                "{when}: 庶子{k} at {at:?} is not east of the 小臣师 ({head:?}) and back of him"
            );
            assert!(at[2] > tl.court.hall.z1 - 0.5 && at[1] < 0.1, "{when}: 庶子{k} at {at:?} is not below the hall");
            assert_eq!(state.facing().name(), "S", "{when}: 庶子{k} does not face south");
            assert!(at[0] > west, "{when}: 庶子{k} at {at:?} is west of the one before him (西上)");
            west = at[0];
        }
    }
}

/// 乡射 has no tent (注「于堂西袒决遂者，主人无次」): whoever bares his arm does it out of the court's sight, west of the
/// hall (the 宾, the 大夫, the 司射, the pairs) or east of it (the 主人, 疏「其主人则在堂东」), never in front of the hall, and so
/// also when the 记 goes over 司射既袒决遂而升 again.
#[test]
fn in_the_district_rite_arms_are_bared_beside_the_hall() {
    let rite = sheli::rite::load_named("xiang_she").unwrap_or_else(|e| panic!("{e}"));
    let tl = &rite.timeline;
    let hall = tl.court.hall;
    let mut bared = 0;
    for who in 0..tl.actors.len() {
        for (t, state) in gestures::made(tl, who, Gesture::Tan, 0.0, f32::MAX) {
            bared += 1;
            let at = state.pos;
            let clause = &rite.beat(rite.beat_at(t)).text;
            assert!(
                at[0] < hall.x0 || at[0] > hall.x1,
                "{clause}: {} bares his arm at {at:?}, in front of the hall (x {}..{})",
                tl.actors[who].name,
                hall.x0,
                hall.x1
            );
        }
    }
    assert!(bared > 20, "only {bared} 袒 found in the whole rite");
}

/// 乡射 自席前适阼阶上 (in the rite and the next day's): 注「啐酒席末，因从北方降，由便也」, 疏「因从席北头降，又从北向南」: the host,
/// who tasted the wine at the north end of his mat, steps off it there and goes down before his dishes to the top of his
/// stairs; he never walks between his mat and his dishes, nor between the meat stand and the dried meat.
#[test]
fn the_host_goes_from_before_his_mat_round_the_north_of_his_dishes() {
    let rite = sheli::rite::load_named("xiang_she").unwrap_or_else(|e| panic!("{e}"));
    let tl = &rite.timeline;
    let host = tl.actor_index("zhuren").unwrap();
    let dishes = ["主人荐", "主人俎"].map(|p| tl.court.region(p).unwrap_or_else(|| panic!("{p}")));
    let mat_front = tl.court.region("主人席").unwrap();
    for r in rite.find_text("自席前适阼阶上") {
        let beat = rite.beat(r);
        let mut left_north = false;
        for t in moments(beat, 400) {
            let at = tl.actor_at(host, t).pos;
            assert!(!dishes.iter().any(|d| d.shape.contains(at[0], at[2])), "自席前 at {t:.1} s: the host at {at:?} walks over his dishes");
            if !left_north && !mat_front.shape.contains(at[0], at[2]) {
                left_north = true;
                let mat = tl.court.region("主人席北").unwrap();
                assert!(mat.shape.contains(at[0], at[2]), "自席前 at {t:.1} s: the host steps off his mat at {at:?}, not at its north end");
            }
        }
    }
}

/// 乡射「众宾之席，继而西」 (注「言继者，甫欲习众庶，未有所殊别」, not 不属 as in 乡饮酒): the many guests' mats run on from the
/// west end of the guest's, with no gap.
#[test]
fn the_many_guests_mats_join_the_guests() {
    let rite = sheli::rite::load_named("xiang_she").unwrap_or_else(|e| panic!("{e}"));
    let solids = &rite.timeline.court.solids;
    let edge = |id: &str, east: bool| {
        let o = solids.iter().find(|o| o.id == id).unwrap_or_else(|| panic!("{id}"));
        if east { o.footprint.x1 } else { o.footprint.x0 }
    };
    let gap = edge("宾席", false) - edge("众宾席", true);
    assert!(gap.abs() < 0.01, "继而西: {gap:.3} m between the guest's mat and the many guests'");
}

/// 大射 乃席工于西阶上，少东: the 司宫, his mats laid, goes back to his station below the north hall by the north stairs
/// (贾疏「工人士、梓人、司宫位在北堂下…其人升降自北阶」), not to stand in the court by the west stairs.
#[test]
fn the_palace_steward_goes_back_below_the_north_hall() {
    let rite = sheli::rite::load_named("da_she").unwrap_or_else(|e| panic!("{e}"));
    let tl = &rite.timeline;
    let beat = rite.beat(rite.find_text("少东。")[0]);
    let at = tl.actor_at(tl.actor_index("sigong").unwrap(), beat.end).pos;
    let below_north = tl.court.region("北阶下").expect("北阶下");
    assert!(
        at[2] < tl.court.hall.z0 + 0.5 || below_north.shape.contains(at[0], at[2]),
        "少东: the 司宫 ends at {at:?}, not below the north hall"
    );
}
