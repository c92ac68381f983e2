//! What the daily reminder asks of the platform ([`Reminders`]), which the app's state holds:
//! Tauri's notification plugin on Android and iOS ([`PluginReminders`]), nothing on a desktop
//! ([`NoReminders`]); the command tests pass a recording one. The commands are `reminder.rs`'s.

#[cfg(mobile)]
use tauri::{AppHandle, Runtime};

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
