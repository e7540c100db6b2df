//! sheli 射礼: the archery rites of the 仪礼, staged clause by clause.
//!
//! No `unsafe` anywhere but the one module that calls ALSA (`app::sound::alsa`), which says so.
#![deny(unsafe_code)]

#[cfg(feature = "viewer")]
pub mod app;
pub mod book;
pub mod cli;
pub mod commentary;
pub mod music;
pub(crate) mod output;
pub mod plan;
pub mod rite;
pub mod web;
