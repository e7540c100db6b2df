//! `sheli clip`: a span of the rite drawn frame by frame at fixed steps of time, never dropping a
//! frame however slow the renderer, and written as a GIF (in-process) or an MP4 (through ffmpeg).
//! The clock is stepped by hand (Bevy's `TimeUpdateStrategy::ManualDuration`), so the camera's
//! eased moves come out the same on every machine.

use std::collections::BTreeMap;
use std::io::Write;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};

use super::drawn;
use crate::app::stage::Playhead;

/// What to film: from `from` to `to` in viewing time (the stage's pace: in film pace a long walk
/// is a time-lapse), at `fps` frames a second, into `out`.
#[derive(Resource, Debug, Clone)]
pub struct Clip {
    pub from: f32,
    pub to: f32,
    pub fps: u32,
    pub out: String,
}

impl Clip {
    pub fn frames(&self) -> u32 {
        (((self.to - self.from) * self.fps as f32).ceil() as u32).max(1)
    }
}

/// Frames to draw before the first is kept: meshes uploaded, fonts ready, the camera at rest.
const WARM_UP: u32 = 12;
/// Updates after the warm-up to wait for a drawn picture before filming anyway.
const MAX_WAIT: u32 = 600;

enum Sink {
    Gif(gif::Encoder<std::io::BufWriter<std::fs::File>>),
    Ffmpeg(std::process::Child),
}

/// The frames requested and those written, in order.
#[derive(Resource, Default)]
struct Reel {
    updates: u32,
    /// a picture has come back drawn (see `drawn`): the frames may be kept
    drawn: bool,
    /// a trial picture is on its way back
    probing: bool,
    requested: u32,
    written: u32,
    waiting: BTreeMap<u32, (u32, u32, Vec<u8>)>,
    sink: Option<Sink>,
    failed: Option<String>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Reel>()
        .add_systems(PreUpdate, step.run_if(resource_exists::<Clip>).in_set(crate::app::stage::Frame::Clock))
        .add_systems(Last, film.run_if(resource_exists::<Clip>));
}

/// The playhead of frame k is `from + k / fps` in viewing time; during the warm-up it waits at `from`.
fn step(clip: Res<Clip>, reel: Res<Reel>, stage: Res<crate::app::Stage>, mut head: ResMut<Playhead>) {
    head.playing = false;
    let k = reel.requested;
    head.t = stage.pace.to_rite((clip.from + k as f32 / clip.fps as f32).min(clip.to));
}

fn film(mut commands: Commands, clip: Res<Clip>, mut reel: ResMut<Reel>, mut exit: MessageWriter<AppExit>) {
    reel.updates += 1;
    // the clip is written beside its target and put in place only when whole
    let target = std::path::Path::new(&clip.out);
    if let Some(e) = reel.failed.take() {
        error!("{e}");
        drop(reel.sink.take());
        if let Ok(temp) = crate::output::temp_beside(target) {
            let _ = std::fs::remove_file(temp);
        }
        exit.write(AppExit::error());
        return;
    }
    if reel.written == clip.frames() {
        let done = crate::output::temp_beside(target).and_then(|temp| {
            finish(&mut reel).inspect_err(|_| drop(std::fs::remove_file(&temp)))?;
            crate::output::finish(&temp, target)
        });
        match done {
            Ok(()) => exit.write(AppExit::Success),
            Err(e) => {
                error!("{e}");
                exit.write(AppExit::error())
            }
        };
        return;
    }
    if reel.updates <= WARM_UP || reel.requested == clip.frames() {
        return;
    }
    // a busy machine may still be compiling the scene's pipelines after the warm-up: a trial
    // picture is taken until one comes back drawn, so the clip never opens on blank frames
    // (after MAX_WAIT more updates it goes on regardless)
    if !reel.drawn && reel.updates <= WARM_UP + MAX_WAIT {
        if !reel.probing {
            reel.probing = true;
            commands.spawn(Screenshot::primary_window()).observe(
                |captured: On<ScreenshotCaptured>,
                 mut reel: ResMut<Reel>,
                 sky: Res<ClearColor>,
                 cameras: Query<&Camera, With<Camera3d>>| {
                    reel.probing = false;
                    let sky = drawn::sky_in(&captured.image, &sky);
                    reel.drawn = !drawn::not_drawn_yet(&captured.image, sky, drawn::view_of(&cameras));
                },
            );
        }
        return;
    }
    let k = reel.requested;
    reel.requested += 1;
    commands.spawn(Screenshot::primary_window()).observe(
        move |captured: On<ScreenshotCaptured>, clip: Res<Clip>, mut reel: ResMut<Reel>| {
            let image = captured.image.clone();
            let (w, h) = (image.width(), image.height());
            match image.try_into_dynamic() {
                Ok(img) => {
                    reel.waiting.insert(k, (w, h, img.to_rgba8().into_raw()));
                    if let Err(e) = write_ready(&mut reel, &clip) {
                        reel.failed = Some(e);
                    }
                }
                Err(e) => reel.failed = Some(format!("frame {k}: {e}")),
            }
        },
    );
}

/// Writes the frames that are next in order.
fn write_ready(reel: &mut Reel, clip: &Clip) -> Result<(), String> {
    while let Some((w, h, rgba)) = reel.waiting.remove(&reel.written) {
        if reel.sink.is_none() {
            reel.sink = Some(open(clip, w, h)?);
        }
        match reel.sink.as_mut().expect("opened above") {
            Sink::Gif(enc) => {
                let mut rgba = rgba;
                let mut frame = gif::Frame::from_rgba_speed(w as u16, h as u16, &mut rgba, 10);
                frame.delay = (100 / clip.fps.max(1)) as u16;
                enc.write_frame(&frame).map_err(|e| format!("{}: {e}", clip.out))?;
            }
            Sink::Ffmpeg(child) => {
                let stdin = child.stdin.as_mut().ok_or("ffmpeg has no input")?;
                stdin.write_all(&rgba).map_err(|e| format!("ffmpeg: {e}"))?;
            }
        }
        reel.written += 1;
    }
    Ok(())
}

fn open(clip: &Clip, w: u32, h: u32) -> Result<Sink, String> {
    let temp = crate::output::temp_beside(std::path::Path::new(&clip.out))?;
    if clip.out.to_ascii_lowercase().ends_with(".gif") {
        let file = std::fs::File::create(&temp).map_err(|e| format!("{}: {e}", clip.out))?;
        let mut enc = gif::Encoder::new(std::io::BufWriter::new(file), w as u16, h as u16, &[]).map_err(|e| e.to_string())?;
        enc.set_repeat(gif::Repeat::Infinite).map_err(|e| e.to_string())?;
        return Ok(Sink::Gif(enc));
    }
    let size = format!("{w}x{h}");
    let fps = clip.fps.to_string();
    let child = std::process::Command::new("ffmpeg")
        .args(["-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", &size, "-r", &fps, "-i", "-"])
        .args(["-c:v", "libx264", "-pix_fmt", "yuv420p", "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2"])
        .arg(&temp)
        .stdin(std::process::Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start ffmpeg: {e}"))?;
    Ok(Sink::Ffmpeg(child))
}

fn finish(reel: &mut Reel) -> Result<(), String> {
    match reel.sink.take() {
        Some(Sink::Gif(enc)) => {
            let file = enc.into_inner().map_err(|e| e.to_string())?.into_inner().map_err(|e| e.to_string())?;
            file.sync_all().map_err(|e| e.to_string())
        }
        Some(Sink::Ffmpeg(mut child)) => {
            drop(child.stdin.take());
            let status = child.wait().map_err(|e| e.to_string())?;
            if status.success() { Ok(()) } else { Err(format!("ffmpeg failed: {status}")) }
        }
        None => Err("no frame was drawn".into()),
    }
}
