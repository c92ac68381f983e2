//! Settings: one game rule (`kind-deals`) and the app's preferences, stored with the game so a
//! reinstall of the UI keeps them. Every key and value is validated; nothing is coerced.

use chrono::NaiveDate;
use serde::Serialize;

use super::error::GameError;
use super::moment::Day;

/// The value of a setting that takes a time of day, `HH:MM` on a 24-hour clock (`07:30`).
pub const TIME_OF_DAY: &str = "HH:MM";

/// The value of a setting that takes a calendar date, `YYYY-MM-DD` (`2026-12-05`).
pub const DATE: &str = "YYYY-MM-DD";

/// Every setting: its key, the values it takes (the first is the default; [`TIME_OF_DAY`] stands
/// for any time of day written `HH:MM`, [`DATE`] for any date written `YYYY-MM-DD`).
pub const SETTINGS: [(&str, &[&str]); 11] = [
    ("kind-deals", &["on", "off"]),
    ("hints", &["on", "off"]),
    ("mistake-warnings", &["on", "off"]),
    ("animation", &["normal", "fast", "off"]),
    ("sound", &["on", "off"]),
    ("haptics", &["on", "off"]),
    ("language", &["auto", "en", "de", "pt", "ja"]),
    // The daily reminder: off, or the local time of day it is scheduled for. The app sets it with
    // its `set_reminder` command, which schedules the platform's notification first.
    ("reminder", &["off", TIME_OF_DAY]),
    // Which of the machine's charts the hint names its line from (`chart::tiers`): the expert one
    // (the machine's chart), or a shorter one a player is learning by.
    ("chart-tier", &["expert", "intermediate", "beginner"]),
    // The last date the player answered a warm-up offer (took it or said not now): no offer is
    // made again that date (`training/warm_up.rs`). The app sets it with `answer_warm_up`.
    ("warm-up-answered", &["never", DATE]),
    // Play fast: each deal on a play screen arrives with the best hold already held (the core's,
    // `HandView::auto_held`), which the player may change. Never in a drill.
    ("auto-hold", &["off", "on"]),
];

/// Whether `value` is one of `values` (a time of day written `HH:MM`, 00:00 to 23:59, where the
/// values say [`TIME_OF_DAY`]).
fn accepts(values: &[&str], value: &str) -> bool {
    values.contains(&value)
        || (values.contains(&TIME_OF_DAY) && time_of_day(value).is_some())
        || (values.contains(&DATE) && Day::parse(value).is_ok())
}

/// The hour and minute of a time of day written exactly `HH:MM` (`07:30`, never `7:30`).
pub fn time_of_day(value: &str) -> Option<(u32, u32)> {
    let bytes = value.as_bytes();
    if bytes.len() != 5 || bytes[2] != b':' || !value.chars().enumerate().all(|(i, c)| i == 2 || c.is_ascii_digit()) {
        return None;
    }
    let (hour, minute) = (value[..2].parse::<u32>().ok()?, value[3..].parse::<u32>().ok()?);
    (hour < 24 && minute < 60).then_some((hour, minute))
}

/// The settings as the UI reads them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Settings {
    /// Kind deals on (the default, as in the free-chip game this one is modelled on) or pure deals.
    pub kind_deals: bool,
    /// Hints shown.
    pub hints: bool,
    /// A warning before a draw that gives up EV.
    pub mistake_warnings: bool,
    /// "normal", "fast" or "off".
    pub animation: String,
    /// Sound on.
    pub sound: bool,
    /// Haptic feedback on (a tap on hold, a pattern on a win; phones only, nothing on desktop).
    pub haptics: bool,
    /// "auto" (follow the system) or "en", "de", "pt", "ja".
    pub language: String,
    /// The daily reminder's local time of day (`HH:MM`), or null when it is off (the default).
    pub reminder: Option<String>,
    /// The chart the hint plays by: "expert" (the default), "intermediate" or "beginner".
    pub chart_tier: String,
    /// The last date a warm-up offer was answered (taken or declined), or null (the default).
    pub warm_up_answered: Option<NaiveDate>,
    /// Each deal on a play screen arrives with the best hold held (off by default).
    pub auto_hold: bool,
}

/// Checks a key and value; `Ok` gives the key's canonical spelling.
pub fn validate(key: &str, value: &str) -> Result<&'static str, GameError> {
    let Some((canonical, values)) = SETTINGS.iter().find(|(k, _)| *k == key) else {
        let keys: Vec<&str> = SETTINGS.iter().map(|(k, _)| *k).collect();
        return Err(GameError::InvalidSetting {
            key: key.to_string(),
            value: value.to_string(),
            expected: format!("a key among {}", keys.join(", ")),
        });
    };
    if !accepts(values, value) {
        return Err(GameError::InvalidSetting {
            key: key.to_string(),
            value: value.to_string(),
            expected: values.join("|"),
        });
    }
    Ok(canonical)
}

impl Settings {
    /// The settings from stored (key, value) pairs; unknown or invalid stored pairs fall back to the
    /// default (they cannot be written through [`validate`]).
    pub fn from_pairs(pairs: &[(String, String)]) -> Settings {
        let get = |key: &str| -> String {
            let (_, values) = SETTINGS.iter().find(|(k, _)| *k == key).copied().unwrap_or(("", &["on"]));
            pairs
                .iter()
                .find(|(k, v)| k == key && accepts(values, v))
                .map(|(_, v)| v.clone())
                .unwrap_or_else(|| values[0].to_string())
        };
        Settings {
            kind_deals: get("kind-deals") == "on",
            hints: get("hints") == "on",
            mistake_warnings: get("mistake-warnings") == "on",
            animation: get("animation"),
            sound: get("sound") == "on",
            haptics: get("haptics") == "on",
            language: get("language"),
            reminder: Some(get("reminder")).filter(|time| time != "off"),
            chart_tier: get("chart-tier"),
            warm_up_answered: Day::parse(&get("warm-up-answered")).ok().map(Day::date),
            auto_hold: get("auto-hold") == "on",
        }
    }
}
