//! The rite's soundtrack on a pace's clock.

use super::pace::PaceMap;
use crate::music::library::Library;
use crate::music::track::Soundtrack;
use crate::rite::compile::Rite;

impl Rite {
    /// The music and the voices laid out on `map`'s clock: rite time under the real pace, viewing
    /// time under film.
    pub fn soundtrack(&self, map: &PaceMap, lib: &Library) -> Soundtrack {
        self.soundtrack_on(lib, &|t| map.to_view(t) as f64)
    }

    /// The music and the voices laid out on `clock` (rite seconds → the track's seconds).
    pub fn soundtrack_on(&self, lib: &Library, clock: &dyn Fn(f32) -> f64) -> Soundtrack {
        Soundtrack::new(lib, &self.music, clock).with_voices(&self.voices, clock)
    }
}
