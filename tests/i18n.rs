//! The UI's translation tables (`ui/i18n/*.json`): the four languages have the same keys, no
//! empty text and the same `{placeholders}`; every key the UI uses exists; every id the game can
//! send (error kinds, paytable rows, machines, settings) has a text.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

const LANGUAGES: [&str; 4] = ["en", "de", "pt", "ja"];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// One language's table as key → text.
fn table(lang: &str) -> BTreeMap<String, String> {
    let path = root().join("ui/i18n").join(format!("{lang}.json"));
    let value: serde_json::Value =
        serde_json::from_str(&read(&path)).unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()));
    let object = value.as_object().unwrap_or_else(|| panic!("{} is not a JSON object", path.display()));
    object
        .iter()
        .map(|(key, text)| {
            let text = text.as_str().unwrap_or_else(|| panic!("{lang}.json: {key} is not a string"));
            (key.clone(), text.to_string())
        })
        .collect()
}

/// The `{name}` placeholders of a text.
fn placeholders(text: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut rest = text;
    while let Some(start) = rest.find('{') {
        let after = &rest[start + 1..];
        match after.find('}') {
            Some(end) if after[..end].chars().all(|c| c.is_ascii_alphanumeric() || c == '_') => {
                found.insert(after[..end].to_string());
                rest = &after[end + 1..];
            }
            _ => rest = after,
        }
    }
    found
}

/// Every string literal that directly follows `prefix` (e.g. `t("` or `data-i18n="`), up to `quote`.
fn literals_after(source: &str, prefix: &str, quote: char, ident_before: bool) -> Vec<String> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(pos) = source[from..].find(prefix) {
        let at = from + pos;
        from = at + prefix.len();
        // `t("` must not be the end of a longer name such as `split("` or `set("`.
        if ident_before {
            if let Some(c) = source[..at].chars().next_back() {
                if c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$' {
                    continue;
                }
            }
        }
        if let Some(end) = source[from..].find(quote) {
            found.push(source[from..from + end].to_string());
        }
    }
    found
}

/// The keys the UI uses literally: `t("key"` in ui/js/*.js and `data-i18n*="key"` in ui/index.html.
fn used_keys() -> BTreeSet<String> {
    let mut keys = BTreeSet::new();
    let js_dir = root().join("ui/js");
    let mut files: Vec<PathBuf> = fs::read_dir(&js_dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", js_dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "js"))
        .collect();
    files.sort();
    assert!(files.len() >= 5, "expected the UI's modules in {}", js_dir.display());
    for file in &files {
        let source = read(file);
        keys.extend(literals_after(&source, "t(\"", '"', true));
    }
    let html = read(&root().join("ui/index.html"));
    for attribute in ["data-i18n=\"", "data-i18n-aria=\"", "data-i18n-title=\""] {
        keys.extend(literals_after(&html, attribute, '"', false));
    }
    keys
}

/// The error kinds `GameError::kind` returns, read from its source (`=> "id"` arms).
fn game_error_kinds() -> BTreeSet<String> {
    let source = read(&root().join("src/game/error.rs"));
    let start = source.find("fn kind(").expect("GameError::kind in src/game/error.rs");
    let body = &source[start..];
    let end = body.find("\n    }\n").unwrap_or(body.len());
    let kinds: BTreeSet<String> = literals_after(&body[..end], "=> \"", '"', false).into_iter().collect();
    assert!(kinds.len() >= 12, "expected the game's error kinds, found {kinds:?}");
    kinds
}

/// Paytable row ids (`row("id", …)`) and machine ids from src/machine.rs.
fn rows_and_machines() -> (BTreeSet<String>, BTreeSet<String>) {
    let source = read(&root().join("src/machine.rs"));
    let mut rows: BTreeSet<String> = literals_after(&source, "row(\"", '"', true).into_iter().collect();
    rows.insert("nothing".to_string());
    let machines: BTreeSet<String> = literals_after(&source, "=> \"", '"', false)
        .into_iter()
        .filter(|id| ["jacks-or-better", "deuces-wild", "bonus-poker", "double-bonus"].contains(&id.as_str()))
        .collect();
    assert_eq!(machines.len(), 4, "machine ids in src/machine.rs: {machines:?}");
    assert!(rows.len() > 15, "paytable rows in src/machine.rs: {rows:?}");
    (rows, machines)
}

/// Setting keys from src/game/settings.rs (`("key", &[…])`).
fn setting_keys() -> BTreeSet<String> {
    let source = read(&root().join("src/game/settings.rs"));
    let start = source.find("pub const SETTINGS").expect("SETTINGS in src/game/settings.rs");
    let block = &source[start..];
    let block = &block[..block.find("];").unwrap_or(block.len())];
    let keys: BTreeSet<String> = literals_after(block, "(\"", '"', false)
        .into_iter()
        .filter(|key| !key.is_empty() && key.chars().all(|c| c.is_ascii_lowercase() || c == '-'))
        .collect();
    assert!(keys.contains("kind-deals") && keys.contains("language"), "settings keys: {keys:?}");
    keys
}

#[test]
fn the_four_languages_have_the_same_keys_and_no_empty_text() {
    let english = table("en");
    assert!(english.len() > 100, "en.json looks truncated");
    for lang in LANGUAGES {
        let other = table(lang);
        let missing: Vec<_> = english.keys().filter(|k| !other.contains_key(*k)).collect();
        let extra: Vec<_> = other.keys().filter(|k| !english.contains_key(*k)).collect();
        assert!(missing.is_empty(), "{lang}.json lacks {missing:?}");
        assert!(extra.is_empty(), "{lang}.json has keys en.json lacks: {extra:?}");
        let empty: Vec<_> = other.iter().filter(|(_, text)| text.trim().is_empty()).map(|(k, _)| k).collect();
        assert!(empty.is_empty(), "{lang}.json has empty texts: {empty:?}");
    }
}

#[test]
fn placeholders_match_english_in_every_language() {
    let english = table("en");
    for lang in LANGUAGES {
        let other = table(lang);
        for (key, text) in &english {
            assert_eq!(
                placeholders(text),
                placeholders(&other[key]),
                "{lang}.json: {key} has other placeholders than en.json"
            );
        }
    }
}

#[test]
fn every_key_the_ui_uses_exists() {
    let english = table("en");
    let used = used_keys();
    assert!(used.len() > 80, "found only {} keys in the UI: is the scan broken?", used.len());
    let missing: Vec<_> = used.iter().filter(|k| !english.contains_key(*k)).collect();
    assert!(missing.is_empty(), "keys used in ui/ but missing from the tables: {missing:?}");
}

#[test]
fn every_game_error_kind_has_a_translation() {
    let english = table("en");
    let mut kinds = game_error_kinds();
    // Kinds the UI itself raises (no backend, an unexpected failure).
    kinds.extend(["no-backend".to_string(), "unknown".to_string()]);
    let missing: Vec<_> = kinds.iter().filter(|k| !english.contains_key(&format!("error.{k}"))).collect();
    assert!(missing.is_empty(), "error kinds without a translation: {missing:?}");
}

#[test]
fn every_id_the_game_sends_has_a_text() {
    let english = table("en");
    let (rows, machines) = rows_and_machines();
    let mut wanted: Vec<String> = Vec::new();
    wanted.extend(rows.iter().map(|id| format!("row.{id}")));
    wanted.push("row.low-pair".to_string());
    for id in &machines {
        wanted.push(format!("machine.{id}"));
        wanted.push(format!("help.{id}"));
        wanted.push(format!("help.tip.{id}"));
    }
    wanted.extend(setting_keys().iter().map(|key| format!("settings.{key}")));
    wanted.extend("23456789TJQKA".chars().map(|rank| format!("card.rank.{rank}")));
    wanted.extend("shdc".chars().map(|suit| format!("card.suit.{suit}")));
    wanted.extend(["pair", "four-flush"].iter().map(|kind| format!("history.nudge.{kind}")));
    wanted.extend((1..=4).map(|n| format!("help.how.{n}")));
    let missing: Vec<_> = wanted.iter().filter(|k| !english.contains_key(*k)).collect();
    assert!(missing.is_empty(), "ids without a text: {missing:?}");
}

#[test]
fn the_scanners_find_what_they_should() {
    assert_eq!(literals_after("a(t(\"x.y\"), split(\"z\")", "t(\"", '"', true), vec!["x.y"]);
    assert_eq!(placeholders("{a} and {b_c} but not { x }"), ["a", "b_c"].iter().map(|s| s.to_string()).collect());
}
