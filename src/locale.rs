//! The few texts the core writes itself for a player (today's share text), in the UI's four
//! languages. The words come from the UI's own translation tables, `ui/i18n/{en,de,pt,ja}.json`,
//! compiled in: one source of truth, so a word changed there changes here. Dates and numbers are
//! written as the UI's `formatDay` and `formatDec` write them (`Intl` of the language: a medium
//! date, the language's decimal mark and grouping); the end-to-end test of today's ten deals checks
//! that the app shows the same text. Nothing here reads a file, the clock or the environment.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use chrono::{Datelike, NaiveDate};

/// A language the UI speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Language {
    /// English.
    En,
    /// German.
    De,
    /// Portuguese (Brazil).
    Pt,
    /// Japanese.
    Ja,
}

impl Language {
    /// The four, in the UI's order (`LANGUAGES` of `ui/js/i18n.js`).
    pub const ALL: [Language; 4] = [Language::En, Language::De, Language::Pt, Language::Ja];

    /// The code the UI and the settings use (`en`, `de`, `pt`, `ja`).
    pub fn code(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::De => "de",
            Language::Pt => "pt",
            Language::Ja => "ja",
        }
    }

    /// The language's plain text for `key` from its UI table, `None` when the table lacks it (or it
    /// is a counted text).
    pub fn text(self, key: &str) -> Option<&'static str> {
        tables()[self as usize].get(key).map(String::as_str)
    }

    /// `key`'s text with each `{name}` replaced by its value, as the UI's `t(key, params)` fills
    /// it; the key itself when the table lacks it (as the UI shows a missing key).
    pub fn fill(self, key: &str, params: &[(&str, &str)]) -> String {
        let mut text = self.text(key).unwrap_or(key).to_string();
        for (name, value) in params {
            text = text.replace(&format!("{{{name}}}"), value);
        }
        text
    }

    /// A date as the UI's `formatDay` writes it (`Intl.DateTimeFormat`, medium date): "Dec 1,
    /// 2026", "01.12.2026", "1 de dez. de 2026", "2026/12/01".
    pub fn day(self, date: NaiveDate) -> String {
        let (y, m, d) = (date.year(), date.month0() as usize, date.day());
        match self {
            Language::En => format!("{} {d}, {y}", EN_MONTHS[m]),
            Language::De => format!("{d:02}.{:02}.{y}", m + 1),
            Language::Pt => format!("{d} de {} de {y}", PT_MONTHS[m]),
            Language::Ja => format!("{y}/{:02}/{d:02}", m + 1),
        }
    }

    /// A decimal with `digits` fraction digits as the UI's `formatDec` writes it: the language's
    /// decimal mark and grouping ("1,234.568" in en and ja, "1.234,568" in de and pt).
    pub fn decimal(self, value: f64, digits: usize) -> String {
        let plain = format!("{:.digits$}", value.abs());
        let (whole, fraction) = plain.split_once('.').unwrap_or((&plain, ""));
        let (group, mark) = match self {
            Language::En | Language::Ja => (',', '.'),
            Language::De | Language::Pt => ('.', ','),
        };
        let mut out = String::new();
        if value < 0.0 && plain.chars().any(|c| c.is_ascii_digit() && c != '0') {
            out.push('-');
        }
        for (i, c) in whole.chars().enumerate() {
            if i > 0 && (whole.len() - i) % 3 == 0 {
                out.push(group);
            }
            out.push(c);
        }
        if !fraction.is_empty() {
            out.push(mark);
            out.push_str(fraction);
        }
        out
    }
}

const EN_MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const PT_MONTHS: [&str; 12] =
    ["jan.", "fev.", "mar.", "abr.", "mai.", "jun.", "jul.", "ago.", "set.", "out.", "nov.", "dez."];

/// The UI's four tables, compiled in.
const SOURCES: [&str; 4] = [
    include_str!("../ui/i18n/en.json"),
    include_str!("../ui/i18n/de.json"),
    include_str!("../ui/i18n/pt.json"),
    include_str!("../ui/i18n/ja.json"),
];

/// Each language's plain texts by key, read once (a table that is not JSON of texts reads as empty:
/// `tests/it/i18n.rs` fails on it long before).
fn tables() -> &'static [BTreeMap<String, String>; 4] {
    static TABLES: OnceLock<[BTreeMap<String, String>; 4]> = OnceLock::new();
    TABLES.get_or_init(|| {
        SOURCES.map(|source| {
            let value: serde_json::Value = serde_json::from_str(source).unwrap_or_default();
            value
                .as_object()
                .map(|object| {
                    object.iter().filter_map(|(key, text)| Some((key.clone(), text.as_str()?.to_string()))).collect()
                })
                .unwrap_or_default()
        })
    })
}
