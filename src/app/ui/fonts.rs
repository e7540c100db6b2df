//! The bundled CJK font (LXGW WenKai, OFL; subset by tools/subset_font.sh) for every egui text.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub const FONT: &[u8] = include_bytes!("../../../assets/fonts/LXGWWenKai-sheli.ttf");

/// The commentaries' fonts (the characters only they use, in the same hand; then the editions'
/// rare variants, 㑹, 𥜗 …, from 花園明朝), tried in this order after the main font.
const NOTES_FONTS: [&str; 3] = ["wenkai_notes", "hanamin_a", "hanamin_b"];
pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, install.run_if(not(resource_exists::<FontsInstalled>)))
        .add_systems(EguiPrimaryContextPass, warm.run_if(resource_exists::<FontsInstalled>).run_if(not(resource_exists::<GlyphsWarm>)));
}

#[derive(Resource)]
struct GlyphsWarm;

/// Every character the rite can show, drawn once into egui's glyph atlas at the sizes the panels
/// and labels use, before it is needed: a glyph met for the first time while playing showed blank
/// for a frame (the clock's digits, a label's last character). About a third of a second, once,
/// for 大射仪 on a software renderer.
fn warm(mut contexts: EguiContexts, mut commands: Commands, stage: Res<crate::app::stage::Stage>, mut frames: Local<u32>) -> Result {
    // `set_fonts` takes effect at the next pass: warm the fonts that are in use
    *frames += 1;
    if *frames < 2 {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let rite = &stage.rite;
    let mut text = String::from("0123456789:/.×% ");
    let mut labels = String::new();
    for step in &rite.steps {
        text.push_str(&step.text());
        text.push_str(&step.translation);
        text.push_str(&step.translation_en);
        text.push_str(&step.section);
    }
    for a in &rite.timeline.actors {
        labels.push_str(&a.name);
        labels.push_str(&a.en);
    }
    for p in &rite.timeline.props {
        labels.push_str(&p.name);
    }
    let mut seen = std::collections::BTreeSet::new();
    let text: String = text.chars().filter(|c| !c.is_whitespace() && seen.insert(*c)).collect();
    let labels: String = labels.chars().chain(text.chars().filter(|c| c.is_ascii())).collect();
    ctx.fonts_mut(|fonts| {
        for size in [15.0, 16.0, 17.0, 20.0, 21.0] {
            fonts.layout_no_wrap(text.clone(), egui::FontId::proportional(size), egui::Color32::BLACK);
        }
        for size in [12.0, 13.0, 14.0] {
            fonts.layout_no_wrap(labels.clone(), egui::FontId::proportional(size), egui::Color32::BLACK);
        }
    });
    commands.insert_resource(GlyphsWarm);
    Ok(())
}

#[derive(Resource)]
struct FontsInstalled;

fn install(mut contexts: EguiContexts, mut commands: Commands) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut fonts = egui::FontDefinitions::default();
    fonts.font_data.insert("wenkai".into(), std::sync::Arc::new(egui::FontData::from_static(FONT)));
    for (name, data) in NOTES_FONTS.iter().zip(crate::plan::svg::NOTES_FONTS) {
        fonts.font_data.insert((*name).into(), std::sync::Arc::new(egui::FontData::from_static(data)));
    }
    for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        let list = fonts.families.entry(family).or_default();
        for (k, name) in std::iter::once("wenkai").chain(NOTES_FONTS).enumerate() {
            list.insert(k, name.into());
        }
    }
    ctx.set_fonts(fonts);
    ctx.set_theme(egui::Theme::Light);
    ctx.all_styles_mut(|s| {
        s.text_styles.insert(egui::TextStyle::Body, egui::FontId::proportional(16.0));
        s.text_styles.insert(egui::TextStyle::Button, egui::FontId::proportional(15.0));
        s.text_styles.insert(egui::TextStyle::Heading, egui::FontId::proportional(21.0));
        s.visuals = egui::Visuals::light();
    });
    commands.insert_resource(FontsInstalled);
    Ok(())
}
