//! 贾疏's divisions of the rite: a 疏 that opens 「釋曰：自此至X，論Y之事」 says that the 经 from the
//! unit it follows' beginning to the words X is one passage, about Y. They make a classical table
//! of contents beside our own sections.

use std::ops::Range;

use super::simplify::{fold, simplified, simplified_chars};
use super::{Unit, beats_of};

#[derive(Debug, Clone, PartialEq)]
pub struct Division {
    /// what it is about (Y), simplified
    pub topic: String,
    /// the words it ends with (X), simplified
    pub until: String,
    /// the 疏's own words, as the edition prints them: 「自此至X論Y之事」
    pub heading: String,
    /// our letters, and the beats, it spans
    pub letters: Range<usize>,
    pub beats: Range<usize>,
}

/// Longest topic a division heading gives before its 「之事」.
const TOPIC_MAX: usize = 40;

/// The divisions the 疏 of `units` open, in order.
pub fn find(units: &[Unit], ours: &[char], starts: &[usize]) -> Vec<Division> {
    let mut out: Vec<Division> = Vec::new();
    for u in units {
        for shu in u.shu() {
            let Some((until, topic, heading)) = heading(&shu.traditional) else { continue };
            let from = u.letters.start;
            let want: Vec<char> = simplified_chars(&until).into_iter().map(fold).collect();
            let Some(end) = find_after(ours, &want, from) else { continue };
            let letters = from..end;
            let beats = beats_of(&letters, starts);
            out.push(Division { topic: simplified(&topic), until: simplified(&until), heading, letters, beats });
        }
    }
    out
}

/// (X, Y, the heading) of a 疏 opening 「釋曰自此至X論Y之事」 (or 「自此盡X」, 「自此以下至X」).
fn heading(shu: &str) -> Option<(String, String, String)> {
    let body = shu.strip_prefix("釋曰")?;
    let rest = ["自此至", "自此盡", "自此以下至", "自此已下至", "自此以下盡", "自此已下盡"].iter().find_map(|p| body.strip_prefix(p))?;
    let (until, rest) = rest.split_once('論')?;
    let topic_end = rest.char_indices().take(TOPIC_MAX).find(|(i, _)| rest[*i..].starts_with("之事")).map(|(i, _)| i)?;
    let topic = &rest[..topic_end];
    let heading_len = body.len() - rest.len() + topic_end + "之事".len();
    Some((until.to_string(), topic.to_string(), body[..heading_len].to_string()))
}

/// The end of the first occurrence of `want` in `ours` at or after `from`.
fn find_after(ours: &[char], want: &[char], from: usize) -> Option<usize> {
    if want.is_empty() || from > ours.len() {
        return None;
    }
    ours[from..].windows(want.len()).position(|w| w == want).map(|i| from + i + want.len())
}

#[cfg(test)]
mod tests {
    use super::heading;

    #[test]
    fn a_heading_gives_its_end_and_its_topic() {
        let (until, topic, h) = heading("釋曰自此至無介論州長將射先戒賓之事案大射").unwrap();
        assert_eq!(until, "無介");
        assert_eq!(topic, "州長將射先戒賓");
        assert_eq!(h, "自此至無介論州長將射先戒賓之事");
        assert!(heading("釋曰云鄉大夫者").is_none());
    }
}
