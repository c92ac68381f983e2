//! # End-to-end harness for the Video Poker app
//!
//! Drives the real, built app (`target/debug/video-poker`) through tauri-driver and WebKitWebDriver,
//! the way a player does: by clicking what the UI shows and reading what it displays. There is no
//! test-only back door into the dealing; the only other way into the game is the public `vpoker`
//! command-line tool, used to prepare a profile and to ask the solver for the best hold.
//!
//! Each test gets its own [`DataHome`] (a temporary `XDG_DATA_HOME`, so its own database) and its own
//! [`Driver`] (a tauri-driver process on free ports, started with that environment). Sessions are the
//! app's process lifetimes: closing a [`Session`] quits the app, launching a new one restarts it on the
//! same database.
//!
//! The tests are `#[ignore]`d, so a plain `cargo test --workspace` reports them as ignored and needs
//! no display; scripts/test.sh runs them with `--include-ignored` and `VPOKER_E2E=1` under
//! `xvfb-run`. Asked for without `VPOKER_E2E=1`, a test fails and says why ([`require_e2e`]).
#![warn(missing_docs)]

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder};
use serde_json::{json, Value};

mod play;
pub use play::{cli_best_hold, cli_worst_hold, launch_fresh, launch_phone};

/// Any error a test step can give.
pub type Error = Box<dyn std::error::Error + Send + Sync>;
/// A test step's result.
pub type Result<T> = std::result::Result<T, Error>;

/// The app's identifier, which names its data directory under `XDG_DATA_HOME`.
pub const IDENTIFIER: &str = "com.videopoker.trainer";
/// The database file inside the app data directory (the shell's `DATABASE_FILE`).
pub const DATABASE_FILE: &str = "vpoker.db";
/// How long to wait for the UI to reach an expected state.
pub const TIMEOUT: Duration = Duration::from_secs(15);

/// The longest an app launch may take before its WebDriver session opens (a launch takes a second
/// or two; several seconds on a loaded machine).
pub const LAUNCH_TIMEOUT: Duration = Duration::from_secs(120);

/// Refuses to drive the app without `VPOKER_E2E=1`: the tests are `#[ignore]`d, so a plain
/// `cargo test` reports them as ignored, and one asked for with `--include-ignored` outside
/// scripts/test.sh says why it cannot run instead of passing without driving anything.
pub fn require_e2e() -> Result<()> {
    match std::env::var("VPOKER_E2E").as_deref() {
        Ok("1") => Ok(()),
        _ => Err("set VPOKER_E2E=1 under xvfb-run (scripts/test.sh does) to drive the real app".into()),
    }
}

/// The repository's root directory.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("e2e/ has a parent").to_path_buf()
}

fn target_dir() -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => repo_root().join("target"),
    }
}

/// The built app binary: `VPOKER_APP`, or `target/debug/video-poker`.
pub fn app_binary() -> PathBuf {
    std::env::var_os("VPOKER_APP").map(PathBuf::from).unwrap_or_else(|| target_dir().join("debug").join("video-poker"))
}

/// The built command-line tool: `VPOKER_CLI`, or `target/debug/vpoker`.
pub fn cli_binary() -> PathBuf {
    std::env::var_os("VPOKER_CLI").map(PathBuf::from).unwrap_or_else(|| target_dir().join("debug").join("vpoker"))
}

/// Where screenshots go: `screenshots/` at the repository root (git-ignored PNGs).
pub fn screenshot_dir() -> PathBuf {
    repo_root().join("screenshots")
}

fn tauri_driver_binary() -> PathBuf {
    if let Some(path) = std::env::var_os("TAURI_DRIVER") {
        return PathBuf::from(path);
    }
    let in_cargo_home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cargo")))
        .map(|home| home.join("bin").join("tauri-driver"));
    match in_cargo_home {
        Some(path) if path.exists() => path,
        _ => PathBuf::from("tauri-driver"),
    }
}

/// A fresh `XDG_DATA_HOME`, removed when dropped: the app's database lives at
/// [`DataHome::db_path`].
pub struct DataHome {
    dir: tempfile::TempDir,
}

impl DataHome {
    /// Creates an empty data home.
    pub fn new() -> Result<DataHome> {
        Ok(DataHome { dir: tempfile::Builder::new().prefix("vpoker-e2e-").tempdir()? })
    }

    /// The data home directory.
    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// The database file the app opens for this data home.
    pub fn db_path(&self) -> PathBuf {
        self.dir.path().join(IDENTIFIER).join(DATABASE_FILE)
    }
}

/// Runs the `vpoker` command-line tool and returns its JSON output. Exit status 1 (a refused
/// command) still returns the JSON (`{"error":{…}}`); anything else is an error.
pub fn cli(args: &[&str]) -> Result<Value> {
    let output = Command::new(cli_binary()).args(args).output().map_err(|e| {
        format!("cannot run {} (build it with `cargo build -p vpoker-cli`): {e}", cli_binary().display())
    })?;
    let code = output.status.code();
    if code != Some(0) && code != Some(1) {
        return Err(
            format!("vpoker {args:?} exited with {:?}: {}", code, String::from_utf8_lossy(&output.stderr)).into()
        );
    }
    let stdout = String::from_utf8(output.stdout)?;
    Ok(serde_json::from_str(stdout.trim()).map_err(|e| format!("vpoker {args:?} printed no JSON ({e}): {stdout}"))?)
}

/// Runs `vpoker play --db FILE [--today DATE] COMMAND…` against a database.
pub fn play(db: &Path, today: Option<&str>, command: &[&str]) -> Result<Value> {
    let db = db.to_str().ok_or("database path is not UTF-8")?;
    let mut args = vec!["play", "--db", db];
    if let Some(day) = today {
        args.extend(["--today", day]);
    }
    args.extend_from_slice(command);
    cli(&args)
}

/// What the UI shows while something loads, in `lang` (ui/i18n/LANG.json: app.loading, chart.generating).
fn loading_texts(lang: &str) -> Result<Vec<String>> {
    let path = repo_root().join("ui").join("i18n").join(format!("{lang}.json"));
    let table: Value =
        serde_json::from_str(&std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?)?;
    ["app.loading", "chart.generating"]
        .iter()
        .map(|key| {
            Ok(table[*key].as_str().ok_or_else(|| format!("{} has no {key}", path.display()))?.trim().to_string())
        })
        .collect()
}

fn free_port() -> Result<u16> {
    Ok(TcpListener::bind("127.0.0.1:0")?.local_addr()?.port())
}

/// A tauri-driver process on its own ports, with `XDG_DATA_HOME` pointing at one [`DataHome`].
/// Killed when dropped.
pub struct Driver {
    child: Child,
    port: u16,
    log: PathBuf,
}

impl Driver {
    /// Starts tauri-driver for a data home and waits until it answers `/status`.
    pub fn start(data: &DataHome) -> Result<Driver> {
        require_e2e()?;
        if std::env::var_os("DISPLAY").is_none() && std::env::var_os("WAYLAND_DISPLAY").is_none() {
            return Err("no DISPLAY: run the end-to-end tests under xvfb-run (scripts/test.sh does)".into());
        }
        let app = app_binary();
        if !app.exists() {
            return Err(format!("{} is missing: build it with `cargo build -p video-poker`", app.display()).into());
        }
        let port = free_port()?;
        let native_port = free_port()?;
        let log = data.path().join("tauri-driver.log");
        let log_file = std::fs::File::create(&log)?;
        let child = Command::new(tauri_driver_binary())
            // Its own process group, so dropping the driver also ends the WebKitWebDriver and the app
            // it started (killing tauri-driver alone leaves them running).
            .process_group(0)
            .args(["--port", &port.to_string(), "--native-port", &native_port.to_string()])
            .env("XDG_DATA_HOME", data.path())
            // English unless a test switches: the UI follows the system language.
            .env("LANG", "C.UTF-8")
            .env_remove("LANGUAGE")
            .env_remove("LC_ALL")
            .stdin(Stdio::null())
            .stdout(log_file.try_clone()?)
            .stderr(log_file)
            .spawn()
            .map_err(|e| format!("cannot start tauri-driver (cargo install tauri-driver --locked): {e}"))?;
        let driver = Driver { child, port, log };
        let start = Instant::now();
        // tauri-driver answers before the WebKitWebDriver it starts behind it listens: wait for both.
        while !driver.answers_status() || TcpStream::connect(("127.0.0.1", native_port)).is_err() {
            if start.elapsed() > TIMEOUT {
                return Err(format!("tauri-driver did not answer on port {port}: {}", driver.log_text()).into());
            }
            // The pause between two looks at the condition (both ports answering), not a wait in itself.
            std::thread::sleep(Duration::from_millis(50));
        }
        Ok(driver)
    }

    fn answers_status(&self) -> bool {
        let Ok(mut stream) = TcpStream::connect(("127.0.0.1", self.port)) else { return false };
        let _ = stream.set_read_timeout(Some(Duration::from_secs(2)));
        let request = format!("GET /status HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\r\n", self.port);
        if stream.write_all(request.as_bytes()).is_err() {
            return false;
        }
        let mut response = String::new();
        let _ = stream.read_to_string(&mut response);
        response.starts_with("HTTP/1.1 200")
    }

    /// What tauri-driver and WebKitWebDriver have printed so far.
    pub fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Launches the app and opens a WebDriver session on it; returns once the UI shows the balance.
    pub async fn launch(&self) -> Result<Session> {
        let started = Instant::now();
        let mut caps = serde_json::Map::new();
        caps.insert(
            "tauri:options".into(),
            json!({ "application": app_binary().to_str().ok_or("app path is not UTF-8")? }),
        );
        // tauri-driver sometimes loses its first connection to a WebKitWebDriver that has only just
        // started listening ("connection error"): that attempt launched nothing, so try again.
        let mut attempt = 1;
        let client = loop {
            let url = format!("http://127.0.0.1:{}", self.port);
            let mut builder = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new());
            builder.capabilities(caps.clone());
            let connecting = builder.connect(&url);
            // An app that dies before its webview connects (seen once: "Failed to initialize GTK" on
            // a loaded machine) leaves WebKitWebDriver waiting for it for good: a hung run becomes
            // a failed test, which scripts/test.sh runs again alone.
            let Ok(connected) = tokio::time::timeout(LAUNCH_TIMEOUT, connecting).await else {
                return Err(format!("no WebDriver session after {LAUNCH_TIMEOUT:?}: the app did not start\n{}", self.log_text()).into());
            };
            match connected {
                Ok(client) => break client,
                Err(e) if attempt < 3 && e.to_string().contains("did not respond") => {
                    attempt += 1;
                    // A pause before asking again: the port already accepts connections (see
                    // `start`) and nothing else tells when tauri-driver will get through.
                    tokio::time::sleep(Duration::from_millis(500)).await;
                }
                Err(e) => {
                    return Err(format!("cannot open a WebDriver session: {e}\n{}", self.log_text()).into());
                }
            }
        };
        let session = Session { client, launched_in: Duration::ZERO };
        session.wait_for("[data-testid=chips]").await?;
        session.wait_until("the balance is shown", || async { Ok(session.chips_now().await?.is_some()) }).await?;
        let launched_in = started.elapsed();
        session.client.execute(COUNT_BACK_STEPS, vec![]).await?;
        Ok(Session { launched_in, ..session })
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let pgid = self.child.id();
        let group = format!("-{pgid}");
        let _ = Command::new("kill").args(["-TERM", "--", &group]).stderr(Stdio::null()).status();
        // Until tauri-driver, WebKitWebDriver and the app have all exited (at most 2 s), then SIGKILL
        // for anything left.
        let start = Instant::now();
        loop {
            let _ = self.child.try_wait(); // reaps tauri-driver, whose zombie would still count
            if !group_alive(pgid) || start.elapsed() > Duration::from_secs(2) {
                break;
            }
            // The pause between two looks at the condition (the group has exited).
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = Command::new("kill").args(["-KILL", "--", &group]).stderr(Stdio::null()).status();
        let _ = self.child.wait();
    }
}

/// Whether a process of process group `pgid` is still running (a zombie does not count), from
/// `/proc/PID/stat`: the state, parent and group are the first fields after the name's ")".
fn group_alive(pgid: u32) -> bool {
    let Ok(entries) = std::fs::read_dir("/proc") else { return false };
    let pgid = pgid.to_string();
    entries.flatten().filter(|e| e.file_name().to_string_lossy().bytes().all(|b| b.is_ascii_digit())).any(|entry| {
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else { return false };
        let Some(close) = stat.rfind(')') else { return false };
        let fields: Vec<&str> = stat[close + 1..].split_whitespace().take(3).collect();
        matches!(fields[..], [state, _, group] if state != "Z" && group == pgid)
    })
}

/// One run of the app under WebDriver.
#[derive(Clone)]
pub struct Session {
    client: Client,
    launched_in: Duration,
}

/// Counts the app's own steps back through the history that have not arrived yet, in
/// `window.__e2eBackSteps` (installed once per page, at launch; the app never reloads).
///
/// To leave a screen for one nearer the lobby (a tab, the lobby, a daily screen's back) the UI calls
/// `history.go(-n)` and draws the new screen on its popstate (ui/js/nav.js, `backBy`), which on a
/// busy machine can come seconds later. The UI waits for it (it once went on after 1.5 s, and the
/// late popstate undid the next tap: the lobby drawn, a machine tapped, then the lobby again);
/// [`Session::click`] waits too, so that a test taps what a player sees once the step has arrived.
/// This only watches: `History.prototype.go` still does what it did.
const COUNT_BACK_STEPS: &str = r#"
    if (!("__e2eBackSteps" in window)) {
      window.__e2eBackSteps = 0;
      const go = History.prototype.go;
      History.prototype.go = function (delta) {
        if (delta) window.__e2eBackSteps += 1;
        return go.call(this, delta);
      };
      window.addEventListener("popstate", () => {
        window.__e2eBackSteps = Math.max(0, window.__e2eBackSteps - 1);
      }, true);
    }
    return window.__e2eBackSteps;
"#;

/// Whether `el` is shown (see [`Session::is_visible`]), as a JavaScript expression.
const SHOWN: &str = r#"!el.closest("[hidden]") && (() => {
    const rect = el.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0 && el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  })()"#;

/// The element a script returned (WebDriver's element reference), or none for anything else.
fn element_of(client: &Client, value: &Value) -> Option<fantoccini::elements::Element> {
    const ELEMENT_KEY: &str = "element-6066-11e4-a52e-4f735466cecf"; // the W3C web element identifier
    let id = value.get(ELEMENT_KEY)?.as_str()?;
    Some(fantoccini::elements::Element::from_element_id(client.clone(), id.to_string().into()))
}

/// The CSS selector of a `data-testid`.
pub fn tid(id: &str) -> String {
    format!("[data-testid=\"{id}\"]")
}

/// The digits of a text, as a number: "1,200 chips" → 1200, "1.200" → 1200, "1 200" → 1200.
pub fn digits(text: &str) -> Option<u64> {
    let only: String = text.chars().filter(|c| c.is_ascii_digit()).collect();
    only.parse().ok()
}

impl Session {
    /// The WebDriver client, for anything the helpers do not cover.
    pub fn client(&self) -> &Client {
        &self.client
    }

    /// From asking tauri-driver for a session to the balance being on screen.
    pub fn launched_in(&self) -> Duration {
        self.launched_in
    }

    /// Quits the app (ends the WebDriver session).
    pub async fn close(self) -> Result<()> {
        self.client.close().await?;
        Ok(())
    }

    /// Polls `check` until it returns true, or fails after [`TIMEOUT`] saying what was awaited.
    pub async fn wait_until<F, Fut>(&self, what: &str, mut check: F) -> Result<()>
    where
        F: FnMut() -> Fut,
        Fut: std::future::Future<Output = Result<bool>>,
    {
        let start = Instant::now();
        let mut last_error = String::new();
        loop {
            match check().await {
                Ok(true) => return Ok(()),
                Ok(false) => {}
                Err(e) => last_error = e.to_string(),
            }
            if start.elapsed() > TIMEOUT {
                let body = self.body_text().await.unwrap_or_default();
                return Err(format!("timed out waiting until {what} ({last_error}); the page says:\n{body}").into());
            }
            // The pause between two looks at the condition: every wait of these tests comes here.
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Waits for an element matching a CSS selector to exist.
    ///
    /// Polled as [`Session::wait_until`] polls (every 50 ms), not with fantoccini's `wait()`, which
    /// sleeps 250 ms between two looks.
    pub async fn wait_for(&self, css: &str) -> Result<fantoccini::elements::Element> {
        let found = std::cell::RefCell::new(None);
        self.wait_until(&format!("an element {css} exists"), || async {
            let element = self.find_now(css, "").await?;
            let exists = element.is_some();
            *found.borrow_mut() = element;
            Ok(exists)
        })
        .await
        .map_err(|e| format!("no element {css}: {e}"))?;
        Ok(found.into_inner().ok_or("no element")?)
    }

    /// The first element matching `css`, if it exists and `condition` (a JavaScript expression on
    /// `el`, or "" for none) holds, found and checked in one script: one round trip to the page.
    async fn find_now(&self, css: &str, condition: &str) -> Result<Option<fantoccini::elements::Element>> {
        let condition = if condition.is_empty() { "true" } else { condition };
        let script = format!(
            "const el = document.querySelector(arguments[0]);\n\
             if (!el) return null;\n\
             return ({condition}) ? el : null;"
        );
        let value = self.client.execute(&script, vec![json!(css)]).await?;
        Ok(element_of(&self.client, &value))
    }

    /// Whether an element matching the selector exists and is shown right now: laid out with a size,
    /// not `display: none`, `visibility: hidden`, transparent or inside a `hidden` element.
    ///
    /// This asks the page rather than WebDriver's "is displayed": WebKitWebDriver's answer is false
    /// for any element with `overflow: hidden` of its own (a button whose label ends in an ellipsis),
    /// though the player sees it.
    pub async fn is_visible(&self, css: &str) -> Result<bool> {
        let script = format!("const el = document.querySelector(arguments[0]);\nreturn Boolean(el) && ({SHOWN});");
        Ok(self.client.execute(&script, vec![json!(css)]).await?.as_bool().unwrap_or(false))
    }

    /// Waits for an element matching the selector to exist and be shown (see [`Session::is_visible`]).
    pub async fn wait_visible(&self, css: &str) -> Result<fantoccini::elements::Element> {
        self.wait_shown(css, false).await
    }

    /// [`Session::wait_visible`], the element found and checked in one script per look; with
    /// `scroll` (a click is next), also once no step back through the history is on its way (see
    /// [`COUNT_BACK_STEPS`]), and scrolled to the middle of the view by that same script.
    async fn wait_shown(&self, css: &str, scroll: bool) -> Result<fantoccini::elements::Element> {
        let condition = if scroll {
            format!("!window.__e2eBackSteps && ({SHOWN}) && (el.scrollIntoView({{ block: 'center' }}), true)")
        } else {
            SHOWN.to_string()
        };
        let found = std::cell::RefCell::new(None);
        let waited = self
            .wait_until(&format!("{css} is shown"), || async {
                let element = self.find_now(css, &condition).await?;
                let shown = element.is_some();
                *found.borrow_mut() = element;
                Ok(shown)
            })
            .await;
        if let Err(error) = waited {
            let script = r#"
                const el = document.querySelector(arguments[0]);
                if (!el) return "no such element";
                const style = getComputedStyle(el);
                return `${el.outerHTML.slice(0, 300)} rect ${JSON.stringify(el.getBoundingClientRect())} `
                  + `display ${style.display} visibility ${style.visibility} opacity ${style.opacity}`
                  + `; steps back on their way ${window.__e2eBackSteps}`;
            "#;
            let detail = self.client.execute(script, vec![json!(css)]).await.unwrap_or_default();
            return Err(format!("{error}\nthe element: {detail}").into());
        }
        Ok(found.into_inner().ok_or("no element")?)
    }

    /// Clicks the displayed element with this `data-testid`.
    /// The element is scrolled to the middle of the view first (a fixed tab bar may cover an element
    /// at the bottom edge). A refused click (a re-render replaced the element, or something covered
    /// it) is tried once more, once the element found anew can take it (see [`Session::is_clickable`]).
    pub async fn click(&self, testid: &str) -> Result<()> {
        let css = tid(testid);
        let mut last = String::new();
        for attempt in 0..2 {
            let element = self.wait_shown(&css, true).await?;
            match element.click().await {
                Ok(()) => return Ok(()),
                Err(e) => last = e.to_string(),
            }
            if attempt == 0 {
                let what = format!("{testid} can be clicked");
                if let Err(e) = self.wait_until(&what, || async { self.is_clickable(&css).await }).await {
                    return Err(format!("cannot click {testid}: {last}\n{e}").into());
                }
            }
        }
        Err(format!("cannot click {testid}: {last}").into())
    }

    /// Whether a click would reach the element matching the selector: it is shown (see
    /// [`Session::is_visible`]) and, scrolled to the middle of the view, nothing else is over its
    /// centre (where WebDriver clicks).
    pub async fn is_clickable(&self, css: &str) -> Result<bool> {
        let script = r#"
            const el = document.querySelector(arguments[0]);
            if (!el || el.closest("[hidden]")) return false;
            el.scrollIntoView({ block: "center" });
            const r = el.getBoundingClientRect();
            if (r.width <= 0 || r.height <= 0) return false;
            if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return Boolean(hit && (hit === el || el.contains(hit)));
        "#;
        Ok(self.client.execute(script, vec![json!(css)]).await?.as_bool().unwrap_or(false))
    }

    /// The rendered text (`innerText`) of the element with this `data-testid`.
    pub async fn text(&self, testid: &str) -> Result<String> {
        self.read_when_found(testid, "el.innerText").await.map(|v| v.as_str().unwrap_or_default().to_string())
    }

    /// Waits for the element with this `data-testid` to exist, then returns `read` (a JavaScript
    /// expression on `el`), evaluated by the same script that found it (a re-render cannot replace
    /// the element between the two).
    async fn read_when_found(&self, testid: &str, read: &str) -> Result<Value> {
        let script = format!("const el = document.querySelector(arguments[0]);\nreturn el ? [{read}] : null;");
        let css = tid(testid);
        let value = std::cell::RefCell::new(Value::Null);
        self.wait_until(&format!("an element {css} exists"), || async {
            let now = self.client.execute(&script, vec![json!(css)]).await?;
            let found = now.is_array();
            *value.borrow_mut() = now;
            Ok(found)
        })
        .await
        .map_err(|e| format!("no element {css}: {e}"))?;
        Ok(value.into_inner()[0].clone())
    }

    /// The rendered text (`innerText`) of the first element matching a selector.
    pub async fn inner_text(&self, css: &str) -> Result<String> {
        let script = "const el = document.querySelector(arguments[0]); return el ? el.innerText : null";
        let value = self.client.execute(script, vec![json!(css)]).await?;
        value.as_str().map(String::from).ok_or_else(|| format!("no element {css}").into())
    }

    /// The `textContent` of the element with this `data-testid`: all its text, including text WebDriver's
    /// visible-text rules skip (labels that end in an ellipsis when space is short).
    pub async fn text_content(&self, testid: &str) -> Result<String> {
        self.read_when_found(testid, "el.textContent").await.map(|v| v.as_str().unwrap_or_default().to_string())
    }

    /// An attribute of the element with this `data-testid` (its `getAttribute`, once the element
    /// exists; found and read in one script, so a re-render cannot replace it in between). For the
    /// `data-` and `aria-` attributes the tests read; a boolean attribute such as `disabled` is its
    /// text here (often ""), where WebDriver's attribute command would say "true".
    pub async fn attr(&self, testid: &str, name: &str) -> Result<Option<String>> {
        let read = format!("el.getAttribute({})", json!(name));
        Ok(self.read_when_found(testid, &read).await?.as_str().map(String::from))
    }

    /// All rendered text on the page.
    pub async fn body_text(&self) -> Result<String> {
        self.inner_text("body").await
    }

    /// Waits until nothing on the screen is still loading: no "Loading…" or "Generating…" notice
    /// (in the page's language, from ui/i18n) and nothing in `<main>` marked `aria-busy="true"` (a
    /// lab's run, the hint at work, a deal on its way, Settings' reminder row before Rust's answer).
    pub async fn wait_loaded(&self) -> Result<()> {
        let lang = self.client.execute("return document.documentElement.lang", vec![]).await?;
        let loading = loading_texts(lang.as_str().filter(|l| !l.is_empty()).unwrap_or("en"))?;
        let script = r#"
            const loading = arguments[0];
            const main = document.querySelector("main");
            if (!main || main.querySelector('[aria-busy="true"]')) return false;
            return ![...main.querySelectorAll(".notice")].some((el) => loading.includes(el.textContent.trim()));
        "#;
        self.wait_until("the screen has loaded", || async {
            Ok(self.client.execute(script, vec![json!(loading)]).await? == json!(true))
        })
        .await
    }

    /// Waits until the page is still: no animation or transition running that moves or changes
    /// anything but a glow (the daily claim's glow, a box shadow that pulses three times, does not
    /// count; nor would an endless one), counted after the page has drawn two more frames, so that
    /// one the last change starts is counted too.
    pub async fn wait_still(&self) -> Result<()> {
        let script = r#"
            const done = arguments[0];
            const running = () => document.getAnimations().filter((a) => a.playState === "running"
              && a.animationName !== "glow"
              && a.effect && a.effect.getComputedTiming().endTime !== Infinity).length;
            requestAnimationFrame(() => requestAnimationFrame(() => done(running())));
        "#;
        self.wait_until("animations finish", || async {
            Ok(self.client.execute_async(script, vec![]).await?.as_u64() == Some(0))
        })
        .await
    }

    async fn chips_now(&self) -> Result<Option<u64>> {
        Ok(digits(&self.inner_text(&tid("chips")).await?))
    }

    /// The balance on screen.
    pub async fn chips(&self) -> Result<u64> {
        self.chips_now().await?.ok_or_else(|| "the chips display shows no number".into())
    }

    /// Waits until the balance on screen is `expected`.
    pub async fn wait_chips(&self, expected: u64) -> Result<()> {
        self.wait_until(&format!("the balance shows {expected}"), || async {
            Ok(self.chips_now().await? == Some(expected))
        })
        .await
    }

    /// The five cards on screen (`data-card` of card-0 … card-4), once all five show a card.
    pub async fn cards(&self) -> Result<Vec<String>> {
        let cards = std::cell::RefCell::new(Vec::new());
        self.wait_until("five cards are shown", || async {
            let now = self.cards_now().await?;
            let shown = now.len() == 5;
            *cards.borrow_mut() = now;
            Ok(shown)
        })
        .await?;
        Ok(cards.into_inner())
    }

    /// The five cards, read in one script (a re-render between two reads cannot mix two hands or
    /// leave a stale element), or none while any of them shows no card.
    async fn cards_now(&self) -> Result<Vec<String>> {
        let script = r#"
            const cards = [0, 1, 2, 3, 4].map((i) =>
              document.querySelector(`[data-testid="card-${i}"]`)?.getAttribute("data-card") || "");
            return cards.every((card) => card !== "") ? cards : [];
        "#;
        let value = self.client.execute(script, vec![]).await?;
        Ok(serde_json::from_value(value)?)
    }

    /// The held cards as a 5-bit mask (bit i = card i has `aria-pressed="true"`).
    pub async fn held_mask(&self) -> Result<u8> {
        self.mask_of("aria-pressed").await
    }

    /// The cards the hint lights, as a 5-bit mask (bit i = card i has `data-hint="true"`).
    pub async fn hint_mask(&self) -> Result<u8> {
        self.mask_of("data-hint").await
    }

    /// Bit i set when card i's `attribute` is "true", read in one script once all five cards exist.
    async fn mask_of(&self, attribute: &str) -> Result<u8> {
        let script = r#"
            const cards = [0, 1, 2, 3, 4].map((i) => document.querySelector(`[data-testid="card-${i}"]`));
            if (cards.some((card) => !card)) return null;
            return cards.reduce((mask, card, i) => card.getAttribute(arguments[0]) === "true" ? mask | (1 << i) : mask, 0);
        "#;
        let mask = std::cell::Cell::new(0u8);
        self.wait_until("the five cards exist", || async {
            let value = self.client.execute(script, vec![json!(attribute)]).await?;
            if value.is_null() {
                return Ok(false);
            }
            let bits = value.as_u64().ok_or_else(|| format!("no mask of {attribute}: {value}"))?;
            mask.set(bits as u8);
            Ok(true)
        })
        .await?;
        Ok(mask.get())
    }

    /// Waits until the Deal/Draw button is enabled (the UI is idle between steps).
    pub async fn wait_ready(&self) -> Result<()> {
        // WebDriver's "is enabled" is the button not matching :disabled.
        let script = r#"
            const button = document.querySelector('[data-testid="deal-draw"]');
            return Boolean(button) && !button.matches(":disabled") && button.getAttribute("aria-busy") !== "true";
        "#;
        self.wait_until("the deal/draw button is enabled", || async {
            Ok(self.client.execute(script, vec![]).await? == json!(true))
        })
        .await
    }

    /// Calls one of the app's commands from the page, through `window.__TAURI__.core.invoke`: the
    /// same path the UI's api.js takes. Returns `{"ok": value}` or `{"err": error}`.
    pub async fn invoke(&self, command: &str, args: Value) -> Result<Value> {
        let script = r#"
            const [command, args, done] = arguments;
            window.__TAURI__.core.invoke(command, args)
              .then((ok) => done({ ok }), (err) => done({ err }));
        "#;
        Ok(self.client.execute_async(script, vec![json!(command), args]).await?)
    }

    /// Sets the window to a phone's 390×844 CSS pixels (no window manager runs under Xvfb, so the
    /// outer and inner sizes are the same).
    pub async fn phone_size(&self) -> Result<()> {
        self.window_size(390, 844).await
    }

    /// Sets the page to `width` × `height` CSS pixels and waits until it has that size.
    pub async fn window_size(&self, width: u32, height: u32) -> Result<()> {
        self.client.set_window_rect(0, 0, width, height).await?;
        self.wait_until(&format!("the page is {width} × {height} px"), || async {
            let size = self.client.execute("return [window.innerWidth, window.innerHeight]", vec![]).await?;
            Ok(size == json!([width, height]))
        })
        .await
    }

    /// Presses keys together, as the player would (e.g. `[Key::Alt, Key::Left]`), through WebDriver's
    /// input actions: the page sees real keydown/keyup events.
    pub async fn press(&self, keys: &[char]) -> Result<()> {
        use fantoccini::actions::{InputSource, KeyAction, KeyActions};
        let mut actions = KeyActions::new("keyboard".into());
        for key in keys {
            actions = actions.then(KeyAction::Down { value: *key });
        }
        for key in keys.iter().rev() {
            actions = actions.then(KeyAction::Up { value: *key });
        }
        self.client.perform_actions(actions).await?;
        Ok(())
    }

    /// Runs axe-core (e2e/node_modules, installed by scripts/deps.sh) on the whole page, its
    /// experimental rules included, and returns the violations as `{id, impact, help, nodes:
    /// [{target, html, summary}]}`. The script is injected once per page (the app never reloads).
    pub async fn axe(&self) -> Result<Vec<Value>> {
        let loaded = self.client.execute("return typeof window.axe === 'object'", vec![]).await?;
        if loaded != json!(true) {
            let path = repo_root().join("e2e/node_modules/axe-core/axe.min.js");
            let source = std::fs::read_to_string(&path)
                .map_err(|e| format!("{}: {e} (scripts/deps.sh runs `npm ci` in e2e/)", path.display()))?;
            self.client.execute(&format!("{source}\nreturn typeof window.axe;"), vec![]).await?;
        }
        let script = r#"
            const done = arguments[0];
            const rules = {};
            for (const rule of axe.getRules(["experimental"])) rules[rule.ruleId] = { enabled: true };
            axe.run(document, { resultTypes: ["violations"], rules }).then((result) => done({
              violations: result.violations.map((v) => ({
                id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.map((n) => ({ target: n.target.join(" "), html: n.html.slice(0, 160), summary: n.failureSummary })),
              })),
            }), (error) => done({ error: String(error) }));
        "#;
        let result = self.client.execute_async(script, vec![]).await?;
        if let Some(error) = result.get("error") {
            return Err(format!("axe-core failed: {error}").into());
        }
        Ok(result["violations"].as_array().cloned().unwrap_or_default())
    }

    /// The shown controls (buttons, links, form fields, summaries, `[role=button]`/`[role=switch]`)
    /// whose hit area is under 44 × 44 CSS px, as `{html, width, height}`.
    pub async fn small_targets(&self) -> Result<Vec<Value>> {
        let script = r#"
            const selector = "button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button], [role=switch], [role=link], [role=tab]";
            const small = [];
            for (const el of document.querySelectorAll(selector)) {
              if (el.closest("[hidden]")) continue;
              const rect = el.getBoundingClientRect();
              if (rect.width === 0 && rect.height === 0) continue;
              if (!el.checkVisibility({ visibilityProperty: true })) continue;
              if (rect.width < 43.5 || rect.height < 43.5) {
                small.push({ html: el.outerHTML.slice(0, 140), width: Math.round(rect.width * 10) / 10, height: Math.round(rect.height * 10) / 10 });
              }
            }
            return small;
        "#;
        Ok(self.client.execute(script, vec![]).await?.as_array().cloned().unwrap_or_default())
    }

    /// Saves a screenshot of the page as `screenshots/<name>.png`.
    pub async fn screenshot(&self, name: &str) -> Result<PathBuf> {
        // Let transitions and animations (a card flip, the winning row's blink) finish first.
        if self.wait_still().await.is_err() {
            eprintln!("screenshot {name}: animations still running after {TIMEOUT:?}, taking it anyway");
        }
        let png = self.client.screenshot().await?;
        let dir = screenshot_dir();
        std::fs::create_dir_all(&dir)?;
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, png)?;
        Ok(path)
    }
}
