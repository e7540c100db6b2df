//! A deed in words: the duty lines of the inspector, of `sheli duties` and of the book, written
//! from the typed deeds in Chinese or in English, naming places, things and people as the rite
//! names them (so the wording needs the compiled rite, and the deeds themselves do not).

use crate::rite::acts::deed::{Acts, Deed, Lang};
use crate::rite::acts::gesture::Gesture;
use crate::rite::acts::moves::Gait;
use crate::rite::compile::Rite;

impl Deed {
    /// The deed in words, naming places, things and people as the rite names them.
    pub fn words(&self, rite: &Rite, lang: Lang) -> String {
        match lang {
            Lang::Zh => self.zh(rite),
            Lang::En => self.en(rite),
        }
    }

    fn zh(&self, rite: &Rite) -> String {
        let place = |p: &str| rite.place_name(p).to_string();
        match self {
            Deed::Walk { to, via, gait } => {
                let how = if *gait == Gait::Hurry { "趋" } else { "" };
                format!("{how}{}至{}", via.as_ref().map(|v| format!("自{}", place(v))).unwrap_or_default(), place(to))
            }
            Deed::Face(d) => d.chinese().to_string(),
            Deed::StepBack => "少退".to_string(),
            Deed::Enter(p) => format!("入，至{}", place(p)),
            Deed::Exit => "出".into(),
            Deed::Gesture(g) => g.name().into(),
            Deed::Say(what) => what.clone(),
            Deed::Call { words, tone } => format!("{words}以{}", tone.name()),
            Deed::Handle { gesture, prop, place: on, to } => {
                let thing = &rite.timeline.props[*prop].name;
                match (gesture, on, to) {
                    (Gesture::Give, _, Some(to)) => format!("以{thing}授{}", rite.actor_name(to, Lang::Zh)),
                    (g, Some(on), _) => format!("{}{thing}于{}", g.name(), place(on)),
                    (g, _, _) => format!("{}{thing}", g.name()),
                }
            }
            Deed::Shoot { target, hit } => format!("射{}，{}", place(target), if *hit { "获" } else { "不获" }),
            Deed::Receive(prop) => format!("受{}", rite.timeline.props[*prop].name),
            Deed::Lead(who) => format!("右手相{}", rite.actor_name(who, Lang::Zh)),
            Deed::Cord(Gesture::FurlTarget, target) => format!("掩束{}", place(target)),
            Deed::Cord(Gesture::UnfurlTarget, target) => format!("说{}之束", place(target)),
            Deed::Cord(g, target) => format!("{}{}之左下纲", g.name(), place(target)),
        }
    }

    fn en(&self, rite: &Rite) -> String {
        let place = |p: &str| rite.place_en(p);
        match self {
            Deed::Walk { to, via, gait } => {
                let how = if *gait == Gait::Hurry { "hurries" } else { "goes" };
                match via {
                    Some(v) => format!("{how} by {} to {}", place(v), place(to)),
                    None => format!("{how} to {}", place(to)),
                }
            }
            Deed::Face(d) => format!("facing {}", d.english()),
            Deed::StepBack => "steps back, still facing the same way".to_string(),
            Deed::Enter(p) => format!("comes in to {}", place(p)),
            Deed::Exit => "goes out".into(),
            Deed::Gesture(g) => g.en().into(),
            Deed::Say(what) => rite.speech_en(what),
            Deed::Call { words, tone } => format!("{}, on the note {}", rite.speech_en(words), tone.pinyin()),
            Deed::Handle { gesture, prop, place: on, to } => {
                let thing = rite.prop_en(*prop);
                match (gesture, on, to) {
                    (Gesture::Give, _, Some(to)) => format!("hands {thing} to {}", rite.actor_name(to, Lang::En)),
                    (Gesture::Put, Some(on), _) => format!("sets down {thing} at {}", place(on)),
                    (Gesture::Set, Some(on), _) => format!("sets out {thing} at {}", place(on)),
                    (Gesture::Tuck, _, _) => format!("tucks {thing} into his belt"),
                    (Gesture::Between, _, _) => format!("holds {thing} across his fingers"),
                    (g, _, _) => format!("{} {thing}", g.en()),
                }
            }
            Deed::Shoot { target, hit } => format!("shoots at {}: {}", place(target), if *hit { "a hit" } else { "a miss" }),
            Deed::Receive(prop) => format!("receives {}", rite.prop_en(*prop)),
            Deed::Lead(who) => format!("leads {} by the right hand", rite.actor_name(who, Lang::En)),
            Deed::Cord(Gesture::FurlTarget, target) => format!("rolls up {} over its centre and binds it", place(target)),
            Deed::Cord(Gesture::UnfurlTarget, target) => format!("unbinds {}, rolled up", place(target)),
            Deed::Cord(g, target) => format!("{} of {}", g.en(), place(target)),
        }
    }
}

/// The acts in words: deeds of one act joined by commas, acts by semicolons.
pub fn describe(acts: &Acts, rite: &Rite, lang: Lang) -> String {
    let (comma, semicolon) = match lang {
        Lang::Zh => ("，", "；"),
        Lang::En => (", ", "; "),
    };
    acts.iter()
        .filter(|deeds| !deeds.is_empty())
        .map(|deeds| deeds.iter().map(|d| d.words(rite, lang)).collect::<Vec<_>>().join(comma))
        .collect::<Vec<_>>()
        .join(semicolon)
}
