//! A moment named on the command line (`--text`, `--step`, `--time`) resolved against a rite.

use super::{MomentArgs, shown};
use crate::rite::Rite;
use crate::rite::acts::gesture::Gesture;
use crate::rite::timeline::query::BeatRef;

impl MomentArgs {
    pub fn given(&self) -> bool {
        self.text.is_some() || self.step.is_some() || self.time.is_some()
    }

    /// The time and beat this names, or a message saying why it names none.
    pub fn resolve(&self, rite: &Rite) -> Result<(f32, BeatRef), String> {
        if let Some(fragment) = &self.text {
            let hits = rite.find_text(fragment);
            let pick = match (hits.len(), self.nth) {
                (0, _) => return Err(format!("no beat's 原文 contains `{}`", shown(fragment))),
                (_, Some(k)) if k >= 1 && k <= hits.len() => hits[k - 1],
                (_, Some(k)) => return Err(format!("--nth {k}: `{}` matches {} beats", shown(fragment), hits.len())),
                (1, None) => hits[0],
                (n, None) => {
                    let list: Vec<String> = hits
                        .iter()
                        .enumerate()
                        .map(|(i, r)| format!("  --nth {}: step {} beat {}: {}", i + 1, rite.steps[r.step].id, r.beat, rite.beat(*r).text))
                        .collect();
                    return Err(format!("`{}` is ambiguous: it matches {n} beats\n{}", shown(fragment), list.join("\n")));
                }
            };
            let Some(name) = &self.during else { return Ok((rite.beat(pick).end, pick)) };
            let f = self.at.unwrap_or(0.5);
            if !(0.0..=1.0).contains(&f) {
                return Err(format!("--at is a fraction of the gesture, from 0 to 1, not {f}"));
            }
            let Some(gesture) = Gesture::from_name(name) else {
                let known = Gesture::ALL.iter().map(|g| g.name());
                return Err(format!("--during: {}", crate::rite::scene::spell::unknown_name("gesture", name, known)));
            };
            let Some((t0, t1)) = rite.gesture_in(pick, gesture) else {
                return Err(format!("no one makes a `{name}` in the beat `{}`", rite.beat(pick).text));
            };
            return Ok((t0 + (t1 - t0) * f, pick));
        }
        if let Some(id) = &self.step {
            let si = rite.step_index(id).ok_or_else(|| format!("no step `{id}`"))?;
            let beat = BeatRef { step: si, beat: rite.steps[si].beats.len() - 1 };
            return Ok((rite.steps[si].end, beat));
        }
        let t = self.time.unwrap_or(0.0);
        if !t.is_finite() || t < 0.0 {
            return Err(format!("--time must be a non-negative number of seconds, not {t}"));
        }
        // --time in film pace is viewing time: the rite time it shows
        let t = match self.pace.unwrap_or_default() {
            crate::rite::timeline::pace::Pace::Real => t,
            pace => crate::rite::timeline::pace::PaceMap::new(rite, pace).to_rite(t),
        };
        let end = rite.steps.last().map_or(0.0, |s| s.end);
        if t > end {
            return Err(format!("--time {t} is past the end of the rite, which lasts {end:.0} s of rite time"));
        }
        Ok((t, rite.beat_at(t)))
    }
}
