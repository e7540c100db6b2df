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

impl View {
    pub fn parse(s: &str) -> Result<View, String> {
        Ok(match s {
            "overview" => View::Overview,
            "plan" => View::Plan,
            "hall" => View::Hall,
            "gate" => View::Gate,
            _ if s.starts_with("follow:") => View::Follow(s["follow:".len()..].to_string()),
            "follow" => View::Follow(String::new()),
            _ if s.starts_with("close:") => View::Close(s["close:".len()..].to_string()),
            "director" => View::Director,
            _ => {
                return Err(format!(
                    "unknown view `{s}` (director, overview, plan, hall, gate, follow:ACTOR, close:ACTOR or close:OBJECT)"
                ));
            }
        })
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
