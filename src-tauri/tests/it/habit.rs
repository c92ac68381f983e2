//! The daily habit through the mock runtime: the reminder (scheduled with the picked time when on,
//! cancelled when off, the permission asked only when turned on, a desktop that says it cannot),
//! the milestones commands, and the clipboard: the page may write text and never read it.

use std::sync::{Arc, Mutex};

use app_lib::reminder::Reminders;
use app_lib::AppState;
use serde_json::{json, Value};

use crate::common::{app_on, app_with, invoke, ok, refused};

/// A phone's notifications, recorded: what was asked, in order.
#[derive(Clone)]
struct Recorder {
    log: Arc<Mutex<Vec<String>>>,
    granted: bool,
}

impl Recorder {
    fn new(granted: bool) -> Recorder {
        Recorder { log: Arc::default(), granted }
    }

    fn log(&self) -> Vec<String> {
        self.log.lock().unwrap().clone()
    }
}

impl Reminders for Recorder {
    fn can_schedule(&self) -> bool {
        true
    }

    fn ask_permission(&self) -> Result<bool, String> {
        self.log.lock().unwrap().push("ask permission".to_string());
        Ok(self.granted)
    }

    fn schedule_daily(&self, hour: u32, minute: u32, title: &str, body: &str) -> Result<(), String> {
        self.log.lock().unwrap().push(format!("schedule {hour:02}:{minute:02} {title} / {body}"));
        Ok(())
    }

    fn cancel(&self) -> Result<(), String> {
        self.log.lock().unwrap().push("cancel".to_string());
        Ok(())
    }
}

fn on(time: Value) -> Value {
    json!({ "time": time, "title": "Video Poker", "body": "Today's chips and ten deals are ready." })
}

#[test]
fn the_reminder_is_scheduled_at_the_picked_time_when_on_and_cancelled_when_off() {
    let dir = tempfile::tempdir().unwrap();
    let phone = Recorder::new(true);
    let (_app, window) = app_with(AppState::open(&dir.path().join("vpoker.db")).with_reminders(phone.clone()));
    assert_eq!(ok(&window, "reminder", json!({})), json!({ "time": null, "can_schedule": true }), "off by default");
    assert_eq!(ok(&window, "get_state", json!({}))["settings"]["reminder"], Value::Null);
    assert!(phone.log().is_empty(), "nothing asked before the player turns it on");

    assert_eq!(ok(&window, "set_reminder", on(json!("07:30"))), json!({ "time": "07:30", "can_schedule": true }));
    assert_eq!(phone.log(), ["ask permission", "schedule 07:30 Video Poker / Today's chips and ten deals are ready."]);
    assert_eq!(ok(&window, "get_state", json!({}))["settings"]["reminder"], "07:30");

    ok(&window, "set_reminder", on(json!("21:05")));
    assert_eq!(phone.log().last().unwrap(), "schedule 21:05 Video Poker / Today's chips and ten deals are ready.");

    assert_eq!(ok(&window, "set_reminder", on(Value::Null)), json!({ "time": null, "can_schedule": true }));
    assert_eq!(phone.log().last().unwrap(), "cancel");
    assert_eq!(ok(&window, "get_state", json!({}))["settings"]["reminder"], Value::Null);
}

#[test]
fn a_refused_permission_or_a_bad_time_leaves_the_reminder_off() {
    let dir = tempfile::tempdir().unwrap();
    let phone = Recorder::new(false);
    let (_app, window) = app_with(AppState::open(&dir.path().join("vpoker.db")).with_reminders(phone.clone()));
    assert_eq!(refused(&window, "set_reminder", on(json!("08:00")))["kind"], "reminder-denied");
    assert_eq!(phone.log(), ["ask permission"], "nothing scheduled");
    for bad in ["8:00", "24:00", "08:60", "noon", ""] {
        assert_eq!(refused(&window, "set_reminder", on(json!(bad)))["kind"], "invalid-setting", "{bad}");
    }
    assert_eq!(phone.log().len(), 1, "a bad time asks nothing");
    // Only set_reminder stores it (the platform first): set_setting refuses the key.
    assert_eq!(refused(&window, "set_setting", json!({ "key": "reminder", "value": "08:00" }))["kind"], "invalid-setting");
    assert_eq!(ok(&window, "reminder", json!({}))["time"], Value::Null);
}

#[test]
fn a_desktop_says_it_cannot_schedule_a_reminder() {
    let dir = tempfile::tempdir().unwrap();
    let (_app, window) = app_on(&dir.path().join("vpoker.db"));
    assert_eq!(ok(&window, "reminder", json!({})), json!({ "time": null, "can_schedule": false }));
    assert_eq!(refused(&window, "set_reminder", on(json!("07:30")))["kind"], "reminder-unavailable");
    assert_eq!(ok(&window, "set_reminder", on(Value::Null))["time"], Value::Null, "turning it off always works");
}

#[test]
fn milestones_are_listed_and_announced_once_through_the_commands() {
    let dir = tempfile::tempdir().unwrap();
    let (_app, window) = app_on(&dir.path().join("vpoker.db"));
    let list = ok(&window, "milestones", json!({}));
    let list = list.as_array().unwrap();
    assert!(list.len() >= 8);
    assert!(list.iter().all(|m| m["reached"] == false && m["goal"].as_u64().unwrap() >= 1));
    assert_eq!(ok(&window, "milestone_news", json!({})), json!([]));
    // Today's ten deals, each card held: the first day of a run.
    for _ in 0..10 {
        ok(&window, "daily_draw", json!({ "hold": 31 }));
    }
    let list = ok(&window, "milestones", json!({}));
    let daily = list.as_array().unwrap().iter().find(|m| m["id"] == "daily-7").unwrap().clone();
    assert_eq!((daily["progress"].as_u64(), daily["goal"].as_u64()), (Some(1), Some(7)));
}

#[test]
fn the_page_may_write_text_to_the_clipboard_and_never_read_it() {
    let dir = tempfile::tempdir().unwrap();
    let builder = app_lib::with_commands(tauri::test::mock_builder()).plugin(tauri_plugin_clipboard_manager::init());
    let app = builder.manage(AppState::open(&dir.path().join("vpoker.db"))).build(app_lib::context()).unwrap();
    use tauri::Manager;
    let window = match app.get_webview_window("main") {
        Some(window) => window,
        None => tauri::WebviewWindowBuilder::new(&app, "main", Default::default()).build().unwrap(),
    };
    // Granted: it reaches the plugin (which may have no clipboard here, with no display).
    if let Err(error) = invoke(&window, "plugin:clipboard-manager|write_text", json!({ "text": "Video Poker" })) {
        assert!(!error.to_string().contains("not allowed"), "{error}");
    }
    for cmd in ["plugin:clipboard-manager|read_text", "plugin:clipboard-manager|clear", "plugin:clipboard-manager|read_image"] {
        let error = invoke(&window, cmd, json!({})).expect_err(cmd).to_string();
        assert!(error.contains("not allowed"), "{cmd}: {error}");
    }
    for cmd in ["plugin:notification|notify", "plugin:notification|request_permission"] {
        let error = invoke(&window, cmd, json!({})).expect_err(cmd).to_string();
        assert!(error.contains("not allowed") || error.contains("not found"), "{cmd}: {error}");
    }
}
