//! The rite engine: plain Rust, no ECS. Scene files in, `state_at(t)` out.
//!
//! - `scene/`: the file format, reading and loading it, and its problems;
//! - `court/`: the court in metres, its stairs, furniture and the router;
//! - `acts/`: gestures, gear, things and moves — what a scene can say someone does;
//! - `compile/`: checking the scene and playing it once into tracks;
//! - `timeline/`: the compiled rite at any moment, and the questions asked of it.

pub mod acts;
pub mod compile;
pub mod court;
pub mod duty;
pub mod glossary;
pub mod scene;
pub mod timeline;

pub use compile::Rite;
pub use scene::load::{load, load_named, read_scene};
