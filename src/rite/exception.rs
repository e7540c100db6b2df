//! The exceptions a clause may make to the general rules of the rite (释例), listed with the
//! clause that makes them (`Beat(text: …, allow: [CarriedOut])`) and nowhere else, each with its
//! passage in the scene's comment beside it.

use serde::Deserialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Exception {
    /// he goes out with what he holds: the clause hands it to him to take away
    /// (「授从者于门外」: the 从者 takes the 俎 home)
    CarriedOut,
    /// giver and receiver stand side by side facing one way, not face to face (并授)
    SideBySide,
}
