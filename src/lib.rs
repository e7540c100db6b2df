//! sheli 射礼: the archery rites of the 仪礼, staged clause by clause.

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
