//! The gestures a figure can show, as one type with one table: the name the text uses, its
//! English, how long it takes and the pose it shows. A scene's moves are mapped to a gesture once,
//! when the scene is compiled; the timeline, the duties, the figures and the CLI match on the enum.

use super::gear::Gear;

/// How a body is at a moment: what the gestures end in and what the figures draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pose {
    Standing,
    Walking,
    Sitting,
    Bowing,
    Shooting,
}

impl Pose {
    pub fn name(self) -> &'static str {
        match self {
            Pose::Standing => "standing",
            Pose::Walking => "walking",
            Pose::Sitting => "sitting",
            Pose::Bowing => "bowing",
            Pose::Shooting => "shooting",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Gesture {
    Bai,
    ZaiBai,
    DaBai,
    DaZaiBai,
    QiShou,
    ZaiBaiQiShou,
    Yi,
    /// 厌: hands drawn in, not pushed out (注「引手曰厌」)
    Yan,
    Rang,
    Zuo,
    Xing,
    Guan,
    Xi,
    Ji,
    Cui,
    /// 哜: tastes the lung (郑注「哜，尝也」), the tip torn off and put to the mouth
    Taste,
    ZuJue,
    /// 拂: wipes (a cup, a bow, the arrows, the hands)
    Fu,
    /// 右挟之 with no arrow: the right hand hooks the bowstring (注「右挟之，右手挟弦」)
    HookString,
    /// 揉: bends the bow in both hands to try it (注「揉，宛之，观其安危也」)
    Flex,
    /// 乘: strokes the gathered arrows with both hands and counts them off by fours (注「左右手抚而
    /// 四四数分之」)
    CountByFours,
    /// 扬弓: lifts the bow held in both hands toward the targets as he gives the order (注「扬犹举也」)
    RaiseBow,
    /// 揖弓: pushes the bow held in his left hand forward toward the targets as he gives the order
    /// (注「揖，推之也」, 疏「揖弓者向侯而推之，以其命取矢故也」)
    PushBow,
    /// 束矢: winds the rushes round a bundle of arrows and knots them (「异束之以茅」; 「进束」, 注「又言束，整结之，示亲也」)
    BindArrows,
    /// 捆: brings the arrows he holds level, tapping them even in his hands (注「梱，齐等之也」)
    EvenArrows,
    /// 酌: ladles wine from the jar into the cup held in his left hand, with the ladle laid on the jar (乡射礼「皆加勺」, 大射仪「酌者加勺，又反之」)
    Ladle,
    Tan,
    XiRobe,
    Jue,
    Sui,
    ShuoJueShi,
    Lead,
    LetGo,
    TieCord,
    UntieCord,
    FurlTarget,
    UnfurlTarget,
    RaiseFlag,
    LowerFlag,
    Sing,
    Play,
    Take,
    Hold,
    Tuck,
    Between,
    StringBow,
    SlackBow,
    Put,
    Give,
    Set,
    Clear,
    Shoot,
    Speak,
    Wait,
    /// 共 (拱): waits with the hands joined before the chest
    Gong,
}

/// How a gesture holds the body while it lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stance {
    /// standing, or sitting if already seated (someone seated washes, plays or speaks seated)
    AsHeIs,
    Bowing,
    Sitting,
    Shooting,
    /// 兴: shown standing while he rises, the rise itself being the gesture (the figure eases
    /// up from the heels as it is made)
    Rising,
}

struct Row {
    name: &'static str,
    en: &'static str,
    seconds: f32,
    stance: Stance,
    /// whether the gesture leaves him seated (坐) or standing (兴); None: as he was
    seated_after: Option<bool>,
}

const fn row(name: &'static str, en: &'static str, seconds: f32, stance: Stance, seated_after: Option<bool>) -> Row {
    Row { name, en, seconds, stance, seated_after }
}

use Stance::{AsHeIs, Bowing, Rising, Shooting, Sitting};

/// In the order of [`Gesture`]'s variants.
const TABLE: [Row; 55] = [
    row("拜", "bows", 3.0, Bowing, None),
    row("再拜", "bows twice", 5.5, Bowing, None),
    row("答拜", "bows in return", 3.0, Bowing, None),
    row("答再拜", "bows twice in return", 5.5, Bowing, None),
    row("稽首", "bows with his head to the ground", 3.5, Bowing, None),
    row("再拜稽首", "bows twice, his head to the ground", 6.5, Bowing, None),
    row("揖", "salutes", 1.6, Bowing, None),
    row("厌", "salutes, drawing his hands in", 1.6, Bowing, None),
    row("让", "defers", 1.6, AsHeIs, None),
    row("坐", "kneels", 1.4, Sitting, Some(true)),
    row("兴", "rises", 1.2, Rising, Some(false)),
    row("盥", "washes his hands", 2.5, AsHeIs, None),
    row("洗", "washes the cup", 2.5, AsHeIs, None),
    row("祭", "makes an offering", 2.0, Sitting, None),
    row("啐", "tastes the wine", 1.5, Sitting, None),
    row("哜", "tastes the lung", 1.5, Sitting, None),
    // he drains as he is: seated (坐卒爵) or standing after 兴 (立卒觯); the text says which
    row("卒爵", "drains the cup", 2.0, AsHeIs, None),
    // with the cloth (拂以巾), the sleeve (以袂顺左右隈) or a hand wiped on the cloth (挩手)
    row("拂", "wipes", 1.5, AsHeIs, None),
    row("挟弦", "hooks the bowstring with his right hand", 1.0, AsHeIs, None),
    row("揉", "flexes the bow to try it", 2.0, AsHeIs, None),
    row("乘", "strokes the arrows and counts them off by fours", 4.0, AsHeIs, None),
    row("扬弓", "lifts his bow toward the targets", 1.5, AsHeIs, None),
    row("揖弓", "pushes his bow forward toward the targets", 1.6, AsHeIs, None),
    row("束矢", "binds a bundle of arrows with rushes", 3.0, AsHeIs, None),
    row("捆", "evens up his arrows", 1.5, AsHeIs, None),
    row("酌", "fills the cup from the jar", 2.0, AsHeIs, None),
    row("袒", "bares his left arm", 2.0, AsHeIs, None),
    row("袭", "covers his arm again", 2.0, AsHeIs, None),
    row("决", "puts on the thumb ring", 1.2, AsHeIs, None),
    row("遂", "ties on the arm guard", 1.2, AsHeIs, None),
    row("说决拾", "takes off the thumb ring and arm guard", 1.5, AsHeIs, None),
    row("相", "leads by the hand", 0.8, AsHeIs, None),
    row("释", "lets go of the one he leads", 0.5, AsHeIs, None),
    row("系", "ties the left lower cord", 2.0, AsHeIs, None),
    row("解", "unties the left lower cord", 2.0, AsHeIs, None),
    row("束", "rolls up the target and binds it", 3.0, AsHeIs, None),
    row("说束", "unbinds the rolled-up target", 2.0, AsHeIs, None),
    row("举旌", "raises the flag", 1.5, AsHeIs, None),
    row("偃旌", "lowers the flag", 1.5, AsHeIs, None),
    row("歌", "sings", 6.0, Sitting, None),
    row("奏", "plays", 6.0, AsHeIs, None),
    row("取", "takes up", 1.2, AsHeIs, None),
    row("执", "holds", 0.8, AsHeIs, None),
    row("搢", "tucks in his belt", 1.0, AsHeIs, None),
    row("挟", "holds between his fingers", 0.8, AsHeIs, None),
    row("张", "strings", 2.0, AsHeIs, None),
    row("弛", "unstrings", 2.0, AsHeIs, None),
    row("奠", "sets down", 1.2, AsHeIs, None),
    row("授", "hands", 1.5, AsHeIs, None),
    row("设", "sets out", 1.2, AsHeIs, None),
    row("彻", "clears away", 1.2, AsHeIs, None),
    row("射", "shoots", 3.0, Shooting, None),
    row("言", "speaks", 1.5, AsHeIs, None),
    row("待", "waits", 0.0, AsHeIs, None),
    row("共", "waits with his hands joined", 0.0, AsHeIs, None),
];

impl Gesture {
    pub const ALL: [Gesture; 55] = [
        Gesture::Bai,
        Gesture::ZaiBai,
        Gesture::DaBai,
        Gesture::DaZaiBai,
        Gesture::QiShou,
        Gesture::ZaiBaiQiShou,
        Gesture::Yi,
        Gesture::Yan,
        Gesture::Rang,
        Gesture::Zuo,
        Gesture::Xing,
        Gesture::Guan,
        Gesture::Xi,
        Gesture::Ji,
        Gesture::Cui,
        Gesture::Taste,
        Gesture::ZuJue,
        Gesture::Fu,
        Gesture::HookString,
        Gesture::Flex,
        Gesture::CountByFours,
        Gesture::RaiseBow,
        Gesture::PushBow,
        Gesture::BindArrows,
        Gesture::EvenArrows,
        Gesture::Ladle,
        Gesture::Tan,
        Gesture::XiRobe,
        Gesture::Jue,
        Gesture::Sui,
        Gesture::ShuoJueShi,
        Gesture::Lead,
        Gesture::LetGo,
        Gesture::TieCord,
        Gesture::UntieCord,
        Gesture::FurlTarget,
        Gesture::UnfurlTarget,
        Gesture::RaiseFlag,
        Gesture::LowerFlag,
        Gesture::Sing,
        Gesture::Play,
        Gesture::Take,
        Gesture::Hold,
        Gesture::Tuck,
        Gesture::Between,
        Gesture::StringBow,
        Gesture::SlackBow,
        Gesture::Put,
        Gesture::Give,
        Gesture::Set,
        Gesture::Clear,
        Gesture::Shoot,
        Gesture::Speak,
        Gesture::Wait,
        Gesture::Gong,
    ];

    fn row(self) -> &'static Row {
        &TABLE[self as usize]
    }

    /// The text's word for it: 拜, 再拜, 揖 …
    pub fn name(self) -> &'static str {
        self.row().name
    }

    /// In English, as a verb phrase: "bows twice".
    pub fn en(self) -> &'static str {
        self.row().en
    }

    /// How long it takes, in seconds (a wait lasts what the scene says).
    pub fn seconds(self) -> f32 {
        self.row().seconds
    }

    /// The pose it shows, given whether he is seated when it begins.
    pub fn pose(self, seated: bool) -> Pose {
        match self.row().stance {
            AsHeIs if seated => Pose::Sitting,
            AsHeIs | Rising => Pose::Standing,
            Bowing => Pose::Bowing,
            Sitting => Pose::Sitting,
            Shooting => Pose::Shooting,
        }
    }

    /// Whether he is seated after it: `Some(true)` for 坐, `Some(false)` for 兴.
    pub fn seated_after(self) -> Option<bool> {
        self.row().seated_after
    }

    /// What he wears after it: 袒 bares the left arm and 袭 covers it, 决 and 遂 put on the thumb
    /// ring and the arm guard, 说决拾 takes both off.
    pub fn gear_after(self, gear: Gear) -> Gear {
        match self {
            Gesture::Tan => Gear { bared: true, ..gear },
            Gesture::XiRobe => Gear { bared: false, ..gear },
            Gesture::Jue => Gear { thumb_ring: true, ..gear },
            Gesture::Sui => Gear { arm_guard: true, ..gear },
            Gesture::ShuoJueShi => Gear { thumb_ring: false, arm_guard: false, ..gear },
            _ => gear,
        }
    }

    /// A 拜 of any kind (拜, 再拜, 答拜, 答再拜, 稽首, 再拜稽首): one list for the rules, the jumps
    /// and the figures.
    pub fn is_bow(self) -> bool {
        matches!(self, Gesture::Bai | Gesture::ZaiBai | Gesture::DaBai | Gesture::DaZaiBai | Gesture::QiShou | Gesture::ZaiBaiQiShou)
    }

    pub fn from_name(name: &str) -> Option<Gesture> {
        Gesture::ALL.into_iter().find(|g| g.name() == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_in_the_order_of_the_enum() {
        for (i, g) in Gesture::ALL.into_iter().enumerate() {
            assert_eq!(g as usize, i, "{g:?}");
            assert_eq!(Gesture::from_name(g.name()), Some(g));
        }
    }

    #[test]
    fn sitting_down_and_rising_change_the_seat() {
        assert_eq!(Gesture::Zuo.seated_after(), Some(true));
        assert_eq!(Gesture::Xing.seated_after(), Some(false));
        assert_eq!(Gesture::Guan.pose(true), Pose::Sitting);
        assert_eq!(Gesture::Guan.pose(false), Pose::Standing);
    }
}
