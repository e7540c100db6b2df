//! Diagnostics in the one format people and editors read: `path:line:col: error: message`.

use std::fmt;

use super::span::Pos;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub file: String,
    pub pos: Pos,
    pub message: String,
    /// the offending source line, for the caret display
    pub line_text: String,
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

impl Diagnostic {
    pub fn new(file: &str, src: &str, pos: Pos, message: impl Into<String>) -> Diagnostic {
        let line_text = src.lines().nth(pos.line.saturating_sub(1)).unwrap_or("").to_string();
        Diagnostic { file: file.to_string(), pos, message: message.into(), line_text, related: Vec::new() }
    }

    /// The first line only: `path:line:col: error: message (first at 12:5)`.
    pub fn headline(&self) -> String {
        let mut line = format!("{}:{}:{}: error: {}", self.file, self.pos.line, self.pos.col, self.message);
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
            let pad: usize =
                self.line_text.chars().take(self.pos.col.saturating_sub(1)).map(|c| if c.is_ascii() || c == '\t' { 1 } else { 2 }).sum();
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
