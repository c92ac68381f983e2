//! How a command runs: never on the thread that drives the window, so a slow call (a hint whose
//! tables are still being built) cannot freeze the UI. [`worker`] runs a call on a blocking worker
//! thread, [`with_game`] on the open game, [`as_job`] as the fairness labs' one current job.

use tauri::{AppHandle, Manager, Runtime};
use vpoker::game::{Game, GameError};
use vpoker::lab::Control;

use crate::error::{CommandError, CommandResult};
use crate::AppState;

/// Runs `call` on a blocking worker thread (never the thread that drives the window).
pub(crate) async fn worker<T, F>(call: F) -> CommandResult<T>
where
    T: Send + 'static,
    F: FnOnce() -> CommandResult<T> + Send + 'static,
{
    tauri::async_runtime::spawn_blocking(call)
        .await
        .map_err(|e| CommandError::storage(format!("the command's worker failed: {e}")))?
}

/// Runs `call` on the open game on a blocking worker thread.
pub(crate) async fn with_game<R, T, F>(app: AppHandle<R>, call: F) -> CommandResult<T>
where
    R: Runtime,
    T: Send + 'static,
    F: FnOnce(&mut Game) -> Result<T, GameError> + Send + 'static,
{
    worker(move || {
        let state = app.state::<AppState>();
        let mut game = state.game().lock().map_err(|_| CommandError::storage("the game's lock was poisoned"))?;
        match game.as_mut() {
            Ok(game) => call(game).map_err(CommandError::from),
            Err(opening) => Err(CommandError::Game(opening.clone())),
        }
    })
    .await
}

/// Runs `lab` as the current job on a blocking worker, with its progress and cancel flag.
pub(crate) async fn as_job<R, T, F>(app: AppHandle<R>, lab: F) -> CommandResult<T>
where
    R: Runtime,
    T: Send + 'static,
    F: FnOnce(&Control<'_>) -> Result<T, GameError> + Send + 'static,
{
    worker(move || app.state::<AppState>().labs().run(lab).map_err(CommandError::from)).await
}
