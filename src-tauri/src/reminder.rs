//! The daily reminder: a local notification at a time the player picks, when the day's chips and
//! ten deals are ready. Off by default; the permission is asked only when the player turns it on.
//!
//! The platform is behind [`Reminders`]: on Android and iOS, Tauri's notification plugin schedules
//! a repeating notification at that hour and minute ([`PluginReminders`]); a desktop cannot
//! schedule one ([`NoReminders`]), and the setting says so. The command tests pass a recording
//! implementation through the mock runtime. The time is the core's setting (`reminder`); the
//! platform is asked first, so a refused permission or a failed schedule leaves the setting as it was.

use serde::Serialize;
use tauri::{AppHandle, Manager, Runtime};
use vpoker::game::settings::time_of_day;
use vpoker::game::GameError;

#[cfg(mobile)]
pub use crate::notifications::PluginReminders;
pub use crate::notifications::{NoReminders, Reminders, REMINDER_ID};
use crate::error::{CommandError, CommandResult};
use crate::worker::worker;
use crate::AppState;

/// The reminder as the Settings screen shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReminderView {
    /// The time of day it is set for (`HH:MM`), or null when off.
    pub time: Option<String>,
    /// Whether this platform can schedule it (false on a desktop: the setting says so).
    pub can_schedule: bool,
}

fn failed(kind: &'static str, message: impl Into<String>) -> CommandError {
    CommandError::Shell { kind, message: message.into() }
}

/// The reminder's time and whether this platform can schedule one.
#[tauri::command]
pub async fn reminder<R: Runtime>(app: AppHandle<R>) -> CommandResult<ReminderView> {
    worker(move || {
        let state = app.state::<AppState>();
        let game = state.game().lock().map_err(|_| failed("storage", "the game's lock was poisoned"))?;
        let game = game.as_ref().map_err(|opening| CommandError::Game(opening.clone()))?;
        Ok(ReminderView { time: game.settings()?.reminder, can_schedule: state.reminders().can_schedule() })
    })
    .await
}

/// Turns the reminder on at `time` (`HH:MM`, local) or off (`null`). On: the permission is asked
/// (now, and only now), then the notification scheduled with the player's `title` and `body` (in
/// their language), then the time stored. Off: the notification is cancelled and the setting
/// cleared. `reminder-unavailable` where the platform cannot schedule one, `reminder-denied` when
/// the permission is refused; either way nothing changes.
#[tauri::command]
pub async fn set_reminder<R: Runtime>(
    app: AppHandle<R>,
    time: Option<String>,
    title: String,
    body: String,
) -> CommandResult<ReminderView> {
    worker(move || {
        let state = app.state::<AppState>();
        let reminders = state.reminders();
        let mut game = state.game().lock().map_err(|_| failed("storage", "the game's lock was poisoned"))?;
        let game = game.as_mut().map_err(|opening| CommandError::Game(opening.clone()))?;
        let stored = match &time {
            Some(time) => {
                let Some((hour, minute)) = time_of_day(time) else {
                    return Err(GameError::InvalidSetting {
                        key: "reminder".to_string(),
                        value: time.clone(),
                        expected: "a time of day, HH:MM".to_string(),
                    }
                    .into());
                };
                if !reminders.can_schedule() {
                    return Err(failed("reminder-unavailable", "this platform cannot schedule a reminder"));
                }
                if !reminders.ask_permission().map_err(|e| failed("reminder-unavailable", e))? {
                    return Err(failed("reminder-denied", "notifications are not allowed for this app"));
                }
                reminders.schedule_daily(hour, minute, &title, &body).map_err(|e| failed("reminder-unavailable", e))?;
                match game.set_setting("reminder", time) {
                    Ok(settings) => settings,
                    Err(error) => {
                        // The setting was not stored: take back the notification just scheduled.
                        let _ = reminders.cancel();
                        return Err(error.into());
                    }
                }
            }
            None => {
                if reminders.can_schedule() {
                    reminders.cancel().map_err(|e| failed("reminder-unavailable", e))?;
                }
                game.set_setting("reminder", "off")?
            }
        };
        Ok(ReminderView { time: stored.reminder, can_schedule: reminders.can_schedule() })
    })
    .await
}
