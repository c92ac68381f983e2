//! The CLI's integration tests, in one test binary (one link instead of one per file): each module
//! runs the real `vpoker` binary (`CARGO_BIN_EXE_vpoker`) and checks one part of its contract.

mod chain;
mod common;
mod compact_history;

mod chart_drill;
mod chart_lab;
mod daily;
mod drill;
mod eval_shuffle;
mod help;
mod joker_play;
mod hint_analyze;
mod hint_distribution;
mod lab;
mod many_lines;
mod play;
mod play_concurrent;
mod import_kill;
mod play_kill;
mod play_simulate;
mod proficiency;
mod progress;
mod read_only;
mod solved_games;
mod tables;
mod tampers;
mod ultimate_x;
mod super_times_play;
mod ultimate_x_play;
mod verify;
mod verify_all;
mod verify_doc;
mod verify_paytable;
