//! The book's page of disputed points: for each, every reading's plan side by side at the clause
//! where they differ, who holds each, and the passage.

use super::Book;
use super::page::{Page, esc};
use crate::plan::{Crop, PlanOptions, plan};
use crate::rite::Rite;
use crate::rite::scene::readings::{Alternative, Choice, Reading};
use crate::rite::timeline::query::BeatRef;

pub(super) const HREF: &str = "readings.html";

/// The clause at which a reading shows: the first it restages; for a change of places, the first
/// clause that ends with someone in a moved place; else the first clause (the layout is drawn).
fn showing(rite: &Rite, alt: &Alternative) -> BeatRef {
    if let Some(b) = alt.beats.first()
        && let Some(si) = rite.step_index(&b.step)
    {
        return BeatRef { step: si, beat: b.beat.saturating_sub(1).min(rite.steps[si].beats.len() - 1) };
    }
    let moved = |r: BeatRef| {
        let world = rite.timeline.state_at(rite.beat(r).end);
        world.actors.iter().any(|a| a.present && rite.timeline.court.places_at(a.pos).iter().any(|p| alt.places.iter().any(|m| m.id == *p)))
    };
    rite.beats().map(|(r, _)| r).find(|&r| !alt.places.is_empty() && moved(r)).unwrap_or(BeatRef { step: 0, beat: 0 })
}

impl Book<'_> {
    /// Writes the page of disputed points, loading the scene once for each reading.
    pub(super) fn readings_page(&mut self, scene: &str) -> Result<(), String> {
        let mut p = Page::new(&format!("{} · {}", self.tr("诸家异说", "Where the commentators differ"), self.title()), "", self.english);
        p.nav(&[("index.html".into(), self.tr("目录", "Contents").into())]);
        p.h1(self.tr("读法：诸家异说", "Readings: where the commentators differ"));
        p.para(
            "note",
            self.tr(
                "每一异说，各以其读法排演，并列其平面图于二说分歧之句；默认者即正文所演。播放器与 sheli --reading 亦可切换。",
                "Each disputed point is staged every way it is read; the plans stand side by side at the clause where the readings part. The default is the one the rite plays; the viewer and `sheli --reading POINT=READING` switch.",
            ),
        );
        for point in &self.rite.readings.clone() {
            self.point_section(&mut p, scene, point)?;
        }
        self.save(HREF, p)
    }

    fn point_section(&self, p: &mut Page, scene: &str, point: &Reading) -> Result<(), String> {
        let concerns = if self.english && !point.concerns_en.is_empty() { &point.concerns_en } else { &point.concerns };
        p.raw(&format!("<section class=\"reading\" id=\"{}\"><h2>{}</h2><div class=\"pair\">", esc(&point.id), esc(concerns)));
        // the clause they are compared at: where the first reading that changes something shows
        let named = point.shown_at.as_deref().and_then(|w| self.rite.find_text(w).first().copied());
        let first_changed = || point.alternatives.iter().find(|a| !a.default).map(|a| showing(self.rite, a));
        let shown = named.or_else(first_changed).unwrap_or(BeatRef { step: 0, beat: 0 });
        let number = self.rite.beat_number(shown);
        let mut read: Vec<(&Alternative, Rite, BeatRef)> = Vec::new();
        for alt in &point.alternatives {
            let choice = Choice { point: point.id.clone(), alternative: alt.id.clone() };
            let rite = crate::rite::scene::load::load_scene_with(scene, &[choice])
                .map_err(|e| format!("--reading {}={}: {e}", point.id, alt.id))?
                .rite;
            let r = rite.numbered_beat(number).map_or(shown, |(r, _)| r);
            read.push((alt, rite, r));
        }
        let crop = if differs_only_on_the_hall(&read) { Crop::Hall } else { Crop::All };
        for (alt, rite, r) in &read {
            let opts = PlanOptions { crop, english: self.english, embed_font: false };
            let svg = plan(rite, rite.beat(*r).end, *r, &opts).svg;
            let default = if alt.default { self.tr("（默认）", " (default)") } else { "" };
            let en =
                if self.english && !alt.en.is_empty() { format!("<p class=\"translation\">{}</p>", esc(&alt.en)) } else { String::new() };
            p.raw(&format!(
                "<figure class=\"plan\"><figcaption><b>{}{default}</b> <code>--reading {}={}</code><blockquote>「{}」</blockquote>{en}</figcaption>{svg}</figure>",
                esc(&alt.authority),
                esc(&point.id),
                esc(&alt.id),
                esc(&alt.passage)
            ));
        }
        p.raw("</div></section>");
        Ok(())
    }
}

/// Whether everything the readings change at the compared clause (people through it, things the
/// layout gains) is on the hall, so the plans can show the hall alone, large.
fn differs_only_on_the_hall(read: &[(&Alternative, Rite, BeatRef)]) -> bool {
    let Some((_, first, r0)) = read.first() else { return true };
    let hall = first.timeline.court.hall;
    let on_hall = |x: f32, z: f32| hall.grow(1.0).contains(x, z);
    let mut any = false;
    for (alt, rite, r) in &read[1..] {
        for f in [0.25, 0.5, 0.75, 1.0] {
            let (b0, b1) = (first.beat(*r0), rite.beat(*r));
            let (w0, w1) =
                (first.timeline.state_at(b0.start + f * (b0.end - b0.start)), rite.timeline.state_at(b1.start + f * (b1.end - b1.start)));
            for (a, b) in w0.actors.iter().zip(&w1.actors) {
                if (0..3).any(|k| (a.pos[k] - b.pos[k]).abs() > 0.01) {
                    any = true;
                    if !(on_hall(a.pos[0], a.pos[2]) && on_hall(b.pos[0], b.pos[2])) {
                        return false;
                    }
                }
            }
        }
        for o in &alt.objects {
            let Some(solid) = rite.timeline.court.solid(&o.id) else { continue };
            let (x, z) = solid.footprint.centre();
            any = true;
            if !on_hall(x, z) {
                return false;
            }
        }
    }
    any
}
