//! The one managed state: the open game behind a mutex, or the error that opening it gave.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use vpoker::eval::Family;
use vpoker::game::{Game, GameError};

/// What every command works on. If the database could not be opened (corrupt, from a newer version,
/// unreadable), `game` holds that typed error and every command returns it, until the player asks
/// for [`crate::commands::reset_database`].
pub struct AppState {
    game: Mutex<Result<Game, GameError>>,
    db_path: PathBuf,
}

impl AppState {
    /// Opens (or creates) the database at `db_path`, creating its directory first. Never fails:
    /// an error is kept and reported by every command.
    pub fn open(db_path: &Path) -> AppState {
        if let Some(dir) = db_path.parent() {
            // A failure here surfaces as Game::open's own error, which names the file.
            let _ = std::fs::create_dir_all(dir);
        }
        AppState { game: Mutex::new(Game::open(db_path)), db_path: db_path.to_path_buf() }
    }

    /// The database file this state was opened from.
    pub fn db_path(&self) -> &Path {
        &self.db_path
    }

    pub(crate) fn game(&self) -> &Mutex<Result<Game, GameError>> {
        &self.game
    }
}

/// Builds the strategy tables on one background thread while the window loads, so the first deal
/// (which computes the hand's exact EVs) and its hint never wait on them. The natural family first:
/// Jacks or Better is open from the start; Deuces Wild opens at level 3. One family at a time, so
/// the webview keeps a core to itself while it starts.
pub(crate) fn warm_up_in_background() {
    let spawned = std::thread::Builder::new().name("strategy-warm-up".into()).spawn(|| {
        vpoker::strategy::prepare(Family::Natural);
        vpoker::strategy::prepare(Family::Deuces);
    });
    // Without the thread the tables are built on first use instead: slower, never wrong.
    drop(spawned);
}
