//! The compiled timeline as JSON for the web player: the tracks themselves (keyframes, routes,
//! holdings, gestures' spans), never frames sampled from them, so the page interpolates exactly
//! as [`Timeline::state_at`] does. A pure function of the compiled rite; the schema is
//! `docs/timeline.md`, and [`VERSION`] changes whenever it does.

use serde_json::{Value, json};

use crate::rite::Rite;
use crate::rite::acts::deed::Lang;
use crate::rite::acts::gear::{Gear, Hand};
use crate::rite::acts::gesture::Gesture;
use crate::rite::duty::describe;
use crate::rite::glossary::glossary;
use crate::rite::timeline::jump::{Act, shows};
use crate::rite::timeline::pace::{Pace, PaceMap};
use crate::rite::timeline::{Motion, Pose, PropAt, Rest, held_sitting_lift, hold_offset};

/// The schema's version: a page refuses data of another.
pub const VERSION: u32 = 1;

/// Millimetres are as fine as anything the page draws or the tests compare (1 cm); rounded as
/// f64, so the JSON prints `7.161`, not the f32's `7.160999774932861`. Times are kept whole (the
/// f32 exactly, as f64): a segment is half-open, so a moment that falls on its start must fall on
/// the same side of it in the page as in sheli, and an arrow covers 4 cm in a millisecond.
fn mm(v: f32) -> f64 {
    (f64::from(v) * 1000.0).round() / 1000.0
}

fn point(p: [f32; 3]) -> Value {
    json!([mm(p[0]), mm(p[1]), mm(p[2])])
}

fn gear_bits(g: Gear) -> u8 {
    u8::from(g.bared) | u8::from(g.thumb_ring) << 1 | u8::from(g.arm_guard) << 2
}

/// Interns place names: each rest lists the places it stands in by index.
struct Places {
    names: Vec<String>,
}

impl Places {
    fn index(&mut self, id: &str) -> usize {
        match self.names.iter().position(|n| n == id) {
            Some(k) => k,
            None => {
                self.names.push(id.to_string());
                self.names.len() - 1
            }
        }
    }
}

/// A rest as `[x, y, z, bearing, flags, [place …], leading?]`: flags are seated 1, present 2,
/// then the gear's bits from 4 (bared 4, thumb ring 8, arm guard 16). Arrays, not objects: the
/// rests are most of the file.
fn rest(r: &Rest, rite: &Rite, places: &mut Places) -> Value {
    let at: Vec<usize> =
        if r.present { rite.timeline.court.places_at(r.pos).iter().map(|p| places.index(p)).collect() } else { Vec::new() };
    let flags = u8::from(r.seated) | u8::from(r.present) << 1 | gear_bits(r.gear) << 2;
    let mut out = vec![json!(mm(r.pos[0])), json!(mm(r.pos[1])), json!(mm(r.pos[2])), json!(mm(r.bearing)), json!(flags), json!(at)];
    if let Some(l) = r.leading {
        out.push(json!(l));
    }
    Value::Array(out)
}

/// The poses a motion shows, by index, as the page names them.
const POSES: [Pose; 5] = [Pose::Standing, Pose::Walking, Pose::Sitting, Pose::Bowing, Pose::Shooting];

/// A motion: `{"walk": [x, y, z, x, y, z, …]}` (with `"face": bearing` for a step back, made
/// facing as before), `{"turn": [from, to]}`, `{"gesture": k, "pose":
/// k}` (indices into the gesture and pose tables), `"enter"` or `"exit"`.
fn motion(m: &Motion) -> Value {
    match m {
        Motion::Walk { path, facing, .. } => {
            let mut walk = json!({ "walk": path.iter().flat_map(|p| p.map(mm)).collect::<Vec<_>>() });
            if let Some(b) = facing {
                walk["face"] = json!(mm(*b));
            }
            walk
        }
        Motion::Turn { from, to } => json!({ "turn": [mm(*from), mm(*to)] }),
        Motion::Gesture { gesture, pose } => {
            let g = Gesture::ALL.iter().position(|x| x == gesture).unwrap_or(0);
            json!({ "gesture": g, "pose": POSES.iter().position(|x| x == pose).unwrap_or(0) })
        }
        Motion::Enter => json!("enter"),
        Motion::Exit => json!("exit"),
    }
}

fn prop_at(at: &PropAt) -> Value {
    match at {
        PropAt::Absent => Value::Null,
        PropAt::At(p, bearing) => json!({ "at": point(*p), "b": bearing.map(mm) }),
        PropAt::Held(a, how) => json!({ "held": a, "how": how.name() }),
        PropAt::Flying { from, to, t1, hit } => json!({ "from": point(*from), "to": point(*to), "t1": f64::from(*t1), "hit": hit }),
    }
}

fn actors(rite: &Rite, places: &mut Places) -> Vec<Value> {
    rite.timeline
        .actors
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let [r, g, b] = a.dress.rgb().map(|c| (c.clamp(0.0, 1.0) * 255.0).round() as u8);
            let segments: Vec<Value> = a
                .segments
                .iter()
                .map(|s| json!([f64::from(s.t0), f64::from(s.t1), motion(&s.motion), rest(&s.end, rite, places)]))
                .collect();
            // the offices the text gives him as it goes (作相为司正): from that beat on his label shows it
            let titles: Vec<Value> = rite
                .appointments
                .iter()
                .filter(|t| t.actor == i)
                .map(|t| json!([t.beat, t.title, glossary().en(&t.title).unwrap_or(&t.title)]))
                .collect();
            json!({
                "id": a.id, "name": a.name, "en": a.en, "aliases": a.aliases, "role": a.role, "titles": titles,
                "colour": format!("#{r:02x}{g:02x}{b:02x}"),
                "initial": rest(&a.initial, rite, places),
                "segments": segments,
            })
        })
        .collect()
}

fn props(rite: &Rite) -> Vec<Value> {
    rite.timeline
        .props
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let strung = p
                .strung
                .as_ref()
                .map(|(first, keys)| json!([first, keys.iter().map(|(t, on)| json!([f64::from(*t), on])).collect::<Vec<_>>()]));
            json!({
                "id": p.id, "name": p.name, "en": rite.prop_en(k),
                "furniture": p.kind.is_furniture(),
                "initial": prop_at(&p.initial),
                "keys": p.keys.iter().map(|(t, at)| json!([f64::from(*t), prop_at(at)])).collect::<Vec<_>>(),
                "strung": strung,
            })
        })
        .collect()
}

fn steps(rite: &Rite) -> Vec<Value> {
    rite.steps
        .iter()
        .enumerate()
        .map(|(si, s)| {
            let beats: Vec<Value> = s
                .beats
                .iter()
                .enumerate()
                .map(|(bi, b)| {
                    let r = crate::rite::timeline::query::BeatRef { step: si, beat: bi };
                    let acts: String = Act::ALL.iter().filter(|&&a| shows(rite, r, a)).map(|a| a.name()).collect();
                    json!({ "text": b.text, "start": mm(b.start), "end": mm(b.end), "actors": b.actors, "acts": acts })
                })
                .collect();
            json!({
                "id": s.id, "section": s.section,
                "section_en": glossary().section_en(&s.section).unwrap_or(&s.section),
                "translation": s.translation, "translation_en": s.translation_en,
                "annotates": s.annotates, "night": s.night,
                "start": mm(s.start), "end": mm(s.end), "beats": beats,
            })
        })
        .collect()
}

/// How a held thing sits on its holder, the same table `state_at` uses.
fn hands() -> Value {
    let table: serde_json::Map<String, Value> = Hand::ALL.iter().map(|&h| (h.name().to_string(), json!(hold_offset(h)))).collect();
    json!({ "offsets": table, "sitting_lift": held_sitting_lift() })
}

/// The whole rite, as the player reads it. `court` is the plan's drawing of the court (its
/// ground, hall, fixed things and their names) and `map` how metres became its pixels.
pub fn timeline_json(rite: &Rite, court: Value) -> Value {
    let mut places = Places { names: Vec::new() };
    let actors = actors(rite, &mut places);
    let film = PaceMap::new(rite, Pace::Film);
    let film_beats: Vec<Value> = rite.beats().map(|(_, b)| json!([mm(film.to_view(b.start)), mm(film.to_view(b.end))])).collect();
    let place_names: Vec<Value> = places.names.iter().map(|p| json!([rite.place_name(p), rite.place_en(p)])).collect();
    json!({
        "schema": "sheli-timeline",
        "version": VERSION,
        "rite": { "id": rite.id, "title": rite.title, "title_en": rite.title_en },
        "duration": mm(rite.timeline.duration),
        "film": film_beats,
        "hands": hands(),
        "gestures": Gesture::ALL.iter().map(|g| json!([g.name(), g.en()])).collect::<Vec<_>>(),
        "poses": POSES.iter().map(|p| p.name()).collect::<Vec<_>>(),
        "places": place_names,
        "actors": actors,
        "props": props(rite),
        "steps": steps(rite),
        "court": court,
    })
}

/// The words the page shows on request, kept apart from the timeline: each actor's duties
/// (`[beat number, 中文, English]`, the beat counted in reading order from 0) and each beat's
/// 注, 疏 and 音义, in reading order.
pub fn words_json(rite: &Rite) -> Value {
    let duties: Vec<Value> = (0..rite.timeline.actors.len())
        .map(|i| {
            let rows = rite.duties(i).into_iter();
            Value::Array(
                rows.map(|(r, acts)| json!([rite.beat_number(r), describe(acts, rite, Lang::Zh), describe(acts, rite, Lang::En)]))
                    .collect(),
            )
        })
        .collect();
    let notes: Vec<Value> = (0..rite.beats().count())
        .map(|n| {
            let notes = rite.commentary.notes_after(n);
            json!({ "zhu": notes.zhu, "shu": notes.shu, "yinyi": notes.yinyi })
        })
        .collect();
    json!({ "schema": "sheli-words", "version": VERSION, "duties": duties, "notes": notes })
}
