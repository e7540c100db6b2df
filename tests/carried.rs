//! Things and people the thirty-fourth audit found out of order, checked as relations: the rushes
//! that bind the 大夫's arrows (乡射 大夫之矢，则兼束之以茅), and the order in which the singers go
//! down when the music moves (迁乐, 乡饮酒疏「降时如初入之次第」).

use sheli::rite::compile::{BeatInfo, Rite};

fn xiang_she() -> Rite {
    sheli::rite::load_named("xiang_she").unwrap_or_else(|e| panic!("{e}"))
}

/// The beats whose text holds `fragment` (as `--text` finds them), in order.
fn beats<'a>(rite: &'a Rite, fragment: &str) -> Vec<&'a BeatInfo> {
    let found: Vec<&BeatInfo> = rite.find_text(fragment).into_iter().map(|r| rite.beat(r)).collect();
    assert!(!found.is_empty(), "no beat `{fragment}`");
    found
}

/// The index of the thing with id `id`.
fn prop(rite: &Rite, id: &str) -> usize {
    rite.timeline.prop_index(id).unwrap_or_else(|| panic!("no prop {id}"))
}

fn flat(a: [f32; 3], b: [f32; 3]) -> f32 {
    (a[0] - b[0]).hypot(a[2] - b[2])
}

#[test]
fn the_grandees_arrows_lie_bound_with_rushes_until_he_unties_them() {
    let rite = xiang_she();
    let tl = &rite.timeline;
    let (rushes, arrow) = (prop(&rite, "mao_shu"), prop(&rite, "shi_dafu_1"));
    let dafu = tl.actor_index("dafu").expect("the 大夫");
    // 兼束之以茅: when the clause ends the rushes lie on the 楅 with his arrows, held by nobody
    let bound = beats(&rite, "大夫之矢，则兼束之以茅，上握焉。")[0].end;
    let (r, a) = (tl.prop_at(rushes, bound), tl.prop_at(arrow, bound));
    assert!(r.held_by.is_none() && a.held_by.is_none(), "rushes held by {:?}, arrow by {:?}", r.held_by, a.held_by);
    assert!(flat(r.pos, a.pos) < 0.1, "the rushes lie {:.2} m from the 大夫's arrows", flat(r.pos, a.pos));
    // 大夫进坐，说矢束: he takes them off in that clause, and nobody else touches them in between
    let untie = beats(&rite, "大夫进坐，说矢束，兴反位。")[0];
    let mut t = bound;
    while t < untie.start {
        assert!(tl.prop_at(rushes, t).held_by.is_none(), "at {t:.1} s someone lifts the rushes off before the 大夫 unties them");
        t += 0.5;
    }
    let held_in_clause =
        (0..=((untie.end - untie.start) / 0.1) as usize).any(|k| tl.prop_at(rushes, untie.start + k as f32 * 0.1).held_by == Some(dafu));
    assert!(held_in_clause, "the 大夫 never takes the rushes off in 说矢束");
    // and they are not left lying in the court when the rite is over: back with the 射器 west of the hall
    let end = tl.prop_at(rushes, tl.duration - 0.1);
    let places = tl.court.places_at(end.pos);
    assert!(end.held_by.is_none() && places.iter().any(|p| p.contains("堂西")), "the rushes end at {places:?}");
}

#[test]
fn the_first_singer_goes_down_before_the_second() {
    let rite = xiang_she();
    let tl = &rite.timeline;
    let clause = beats(&rite, "降自西阶，")
        .into_iter()
        .find(|b| b.actors.iter().any(|&a| tl.actors[a].id == "gong_ge1"))
        .expect("the musicians' 降自西阶");
    // when each singer leaves the hall floor (the hall stands above the court)
    let off_the_hall = |id: &str| {
        let who = tl.actor_index(id).unwrap_or_else(|| panic!("no {id}"));
        let top = tl.actor_at(who, clause.start).pos[1];
        assert!(top > 0.3, "{id} is not on the hall when the clause begins");
        (0..).map(|k| clause.start + k as f32 * 0.1).take_while(|&t| t <= clause.end).find(|&t| tl.actor_at(who, t).pos[1] < top - 0.05)
    };
    let (first, second) = (off_the_hall("gong_ge1"), off_the_hall("gong_ge2"));
    let (Some(first), Some(second)) = (first, second) else { panic!("a singer never starts down: {first:?} {second:?}") };
    assert!(first < second, "the second singer starts down at {second:.1} s, before the first at {first:.1} s");
}

/// 大射仪「乃彻丰与觯」 and 「卒，退丰与觯，如初」: the one who set the stand takes it back, and the cup-bearer (执爵者, the 仆人师)
/// the beaker to the basket (乡射注「设丰者反丰于堂西，执爵者反觯于篚」); 如初 keeps the same hands (54th audit: the 司宫士
/// took both the second time).
#[test]
fn the_cup_bearer_takes_the_beaker_back_and_the_stand_setter_the_stand() {
    let rite = sheli::rite::load_named("da_she").unwrap_or_else(|e| panic!("{e}"));
    let tl = &rite.timeline;
    let (cup, stand) = (prop(&rite, "zhi_sheju"), prop(&rite, "feng"));
    let (bearer, setter) = (tl.actor_index("puren_shi").unwrap(), tl.actor_index("sigongshi").unwrap());
    for clause in ["乃彻丰与觯。", "卒，退丰与觯，如初。"] {
        let beat = beats(&rite, clause)[0];
        let holders = |p: usize| -> Vec<usize> {
            let mut h: Vec<usize> =
                (0..=100).filter_map(|k| tl.prop_at(p, beat.start + (beat.end - beat.start) * k as f32 / 100.0).held_by).collect();
            h.dedup();
            h
        };
        assert_eq!(holders(cup), vec![bearer], "{clause}: the 觯 is carried by {:?}", holders(cup));
        assert_eq!(holders(stand), vec![setter], "{clause}: the 丰 is carried by {:?}", holders(stand));
    }
}

/// A cup held in both hands leaves no hand for a flag or a bow: whoever takes up his flag while holding a cup has the
/// cup in one hand (左执爵), and the loser with his bow in the left takes the forfeit cup in the right (注「右手执觯，左手
/// 执弓」), in both rites. (乡射 获者 中亦如之: he took up his flag with the cup still in both hands from 祭酒; the
/// losers of both rites took the cup up in both hands, the bow still in the left.)
#[test]
fn nobody_holds_a_cup_in_both_hands_and_a_flag_or_a_bow() {
    use sheli::rite::acts::gear::Hand;
    use sheli::rite::acts::props::PropKind;
    use sheli::rite::timeline::PropAt;
    for name in ["xiang_she", "da_she"] {
        let rite = sheli::rite::load_named(name).unwrap_or_else(|e| panic!("{e}"));
        let tl = &rite.timeline;
        let mut moments: Vec<f32> = tl.props.iter().flat_map(|p| p.keys.iter().map(|(t, _)| *t + 0.05)).collect();
        moments.sort_by(f32::total_cmp);
        moments.dedup();
        let mut bad = Vec::new();
        for &t in &moments {
            let held: Vec<(usize, Hand, PropKind)> = (0..tl.props.len())
                .filter_map(|p| match tl.prop_key_at(p, t).1 {
                    PropAt::Held(a, how) => Some((*a, *how, tl.props[p].kind)),
                    _ => None,
                })
                .collect();
            for &(a, how, kind) in &held {
                let cup_in_both = how == Hand::BothHands && kind.is_cup();
                let in_a_hand = |h: Hand| !matches!(h, Hand::Belt | Hand::Shoulder | Hand::Fingers);
                if cup_in_both && held.iter().any(|&(b, h, k)| b == a && (k == PropKind::Flag || k == PropKind::Bow && in_a_hand(h))) {
                    bad.push(format!("{:.1} s `{}`: {}", t, rite.beat(rite.beat_at(t)).text, tl.actors[a].name));
                }
            }
        }
        bad.dedup();
        assert!(bad.is_empty(), "{name}: a cup in both hands and a flag or a bow:\n{}", bad.join("\n"));
    }
}

/// 乡射 记「司射之弓矢与扑，倚于西阶之西」: the arrow is the one he holds across his fingers after the 诱射 (疏「此矢谓挟一个
/// 者…至视算之时，于西阶西释弓矢去扑」), so he leans his bow, one arrow and the rod there, not the four he shot as well.
#[test]
fn the_archery_director_leans_his_bow_one_arrow_and_the_rod() {
    use sheli::rite::acts::props::PropKind;
    use sheli::rite::timeline::PropAt;
    let rite = xiang_she();
    let tl = &rite.timeline;
    let beat = beats(&rite, "司射之弓矢与扑，倚于西阶之西。")[0];
    let sishe = tl.actor_index("sishe").unwrap();
    // what he holds as the clause begins or takes up in it, and what lies set down when it ends
    let his = |p: usize| {
        tl.prop_at(p, beat.start).held_by == Some(sishe)
            || tl.props[p].keys.iter().any(|(k, at)| *k > beat.start && *k <= beat.end && matches!(at, PropAt::Held(a, _) if *a == sishe))
    };
    let lying = |p: usize| {
        let at = tl.prop_at(p, beat.end);
        at.present && at.held_by.is_none() && !at.flying
    };
    let laid: Vec<PropKind> = (0..tl.props.len()).filter(|&p| his(p) && lying(p)).map(|p| tl.props[p].kind).collect();
    let count = |k: PropKind| laid.iter().filter(|&&x| x == k).count();
    assert_eq!(
        (count(PropKind::Bow), count(PropKind::Arrow), count(PropKind::Whip)),
        (1, 1, 1),
        "he leans {laid:?}, not his bow, one arrow and the rod"
    );
}

/// 大射「司马师受虚爵，奠于篚」 (注「获者之篚」): the 散 he served the other markers with, from their washbasin by their jars
/// north-east of the great target's blind (经「又设洗于获者之尊西北，水在洗北，篚在南」), goes into the basket there, not back
/// into the bearer's basket 20 m across the range.
#[test]
fn the_markers_cup_goes_into_the_markers_basket() {
    let rite = sheli::rite::load_named("da_she").unwrap_or_else(|e| panic!("{e}"));
    let tl = &rite.timeline;
    let beat = rite.beat(rite.find_text("司马师受虚爵，").into_iter().last().unwrap());
    let put = rite.beat(rite.find_text("奠于篚。").into_iter().find(|r| rite.beat(*r).start >= beat.end).unwrap());
    let at = tl.prop_at(prop(&rite, "san_huozhe"), put.end).pos;
    let basket = tl.court.region("d_获者之篚").expect("the markers' basket");
    assert!(basket.shape.contains(at[0], at[2]), "奠于篚: the 散 lies at {at:?}, not in the markers' basket");
}

/// 乡射 献获者「荐脯醢，设折俎」: the cup is brought to the marker at the 侯, but his dishes are set on the ground at his
/// place, three paces north-west of the left stretch (注「为受爵于侯，荐之于位」, 疏「荐乃设之于地，若与酒俱在侯所则正祭侯，
/// 何名献获也」), whence they are carried after him to the 侯 to be offered.
#[test]
fn the_markers_dishes_are_set_at_his_place_not_at_the_target() {
    let rite = xiang_she();
    let tl = &rite.timeline;
    let beat = beats(&rite, "荐脯醢，设折俎，")[0];
    let place = tl.court.region("左个西北三步").expect("左个西北三步");
    for id in ["c_jian_huozhe", "c_zu_huozhe"] {
        let at = tl.prop_at(prop(&rite, id), beat.end).pos;
        assert!(place.shape.contains(at[0], at[2]), "荐脯醢，设折俎: {id} lies at {at:?}, not at 左个之西北三步");
    }
}

/// 袒决遂，执弓，搢三挟一个 (乡射, 大射 every round): one who has arrows thrust in his sash is ready to shoot, so bared, thumb
/// ring and arm guard on; he takes them off only when he has put the arrows down (释弓，说决拾，袭). Checked at the end of every
/// beat of both rites (the 76th audit found the 记's replay of 遂西取弓矢 with the guest robed and four arrows in the hand).
#[test]
fn whoever_has_arrows_in_his_sash_is_bared_with_ring_and_guard() {
    use sheli::rite::acts::gear::Hand;
    for name in ["xiang_she", "da_she"] {
        let rite = sheli::rite::load_named(name).unwrap_or_else(|e| panic!("{e}"));
        let arrows: Vec<&str> =
            rite.timeline.props.iter().filter(|p| p.kind == sheli::rite::acts::props::PropKind::Arrow).map(|p| p.id.as_str()).collect();
        let mut bad = Vec::new();
        for (r, beat) in rite.beats() {
            let snap = rite.snapshot(beat.end - 0.01, r);
            for a in &snap.actors {
                let belted = a.holding.iter().any(|h| h.how == Hand::Belt && arrows.contains(&h.prop.as_str()));
                if belted && !(a.bared && a.thumb_ring && a.arm_guard) {
                    bad.push(format!(
                        "{:.1} s `{}`: {} (bared {}, ring {}, guard {})",
                        beat.end, beat.text, a.name, a.bared, a.thumb_ring, a.arm_guard
                    ));
                }
            }
        }
        assert!(bad.is_empty(), "{name}: arrows in the sash of one not ready to shoot:\n{}", bad.join("\n"));
    }
    // the 记's 唯宾与大夫降阶，遂西取弓矢 shows them taking bow and arrows as the 经 has it: three belted, one held
    let rite = xiang_she();
    let beat = beats(&rite, "遂西取弓矢")[0];
    let snap = rite.snapshot(beat.end - 0.01, rite.beat_at(beat.end - 0.01));
    for who in ["bin", "dafu"] {
        let a = snap.actors.iter().find(|a| a.id == who).unwrap();
        let count = |how: Hand| a.holding.iter().filter(|h| h.how == how && h.prop.starts_with("shi_")).count();
        assert_eq!((count(Hand::Belt), count(Hand::Fingers)), (3, 1), "遂西取弓矢: {who} holds {:?}", a.holding);
    }
}
