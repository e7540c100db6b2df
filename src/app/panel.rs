//! The panels: the text of the current step with the enacted clause highlighted and its 译文
//! (left), the selected actor and the cast (right), the timeline (bottom).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::camera::{CameraAim, Margins, View, set_view};
use super::overlay::LabelSettings;
use super::playback::{SPEEDS, UiWantsKeyboard, beat_start, neighbour, seek};
use super::stage::{Language, Moved, Now, Playhead, Selection, Stage, UiSystems};
use super::style::{DONE, INK, NOW, PAPER, tr};
use crate::rite::deed::Lang;
use crate::rite::glossary::{glossary, pinyin_of};
use crate::rite::pace::Pace;

/// The switches the panels flip: labels, the selected actor's path, the sound.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct Toggles<'w> {
    labels: ResMut<'w, LabelSettings>,
    show_path: ResMut<'w, super::highlight::ShowPath>,
    sound: ResMut<'w, super::sound::SoundSettings>,
    notes: ResMut<'w, super::commentary_view::NotesView>,
    readings: ResMut<'w, super::readings_view::ReadingSwitch>,
}

/// What the reader typed or chose in the panel and keeps from frame to frame.
#[derive(Default)]
pub(super) struct Typed {
    search: String,
    glossary: String,
    pinyin: bool,
    /// the text panel folded away, for a small window
    hide_text: bool,
}

pub(super) fn plugin(app: &mut App) {
    let filming = resource_exists::<super::clip::Clip>;
    app.add_systems(
        EguiPrimaryContextPass,
        (panels.run_if(not(filming)), super::caption::caption.run_if(filming)).in_set(UiSystems::Panels),
    );
}

#[allow(clippy::too_many_arguments)]
pub(super) fn panels(
    mut contexts: EguiContexts,
    mut stage: ResMut<Stage>,
    now: Res<Now>,
    mut head: ResMut<Playhead>,
    mut selection: ResMut<Selection>,
    mut language: ResMut<Language>,
    mut toggles: Toggles,
    mut aim: ResMut<CameraAim>,
    mut margins: ResMut<Margins>,
    mut typing: ResMut<UiWantsKeyboard>,
    mut moved: MessageWriter<Moved>,
    reload: Res<super::reload::ReloadStatus>,
    mut hovered_word: ResMut<super::highlight::HoveredWord>,
    mut typed: Local<Typed>,
    names: Res<super::highlight::ThingNames>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let en = language.english();
    let rite = &stage.rite;
    let mut seek_to: Option<f32> = None;
    let mut pace_to: Option<Pace> = None;
    let step = &rite.steps[now.beat.step];

    let frame = egui::Frame::side_top_panel(&ctx.global_style()).fill(PAPER);
    // panels are laid out inside a background Ui that spans the window (egui 0.36)
    let mut root = egui::Ui::new(
        ctx.clone(),
        "viewport".into(),
        egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(ctx.viewport_rect()),
    );
    let ctx = ctx.clone();
    // a broken edit of the scene file: say where, keep playing the last good version
    let top = match &reload.error {
        Some(err) => {
            let banner = egui::Frame::side_top_panel(&ctx.global_style()).fill(egui::Color32::from_rgb(120, 24, 20));
            let r = egui::Panel::top("reload_error").frame(banner).show(&mut root, |ui| {
                ui.label(
                    egui::RichText::new(tr(
                        en,
                        "场景文件有误，仍在播放上一个正确的版本：",
                        "The scene file has errors; still playing the last good version:",
                    ))
                    .color(egui::Color32::WHITE)
                    .strong(),
                );
                for line in err.headlines().into_iter().take(6) {
                    ui.label(egui::RichText::new(line).color(egui::Color32::from_rgb(255, 230, 220)).monospace());
                }
            });
            r.response.rect.height()
        }
        None => 0.0,
    };
    let bottom = egui::Panel::bottom("timeline").frame(frame).show(&mut root, |ui| {
        // a narrow window wraps the bar onto a second row rather than cutting it off
        ui.horizontal_wrapped(|ui| {
            let (fold, hint) = if typed.hide_text {
                ("文⏵", tr(en, "展开原文面板", "show the text panel"))
            } else {
                ("⏴文", tr(en, "收起原文面板", "fold the text panel"))
            };
            if ui.small_button(fold).on_hover_text(hint).clicked() {
                typed.hide_text = !typed.hide_text;
            }
            if ui.button("⏮").on_hover_text(tr(en, "上一步 (Shift+←)", "previous step (Shift+←)")).clicked() {
                seek_to = Some(beat_start(&stage, neighbour(&stage, now.beat, -1, true)));
            }
            if ui.button("◀").on_hover_text(tr(en, "上一句 (←)", "previous clause (←)")).clicked() {
                seek_to = Some(beat_start(&stage, neighbour(&stage, now.beat, -1, false)));
            }
            let play = if head.playing { "⏸" } else { "▶" };
            if ui.button(play).on_hover_text(tr(en, "播放/暂停 (空格)", "play/pause (Space)")).clicked() {
                head.playing = !head.playing;
            }
            if ui.button("▶|").on_hover_text(tr(en, "下一句 (→)", "next clause (→)")).clicked() {
                seek_to = Some(beat_start(&stage, neighbour(&stage, now.beat, 1, false)));
            }
            if ui.button("⏭").on_hover_text(tr(en, "下一步 (Shift+→)", "next step (Shift+→)")).clicked() {
                seek_to = Some(beat_start(&stage, neighbour(&stage, now.beat, 1, true)));
            }
            // jump by act: the next shot, bow, cup or round (Shift+S/B/C/O: the one before)
            for (key, act) in super::playback::JUMP_KEYS {
                let letter = format!("{key:?}").trim_start_matches("Key").to_string();
                let label = if en { format!("{}⏵", act.english()) } else { format!("{}⏵", act.name()) };
                let hint = if en {
                    format!("next {} ({letter}; Shift+{letter}: the one before)", act.english())
                } else {
                    format!("下一{}（{letter}；Shift+{letter}：上一{}）", act.name(), act.name())
                };
                if ui.small_button(label).on_hover_text(hint).clicked()
                    && let Some(r) = crate::rite::jump::next(rite, now.beat, act, true)
                {
                    seek_to = Some(beat_start(&stage, r));
                }
            }
            egui::ComboBox::from_id_salt("speed").selected_text(format!("{}×", head.speed)).width(60.0).show_ui(ui, |ui| {
                for s in SPEEDS {
                    ui.selectable_value(&mut head.speed, s, format!("{s}×"));
                }
            });
            // the clock in viewing time; in film pace, how much faster than life this beat runs
            let pace = stage.pace.pace;
            ui.label(format!("{} / {}", super::scrubber::clock(stage.pace.to_view(head.t)), super::scrubber::clock(stage.pace.duration())));
            let lapse = stage.pace.speedup(head.t);
            if pace == Pace::Film && lapse > 1.5 {
                ui.label(egui::RichText::new(format!("×{lapse:.0}")).color(NOW)).on_hover_text(tr(
                    en,
                    "此句缩时播放",
                    "this clause plays as a time-lapse",
                ));
            }
            let film = pace == Pace::Film;
            if ui
                .selectable_label(film, tr(en, "电影节奏", "Film pace"))
                .on_hover_text(tr(
                    en,
                    "电影节奏：每句至少可读完，长段缩时；再点为实时",
                    "film pace: every clause long enough to read, long stretches as time-lapses; click for real time",
                ))
                .clicked()
            {
                pace_to = Some(if film { Pace::Real } else { Pace::Film });
            }
            ui.separator();
            for (view, zh, e) in [
                (View::Director, "导演", "Director"),
                (View::Overview, "全景", "Overview"),
                (View::Plan, "平面图", "Plan"),
                (View::Hall, "自堂", "From hall"),
                (View::Gate, "自门", "From gate"),
                (View::Follow(String::new()), "跟随", "Follow"),
            ] {
                if ui.selectable_label(aim.view == view, tr(en, zh, e)).clicked() {
                    set_view(&mut aim, view, &stage, &head, &selection);
                }
            }
            ui.checkbox(&mut toggles.labels.objects, tr(en, "器物名", "Object labels"));
            ui.separator();
            let sound = &mut toggles.sound;
            let icon = if sound.muted || sound.silent_because.is_some() { "🔇" } else { "🔊" };
            let hint = match &sound.silent_because {
                Some(e) => format!("{} ({e})", tr(en, "无声：无音频设备", "silent: no sound device")),
                None => tr(en, "静音/出声 (M)", "mute/unmute (M)").to_string(),
            };
            if ui.button(icon).on_hover_text(hint).clicked() {
                sound.muted = !sound.muted;
            }
            ui.add(egui::Slider::new(&mut sound.volume, 0.0..=1.0).show_value(false)).on_hover_text(tr(en, "音量", "volume"));
        });
        if let Some(t) = super::scrubber::scrubber(ui, &stage, head.t) {
            seek_to = Some(t);
        }
    });

    let narrow = ctx.viewport_rect().width() < 1100.0;
    let left = (!typed.hide_text).then(|| {
        egui::Panel::left("text").default_size(if narrow { 260.0 } else { 330.0 }).resizable(true).frame(frame).show(&mut root, |ui| {
            ui.horizontal(|ui| {
                ui.heading(if en { &rite.title_en } else { &rite.title });
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    // text size: the whole interface scales
                    if ui.small_button("A+").on_hover_text(tr(en, "放大文字", "larger text")).clicked() {
                        ctx.set_zoom_factor((ctx.zoom_factor() + 0.1).min(1.8));
                    }
                    if ui.small_button("A−").on_hover_text(tr(en, "缩小文字", "smaller text")).clicked() {
                        ctx.set_zoom_factor((ctx.zoom_factor() - 0.1).max(0.7));
                    }
                    if ui.selectable_label(en, "EN").clicked() {
                        language.0 = Lang::En;
                    }
                    if ui.selectable_label(!en, "中").clicked() {
                        language.0 = Lang::Zh;
                    }
                });
            });
            // the text, its 注 and 疏, search, glossary and cast scroll together in a small window
            egui::ScrollArea::vertical().id_salt("text_panel").auto_shrink([false, false]).show(ui, |ui| {
                let section = if en { glossary().section_en(&step.section).unwrap_or(&step.section) } else { &step.section };
                ui.label(
                    egui::RichText::new(format!("{section} · {} {} / {}", tr(en, "第", "step"), now.beat.step + 1, rite.steps.len()))
                        .color(DONE),
                );
                if let Some(choices) = super::readings_view::notice(ui, rite, now.beat, en) {
                    toggles.readings.wanted = Some(choices);
                }
                ui.separator();
                ui.horizontal(|ui| {
                    ui.label(egui::RichText::new(tr(en, "原文", "Classical text")).strong());
                    ui.checkbox(&mut typed.pinyin, tr(en, "拼音", "pinyin"));
                });
                // each clause a link: the enacted one in red, those done in grey
                let mut word_under_pointer = None;
                ui.horizontal_wrapped(|ui| {
                    ui.spacing_mut().item_spacing.x = 0.0;
                    for (bi, b) in step.beats.iter().enumerate() {
                        let zhu_tip = super::commentary_view::tooltip(
                            rite,
                            crate::rite::query::BeatRef { step: now.beat.step, beat: bi },
                            toggles.notes.traditional,
                        );
                        let colour = match bi.cmp(&now.beat.beat) {
                            std::cmp::Ordering::Less => DONE,
                            std::cmp::Ordering::Equal => NOW,
                            std::cmp::Ordering::Greater => INK,
                        };
                        // names of things are underlined: hovering one lights it up in the scene
                        for (run, name) in super::highlight::split_names(&b.text, &names.0) {
                            let mut text = egui::RichText::new(run).size(20.0).color(colour);
                            if bi == now.beat.beat {
                                text = text.background_color(egui::Color32::from_rgb(255, 236, 190));
                            }
                            if name.is_some() {
                                text = text.underline();
                            }
                            let mut r =
                                ui.add(egui::Label::new(text).sense(egui::Sense::click())).on_hover_cursor(egui::CursorIcon::PointingHand);
                            if let Some(word) = &name {
                                r = r.on_hover_ui(|ui| super::glossary_view::entry(ui, word, rite));
                            } else if let Some(tip) = &zhu_tip {
                                r = r.on_hover_text(tip);
                            }
                            if r.hovered() && name.is_some() {
                                word_under_pointer = name.clone();
                            }
                            if r.clicked() {
                                seek_to = Some(b.start);
                            }
                        }
                    }
                });
                if typed.pinyin {
                    ui.label(egui::RichText::new(pinyin_of(&step.text())).italics().color(DONE));
                }
                ui.add_space(8.0);
                if en {
                    ui.label(egui::RichText::new("Translation").strong());
                    ui.label(egui::RichText::new(&step.translation_en).color(INK));
                    egui::CollapsingHeader::new("Modern Chinese translation (译文)").id_salt("yiwen").show(ui, |ui| {
                        ui.label(egui::RichText::new(&step.translation).color(INK));
                    });
                } else {
                    ui.label(egui::RichText::new("译文").strong());
                    ui.label(egui::RichText::new(&step.translation).color(INK));
                }
                let notes: Vec<&crate::rite::compile::StepInfo> = rite.steps.iter().filter(|s| s.annotates.contains(&step.id)).collect();
                if !notes.is_empty() {
                    ui.add_space(8.0);
                    ui.label(egui::RichText::new(tr(en, "记", "Notes (记)")).strong());
                    for n in notes {
                        ui.label(egui::RichText::new(n.text()).italics().color(DONE));
                        if en {
                            ui.label(egui::RichText::new(&n.translation_en).italics().color(DONE));
                        }
                    }
                }
                if let Some(word) = super::commentary_view::notes(ui, rite, now.beat, en, &mut toggles.notes, &names.0) {
                    word_under_pointer = Some(word);
                }
                if hovered_word.0 != word_under_pointer {
                    hovered_word.0 = word_under_pointer;
                }
                ui.separator();
                ui.horizontal(|ui| {
                    ui.label(tr(en, "检索", "Search"));
                    ui.add(
                        egui::TextEdit::singleline(&mut typed.search)
                            .hint_text(tr(en, "原文、译文、人名", "text, translation, names"))
                            .desired_width(f32::INFINITY),
                    );
                });
                let search = typed.search.clone();
                if !search.trim().is_empty() {
                    super::search_view::hits(ui, rite, search.trim(), en, &mut selection, &mut moved, &mut seek_to);
                }
                egui::CollapsingHeader::new(tr(en, "术语", "Glossary")).default_open(false).show(ui, |ui| {
                    super::glossary_view::browser(ui, &mut typed.glossary, en);
                });
                egui::CollapsingHeader::new(tr(en, "人物", "Cast")).default_open(false).show(ui, |ui| {
                    egui::ScrollArea::vertical().id_salt("cast").max_height(240.0).show(ui, |ui| {
                        for (i, a) in rite.timeline.actors.iter().enumerate() {
                            let label = if en && !a.en.is_empty() { format!("{} · {}", a.name, a.en) } else { a.name.clone() };
                            if ui.selectable_label(selection.0 == Some(i), label).clicked() {
                                selection.0 = Some(i);
                                moved.write(Moved);
                            }
                        }
                    });
                });
                if selection.0.is_none() {
                    ui.label(egui::RichText::new(tr(en, "点击人物，查看其职事", "Click a person to see their duties")).color(DONE));
                }
                egui::CollapsingHeader::new(tr(en, "目录", "Contents")).default_open(false).show(ui, |ui| {
                    egui::ScrollArea::vertical().max_height(220.0).show(ui, |ui| {
                        let mut last = "";
                        for s in &rite.steps {
                            if s.section != last {
                                last = &s.section;
                                if ui.link(&s.section).clicked() {
                                    seek_to = Some(s.start);
                                }
                            }
                        }
                    });
                });
                super::commentary_view::divisions(ui, rite, en, &mut seek_to);
                let failed = toggles.readings.error.clone();
                if let Some(choices) = super::readings_view::section(ui, rite, en, failed.as_deref()) {
                    toggles.readings.wanted = Some(choices);
                }
            });
        })
    });

    // the inspector opens when someone is selected; the cast list lives in the text panel
    let right_width = match selection.0 {
        Some(i) => {
            let right = egui::Panel::right("people").default_size(300.0).resizable(true).frame(frame).show(&mut root, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    super::inspector::inspector(
                        ui,
                        &stage,
                        i,
                        &head,
                        now.beat,
                        en,
                        &mut seek_to,
                        &mut selection,
                        &mut aim,
                        &mut toggles.show_path.0,
                    );
                });
            });
            right.response.rect.width()
        }
        None => 0.0,
    };
    if let Some(t) = seek_to {
        seek(&mut head, t, &mut moved);
    }
    if let Some(p) = pace_to {
        stage.set_pace(p);
    }
    margins.left = left.map_or(0.0, |l| l.response.rect.width());
    margins.right = right_width;
    margins.bottom = bottom.response.rect.height();
    margins.top = top;
    typing.0 = ctx.egui_wants_keyboard_input();
    Ok(())
}
