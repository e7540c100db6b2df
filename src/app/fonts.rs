//! The bundled CJK font (LXGW WenKai, OFL; subset by tools/subset_font.sh) for every egui text.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub const FONT: &[u8] = include_bytes!("../../assets/fonts/LXGWWenKai-sheli.ttf");

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, install.run_if(not(resource_exists::<FontsInstalled>)));
}

#[derive(Resource)]
struct FontsInstalled;

fn install(mut contexts: EguiContexts, mut commands: Commands) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut fonts = egui::FontDefinitions::default();
    fonts.font_data.insert("wenkai".into(), std::sync::Arc::new(egui::FontData::from_static(FONT)));
    for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        fonts.families.entry(family).or_default().insert(0, "wenkai".into());
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
