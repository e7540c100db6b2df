//! The glossary (`glossary/terms.ron`) and the English of the scenes' speech acts
//! (`glossary/speech.ron`): one source for the English of every term, used by the labels, the duty
//! lines, the panel and the CLI. Both files ship in the binary and are parsed once, when first asked.

use std::collections::HashMap;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

pub const GLOSSARY_FILE: &str = "glossary/terms.ron";
pub const SPEECH_FILE: &str = "glossary/speech.ron";
pub const SECTIONS_FILE: &str = "glossary/sections.ron";
const GLOSSARY_SRC: &str = include_str!("../../glossary/terms.ron");
const SPEECH_SRC: &str = include_str!("../../glossary/speech.ron");
const SECTIONS_SRC: &str = include_str!("../../glossary/sections.ron");

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub enum TermKind {
    Place,
    Building,
    Object,
    Prop,
    Garment,
    Gesture,
    Office,
    Act,
    Music,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Term {
    pub term: String,
    pub pinyin: String,
    pub kind: TermKind,
    pub en: String,
    pub note: String,
    #[serde(default)]
    pub source: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename = "Glossary")]
struct GlossaryFile {
    terms: Vec<Term>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename = "Speech")]
struct SpeechFile {
    lines: Vec<(String, String)>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename = "Sections")]
struct SectionsFile {
    titles: Vec<(String, String)>,
}

pub struct Glossary {
    pub terms: Vec<Term>,
    by_term: HashMap<String, usize>,
    speech: HashMap<String, String>,
    sections: HashMap<String, String>,
}

/// Parses the files' texts; a broken file is reported with its line and column.
pub fn parse(glossary: &str, speech: &str, sections: &str) -> Result<Glossary, String> {
    let g: GlossaryFile = ron::from_str(glossary).map_err(|e| format!("{GLOSSARY_FILE}:{e}"))?;
    let s: SpeechFile = ron::from_str(speech).map_err(|e| format!("{SPEECH_FILE}:{e}"))?;
    let t: SectionsFile = ron::from_str(sections).map_err(|e| format!("{SECTIONS_FILE}:{e}"))?;
    let by_term = g.terms.iter().enumerate().map(|(i, t)| (t.term.clone(), i)).collect();
    Ok(Glossary { terms: g.terms, by_term, speech: s.lines.into_iter().collect(), sections: t.titles.into_iter().collect() })
}

/// The shipped glossary. Its files are checked by the test suite, so a parse error here is a
/// broken build, reported once; the lookups then find nothing.
pub fn glossary() -> &'static Glossary {
    static G: OnceLock<Glossary> = OnceLock::new();
    G.get_or_init(|| {
        parse(GLOSSARY_SRC, SPEECH_SRC, SECTIONS_SRC).unwrap_or_else(|e| {
            eprintln!("warning: the shipped glossary does not parse: {e}");
            Glossary { terms: Vec::new(), by_term: HashMap::new(), speech: HashMap::new(), sections: HashMap::new() }
        })
    })
}

impl Glossary {
    pub fn get(&self, term: &str) -> Option<&Term> {
        self.by_term.get(term).map(|&i| &self.terms[i])
    }

    /// The English of a term, if the glossary has it.
    pub fn en(&self, term: &str) -> Option<&str> {
        self.get(term).map(|t| t.en.as_str())
    }

    /// The English of a speech act (辞 → "declines").
    pub fn speech_en(&self, said: &str) -> Option<&str> {
        self.speech.get(said).map(String::as_str)
    }

    /// The English title of a section (拜至 → "The greeting at the top of the stairs").
    pub fn section_en(&self, section: &str) -> Option<&str> {
        self.sections.get(section).map(String::as_str)
    }

    /// Terms whose characters, pinyin or English contain the query (case-insensitive).
    pub fn search(&self, query: &str) -> Vec<&Term> {
        let q = query.trim().to_lowercase();
        if q.is_empty() {
            return self.terms.iter().collect();
        }
        let plain = |s: &str| strip_tones(&s.to_lowercase());
        self.terms
            .iter()
            .filter(|t| t.term.contains(query.trim()) || t.en.to_lowercase().contains(&q) || plain(&t.pinyin).contains(&plain(&q)))
            .collect()
    }
}

/// Pinyin without its tone marks, so "zuojie" finds "zuòjiē".
pub fn strip_tones(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            'ā' | 'á' | 'ǎ' | 'à' => 'a',
            'ē' | 'é' | 'ě' | 'è' => 'e',
            'ī' | 'í' | 'ǐ' | 'ì' => 'i',
            'ō' | 'ó' | 'ǒ' | 'ò' => 'o',
            'ū' | 'ú' | 'ǔ' | 'ù' => 'u',
            'ǖ' | 'ǘ' | 'ǚ' | 'ǜ' | 'ü' => 'v',
            other => other,
        })
        .collect()
}

/// The text in pinyin with tone marks, one syllable a character, punctuation kept: the
/// commonest reading of each character (a classical reading may differ; the glossary gives the
/// terms' own).
pub fn pinyin_of(text: &str) -> String {
    use pinyin::ToPinyin;
    let mut out = String::new();
    for (c, p) in text.chars().zip(text.to_pinyin()) {
        match p {
            Some(p) => {
                if !out.is_empty() && !out.ends_with(' ') {
                    out.push(' ');
                }
                out.push_str(p.with_tone());
            }
            None => out.push(c),
        }
    }
    out
}
