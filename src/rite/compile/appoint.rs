//! Offices given in the course of the rite. The text appoints some people to an office and from
//! that clause on calls them by it: 乡射「作相为司正」, 「司正为司马」, 「司马反为司正」; 大射
//! 「摈者遂为司正」. A label that kept the name a man came in with would call the 司马 "the
//! guide" while the text says 司马, so the viewer shows the office he holds at the moment.
//!
//! An appointment is a clause `X…为T`: X one of the man's own names and T an alias that names
//! nobody else in the rite. A title shared by several (卿, 大夫, 获者) never counts: the clause
//! could not say which of them it means.

use super::StepInfo;
use crate::rite::timeline::ActorTrack;

/// From the beat numbered `beat` (in reading order) on, the text calls `actor` `title`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Appointment {
    pub beat: usize,
    pub actor: usize,
    pub title: String,
}

/// Every appointment the text makes, in reading order.
pub fn appointments(steps: &[StepInfo], actors: &[ActorTrack]) -> Vec<Appointment> {
    let names = |a: &ActorTrack| std::iter::once(a.name.clone()).chain(a.aliases.iter().cloned()).collect::<Vec<_>>();
    let all: Vec<Vec<String>> = actors.iter().map(names).collect();
    let unique = |title: &str| all.iter().filter(|n| n.iter().any(|x| x == title)).count() == 1;
    // each man's possible offices, found once: his aliases that name nobody else
    let offices: Vec<Vec<&String>> =
        all.iter().enumerate().map(|(actor, own)| own.iter().filter(|t| **t != actors[actor].name && unique(t)).collect()).collect();
    let mut out = Vec::new();
    let texts = steps.iter().flat_map(|s| &s.beats).map(|b| b.text.as_str());
    for (beat, text) in texts.enumerate().filter(|(_, text)| text.contains('为')) {
        for (actor, own) in all.iter().enumerate() {
            if let Some(title) = offices[actor].iter().find(|t| appoints(text, own, t, &all)) {
                out.push(Appointment { beat, actor, title: (*title).clone() });
            }
        }
    }
    out
}

/// Whether `text` says `为{title}` with one of `own` before it, and the title there is not the
/// start of someone else's longer name (为司马正 does not make anyone 司马).
fn appoints(text: &str, own: &[String], title: &str, all: &[Vec<String>]) -> bool {
    let call = format!("为{title}");
    text.match_indices(&call).any(|(at, _)| {
        let rest = &text[at + '为'.len_utf8()..];
        let longer = all.iter().flatten().any(|n| n.len() > title.len() && rest.starts_with(n.as_str()));
        !longer && own.iter().any(|n| text[..at].contains(n.as_str()))
    })
}

/// The office `actor` holds at the beat numbered `beat`: the last he was appointed to by then.
pub fn title_at(appointments: &[Appointment], actor: usize, beat: usize) -> Option<&str> {
    appointments.iter().rev().find(|a| a.actor == actor && a.beat <= beat).map(|a| a.title.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&[&str]]) -> Vec<Vec<String>> {
        list.iter().map(|n| n.iter().map(|s| s.to_string()).collect()).collect()
    }

    #[test]
    fn an_office_is_given_by_one_of_his_names_before_wei() {
        let all = names(&[&["相", "司正", "司马"], &["司马师"]]);
        assert!(appoints("作相为司正。", &all[0], "司正", &all));
        assert!(appoints("司马反为司正，", &all[0], "司正", &all));
        assert!(!appoints("主人为司正。", &all[0], "司正", &all), "nobody of his names before 为");
        assert!(!appoints("相为司马师。", &all[0], "司马", &all), "司马师 is another man's name");
    }
}
