//! The gestures a figure can show, as one type with one table: the name the text uses, its
//! English, how long it takes and the pose it shows. A scene's moves are mapped to a gesture once,
//! when the scene is compiled; the timeline, the duties, the figures and the CLI match on the enum.

use super::model::Move;
use super::timeline::Pose;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Gesture {
    Bai,
    ZaiBai,
    DaBai,
    DaZaiBai,
    QiShou,
    ZaiBaiQiShou,
    Yi,
    Rang,
    Zuo,
    Xing,
    Guan,
    Xi,
    Ji,
    Cui,
    ZuJue,
    Tan,
    XiRobe,
    RaiseFlag,
    LowerFlag,
    Sing,
    Play,
    Take,
    Put,
    Give,
    Set,
    Clear,
    Shoot,
    Speak,
    Wait,
}

/// How a gesture holds the body while it lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stance {
    /// standing, or sitting if already seated (someone seated washes, plays or speaks seated)
    AsHeIs,
    Bowing,
    Sitting,
    Shooting,
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

use Stance::{AsHeIs, Bowing, Shooting, Sitting};

/// In the order of [`Gesture`]'s variants.
const TABLE: [Row; 29] = [
    row("拜", "bows", 3.0, Bowing, None),
    row("再拜", "bows twice", 5.5, Bowing, None),
    row("答拜", "bows in return", 3.0, Bowing, None),
    row("答再拜", "bows twice in return", 5.5, Bowing, None),
    row("稽首", "bows with his head to the ground", 3.5, Bowing, None),
    row("再拜稽首", "bows twice, his head to the ground", 6.5, Bowing, None),
    row("揖", "salutes", 1.6, Bowing, None),
    row("让", "defers", 1.6, AsHeIs, None),
    row("坐", "kneels", 1.4, Sitting, Some(true)),
    row("兴", "rises", 1.2, AsHeIs, Some(false)),
    row("盥", "washes his hands", 2.5, AsHeIs, None),
    row("洗", "washes the cup", 2.5, AsHeIs, None),
    row("祭", "makes an offering", 2.0, Sitting, None),
    row("啐", "tastes the wine", 1.5, Sitting, None),
    row("卒爵", "drains the cup", 2.0, Sitting, None),
    row("袒", "bares his left arm", 2.0, AsHeIs, None),
    row("袭", "covers his arm again", 2.0, AsHeIs, None),
    row("举旌", "raises the flag", 1.5, AsHeIs, None),
    row("偃旌", "lowers the flag", 1.5, AsHeIs, None),
    row("歌", "sings", 6.0, Sitting, None),
    row("奏", "plays", 6.0, AsHeIs, None),
    row("取", "takes up", 1.2, AsHeIs, None),
    row("奠", "sets down", 1.2, AsHeIs, None),
    row("授", "hands", 1.5, AsHeIs, None),
    row("设", "sets out", 1.2, AsHeIs, None),
    row("彻", "clears away", 1.2, AsHeIs, None),
    row("射", "shoots", 3.0, Shooting, None),
    row("言", "speaks", 1.5, AsHeIs, None),
    row("待", "waits", 0.0, AsHeIs, None),
];

impl Gesture {
    pub const ALL: [Gesture; 29] = [
        Gesture::Bai,
        Gesture::ZaiBai,
        Gesture::DaBai,
        Gesture::DaZaiBai,
        Gesture::QiShou,
        Gesture::ZaiBaiQiShou,
        Gesture::Yi,
        Gesture::Rang,
        Gesture::Zuo,
        Gesture::Xing,
        Gesture::Guan,
        Gesture::Xi,
        Gesture::Ji,
        Gesture::Cui,
        Gesture::ZuJue,
        Gesture::Tan,
        Gesture::XiRobe,
        Gesture::RaiseFlag,
        Gesture::LowerFlag,
        Gesture::Sing,
        Gesture::Play,
        Gesture::Take,
        Gesture::Put,
        Gesture::Give,
        Gesture::Set,
        Gesture::Clear,
        Gesture::Shoot,
        Gesture::Speak,
        Gesture::Wait,
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
            AsHeIs => Pose::Standing,
            Bowing => Pose::Bowing,
            Sitting => Pose::Sitting,
            Shooting => Pose::Shooting,
        }
    }

    /// Whether he is seated after it: `Some(true)` for 坐, `Some(false)` for 兴.
    pub fn seated_after(self) -> Option<bool> {
        self.row().seated_after
    }

    pub fn from_name(name: &str) -> Option<Gesture> {
        Gesture::ALL.into_iter().find(|g| g.name() == name)
    }
}

impl Move {
    /// Every name a move holds (a place, a thing, a person, the words spoken): the one walk over a
    /// move's strings, for template substitution and for the checks of a template's placeholders.
    pub fn names_mut(&mut self) -> Vec<&mut String> {
        match self {
            Move::Go { to, via, .. } => std::iter::once(to).chain(via.as_mut()).collect(),
            Move::Enter(p) | Move::Take(p) | Move::Put(p) | Move::Clear(p) | Move::Say(p) => vec![p],
            Move::PutOn(p, q) | Move::Give(p, q) | Move::Set(p, q) => vec![p, q],
            Move::Shoot { arrow, target, .. } => vec![arrow, target],
            _ => Vec::new(),
        }
    }

    /// The gesture this move shows; a walk, a turn, an entrance or an exit shows none.
    pub fn gesture(&self) -> Option<Gesture> {
        Some(match self {
            Move::Bai => Gesture::Bai,
            Move::ZaiBai => Gesture::ZaiBai,
            Move::DaBai => Gesture::DaBai,
            Move::DaZaiBai => Gesture::DaZaiBai,
            Move::QiShou => Gesture::QiShou,
            Move::ZaiBaiQiShou => Gesture::ZaiBaiQiShou,
            Move::Yi => Gesture::Yi,
            Move::Rang => Gesture::Rang,
            Move::Zuo => Gesture::Zuo,
            Move::Xing => Gesture::Xing,
            Move::Guan => Gesture::Guan,
            Move::Xi => Gesture::Xi,
            Move::Ji => Gesture::Ji,
            Move::Cui => Gesture::Cui,
            Move::ZuJue => Gesture::ZuJue,
            Move::Tan => Gesture::Tan,
            Move::XiRobe => Gesture::XiRobe,
            Move::RaiseFlag => Gesture::RaiseFlag,
            Move::LowerFlag => Gesture::LowerFlag,
            Move::Sing => Gesture::Sing,
            Move::Play => Gesture::Play,
            Move::Take(_) => Gesture::Take,
            Move::Put(_) | Move::PutOn(..) => Gesture::Put,
            Move::Give(..) => Gesture::Give,
            Move::Set(..) => Gesture::Set,
            Move::Clear(_) => Gesture::Clear,
            Move::Shoot { .. } => Gesture::Shoot,
            Move::Say(_) => Gesture::Speak,
            Move::Wait(_) => Gesture::Wait,
            Move::Go { .. } | Move::Face(_) | Move::Enter(_) | Move::Exit => return None,
        })
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
