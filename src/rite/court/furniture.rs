//! The scene's furniture: what stands in the court and the hall, and how Rust may draw it.

use serde::Deserialize;

use crate::rite::court::measure::Dir;
use crate::rite::court::measure::Len;
use crate::rite::court::measure::Point;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Object {
    pub id: String,
    pub kind: ObjectKind,
    /// centre of the footprint
    pub at: Point,
    /// (east-west, north-south, height)
    pub size: (Len, Len, Len),
    #[serde(default)]
    pub facing: Option<Dir>,
    /// lift above its floor (a 侯 hangs above the ground)
    #[serde(default)]
    pub lift: Option<Len>,
    /// overrides whether people must walk around it
    #[serde(default)]
    pub blocks: Option<bool>,
    #[serde(default)]
    pub en: String,
    #[serde(default)]
    pub source: String,
}

/// What Rust knows how to draw and route around. Who uses it is the scene's business.
#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub enum ObjectKind {
    /// 阶: climbed in `steps` steps towards `up`
    Stair {
        steps: u32,
        up: Dir,
    },
    /// 楹
    Pillar,
    /// 序, 壁: a wall
    Wall,
    /// 楣, 栋: a line across the hall, drawn, not walked around
    Beam,
    /// 门
    Gate,
    /// the courtyard's enclosing wall
    CourtWall,
    /// 户: a door in the back wall of the hall
    Door,
    /// 洗
    Washbasin,
    /// 罍: the water vessel by the 洗
    WaterJar,
    /// 篚
    Basket,
    /// 尊, 壶, 甒
    WineJar,
    /// 禁, 斯禁: the stand under the jars
    JarStand,
    /// 县: chimes (磬) or bells (钟) on a frame, `hung` of them (a 堵 is 16 in two rows of eight,
    /// 《周礼·小胥》郑注「钟磬者编县之，二八十六枚而在一簴谓之堵」); a 鑮 hangs alone
    Chimes {
        hung: u32,
    },
    Bells {
        hung: u32,
    },
    /// 建鼓, 鼙
    Drum,
    /// 侯 with its proportions (记: 中, 躬, 舌)
    Target {
        zhong: Len,
        gong: Len,
        upper_tongue: Len,
        lower_tongue: Len,
        /// what is painted or fixed at the centre of the 中
        #[serde(default)]
        face: Option<TargetFace>,
        /// what edges the 中 on either side (饰其侧)
        #[serde(default)]
        trim: Option<TargetTrim>,
        /// its left lower cord when the rite begins (系, 解 or 束; tied unless said)
        #[serde(default)]
        cord: super::cord::Cord,
    },
    /// 乏: the marker's screen
    Blind,
    // the 楅, the 中 and the 丰 are carried in and set down: they are props (`PropKind`), not
    // furniture standing from the start
    /// 物: the shooter's cross marked on the floor
    Mark,
    /// 席, 筵
    Mat,
    /// 次: the dressing tent
    Tent,
    /// 烛
    Torch,
    /// 坫
    Platform,
    /// anything else: drawn as a box
    Thing,
}

/// The centre of a 侯's 中, a third of its width (《考工记·梓人》「参分其广而鹄居一焉」).
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub enum TargetFace {
    /// 正: squares painted one inside another, the centre first (采侯: 二正 is 朱 within 绿,
    /// 梓人「二正，去白苍而画以朱绿」)
    Zheng(Vec<Paint>),
    /// 鹄: a square of hide of this beast (皮侯: 熊鹄, 豹鹄, 犴鹄)
    Hu(Beast),
}

/// The 饰 on the sides of a 侯's 中: clouds painted on a vermilion ground for the 采侯 of 宾射 and
/// 燕射 (乡射礼·记「凡画者，丹质」, 郑注「宾射之侯、燕射之侯，皆画云气于侧以为饰，必先以丹采其地」),
/// or a beast's hide for a 皮侯 (大射仪 郑注「参…豹鹄而麋饰」「犴侯者，犴鹄犴饰也」; 《周礼·司裘》
/// 郑注「以虎熊豹麋之皮饰其侧」). 侧 is read as the cloth left and right of the 中, in the 中's row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum TargetTrim {
    #[serde(rename = "云气")]
    Clouds,
    Hide(Beast),
}

/// The colours of the 正 (梓人: 「中朱，次白，次苍，次黄，玄居外」).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Paint {
    #[serde(rename = "朱")]
    Vermilion,
    #[serde(rename = "白")]
    White,
    #[serde(rename = "苍")]
    Blue,
    #[serde(rename = "黄")]
    Yellow,
    #[serde(rename = "玄")]
    Black,
    #[serde(rename = "绿")]
    Green,
}

impl Paint {
    pub fn rgb(self) -> [f32; 3] {
        match self {
            Paint::Vermilion => [0.80, 0.15, 0.08],
            Paint::White => [0.95, 0.94, 0.90],
            Paint::Blue => [0.20, 0.35, 0.55],
            Paint::Yellow => [0.85, 0.70, 0.20],
            Paint::Black => [0.08, 0.07, 0.08],
            Paint::Green => [0.15, 0.50, 0.25],
        }
    }
}

impl ObjectKind {
    /// Whether people walk around it unless the scene says otherwise.
    pub fn blocks_by_default(&self) -> bool {
        matches!(
            self,
            ObjectKind::Stair { .. }
                | ObjectKind::Pillar
                | ObjectKind::Wall
                | ObjectKind::CourtWall
                | ObjectKind::Washbasin
                | ObjectKind::WaterJar
                | ObjectKind::WineJar
                | ObjectKind::JarStand
                | ObjectKind::Chimes { .. }
                | ObjectKind::Bells { .. }
                | ObjectKind::Drum
                | ObjectKind::Target { .. }
                | ObjectKind::Blind
                | ObjectKind::Tent
                | ObjectKind::Platform
        )
    }
}

/// The beasts the text names for a 皮侯's 鹄 and for the shape of a 中 (乡射礼·记: 「君，国中射，
/// 则皮树中…于郊，则闾中…于竟，则虎中…大夫，兕中…士，鹿中」).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
pub enum Beast {
    #[serde(rename = "熊")]
    Bear,
    #[serde(rename = "豹")]
    Leopard,
    /// 犴: 郑注「胡犬也」
    #[serde(rename = "犴")]
    WildDog,
    #[serde(rename = "麋")]
    Elk,
    #[serde(rename = "虎")]
    Tiger,
    #[serde(rename = "鹿")]
    Deer,
    #[serde(rename = "兕")]
    Rhinoceros,
    /// 皮树: 郑注「兽名」, its form not recorded
    #[serde(rename = "皮树")]
    PiShu,
    /// 闾: 郑注「兽名，如驴，一角」
    #[serde(rename = "闾")]
    Lu,
}

impl Beast {
    /// The colour of its hide, as a painter would give it.
    pub fn hide_rgb(self) -> [f32; 3] {
        match self {
            Beast::Bear => [0.22, 0.15, 0.10],
            Beast::Leopard => [0.78, 0.58, 0.22],
            Beast::WildDog => [0.55, 0.50, 0.42],
            Beast::Elk => [0.58, 0.42, 0.26],
            Beast::Tiger => [0.85, 0.55, 0.15],
            Beast::Deer => [0.66, 0.45, 0.25],
            Beast::Rhinoceros => [0.40, 0.38, 0.36],
            Beast::PiShu | Beast::Lu => [0.45, 0.32, 0.20],
        }
    }

    /// Whether its hide is spotted or striped (drawn with dark marks).
    pub fn marked(self) -> bool {
        matches!(self, Beast::Leopard | Beast::Tiger | Beast::Deer)
    }

    /// What grows on its head: antlers, one horn, or none.
    pub fn horns(self) -> Horns {
        match self {
            Beast::Deer | Beast::Elk => Horns::Antlers,
            Beast::Rhinoceros | Beast::Lu => Horns::One,
            _ => Horns::None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Horns {
    None,
    One,
    Antlers,
}
