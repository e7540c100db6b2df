//! Sound as heard: `sheli audio` rendered to a WAV and read back, and the pitch found in it.

/// Renders a span with `sheli audio` and reads the samples back.
pub fn audio(args: &[&str]) -> Vec<i16> {
    // one file a call: the tests run side by side
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let k = CALLS.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    let dir = std::env::temp_dir().join(format!("sheli-audio-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join(format!("{k}.wav"));
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_sheli")).arg("audio").args(args).arg("--out").arg(&out).status().unwrap();
    assert!(status.success(), "sheli audio {args:?}");
    let mut r = hound::WavReader::open(&out).unwrap();
    assert_eq!(r.spec().sample_rate, 44_100);
    r.samples::<i16>().map(Result::unwrap).collect()
}

/// The strength of frequency `f` in `x` (Goertzel, under a Hann window).
pub fn power(x: &[f64], f: f64) -> f64 {
    let n = x.len() as f64;
    let w = std::f64::consts::TAU * f / 44_100.0;
    let (mut s1, mut s2) = (0.0, 0.0);
    for (i, v) in x.iter().enumerate() {
        let hann = 0.5 - 0.5 * (std::f64::consts::TAU * i as f64 / n).cos();
        let s = v * hann + 2.0 * w.cos() * s1 - s2;
        s2 = s1;
        s1 = s;
    }
    s1 * s1 + s2 * s2 - 2.0 * w.cos() * s1 * s2
}

/// The fundamental of a window by the harmonic product spectrum: the frequency, on a grid of
/// 5 cents from 90 to 900 Hz, whose first four harmonics together are strongest.
pub fn fundamental(x: &[f64]) -> f64 {
    let mut best = (f64::MIN, 0.0);
    let mut f = 90.0f64;
    while f < 900.0 {
        let score: f64 = (1..=4).map(|h| (power(x, f * h as f64) + 1e-9).ln()).sum();
        if score > best.0 {
            best = (score, f);
        }
        f *= 2f64.powf(5.0 / 1200.0);
    }
    best.1
}

pub fn cents(a: f64, b: f64) -> f64 {
    1200.0 * (b / a).log2()
}
