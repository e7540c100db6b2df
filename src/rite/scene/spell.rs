//! "Did you mean …": the nearest of a few known words to a misspelt one.

/// The known word nearest to `word` by edit distance, if it is near enough to be a slip
/// (about a third of its letters wrong at most).
pub fn nearest<'a>(word: &str, known: &[&'a str]) -> Option<&'a str> {
    let limit = word.chars().count().div_ceil(3);
    known.iter().map(|k| (distance(word, k), *k)).filter(|(d, _)| *d <= limit).min_by_key(|(d, _)| *d).map(|(_, k)| k)
}

/// The message for a name of kind `kind` that is not among `known`.
pub fn unknown_name<'k>(kind: &str, name: &str, known: impl IntoIterator<Item = &'k str>) -> String {
    let known: Vec<&str> = known.into_iter().collect();
    match nearest(name, &known) {
        Some(near) => format!("unknown {kind} `{name}` (did you mean `{near}`?)"),
        None => format!("unknown {kind} `{name}`"),
    }
}

/// Text without punctuation and white space, for matching what people type.
pub fn letters(s: &str) -> Vec<char> {
    s.chars().filter(|c| c.is_alphanumeric()).collect()
}

/// Levenshtein distance over characters.
pub fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let here = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(here + 1);
            prev = here;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_the_near_word_only() {
        assert_eq!(nearest("part", &["parts", "steps", "props"]), Some("parts"));
        assert_eq!(nearest("fase", &["to", "via", "off", "face"]), Some("face"));
        assert_eq!(nearest("anchr", &["id", "area", "anchor", "en", "source"]), Some("anchor"));
        assert_eq!(nearest("zzzzzz", &["parts", "steps"]), None);
        assert_eq!(distance("kitten", "sitting"), 3);
    }
}
