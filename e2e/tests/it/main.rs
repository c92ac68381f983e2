//! The end-to-end tests, in one test binary (one link instead of one per file). Each test starts the
//! built app through tauri-driver on its own empty data directory (see vpoker_e2e) and plays it
//! through the UI; scripts/test.sh runs them with VPOKER_E2E=1 under xvfb-run, the figures test
//! alone and then the others two at a time (`--test-threads=2`: two apps on the display, each with
//! its own driver port). The tests share no state (the accessibility tours copy one profile made
//! once, see a11y.rs): libtest starts them in name order, module by module, so the four
//! accessibility tours (one per language, the longest tests) start first and the short ones fill in
//! beside the long ones at the end.

mod a11y;
mod analyser;
mod app;
mod charts;
mod coach;
mod daily;
mod fairness;
mod fast;
mod joker;
mod lines;
mod phone;
mod proficiency;
mod progress;
mod super_times;
mod tables;
mod ultimate_x;
mod warm_up;
