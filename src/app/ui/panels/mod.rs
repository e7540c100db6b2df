//! The panels: the text of the current step with the enacted clause highlighted and its 译文
//! (left, `text`), the selected person (right, `inspector`), the bar and the scrubber (bottom,
//! `bar`). Each returns the `UiAction`s the reader asked for; `ui::action` applies them.

mod bar;
mod inspector;
mod scrubber;
mod search;
mod text;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::action::UiAction;
use super::overlays::labels::LabelSettings;
use super::style::PAPER;
use crate::app::camera::{CameraAim, Margins};
use crate::app::playback::UiWantsKeyboard;
use crate::app::stage::{Language, Now, Playhead, Selection, Stage};
use crate::app::ui::UiSystems;
use crate::rite::acts::deed::Lang;

/// The switches the panels flip: labels, the selected actor's path, the sound.
#[derive(bevy::ecs::system::SystemParam)]
pub(in crate::app::ui) struct Toggles<'w> {
    labels: ResMut<'w, LabelSettings>,
    show_path: ResMut<'w, crate::app::ui::highlight::ShowPath>,
    sound: ResMut<'w, crate::app::sound::SoundSettings>,
    notes: ResMut<'w, crate::app::ui::commentary::NotesView>,
    readings: Res<'w, crate::app::ui::readings::ReadingSwitch>,
}

/// What the reader typed or chose in the panel and keeps from frame to frame.
#[derive(Default)]
pub(in crate::app::ui) struct Typed {
    search: String,
    glossary: String,
    pinyin: bool,
    /// the text panel folded away, for a small window
    hide_text: bool,
}

pub(super) fn plugin(app: &mut App) {
    let filming = crate::app::stage::filming;
    app.add_systems(
        EguiPrimaryContextPass,
        (panels.run_if(not(filming)), crate::app::ui::overlays::caption::caption.run_if(filming)).in_set(UiSystems::Panels),
    );
}

/// Lays out the panels round the 3D view, collects what the reader asked for in each, and says
/// how much of the window they took (the camera keeps the scene in what is left).
#[allow(clippy::too_many_arguments)]
fn panels(
    mut contexts: EguiContexts,
    stage: Res<Stage>,
    now: Res<Now>,
    head: Res<Playhead>,
    selection: Res<Selection>,
    language: Res<Language>,
    aim: Res<CameraAim>,
    mut toggles: Toggles,
    mut margins: ResMut<Margins>,
    mut typing: ResMut<UiWantsKeyboard>,
    reload: Res<crate::app::reload::ReloadStatus>,
    mut hovered_word: ResMut<crate::app::ui::highlight::HoveredWord>,
    mut typed: Local<Typed>,
    names: Res<crate::app::ui::highlight::ThingNames>,
    mut actions: MessageWriter<UiAction>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let lang = language.0;
    let mut out = Vec::new();
    let frame = egui::Frame::side_top_panel(&ctx.global_style()).fill(PAPER);
    // panels are laid out inside a background Ui that spans the window (egui 0.36)
    let mut root = egui::Ui::new(
        ctx.clone(),
        "viewport".into(),
        egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(ctx.viewport_rect()),
    );
    margins.top = reload.error.as_ref().map_or(0.0, |err| reload_banner(&mut root, err, lang));
    let bottom = egui::Panel::bottom("timeline").frame(frame).show(&mut root, |ui| {
        bar::bar(ui, &stage, &head, now.beat, &aim.view, lang, &mut toggles, &mut typed, &mut out);
    });
    margins.bottom = bottom.response.rect.height();
    margins.left = 0.0;
    if !typed.hide_text {
        let narrow = ctx.viewport_rect().width() < 1100.0;
        let shown = text::Shown { rite: &stage.rite, here: now.beat, selected: selection.0, lang, names: &names.0 };
        let left = egui::Panel::left("text")
            .default_size(if narrow { 260.0 } else { 330.0 })
            .resizable(true)
            .frame(frame)
            .show(&mut root, |ui| text::text_panel(ui, &shown, &mut toggles, &mut typed, &mut out));
        margins.left = left.response.rect.width();
        if hovered_word.0 != left.inner {
            hovered_word.0 = left.inner;
        }
    }
    // the inspector opens when someone is selected; the cast list lives in the text panel
    margins.right = match selection.0 {
        Some(i) => {
            let right = egui::Panel::right("people").default_size(300.0).resizable(true).frame(frame).show(&mut root, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    inspector::inspector(ui, &stage, i, &head, now.beat, lang, &mut toggles.show_path.0, &mut out);
                });
            });
            right.response.rect.width()
        }
        None => 0.0,
    };
    actions.write_batch(out);
    typing.0 = ctx.egui_wants_keyboard_input();
    Ok(())
}

/// A broken edit of the scene file: say where, and that the last good version keeps playing.
/// Returns the banner's height.
fn reload_banner(root: &mut egui::Ui, err: &crate::rite::scene::load::LoadError, lang: Lang) -> f32 {
    let banner = egui::Frame::side_top_panel(&root.ctx().global_style()).fill(egui::Color32::from_rgb(120, 24, 20));
    let r = egui::Panel::top("reload_error").frame(banner).show(root, |ui| {
        ui.label(
            egui::RichText::new(
                lang.pick("场景文件有误，仍在播放上一个正确的版本：", "The scene file has errors; still playing the last good version:"),
            )
            .color(egui::Color32::WHITE)
            .strong(),
        );
        for line in err.headlines().into_iter().take(6) {
            ui.label(egui::RichText::new(line).color(egui::Color32::from_rgb(255, 230, 220)).monospace());
        }
    });
    r.response.rect.height()
}
