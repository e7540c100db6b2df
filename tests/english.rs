//! The English edition: every step translated, every term glossed, and the English everywhere
//! free of Chinese (but for the 原文 itself and terms given beside their English).

use sheli::rite::Rite;
use sheli::rite::acts::deed::Lang;
use sheli::rite::duty::describe;
use sheli::rite::glossary::glossary;

fn cjk(s: &str) -> bool {
    s.chars().any(|c| ('\u{3400}'..='\u{9fff}').contains(&c) || ('\u{f900}'..='\u{faff}').contains(&c))
}

fn rites() -> Vec<Rite> {
    sheli::rite::scene::load::shipped_rites().iter().map(|s| sheli::rite::load_named(s).unwrap_or_else(|e| panic!("{e}"))).collect()
}

#[test]
fn every_step_has_an_english_translation_without_chinese() {
    for rite in rites() {
        for s in &rite.steps {
            assert!(!s.translation_en.trim().is_empty(), "{}: step {} has no English", rite.id, s.id);
            assert!(!cjk(&s.translation_en), "{}: step {}'s English has Chinese: {}", rite.id, s.id, s.translation_en);
        }
    }
}

#[test]
fn every_duty_line_reads_in_english() {
    for rite in rites() {
        for a in 0..rite.timeline.actors.len() {
            for (r, acts) in rite.duties(a) {
                let en = describe(acts, &rite, Lang::En);
                let zh = describe(acts, &rite, Lang::Zh);
                let who = &rite.timeline.actors[a].id;
                assert!(!zh.is_empty() && !en.is_empty(), "{who} at {r:?}: an empty duty line");
                assert!(!cjk(&en), "{}: {who} at step {}: `{en}`", rite.id, rite.steps[r.step].id);
                assert!(!zh.contains("c_") && !zh.ends_with('—'), "{}: {who}: a scene id leaks into `{zh}`", rite.id);
            }
        }
    }
}

#[test]
fn names_places_and_things_have_english_without_chinese() {
    for rite in rites() {
        let tl = &rite.timeline;
        for a in &tl.actors {
            assert!(!a.en.is_empty() && !cjk(&a.en), "{}: actor {} `{}`", rite.id, a.id, a.en);
            assert!(!cjk(&a.role), "{}: actor {}'s role `{}`", rite.id, a.id, a.role);
        }
        for s in &rite.steps {
            let title =
                glossary().section_en(&s.section).unwrap_or_else(|| panic!("{}: section {} has no English title", rite.id, s.section));
            assert!(!cjk(title), "{}: section {} `{title}`", rite.id, s.section);
        }
        for r in &tl.court.regions {
            assert!(!r.en.is_empty() && !cjk(&r.en), "{}: place {} `{}`", rite.id, r.id, r.en);
        }
        for i in 0..tl.props.len() {
            let en = rite.prop_en(i);
            assert!(!en.is_empty() && !cjk(&en), "{}: prop {} `{en}`", rite.id, tl.props[i].id);
        }
    }
}

#[test]
fn every_object_prop_and_office_has_a_glossary_entry_whose_english_is_the_one_used() {
    let g = glossary();
    assert!(g.terms.len() > 300, "only {} terms", g.terms.len());
    for t in &g.terms {
        assert!(!t.pinyin.is_empty() && !t.en.is_empty() && !t.note.is_empty(), "{}: an incomplete entry", t.term);
        assert!(!cjk(&t.en) && !cjk(&t.note) && !cjk(&t.pinyin), "{}: Chinese in its English", t.term);
    }
    for rite in rites() {
        let tl = &rite.timeline;
        for s in &tl.court.solids {
            assert!(g.get(&s.id).is_some(), "{}: object {} has no glossary entry", rite.id, s.id);
        }
        for p in &tl.props {
            assert!(g.get(&p.name).is_some(), "{}: prop name {} has no glossary entry", rite.id, p.name);
        }
        for a in &tl.actors {
            let term = g.get(&a.name).unwrap_or_else(|| panic!("{}: office {} has no glossary entry", rite.id, a.name));
            assert_eq!(term.en, a.en, "{}: {}'s English differs between the glossary and the cast", rite.id, a.name);
        }
    }
}

#[test]
fn every_speech_act_has_its_english() {
    let g = glossary();
    for rite in rites() {
        for a in 0..rite.timeline.actors.len() {
            for (_, acts) in rite.duties(a) {
                for d in acts.iter().flatten() {
                    if let sheli::rite::acts::deed::Deed::Say(what) | sheli::rite::acts::deed::Deed::Call { words: what, .. } = d {
                        assert!(g.speech_en(what).is_some(), "{}: no English for the speech `{what}`", rite.id);
                    }
                }
            }
        }
    }
}

#[test]
fn the_glossary_is_searchable_by_characters_pinyin_and_english() {
    let g = glossary();
    assert!(g.search("阼阶").iter().any(|t| t.term == "阼阶"));
    assert!(g.search("zuojie").iter().any(|t| t.term == "阼阶"), "pinyin without tones finds it");
    assert!(g.search("east stairs").iter().any(|t| t.term == "阼阶"));
}

/// The interface's English strings: every `tr(en, "中文", "English")` in the viewer has no Chinese
/// in its English half, unless it names a term beside its English (as "Notes (记)").
#[test]
fn the_interface_english_has_no_chinese() {
    for path in rust_files("src/app") {
        let src = std::fs::read_to_string(&path).unwrap();
        let mut rest = src.as_str();
        while let Some(i) = rest.find("tr(en, \"") {
            rest = &rest[i + 8..];
            let zh_end = rest.find('"').unwrap();
            let after = &rest[zh_end + 1..];
            let en_start = after.find('"').unwrap() + 1;
            let en_end = after[en_start..].find('"').unwrap();
            let en = &after[en_start..en_start + en_end];
            let without_glosses: String = {
                let mut out = String::new();
                let mut depth = 0;
                for c in en.chars() {
                    match c {
                        '(' => depth += 1,
                        ')' => depth -= 1,
                        _ if depth == 0 => out.push(c),
                        _ => {}
                    }
                }
                out
            };
            assert!(!cjk(&without_glosses), "{}: `{en}`", path.display());
            rest = &after[en_start + en_end..];
        }
    }
}

/// Every `.rs` file under `dir`, however deep its folder.
fn rust_files(dir: &str) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![std::path::PathBuf::from(dir)];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    assert!(out.len() > 30, "the viewer's sources are found: {}", out.len());
    out
}
