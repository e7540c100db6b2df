//! Voices (释例: 获者「举旌以宫，偃旌以商」, 负侯「以宫趋…又诺以商…声止」, 「声不绝」): what is said and
//! called is heard on the soundtrack, on its note and for as long as the text holds it.

mod gestures;
mod sound;

use sheli::music::library::Library;
use sheli::rite::acts::gesture::Gesture;
use sound::{audio, cents, fundamental};

/// 乡射「获者坐而获，举旌以宫，偃旌以商」: the marker's call of a hit is heard, on 宫 (黄钟) as he raises
/// the flag and a whole tone higher on 商 (太簇) as he lowers it (贾疏「以黄钟之初九下生林钟…林钟又上生大蔟」),
/// the first in full voice and the second softer (贾疏「举旌以宫，大言获也；偃旌以商，小言获也」).
#[test]
fn the_markers_call_is_heard_on_gong_then_shang() {
    let rite = sheli::rite::load_named("xiang_she").unwrap();
    let (_, raise) = rite.beats().find(|(_, b)| b.text.starts_with("举旌以宫")).expect("举旌以宫");
    let start = raise.start;
    let calls: Vec<_> = rite.voices.iter().filter(|v| v.t >= start && v.t < start + 8.0 && v.tone.is_some()).collect();
    assert_eq!(calls.len(), 2, "two calls in 举旌以宫，偃旌以商: {calls:?}");
    let samples = audio(&["xiang_she", "--from", "举旌以宫", "--to", "偃旌以商"]);
    let heard = |v: &sheli::music::voice::Spoken| {
        let a = (((v.t - start) as f64 + 0.3) * 44_100.0) as usize;
        let window: Vec<f64> = samples[a..a + 8192].iter().map(|&s| s as f64).collect();
        let rms = (window.iter().map(|s| s * s).sum::<f64>() / window.len() as f64).sqrt();
        (fundamental(&window), rms)
    };
    let ((gong, loud), (shang, soft)) = (heard(calls[0]), heard(calls[1]));
    let hz = Library::builtin().choices.huangzhong_hz as f64;
    // sung in a man's voice, an octave below the pitch-pipe
    assert!(cents(hz / 2.0, gong).abs() < 20.0, "the 宫 call is heard at {gong:.1} Hz, not 黄钟 {:.1}", hz / 2.0);
    assert!((cents(gong, shang) - 204.0).abs() < 20.0, "商 is {:.0} cents above 宫, not a whole tone", cents(gong, shang));
    assert!(loud > 1.5 * soft && soft > 100.0, "宫 in full voice ({loud:.0}), 商 softer but heard ({soft:.0})");
}

/// Whatever is said aloud is heard: every `Say` and `Call` of both rites is a voice on the
/// soundtrack, and a plain speech (the host's 辞) is sound in a span where no music plays.
#[test]
fn what_is_said_is_heard() {
    use sheli::rite::acts::deed::Deed;
    for scene in ["xiang_she", "da_she"] {
        let rite = sheli::rite::load_named(scene).unwrap();
        let said: usize = (0..rite.timeline.actors.len())
            .flat_map(|a| rite.duties(a))
            .flat_map(|(_, acts)| acts.iter().flatten())
            .filter(|d| matches!(d, Deed::Say(_) | Deed::Call { .. }))
            .count();
        assert!(said > 100, "{scene}: only {said} speeches");
        assert_eq!(rite.voices.len(), said, "{scene}: every speech is a voice");
    }
    let samples = audio(&["xiang_she", "--from", "主人辞降", "--to", "主人辞降"]);
    let peak = samples.iter().map(|s| s.unsigned_abs()).max().unwrap_or(0);
    assert!(peak > 300, "the host's 辞降 is silent (peak {peak})");
}

/// 乡射「获者执旌许诺，声不绝，以至于乏」 (注「不以宫商，不绝而已」): the marker's 诺 is held unbroken
/// all the way to the blind, and stops when he does.
#[test]
fn the_markers_assent_is_held_unbroken_to_the_blind() {
    let rite = sheli::rite::load_named("xiang_she").unwrap();
    let (_, beat) = rite.beats().find(|(_, b)| b.text.starts_with("获者执旌许诺，声不绝，以至于乏")).expect("the clause");
    let marker = rite.timeline.actor_index("huozhe").unwrap();
    let voice = rite.voices.iter().find(|v| v.actor == marker && v.t >= beat.start && v.t < beat.end).expect("his 诺");
    let held = voice.held.expect("held, not said") as f64;
    let walk: f64 = rite.timeline.actors[marker]
        .segments
        .iter()
        .filter(|s| matches!(s.motion, sheli::rite::timeline::Motion::Walk { .. }) && s.t0 >= voice.t && s.t1 <= beat.end)
        .map(|s| (s.t1 - s.t0) as f64)
        .sum();
    assert!(walk > 10.0, "the walk to the 乏 takes {walk:.1} s");
    assert!(held >= walk, "the 诺 is held {held:.1} s, the walk takes {walk:.1} s");
    // heard in the middle of the walk
    let samples = audio(&["xiang_she", "--from", "获者执旌许诺，声不绝，以至于乏", "--to", "获者执旌许诺，声不绝，以至于乏"]);
    let mid = (((voice.t - beat.start) as f64 + held / 2.0) * 44_100.0) as usize;
    let peak = samples[mid..mid + 4410].iter().map(|s| s.unsigned_abs()).max().unwrap_or(0);
    assert!(peak > 300, "silent halfway to the 乏 (peak {peak})");
}

/// 大射「负侯皆许诺，以宫趋，直西，及乏南，又诺以商，至乏，声止」: each bearer's 诺 is sung on 宫 as he answers
/// and held unbroken while he hurries west, sung again on 商 south of the blind and held until he is at it;
/// heard as 黄钟 halfway along the first walk and as 太蔟 halfway along the second.
#[test]
fn the_bearers_hold_their_assent_on_gong_then_on_shang_to_the_blind() {
    let rite = sheli::rite::load_named("da_she").unwrap();
    let clause = |words: &str| rite.beats().find(|(_, b)| b.text.starts_with(words)).expect(words).1;
    let (assent, hurry, west) = (clause("负侯皆许诺"), clause("以宫趋"), clause("直西"));
    let (again, there, stop) = (clause("又诺以商"), clause("至乏"), clause("声止"));
    let bearer = rite.timeline.actor_index("huozhe_gan").unwrap();
    let held = |from: f32, to: f32| {
        let v = rite.voices.iter().find(|v| v.actor == bearer && v.t >= from && v.t < to).expect("his 诺");
        (v.t, v.t + v.held.expect("held, not said"), v.tone)
    };
    // the 诺 that answers is itself the sung 宫, not a word and a silence before it (58th audit)
    let (_, g1, gong) = held(assent.start, assent.end);
    assert!(!rite.voices.iter().any(|v| v.actor == bearer && v.t >= hurry.start && v.t < hurry.end), "a second 诺 at 以宫趋");
    let (s0, s1, shang) = held(again.start, again.end);
    assert_eq!(gong.map(|t| t.name()), Some("宫"));
    assert_eq!(shang.map(|t| t.name()), Some("商"));
    assert!(g1 >= west.end - 0.01, "the 宫 stops at {g1:.1}, before the walk west ends at {:.1}", west.end);
    assert!(g1 <= s0 + 0.01, "the 宫 still sounds when he sings 商");
    assert!(s1 >= there.end - 0.01 && s1 <= stop.end + 0.01, "the 商 stops at {s1:.1}, not when he is at the 乏 ({:.1})", there.end);
    let samples = audio(&["da_she", "--from", "以宫趋", "--to", "声止"]);
    let pitch_at = |t: f32| {
        let a = ((t - hurry.start) as f64 * 44_100.0) as usize;
        fundamental(&samples[a..a + 8192].iter().map(|&s| s as f64).collect::<Vec<_>>())
    };
    let hz = Library::builtin().choices.huangzhong_hz as f64;
    let (mid_west, mid_there) = (pitch_at((west.start + west.end) / 2.0), pitch_at((there.start + there.end) / 2.0));
    assert!(cents(hz / 2.0, mid_west).abs() < 20.0, "halfway west {mid_west:.1} Hz, not 黄钟 {:.1}", hz / 2.0);
    assert!((cents(hz / 2.0, mid_there) - 204.0).abs() < 20.0, "halfway to the 乏 {mid_there:.1} Hz, not 太蔟");
}

/// 大射「负侯许诺，如初去侯」: going back to the targets as they left them, each bearer's 诺 is held on 宫
/// and then on 商 (以宫趋…又诺以商), each held as he walks, not a plain word; and the 诺 that answers the
/// order sounds in its own clause (51st audit), held on 宫 till they set out.
#[test]
fn the_bearers_go_back_to_the_targets_calling_as_they_left_them() {
    let rite = sheli::rite::load_named("da_she").unwrap();
    let answer = rite.beat(rite.find_text("负侯许诺，")[0]);
    let beat = rite.beat(rite.find_text("如初去侯，")[0]);
    for who in ["fubu", "huozhe_can", "huozhe_gan"] {
        let a = rite.timeline.actor_index(who).unwrap();
        let heard = rite.voices.iter().find(|v| v.actor == a && v.t >= answer.start && v.t < answer.end).expect("his 诺 to the order");
        assert_eq!(heard.tone.map(|t| t.name()), Some("宫"), "{who}: {heard:?}");
        assert!(heard.t + heard.held.unwrap_or(0.0) >= answer.end - 0.01, "{who}: his 诺 stops before the clause ends: {heard:?}");
        let calls: Vec<_> = rite.voices.iter().filter(|v| v.actor == a && v.t >= beat.start && v.t < beat.end).collect();
        let mut tones: Vec<_> = calls.iter().map(|v| v.tone.map(|t| t.name())).collect();
        tones.dedup();
        assert_eq!(tones, vec![Some("宫"), Some("商")], "{who}: {tones:?}");
        assert!(calls.iter().all(|v| v.held.is_some_and(|h| h > 1.0)), "{who}: a call not held as he walks: {calls:?}");
    }
}

/// A speech takes as long as its words (大射「司射…誓于公」, a dozen characters and more): the speaker does nothing else
/// until his last word, so that a long speech never runs on into the next clause. A voice held on as he walks (声不绝)
/// is the one exception the text makes.
#[test]
fn nobody_moves_on_before_his_last_word() {
    for scene in ["xiang_she", "da_she"] {
        let rite = sheli::rite::load_named(scene).unwrap();
        let tl = &rite.timeline;
        let mut long = 0;
        for v in rite.voices.iter().filter(|v| v.held.is_none()) {
            let end = v.t + v.seconds();
            long += usize::from(v.seconds() > 2.0);
            let early = tl.actors[v.actor].segments.iter().find(|s| s.t0 > v.t + 0.01 && s.t0 < end - 0.01);
            assert!(
                early.is_none(),
                "{scene}: {} says 「{}」 from {:.1} to {end:.1} s, and at {:.1} s already {:?}",
                tl.actors[v.actor].id,
                v.words,
                v.t,
                early.map_or(0.0, |s| s.t0),
                early.map(|s| &s.motion)
            );
        }
        assert!(long > 5, "{scene}: only {long} speeches longer than 2 s");
    }
}

/// 释获 follows 获 (乡射注「获而未释获」, 「但大言获，未释其算」: the 获 is the marker's call of a hit, the 释获 the tally the
/// keeper lays for it): no tally is laid between an arrow's hit and the 宫 call that announces it.
#[test]
fn no_tally_is_laid_before_the_hit_is_called() {
    use sheli::music::voice::Tone;
    use sheli::rite::acts::props::PropKind;
    use sheli::rite::timeline::PropAt;
    for scene in ["xiang_she", "da_she"] {
        let rite = sheli::rite::load_named(scene).unwrap();
        let tl = &rite.timeline;
        let calls: Vec<f32> = rite.voices.iter().filter(|v| v.tone == Some(Tone::Gong) && v.words == "获").map(|v| v.t).collect();
        let laid: Vec<f32> = (tl.props.iter().filter(|p| p.kind == PropKind::Tallies))
            .flat_map(|p| p.keys.iter().filter(|(_, at)| matches!(at, PropAt::At(..))).map(|(t, _)| *t))
            .collect();
        let hits: Vec<f32> = (tl.props.iter().filter(|p| p.kind == PropKind::Arrow))
            .flat_map(|p| {
                p.keys.iter().filter_map(|(_, at)| match at {
                    PropAt::Flying { t1, hit: true, .. } => Some(*t1),
                    _ => None,
                })
            })
            .collect();
        let mut tallied = 0;
        for hit in hits {
            let Some(call) = calls.iter().copied().filter(|&c| c >= hit - 0.01).reduce(f32::min) else { continue };
            let early: Vec<f32> = laid.iter().copied().filter(|&t| t > hit && t < call).collect();
            assert!(
                early.is_empty(),
                "{scene}: an arrow hits at {hit:.1} s, a tally is laid at {early:?}, and the 获 is called at {call:.1} s"
            );
            tallied += usize::from(laid.iter().any(|&t| t >= call && t < call + 15.0));
        }
        assert!(tallied > 10, "{scene}: only {tallied} hits tallied after their call");
    }
}

/// 大射「司正以命升宾」 (and 「摈者以命升宾」 when the guest has drunk with the ruler): the ruler's word (注「命，公命也」) is
/// carried to the 宾 where he waits west of the stairs; the one who carries it speaks to him close by and facing him, not
/// from his place 30 m off in the middle of the court.
#[test]
fn the_ruler_s_word_is_given_to_the_guest_face_to_face() {
    let rite = sheli::rite::load_named("da_she").unwrap_or_else(|e| panic!("{e}"));
    let tl = &rite.timeline;
    let (usher, guest) = (tl.actor_index("dashezheng").unwrap(), tl.actor_index("bin").unwrap());
    let mut given = 0;
    // the clause itself, and the third round's 升、饮如初, where the guest drinks with the ruler and is sent up after
    for clause in ["司正以命升宾。", "升、饮如初。"] {
        for at in rite.find_text(clause) {
            let beat = rite.beat(at);
            let west_of_stairs = tl.court.region("西阶西").expect("西阶西");
            for (t, him) in gestures::made(tl, usher, Gesture::Speak, beat.start, beat.end) {
                let to = tl.actor_at(guest, t).pos;
                if !west_of_stairs.shape.contains(to[0], to[2]) {
                    continue;
                }
                let (dx, dz) = (to[0] - him.pos[0], to[2] - him.pos[2]);
                let toward = dx.atan2(-dz).to_degrees();
                let off = ((toward - him.bearing + 540.0) % 360.0 - 180.0).abs();
                assert!(
                    dx.hypot(dz) < 3.0 && off < 50.0,
                    "{clause}: the 司正 speaks {:.1} m from the 宾, {off:.0}° off facing him",
                    dx.hypot(dz)
                );
                given += 1;
            }
        }
    }
    assert_eq!(given, 2, "the ruler's word to the 宾 is given {given} times, not twice");
}
