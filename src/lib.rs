//! sheli 射礼: the archery rites of the 仪礼, staged clause by clause.

pub mod app;
pub mod cli;
pub mod rite;
