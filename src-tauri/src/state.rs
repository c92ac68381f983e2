//! The one managed state: the open game behind a mutex, or the error that opening it gave.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use vpoker::eval::Family;
use vpoker::game::{Game, GameError};

use crate::lab_jobs::LabJobs;
use crate::notifications::{NoReminders, Reminders};

/// What every command works on. If the database could not be opened (corrupt, from a newer version,
/// unreadable), `game` holds that typed error and every command returns it, until the player asks
/// for [`crate::commands::reset_database`].
pub struct AppState {
    /// Set once the database is open (see [`AppState::open_in_background`]); [`AppState::game`]
    /// waits for it.
    game: Arc<OnceLock<Mutex<Result<Game, GameError>>>>,
    db_path: PathBuf,
    picker: Box<dyn FilePicker>,
    reminders: Box<dyn Reminders>,
    labs: LabJobs,
}

/// Where the player wants progress written to or read from: the platform's save/open dialog in the
/// app ([`DialogPicker`]); the command tests pass a fixed path. `Ok(None)` when the player cancelled.
pub trait FilePicker: Send + Sync {
    /// The file to export to.
    fn save_path(&self) -> Result<Option<PathBuf>, String>;
    /// The file to import from.
    fn open_path(&self) -> Result<Option<PathBuf>, String>;
}

/// No dialog at all (a state built without one): exporting and importing answer with an error.
struct NoPicker;

impl FilePicker for NoPicker {
    fn save_path(&self) -> Result<Option<PathBuf>, String> {
        Err("no file dialog is available".to_string())
    }

    fn open_path(&self) -> Result<Option<PathBuf>, String> {
        Err("no file dialog is available".to_string())
    }
}

/// The platform's own save and open dialogs (Tauri's dialog plugin), shown from a worker thread.
pub struct DialogPicker<R: tauri::Runtime> {
    app: tauri::AppHandle<R>,
}

impl<R: tauri::Runtime> DialogPicker<R> {
    /// Dialogs for this app's windows.
    pub fn new(app: tauri::AppHandle<R>) -> DialogPicker<R> {
        DialogPicker { app }
    }
}

impl<R: tauri::Runtime> FilePicker for DialogPicker<R> {
    fn save_path(&self) -> Result<Option<PathBuf>, String> {
        use tauri_plugin_dialog::DialogExt;
        let picked = self
            .app
            .dialog()
            .file()
            .add_filter("Video Poker progress", &["db"])
            .set_file_name(crate::EXPORT_FILE)
            .blocking_save_file();
        picked.map(|file| file.into_path().map_err(|e| e.to_string())).transpose()
    }

    fn open_path(&self) -> Result<Option<PathBuf>, String> {
        use tauri_plugin_dialog::DialogExt;
        let picked = self.app.dialog().file().add_filter("Video Poker progress", &["db"]).blocking_pick_file();
        picked.map(|file| file.into_path().map_err(|e| e.to_string())).transpose()
    }
}

impl AppState {
    /// Opens (or creates) the database at `db_path`, creating its directory first. Never fails:
    /// an error is kept and reported by every command.
    pub fn open(db_path: &Path) -> AppState {
        let state = AppState::unopened(db_path);
        state.game();
        state
    }

    /// [`AppState::open`], the opening (creating, migrating, the quick check) on a thread of its
    /// own, so the window and its webview start meanwhile: the first command waits for it. Opened
    /// in `setup`, it held up the window's creation: a few milliseconds of work, but its writes
    /// wait for the disk (17–100 ms of the debug app's start here, docs/BENCHMARKS.md).
    pub fn open_in_background(db_path: &Path) -> AppState {
        let state = AppState::unopened(db_path);
        let (game, path) = (Arc::clone(&state.game), state.db_path.clone());
        let spawned = std::thread::Builder::new().name("open-database".into()).spawn(move || {
            game.get_or_init(|| Mutex::new(open_game(&path)));
        });
        // Without the thread the first command opens it.
        drop(spawned);
        state
    }

    fn unopened(db_path: &Path) -> AppState {
        AppState {
            game: Arc::new(OnceLock::new()),
            db_path: db_path.to_path_buf(),
            picker: Box::new(NoPicker),
            reminders: Box::new(NoReminders),
            labs: LabJobs::default(),
        }
    }

    /// The fairness labs' current long run.
    pub fn labs(&self) -> &LabJobs {
        &self.labs
    }

    /// The same state with a file picker for exporting and importing progress.
    pub fn with_picker(self, picker: impl FilePicker + 'static) -> AppState {
        AppState { picker: Box::new(picker), ..self }
    }

    pub(crate) fn picker(&self) -> &dyn FilePicker {
        self.picker.as_ref()
    }

    /// The same state with the platform's reminders (the notification plugin on a phone; the
    /// command tests pass a recording one). Without it: [`crate::reminder::NoReminders`].
    pub fn with_reminders(self, reminders: impl Reminders + 'static) -> AppState {
        AppState { reminders: Box::new(reminders), ..self }
    }

    pub(crate) fn reminders(&self) -> &dyn Reminders {
        self.reminders.as_ref()
    }

    /// The database file this state was opened from.
    pub fn db_path(&self) -> &Path {
        &self.db_path
    }

    /// The open game behind the one lock every command takes (or the error opening it gave), once
    /// it is open: while it is being opened, this waits.
    pub fn game(&self) -> &Mutex<Result<Game, GameError>> {
        self.game.get_or_init(|| Mutex::new(open_game(&self.db_path)))
    }
}

/// Opens (or creates) the database at `db_path`, creating its directory first.
fn open_game(db_path: &Path) -> Result<Game, GameError> {
    if let Some(dir) = db_path.parent() {
        // A failure here surfaces as Game::open's own error, which names the file.
        let _ = std::fs::create_dir_all(dir);
    }
    Game::open(db_path)
}

/// Runs the full ledger audit (every hand replayed) on a read-only connection of its own, on a
/// background thread after start-up, so opening stays instant at any history length. A file that
/// fails it is treated as one that failed to open: every command then answers with the
/// `corrupt-database` error until the player resets or imports. Returns the thread (the app lets
/// it run; the tests wait for it).
pub fn audit_in_background(app: tauri::AppHandle<impl tauri::Runtime>) -> Option<std::thread::JoinHandle<()>> {
    use tauri::Manager;
    let spawned = std::thread::Builder::new().name("ledger-audit".into()).spawn(move || {
        let state = app.state::<AppState>();
        // Once the game is open: a file still being created or migrated is not audited.
        state.game();
        if let Err(error) = Game::audit_file(state.db_path()) {
            if let Ok(mut game) = state.game().lock() {
                if game.is_ok() && error.kind() == "corrupt-database" {
                    *game = Err(error);
                }
            }
        }
    });
    spawned.ok()
}

/// Starts the warm-up once: the first `get_state` calls it, that is once the page is up and asks for
/// the balance. Started from `setup` instead, it competed with the webview's own start on two cores
/// (first contentful paint ~60 ms later, median of six cold starts each way).
pub(crate) fn warm_up_once() {
    static STARTED: std::sync::Once = std::sync::Once::new();
    STARTED.call_once(warm_up_in_background);
}

/// Builds the strategy tables on one background thread while the player looks at the lobby, so the
/// first deal (which computes the hand's exact EVs) and its hint never wait on them. The families
/// in `Family::ALL`'s order, the natural family first: Jacks or Better is open from the start, the
/// other families' machines open at later levels. One family at a time, so the webview keeps a
/// core to itself.
fn warm_up_in_background() {
    let spawned = std::thread::Builder::new().name("strategy-warm-up".into()).spawn(|| {
        Family::ALL.into_iter().for_each(vpoker::strategy::prepare);
        // Then the five strategy charts the hint names lines from (about 3 s in all; a hint asked
        // for before its chart is ready waits for it).
        for machine in vpoker::machine::MachineId::ALL {
            vpoker::strategy::chart::machine_chart(machine);
        }
    });
    // Without the thread the tables are built on first use instead: slower, never wrong.
    drop(spawned);
}
