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

use crate::commands::{CommandError, CommandResult};
use crate::AppState;

/// The one notification id the reminder uses (so turning it off or moving it cancels only it).
pub const REMINDER_ID: i32 = 7_001;

/// What the reminder asks of the platform.
pub trait Reminders: Send + Sync {
    /// Whether this platform can schedule a notification at a time of day.
    fn can_schedule(&self) -> bool;
    /// Asks the player for permission to notify; `Ok(false)` when refused.
    fn ask_permission(&self) -> Result<bool, String>;
    /// Schedules the reminder every day at `hour`:`minute` local time, replacing any earlier one.
    fn schedule_daily(&self, hour: u32, minute: u32, title: &str, body: &str) -> Result<(), String>;
    /// Cancels the reminder.
    fn cancel(&self) -> Result<(), String>;
}

/// A platform that cannot schedule notifications (the desktops).
pub struct NoReminders;

impl Reminders for NoReminders {
    fn can_schedule(&self) -> bool {
        false
    }

    fn ask_permission(&self) -> Result<bool, String> {
        Err("this platform cannot schedule a reminder".to_string())
    }

    fn schedule_daily(&self, _: u32, _: u32, _: &str, _: &str) -> Result<(), String> {
        Err("this platform cannot schedule a reminder".to_string())
    }

    fn cancel(&self) -> Result<(), String> {
        Ok(())
    }
}

/// Tauri's notification plugin (Android and iOS).
#[cfg(mobile)]
pub struct PluginReminders<R: Runtime> {
    app: AppHandle<R>,
}

#[cfg(mobile)]
impl<R: Runtime> PluginReminders<R> {
    /// Reminders through this app's notification plugin.
    pub fn new(app: AppHandle<R>) -> PluginReminders<R> {
        PluginReminders { app }
    }
}

#[cfg(mobile)]
impl<R: Runtime> Reminders for PluginReminders<R> {
    fn can_schedule(&self) -> bool {
        true
    }

    fn ask_permission(&self) -> Result<bool, String> {
        use tauri::plugin::PermissionState;
        use tauri_plugin_notification::NotificationExt;
        let notification = self.app.notification();
        let state = match notification.permission_state().map_err(|e| e.to_string())? {
            PermissionState::Granted => PermissionState::Granted,
            _ => notification.request_permission().map_err(|e| e.to_string())?,
        };
        Ok(state == PermissionState::Granted)
    }

    fn schedule_daily(&self, hour: u32, minute: u32, title: &str, body: &str) -> Result<(), String> {
        use tauri_plugin_notification::{NotificationExt, Schedule, ScheduleInterval};
        let notification = self.app.notification();
        notification.cancel(vec![REMINDER_ID]).map_err(|e| e.to_string())?;
        let interval = ScheduleInterval { hour: Some(hour as u8), minute: Some(minute as u8), ..Default::default() };
        notification
            .builder()
            .id(REMINDER_ID)
            .title(title)
            .body(body)
            .schedule(Schedule::Interval { interval, allow_while_idle: true })
            .show()
            .map_err(|e| e.to_string())
    }

    fn cancel(&self) -> Result<(), String> {
        use tauri_plugin_notification::NotificationExt;
        self.app.notification().cancel(vec![REMINDER_ID]).map_err(|e| e.to_string())
    }
}

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
    crate::commands::worker(move || {
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
    crate::commands::worker(move || {
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
