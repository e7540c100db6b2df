//! The drawing itself, layer by layer: ground and hall, the fixed things, the step's walks, the
//! people and their labels, the caption.

use super::labels::{Placer, Rect, text_width};
use super::map::Map;
use super::svg::{Svg, escape};
use super::{ActorMark, Plan, PlanOptions};
use crate::rite::Rite;
use crate::rite::acts::deed::Lang;
use crate::rite::court::{Box2, Solid};
use crate::rite::glossary::glossary;
use crate::rite::scene::model::{Dir, ObjectKind};
use crate::rite::timeline::query::BeatRef;
use crate::rite::timeline::{Motion, World, bearing_vector};

const INK: &str = "#2a1e18";
const RED: &str = "#b0201a";
const CAPTION_SIZE: f32 = 15.0;

fn hex(rgb: [f32; 3]) -> String {
    let c = |v: f32| (v.clamp(0.0, 1.0) * 255.0).round() as u8;
    format!("#{:02x}{:02x}{:02x}", c(rgb[0]), c(rgb[1]), c(rgb[2]))
}

/// Splits `text` into lines no wider than `width` pixels: English at spaces, Chinese anywhere.
fn wrap(text: &str, size: f32, width: f32) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split_inclusive(|c: char| c == ' ' || (c as u32) >= 0x2E80) {
        let line = lines.last_mut().expect("one line at least");
        if !line.is_empty() && text_width(&format!("{line}{word}"), size) > width {
            lines.push(word.trim_start().to_string());
        } else {
            line.push_str(word);
        }
    }
    lines
}

pub(super) struct Drawing<'a> {
    rite: &'a Rite,
    world: &'a World,
    map: Map,
    t: f32,
    beat: BeatRef,
    opts: &'a PlanOptions,
    placer: Placer,
}

impl<'a> Drawing<'a> {
    pub(super) fn new(rite: &'a Rite, world: &'a World, map: Map, t: f32, beat: BeatRef, opts: &'a PlanOptions) -> Drawing<'a> {
        Drawing { rite, world, map, t, beat, opts, placer: Placer::default() }
    }

    fn caption_lines(&self) -> Vec<(String, f32, &'static str)> {
        let step = &self.rite.steps[self.beat.step];
        let en = self.opts.english;
        let width = super::WIDTH - 2.0 * self.map.margin;
        let section = if en { glossary().section_en(&step.section).unwrap_or(&step.section) } else { &step.section };
        let mut out =
            vec![(format!("【{section}】 {} {} · {}", if en { "step" } else { "第" }, self.beat.step + 1, step.id), 13.0, "#6b5a44")];
        let clause = &step.beats[self.beat.beat].text;
        for l in wrap(&step.text(), CAPTION_SIZE + 2.0, width) {
            out.push((l, CAPTION_SIZE + 2.0, INK));
        }
        out.push((format!("{} {clause}", if en { "Now:" } else { "此句：" }), CAPTION_SIZE, RED));
        let translation = if en { &step.translation_en } else { &step.translation };
        for l in wrap(translation, CAPTION_SIZE, width) {
            out.push((l, CAPTION_SIZE, "#44382e"));
        }
        out
    }

    pub(super) fn draw(mut self) -> Plan {
        let caption = self.caption_lines();
        let caption_h: f32 = caption.iter().map(|(_, s, _)| s * 1.35).sum::<f32>() + 16.0;
        let (w, h) = self.map.size();
        let mut svg = Svg::new(w, h + caption_h, self.opts.embed_font);
        svg.rect(0.0, 0.0, w, h + caption_h, r##"fill="#fbf8f0""##);
        // what lies outside the crop is cut at its edge, never drawn over the caption
        svg.raw(&format!(
            r#"<clipPath id="court"><rect x="0" y="0" width="{w:.1}" height="{h:.1}"/></clipPath><g clip-path="url(#court)">"#
        ));
        self.court(&mut svg);
        self.solids(&mut svg);
        self.walks(&mut svg);
        let marks = self.people(&mut svg);
        self.things(&mut svg);
        self.solid_labels(&mut svg);
        svg.raw("</g>");
        let mut y = h + 6.0;
        for (line, size, colour) in &caption {
            svg.text(self.map.margin, y, *size, line, &format!(r#"fill="{colour}""#));
            y += size * 1.35;
        }
        let labels = self.placer.placed.clone();
        Plan { svg: svg.finish(), width: w, height: h + caption_h, marks, labels, map: self.map }
    }

    /// The court alone (ground, hall, fixed things and their names), nobody in it: the ground
    /// the web player draws its people on.
    pub(super) fn draw_ground(mut self) -> (String, Map) {
        let (w, h) = self.map.size();
        let mut svg = Svg::new(w, h, self.opts.embed_font);
        svg.rect(0.0, 0.0, w, h, r##"fill="#fbf8f0""##);
        self.court(&mut svg);
        self.solids(&mut svg);
        self.solid_labels(&mut svg);
        (svg.finish(), self.map)
    }

    fn bounds(&self) -> Rect {
        let (w, h) = self.map.size();
        [0.0, 0.0, w, h]
    }

    fn rect_of(&self, b: &Box2) -> (f32, f32, f32, f32) {
        let (x0, y0) = self.map.px(b.x0, b.z0);
        let (x1, y1) = self.map.px(b.x1, b.z1);
        (x0, y0, (x1 - x0).max(1.0), (y1 - y0).max(1.0))
    }

    fn court(&self, svg: &mut Svg) {
        let court = &self.rite.timeline.court;
        let (x, y, w, h) = self.rect_of(&court.ground);
        svg.rect(x, y, w, h, r##"fill="#efe7d2" stroke="#cbbf9f""##);
        let (x, y, w, h) = self.rect_of(&court.hall);
        svg.rect(x, y, w, h, r##"fill="#e4d3b0" stroke="#6b5a44" stroke-width="1.5""##);
        let (left, right) = (self.map.margin, self.map.size().0 - self.map.margin);
        for row in self.map.break_rows() {
            // the classical sign for a distance not drawn to scale: a zigzag across the range
            let zig: Vec<(f32, f32)> =
                (0..=24).map(|k| (left + (right - left) * k as f32 / 24.0, row + if k % 2 == 0 { -4.0 } else { 4.0 })).collect();
            svg.polyline(&zig, r##"stroke="#8a7a60" stroke-width="1.2""##);
            let note = if self.opts.english { "(the range, not to scale)" } else { "（侯道，未按比例）" };
            svg.text(right - text_width(note, 11.0), row + 6.0, 11.0, note, r##"fill="#8a7a60""##);
        }
    }

    fn solids(&self, svg: &mut Svg) {
        for s in &self.rite.timeline.court.solids {
            let (x, y, w, h) = self.rect_of(&s.footprint);
            match &s.kind {
                ObjectKind::Stair { steps, up } => {
                    svg.rect(x, y, w, h, r##"fill="#d8c9a8" stroke="#6b5a44""##);
                    let n = (*steps).clamp(1, 12);
                    for k in 1..n {
                        let f = k as f32 / n as f32;
                        let (a, b) = if matches!(up, Dir::N | Dir::S) {
                            ((x, y + h * f), (x + w, y + h * f))
                        } else {
                            ((x + w * f, y), (x + w * f, y + h))
                        };
                        svg.line(a, b, r##"stroke="#8a7a60" stroke-width="0.8""##);
                    }
                }
                ObjectKind::Beam => {
                    let (a, b) = if w >= h { ((x, y + h / 2.0), (x + w, y + h / 2.0)) } else { ((x + w / 2.0, y), (x + w / 2.0, y + h)) };
                    svg.line(a, b, r##"stroke="#7a5a3a" stroke-width="1.2" stroke-dasharray="6 4""##);
                }
                ObjectKind::Mark => {
                    svg.line((x, y), (x + w, y + h), &format!(r#"stroke="{INK}" stroke-width="1.5""#));
                    svg.line((x + w, y), (x, y + h), &format!(r#"stroke="{INK}" stroke-width="1.5""#));
                }
                ObjectKind::Target { .. } => {
                    svg.rect(x, y, w, h.max(3.0), r##"fill="#f6f0dc" stroke="#2a1e18""##);
                    svg.rect(x + w * 0.4, y - 1.0, w * 0.2, h.max(3.0) + 2.0, r##"fill="#b0201a""##);
                }
                kind => svg.rect(x, y, w, h, &format!(r##"fill="{}" stroke="#6b5a44" stroke-width="0.6""##, fill_of(kind))),
            }
        }
    }

    /// The walks of the current step so far, as arrows in each walker's colour.
    fn walks(&self, svg: &mut Svg) {
        let step = &self.rite.steps[self.beat.step];
        for track in &self.rite.timeline.actors {
            let colour = hex(track.dress.rgb());
            for seg in track.segments.iter().filter(|s| s.t0 >= step.start && s.t0 < self.t) {
                if let Motion::Walk { path, .. } = &seg.motion {
                    let pts: Vec<(f32, f32)> = path.iter().map(|p| self.map.px(p[0], p[2])).collect();
                    svg.raw(r#"<g opacity="0.55">"#);
                    svg.polyline(&pts, &format!(r#"stroke="{colour}" stroke-width="1.6" stroke-dasharray="4 3" marker-end="url(#arrow)""#));
                    svg.raw("</g>");
                }
            }
        }
    }

    /// Things set down somewhere (the 楅, the 中, the 丰, cups, arrows on the ground): a small
    /// square each; those that are furniture of the rite are named.
    fn things(&mut self, svg: &mut Svg) {
        let tl = &self.rite.timeline;
        let bounds = self.bounds();
        for (k, p) in tl.props.iter().enumerate() {
            let s = &self.world.props[k];
            if !s.present || s.held_by.is_some() || !self.map.area.contains(s.pos[0], s.pos[2]) {
                continue;
            }
            let (x, y) = self.map.px(s.pos[0], s.pos[2]);
            svg.rect(x - 2.5, y - 2.5, 5.0, 5.0, r##"fill="#7d5a3a" stroke="#2a1e18" stroke-width="0.5""##);
            if p.kind.is_furniture() {
                let name = if self.opts.english { self.rite.prop_en(k).trim_start_matches("the ").to_string() } else { p.name.clone() };
                let (w, h) = (text_width(&name, 10.0) + 2.0, 12.5);
                if let Some((left, top)) = self.placer.place(x, y, w, h, 4.0, bounds) {
                    svg.text(left + 1.0, top, 10.0, &name, r##"fill="#5a4030""##);
                }
            }
        }
    }

    fn label_of_actor(&self, i: usize) -> String {
        let tl = &self.rite.timeline;
        let held: Vec<String> = (0..tl.props.len())
            .filter(|&k| self.world.props[k].held_by == Some(i))
            .map(|k| if self.opts.english { self.rite.prop_en(k).trim_start_matches("the ").to_string() } else { tl.props[k].name.clone() })
            .collect();
        let name = self.rite.called(i, self.beat, Lang::of(self.opts.english)).trim_start_matches("the ").to_string();
        match (held.is_empty(), self.opts.english) {
            (true, _) => name,
            (false, true) => format!("{name} ({})", held.join(", ")),
            (false, false) => format!("{name}〔{}〕", held.join("、")),
        }
    }

    fn people(&mut self, svg: &mut Svg) -> Vec<ActorMark> {
        let acting = &self.rite.beat(self.beat).actors;
        let tl = &self.rite.timeline;
        let area = self.map.area;
        let inside = |p: [f32; 3]| area.contains(p[0], p[2]);
        let mut order: Vec<usize> =
            (0..tl.actors.len()).filter(|&i| self.world.actors[i].present && inside(self.world.actors[i].pos)).collect();
        // the clause's people are labelled first, so theirs are never the ones left out
        order.sort_by_key(|i| !acting.contains(i));
        let mut marks = Vec::new();
        for &i in &order {
            let s = &self.world.actors[i];
            let (x, y) = self.map.px(s.pos[0], s.pos[2]);
            self.placer.block([x - 6.0, y - 6.0, x + 6.0, y + 6.0]);
            marks.push(ActorMark { id: tl.actors[i].id.clone(), index: i, x, y, acting: acting.contains(&i) });
        }
        for m in &marks {
            let i = m.index;
            let s = &self.world.actors[i];
            let (dx, dz) = bearing_vector(s.bearing);
            let colour = hex(tl.actors[i].dress.rgb());
            let ring = if m.acting {
                format!(r#"stroke="{RED}" stroke-width="2.5""#)
            } else {
                r##"stroke="#2a1e18" stroke-width="0.8""##.to_string()
            };
            svg.line((m.x, m.y), (m.x + dx * 13.0, m.y + dz * 13.0), &format!(r#"stroke="{INK}" stroke-width="2" stroke-linecap="round""#));
            svg.circle((m.x, m.y), 5.5, &format!(r#"id="actor-{}" fill="{colour}" {ring}"#, escape(&m.id)));
        }
        let bounds = self.bounds();
        for m in &marks {
            let text = self.label_of_actor(m.index);
            let size = if m.acting { 13.0 } else { 11.5 };
            let (w, h) = (text_width(&text, size) + 4.0, size * 1.25);
            if let Some((left, top)) = self.placer.place(m.x, m.y, w, h, 8.0, bounds) {
                let style = if m.acting { format!(r#"fill="{RED}" font-weight="bold""#) } else { format!(r#"fill="{INK}""#) };
                svg.rect(left, top, w, h, r##"fill="#fbf8f0" fill-opacity="0.8""##);
                svg.text(left + 2.0, top + size * 0.08, size, &text, &style);
            }
        }
        marks
    }

    fn solid_labels(&mut self, svg: &mut Svg) {
        let bounds = self.bounds();
        for s in &self.rite.timeline.court.solids {
            let text = solid_name(s, self.opts.english);
            let (cx, cz) = s.footprint.centre();
            let (x, y) = self.map.px(cx, cz);
            if !(x > bounds[0] && x < bounds[2] && y > bounds[1] && y < bounds[3]) {
                continue;
            }
            let (w, h) = (text_width(&text, 10.0) + 2.0, 12.5);
            if let Some((left, top)) = self.placer.place(x, y, w, h, 4.0, bounds) {
                svg.text(left + 1.0, top, 10.0, &text, r##"fill="#6b5a44""##);
            }
        }
    }
}

/// A fixed thing's name on the plan: the text's word, or its glossary English.
fn solid_name(s: &Solid, english: bool) -> String {
    if !english {
        return s.id.clone();
    }
    glossary().en(&s.id).unwrap_or(&s.en).trim_start_matches("the ").to_string()
}

fn fill_of(kind: &ObjectKind) -> &'static str {
    match kind {
        ObjectKind::Pillar => "#8b3a2b",
        ObjectKind::Wall | ObjectKind::CourtWall => "#7a6a58",
        ObjectKind::Gate | ObjectKind::Door => "#a58560",
        ObjectKind::Washbasin | ObjectKind::WaterJar | ObjectKind::WineJar | ObjectKind::JarStand => "#8c7a52",
        ObjectKind::Basket => "#b89a60",
        ObjectKind::Chimes { .. } | ObjectKind::Bells { .. } | ObjectKind::Drum => "#9a6b3f",
        ObjectKind::Blind => "#8f8f6f",
        ObjectKind::Mat => "#ede0b0",
        ObjectKind::Tent => "#e0d6c0",
        ObjectKind::Torch => "#e08a2a",
        _ => "#c8bca0",
    }
}
