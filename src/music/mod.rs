//! The music of the rite: the songs as 熊朋来《瑟谱》 gives them, tuned by 三分损益, placed on the
//! rite's clock by the scene's cues, and synthesized. Plain Rust, no ECS: the viewer only plays
//! what a [`track::Soundtrack`] renders, and `sheli audio` writes the same samples to a file.

pub mod cue;
pub mod library;
pub mod sepu;
pub mod synth;
pub mod track;
pub mod tuning;
pub mod voice;
