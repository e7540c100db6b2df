//! The field names of a scene, as the compiler writes them into the paths that place a caret
//! (`steps[3].beats[0].acts`): one table, so a misspelt name is a compile error rather than a
//! caret that silently lands on the node above. Each is the name serde reads (`#[serde]` fields of
//! `model.rs` and its neighbours); a test checks that the scenes write every one.

pub const ACTORS: &str = "actors";
pub const ACTS: &str = "acts";
pub const ALTERNATIVES: &str = "alternatives";
pub const ANCHOR: &str = "anchor";
pub const ANNOTATES: &str = "annotates";
pub const ARROW: &str = "arrow";
pub const AT: &str = "at";
pub const BEAT: &str = "beat";
pub const BEATS: &str = "beats";
pub const BY: &str = "by";
pub const CHI_M: &str = "chi_m";
pub const DEFAULT: &str = "default";
pub const ESCORTS: &str = "escorts";
pub const EXCEPT: &str = "except";
pub const FREE: &str = "free";
pub const GROUPS: &str = "groups";
pub const HALL: &str = "hall";
pub const HELD_BY: &str = "held_by";
pub const HOW: &str = "how";
pub const HUNG: &str = "hung";
pub const ID: &str = "id";
pub const KIND: &str = "kind";
pub const LAYOUT: &str = "layout";
pub const LISTEN: &str = "listen";
pub const MEMBERS: &str = "members";
pub const METER: &str = "meter";
pub const MISS: &str = "miss";
pub const MUSIC: &str = "music";
pub const OBJECTS: &str = "objects";
pub const OF: &str = "of";
pub const OFF: &str = "off";
pub const PARTS: &str = "parts";
pub const PIECE: &str = "piece";
pub const PLACES: &str = "places";
pub const PROPS: &str = "props";
pub const READINGS: &str = "readings";
pub const SHOWN_AT: &str = "shown_at";
pub const SIZE: &str = "size";
pub const SOUTH_OF: &str = "south_of";
pub const START: &str = "start";
pub const STEP: &str = "step";
pub const STEPS: &str = "steps";
pub const STRUNG: &str = "strung";
pub const TARGET: &str = "target";
pub const TEMPLATES: &str = "templates";
pub const TEXT: &str = "text";
pub const TO: &str = "to";
pub const UNITS: &str = "units";
pub const UNTIL: &str = "until";
/// a call's `hold`
pub const HOLD: &str = "hold";
pub const VIA: &str = "via";
pub const WHO: &str = "who";

/// Every name above, for the test.
#[cfg(test)]
const ALL: [&str; 51] = [
    ACTORS,
    ACTS,
    ALTERNATIVES,
    ANCHOR,
    ANNOTATES,
    ARROW,
    AT,
    BEAT,
    BEATS,
    BY,
    CHI_M,
    DEFAULT,
    ESCORTS,
    EXCEPT,
    FREE,
    GROUPS,
    HALL,
    HELD_BY,
    HOW,
    HUNG,
    ID,
    KIND,
    LAYOUT,
    LISTEN,
    MEMBERS,
    METER,
    MUSIC,
    OBJECTS,
    OF,
    OFF,
    PARTS,
    PIECE,
    PLACES,
    PROPS,
    READINGS,
    SHOWN_AT,
    SIZE,
    SOUTH_OF,
    START,
    STEP,
    STEPS,
    STRUNG,
    TARGET,
    TEMPLATES,
    TEXT,
    TO,
    UNITS,
    UNTIL,
    HOLD,
    VIA,
    WHO,
];

#[cfg(test)]
mod tests {
    #[test]
    fn every_field_the_compiler_points_at_is_one_the_scenes_write() {
        let mut scenes = String::new();
        for dir in ["scenes", "scenes/xiang_she", "scenes/da_she", "tests/scenes", "tests/bad_scenes"] {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.extension().is_some_and(|e| e == "ron") {
                    scenes.push_str(&std::fs::read_to_string(&path).unwrap());
                }
            }
        }
        let written = |name: &str| {
            scenes.match_indices(&format!("{name}:")).any(|(i, _)| !scenes[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_'))
        };
        let missing: Vec<&str> = super::ALL.into_iter().filter(|n| !written(n)).collect();
        assert!(missing.is_empty(), "no scene writes the fields {missing:?}");
        assert!(!written("acts_"), "a name no scene writes is caught");
    }
}
