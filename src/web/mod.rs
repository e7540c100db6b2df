//! `sheli web`: the rite in any browser. A folder that opens from `file://` — the page, its
//! script and style, and the compiled timeline as `rite.js` — that draws the plan of the court,
//! moves everyone along the same tracks the viewer uses, shows the text beside it and answers
//! clicks. Plain HTML, SVG and JavaScript; nothing from the network.

pub mod export;

use std::path::Path;

use crate::plan::{PlanOptions, ground};
use crate::rite::Rite;

const PAGE: &str = include_str!("player.html");
const SCRIPT: &str = include_str!("player.js");
const STYLE: &str = include_str!("player.css");

/// The file that marks a folder as a player sheli wrote, which a later `web` may write over.
pub const MARK: &str = ".sheli-web";

/// The files of the player, by name, with their text.
pub fn files(rite: &Rite) -> Vec<(&'static str, String)> {
    let court = |english| ground(rite, &PlanOptions { english, embed_font: false, ..PlanOptions::default() });
    let (svg_zh, map) = court(false);
    let (svg_en, _) = court(true);
    let (w, h) = map.size();
    let court = serde_json::json!({
        "svg": svg_zh, "svg_en": svg_en,
        "map": {
            "x0": map.area.x0, "z0": map.area.z0, "x1": map.area.x1, "z1": map.area.z1,
            "scale": map.scale, "margin": map.margin, "breaks": map.breaks,
            "keeps": crate::plan::map::BREAK_KEEPS, "width": w, "height": h,
        },
    });
    let data = export::timeline_json(rite, court);
    let title = format!("{} · {}", rite.title, rite.title_en);
    vec![
        ("index.html", PAGE.replace("{{TITLE}}", &crate::plan::svg::escape(&title))),
        ("player.js", SCRIPT.to_string()),
        ("player.css", STYLE.to_string()),
        // a script, not a .json fetched: a page opened from file:// may not fetch
        ("rite.js", format!("window.RITE = {data};\n")),
        ("words.js", format!("window.WORDS = {};\n", export::words_json(rite))),
        (MARK, "a web player written by sheli: `sheli web --out` may write over this folder\n".to_string()),
    ]
}

/// Writes the player into `dir` (a new or empty folder, or one sheli wrote before).
pub fn write(rite: &Rite, dir: &Path) -> Result<(), String> {
    crate::output::claim_folder(dir, "a player", "web", |d| d.join(MARK).is_file())?;
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    for (name, text) in files(rite) {
        std::fs::write(dir.join(name), text).map_err(|e| format!("cannot write {}: {e}", dir.join(name).display()))?;
    }
    Ok(())
}
