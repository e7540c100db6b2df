//! The general rules of the rite (释例) that a scene states as data: the ways a clause may set a
//! rule aside, listed with the clause that does (`Beat(text: …, allow: [CarriedOut])`) and
//! nowhere else, each with its passage in the scene's comment beside it; and the people others
//! must pass on one side (`south_of`).

use serde::Deserialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Exception {
    /// he goes out with what he holds: the clause hands it to him to take away
    /// (「授从者于门外」: the 从者 takes the 俎 home)
    CarriedOut,
    /// giver and receiver stand side by side facing one way, not face to face (并授)
    SideBySide,
    /// the receiver keeps the facing the clause gives him, and only the giver turns to him
    /// (「凡授爵，乡所受者」: 获者北面拜受爵，司马西面拜送爵)
    GiverFaces,
    /// he bows where he sits, on his mat (注「工拜于席」: the blind musicians, who do not rise)
    BowOnMat,
}

/// 「凡适堂西，皆出入于司马之南；唯宾与大夫降阶，遂西取弓矢」 (乡射礼 记): whoever walks to or from
/// `place` passes south of `of` while he stands at his place `at`, except those named in `except`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SouthOf {
    pub of: String,
    /// his own place (司马之位): the rule holds while he stands there
    pub at: String,
    pub place: String,
    #[serde(default)]
    pub except: Vec<String>,
    /// those who go the way of one of `except`, a step behind him (注「耦于庭不并行，尊大夫也」:
    /// the grandee's partner crosses the court with him): excused where his walk ends by that one
    #[serde(default)]
    pub escorts: Vec<Escort>,
}

/// `who` goes with `of`, a step behind.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Escort {
    pub who: String,
    pub of: String,
}
