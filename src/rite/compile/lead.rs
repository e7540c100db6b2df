//! 相: a guide leads a blind musician by the right hand (乡射礼「相者皆左何瑟…右手相」, 大射仪
//! 「小臣…左何瑟…右手相」; 郑注「相，扶工也」). Leading is a state of the guide, kept from the
//! end of the 相 gesture until he lets go (释), kneels (坐, as he does to hand over the zither)
//! or goes out; the figures draw it as his hand on the led man's arm.

use super::sim::Sim;
use crate::rite::acts::deed::Deed;
use crate::rite::acts::gesture::Gesture;
use crate::rite::scene::model::Move;
use crate::rite::timeline::Rest;

impl Sim<'_> {
    /// What gesture `g` (made by actor `a` for move `m`) does to whom he leads, changing `end`,
    /// and the deed it is listed as; or why it cannot be done.
    pub(super) fn lead(&self, a: usize, m: &Move, g: Gesture, end: &mut Rest) -> Result<Deed, String> {
        let name = &self.tracks[a].name;
        match m {
            Move::Lead(who) => {
                let Some(&led) = self.actor_ix.get(who.as_str()) else {
                    return Err(format!("{name} cannot lead `{who}`: not an actor of the scene (a group is led one man at a time)"));
                };
                if led == a {
                    return Err(format!("{name} cannot lead himself"));
                }
                if !self.rest[led].present {
                    return Err(format!("{name} cannot lead {}: he is not here", self.tracks[led].name));
                }
                if let Some(other) = end.leading {
                    return Err(format!("{name} already leads {}: `释` him first", self.tracks[other].name));
                }
                end.leading = Some(led);
                Ok(Deed::Lead(who.clone()))
            }
            Move::LetGo if end.leading.take().is_none() => Err(format!("{name} leads nobody: `相` first")),
            _ => {
                if g == Gesture::Zuo {
                    end.leading = None;
                }
                Ok(Deed::Gesture(g))
            }
        }
    }
}
