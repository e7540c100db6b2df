//! Reading the Kanripo transcriptions (sources/commentary/README.md says how they are marked up):
//! the 四部丛刊《仪礼》郑氏注 as (经, 注) pairs, and the 文渊阁《仪礼注疏》 as a stream of large text
//! (经, and 注 after a large 「注」) with 音义 and 疏 in small double columns.

/// One (经, 注) pair of the 郑氏注 edition: the 经 run and the 注 printed after it.
#[derive(Debug, Clone, PartialEq)]
pub struct Pair {
    pub jing: String,
    pub zhu: String,
}

/// A piece of the 注疏 edition, in reading order.
#[derive(Debug, Clone, PartialEq)]
pub enum Piece {
    /// 经 in large characters
    Jing(String),
    /// 注 in large characters, after its 「注」 marker (it may run on into the next 经 unmarked)
    Zhu(String),
    /// 陆德明《经典释文》音义
    Yinyi(String),
    /// 贾公彦疏
    Shu(String),
}

/// Characters that the transcription writes as an entity or as two small components.
const GLYPHS: [(&str, &str); 2] = [("&KR0764;", "霤"), ("目/木", "相")];

/// The body lines of a file: header lines (`#`) dropped, page breaks and line ends removed.
fn body(text: &str) -> impl Iterator<Item = String> + '_ {
    text.lines().filter(|l| !l.starts_with('#')).map(strip_marks).filter(|l| !l.is_empty())
}

fn strip_marks(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(i) = rest.find("<pb:") {
        out.push_str(&rest[..i]);
        rest = rest[i..].find('>').map_or("", |j| &rest[i + j + 1..]);
    }
    out.push_str(rest);
    // ¶ ends a line of the page, ○ opens a section of the 注疏 edition: marks, not text
    let mut out = out.replace(['¶', '○'], "");
    for (from, to) in GLYPHS.iter().filter(|(f, _)| f.starts_with('&')) {
        out = out.replace(from, to);
    }
    unknown_glyphs(&out)
}

/// Any other `&KR…;` entity is a character no font has: shown as 〓, as printed editions mark a
/// missing character (it is no letter, so it never matches or misaligns).
fn unknown_glyphs(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find("&KR") {
        let end = rest[i..].find(';').filter(|&j| rest[i + 3..i + j].chars().all(|c| c.is_ascii_digit()));
        match end {
            Some(j) => {
                out.push_str(&rest[..i]);
                out.push('〓');
                rest = &rest[i + j + 1..];
            }
            None => {
                out.push_str(&rest[..i + 3]);
                rest = &rest[i + 3..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Large text and small-column groups, in order. A group is read right column, then left.
#[derive(Debug, PartialEq)]
enum Token {
    Text(String),
    Group(String),
}

fn tokens(s: &str) -> Result<Vec<Token>, String> {
    let mut out = Vec::new();
    let mut rest = s;
    while !rest.is_empty() {
        match rest.find('(') {
            Some(0) => {
                let close = rest.find(')').ok_or("a `(` with no `)`")?;
                let inner = &rest[1..close];
                if inner.contains('(') {
                    return Err(format!("a `(` inside a group: {}", inner.chars().take(20).collect::<String>()));
                }
                out.push(Token::Group(inner.to_string()));
                rest = &rest[close + 1..];
            }
            found => {
                let end = found.unwrap_or(rest.len());
                if rest[..end].contains(')') {
                    return Err(format!("a `)` with no `(`: {}", rest[..end].chars().take(20).collect::<String>()));
                }
                out.push(Token::Text(rest[..end].to_string()));
                rest = &rest[end..];
            }
        }
    }
    Ok(out)
}

fn columns(group: &str) -> String {
    group.replace('/', "")
}

/// The 郑氏注 edition: its title lines (up to 「鄭氏注」) and its pairs; the 卷's closing line and
/// its count of characters (「經…字注…字」) are left off.
pub fn read_zhu_edition(text: &str) -> Result<(Vec<String>, Vec<Pair>), String> {
    let lines: Vec<String> = body(text).collect();
    let title_end = lines.iter().position(|l| l.ends_with("鄭氏注")).ok_or("no title line ending in 鄭氏注")?;
    let mut pairs: Vec<Pair> = Vec::new();
    for token in tokens(&lines[title_end + 1..].concat())? {
        match token {
            Token::Text(t) => pairs.push(Pair { jing: t, zhu: String::new() }),
            Token::Group(g) => pairs.last_mut().ok_or("a 注 before any 经")?.zhu.push_str(&columns(&g)),
        }
    }
    if pairs.last().is_some_and(|p| p.jing.starts_with("儀禮卷第") && p.zhu.starts_with('經')) {
        pairs.pop();
    }
    Ok((lines[..=title_end].to_vec(), pairs))
}

/// The 注疏 edition, without its front matter and the 四库 考证 that ends the 卷.
pub fn read_shu_edition(text: &str) -> Result<Vec<Piece>, String> {
    // the 考证 follows the 卷's second `JUAN` header
    let kaozheng = text.lines().position(|l| l.starts_with("#+PROPERTY: JUAN") && l.contains("考證"));
    let main: String = text.lines().take(kaozheng.unwrap_or(usize::MAX)).collect::<Vec<_>>().join("\n");
    let lines: Vec<String> = body(&main).filter(|l| l != "欽定四庫全書" && !l.starts_with('\u{3000}')).collect();
    let mut pieces: Vec<Piece> = Vec::new();
    // what the next group belongs to: a new 音义 or 疏 just after its marker, the one before it
    // (a note runs over several groups), or else a character written in small components
    let mut open: Option<fn(String) -> Piece> = None;
    let mut fresh = false;
    let tokens = tokens(&lines.concat())?;
    for (k, token) in tokens.iter().enumerate() {
        let group_follows = matches!(tokens.get(k + 1), Some(Token::Group(_)));
        match token {
            Token::Text(t) => {
                let (large, marker) = if let Some(s) = t.strip_suffix("音義") {
                    (s, Some(Piece::Yinyi as fn(String) -> Piece))
                } else if let Some(s) = t.strip_suffix('疏') {
                    (s, Some(Piece::Shu as fn(String) -> Piece))
                } else if let Some(s) = t.strip_suffix('注').filter(|_| group_follows) {
                    // 燕礼 prints 「注(釋曰…)」 once where 「疏(釋曰…)」 is meant: a 注 is never in small columns
                    (s, Some(Piece::Shu as fn(String) -> Piece))
                } else {
                    (t.as_str(), None)
                };
                push_large(&mut pieces, large);
                open = marker;
                fresh = true;
            }
            Token::Group(g) => match (open, pieces.last_mut()) {
                (Some(make), _) if fresh => {
                    pieces.push(make(columns(g)));
                    fresh = false;
                }
                (Some(_), Some(last)) => push_to(last, &columns(g)),
                _ => match GLYPHS.iter().find(|(from, _)| from == g) {
                    Some((_, ch)) => push_large(&mut pieces, ch),
                    None => return Err(format!("a small-column group with no 音義 or 疏 before it: {g}")),
                },
            },
        }
    }
    Ok(pieces)
}

fn push_to(piece: &mut Piece, s: &str) {
    match piece {
        Piece::Jing(t) | Piece::Zhu(t) | Piece::Yinyi(t) | Piece::Shu(t) => t.push_str(s),
    }
}

/// Large text: 经, with each 「注」 opening a 注 that runs to the end of the text.
fn push_large(pieces: &mut Vec<Piece>, large: &str) {
    let mut parts = large.split('注');
    if let Some(first) = parts.next().filter(|s| !s.is_empty()) {
        match pieces.last_mut() {
            Some(last @ (Piece::Jing(_) | Piece::Zhu(_))) => push_to(last, first),
            _ => pieces.push(Piece::Jing(first.to_string())),
        }
    }
    for zhu in parts {
        pieces.push(Piece::Zhu(zhu.to_string()));
    }
}
