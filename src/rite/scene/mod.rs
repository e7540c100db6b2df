//! The scene file as untrusted input: read within bounds, parsed (`model`) with every value's
//! position kept (`span`), templates expanded, a reading chosen, and every problem a located
//! diagnostic with "did you mean".

pub mod diag;
pub mod expand;
pub mod field;
pub mod load;
pub mod model;
pub mod read;
pub mod readings;
pub mod rules;
pub mod span;
pub mod spell;
pub mod splice;
