//! The rite engine: plain Rust, no ECS. Scene files in, `state_at(t)` out.

pub mod compile;
pub mod cord;
pub mod court;
pub mod deed;
pub mod diag;
pub mod expand;
pub mod furniture;
pub mod gear;
pub mod gesture;
pub mod glossary;
pub mod jump;
pub mod load;
pub mod measure;
pub mod model;
pub mod moves;
pub mod pace;
pub mod props;
pub mod query;
pub mod read;
pub mod readings;
pub mod route;
pub mod rules;
pub mod snapshot;
pub mod sound;
pub mod span;
pub mod spell;
pub mod tally;
pub mod timeline;
pub mod treads;

pub use compile::Rite;
pub use load::{load, load_named, read_scene};
