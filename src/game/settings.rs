//! Settings: one game rule (`kind-deals`) and the app's preferences, stored with the game so a
//! reinstall of the UI keeps them. Every key and value is validated; nothing is coerced.

use serde::Serialize;

use super::error::GameError;

/// Every setting: its key, the values it takes (the first is the default).
pub const SETTINGS: [(&str, &[&str]); 7] = [
    ("kind-deals", &["on", "off"]),
    ("hints", &["on", "off"]),
    ("mistake-warnings", &["on", "off"]),
    ("animation", &["normal", "fast", "off"]),
    ("sound", &["on", "off"]),
    ("haptics", &["on", "off"]),
    ("language", &["auto", "en", "de", "pt", "ja"]),
];

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
    if !values.contains(&value) {
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
                .find(|(k, v)| k == key && values.contains(&v.as_str()))
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
        }
    }
}
