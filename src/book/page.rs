//! One HTML page of the book, and the book's shared style and search script.

pub fn esc(s: &str) -> String {
    crate::plan::svg::escape(s)
}

/// An id as a file name: letters, digits and CJK kept, anything else as `_`.
pub fn file_safe(id: &str) -> String {
    id.chars().map(|c| if c.is_alphanumeric() || c == '-' || c == '_' { c } else { '_' }).collect()
}

pub struct Page {
    html: String,
}

impl Page {
    /// A page whose shared files lie at `root` (`""` or `"../"`).
    pub fn new(title: &str, root: &str, english: bool) -> Page {
        let lang = if english { "en" } else { "zh-Hans" };
        Page {
            html: format!(
                "<!DOCTYPE html>\n<html lang=\"{lang}\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
                 <title>{}</title><link rel=\"stylesheet\" href=\"{root}style.css\"></head><body data-root=\"{root}\">\n",
                esc(title)
            ),
        }
    }

    pub fn raw(&mut self, s: &str) {
        self.html.push_str(s);
        self.html.push('\n');
    }

    pub fn h1(&mut self, s: &str) {
        self.raw(&format!("<h1>{}</h1>", esc(s)));
    }

    pub fn h2(&mut self, s: &str) {
        self.raw(&format!("<h2>{}</h2>", esc(s)));
    }

    pub fn para(&mut self, class: &str, s: &str) {
        if !s.is_empty() {
            self.raw(&format!("<p class=\"{class}\">{}</p>", esc(s)));
        }
    }

    pub fn nav(&mut self, links: &[(String, String)]) {
        let items: Vec<String> = links.iter().map(|(href, text)| format!("<a href=\"{}\">{}</a>", esc(href), esc(text))).collect();
        self.raw(&format!("<nav>{}</nav>", items.join(" · ")));
    }

    pub fn list(&mut self, links: &[(String, String)]) {
        let items: Vec<String> = links.iter().map(|(href, text)| format!("<li><a href=\"{}\">{}</a></li>", esc(href), esc(text))).collect();
        self.raw(&format!("<ul>{}</ul>", items.join("")));
    }

    /// The 原文, clause by clause, each a link to its plan.
    pub fn clauses(&mut self, clauses: &[(String, String)]) {
        let spans: Vec<String> =
            clauses.iter().map(|(href, text)| format!("<a class=\"clause\" href=\"{}\">{}</a>", esc(href), esc(text))).collect();
        self.raw(&format!("<p class=\"yuanwen\">{}</p>", spans.join("")));
    }

    pub fn search_box(&mut self, hint: &str) {
        self.raw(&format!(
            "<form class=\"search\" onsubmit=\"return false\"><input id=\"q\" type=\"search\" placeholder=\"{}\" autocomplete=\"off\"></form><ol id=\"hits\"></ol>\
             <script src=\"index.js\"></script><script src=\"search.js\"></script>",
            esc(hint)
        ));
    }

    pub fn finish(mut self) -> String {
        self.html.push_str("</body></html>\n");
        self.html
    }
}

/// The book's style: the bundled font once (a data URL, which pages opened from the file system
/// may use), ink on paper, and A4 print pages for handouts.
pub fn style_css() -> String {
    format!(
        "{}\n{}",
        crate::plan::svg::font_face() + &notes_font_faces(),
        r#"body { font-family: sheli, sheli-notes-0, sheli-notes-1, sheli-notes-2, 'LXGW WenKai', serif; max-width: 62rem; margin: 1.5rem auto; padding: 0 1rem; color: #2a1e18; background: #fbf8f0; line-height: 1.6; }
h1 { font-size: 1.8rem; } h2 { font-size: 1.3rem; margin-top: 2rem; }
.pair { display: flex; flex-wrap: wrap; gap: 1rem; } .pair figure { flex: 1 1 28rem; margin: 0; } .pair blockquote { margin: 0.3rem 0; color: #5a4a3a; }
a { color: #8a2a1a; } nav { margin-bottom: 1rem; }
.yuanwen { font-size: 1.35rem; } .yuanwen a.clause { text-decoration: none; color: #2a1e18; border-bottom: 1px dotted #b0a080; }
.yuanwen a.clause:hover { background: #ffecbe; }
.translation { color: #44382e; } .translation.other { color: #7a6a58; font-size: 0.92rem; }
.note { font-style: italic; color: #6b5a44; } .role { font-style: italic; }
figure.plan { margin: 1rem 0; } figure.plan svg { width: 100%; height: auto; border: 1px solid #d8ccb0; }
.search input { width: 100%; font-size: 1.1rem; padding: 0.4rem; font-family: inherit; }
#hits li { margin: 0.2rem 0; }
.commentary { margin: 1rem 0; border-left: 3px solid #d8ccb0; padding-left: 0.8rem; }
.commentary h3 { font-size: 1.05rem; margin: 0.2rem 0; } .commentary dt { margin-top: 0.6rem; }
.commentary dt a, .covered { color: #2a1e18; font-weight: bold; text-decoration: none; }
.commentary dd { margin-left: 1rem; } .zhu { margin: 0.2rem 0; } .mark { color: #8a2a1a; margin-right: 0.3rem; }
.yinyi, .edition { font-size: 0.85rem; color: #7a6a58; margin: 0.1rem 0; }
.textual { font-size: 0.85rem; color: #7a6a58; border-left: 2px solid #d8ccb0; padding-left: 0.3rem; }
details.shu summary { cursor: pointer; color: #8a2a1a; font-size: 0.92rem; } details.shu p { color: #44382e; font-size: 0.95rem; }
@media print {
  @page { size: A4; margin: 15mm; }
  body { max-width: none; margin: 0; background: white; font-size: 11pt; }
  nav, .search, #hits { display: none; }
  a { color: inherit; text-decoration: none; border: none; }
  section.step { break-inside: avoid-page; }
  figure.plan svg { border: none; }
}
"#
    )
}

/// The commentaries' extra fonts (the characters only the 注 and 疏 use, and their rare variants),
/// as families tried after the main one.
fn notes_font_faces() -> String {
    crate::plan::svg::NOTES_FONTS
        .iter()
        .enumerate()
        .map(|(k, font)| {
            format!(
                "@font-face{{font-family:sheli-notes-{k};src:url(data:font/ttf;base64,{}) format('truetype');}}",
                crate::plan::svg::base64(font)
            )
        })
        .collect()
}

/// The search: plain JavaScript over the prebuilt `INDEX`; `?q=` on the address searches at once.
pub const SEARCH_JS: &str = r#"(function () {
  var box = document.getElementById('q'), hits = document.getElementById('hits');
  function run(q) {
    hits.innerHTML = '';
    q = q.trim().toLowerCase();
    if (!q) return;
    var n = 0;
    for (var i = 0; i < INDEX.length && n < 100; i++) {
      if (INDEX[i][1].toLowerCase().indexOf(q) < 0) continue;
      var li = document.createElement('li'), a = document.createElement('a');
      a.href = INDEX[i][2]; a.textContent = INDEX[i][0];
      li.appendChild(a); hits.appendChild(li); n++;
    }
    if (!n) { var li = document.createElement('li'); li.textContent = '—'; hits.appendChild(li); }
  }
  box.addEventListener('input', function () { run(box.value); });
  var m = /[?&]q=([^&]*)/.exec(location.search);
  if (m) { box.value = decodeURIComponent(m[1]); run(box.value); }
})();
"#;
