//! The end-to-end tests, in one test binary (one link instead of one per file). Each test starts the
//! built app through tauri-driver on its own empty data directory (see vpoker_e2e) and plays it
//! through the UI; scripts/test.sh runs them with VPOKER_E2E=1 under xvfb-run, one at a time
//! (`--test-threads=1`: one app on the display at once). The tests share no state: libtest runs them
//! in name order, module by module, as the files used to run one binary after another.

mod a11y;
mod app;
mod charts;
mod coach;
mod daily;
mod fairness;
mod phone;
mod tables;
