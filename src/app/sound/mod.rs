//! The viewer's sound: the rite's soundtrack on the viewing clock, played by a thread that writes
//! to ALSA ([`self::alsa`]). The playhead is the master: the thread follows its position, its
//! pause and its speed (up to 4×, the pitch rising as a tape's would; faster, it is silent), and
//! jumps when the playhead is seeked. Without a sound library or device the viewer runs silent
//! and says so once in the log.

// the crate's one call into C (libasound, loaded at run time)
#[allow(unsafe_code)]
mod alsa;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use bevy::prelude::*;

use self::alsa::Pcm;
use crate::app::stage::{Playhead, Stage};
use crate::music::library::Library;
use crate::music::synth::SAMPLE_RATE;
use crate::music::track::Soundtrack;

/// Faster than this the music is silent: a chord at 8× is noise, not the song.
pub const LOUDEST_SPEED: f32 = 4.0;

/// What the user chose, and whether anything can be heard.
#[derive(Resource, Debug, Clone)]
pub struct SoundSettings {
    pub muted: bool,
    /// 0 to 1
    pub volume: f32,
    /// why nothing is heard, when a device could not be opened
    pub silent_because: Option<String>,
}

impl Default for SoundSettings {
    fn default() -> Self {
        SoundSettings { muted: false, volume: 0.8, silent_because: None }
    }
}

/// The soundtrack of the stage as it is now (rebuilt when the scene or the pace changes).
#[derive(Resource, Clone)]
pub struct Music {
    pub track: Arc<Soundtrack>,
    key: (u8, u32, usize),
}

/// What the app tells the audio thread, and what it answers.
#[derive(Debug, Clone, Default)]
struct Shared {
    track: Option<Arc<Soundtrack>>,
    /// viewing seconds to play from, when `jump` changes
    from: f64,
    jump: u64,
    playing: bool,
    speed: f32,
    gain: f32,
    /// where the thread has written up to, in viewing seconds
    written: f64,
    quit: bool,
}

#[derive(Resource)]
struct Player(Arc<Mutex<Shared>>);

impl Drop for Player {
    fn drop(&mut self) {
        if let Ok(mut s) = self.0.lock() {
            s.quit = true;
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SoundSettings>()
        .add_systems(Startup, open_device.in_set(crate::app::stage::Interactive))
        .add_systems(PreUpdate, keep_track.in_set(crate::app::stage::Frame::Derive))
        .add_systems(Update, (mute_key, follow_playhead.run_if(resource_exists::<Player>)).chain());
}

fn key(stage: &Stage) -> (u8, u32, usize) {
    (stage.pace.pace as u8, stage.pace.duration().to_bits(), stage.rite.music.len())
}

fn keep_track(mut commands: Commands, stage: Res<Stage>, music: Option<Res<Music>>) {
    let k = key(&stage);
    if music.is_none_or(|m| m.key != k) {
        let track = Arc::new(stage.rite.soundtrack(&stage.pace, Library::builtin()));
        commands.insert_resource(Music { track, key: k });
    }
}

fn open_device(mut commands: Commands, mut settings: ResMut<SoundSettings>) {
    let device = std::env::var("SHELI_AUDIO_DEVICE").unwrap_or_else(|_| "default".into());
    // with no sound card at all (no /proc/asound, or it lists none), asking ALSA for `default`
    // only fills the log with its complaints; SHELI_AUDIO_DEVICE names a device to try regardless
    let no_card = std::fs::read_to_string("/proc/asound/cards").ok().is_none_or(|c| c.contains("no soundcards"));
    let opened = if device == "default" && no_card {
        Err("this machine has no sound card".to_string())
    } else {
        Pcm::open(&device, SAMPLE_RATE, 120)
    };
    match opened {
        Ok(pcm) => {
            let shared = Arc::new(Mutex::new(Shared { speed: 1.0, ..Default::default() }));
            let theirs = shared.clone();
            std::thread::Builder::new().name("sheli-sound".into()).spawn(move || play(pcm, theirs)).ok();
            commands.insert_resource(Player(shared));
            info!("sound: playing on ALSA device `{device}`");
        }
        Err(e) => {
            warn!("sound: silent ({e})");
            settings.silent_because = Some(e);
        }
    }
}

fn mute_key(keys: Res<ButtonInput<KeyCode>>, typing: Res<crate::app::playback::UiWantsKeyboard>, mut settings: ResMut<SoundSettings>) {
    if !typing.0 && keys.just_pressed(KeyCode::KeyM) {
        settings.muted = !settings.muted;
    }
}

/// Tells the thread where the playhead is; a seek, or a drift of more than a third of a second,
/// makes it jump there.
fn follow_playhead(head: Res<Playhead>, stage: Res<Stage>, music: Option<Res<Music>>, settings: Res<SoundSettings>, player: Res<Player>) {
    let Ok(mut s) = player.0.lock() else { return };
    let view = stage.pace.to_view(head.t) as f64;
    let audible = head.playing && !settings.muted && head.speed <= LOUDEST_SPEED;
    if let Some(m) = &music
        && s.track.as_ref().is_none_or(|t| !Arc::ptr_eq(t, &m.track))
    {
        s.track = Some(m.track.clone());
        s.jump += 1;
        s.from = view;
        s.written = view;
    }
    // the thread writes about a buffer ahead of what is heard
    let ahead = s.written - view;
    if audible && (!s.playing || !(-0.35..0.6).contains(&ahead) || (s.speed - head.speed).abs() > 1e-3) {
        s.jump += 1;
        s.from = view;
        s.written = view;
    }
    s.playing = audible;
    s.speed = head.speed;
    s.gain = settings.volume.clamp(0.0, 1.0);
}

/// The audio thread: renders the track where it was told, a block at a time, and writes it out;
/// the device's blocking writes keep it at the pace of real time.
fn play(mut pcm: Pcm, shared: Arc<Mutex<Shared>>) {
    const BLOCK: usize = 1024;
    let rate = SAMPLE_RATE as f64;
    let (mut at, mut jump, mut quiet) = (0.0f64, u64::MAX, true);
    // when the device takes samples faster than it plays them (ALSA's null device never blocks),
    // the thread waits for the wall clock instead of rendering ahead
    let (mut since, mut from) = (std::time::Instant::now(), 0.0f64);
    loop {
        let Ok(s) = shared.lock().map(|s| s.clone()) else { return };
        if s.quit {
            return;
        }
        let Some(track) = s.track.filter(|_| s.playing) else {
            if !quiet {
                pcm.flush();
                quiet = true;
            }
            std::thread::sleep(Duration::from_millis(15));
            continue;
        };
        if s.jump != jump {
            if !quiet {
                pcm.flush();
            }
            at = s.from;
            jump = s.jump;
            (since, from) = (std::time::Instant::now(), at);
        }
        quiet = false;
        let speed = s.speed as f64;
        let first = (at * rate).floor() as u64;
        let span = (BLOCK as f64 * speed).ceil() as u64 + 2;
        let source = track.render(first, first + span);
        let frac = at * rate - first as f64;
        // a tape played faster: read the track `speed` samples for each one written
        let block: Vec<i16> = (0..BLOCK)
            .map(|i| {
                let x = frac + i as f64 * speed;
                let (k, f) = (x.floor() as usize, (x - x.floor()) as f32);
                let v = source[k] * (1.0 - f) + source[(k + 1).min(source.len() - 1)] * f;
                (v * s.gain * i16::MAX as f32) as i16
            })
            .collect();
        if pcm.write(&block).is_err() {
            return;
        }
        at += BLOCK as f64 * speed / rate;
        if let Ok(mut s) = shared.lock() {
            s.written = at;
        }
        let lead = (at - from) / speed - since.elapsed().as_secs_f64();
        if lead > 0.25 {
            std::thread::sleep(Duration::from_secs_f64(lead - 0.2));
        }
    }
}
