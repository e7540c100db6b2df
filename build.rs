//! Embeds every scene file under scenes/ (parts included, and each rite's recorded commentary
//! alignment) so an installed `sheli` runs anywhere.

use std::path::Path;

fn collect(dir: &Path, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut paths: Vec<_> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            collect(&p, out);
        } else if (p.extension().is_some_and(|e| e == "ron") && !p.to_string_lossy().contains(".errata."))
            || p.to_string_lossy().ends_with(".commentary.tsv")
        {
            out.push(p.to_string_lossy().replace('\\', "/"));
        }
    }
}

fn main() {
    println!("cargo:rerun-if-changed=scenes");
    let mut files = Vec::new();
    collect(Path::new("scenes"), &mut files);
    let mut code = String::from("&[\n");
    for f in &files {
        println!("cargo:rerun-if-changed={f}");
        // the manifest dir is read when the crate compiles, not here: a clone elsewhere that
        // shares the target dir (CI) reuses this file without running the script again
        code.push_str(&format!("    ({f:?}, include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/{f}\"))),\n"));
    }
    code.push(']');
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    std::fs::write(Path::new(&out).join("builtin_scenes.rs"), code).expect("write builtin_scenes.rs");
}
