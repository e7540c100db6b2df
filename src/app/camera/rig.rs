//! What a camera preset is (a view the reader picks) and where a camera looks from (a rig).

use bevy::math::Vec3;

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum View {
    #[default]
    Overview,
    Plan,
    Hall,
    Gate,
    Follow(String),
    /// a close look at one person from his front and right, to see what his hands do
    Close(String),
    /// 导演: a shot chosen for every beat (the viewer's default while playing)
    Director,
    /// wherever the mouse left it
    Free,
}

/// A view the reader picks by name: its word (`--view`), the digit key, and its labels on the
/// bar. The one table the bar, the keys and the CLI read, in the bar's order.
pub struct Preset {
    pub view: View,
    pub word: &'static str,
    pub key: char,
    pub zh: &'static str,
    pub en: &'static str,
}

pub const PRESETS: [Preset; 6] = [
    Preset { view: View::Director, word: "director", key: '6', zh: "导演", en: "Director" },
    Preset { view: View::Overview, word: "overview", key: '1', zh: "全景", en: "Overview" },
    Preset { view: View::Plan, word: "plan", key: '2', zh: "平面图", en: "Plan" },
    Preset { view: View::Hall, word: "hall", key: '3', zh: "自堂", en: "From hall" },
    Preset { view: View::Gate, word: "gate", key: '4', zh: "自门", en: "From gate" },
    // following whoever is selected; `follow:ACTOR` names him
    Preset { view: View::Follow(String::new()), word: "follow", key: '5', zh: "跟随", en: "Follow" },
];

/// `--view`'s help, from the table.
pub fn view_help() -> String {
    let words: Vec<&str> = PRESETS.iter().map(|p| p.word).collect();
    format!("the camera: {}, follow:ACTOR, close:ACTOR or close:OBJECT", words.join(", "))
}

impl std::str::FromStr for View {
    type Err = String;

    fn from_str(s: &str) -> Result<View, String> {
        if let Some(who) = s.strip_prefix("follow:") {
            return Ok(View::Follow(who.to_string()));
        }
        if let Some(who) = s.strip_prefix("close:") {
            return Ok(View::Close(who.to_string()));
        }
        if let Some(p) = PRESETS.into_iter().find(|p| p.word == s) {
            return Ok(p.view);
        }
        let words: Vec<&str> = PRESETS.iter().map(|p| p.word).collect();
        let hint = crate::rite::scene::spell::nearest(s, &words).map(|w| format!(" (did you mean `{w}`?)")).unwrap_or_default();
        Err(format!("unknown view `{s}`{hint}: one of {}, follow:ACTOR, close:ACTOR or close:OBJECT", words.join(", ")))
    }
}

/// Where the camera looks from: a focus point, a direction and a distance.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rig {
    pub focus: Vec3,
    /// around the vertical, 0 = from the south
    pub yaw: f32,
    /// above the horizon
    pub pitch: f32,
    pub distance: f32,
    /// top-down orthographic (the 仪礼图 plan)
    pub plan: bool,
}

impl Rig {
    pub fn eye(&self) -> Vec3 {
        let dir = Vec3::new(self.pitch.cos() * self.yaw.sin(), self.pitch.sin(), self.pitch.cos() * self.yaw.cos());
        self.focus + dir * self.distance
    }
}

/// How much of the ground a plan camera at distance d shows across its shorter side: d × this.
pub const PLAN_SPAN: f32 = 0.55;
