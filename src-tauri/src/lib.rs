//! # The Video Poker app shell
//!
//! A thin Tauri 2 layer between the plain HTML UI in `../ui` and the `vpoker` core. It owns
//! exactly three things the core must never touch: the location of the database (the platform's
//! app data directory), the clock (the local calendar date and time) and the operating system's
//! entropy (one fresh 32-byte seed per deal). Everything else, every rule and every error id, is
//! the core's.
//!
//! - [`commands`] holds the commands the UI invokes, each one lock, one core call, one error
//!   mapping. Errors reach JavaScript as data, `{kind, message, …}`.
//! - [`AppState`] is the one managed state: the open game, or the typed error that opening it gave.
//! - [`run`] is the entry point of the desktop binary and of the Android/iOS libraries.
//!
//! The shell never opens a network connection, and its window may call nothing but these commands
//! (see `capabilities/default.json` and the content security policy in `tauri.conf.json`).
#![warn(missing_docs)]

pub mod charts;
pub mod coach;
mod command_names;
pub mod commands;
mod error;
mod lab_jobs;
pub mod labs;
mod notifications;
pub mod reminder;
mod state;
pub mod tables;
mod worker;

pub use command_names::NAMES as COMMAND_NAMES;
pub use error::CommandError;
pub use state::{audit_in_background, AppState, DialogPicker, FilePicker};

use tauri::{Builder, Manager, Runtime};

/// The database file's name inside the app data directory.
pub const DATABASE_FILE: &str = "vpoker.db";

/// The file name the export dialog suggests.
pub const EXPORT_FILE: &str = "video-poker-progress.db";

/// Starts the app: opens the database in the app data directory on a thread of its own while the
/// main window starts, then audits it on another (the first `get_state` starts warming the strategy
/// tables). On Android and iOS this is the library's entry point.
#[cfg_attr(mobile, tauri::mobile_entry_point)]
pub fn run() {
    let builder = with_commands(tauri::Builder::default()).plugin(tauri_plugin_dialog::init());
    // Phones only: a light tap when a card is held and the success pattern on a win (ui/js/haptics.js);
    // the window may call the two feedback commands (capabilities/mobile.json) and nothing else of it.
    #[cfg(mobile)]
    let builder = builder.plugin(tauri_plugin_haptics::init()).plugin(tauri_plugin_notification::init());
    // The share text of today's ten deals is copied with the clipboard plugin: the window may write
    // text to the clipboard and nothing else of it (no reading).
    let builder = builder.plugin(tauri_plugin_clipboard_manager::init());
    builder
        .setup(|app| {
            let dir = app.path().app_data_dir()?;
            let picker = DialogPicker::new(app.handle().clone());
            let state = AppState::open_in_background(&dir.join(DATABASE_FILE)).with_picker(picker);
            #[cfg(mobile)]
            let state = state.with_reminders(reminder::PluginReminders::new(app.handle().clone()));
            app.manage(state);
            drop(state::audit_in_background(app.handle().clone()));
            Ok(())
        })
        .run(context())
        .expect("the Video Poker app failed to start");
}

/// The app's compiled configuration: tauri.conf.json, the UI's files, and the capabilities (which
/// decide what the window may call). Public so the command tests run under the real permissions.
pub fn context<R: Runtime>() -> tauri::Context<R> {
    tauri::generate_context!()
}

/// Registers the app's commands on a builder. [`run`] passes the real runtime's builder; the command
/// tests pass `tauri::test::mock_builder()` and manage an [`AppState`] themselves (a mock app does
/// not run `setup`).
pub fn with_commands<R: Runtime>(builder: Builder<R>) -> Builder<R> {
    builder.invoke_handler(tauri::generate_handler![
        commands::get_state,
        commands::claim_daily,
        commands::deal,
        commands::draw,
        commands::next_screen,
        commands::hint,
        commands::history,
        commands::stats,
        commands::set_setting,
        commands::reset_database,
        commands::export_progress,
        commands::import_progress,
        commands::verify_hand,
        commands::check_history,
        commands::daily_deals,
        commands::daily_draw,
        commands::milestones,
        commands::milestone_news,
        reminder::reminder,
        reminder::set_reminder,
        commands::verify_seed,
        labs::lab_exact,
        labs::lab_positions,
        labs::lab_deals,
        labs::lab_progress,
        labs::lab_cancel,
        labs::lab_bag,
        labs::lab_pity,
        labs::lab_facts,
        coach::coach,
        coach::session_card,
        coach::foreground,
        coach::background,
        coach::drill_next,
        coach::drill_answer,
        coach::drill_tallies,
        coach::mistakes,
        coach::review,
        coach::progress,
        coach::answer_warm_up,
        coach::take_warm_up,
        coach::proficiency,
        coach::proficiency_answer,
        charts::chart,
        charts::chart_tiers,
        charts::variant_chart,
        charts::variant_chart_tiers,
        charts::paytable_analyze,
        charts::paytable_chart,
        charts::lab_tables,
        charts::lab_table_save,
        charts::lab_table_delete,
        tables::library,
        tables::table_view,
        tables::table_stats,
        tables::table_tiers,
        tables::library_chart_cost,
        tables::analyse_hand,
    ])
}
