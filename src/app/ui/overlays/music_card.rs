//! What is sounding, in a card at the lower left of the scene: the piece and who plays it, the
//! lyric with the character now sung lit, the note, and where the melody comes from. A piece whose
//! melody is lost says so; 驺虞 says whose setting it is sung to and why.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::app::camera::Margins;
use crate::app::sound::{LOUDEST_SPEED, Music, SoundSettings};
use crate::app::stage::{Language, Playhead, Stage};
use crate::app::ui::style::{DONE, INK, NOW, PAPER};
use crate::music::library::Library;
use crate::music::tuning::LU_FULL;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, draw.in_set(crate::app::ui::UiSystems::Overlays).run_if(not(crate::app::stage::filming)));
}

fn draw(
    mut contexts: EguiContexts,
    stage: Res<Stage>,
    head: Res<Playhead>,
    music: Option<Res<Music>>,
    settings: Res<SoundSettings>,
    language: Res<Language>,
    margins: Res<Margins>,
    window: Single<&Window>,
) -> Result {
    let Some(music) = music else { return Ok(()) };
    let lib = Library::builtin();
    // voices (speech and calls) are shown where they are said, not as music
    let now: Vec<_> = music
        .track
        .sounding(stage.pace.to_view(head.t) as f64, lib)
        .into_iter()
        .filter(|s| s.part != crate::music::cue::Part::Voice)
        .collect();
    let Some(lead) = now.first() else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    let lang = language.0;
    let names = |ids: &[usize]| -> String {
        let actors = &stage.rite.timeline.actors;
        let list: Vec<&str> =
            ids.iter().map(|&a| if lang.is_english() { actors[a].en.as_str() } else { actors[a].name.as_str() }).collect();
        list.join(if lang.is_english() { ", " } else { "、" })
    };
    let width = (window.width() - margins.left - margins.right - 220.0).clamp(220.0, 420.0);
    let pos = egui::pos2(margins.left + 10.0, window.height() - margins.bottom - 10.0);
    egui::Area::new(egui::Id::new("sounding")).fixed_pos(pos).pivot(egui::Align2::LEFT_BOTTOM).show(ctx, |ui| {
        egui::Frame::popup(ui.style()).fill(PAPER).show(ui, |ui| {
            ui.set_max_width(width);
            let piece = if lang.is_english() { lib.english(&lead.piece) } else { format!("《{}》", lead.piece) };
            ui.label(egui::RichText::new(format!("♪ {piece}")).strong().color(NOW));
            for s in &now {
                ui.label(format!(
                    "{}{}{}",
                    if lang.is_english() { s.part.english() } else { s.part.name() },
                    lang.pick("：", ": "),
                    names(&s.performers)
                ));
            }
            if let Some((lyric, at)) = &lead.lyric {
                let mut job = egui::text::LayoutJob::default();
                for (i, c) in crate::music::library::shown(lyric).chars().enumerate() {
                    let color = if i == *at {
                        NOW
                    } else if i < *at {
                        DONE
                    } else {
                        INK
                    };
                    let font = egui::FontId::proportional(if i == *at { 20.0 } else { 17.0 });
                    job.append(&c.to_string(), 0.0, egui::TextFormat { font_id: font, color, ..default() });
                }
                job.wrap.max_width = width;
                ui.label(job);
            }
            if let Some(p) = lead.note {
                let full = LU_FULL[p.lu as usize];
                let octave = match p.octave {
                    1 => lang.pick("清声", " (upper octave)"),
                    -1 => lang.pick("浊声", " (lower octave)"),
                    _ => "",
                };
                let full = if lang.is_english() { crate::music::tuning::LU_PINYIN[p.lu as usize] } else { full };
                ui.label(format!("{}{full}{octave}", lang.pick("音：", "note: ")));
            }
            // why a melody is borrowed or missing: one line, the reasons on hover
            let sung_as = lead.melody.as_ref().and_then(|_| lib.choices.sung_as.iter().find(|a| a.piece == lead.piece));
            if let Some(a) = sung_as {
                let line = if lang.is_english() {
                    format!("sung to the melody of {} ⓘ", lib.english(&a.melody))
                } else {
                    format!("以《{}》之谱歌之 ⓘ", a.melody)
                };
                ui.label(egui::RichText::new(line).color(DONE)).on_hover_text(if lang.is_english() { &a.why_en } else { &a.why });
            }
            if let Some(l) = lib.choices.lost.iter().find(|l| l.piece == lead.piece) {
                let line = lang.pick("乐谱已亡 ⓘ", "melody lost ⓘ");
                ui.label(egui::RichText::new(line).color(DONE)).on_hover_text(if lang.is_english() { &l.why_en } else { &l.why });
            }
            let state = if let Some(e) = &settings.silent_because {
                format!("{} ({e})", lang.pick("无声：无音频设备", "silent: no sound device"))
            } else if settings.muted {
                lang.pick("已静音（M）", "muted (M)").to_string()
            } else if head.speed > LOUDEST_SPEED {
                lang.pick("快于 4× 时不出声", "silent above 4×").to_string()
            } else {
                String::new()
            };
            if !state.is_empty() {
                ui.label(egui::RichText::new(state).color(NOW));
            }
            ui.label(egui::RichText::new(lang.pick("ⓘ 乐谱来源", "ⓘ where the music comes from")).color(DONE))
                .on_hover_text(if lang.is_english() { &lib.choices.about_en } else { &lib.choices.about });
        });
    });
    Ok(())
}
