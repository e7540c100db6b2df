//! What an actor does, move by move, as the scene files write it: walks and turns, gestures in
//! the text's own words (拜, 揖, 袒 …), things handled (取, 奠, 授, 执, 搢, 挟 …) and shots.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::gear::Hand;
use super::gesture::Gesture;
use crate::rite::court::measure::Dir;
use crate::rite::court::measure::Len;
use crate::rite::court::measure::Point;
use crate::rite::court::measure::seconds;

/// Which way 左还 turns on the spot (右还 turns the other way). The tradition differs: 郑注 reads
/// the two as the sky's turn and its reverse, while 贾疏's 「以左手向外」 has been read as a turn
/// to one's own left (the scenes' disputed point `huan`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
pub enum LeftTurn {
    /// as the sky turns (天左旋): east, south, west, north; clockwise on the plan
    #[default]
    Clockwise,
    /// toward one's own left hand: counter-clockwise on the plan
    CounterClockwise,
}

/// Where an arrow that misses goes (大射仪「下曰留，上曰扬，左右曰方」): short of the 侯 (the
/// usual miss), over it, or wide of it to one side.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
pub enum Miss {
    /// 留: falls short, in front of the 侯
    #[default]
    #[serde(rename = "留")]
    Short,
    /// 扬: flies over the 侯 and falls beyond it
    #[serde(rename = "扬")]
    Over,
    /// 方: goes wide, past the 侯's side
    #[serde(rename = "方")]
    Wide,
}

/// How a man walks: at the ordinary pace, or 趋, the quicker steps of one who hurries (释名·释姿容
/// 「徐行曰步，疾行曰趋」).
#[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
pub enum Gait {
    #[default]
    #[serde(rename = "行")]
    Walk,
    #[serde(rename = "趋")]
    Hurry,
}

impl Gait {
    /// Metres a second on the flat.
    pub fn speed(self) -> f32 {
        match self {
            Gait::Walk => crate::rite::compile::WALK_SPEED,
            Gait::Hurry => crate::rite::compile::HURRY_SPEED,
        }
    }
}

/// One thing an actor does.
#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub enum Move {
    /// walk, routed over the courtyard; `via` names the stair the text names (升自西阶)
    Go {
        to: String,
        #[serde(default)]
        via: Option<String>,
        #[serde(default)]
        off: Option<Point>,
        #[serde(default)]
        face: Option<Dir>,
        /// 趋 where the text says he hurries (大射「以宫趋，直西」); the ordinary walk otherwise
        #[serde(default)]
        gait: Gait,
    },
    Face(Dir),
    /// 左还: turns on the spot the way the sky turns (天左旋: east, south, west, north; clockwise
    /// on the plan; the other way under the scene's `LeftTurn::CounterClockwise`) until he faces
    /// this way, however far round that is. 郑注 settles the sense:
    /// the 下射 facing west who 左还 to the east and went on round 「还周则下射将背之」 (backs the
    /// ruler in the north-east) only if 左还 passes north first; and 内还 is 「上射左，下射右」
    #[serde(rename = "左还")]
    ZuoHuan(Dir),
    /// 右还: turns on the spot the other way from 左还 until he faces this way
    #[serde(rename = "右还")]
    YouHuan(Dir),
    /// 少退: steps straight back this far, his face kept toward what he withdraws from (兴，少退，
    /// 立卒觯; 宾少退): a walk backward, not a turn about
    #[serde(rename = "少退")]
    StepBack(Len),
    /// come in (appear) at a place
    Enter(String),
    /// leave the scene where one stands
    Exit,
    /// 取: pick up a prop
    Take(String),
    /// 奠: set a prop down where one stands
    Put(String),
    /// 奠 … 于: set a prop down on a place
    PutOn(String, String),
    /// 横 … 于: set a prop down on a place crosswise, at right angles to the way he faces (有馀纯，
    /// 则横于下: the seated counter, facing east, lays the pairs north–south without turning)
    #[serde(rename = "横")]
    Across(String, String),
    /// 授 … 受: hand a prop to someone
    Give(String, String),
    /// a prop is set out at a place by this actor's hands (荐, 俎, 丰 …)
    Set(String, String),
    /// 彻: a prop is taken away
    Clear(String),
    /// 射: an arrow loosed at a target object, hitting or missing; a miss falls short unless the
    /// text says where it went (`miss`: 留 short, 扬 over, 方 wide)
    Shoot {
        arrow: String,
        target: String,
        hit: bool,
        #[serde(default)]
        miss: Option<Miss>,
    },
    /// a speech act: 辞, 对, 告, 命, 请, 许, 诺 …
    Say(String),
    /// words said and held unbroken through the walk that follows, until he stops (获者「许诺，声不绝，
    /// 以至于乏」, 注「不以宫商，不绝而已」)
    Sustain(String),
    /// words called on a note (获者「举旌以宫，偃旌以商」): `Call(words: "获", tone: 宫)`; with `hold`, held
    /// on it as he goes (负侯「以宫趋，直西，及乏南，又诺以商，至乏，声止」)
    Call {
        words: String,
        tone: crate::music::voice::Tone,
        #[serde(default)]
        hold: Option<Hold>,
    },
    /// stand still for seconds
    Wait(#[serde(deserialize_with = "seconds")] f32),
    /// 共而俟: waits this many seconds with his hands joined before his chest (共 read 拱, 音义「共，九勇反」),
    /// not with them at his sides
    #[serde(rename = "共")]
    Gong(#[serde(deserialize_with = "seconds")] f32),
    #[serde(rename = "拜")]
    Bai,
    #[serde(rename = "再拜")]
    ZaiBai,
    #[serde(rename = "答拜")]
    DaBai,
    #[serde(rename = "答再拜")]
    DaZaiBai,
    #[serde(rename = "稽首")]
    QiShou,
    #[serde(rename = "再拜稽首")]
    ZaiBaiQiShou,
    #[serde(rename = "揖")]
    Yi,
    /// 厌: the salute with the hands drawn in toward the body (乡饮酒注「推手曰揖，引手曰厌」)
    #[serde(rename = "厌")]
    Yan,
    #[serde(rename = "让")]
    Rang,
    #[serde(rename = "坐")]
    Zuo,
    #[serde(rename = "兴")]
    Xing,
    #[serde(rename = "盥")]
    Guan,
    #[serde(rename = "洗")]
    Xi,
    #[serde(rename = "祭")]
    Ji,
    #[serde(rename = "啐")]
    Cui,
    /// 哜: tastes the lung (郑注「哜，尝也」)
    #[serde(rename = "哜")]
    Taste,
    #[serde(rename = "卒爵")]
    ZuJue,
    /// 拂: wipes, with the cloth (拂以巾), the sleeve (以袂顺左右隈) or the hands (挩手)
    #[serde(rename = "拂")]
    Fu,
    /// 挟弦: 右挟之 with no arrow to hold, the right hand hooks the string of the bow in the left
    /// (注「右挟之，右手挟弦」)
    #[serde(rename = "挟弦")]
    HookString,
    /// 揉: bends the bow in his hands to try it (注「揉，宛之，观其安危也」)
    #[serde(rename = "揉")]
    Flex,
    /// 乘: strokes the gathered arrows on the 楅 left and right and counts them off by fours
    /// (「左右抚矢而乘之」, 注「就委矢左右手抚而四四数分之」)
    #[serde(rename = "乘")]
    CountByFours,
    /// 扬弓: lifts the bow in his hands toward the targets (「南扬弓，命去侯」, 注「扬犹举也」)
    #[serde(rename = "扬弓")]
    RaiseBow,
    /// 揖弓: pushes the bow forward toward the targets as he gives the order (「西南面，揖弓，命取矢」,
    /// 注「揖，推之也」)
    #[serde(rename = "揖弓")]
    PushBow,
    /// 束矢: binds a bundle of arrows with rushes, or settles the binding (「异束之以茅」; 「进束」, 注「整结之」)
    #[serde(rename = "束矢")]
    BindArrows,
    /// 捆: evens up the arrows he has taken, their heads and nocks brought level in his hands
    /// (「既拾取矢，捆之」, 注「梱，齐等之也」)
    #[serde(rename = "捆")]
    EvenArrows,
    /// 酌: fills the cup he holds from the jar before him, the ladle in his right hand (「升酌」, 「酌散」, 「实觯」)
    #[serde(rename = "酌")]
    Ladle,
    #[serde(rename = "袒")]
    Tan,
    #[serde(rename = "袭")]
    XiRobe,
    /// 决: puts the thumb ring on the right thumb
    #[serde(rename = "决")]
    Jue,
    /// 遂 (拾): ties the arm guard on the bared left arm
    #[serde(rename = "遂")]
    Sui,
    /// 说决拾: takes both off
    #[serde(rename = "说决拾")]
    ShuoJueShi,
    /// 执: holds a thing the stated way, taking it up first if it lies within reach:
    /// `执("se", shoulder)`, `执("shi_1", right_hand)`
    #[serde(rename = "执")]
    Hold(String, Hand),
    /// 搢: thrusts a thing into the belt (搢扑, 搢三)
    #[serde(rename = "搢")]
    Tuck(String),
    /// 挟: holds an arrow across the fingers (挟一个)
    #[serde(rename = "挟")]
    Between(String),
    /// 张: strings a bow
    #[serde(rename = "张")]
    StringBow(String),
    /// 弛: unstrings a bow
    #[serde(rename = "弛")]
    SlackBow(String),
    /// 相 (右手相): leads someone by the right hand, as a guide leads a blind musician (郑注「相，
    /// 扶工也」), until `LetGo`, his sitting down (坐) or his going out
    #[serde(rename = "相")]
    Lead(String),
    /// lets go of the one he leads (the text says only where the leading ends: at the mats)
    #[serde(rename = "释")]
    LetGo,
    /// 系左下纲: ties a 侯's left lower cord, the cloth spread (弟子说束，遂系左下纲)
    #[serde(rename = "系")]
    TieCord(String),
    /// 说/解左下纲: unties it, the corner hanging loose (说侯之左下纲而释之, 解左下纲)
    #[serde(rename = "解")]
    UntieCord(String),
    /// 中掩束之: rolls the cloth up from the untied corner over the 中 and binds it
    #[serde(rename = "束")]
    FurlTarget(String),
    /// 说束: unbinds the rolled cloth, the left lower cord still untied (弟子说束)
    #[serde(rename = "说束")]
    UnfurlTarget(String),
    #[serde(rename = "举旌")]
    RaiseFlag,
    #[serde(rename = "偃旌")]
    LowerFlag,
    #[serde(rename = "歌")]
    Sing,
    #[serde(rename = "奏")]
    Play,
    /// 兼: several things handled in one motion, as 二算为纯，一纯以取 takes a pair of tallies at a
    /// time and 兼敛算 gathers all of one side's at once: `兼([执("a", left_hand), 执("b", left_hand)])`.
    /// Each move inside handles a thing, and all make the one gesture of the first.
    #[serde(rename = "兼")]
    Together(Vec<Move>),
    /// a template of one actor's moves (`Act("{who}", [...])`), done here, in the middle of this actor's list, with
    /// him as its `{who}`: `Do("put_down_to_wash", {"cup": "jue"})` for 坐，奠爵，兴，盥，坐，取爵，兴, written once
    Do(String, BTreeMap<String, String>),
}

/// How long a called voice is held unbroken.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub enum Hold {
    /// through the walks that follow it in his act, until his next move that is no walk (a stop,
    /// a turn, another call)
    Walk,
    /// until a later clause with these words of the 原文 begins (`Until("声止")`)
    Until(String),
}

impl Move {
    /// Every name a move holds (a place, a thing, a person, the words spoken): the one walk over a
    /// move's strings, for template substitution and for the checks of a template's placeholders.
    pub fn names_mut(&mut self) -> Vec<&mut String> {
        match self {
            Move::Go { to, via, .. } => std::iter::once(to).chain(via.as_mut()).collect(),
            Move::Enter(p)
            | Move::Take(p)
            | Move::Hold(p, _)
            | Move::Tuck(p)
            | Move::Between(p)
            | Move::StringBow(p)
            | Move::SlackBow(p)
            | Move::Put(p)
            | Move::Clear(p)
            | Move::Say(p)
            | Move::Sustain(p)
            | Move::Lead(p)
            | Move::TieCord(p)
            | Move::UntieCord(p)
            | Move::FurlTarget(p)
            | Move::UnfurlTarget(p) => vec![p],
            Move::PutOn(p, q) | Move::Across(p, q) | Move::Give(p, q) | Move::Set(p, q) => vec![p, q],
            Move::Shoot { arrow, target, .. } => vec![arrow, target],
            Move::Call { words, .. } => vec![words],
            Move::Together(moves) => moves.iter_mut().flat_map(Move::names_mut).collect(),
            Move::Do(name, args) => std::iter::once(name).chain(args.values_mut()).collect(),
            _ => Vec::new(),
        }
    }

    /// The thing a move handles (取 执 搢 挟 张 弛 奠 授 设 彻, and the arrow of 射), if any: such a
    /// move is placed among the prop events.
    pub fn thing(&self) -> Option<&str> {
        match self {
            Move::Take(p)
            | Move::Hold(p, _)
            | Move::Tuck(p)
            | Move::Between(p)
            | Move::StringBow(p)
            | Move::SlackBow(p)
            | Move::Put(p)
            | Move::PutOn(p, _)
            | Move::Across(p, _)
            | Move::Give(p, _)
            | Move::Set(p, _)
            | Move::Clear(p)
            | Move::Shoot { arrow: p, .. } => Some(p),
            _ => None,
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
            Move::Yan => Gesture::Yan,
            Move::Rang => Gesture::Rang,
            Move::Zuo => Gesture::Zuo,
            Move::Xing => Gesture::Xing,
            Move::Guan => Gesture::Guan,
            Move::Xi => Gesture::Xi,
            Move::Ji => Gesture::Ji,
            Move::Cui => Gesture::Cui,
            Move::Taste => Gesture::Taste,
            Move::ZuJue => Gesture::ZuJue,
            Move::Fu => Gesture::Fu,
            Move::HookString => Gesture::HookString,
            Move::Flex => Gesture::Flex,
            Move::CountByFours => Gesture::CountByFours,
            Move::RaiseBow => Gesture::RaiseBow,
            Move::PushBow => Gesture::PushBow,
            Move::BindArrows => Gesture::BindArrows,
            Move::EvenArrows => Gesture::EvenArrows,
            Move::Ladle => Gesture::Ladle,
            Move::Tan => Gesture::Tan,
            Move::XiRobe => Gesture::XiRobe,
            Move::Jue => Gesture::Jue,
            Move::Sui => Gesture::Sui,
            Move::ShuoJueShi => Gesture::ShuoJueShi,
            Move::Lead(_) => Gesture::Lead,
            Move::LetGo => Gesture::LetGo,
            Move::TieCord(_) => Gesture::TieCord,
            Move::UntieCord(_) => Gesture::UntieCord,
            Move::FurlTarget(_) => Gesture::FurlTarget,
            Move::UnfurlTarget(_) => Gesture::UnfurlTarget,
            Move::Hold(..) => Gesture::Hold,
            Move::Tuck(_) => Gesture::Tuck,
            Move::Between(_) => Gesture::Between,
            Move::StringBow(_) => Gesture::StringBow,
            Move::SlackBow(_) => Gesture::SlackBow,
            Move::RaiseFlag => Gesture::RaiseFlag,
            Move::LowerFlag => Gesture::LowerFlag,
            Move::Sing => Gesture::Sing,
            Move::Play => Gesture::Play,
            Move::Take(_) => Gesture::Take,
            Move::Put(_) | Move::PutOn(..) | Move::Across(..) => Gesture::Put,
            Move::Give(..) => Gesture::Give,
            Move::Set(..) => Gesture::Set,
            Move::Clear(_) => Gesture::Clear,
            Move::Shoot { .. } => Gesture::Shoot,
            Move::Say(_) | Move::Sustain(_) | Move::Call { .. } => Gesture::Speak,
            Move::Wait(_) => Gesture::Wait,
            Move::Gong(_) => Gesture::Gong,
            Move::Together(moves) => return moves.first().and_then(Move::gesture),
            // a `Do` is replaced by its template's moves before any is played
            Move::Go { .. }
            | Move::StepBack(_)
            | Move::Face(_)
            | Move::ZuoHuan(_)
            | Move::YouHuan(_)
            | Move::Enter(_)
            | Move::Exit
            | Move::Do(..) => {
                return None;
            }
        })
    }
}
