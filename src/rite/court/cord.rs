//! A 侯's left lower cord (左下纲) over the rite: the 侯 is put up with that cord untied and the
//! cloth rolled up over its centre (乡射礼「不系左下纲，中掩束之」), spread and tied before the
//! shooting (「弟子说束，遂系左下纲」), and untied again when the shooting is over (「说侯之左下纲而
//! 释之」, 大射仪「巾车、量人解左下纲」).

use serde::Deserialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
pub enum Cord {
    /// 系: tied, the cloth spread
    #[default]
    #[serde(rename = "系")]
    Tied,
    /// 不系, 解, 说…而释之: untied, the lower left corner hanging loose
    #[serde(rename = "解")]
    Untied,
    /// 中掩束之: untied, the cloth rolled up from that corner over the 中 and bound
    #[serde(rename = "束")]
    Furled,
}

impl Cord {
    /// The name in `state --json`.
    pub fn name(self) -> &'static str {
        match self {
            Cord::Tied => "tied",
            Cord::Untied => "untied",
            Cord::Furled => "furled",
        }
    }
}

/// One 侯's cord: how it starts, then (time, state from then on).
#[derive(Debug, Clone, PartialEq)]
pub struct CordTrack {
    /// the 侯's object id
    pub object: String,
    pub initial: Cord,
    pub keys: Vec<(f32, Cord)>,
}

impl CordTrack {
    pub fn at(&self, t: f32) -> Cord {
        let k = self.keys.partition_point(|(kt, _)| *kt <= t);
        if k == 0 { self.initial } else { self.keys[k - 1].1 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cord_is_as_last_changed() {
        let track = CordTrack { object: "侯".into(), initial: Cord::Furled, keys: vec![(10.0, Cord::Tied), (50.0, Cord::Untied)] };
        assert_eq!(track.at(0.0), Cord::Furled);
        assert_eq!(track.at(10.0), Cord::Tied);
        assert_eq!(track.at(49.0), Cord::Tied);
        assert_eq!(track.at(80.0), Cord::Untied);
    }
}
