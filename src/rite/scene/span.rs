//! Where each value of a RON file starts. serde forgets positions; diagnostics need them, so the
//! source is read a second time by this small reader, which understands just enough RON to know
//! which value sits at which path (`steps[3].beats[1].acts[0]`).

use std::borrow::Cow;

/// 1-based line and column (in characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Pos {
    pub line: usize,
    pub col: usize,
}

/// One step of a path into the file: a named field (or map key), or a position in a list or tuple.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Seg {
    /// field names are mostly literals in the compiler: borrowed, so building a path allocates
    /// only its vector
    Field(Cow<'static, str>),
    Index(usize),
}

pub type Path = Vec<Seg>;

/// Builds paths tersely: `path(&base).field(field::BEATS).index(2)`.
pub trait PathExt {
    fn field(&self, name: impl Into<Cow<'static, str>>) -> Path;
    fn index(&self, i: usize) -> Path;
}

impl PathExt for Path {
    fn field(&self, name: impl Into<Cow<'static, str>>) -> Path {
        let mut p = self.clone();
        p.push(Seg::Field(name.into()));
        p
    }
    fn index(&self, i: usize) -> Path {
        let mut p = self.clone();
        p.push(Seg::Index(i));
        p
    }
}

#[derive(Debug, Default)]
pub struct Node {
    pub pos: Pos,
    /// named fields and map entries (key text without quotes)
    fields: Vec<(String, Node)>,
    /// positional items of a tuple, list or tuple struct
    items: Vec<Node>,
    /// `Some(..)` wraps its value: paths look through it
    is_some: bool,
}

impl Node {
    /// The node at `path`, or the deepest node on the way to it (a field left out falls back to
    /// the value that holds it).
    pub fn locate(&self, path: &[Seg]) -> Pos {
        let mut node = self;
        for seg in path {
            while node.is_some && node.items.len() == 1 {
                node = &node.items[0];
            }
            let next = match seg {
                Seg::Field(name) => node.fields.iter().find(|(k, _)| k == name).map(|(_, n)| n),
                Seg::Index(i) => node.items.get(*i),
            };
            match next {
                Some(n) => node = n,
                None => break,
            }
        }
        node.pos
    }
}

/// Reads `src` into a tree of positions. Malformed input gives a partial tree, never a panic:
/// serde reports the syntax error itself.
pub fn index(src: &str) -> Node {
    let mut r = Reader { chars: src.chars().collect(), i: 0, line: 1, col: 1, unclosed: None };
    r.skip_trivia();
    r.value(0)
}

/// Where the block comment opens that is still open at the end of the text, if one is: the
/// parser reports only the end.
pub fn unclosed_comment(src: &str) -> Option<Pos> {
    let mut r = Reader { chars: src.chars().collect(), i: 0, line: 1, col: 1, unclosed: None };
    r.skip_trivia();
    r.value(0);
    r.skip_trivia();
    r.unclosed
}

struct Reader {
    chars: Vec<char>,
    i: usize,
    line: usize,
    col: usize,
    /// where the first comment that never closes opens
    unclosed: Option<Pos>,
}

const MAX_DEPTH: usize = 256;

impl Reader {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }
    fn peek_at(&self, k: usize) -> Option<char> {
        self.chars.get(self.i + k).copied()
    }
    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.i += 1;
        if c == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        Some(c)
    }
    fn pos(&self) -> Pos {
        Pos { line: self.line, col: self.col }
    }

    fn skip_trivia(&mut self) {
        loop {
            match (self.peek(), self.peek_at(1)) {
                (Some(c), _) if c.is_whitespace() => {
                    self.bump();
                }
                (Some('/'), Some('/')) | (Some('#'), Some('!')) => {
                    while let Some(c) = self.bump() {
                        if c == '\n' {
                            break;
                        }
                    }
                }
                (Some('/'), Some('*')) => {
                    let open = self.pos();
                    self.bump();
                    self.bump();
                    let mut depth = 1;
                    while depth > 0 {
                        match (self.bump(), self.peek()) {
                            (None, _) => {
                                self.unclosed.get_or_insert(open);
                                return;
                            }
                            (Some('*'), Some('/')) => {
                                self.bump();
                                depth -= 1;
                            }
                            (Some('/'), Some('*')) => {
                                self.bump();
                                depth += 1;
                            }
                            _ => {}
                        }
                    }
                }
                _ => return,
            }
        }
    }

    fn value(&mut self, depth: usize) -> Node {
        let mut node = Node { pos: self.pos(), ..Node::default() };
        if depth > MAX_DEPTH {
            return node;
        }
        match self.peek() {
            Some('"') => self.string(),
            Some('r') if matches!(self.peek_at(1), Some('"') | Some('#')) => self.raw_string(),
            Some('\'') => self.char_literal(),
            Some('(') => self.group(&mut node, ')', depth),
            Some('[') => self.group(&mut node, ']', depth),
            Some('{') => self.group(&mut node, '}', depth),
            Some(_) => {
                let word = self.word();
                self.skip_trivia();
                if self.peek() == Some('(') {
                    node.is_some = word == "Some";
                    self.group(&mut node, ')', depth);
                }
            }
            None => {}
        }
        node
    }

    fn word(&mut self) -> String {
        let mut w = String::new();
        while let Some(c) = self.peek() {
            if c.is_whitespace() || "()[]{},:\"'/".contains(c) {
                break;
            }
            w.push(c);
            self.bump();
        }
        if w.is_empty() {
            // a stray character: step over it so the reader always advances
            self.bump();
        }
        w
    }

    /// `( … )`, `[ … ]`, `{ … }`: items, `name: value` fields, or `key: value` map entries.
    fn group(&mut self, node: &mut Node, close: char, depth: usize) {
        self.bump();
        loop {
            self.skip_trivia();
            match self.peek() {
                None => return,
                Some(c) if c == close => {
                    self.bump();
                    return;
                }
                Some(',') => {
                    self.bump();
                    continue;
                }
                Some(c) if ")]}".contains(c) => {
                    self.bump();
                    return;
                }
                _ => {}
            }
            let start = self.i;
            let item = self.value(depth + 1);
            self.skip_trivia();
            if self.peek() == Some(':') {
                self.bump();
                self.skip_trivia();
                let key: String = self.chars[start..self.i].iter().collect();
                let key = key.trim().trim_end_matches(':').trim().trim_matches('"').to_string();
                let value = self.value(depth + 1);
                node.fields.push((key, value));
            } else {
                node.items.push(item);
            }
            if self.i == start {
                self.bump();
            }
        }
    }

    fn string(&mut self) {
        self.bump();
        while let Some(c) = self.bump() {
            match c {
                '\\' => {
                    self.bump();
                }
                '"' => return,
                _ => {}
            }
        }
    }

    fn raw_string(&mut self) {
        self.bump();
        let mut hashes = 0;
        while self.peek() == Some('#') {
            self.bump();
            hashes += 1;
        }
        self.bump();
        while let Some(c) = self.bump() {
            if c == '"' {
                let mut n = 0;
                while n < hashes && self.peek() == Some('#') {
                    self.bump();
                    n += 1;
                }
                if n == hashes {
                    return;
                }
            }
        }
    }

    fn char_literal(&mut self) {
        self.bump();
        while let Some(c) = self.bump() {
            match c {
                '\\' => {
                    self.bump();
                }
                '\'' => return,
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_fields_items_and_map_keys() {
        let src = "Scene(\n  id: \"a\",\n  steps: [\n    Step(id: \"s1\", beats: [Beat(text: \"x\", acts: [Act(\"zhuren\", [Go(to: \"阶\")])])]),\n  ],\n  m: {\"k\": \"v\"},\n)";
        let root = index(src);
        let p: Path = vec![];
        assert_eq!(root.locate(&p.field("id")), Pos { line: 2, col: 7 });
        let act = p.field("steps").index(0).field("beats").index(0).field("acts").index(0);
        assert_eq!(root.locate(&act), Pos { line: 4, col: 51 });
        assert_eq!(root.locate(&act.index(0)), Pos { line: 4, col: 55 });
        assert_eq!(root.locate(&act.index(1).index(0).field("to")), Pos { line: 4, col: 73 });
        assert_eq!(root.locate(&p.field("m").field("k")), Pos { line: 6, col: 12 });
    }

    #[test]
    fn missing_field_falls_back_to_parent_and_some_is_transparent() {
        let src = "A(x: Some(B(y: 1)), z: [1, 2])";
        let root = index(src);
        let p: Path = vec![];
        assert_eq!(root.locate(&p.field("x").field("y")), Pos { line: 1, col: 16 });
        assert_eq!(root.locate(&p.field("z").index(7)), Pos { line: 1, col: 24 });
    }

    #[test]
    fn garbage_never_panics() {
        for src in ["", "(", ")))", "A(b: \"unterminated", "/* open", "r#\"x", "[,,:]", "{:}", "'"] {
            let _ = index(src).locate(&[Seg::Field("a".into()), Seg::Index(3)]);
        }
    }
}
