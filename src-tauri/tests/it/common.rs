//! What the mock-runtime test modules share: a mock app on a database, and invoking a command.
#![allow(dead_code)]

use std::path::Path;

use serde_json::Value;
use tauri::ipc::{CallbackFn, InvokeBody};
use tauri::test::{get_ipc_response, mock_builder, MockRuntime, INVOKE_KEY};
use tauri::webview::InvokeRequest;
use tauri::{App, Manager, WebviewWindow, WebviewWindowBuilder};

use app_lib::AppState;

/// A mock app on a database at `db` (with the real handler and capabilities), and its main window.
pub fn app_on(db: &Path) -> (App<MockRuntime>, WebviewWindow<MockRuntime>) {
    app_with(AppState::open(db))
}

/// A mock app managing `state` (e.g. with a file picker of the test's), and its main window.
pub fn app_with(state: AppState) -> (App<MockRuntime>, WebviewWindow<MockRuntime>) {
    let app =
        app_lib::with_commands(mock_builder()).manage(state).build(app_lib::context()).expect("the mock app builds");
    let window = match app.get_webview_window("main") {
        Some(window) => window,
        None => WebviewWindowBuilder::new(&app, "main", Default::default()).build().expect("a main window"),
    };
    (app, window)
}

/// Invokes `cmd` from the app's own page: its answer, or the error it was refused with.
pub fn invoke(window: &WebviewWindow<MockRuntime>, cmd: &str, args: Value) -> Result<Value, Value> {
    invoke_from(window, cmd, args, "tauri://localhost")
}

/// Invokes `cmd` as a page at `url` would (another origin is refused by the capabilities).
pub fn invoke_from(window: &WebviewWindow<MockRuntime>, cmd: &str, args: Value, url: &str) -> Result<Value, Value> {
    let request = InvokeRequest {
        cmd: cmd.into(),
        callback: CallbackFn(0),
        error: CallbackFn(1),
        url: url.parse().expect("a URL"),
        body: InvokeBody::Json(args),
        headers: Default::default(),
        invoke_key: INVOKE_KEY.to_string(),
    };
    get_ipc_response(window, request).map(|body| body.deserialize::<Value>().expect("JSON"))
}

/// The answer of a command that must be accepted.
pub fn ok(window: &WebviewWindow<MockRuntime>, cmd: &str, args: Value) -> Value {
    invoke(window, cmd, args).unwrap_or_else(|e| panic!("{cmd} was refused: {e}"))
}

/// The error of a command that must be refused.
pub fn refused(window: &WebviewWindow<MockRuntime>, cmd: &str, args: Value) -> Value {
    invoke(window, cmd, args).err().unwrap_or_else(|| panic!("{cmd} was accepted"))
}

/// A test's date as the game takes a day (checked: the tests' dates are days it keeps).
pub fn d(date: chrono::NaiveDate) -> vpoker::game::Day {
    vpoker::game::Day::new(date).expect("a day the game keeps")
}

/// A test's date as the game takes "now".
pub fn m(date: chrono::NaiveDate) -> vpoker::game::Moment {
    d(date).into()
}
