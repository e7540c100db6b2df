//! The one place sheli calls C: ALSA's libasound, loaded when the viewer starts rather than linked
//! at build time, so that building needs no `libasound2-dev` (cpal and the crates on it link ALSA
//! through pkg-config). A machine without the library, or without a sound device, gets an error
//! here and the viewer runs silent.
//!
//! Only five functions are used: open, set_params, writei, recover, drop/prepare/close. The
//! safe API: [`Pcm::open`], [`Pcm::write`], [`Pcm::flush`]; the handle is closed on drop.

use std::ffi::{CString, c_char, c_int, c_long, c_uint, c_ulong, c_void};

use libloading::Library;

type OpenFn = unsafe extern "C" fn(*mut *mut c_void, *const c_char, c_int, c_int) -> c_int;
type SetParamsFn = unsafe extern "C" fn(*mut c_void, c_int, c_int, c_uint, c_uint, c_int, c_uint) -> c_int;
type WriteFn = unsafe extern "C" fn(*mut c_void, *const c_void, c_ulong) -> c_long;
type RecoverFn = unsafe extern "C" fn(*mut c_void, c_int, c_int) -> c_int;
type HandleFn = unsafe extern "C" fn(*mut c_void) -> c_int;

/// `SND_PCM_STREAM_PLAYBACK`, `SND_PCM_FORMAT_S16_LE`, `SND_PCM_ACCESS_RW_INTERLEAVED` (alsa/pcm.h).
const PLAYBACK: c_int = 0;
const S16_LE: c_int = 2;
const RW_INTERLEAVED: c_int = 3;

/// An open playback device: mono, 16-bit, blocking writes.
pub struct Pcm {
    handle: *mut c_void,
    write: WriteFn,
    recover: RecoverFn,
    drop_queued: HandleFn,
    prepare: HandleFn,
    close: HandleFn,
    // kept last: the function pointers above point into it, and fields drop in order
    _lib: Library,
}

// SAFETY: an ALSA PCM handle may be used from any thread as long as no two use it at once; `Pcm`
// is only reached through `&mut self`, so moving it to the audio thread is sound.
unsafe impl Send for Pcm {}

impl Pcm {
    /// Opens ALSA device `device` ("default", "null", "hw:0" …) at `rate` samples a second, with
    /// about `latency_ms` of buffer.
    pub fn open(device: &str, rate: u32, latency_ms: u32) -> Result<Pcm, String> {
        // SAFETY: loading libasound runs its initialisers, which have no preconditions.
        let lib = unsafe { Library::new("libasound.so.2") }.map_err(|e| format!("libasound.so.2 not loaded: {e}"))?;
        fn sym<T: Copy>(lib: &Library, name: &[u8]) -> Result<T, String> {
            // SAFETY: every caller names `T` as the signature alsa/pcm.h declares for `name`
            unsafe { lib.get::<T>(name) }.map(|s| *s).map_err(|e| format!("libasound lacks {}: {e}", String::from_utf8_lossy(name)))
        }
        let open: OpenFn = sym(&lib, b"snd_pcm_open\0")?;
        let set_params: SetParamsFn = sym(&lib, b"snd_pcm_set_params\0")?;
        let write: WriteFn = sym(&lib, b"snd_pcm_writei\0")?;
        let recover: RecoverFn = sym(&lib, b"snd_pcm_recover\0")?;
        let drop_queued: HandleFn = sym(&lib, b"snd_pcm_drop\0")?;
        let prepare: HandleFn = sym(&lib, b"snd_pcm_prepare\0")?;
        let close: HandleFn = sym(&lib, b"snd_pcm_close\0")?;
        let name = CString::new(device).map_err(|_| format!("device name `{device}` holds a NUL"))?;
        let mut handle: *mut c_void = std::ptr::null_mut();
        // SAFETY: `handle` is a valid out-pointer and `name` a NUL-terminated string that outlives the call.
        let err = unsafe { open(&mut handle, name.as_ptr(), PLAYBACK, 0) };
        if err < 0 || handle.is_null() {
            return Err(format!("cannot open sound device `{device}` (ALSA error {err})"));
        }
        let pcm = Pcm { handle, write, recover, drop_queued, prepare, close, _lib: lib };
        // SAFETY: `handle` was just opened and is not closed until `pcm` drops.
        let err = unsafe { set_params(pcm.handle, S16_LE, RW_INTERLEAVED, 1, rate, 1, latency_ms * 1000) };
        if err < 0 {
            return Err(format!("sound device `{device}` refuses mono 16-bit at {rate} Hz (ALSA error {err})"));
        }
        Ok(pcm)
    }

    /// Plays `samples`, blocking while the device's buffer is full. An underrun is recovered from.
    pub fn write(&mut self, samples: &[i16]) -> Result<(), String> {
        let mut rest = samples;
        while !rest.is_empty() {
            // SAFETY: the pointer and length describe `rest`, which lives through the call; one
            // channel, so frames are samples.
            let n = unsafe { (self.write)(self.handle, rest.as_ptr().cast(), rest.len() as c_ulong) };
            if n < 0 {
                // SAFETY: the handle is open; recover takes the error writei returned.
                let r = unsafe { (self.recover)(self.handle, n as c_int, 1) };
                if r < 0 {
                    return Err(format!("sound device stopped (ALSA error {n})"));
                }
                continue;
            }
            rest = &rest[(n as usize).min(rest.len())..];
        }
        Ok(())
    }

    /// Throws away what is queued and not yet heard (a pause or a seek), ready to play again.
    pub fn flush(&mut self) {
        // SAFETY: the handle is open; drop then prepare is ALSA's way back to a playable state.
        unsafe {
            (self.drop_queued)(self.handle);
            (self.prepare)(self.handle);
        }
    }
}

impl Drop for Pcm {
    fn drop(&mut self) {
        // SAFETY: the handle is open and never used again; the library is still loaded (`_lib`
        // drops after this).
        unsafe {
            (self.close)(self.handle);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// ALSA's `null` device takes samples and plays nothing: the whole path runs without sound
    /// hardware (CI installs the runtime library, libasound2, never the -dev package).
    #[test]
    fn the_null_device_takes_samples() {
        let mut pcm = Pcm::open("null", 44_100, 100).expect("libasound.so.2 and its null device");
        let tone: Vec<i16> = (0..4410).map(|i| ((i as f32 * 0.06).sin() * 8000.0) as i16).collect();
        pcm.write(&tone).unwrap();
        pcm.flush();
        pcm.write(&tone).unwrap();
    }

    #[test]
    fn a_missing_device_is_an_error_not_a_crash() {
        let e = Pcm::open("no_such_device_here", 44_100, 100).err().expect("no such device");
        assert!(e.contains("no_such_device_here") || e.contains("libasound"), "{e}");
        assert!(Pcm::open("nul\0l", 44_100, 100).is_err());
    }
}
