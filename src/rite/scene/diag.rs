//! Diagnostics in the one format people and editors read: `path:line:col: error[code]: message`.

use std::fmt;

use super::span::Pos;

/// What kind of problem a diagnostic reports: shown as `error[unknown-name]`, the same on every
/// run, so an editor, a test or a person can tell kinds apart without reading the wording; each
/// case of `tests/bad_scenes` is named after the code it shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Code {
    /// the text is not a scene: RON syntax, a misspelt field or variant, a control character
    Syntax,
    /// a part file refused, unreadable or listed twice
    Part,
    /// past a bound the loader keeps against runaway input: size, nesting, expansion
    Limit,
    /// a name (place, actor, prop, template, piece …) that the scene does not declare
    UnknownName,
    /// an id given twice, or empty
    DuplicateId,
    /// the court: units, objects, the hall, places and their anchors
    Layout,
    /// where an actor or a thing starts
    Start,
    /// a template's parameters, a template using itself, a template nothing uses
    Template,
    /// the text enacted: empty beats, no steps, a 记 note on no step
    Text,
    /// a wait or a duration that cannot be played
    Timing,
    /// a walk no path makes, or a stair climbed wrongly
    Route,
    /// a thing taken, set down or handed on by someone who cannot
    Hands,
    /// 授/受 not face to face, out of reach, or not at once
    Handover,
    /// what a body cannot do: stand where another stands, act before he has come in, wash away
    /// from a 洗, sing without a voice, lead or untie what he cannot
    Body,
    /// a general rule of the rite (释例): the posture a cup is drained in, the hands free to 拜,
    /// his own stair, the way round the 司马, the blind led, things carried in, not conjured
    Rule,
    /// music: a piece, its players, when it stops
    Music,
    /// a disputed point and its readings
    Reading,
}

/// Why something asked of the scene cannot be done: the kind of problem and what to say.
pub type Refusal = (Code, String);

impl Code {
    /// This kind of problem, with what to say of it.
    pub fn refuse(self, message: String) -> Refusal {
        (self, message)
    }

    /// Every code, in the order of the enum.
    pub const ALL: [Code; 17] = [
        Code::Syntax,
        Code::Part,
        Code::Limit,
        Code::UnknownName,
        Code::DuplicateId,
        Code::Layout,
        Code::Start,
        Code::Template,
        Code::Text,
        Code::Timing,
        Code::Route,
        Code::Hands,
        Code::Handover,
        Code::Body,
        Code::Rule,
        Code::Music,
        Code::Reading,
    ];

    /// The code as printed: `unknown-name`.
    pub fn name(self) -> &'static str {
        match self {
            Code::Syntax => "syntax",
            Code::Part => "part",
            Code::Limit => "limit",
            Code::UnknownName => "unknown-name",
            Code::DuplicateId => "duplicate-id",
            Code::Layout => "layout",
            Code::Start => "start",
            Code::Template => "template",
            Code::Text => "text",
            Code::Timing => "timing",
            Code::Route => "route",
            Code::Hands => "hands",
            Code::Handover => "handover",
            Code::Body => "body",
            Code::Rule => "rule",
            Code::Music => "music",
            Code::Reading => "reading",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub code: Code,
    pub file: String,
    pub pos: Pos,
    pub message: String,
    /// the offending source line, for the caret display: cut to [`EXCERPT_CHARS`] around the
    /// column, so a line of 100,000 brackets prints a short excerpt, not the whole line
    pub line_text: String,
    /// how many characters of `line_text` stand before the caret
    pub caret: usize,
    /// other places that explain it: "first at 12:5"
    pub related: Vec<RelatedPos>,
}

/// Another location a diagnostic points at, with what it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RelatedPos {
    pub label: String,
    /// the file, when it is not the diagnostic's own
    pub file: Option<String>,
    pub pos: Pos,
}

impl fmt::Display for RelatedPos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.file {
            Some(file) => write!(f, "{} {file}:{}:{}", self.label, self.pos.line, self.pos.col),
            None => write!(f, "{} {}:{}", self.label, self.pos.line, self.pos.col),
        }
    }
}

/// The widest excerpt of a source line a diagnostic shows, in characters.
pub const EXCERPT_CHARS: usize = 120;

/// The part of `line` around column `col` (1-based) that is shown, and where the caret falls in it.
fn excerpt(line: &str, col: usize) -> (String, usize) {
    let before = col.saturating_sub(1);
    let total = line.chars().count();
    if total <= EXCERPT_CHARS {
        return (line.to_string(), before.min(total));
    }
    let start = before.saturating_sub(EXCERPT_CHARS / 2).min(total - EXCERPT_CHARS);
    let mut text: String = line.chars().skip(start).take(EXCERPT_CHARS).collect();
    let mut caret = before - start.min(before);
    if start > 0 {
        text.insert(0, '…');
        caret += 1;
    }
    if start + EXCERPT_CHARS < total {
        text.push('…');
    }
    (text, caret)
}

impl Diagnostic {
    pub fn new(code: Code, file: &str, src: &str, pos: Pos, message: impl Into<String>) -> Diagnostic {
        let line = src.lines().nth(pos.line.saturating_sub(1)).unwrap_or("");
        let (line_text, caret) = excerpt(line, pos.col);
        Diagnostic { code, file: file.to_string(), pos, message: message.into(), line_text, caret, related: Vec::new() }
    }

    /// The first line only: `path:line:col: error[code]: message (first at 12:5)`.
    pub fn headline(&self) -> String {
        let mut line = format!("{}:{}:{}: error[{}]: {}", self.file, self.pos.line, self.pos.col, self.code.name(), self.message);
        for r in &self.related {
            line.push_str(&format!(" ({r})"));
        }
        line
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.headline())?;
        if !self.line_text.is_empty() {
            let gutter = self.pos.line.to_string();
            writeln!(f, "{} | {}", gutter, self.line_text)?;
            // wide (CJK) characters take two columns in a terminal
            let pad: usize = self.line_text.chars().take(self.caret).map(|c| if c.is_ascii() || c == '\t' { 1 } else { 2 }).sum();
            write!(f, "{} | {}^", " ".repeat(gutter.len()), " ".repeat(pad))?;
        }
        Ok(())
    }
}

/// A failed load: every diagnostic found, in file order.
#[derive(Debug, Clone)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in &self.0 {
            writeln!(f, "{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_line_is_cut_around_the_column() {
        let line = "[".repeat(100_000);
        let d = Diagnostic::new(Code::Limit, "f.ron", &line, Pos { line: 1, col: 50_000 }, "too deep");
        assert!(d.line_text.chars().count() <= EXCERPT_CHARS + 2, "{}", d.line_text.len());
        assert!(d.line_text.starts_with('…') && d.line_text.ends_with('…'));
        assert_eq!(d.caret, EXCERPT_CHARS / 2 + 1);
        let short = Diagnostic::new(Code::Syntax, "f.ron", "ab(cd", Pos { line: 1, col: 3 }, "x");
        assert_eq!((short.line_text.as_str(), short.caret), ("ab(cd", 2));
    }
}

/// Why a scene did not load: its file could not be read, or it has problems.
#[derive(Debug, Clone)]
pub enum LoadError {
    Unreadable(String),
    Invalid(Diagnostics),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::Unreadable(e) => writeln!(f, "{e}"),
            LoadError::Invalid(d) => write!(f, "{d}"),
        }
    }
}

impl LoadError {
    /// One line per problem, `path:line:col: error: message`, for a banner.
    pub fn headlines(&self) -> Vec<String> {
        match self {
            LoadError::Unreadable(e) => vec![e.clone()],
            LoadError::Invalid(d) => d.0.iter().map(|d| d.headline()).collect(),
        }
    }
}
