//! What people do and carry, as typed vocabulary: gestures, the ways a thing is held and the gear
//! worn, the things themselves, the moves a scene writes, and the deeds the duty lists read.

pub mod deed;
pub mod gear;
pub mod gesture;
pub mod moves;
pub mod props;
