//! The app's commands through Tauri's mock runtime: the real command handler, the real capabilities
//! and content security policy from tauri.conf.json, and a real database in a temporary directory.
//! No webview, no display. A mock app does not run `setup`, so each test manages its own AppState.

use std::path::{Path, PathBuf};

use app_lib::{AppState, FilePicker, COMMAND_NAMES};
use serde_json::{json, Value};
use tauri::{App, WebviewWindow};

use crate::common::{app_on, app_with, invoke, invoke_from};

type MockApp = App<tauri::test::MockRuntime>;
type MockWindow = WebviewWindow<tauri::test::MockRuntime>;

/// What the platform's dialog would have answered: a fixed file, or `None` for "cancelled".
struct FixedPicker(Option<PathBuf>);

impl FilePicker for FixedPicker {
    fn save_path(&self) -> Result<Option<PathBuf>, String> {
        Ok(self.0.clone())
    }

    fn open_path(&self) -> Result<Option<PathBuf>, String> {
        Ok(self.0.clone())
    }
}

struct Fixture {
    _dir: tempfile::TempDir,
    db: PathBuf,
    _app: MockApp,
    window: MockWindow,
}

fn fresh() -> Fixture {
    let dir = tempfile::tempdir().expect("a temporary directory");
    // The app data directory does not exist on a first start: AppState creates it.
    let db = dir.path().join("com.videopoker.trainer").join("vpoker.db");
    let (app, window) = app_on(&db);
    Fixture { _dir: dir, db, _app: app, window }
}

fn ok(window: &MockWindow, cmd: &str, args: Value) -> Value {
    invoke(window, cmd, args.clone()).unwrap_or_else(|e| panic!("{cmd} {args} was refused: {e}"))
}

fn refused(window: &MockWindow, cmd: &str, args: Value) -> Value {
    match invoke(window, cmd, args.clone()) {
        Ok(value) => panic!("{cmd} {args} should be refused, gave {value}"),
        Err(error) => {
            assert!(error["kind"].is_string(), "errors reach JavaScript as {{kind, message}}: {error}");
            assert!(error["message"].is_string(), "errors reach JavaScript as {{kind, message}}: {error}");
            error
        }
    }
}

fn deal_args(machine: &str, bet: u32, hands: u8) -> Value {
    json!({ "table": machine, "bet": bet, "hands": hands, "practice": false })
}

#[test]
fn a_first_start_has_1000_chips_at_level_1() {
    let f = fresh();
    let state = ok(&f.window, "get_state", json!({}));
    assert_eq!(state["chips"], 1000);
    assert_eq!(state["level"], 1);
    assert_eq!(state["daily"]["available"], true);
    assert!(state["hand"].is_null());
    assert!(f.db.exists(), "the database lives where the app data directory says");
}

#[test]
fn daily_chips_once_a_day_with_a_typed_refusal() {
    let f = fresh();
    assert_eq!(ok(&f.window, "claim_daily", json!({}))["chips"], 1200);
    let error = refused(&f.window, "claim_daily", json!({}));
    assert_eq!(error["kind"], "daily-already-claimed");
    // The shell passes the device's local date.
    assert_eq!(error["day"], chrono::Local::now().date_naive().to_string());
    assert_eq!(ok(&f.window, "get_state", json!({}))["chips"], 1200);
}

/// Ultimate X through the command: two coins a line, the multipliers on screen, the hint's word on
/// the plain game's hold, what the hand leaves for the next deal; Joker Poker has none (typed).
#[test]
fn an_ultimate_x_hand_deals_with_its_multipliers_and_leaves_the_earned_ones() {
    let f = fresh();
    // A machine's Ultimate X table, by the id its machine view names.
    let ux = ok(&f.window, "get_state", json!({}))["machines"][0]["variants"][0]["table"].clone();
    assert_eq!(ux, "ultimate-x:jacks-or-better");
    let args = json!({ "table": ux, "bet": 5, "hands": 1, "practice": false });
    let state = ok(&f.window, "deal", args.clone());
    assert_eq!((state["chips"].clone(), state["hand"]["stake"].clone(), state["hand"]["multipliers"].clone()), (json!(990), json!(10), json!([1])));
    let hint = ok(&f.window, "hint", json!({}));
    assert_eq!(hint["screen"]["multipliers"], json!([1]));
    let state = ok(&f.window, "draw", json!({ "hold": hint["best_hold"] }));
    let earned = state["last_hand"]["results"][0]["earned"].clone();
    let screen = json!({ "table": ux, "bet": 5, "hands": 1, "practice": false });
    assert_eq!(ok(&f.window, "next_screen", screen)[0]["next"], earned, "what the next deal shows, from the core");
    let plain = json!({ "table": "jacks-or-better", "bet": 5, "hands": 1, "practice": false });
    assert_eq!(ok(&f.window, "next_screen", plain), serde_json::Value::Null, "a plain table shows nothing");
    let next = ok(&f.window, "deal", args);
    assert_eq!(next["hand"]["multipliers"], json!([earned]));
    let joker = json!({ "table": "ultimate-x:joker-poker", "bet": 5, "hands": 1, "practice": false });
    ok(&f.window, "draw", json!({ "hold": 0 }));
    assert_eq!(refused(&f.window, "deal", joker)["kind"], "unknown-table");
    // A table of the library is dealt in practice only; a table id of no possible form is refused.
    let for_chips = json!({ "table": "double-double-bonus-9-6", "bet": 5, "hands": 1, "practice": false });
    assert_eq!(refused(&f.window, "deal", for_chips)["kind"], "practice-only");
    let blank = json!({ "table": "", "bet": 5, "hands": 1, "practice": true });
    assert_eq!(refused(&f.window, "deal", blank)["kind"], "unknown-table");
}

#[test]
fn a_hand_deals_hints_and_draws_and_lands_in_history_and_stats() {
    let f = fresh();
    let state = ok(&f.window, "deal", deal_args("jacks-or-better", 5, 1));
    assert_eq!(state["chips"], 995);
    let cards = state["hand"]["cards"].as_array().expect("the hand's cards").clone();
    assert_eq!(cards.len(), 5);

    let hint = ok(&f.window, "hint", json!({}));
    assert_eq!(hint["holds"].as_array().map(Vec::len), Some(32));
    let best = hint["best_hold"].as_u64().expect("a best hold");

    let state = ok(&f.window, "draw", json!({ "hold": best }));
    assert!(state["hand"].is_null());
    let payout = state["last_hand"]["payout"].as_u64().expect("a payout");
    assert_eq!(state["chips"].as_u64(), Some(995 + payout));

    let history = ok(&f.window, "history", json!({ "limit": 10 }));
    let history = history.as_array().expect("a list of hands");
    assert_eq!(history.len(), 1);
    assert_eq!(history[0]["payout"].as_u64(), Some(payout));
    assert_eq!(history[0]["dealt"], Value::Array(cards));

    let stats = ok(&f.window, "stats", json!({}));
    assert!(stats.to_string().contains("jacks-or-better"), "{stats}");

    // The drawn hand verifies from its revealed seed; the same seed pasted in the form gives its deck.
    let id = history[0]["id"].as_i64().unwrap();
    let verified = ok(&f.window, "verify_hand", json!({ "id": id }));
    assert_eq!(verified["verified"], true);
    assert_eq!(verified["checks"], json!({ "commitment": true, "deal": true, "draws": true }));
    assert_eq!(verified["dealt"], history[0]["dealt"]);
    let pasted = ok(
        &f.window,
        "verify_seed",
        json!({ "seed": history[0]["seed"], "machine": "jacks-or-better", "hands": 1, "commitment": history[0]["commitment"] }),
    );
    assert_eq!((&pasted["deck"], &pasted["checks"]["commitment"]), (&verified["deck"], &json!(true)));
    assert_eq!(refused(&f.window, "verify_hand", json!({ "id": id + 1 }))["kind"], "unknown-hand");
    // Today's ten deals: no chips move; the ten are played once.
    let chips = ok(&f.window, "get_state", json!({}))["chips"].clone();
    let mut daily = ok(&f.window, "daily_deals", json!({}));
    assert_eq!(daily["index"], 0);
    for _ in 0..10 {
        daily = ok(&f.window, "daily_draw", json!({ "hold": 0 }));
    }
    assert_eq!((daily["done"].as_bool(), daily["results"].as_array().map(Vec::len)), (Some(true), Some(10)));
    assert_eq!(refused(&f.window, "daily_draw", json!({ "hold": 0 }))["kind"], "daily-deals-done");
    assert_eq!(ok(&f.window, "get_state", json!({}))["chips"], chips);
    // The whole history, as the current lab job on a connection of its own.
    let whole = ok(&f.window, "check_history", json!({}));
    assert_eq!((whole["verified"].as_bool(), whole["hands"].as_u64()), (Some(true), Some(1)), "{whole}");
    assert_eq!(ok(&f.window, "lab_progress", json!({}))["running"], false);
    let bad = json!({ "seed": "12ab", "machine": "jacks-or-better", "hands": 1, "commitment": null });
    assert_eq!(refused(&f.window, "verify_seed", bad)["kind"], "invalid-seed");
}

#[test]
fn refusals_are_typed_and_change_nothing() {
    let f = fresh();
    let before = ok(&f.window, "get_state", json!({}));
    assert_eq!(refused(&f.window, "deal", deal_args("jacks-or-better", 7, 1))["kind"], "invalid-bet");
    assert_eq!(refused(&f.window, "deal", deal_args("pai-gow", 5, 1))["kind"], "unknown-table");
    let locked = refused(&f.window, "deal", deal_args("deuces-wild", 5, 1));
    assert_eq!(locked["kind"], "machine-locked");
    assert_eq!(locked["unlock_level"], 3);
    assert_eq!(refused(&f.window, "deal", deal_args("jacks-or-better", 5, 5))["kind"], "multi-play-locked");
    assert_eq!(refused(&f.window, "draw", json!({ "hold": 3 }))["kind"], "no-hand-in-progress");
    assert_eq!(refused(&f.window, "hint", json!({}))["kind"], "no-hand-in-progress");
    assert_eq!(refused(&f.window, "set_setting", json!({ "key": "volume", "value": "11" }))["kind"], "invalid-setting");
    assert_eq!(ok(&f.window, "get_state", json!({})), before);

    ok(&f.window, "deal", deal_args("jacks-or-better", 10, 1));
    assert_eq!(refused(&f.window, "deal", deal_args("jacks-or-better", 10, 1))["kind"], "hand-in-progress");
    let invalid = refused(&f.window, "draw", json!({ "hold": 32 }));
    assert_eq!(invalid["kind"], "invalid-hold");
    assert_eq!(invalid["hold"], "32");
    assert_eq!(ok(&f.window, "get_state", json!({}))["chips"], 990);
}

#[test]
fn settings_change_and_come_back_as_the_new_state() {
    let f = fresh();
    let state = ok(&f.window, "set_setting", json!({ "key": "language", "value": "ja" }));
    assert_eq!(state["settings"]["language"], "ja");
    assert_eq!(state["chips"], 1000);
    let state = ok(&f.window, "set_setting", json!({ "key": "kind-deals", "value": "off" }));
    assert_eq!(state["settings"]["kind_deals"], false);
}

#[test]
fn a_hand_in_progress_survives_a_restart_of_the_app() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("vpoker.db");
    let dealt = {
        let (_app, window) = app_on(&db);
        ok(&window, "deal", deal_args("jacks-or-better", 20, 1))["hand"].clone()
    };
    let (_app, window) = app_on(&db);
    let state = ok(&window, "get_state", json!({}));
    assert_eq!(state["hand"], dealt);
    assert_eq!(state["chips"], 980);
}

#[test]
fn a_corrupt_database_is_reported_by_every_command_until_reset_moves_it_aside() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("vpoker.db");
    let garbage = b"this is not an SQLite database, and it must survive untouched".repeat(100);
    std::fs::write(&db, &garbage).unwrap();
    let (_app, window) = app_on(&db);
    for (cmd, args) in [
        ("get_state", json!({})),
        ("claim_daily", json!({})),
        ("deal", deal_args("jacks-or-better", 5, 1)),
        ("draw", json!({ "hold": 0 })),
        ("hint", json!({})),
        ("history", json!({ "limit": 5 })),
        ("stats", json!({})),
        ("set_setting", json!({ "key": "sound", "value": "off" })),
    ] {
        let error = refused(&window, cmd, args);
        assert_eq!(error["kind"], "corrupt-database", "{cmd}: {error}");
        assert_eq!(error["path"], db.display().to_string(), "the error names the file");
    }
    assert_eq!(std::fs::read(&db).unwrap(), garbage, "a refused open never writes");

    let state = ok(&window, "reset_database", json!({}));
    assert_eq!(state["chips"], 1000);
    assert_eq!(std::fs::read(dir.path().join("vpoker.db.corrupt-1")).unwrap(), garbage);
    assert_eq!(ok(&window, "get_state", json!({}))["chips"], 1000);
}

#[test]
fn reset_also_starts_over_from_a_healthy_database() {
    let f = fresh();
    ok(&f.window, "claim_daily", json!({}));
    assert_eq!(ok(&f.window, "reset_database", json!({}))["chips"], 1000);
    assert!(PathBuf::from(format!("{}.corrupt-1", f.db.display())).exists(), "the old game is kept aside");
}

#[test]
fn the_window_may_call_its_own_commands_and_nothing_else() {
    let f = fresh();
    for name in COMMAND_NAMES {
        if let Err(error) = invoke(&f.window, name, json!({})) {
            let text = error.to_string();
            assert!(!text.contains("not allowed") && !text.contains("not found"), "{name}: {text}");
        }
    }
    // No core plugin is granted: not even reading the app's version, let alone closing the window.
    for cmd in [
        "plugin:app|version",
        "plugin:window|close",
        "plugin:webview|print",
        "plugin:event|emit",
        "plugin:dialog|open",
        "plugin:dialog|save",
        "plugin:fs|read_file",
        // Haptics exist on phones only (capabilities/mobile.json): nothing here on a desktop.
        "plugin:haptics|impact_feedback",
        "plugin:haptics|notification_feedback",
        "plugin:haptics|vibrate",
        // The clipboard: written (the share text), never read; notifications are Rust's alone.
        "plugin:clipboard-manager|read_text",
        "plugin:notification|notify",
    ] {
        let error = invoke(&f.window, cmd, json!({})).expect_err(cmd).to_string();
        assert!(error.contains("not allowed") || error.contains("not found"), "{cmd}: {error}");
    }
    // And a remote page could call nothing at all.
    let error = invoke_from(&f.window, "get_state", json!({}), "https://example.com").expect_err("remote");
    assert!(error.to_string().contains("not allowed"), "{error}");
}

#[test]
fn haptics_are_granted_on_phones_only_and_only_the_two_feedbacks_and_the_clipboard_write_only() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("capabilities");
    let read = |name: &str| -> Value {
        serde_json::from_str(&std::fs::read_to_string(dir.join(name)).expect(name)).expect("JSON")
    };
    let mobile = read("mobile.json");
    assert_eq!(mobile["platforms"], json!(["android", "iOS"]));
    assert_eq!(mobile["windows"], json!(["main"]));
    assert_eq!(mobile["permissions"], json!(["haptics:allow-impact-feedback", "haptics:allow-notification-feedback"]));
    let desktop = read("default.json");
    assert!(desktop.get("platforms").is_none(), "the app's own commands are granted everywhere");
    let granted = desktop["permissions"].as_array().expect("permissions");
    let plugins: Vec<&str> = granted.iter().filter_map(Value::as_str).filter(|p| p.contains(':')).collect();
    assert_eq!(plugins, ["clipboard-manager:allow-write-text"], "of the plugins, default.json grants writing text to the clipboard only");
}

#[test]
fn the_configuration_keeps_the_app_offline_and_locked_down() {
    let context = app_lib::context::<tauri::test::MockRuntime>();
    let config = context.config();
    assert_eq!(config.identifier, "com.videopoker.trainer");
    assert!(config.app.with_global_tauri);
    assert!(config.build.dev_url.is_none(), "the app never loads a page from a server");
    let csp = config.app.security.csp.as_ref().expect("a content security policy").to_string();
    assert!(csp.contains("default-src 'self'"), "{csp}");
    for directive in csp.split(';').map(str::trim) {
        for source in directive.split_whitespace().skip(1) {
            let local = source.starts_with('\'') || matches!(source, "ipc:" | "http://ipc.localhost" | "data:");
            assert!(local, "CSP allows a source outside the app: {source} in {directive}");
        }
    }
    let window = config.app.windows.first().expect("a main window");
    assert!(window.resizable);
    assert!(window.width < window.height, "a phone-shaped window");
}

#[test]
fn the_shared_state_can_be_shared() {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<AppState>();
    send_sync::<app_lib::CommandError>();
}

#[test]
fn progress_exports_and_imports_through_the_commands_and_a_bad_file_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let exported = dir.path().join("moved-phone.db");
    let (_a, phone) =
        app_with(AppState::open(&dir.path().join("a/vpoker.db")).with_picker(FixedPicker(Some(exported.clone()))));
    ok(&phone, "claim_daily", json!({}));
    let dealt = ok(&phone, "deal", deal_args("jacks-or-better", 10, 1));
    let drawn = ok(&phone, "draw", json!({ "hold": dealt["hand"]["best_hold"] }));
    let written = ok(&phone, "export_progress", json!({}));
    assert_eq!(written["path"], exported.display().to_string());
    // Exporting again to the same name is refused: nothing is overwritten.
    assert_eq!(refused(&phone, "export_progress", json!({}))["kind"], "storage");

    let new_db = dir.path().join("b/vpoker.db");
    let (_b, new_phone) = app_with(AppState::open(&new_db).with_picker(FixedPicker(Some(exported.clone()))));
    ok(&new_phone, "get_state", json!({}));
    let imported = ok(&new_phone, "import_progress", json!({}));
    assert_eq!(imported["state"]["chips"], drawn["chips"]);
    assert_eq!(imported["state"]["last_hand"], drawn["last_hand"]);
    assert!(Path::new(imported["kept_aside"].as_str().unwrap()).exists(), "the previous progress is kept aside");
    assert_eq!(ok(&new_phone, "get_state", json!({}))["chips"], drawn["chips"]);
    assert_eq!(ok(&new_phone, "history", json!({ "limit": 5 }))[0]["id"], drawn["last_hand"]["id"]);

    let bad = dir.path().join("not-progress.db");
    std::fs::write(&bad, b"holiday photos, not a game".repeat(50)).unwrap();
    let other_db = dir.path().join("c/vpoker.db");
    let (_c, other) = app_with(AppState::open(&other_db).with_picker(FixedPicker(Some(bad.clone()))));
    ok(&other, "claim_daily", json!({}));
    let before = std::fs::read(&bad).unwrap();
    let error = refused(&other, "import_progress", json!({}));
    assert_eq!(error["kind"], "corrupt-database");
    assert_eq!(error["path"], bad.display().to_string(), "the refusal names the chosen file");
    assert_eq!(std::fs::read(&bad).unwrap(), before, "the chosen file is never written");
    assert_eq!(ok(&other, "get_state", json!({}))["chips"], 1200, "the current progress is untouched");

    let (_d, cancelled) = app_with(AppState::open(&dir.path().join("d/vpoker.db")).with_picker(FixedPicker(None)));
    assert_eq!(ok(&cancelled, "export_progress", json!({})), Value::Null);
    assert_eq!(ok(&cancelled, "import_progress", json!({})), Value::Null);
}

#[test]
fn history_pages_by_hand_id() {
    let f = fresh();
    let mut ids = Vec::new();
    for _ in 0..5 {
        let dealt = ok(&f.window, "deal", deal_args("jacks-or-better", 5, 1));
        ids.push(dealt["hand"]["id"].as_i64().unwrap());
        ok(&f.window, "draw", json!({ "hold": 0 }));
    }
    let first = ok(&f.window, "history", json!({ "limit": 2 }));
    let page: Vec<i64> = first.as_array().unwrap().iter().map(|h| h["id"].as_i64().unwrap()).collect();
    assert_eq!(page, vec![ids[4], ids[3]]);
    let next = ok(&f.window, "history", json!({ "limit": 2, "before": ids[3] }));
    let page: Vec<i64> = next.as_array().unwrap().iter().map(|h| h["id"].as_i64().unwrap()).collect();
    assert_eq!(page, vec![ids[2], ids[1]]);
    assert_eq!(ok(&f.window, "history", json!({ "limit": 500 })).as_array().unwrap().len(), 5);
    let refused = refused(&f.window, "history", json!({ "limit": 501 }));
    assert_eq!((refused["kind"].as_str(), refused["limit"].as_u64(), refused["max"].as_u64()), (Some("history-limit"), Some(501), Some(500)));
}

#[test]
fn a_poisoned_lock_is_a_storage_error_not_a_panic() {
    use tauri::Manager;
    let dir = tempfile::tempdir().unwrap();
    let app = app_lib::with_commands(tauri::test::mock_builder())
        .manage(AppState::open(&dir.path().join("vpoker.db")))
        .build(tauri::test::mock_context(tauri::test::noop_assets()))
        .unwrap();
    let handle = app.handle().clone();
    let poisoner = handle.clone();
    let panicked = std::thread::spawn(move || {
        let state = poisoner.state::<AppState>();
        let _held = state.game().lock().unwrap();
        panic!("a command panicked while holding the game");
    })
    .join();
    assert!(panicked.is_err());
    let error = tauri::async_runtime::block_on(app_lib::commands::get_state(handle.clone())).unwrap_err();
    assert_eq!(error.kind(), "storage");
    assert_eq!(serde_json::to_value(&error).unwrap()["kind"], "storage");
    // Resetting is the way out: it recovers the lock and starts a fresh game.
    let state = tauri::async_runtime::block_on(app_lib::commands::reset_database(handle.clone())).unwrap();
    assert_eq!(state.chips, 1000);
    assert!(tauri::async_runtime::block_on(app_lib::commands::get_state(handle)).is_ok());
}
