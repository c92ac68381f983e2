//! The names of the app's commands, shared by build.rs (which generates one permission per command)
//! and the command tests (which check that every one is both handled and granted to the window).

/// Every command the UI may invoke, in the order the handler registers them.
pub const NAMES: [&str; 21] = [
    "get_state",
    "claim_daily",
    "deal",
    "draw",
    "hint",
    "history",
    "stats",
    "set_setting",
    "reset_database",
    "export_progress",
    "import_progress",
    "verify_hand",
    "verify_seed",
    "lab_exact",
    "lab_positions",
    "lab_deals",
    "lab_progress",
    "lab_cancel",
    "lab_bag",
    "lab_pity",
    "lab_facts",
];
