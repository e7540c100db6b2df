//! Writing SVG by hand: escaped text, a few shapes, the bundled font embedded once.

use std::fmt::Write;

/// The bundled font (LXGW WenKai, cut to the characters sheli shows; OFL 1.1).
pub const FONT: &[u8] = include_bytes!("../../assets/fonts/LXGWWenKai-sheli.ttf");
/// The commentaries' fonts (see tools/subset_font.sh): the book carries them, a plan never needs them.
pub const NOTES_FONTS: [&[u8]; 3] = [
    include_bytes!("../../assets/fonts/LXGWWenKai-notes.ttf"),
    include_bytes!("../../assets/fonts/HanaMinA-notes.ttf"),
    include_bytes!("../../assets/fonts/HanaMinB-notes.ttf"),
];
/// The font stack: the bundled font, embedded or served beside the page, first.
pub const FONT_FAMILY: &str = "sheli, 'LXGW WenKai', 'Noto Serif CJK SC', 'Songti SC', serif";

pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Standard base64, for the font as a data URL.
pub fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for k in 0..4 {
            if k <= chunk.len() {
                out.push(ABC[((n >> (18 - 6 * k)) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The CSS rule that makes `sheli` the bundled font, from a data URL.
pub fn font_face() -> String {
    format!("@font-face{{font-family:sheli;src:url(data:font/ttf;base64,{}) format('truetype');}}", base64(FONT))
}

/// An SVG being written.
pub struct Svg {
    pub out: String,
}

impl Svg {
    pub fn new(width: f32, height: f32, embed_font: bool) -> Svg {
        let mut out = String::new();
        let _ = write!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="{FONT_FAMILY}">"#
        );
        if embed_font {
            let _ = write!(out, "<style>{}</style>", font_face());
        }
        out.push_str(r##"<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="context-stroke"/></marker></defs>"##);
        Svg { out }
    }

    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, style: &str) {
        let _ = write!(self.out, r#"<rect x="{x:.1}" y="{y:.1}" width="{:.1}" height="{:.1}" {style}/>"#, w.max(0.5), h.max(0.5));
    }

    pub fn line(&mut self, a: (f32, f32), b: (f32, f32), style: &str) {
        let _ = write!(self.out, r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" {style}/>"#, a.0, a.1, b.0, b.1);
    }

    pub fn circle(&mut self, c: (f32, f32), r: f32, attrs: &str) {
        let _ = write!(self.out, r#"<circle cx="{:.1}" cy="{:.1}" r="{r:.1}" {attrs}/>"#, c.0, c.1);
    }

    pub fn polyline(&mut self, points: &[(f32, f32)], style: &str) {
        let pts: Vec<String> = points.iter().map(|(x, y)| format!("{x:.1},{y:.1}")).collect();
        let _ = write!(self.out, r#"<polyline points="{}" fill="none" {style}/>"#, pts.join(" "));
    }

    /// Text with its top-left corner at (x, y).
    pub fn text(&mut self, x: f32, y: f32, size: f32, text: &str, style: &str) {
        let _ = write!(self.out, r#"<text x="{x:.1}" y="{:.1}" font-size="{size:.1}" {style}>{}</text>"#, y + size * 0.88, escape(text));
    }

    pub fn raw(&mut self, s: &str) {
        self.out.push_str(s);
    }

    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn base64_of_known_strings() {
        assert_eq!(super::base64(b""), "");
        assert_eq!(super::base64(b"f"), "Zg==");
        assert_eq!(super::base64(b"fo"), "Zm8=");
        assert_eq!(super::base64(b"foo"), "Zm9v");
        assert_eq!(super::base64(b"foobar"), "Zm9vYmFy");
    }
}
