//! Live editing: when a scene file the app was started on changes on disk, it is loaded again and
//! replaces the rite in place, the playhead kept on the same step. A broken edit shows its
//! diagnostics in a banner and the last good scene keeps playing.

use std::path::PathBuf;
use std::time::SystemTime;

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};

use crate::rite::scene::load::{LoadError, Loaded, load_file};

use crate::app::stage::{Now, Playhead, Stage};

/// The files being watched and how often to look at them.
#[derive(Resource, Debug)]
pub struct Watch {
    /// the name the scene was opened by (a path on disk)
    pub scene: String,
    pub files: Vec<(PathBuf, Option<SystemTime>)>,
    /// seconds between looks
    pub every: f32,
    since: f32,
}

/// What the last reload said: `None` when the scene on screen is the one on disk.
#[derive(Resource, Debug, Default, Clone)]
pub struct ReloadStatus {
    pub error: Option<LoadError>,
    /// how many edits were loaded, and how many were refused
    pub loaded: usize,
    pub refused: usize,
}

/// Sent after a new version of the scene replaced the old one.
#[derive(Message, Debug, Clone, Copy)]
pub struct Reloaded;

fn stamp(p: &PathBuf) -> Option<SystemTime> {
    std::fs::metadata(p).and_then(|m| m.modified()).ok()
}

impl Watch {
    /// Watches the scene's files if it was read from disk; shipped scenes do not change.
    pub fn new(scene: &str, files: &[String], every: f32) -> Option<Watch> {
        if !std::path::Path::new(scene).is_file() {
            return None;
        }
        // the scene is read by the name the loader gave it (its path on disk)
        let scene = files.first().map(String::as_str).unwrap_or(scene);
        let files = files.iter().map(PathBuf::from).map(|p| (p.clone(), stamp(&p))).collect();
        Some(Watch { scene: scene.to_string(), files, every, since: 0.0 })
    }

    fn changed(&mut self) -> bool {
        let mut any = false;
        for (p, t) in &mut self.files {
            let now = stamp(p);
            if now != *t {
                *t = now;
                any = true;
            }
        }
        any
    }
}

/// A load of the edited scene under way off the main thread: a slow or runaway edit never
/// freezes the window.
#[derive(Resource, Default)]
struct Pending(Option<Task<Result<Loaded, LoadError>>>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ReloadStatus>()
        .init_resource::<Pending>()
        .add_message::<Reloaded>()
        .add_systems(PreUpdate, (poll, apply).chain().run_if(resource_exists::<Watch>).in_set(crate::app::stage::Frame::Reload));
}

/// Looks at the files every so often; a change starts a load from disk. While the main file is
/// missing (an editor saving by rename, a checkout) nothing is loaded: the scene on screen stays,
/// and the file counts as changed when it is back.
fn poll(time: Res<Time>, mut watch: ResMut<Watch>, mut pending: ResMut<Pending>) {
    watch.since += time.delta_secs();
    if watch.since < watch.every || pending.0.is_some() {
        return;
    }
    watch.since = 0.0;
    if !std::path::Path::new(&watch.scene).is_file() {
        for (_, t) in &mut watch.files {
            *t = None;
        }
        return;
    }
    if !watch.changed() {
        return;
    }
    let path = watch.scene.clone();
    pending.0 = Some(AsyncComputeTaskPool::get().spawn(async move { load_file(&path) }));
}

/// Puts a finished load on the stage, or its diagnostics in the banner.
#[allow(clippy::too_many_arguments)]
fn apply(
    mut pending: ResMut<Pending>,
    mut watch: ResMut<Watch>,
    mut stage: ResMut<Stage>,
    mut head: ResMut<Playhead>,
    now: Res<Now>,
    mut selection: ResMut<crate::app::stage::Selection>,
    mut status: ResMut<ReloadStatus>,
    mut reloaded: MessageWriter<Reloaded>,
) {
    let Some(task) = pending.0.as_mut() else { return };
    let Some(result) = check_ready(task) else { return };
    pending.0 = None;
    match result {
        Ok(loaded) => {
            // stay on the same step, as far into it as before
            let old = &stage.rite.steps[now.beat.step.min(stage.rite.steps.len() - 1)];
            let into = head.t - old.start;
            let t = match loaded.rite.step_index(&old.id) {
                Some(i) => {
                    let s = &loaded.rite.steps[i];
                    (s.start + into).clamp(s.start, s.end)
                }
                None => head.t.min(loaded.rite.timeline.duration),
            };
            // a part added or removed by the edit is watched from now on
            let known: Vec<PathBuf> = watch.files.iter().map(|(p, _)| p.clone()).collect();
            for f in &loaded.files {
                let p = PathBuf::from(f);
                if !known.contains(&p) {
                    let s = stamp(&p);
                    watch.files.push((p, s));
                }
            }
            let selected = selection.0.and_then(|i| stage.rite.timeline.actors.get(i)).map(|a| a.id.clone());
            selection.0 = selected.and_then(|id| loaded.rite.timeline.actors.iter().position(|a| a.id == id));
            stage.replace(loaded.rite, loaded.files);
            head.t = t;
            status.error = None;
            status.loaded += 1;
            reloaded.write(Reloaded);
        }
        Err(e) => {
            status.error = Some(e);
            status.refused += 1;
        }
    }
}
