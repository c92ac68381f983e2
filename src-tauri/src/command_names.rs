//! The names of the app's commands, shared by build.rs (which generates one permission per command)
//! and lib.rs (whose tests check the handler and this list agree).

/// Every command the UI may invoke, in the order the handler registers them.
pub const NAMES: [&str; 9] = [
    "get_state",
    "claim_daily",
    "deal",
    "draw",
    "hint",
    "history",
    "stats",
    "set_setting",
    "reset_database",
];
