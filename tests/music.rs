//! The music: the transcription against 《瑟谱》 itself, the score as heard (pitch by frequency
//! analysis of `sheli audio`), seeking, and the drum that the third round's arrows are loosed to.

mod sound;

use sheli::music::cue::Part;
use sheli::music::library::{Library, songs_ron, transcribe_sources};
use sheli::music::tuning::Pitch;
use sheli::rite::timeline::pace::{Pace, PaceMap};
use sound::{audio, cents, fundamental};

#[test]
fn the_transcription_is_what_the_source_says() {
    let songs = transcribe_sources().expect("《瑟谱》 reads");
    let written = songs_ron(&songs);
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/music/songs.ron");
    if std::env::var_os("SHELI_BLESS").is_some() {
        std::fs::write(path, &written).unwrap();
    }
    let shipped = std::fs::read_to_string(path).unwrap();
    if let Some((k, (a, b))) = shipped.lines().zip(written.lines()).enumerate().find(|(_, (a, b))| a != b) {
        panic!(
            "music/songs.ron line {} differs from what sources/music/ reads as:\n  file: {a}\n  read: {b}\n(if the reader changed on purpose, rerun with SHELI_BLESS=1 and review the diff)",
            k + 1
        );
    }
    assert_eq!(shipped.lines().count(), written.lines().count(), "music/songs.ron has a different number of lines");
    // and the shipped library is that file
    let lib = Library::builtin();
    assert!(lib.songs == songs, "the binary ships an older music/songs.ron");
}

#[test]
fn the_reader_finds_every_song_the_rites_sing_whole() {
    let lib = Library::builtin();
    let count = |p: &str| lib.songs.iter().find(|s| s.piece == p).map(|s| s.stanzas.len());
    // the stanza counts the headings give (「闗雎三章」, 「鹿鳴三章」, 「葛覃三章」, 「卷耳四章」 …)
    for (piece, n) in [("鹿鸣", 3), ("关雎", 3), ("葛覃", 3), ("卷耳", 4), ("鹊巢", 3), ("采蘩", 3), ("采苹", 3), ("四牡", 5)]
    {
        assert_eq!(count(piece), Some(n), "{piece}");
    }
    let guanju = &lib.songs.iter().find(|s| s.piece == "关雎").unwrap().stanzas[0];
    assert_eq!(guanju.lyric, "闗闗雎鳩在河之洲窈窕淑女君子好逑");
    // 「黄南林南黄…」 over 「六工尺工合…」: 黄 written 六 is 黄钟清, an octave up; written 合, 黄钟
    assert!(guanju.notes.starts_with("黄清 南 林 南 黄 姑 太 黄 林 南 黄清"), "{}", guanju.notes);
    assert_eq!(lib.songs.iter().find(|s| s.piece == "关雎").unwrap().mode, "無射商");
}

#[test]
fn every_reading_that_departs_from_the_lu_line_is_recorded() {
    let lib = Library::builtin();
    let mut recorded = 0;
    for song in &lib.songs {
        for st in &song.stanzas {
            for (i, (l, p)) in st.lu.chars().zip(st.pitches()).enumerate() {
                let as_written = sheli::music::tuning::lu_of(l).unwrap();
                let noted = st.readings.iter().any(|r| r.at == i);
                if as_written != p.lu {
                    assert!(noted, "{} {}: note {i} read {} for {l} with no reading recorded", song.piece, st.lyric, p.name());
                }
                recorded += usize::from(noted);
            }
        }
    }
    // 关雎's third stanza writes 大 with 四 in 無射商, which has no 大吕: read as 太
    let guanju3 = &lib.songs.iter().find(|s| s.piece == "关雎").unwrap().stanzas[2];
    let i = guanju3.lu.chars().position(|c| c == '大').unwrap();
    assert_eq!(guanju3.pitches()[i], Pitch { lu: 2, octave: 0 });
    assert!(guanju3.readings.iter().any(|r| r.at == i && r.why.contains("读作太")));
    assert!(recorded > 0);
}

#[test]
fn every_piece_the_scenes_name_is_known_and_placed() {
    for (scene, pieces) in [
        ("xiang_she", &["关雎", "葛覃", "卷耳", "鹊巢", "采蘩", "采苹", "驺虞", "陔"][..]),
        ("da_she", &["肆夏", "鹿鸣", "新宫", "狸首", "陔", "骜"][..]),
    ] {
        let rite = sheli::rite::load_named(scene).unwrap();
        for p in pieces {
            assert!(rite.music.iter().any(|c| c.piece == *p), "{scene} never plays {p}");
        }
        for c in &rite.music {
            assert!(c.end > c.start, "{scene}: {} has no length", c.piece);
            assert!(c.parts.iter().all(|(_, who)| !who.is_empty()), "{scene}: {} has a part nobody plays", c.piece);
        }
        // a song played once through fits its beat at rite time: nothing is cut
        let lib = Library::builtin();
        let track = rite.soundtrack(&PaceMap::new(&rite, Pace::Real), lib);
        for p in track.performances().iter().filter(|p| p.part == Part::Sing && p.melody.is_none() && !p.lost) {
            let song = lib.songs.iter().find(|s| s.piece == p.piece).unwrap();
            let chars: usize = song.stanzas.iter().map(|s| s.lyric.chars().count()).sum();
            assert_eq!(p.marks.len(), chars, "{scene}: {} is sung whole", p.piece);
        }
    }
}

/// The first stanza of a song as heard: each character's pitch found in the middle of its second,
/// and the steps between successive notes compared with the score's, note for note.
fn check_first_stanza(scene: &str, clause: &str, piece: &str) {
    let samples = audio(&[scene, "--from", clause, "--to", clause]);
    let lib = Library::builtin();
    let stanza = &lib.songs.iter().find(|s| s.piece == piece).unwrap().stanzas[0];
    let score: Vec<f64> = stanza.pitches().iter().map(|p| p.frequency(lib.choices.huangzhong_hz as f64)).collect();
    let spn = lib.choices.seconds_per_note as f64;
    assert!(samples.len() as f64 >= score.len() as f64 * spn * 44_100.0, "the render holds the stanza");
    let heard: Vec<f64> = (0..score.len())
        .map(|i| {
            let a = ((i as f64 + 0.35) * spn * 44_100.0) as usize;
            let window: Vec<f64> = samples[a..a + 8192].iter().map(|&s| s as f64).collect();
            fundamental(&window)
        })
        .collect();
    for i in 1..score.len() {
        let want = cents(score[i - 1], score[i]);
        let got = cents(heard[i - 1], heard[i]);
        assert!(
            (want - got).abs() < 20.0,
            "{piece} note {i} ({}): the score steps {want:.0} cents, the audio {got:.0} (heard {:.1} → {:.1} Hz)",
            stanza.lyric.chars().nth(i).unwrap(),
            heard[i - 1],
            heard[i]
        );
    }
}

#[test]
fn guanju_sounds_as_its_score_note_for_note() {
    check_first_stanza("xiang_she", "周南关雎", "关雎");
}

#[test]
fn luming_sounds_as_its_score_note_for_note() {
    check_first_stanza("da_she", "乃歌《鹿鸣》三终", "鹿鸣");
}

#[test]
fn a_render_from_a_seek_is_the_same_span_cut_from_a_render_from_the_start() {
    let rite = sheli::rite::load_named("xiang_she").unwrap();
    let start = rite.beat(rite.find_text("葛覃")[0]).start as f64;
    let whole = audio(&["xiang_she", "--from", "葛覃", "--to", "葛覃"]);
    // 7.37 s in: in the middle of a character, while the 瑟's last plucks still ring
    let seek = start + 7.37;
    let part = audio(&["xiang_she", "--start", &format!("{seek}"), "--to", "葛覃"]);
    let offset = ((seek * 44_100.0).round() - (start * 44_100.0).round()) as usize;
    assert_eq!(part.len(), whole.len() - offset);
    assert!(part.iter().any(|&s| s.abs() > 1000), "the seek lands on sound, not silence");
    assert!(part == whole[offset..], "the seek's render differs from the whole render's samples");
}

/// Every arrow loosed while `cue` sounds: (release time, archer), in time order. A shot's arrow
/// leaves the string two seconds after the shot begins.
fn releases<'r>(rite: &'r sheli::rite::Rite, cue: &sheli::music::cue::Placed) -> Vec<(f64, &'r str)> {
    use sheli::rite::acts::gesture::Gesture;
    use sheli::rite::timeline::Motion;
    let mut out = Vec::new();
    for a in &rite.timeline.actors {
        for s in &a.segments {
            if let Motion::Gesture { gesture: Gesture::Shoot, .. } = s.motion {
                let release = s.t0 as f64 + 2.0;
                if release >= cue.start as f64 && release < cue.end as f64 {
                    out.push((release, a.id.as_str()));
                }
            }
        }
    }
    out.sort_by(|a, b| a.0.total_cmp(&b.0));
    out
}

#[test]
fn the_shooting_to_music_is_loosed_on_an_even_drum() {
    for (scene, piece, free) in [("xiang_she", "驺虞", None), ("da_she", "狸首", Some("gong"))] {
        let rite = sheli::rite::load_named(scene).unwrap();
        let lib = Library::builtin();
        let cue = rite.music.iter().find(|c| c.piece == piece).unwrap();
        let track = rite.soundtrack(&PaceMap::new(&rite, Pace::Real), lib);
        let strokes: Vec<f64> = track.onsets(Part::Drum).into_iter().filter(|&t| t >= cue.start as f64 && t < cue.end as f64).collect();
        let period = sheli::music::cue::drum_period(lib) as f64;
        assert!(strokes.len() > 20, "{scene}: {} strokes", strokes.len());
        for w in strokes.windows(2) {
            assert!((w[1] - w[0] - period).abs() < 1e-6, "{scene}: strokes {:.3} and {:.3} are not {period} s apart", w[0], w[1]);
        }
        let mut on_beat = 0;
        for (release, archer) in releases(&rite, cue) {
            if Some(archer) == free {
                continue;
            }
            let nearest = strokes.iter().map(|t| (t - release).abs()).fold(f64::MAX, f64::min);
            // rite time is kept in f32: a few milliseconds at hours into the rite
            assert!(nearest < 0.01, "{scene}: {archer} looses at {release:.3}, {nearest:.3} s off the drum");
            on_beat += 1;
        }
        assert!(on_beat >= 16, "{scene}: only {on_beat} releases to the music");
    }
}

/// 乡射注「乡射之鼓五节，歌五终，所以将八矢。一节之间当拾发，四节四拾，其一节先以听也」: under 《驺虞》
/// each pair hears the song through once, then looses one round (拾) a singing, both of the pair
/// in the same singing, four singings for their eight arrows.
#[test]
fn each_pair_hears_the_zou_yu_through_then_looses_a_round_a_singing() {
    let rite = sheli::rite::load_named("xiang_she").unwrap();
    let cue = rite.music.iter().find(|c| c.piece == "驺虞").unwrap();
    let song = sheli::music::cue::once_through(Library::builtin(), "驺虞").unwrap() as f64;
    let releases = releases(&rite, cue);
    let singing = |t: f64| ((t - cue.start as f64) / song + 1e-4).floor() as i64;
    let in_singing = |k: i64| releases.iter().filter(|r| singing(r.0) == k).map(|r| r.1).collect::<Vec<_>>();
    let last = releases.last().map_or(0, |r| singing(r.0));
    let (mut k, mut pairs) = (0, 0);
    while k <= last {
        let round = in_singing(k);
        if round.is_empty() {
            k += 1;
            continue;
        }
        assert!(k >= 1 && in_singing(k - 1).is_empty(), "{round:?} loose in singing {k} without one heard through before it");
        assert!(round.len() == 2 && round[0] != round[1], "singing {k}: {round:?} is not one round of a pair");
        for j in 1..4 {
            assert_eq!(in_singing(k + j), round, "singing {}: not the same pair's next round as {round:?}", k + j);
        }
        k += 4;
        pairs += 1;
    }
    assert!(pairs >= 5, "only {pairs} pairs shoot to the 驺虞");
}

/// 郑注「朔，始也。奏乐先击西鼙」: every 金奏 of 大射 opens on the 朔鼙 of the west 县, struck alone,
/// and the great drum and the bells come in after it, the 鑮 among them keeping the measure with the drum
/// (郑注「鑮如钟而大，奏乐以鼓鑮为节」), an octave below the bells.
#[test]
fn the_bells_and_drums_of_da_she_open_on_the_west_drum() {
    let rite = sheli::rite::load_named("da_she").unwrap();
    let lib = Library::builtin();
    let track = rite.soundtrack(&PaceMap::new(&rite, Pace::Real), lib);
    let cues: Vec<_> = rite.music.iter().filter(|c| c.piece == "肆夏").collect();
    assert_eq!(cues.len(), 2, "两奏《肆夏》");
    for cue in cues {
        let within = |part| track.onsets(part).into_iter().filter(|&t| t >= cue.start as f64 && t < cue.end as f64).collect::<Vec<_>>();
        let lead = within(Part::LeadDrum);
        assert!(!lead.is_empty(), "《肆夏》 at {} has no 朔鼙", cue.start);
        for part in [Part::Drum, Part::SmallDrum, Part::Bell, Part::GreatBell, Part::Chime] {
            let first = within(part).first().copied().unwrap_or_else(|| panic!("《肆夏》 at {} has no {}", cue.start, part.name()));
            assert!(first > lead[0], "{} sounds at {first:.2}, not after the 朔鼙 at {:.2}", part.name(), lead[0]);
        }
    }
}

#[test]
fn film_pace_keeps_the_tempo_and_cuts_to_whole_stanzas() {
    let rite = sheli::rite::load_named("xiang_she").unwrap();
    let lib = Library::builtin();
    let film = rite.soundtrack(&PaceMap::new(&rite, Pace::Film), lib);
    let guanju = film.performances().iter().find(|p| p.piece == "关雎" && p.part == Part::Sing).unwrap();
    let song = lib.songs.iter().find(|s| s.piece == "关雎").unwrap();
    // at least the first stanza, only whole stanzas, one character a second as at rite time
    let whole: Vec<usize> = song
        .stanzas
        .iter()
        .map(|s| s.lyric.chars().count())
        .scan(0, |n, k| {
            *n += k;
            Some(*n)
        })
        .collect();
    assert!(whole.contains(&guanju.marks.len()), "{} characters is not a whole number of stanzas", guanju.marks.len());
    for w in guanju.marks.windows(2) {
        assert!((w[1].0 - w[0].0 - lib.choices.seconds_per_note as f64).abs() < 1e-9);
    }
}

#[test]
fn every_lyric_character_shown_has_a_glyph() {
    let font = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/fonts/LXGWWenKai-sheli.ttf")).unwrap();
    let font = skrifa::FontRef::new(&font).unwrap();
    use skrifa::MetadataProvider;
    let charmap = font.charmap();
    let mut missing = std::collections::BTreeSet::new();
    for song in &Library::builtin().songs {
        for st in &song.stanzas {
            let shown = sheli::music::library::shown(&st.lyric);
            assert_eq!(shown.chars().count(), st.lyric.chars().count(), "one character shown for one sung");
            missing.extend(shown.chars().filter(|&c| charmap.map(c).is_none()));
        }
    }
    assert!(missing.is_empty(), "no glyph for {missing:?}: add a form to music::library::shown or run tools/subset_font.sh");
}

/// Music is played from where the players stand: while a part sounds, none of those who play it is
/// walking (乃管《新宫》三终: the pipers take their stand in the east 县 first, 郑注「立于东县之中」, and
/// pipe from it to 卒管).
#[test]
fn nobody_plays_walking() {
    for scene in ["xiang_she", "da_she"] {
        let rite = sheli::rite::load_named(scene).unwrap();
        let mut bad = Vec::new();
        for cue in &rite.music {
            for (part, players) in &cue.parts {
                for &p in players {
                    let track = &rite.timeline.actors[p];
                    let mut t = cue.start;
                    while t < cue.end {
                        let s = track.at(t);
                        if s.present && s.pose == sheli::rite::timeline::Pose::Walking {
                            bad.push(format!("{scene}: 《{}》 {} by {} walking at {t:.1}", cue.piece, part.name(), track.id));
                            break;
                        }
                        t += 0.5;
                    }
                }
            }
        }
        assert!(bad.is_empty(), "{} parts played walking:\n{}", bad.len(), bad.join("\n"));
    }
}
