//! 读法: where the commentators differ. The panel lists each disputed point with its readings,
//! who holds each and the passage; choosing one loads the rite again read that way, off the main
//! thread, and keeps the playhead on the same clause. When the clause on screen is one a reading
//! stages otherwise, the panel says so and offers the switch.

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use bevy_egui::egui;

use super::style::{DONE, NOW as RED};
use crate::app::stage::{Now, Playhead, Stage};
use crate::rite::Rite;
use crate::rite::acts::deed::Lang;
use crate::rite::scene::load::{LoadError, Loaded, load_scene_with};
use crate::rite::scene::readings::Choice;
use crate::rite::timeline::query::BeatRef;

/// The readings asked for, and the load under way.
#[derive(Resource, Default)]
pub struct ReadingSwitch {
    /// set by the panel: the readings to stage from now on
    pub wanted: Option<Vec<Choice>>,
    pending: Option<Task<Result<Loaded, LoadError>>>,
    /// why the last switch failed, for the panel
    pub error: Option<String>,
}

pub(in crate::app) fn plugin(app: &mut App) {
    app.init_resource::<ReadingSwitch>().add_systems(Update, (start, finish).chain());
}

fn start(stage: Res<Stage>, mut switch: ResMut<ReadingSwitch>) {
    let Some(choices) = switch.wanted.take() else { return };
    let file = stage.files.first().cloned().unwrap_or_else(|| stage.file.clone());
    switch.pending = Some(AsyncComputeTaskPool::get().spawn(async move { load_scene_with(&file, &choices) }));
}

/// Puts the rite read the new way on the stage, at the same clause, as far into it as before.
fn finish(mut switch: ResMut<ReadingSwitch>, mut stage: ResMut<Stage>, mut head: ResMut<Playhead>, now: Res<Now>) {
    let Some(task) = switch.pending.as_mut() else { return };
    let Some(result) = check_ready(task) else { return };
    switch.pending = None;
    match result {
        Ok(loaded) => {
            let old = stage.rite.beat(now.beat);
            let into = ((head.t - old.start) / (old.end - old.start).max(1e-3)).clamp(0.0, 1.0);
            let number = stage.rite.beat_number(now.beat);
            if let Some((_, beat)) = loaded.rite.numbered_beat(number) {
                head.t = beat.start + into * (beat.end - beat.start);
            }
            stage.replace(loaded.rite, loaded.files);
            switch.error = None;
        }
        Err(e) => switch.error = Some(e.to_string()),
    }
}

/// Whether a reading restages the clause `r`.
fn restages(rite: &Rite, r: BeatRef, beats: &[crate::rite::scene::readings::BeatReading]) -> bool {
    let step = &rite.steps[r.step].id;
    beats.iter().any(|b| b.step == *step && b.beat == r.beat + 1)
}

/// The readings in force with point `point` read as `alternative`.
fn with(rite: &Rite, point: &str, alternative: &str) -> Vec<Choice> {
    let mut out: Vec<Choice> = rite
        .readings_in_force()
        .into_iter()
        .filter(|(p, a)| p.id != point && !a.default)
        .map(|(p, a)| Choice { point: p.id.clone(), alternative: a.id.clone() })
        .collect();
    out.push(Choice { point: point.to_string(), alternative: alternative.to_string() });
    out
}

/// The notice over the text when the clause on screen is read otherwise by someone: returns the
/// readings to switch to if the reader asks.
pub(super) fn notice(ui: &mut egui::Ui, rite: &Rite, r: BeatRef, lang: Lang) -> Option<Vec<Choice>> {
    let mut wanted = None;
    for (point, staged) in rite.readings_in_force() {
        for alt in point.alternatives.iter().filter(|a| a.id != staged.id) {
            if !(restages(rite, r, &alt.beats) || restages(rite, r, &staged.beats)) {
                continue;
            }
            ui.horizontal_wrapped(|ui| {
                let what = if lang.is_english() && !point.concerns_en.is_empty() { &point.concerns_en } else { &point.concerns };
                ui.label(egui::RichText::new(format!("{} {what}", lang.pick("诸家读法不同：", "Read otherwise:"))).color(RED));
                let button = format!("{} {}", lang.pick("改从", "switch to"), alt.authority);
                if ui.small_button(button).on_hover_text(&alt.passage).clicked() {
                    wanted = Some(with(rite, &point.id, &alt.id));
                }
            });
        }
    }
    wanted
}

/// The 读法 list: every disputed point, its readings, who holds each and the passage; returns the
/// readings to switch to when the reader picks one.
pub(super) fn section(ui: &mut egui::Ui, rite: &Rite, lang: Lang, error: Option<&str>) -> Option<Vec<Choice>> {
    if rite.readings.is_empty() {
        return None;
    }
    let mut wanted = None;
    let title = format!("{} ({})", lang.pick("读法：诸家异说", "Readings where the commentators differ"), rite.readings.len());
    egui::CollapsingHeader::new(title).default_open(false).show(ui, |ui| {
        if let Some(e) = error {
            ui.label(egui::RichText::new(e).color(RED));
        }
        let in_force = rite.readings_in_force();
        for point in &rite.readings {
            let what = if lang.is_english() && !point.concerns_en.is_empty() { &point.concerns_en } else { &point.concerns };
            ui.label(egui::RichText::new(what).strong());
            for alt in &point.alternatives {
                let staged = in_force.iter().any(|(p, a)| p.id == point.id && a.id == alt.id);
                let label = format!("{}{}", alt.authority, if alt.default { lang.pick("（默认）", " (default)") } else { "" });
                if ui.radio(staged, label).clicked() && !staged {
                    wanted = Some(with(rite, &point.id, &alt.id));
                }
                ui.label(egui::RichText::new(format!("「{}」", alt.passage)).color(DONE).small());
                if lang.is_english() && !alt.en.is_empty() {
                    ui.label(egui::RichText::new(&alt.en).color(DONE).small());
                }
            }
            ui.add_space(4.0);
        }
    });
    wanted
}
