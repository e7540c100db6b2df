//! The README's map of the code names files and folders; each must exist, so the map cannot
//! drift from the tree without a failing test.

use std::path::Path;

/// Every path the section "The code, and where things are added" names: `src/…`, `tests/…`,
/// `docs/…`, `scenes/…`, `glossary/…` written out, and each `name.rs` or `name/` of the tree
/// drawn in its code block, resolved under the folders it is drawn beneath.
fn named_paths(readme: &str) -> Vec<String> {
    let start = readme.find("## The code, and where things are added").expect("the section exists");
    let section = &readme[start..];
    let section = &section[..section[3..].find("\n## ").map_or(section.len(), |e| e + 3)];
    let mut out = Vec::new();
    // written out in full
    for word in section.split(|c: char| c.is_whitespace() || "`(),;:".contains(c)) {
        let word = word.trim_end_matches('.');
        if ["src/", "tests/", "docs/", "scenes/", "glossary/"].iter().any(|p| word.starts_with(p)) {
            out.push(word.to_string());
        }
    }
    // the tree: indentation gives the folder, the first word of a line its entry, and the
    // `x.rs` files listed after it belong to that entry if it is a folder
    let tree = &section[section.find("```\n").unwrap() + 4..];
    let tree = &tree[..tree.find("```").unwrap()];
    let mut folders: Vec<(usize, String)> = Vec::new();
    for line in tree.lines() {
        let indent = line.len() - line.trim_start().len();
        let Some(first) = line.split_whitespace().next() else { continue };
        while folders.last().is_some_and(|(i, _)| *i >= indent) {
            folders.pop();
        }
        let here: String = folders.iter().map(|(_, f)| f.as_str()).collect();
        let long_line = indent < 18 && line.get(..18).is_some_and(|s| !s.trim().is_empty());
        let (entry, rest) = if long_line || first.ends_with('/') { (first, &line[first.len() + indent..]) } else { ("", line) };
        if entry.ends_with('/') {
            out.push(format!("{here}{entry}"));
            let inner = format!("{here}{entry}");
            for word in rest.split(|c: char| c.is_whitespace() || "`(),;:".contains(c)) {
                if word.ends_with(".rs") && !word.contains('/') {
                    out.push(format!("{inner}{word}"));
                }
            }
            folders.push((indent, entry.to_string()));
        } else {
            for word in line.split(|c: char| c.is_whitespace() || "`(),;:".contains(c)) {
                if word.ends_with(".rs") && !word.contains('/') {
                    out.push(format!("{here}{word}"));
                }
            }
        }
    }
    out
}

#[test]
fn every_path_the_readme_names_exists() {
    let readme = std::fs::read_to_string("README.md").unwrap();
    let paths = named_paths(&readme);
    assert!(paths.len() > 80, "the map names the tree: {} paths found", paths.len());
    let missing: Vec<_> = paths.iter().filter(|p| !Path::new(p.as_str()).exists()).collect();
    assert!(missing.is_empty(), "the README names paths that do not exist: {missing:?}");
}

#[test]
fn a_wrong_path_in_the_map_is_found() {
    let readme = std::fs::read_to_string("README.md").unwrap();
    let broken = readme.replacen("posture.rs, carry.rs", "posture.rs, carried.rs", 1);
    assert_ne!(broken, readme, "the tree names carry.rs beside posture.rs");
    let paths = named_paths(&broken);
    assert!(paths.iter().any(|p| p == "src/app/figures/carried.rs"), "{paths:?}");
}
