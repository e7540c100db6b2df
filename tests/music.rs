//! The music: the transcription against 《瑟谱》 itself, the score as heard (pitch by frequency
//! analysis of `sheli audio`), seeking, and the drum that the third round's arrows are loosed to.

use sheli::music::cue::Part;
use sheli::music::library::{Library, songs_ron, transcribe_sources};
use sheli::music::tuning::Pitch;
use sheli::rite::pace::{Pace, PaceMap};

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
        panic!("music/songs.ron line {} differs from what sources/music/ reads as:\n  file: {a}\n  read: {b}\n(if the reader changed on purpose, rerun with SHELI_BLESS=1 and review the diff)", k + 1);
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
    for (piece, n) in [("鹿鸣", 3), ("关雎", 3), ("葛覃", 3), ("卷耳", 4), ("鹊巢", 3), ("采蘩", 3), ("采苹", 3), ("四牡", 5)] {
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
    for (scene, pieces) in [("xiang_she", &["关雎", "葛覃", "卷耳", "鹊巢", "采蘩", "采苹", "驺虞", "陔"][..]), ("da_she", &["肆夏", "鹿鸣", "新宫", "狸首", "陔", "骜"][..])] {
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
        for p in track.performances().iter().filter(|p| p.part == Part::Sing && p.melody.is_none()) {
            let song = lib.songs.iter().find(|s| s.piece == p.piece).unwrap();
            let chars: usize = song.stanzas.iter().map(|s| s.lyric.chars().count()).sum();
            assert_eq!(p.marks.len(), chars, "{scene}: {} is sung whole", p.piece);
        }
    }
}
