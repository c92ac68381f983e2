//! The app's commands through Tauri's mock runtime, in one test binary (one link instead of one per
//! file): each module builds mock apps on temporary databases and invokes commands as the page does.

mod common;

mod audit;
mod charts;
mod coach;
mod commands;
mod habit;
mod labs;
mod tables;
