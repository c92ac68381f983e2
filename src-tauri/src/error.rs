//! The error every command answers with, as the UI receives it: the core's own (`{kind, message,
//! …}`), or the shell's for its own failures (`storage`: a poisoned lock, a worker that died, no OS
//! entropy; the reminder's `reminder-unavailable` and `reminder-denied`).

use serde::{Serialize, Serializer};
use vpoker::game::GameError;

/// Why a command failed, as the UI receives it.
#[derive(Debug, Clone, PartialEq)]
pub enum CommandError {
    /// The core refused or failed: serialised exactly as the core's `{kind, message, …}`.
    Game(GameError),
    /// The shell itself failed (never a game rule).
    Shell {
        /// A stable id from the core's list (`storage`).
        kind: &'static str,
        /// What happened, for the curious.
        message: String,
    },
}

impl CommandError {
    /// The stable id the UI translates.
    pub fn kind(&self) -> &'static str {
        match self {
            CommandError::Game(error) => error.kind(),
            CommandError::Shell { kind, .. } => kind,
        }
    }

    /// The shell's own failure (a poisoned lock, a worker that died, no OS entropy).
    pub(crate) fn storage(message: impl Into<String>) -> CommandError {
        CommandError::Shell { kind: "storage", message: message.into() }
    }
}

impl From<GameError> for CommandError {
    fn from(error: GameError) -> CommandError {
        CommandError::Game(error)
    }
}

impl std::fmt::Display for CommandError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CommandError::Game(error) => error.fmt(f),
            CommandError::Shell { message, .. } => f.write_str(message),
        }
    }
}

impl std::error::Error for CommandError {}

impl Serialize for CommandError {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            CommandError::Game(error) => error.serialize(serializer),
            CommandError::Shell { kind, message } => {
                serde_json::json!({ "kind": kind, "message": message }).serialize(serializer)
            }
        }
    }
}

/// The command's result as JavaScript sees it.
pub type CommandResult<T> = Result<T, CommandError>;
