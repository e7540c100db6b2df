//! The bottom bar: stepping, play, jumps by act, speed, the clock and the pace, the views, the
//! labels and the sound, and the scrubber under them. It returns what the reader asked for.

use bevy_egui::egui;

use super::scrubber::{clock, scrubber};
use super::{Toggles, Typed};
use crate::app::camera::{PRESETS, View};
use crate::app::playback::{JUMP_KEYS, SPEEDS, beat_start, neighbour};
use crate::app::stage::{Playhead, Stage};
use crate::app::ui::action::UiAction;
use crate::app::ui::style::NOW;
use crate::rite::acts::deed::Lang;
use crate::rite::timeline::pace::Pace;
use crate::rite::timeline::query::BeatRef;

#[allow(clippy::too_many_arguments)]
pub(super) fn bar(
    ui: &mut egui::Ui,
    stage: &Stage,
    head: &Playhead,
    here: BeatRef,
    view: &View,
    lang: Lang,
    toggles: &mut Toggles,
    typed: &mut Typed,
    out: &mut Vec<UiAction>,
) {
    // a narrow window wraps the bar onto a second row rather than cutting it off
    ui.horizontal_wrapped(|ui| {
        let (fold, hint) = if typed.hide_text {
            ("文⏵", lang.pick("展开原文面板", "show the text panel"))
        } else {
            ("⏴文", lang.pick("收起原文面板", "fold the text panel"))
        };
        if ui.small_button(fold).on_hover_text(hint).clicked() {
            typed.hide_text = !typed.hide_text;
        }
        let step_to = |delta: i32, whole_step: bool| UiAction::Seek(beat_start(stage, neighbour(stage, here, delta, whole_step)));
        if ui.button("⏮").on_hover_text(lang.pick("上一步 (Shift+←)", "previous step (Shift+←)")).clicked() {
            out.push(step_to(-1, true));
        }
        if ui.button("◀").on_hover_text(lang.pick("上一句 (←)", "previous clause (←)")).clicked() {
            out.push(step_to(-1, false));
        }
        let play = if head.playing { "⏸" } else { "▶" };
        if ui.button(play).on_hover_text(lang.pick("播放/暂停 (空格)", "play/pause (Space)")).clicked() {
            out.push(UiAction::TogglePlay);
        }
        if ui.button("▶|").on_hover_text(lang.pick("下一句 (→)", "next clause (→)")).clicked() {
            out.push(step_to(1, false));
        }
        if ui.button("⏭").on_hover_text(lang.pick("下一步 (Shift+→)", "next step (Shift+→)")).clicked() {
            out.push(step_to(1, true));
        }
        // jump by act: the next shot, bow, cup or round (Shift+S/B/C/O: the one before)
        for (key, act) in JUMP_KEYS {
            let letter = format!("{key:?}").trim_start_matches("Key").to_string();
            let label = if lang.is_english() { format!("{}⏵", act.english()) } else { format!("{}⏵", act.name()) };
            let hint = if lang.is_english() {
                format!("next {} ({letter}; Shift+{letter}: the one before)", act.english())
            } else {
                format!("下一{}（{letter}；Shift+{letter}：上一{}）", act.name(), act.name())
            };
            if ui.small_button(label).on_hover_text(hint).clicked()
                && let Some(r) = crate::rite::timeline::jump::next(&stage.rite, here, act, true)
            {
                out.push(UiAction::Seek(beat_start(stage, r)));
            }
        }
        let mut speed = head.speed;
        egui::ComboBox::from_id_salt("speed").selected_text(format!("{}×", head.speed)).width(60.0).show_ui(ui, |ui| {
            for s in SPEEDS {
                ui.selectable_value(&mut speed, s, format!("{s}×"));
            }
        });
        if speed != head.speed {
            out.push(UiAction::SetSpeed(speed));
        }
        // the clock in viewing time; in film pace, how much faster than life this beat runs
        let pace = stage.pace.pace;
        ui.label(format!("{} / {}", clock(stage.pace.to_view(head.t)), clock(stage.pace.duration())));
        let lapse = stage.pace.speedup(head.t);
        if pace == Pace::Film && lapse > 1.5 {
            ui.label(egui::RichText::new(format!("×{lapse:.0}")).color(NOW))
                .on_hover_text(lang.pick("此句缩时播放", "this clause plays as a time-lapse"));
        }
        let film = pace == Pace::Film;
        if ui
            .selectable_label(film, lang.pick("电影节奏", "Film pace"))
            .on_hover_text(lang.pick(
                "电影节奏：每句至少可读完，长段缩时；再点为实时",
                "film pace: every clause long enough to read, long stretches as time-lapses; click for real time",
            ))
            .clicked()
        {
            out.push(UiAction::SetPace(if film { Pace::Real } else { Pace::Film }));
        }
        ui.separator();
        for p in PRESETS {
            let hint = format!("{} ({})", lang.pick(p.zh, p.en), p.key);
            if ui.selectable_label(*view == p.view, lang.pick(p.zh, p.en)).on_hover_text(hint).clicked() {
                out.push(UiAction::SetView(p.view));
            }
        }
        ui.checkbox(&mut toggles.labels.objects, lang.pick("器物名", "Object labels"));
        ui.separator();
        let sound = &mut toggles.sound;
        let icon = if sound.muted || sound.silent_because.is_some() { "🔇" } else { "🔊" };
        let hint = match &sound.silent_because {
            Some(e) => format!("{} ({e})", lang.pick("无声：无音频设备", "silent: no sound device")),
            None => lang.pick("静音/出声 (M)", "mute/unmute (M)").to_string(),
        };
        if ui.button(icon).on_hover_text(hint).clicked() {
            sound.muted = !sound.muted;
        }
        ui.add(egui::Slider::new(&mut sound.volume, 0.0..=1.0).show_value(false)).on_hover_text(lang.pick("音量", "volume"));
    });
    if let Some(t) = scrubber(ui, stage, head.t) {
        out.push(UiAction::Seek(t));
    }
}
