//! The rite's soundtrack on a pace's clock.

use super::pace::PaceMap;
use crate::music::library::Library;
use crate::music::track::Soundtrack;
use crate::rite::compile::Rite;

impl Rite {
    /// The music laid out on `map`'s clock: rite time under the real pace, viewing time under film.
    pub fn soundtrack(&self, map: &PaceMap, lib: &Library) -> Soundtrack {
        Soundtrack::new(lib, &self.music, &|t| map.to_view(t) as f64)
    }
}
