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
