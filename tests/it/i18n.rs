//! The UI's translation tables (`ui/i18n/*.json`): the four languages have the same keys, no
//! empty text and the same `{placeholders}`; a counted key (an object of plural forms) has exactly
//! the forms its language needs, every text that counts something is one, and the UI reads it
//! through `plural()`; every key the UI uses exists; every id the game can send (error kinds,
//! paytable rows, machines, settings) has a text. The tables follow the glossary
//! (`ui/i18n/GLOSSARY.md`): no text uses a word it rejects, the keys it names read exactly as it
//! says, and the Japanese table holds no Latin words outside a short list.

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

/// Batches of texts written on a branch and not yet folded into the main tables: `ui/i18n/NAME/`
/// holds `{en,de,pt,ja}.json`, which `ui/js/i18n.js` (its `PENDING` list) loads beside the main
/// table. The tests read a batch as part of the table, so its texts follow every rule here.
const PENDING: [&str; 0] = [];

/// One key's value: a text, or the forms of a counted text by plural category ("one", "other"…),
/// which the UI picks with `plural(key, count, …)`.
#[derive(Debug, Clone, PartialEq)]
enum Entry {
    Text(String),
    Counted(BTreeMap<String, String>),
}

impl Entry {
    /// The texts of the entry with a label each: the key, or `key[form]` for a counted key's forms.
    fn texts<'a>(&'a self, key: &str) -> Vec<(String, &'a str)> {
        match self {
            Entry::Text(text) => vec![(key.to_string(), text.as_str())],
            Entry::Counted(forms) => {
                forms.iter().map(|(form, text)| (format!("{key}[{form}]"), text.as_str())).collect()
            }
        }
    }

    /// The text of a plain entry, or None for a counted key.
    fn text(&self) -> Option<&str> {
        match self {
            Entry::Text(text) => Some(text),
            Entry::Counted(_) => None,
        }
    }
}

type Table = BTreeMap<String, Entry>;

/// Every text of a table with its label (`key` or `key[form]`).
fn texts(table: &Table) -> Vec<(String, &str)> {
    table.iter().flat_map(|(key, entry)| entry.texts(key)).collect()
}

/// The key → entry pairs of one JSON file: a value is a string or an object of strings.
fn read_table(path: &Path, lang: &str) -> Table {
    let value: serde_json::Value =
        serde_json::from_str(&read(path)).unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()));
    let object = value.as_object().unwrap_or_else(|| panic!("{} is not a JSON object", path.display()));
    object
        .iter()
        .map(|(key, value)| {
            let entry = match value {
                serde_json::Value::String(text) => Entry::Text(text.clone()),
                serde_json::Value::Object(forms) => Entry::Counted(
                    forms
                        .iter()
                        .map(|(form, text)| {
                            let text =
                                text.as_str().unwrap_or_else(|| panic!("{lang}.json: {key}.{form} is not a string"));
                            (form.clone(), text.to_string())
                        })
                        .collect(),
                ),
                _ => panic!("{lang}.json: {key} is neither a text nor an object of plural forms"),
            };
            (key.clone(), entry)
        })
        .collect()
}

/// One language's table as key → entry: the main table and the pending batches that exist (a
/// batch may not repeat a key of the main table).
fn table(lang: &str) -> Table {
    let mut table = read_table(&root().join("ui/i18n").join(format!("{lang}.json")), lang);
    for batch in PENDING {
        let path = root().join("ui/i18n").join(batch).join(format!("{lang}.json"));
        if !path.exists() {
            continue;
        }
        for (key, text) in read_table(&path, lang) {
            assert!(!table.contains_key(&key), "{}: {key} is already in {lang}.json", path.display());
            table.insert(key, text);
        }
    }
    table
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

/// The UI's modules, ui/js/*.js, with their sources.
fn ui_modules() -> Vec<(PathBuf, String)> {
    let js_dir = root().join("ui/js");
    let mut files: Vec<PathBuf> = fs::read_dir(&js_dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", js_dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "js"))
        .collect();
    files.sort();
    assert!(files.len() >= 5, "expected the UI's modules in {}", js_dir.display());
    files
        .into_iter()
        .map(|path| {
            let source = read(&path);
            (path, source)
        })
        .collect()
}

/// The keys the UI reads as plain texts: `t("key"` in ui/js/*.js and `data-i18n*="key"` in
/// ui/index.html.
fn text_keys_used() -> BTreeSet<String> {
    let mut keys = BTreeSet::new();
    for (_, source) in ui_modules() {
        keys.extend(literals_after(&source, "t(\"", '"', true));
    }
    let html = read(&root().join("ui/index.html"));
    for attribute in ["data-i18n=\"", "data-i18n-aria=\"", "data-i18n-title=\""] {
        keys.extend(literals_after(&html, attribute, '"', false));
    }
    keys
}

/// The keys the UI reads as counted texts: `plural("key"` in ui/js/*.js.
fn counted_keys_used() -> BTreeSet<String> {
    ui_modules().iter().flat_map(|(_, source)| literals_after(source, "plural(\"", '"', true)).collect()
}

/// Every key the UI uses literally.
fn used_keys() -> BTreeSet<String> {
    text_keys_used().into_iter().chain(counted_keys_used()).collect()
}

/// `PLURAL_FORMS` of ui/js/i18n.js: the plural categories each language's counted texts have.
fn plural_forms() -> BTreeMap<String, BTreeSet<String>> {
    let source = read(&root().join("ui/js/i18n.js"));
    let start = source.find("export const PLURAL_FORMS = {").expect("PLURAL_FORMS in ui/js/i18n.js");
    let body = &source[start + "export const PLURAL_FORMS = {".len()..];
    let body = &body[..body.find("};").expect("the end of PLURAL_FORMS")];
    let mut forms = BTreeMap::new();
    for part in body.split(']') {
        let Some((lang, list)) = part.split_once(':') else { continue };
        let lang = lang.trim().trim_start_matches(',').trim().to_string();
        let list = list.trim().trim_start_matches('[');
        let categories: BTreeSet<String> =
            list.split(',').map(|c| c.trim().trim_matches('"').to_string()).filter(|c| !c.is_empty()).collect();
        forms.insert(lang, categories);
    }
    forms
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

/// docs/CLI.md's "Error kinds" names every kind the game refuses with, each as `kind`.
#[test]
fn the_cli_docs_list_every_error_kind() {
    let docs = read(&root().join("docs/CLI.md"));
    let start = docs.find("\n## Error kinds\n").expect("docs/CLI.md has a section \"Error kinds\"");
    let section = &docs[start + 1..];
    let section = &section[..section[1..].find("\n## ").map_or(section.len(), |end| end + 1)];
    let missing: Vec<String> = game_error_kinds().into_iter().filter(|kind| !section.contains(&format!("`{kind}`"))).collect();
    assert!(missing.is_empty(), "docs/CLI.md's error kinds lack {missing:?}");
}

/// Paytable row ids (`row("id", …)`) and machine ids from src/machine.rs.
fn rows_and_machines() -> (BTreeSet<String>, BTreeSet<String>) {
    let source = read(&root().join("src/machine.rs"));
    let mut rows: BTreeSet<String> = literals_after(&source, "row(\"", '"', true).into_iter().collect();
    // The library's own games' tables (the kicker games, Aces & Faces, Super Double Bonus, Bonus
    // Deuces Wild: practised from the library, bases of the lab) have rows of their own.
    rows.extend(
        vpoker::kicker::KickerGame::ALL.iter().flat_map(|game| game.paytable().rows().iter().map(|row| row.id.to_string())),
    );
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
        let kind_differs: Vec<_> = english
            .iter()
            .filter(|(key, entry)| matches!(entry, Entry::Counted(_)) != matches!(other[*key], Entry::Counted(_)))
            .map(|(key, _)| key)
            .collect();
        assert!(
            kind_differs.is_empty(),
            "{lang}.json: counted in one table, a plain text in the other: {kind_differs:?}"
        );
        let empty: Vec<_> =
            texts(&other).into_iter().filter(|(_, text)| text.trim().is_empty()).map(|(k, _)| k).collect();
        assert!(empty.is_empty(), "{lang}.json has empty texts: {empty:?}");
    }
}

#[test]
fn placeholders_match_english_in_every_language_and_form() {
    let english = table("en");
    let tables: Vec<_> = LANGUAGES.iter().map(|lang| (lang, table(lang))).collect();
    for (key, entry) in &english {
        let texts = entry.texts(key);
        let wanted = placeholders(texts[0].1);
        for (lang, table) in &tables {
            for (label, text) in table[key].texts(key) {
                assert_eq!(
                    placeholders(text),
                    wanted,
                    "{lang}.json: {label} has other placeholders than en.json's {}",
                    texts[0].0
                );
            }
        }
    }
}

#[test]
fn counted_keys_have_exactly_the_forms_their_language_needs() {
    let needed = plural_forms();
    let languages: BTreeSet<String> = LANGUAGES.iter().map(|l| l.to_string()).collect();
    assert_eq!(
        needed.keys().cloned().collect::<BTreeSet<_>>(),
        languages,
        "PLURAL_FORMS in ui/js/i18n.js names the four languages"
    );
    assert!(needed.values().all(|forms| forms.contains("other")), "every language has an `other` form: {needed:?}");
    assert_eq!(needed["ja"].len(), 1, "Japanese counts with one form");
    let mut counted = 0;
    let mut failures = Vec::new();
    for lang in LANGUAGES {
        for (key, entry) in &table(lang) {
            if let Entry::Counted(forms) = entry {
                counted += 1;
                let have: BTreeSet<String> = forms.keys().cloned().collect();
                if have != needed[lang] {
                    failures
                        .push(format!("{lang}.json: {key} has the forms {have:?}, {lang} needs {:?}", needed[lang]));
                }
                if forms.values().any(|text| placeholders(text).is_empty()) {
                    failures.push(format!("{lang}.json: {key} is counted but a form shows no number"));
                }
            }
        }
    }
    assert!(counted >= 4 * 20, "only {counted} counted keys in the four tables: is the reading broken?");
    assert!(failures.is_empty(), "counted keys with wrong forms:\n{}", failures.join("\n"));
}

/// Words after a `{placeholder}` that are not counted nouns, though the scan below would take them
/// for ones: English and Portuguese verbs, articles and pronouns ending in -s, German abbreviations.
const NOT_COUNTED: [(&str, &[&str]); 3] = [
    ("en", &["is", "has", "was", "opens"]),
    ("pt", &["das", "dos", "nas", "nos", "delas", "deles", "mais", "menos"]),
    ("de", &["XP", "Std", "Min"]),
];

/// The nouns `text` puts right after a number placeholder as a plural ("{n} mistakes", "{n} fichas",
/// German "{n} Fehler": a capitalised noun), with the placeholder: ("n", "mistakes").
fn counted_nouns(lang: &str, text: &str) -> Vec<(String, String)> {
    let skip = NOT_COUNTED.iter().find(|(l, _)| *l == lang).map(|(_, words)| *words).unwrap_or(&[]);
    let mut found = Vec::new();
    for name in placeholders(text) {
        let marker = format!("{{{name}}}");
        for (at, _) in text.match_indices(&marker) {
            let rest = &text[at + marker.len()..];
            let Some(rest) = rest.strip_prefix([' ', '\u{a0}']) else { continue };
            let word: String = rest.chars().take_while(|c| c.is_alphabetic()).collect();
            if word.chars().count() < 2 || skip.contains(&word.as_str()) {
                continue;
            }
            let plural = match lang {
                "de" => word.chars().next().is_some_and(char::is_uppercase),
                // "miss" is singular.
                _ => {
                    word.ends_with('s') && !word.ends_with("ss") && word.chars().next().is_some_and(char::is_lowercase)
                }
            };
            if plural {
                found.push((name.clone(), word));
            }
        }
    }
    found
}

/// A number beside a noun is a counted key in every language (the noun agrees with it: "1 mistake",
/// "2 mistakes"), and no `one` form says a plural ("1 mistakes", "1 erros").
#[test]
fn every_counted_text_goes_through_the_plural_forms() {
    let mut failures = Vec::new();
    for lang in ["en", "de", "pt"] {
        for (key, entry) in &table(lang) {
            match entry {
                Entry::Text(text) => {
                    for (name, word) in counted_nouns(lang, text) {
                        failures.push(format!(
                            "{lang}.json: {key} counts “{{{name}}} {word}” in a plain text: make it a counted key"
                        ));
                    }
                }
                Entry::Counted(forms) if lang != "de" => {
                    for (name, word) in counted_nouns(lang, forms.get("one").map_or("", String::as_str)) {
                        failures.push(format!("{lang}.json: {key}[one] says “{{{name}}} {word}”, a plural"));
                    }
                }
                Entry::Counted(_) => {}
            }
        }
    }
    assert!(failures.is_empty(), "counted texts without their plural forms:\n{}", failures.join("\n"));
}

#[test]
fn every_key_the_ui_uses_exists() {
    let english = table("en");
    let used = used_keys();
    assert!(used.len() > 80, "found only {} keys in the UI: is the scan broken?", used.len());
    let missing: Vec<_> = used.iter().filter(|k| !english.contains_key(*k)).collect();
    assert!(missing.is_empty(), "keys used in ui/ but missing from the tables: {missing:?}");
}

/// A counted key is read through `plural()` (t() would show its `other` form whatever the count),
/// and `plural()` is given counted keys only.
#[test]
fn the_ui_reads_counted_keys_through_plural_and_texts_through_t() {
    let english = table("en");
    let counted_as_text: Vec<_> =
        text_keys_used().into_iter().filter(|k| matches!(english.get(k), Some(Entry::Counted(_)))).collect();
    assert!(
        counted_as_text.is_empty(),
        "counted keys read with t() or data-i18n instead of plural(): {counted_as_text:?}"
    );
    let text_as_counted: Vec<_> =
        counted_keys_used().into_iter().filter(|k| matches!(english.get(k), Some(Entry::Text(_)))).collect();
    assert!(text_as_counted.is_empty(), "plain texts read with plural(): {text_as_counted:?}");
    assert!(counted_keys_used().len() >= 20, "plural() is used for the counted texts");
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
    // Every rules id a machine's or a library table's variants name (`library::Variant::rules`):
    // its name, its help and the bet line of a hand dealt under it (play.js: `bet-line.${rules}`).
    let library = read(&root().join("src/library.rs"));
    for id in literals_after(&library, "_RULES: &str = \"", '"', false) {
        wanted.push(format!("rules.{id}"));
        wanted.push(format!("help.{id}"));
        wanted.push(format!("bet-line.{id}"));
    }
    assert!(wanted.iter().any(|k| k == "rules.ultimate-x"), "the rules ids are read from src/library.rs");
    assert!(wanted.iter().any(|k| k == "bet-line.super-times"), "every rules id of src/library.rs");
    let play = read(&root().join("ui/js/play.js"));
    assert!(play.contains("`bet-line.${rulesShown(state)}`"), "play.js reads the bet line by the rules' id");
    let missing: Vec<_> = wanted.iter().filter(|k| !english.contains_key(*k)).collect();
    assert!(missing.is_empty(), "ids without a text: {missing:?}");
}

#[test]
fn the_scanners_find_what_they_should() {
    assert_eq!(literals_after("a(t(\"x.y\"), split(\"z\")", "t(\"", '"', true), vec!["x.y"]);
    assert_eq!(placeholders("{a} and {b_c} but not { x }"), ["a", "b_c"].iter().map(|s| s.to_string()).collect());
    let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
    assert_eq!(counted_nouns("en", "{n} mistakes to review"), [pair("n", "mistakes")]);
    assert_eq!(counted_nouns("en", "{machine} opens at level {level}"), []);
    assert_eq!(counted_nouns("pt", "{streak} acertos seguidos, {beyond} das secas"), [pair("streak", "acertos")]);
    assert_eq!(counted_nouns("de", "{n} Fehler, {level} bei {next} XP"), [pair("n", "Fehler")]);
    let forms = plural_forms();
    assert_eq!(forms["pt"], ["many", "one", "other"].iter().map(|s| s.to_string()).collect());
}

// ---------------------------------------------------------------------------------------------
// The glossary (ui/i18n/GLOSSARY.md)

/// The columns of every glossary table the tests read.
const GLOSSARY_HEADER: [&str; 8] = ["concept", "en", "de", "pt", "ja", "avoid (de)", "avoid (pt)", "avoid (ja)"];

/// The languages with an "avoid" column, in the header's order.
const CHECKED: [&str; 3] = ["de", "pt", "ja"];

/// Concepts the glossary must give a word for in every language (ui/i18n/GLOSSARY.md), beyond the paytable
/// rows and machines, which `the_glossary_covers_every_concept` takes from the game's source.
const REQUIRED_CONCEPTS: [&str; 31] = [
    "register", "hold", "held", "deal", "draw", "dead deal", "kind deal", "swap", "collect", "streak",
    "return", "EV", "chips", "coin", "Triple Play / Five Play", "level", "unlock", "verify", "seed",
    "commitment", "shuffle", "bag", "luck", "skill", "drill", "chart", "Chart button", "heat map",
    "high card", "on (a setting's state)", "off (a setting's state)",
];

/// One row of a glossary table.
#[derive(Debug)]
struct Concept {
    /// The concept cell without its backticked keys, e.g. "kind deal".
    name: String,
    /// Translation keys named in the concept cell: their texts must be exactly this row's words.
    keys: Vec<String>,
    /// Language → the chosen word(s), for en, de, pt, ja.
    words: BTreeMap<String, String>,
    /// Language → rejected alternatives, for de, pt, ja.
    avoid: BTreeMap<String, Vec<String>>,
}

/// The trimmed cells of a Markdown table row.
fn cells(line: &str) -> Vec<String> {
    let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
    inner.split('|').map(|cell| cell.trim().to_string()).collect()
}

/// The `backticked` parts of a cell, and the cell without them.
fn backticked(cell: &str) -> (Vec<String>, String) {
    let mut ticked = Vec::new();
    let mut rest = String::new();
    for (i, part) in cell.split('`').enumerate() {
        if i % 2 == 1 {
            ticked.push(part.to_string());
        } else {
            rest.push_str(part);
        }
    }
    (ticked, rest.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// Every row of every table in GLOSSARY.md whose header is `GLOSSARY_HEADER`.
fn glossary() -> Vec<Concept> {
    let path = root().join("ui/i18n/GLOSSARY.md");
    let text = read(&path);
    let mut concepts = Vec::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        if !line.trim_start().starts_with('|') || cells(line) != GLOSSARY_HEADER {
            continue;
        }
        let separator = lines.next().unwrap_or_default();
        assert!(
            cells(separator).iter().all(|c| !c.is_empty() && c.chars().all(|ch| ch == '-' || ch == ':')),
            "GLOSSARY.md: a table header is not followed by its |---| line"
        );
        while let Some(row) = lines.next_if(|l| l.trim_start().starts_with('|')) {
            let row = cells(row);
            assert_eq!(row.len(), GLOSSARY_HEADER.len(), "GLOSSARY.md: row {row:?} does not have 8 cells");
            let (keys, name) = backticked(&row[0]);
            assert!(!name.is_empty(), "GLOSSARY.md: a row has no concept name: {row:?}");
            let words = LANGUAGES.iter().zip(&row[1..5]).map(|(l, w)| (l.to_string(), w.clone())).collect();
            let mut avoid = BTreeMap::new();
            for (lang, cell) in CHECKED.iter().zip(&row[5..8]) {
                let mut entries = Vec::new();
                if !matches!(cell.as_str(), "" | "—" | "-") {
                    for entry in cell.split(',').map(str::trim) {
                        let word = entry.strip_prefix('`').and_then(|e| e.strip_suffix('`'));
                        let word = word.unwrap_or_else(|| {
                            panic!("GLOSSARY.md: {name}: avoid ({lang}) entry {entry:?} is not in backticks")
                        });
                        assert!(!word.trim().is_empty(), "GLOSSARY.md: {name}: empty avoid ({lang}) entry");
                        entries.push(word.to_string());
                    }
                }
                avoid.insert(lang.to_string(), entries);
            }
            concepts.push(Concept { name, keys, words, avoid });
        }
    }
    assert!(concepts.len() > 40, "GLOSSARY.md: found only {} concepts: is the table header changed?", concepts.len());
    concepts
}

/// Whether `text` uses the avoid-list `entry`, by the glossary's rules: Japanese as a plain
/// substring; German and Portuguese on whole words (a trailing `*` makes it a word prefix),
/// letter case ignored everywhere.
fn uses(lang: &str, text: &str, entry: &str) -> bool {
    let normal = |s: &str| {
        let spaced: String = s.chars().map(|c| if c.is_whitespace() { ' ' } else { c }).collect();
        spaced.to_lowercase()
    };
    let text = normal(text);
    let (entry, prefix) = match entry.strip_suffix('*') {
        Some(stem) => (stem, true),
        None => (entry, false),
    };
    let entry = normal(entry);
    if entry.is_empty() {
        return false;
    }
    if lang == "ja" {
        return text.contains(&entry);
    }
    let word_char = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    let check_start = word_char(entry.chars().next());
    let check_end = !prefix && word_char(entry.chars().next_back());
    text.match_indices(&entry).any(|(at, found)| {
        (!check_start || !word_char(text[..at].chars().next_back()))
            && (!check_end || !word_char(text[at + found.len()..].chars().next()))
    })
}

#[test]
fn the_glossary_covers_every_concept() {
    let concepts = glossary();
    let mut names = BTreeSet::new();
    for concept in &concepts {
        assert!(names.insert(concept.name.as_str()), "GLOSSARY.md: {} appears twice", concept.name);
        for lang in LANGUAGES {
            assert!(
                !matches!(concept.words[lang].as_str(), "" | "—" | "-"),
                "GLOSSARY.md: {} has no {lang} word",
                concept.name
            );
        }
    }
    let missing: Vec<_> = REQUIRED_CONCEPTS.iter().filter(|c| !names.contains(**c)).collect();
    assert!(missing.is_empty(), "GLOSSARY.md lacks the concepts {missing:?}");
    let named: BTreeSet<&str> = concepts.iter().flat_map(|c| c.keys.iter().map(String::as_str)).collect();
    let (rows, machines) = rows_and_machines();
    let mut wanted: Vec<String> = rows.iter().map(|id| format!("row.{id}")).collect();
    wanted.push("row.low-pair".to_string());
    wanted.extend(machines.iter().map(|id| format!("machine.{id}")));
    let unnamed: Vec<_> = wanted.iter().filter(|k| !named.contains(k.as_str())).collect();
    assert!(unnamed.is_empty(), "paytable rows and machines without a glossary row: {unnamed:?}");
}

#[test]
fn no_text_uses_a_word_the_glossary_rejects() {
    let concepts = glossary();
    let mut failures = Vec::new();
    for lang in CHECKED {
        let table = table(lang);
        for (key, text) in texts(&table) {
            // `{level}` is a placeholder, not the word "level": match against `{}`.
            let mut text = text.to_string();
            for name in placeholders(&text) {
                text = text.replace(&format!("{{{name}}}"), "{}");
            }
            for concept in &concepts {
                for entry in &concept.avoid[lang] {
                    if uses(lang, &text, entry) {
                        failures.push(format!(
                            "{lang}.json: {key} uses “{entry}” (glossary: {} → {})",
                            concept.name, concept.words[lang]
                        ));
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "texts use words the glossary rejects:\n{}", failures.join("\n"));
}

#[test]
fn the_glossary_does_not_reject_its_own_words() {
    let concepts = glossary();
    let mut failures = Vec::new();
    for lang in CHECKED {
        for concept in &concepts {
            for other in &concepts {
                for entry in &other.avoid[lang] {
                    if uses(lang, &concept.words[lang], entry) {
                        let (name, word, under) = (&concept.name, &concept.words[lang], &other.name);
                        failures.push(format!("{lang}: {name} “{word}” uses “{entry}”, rejected under {under}"));
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "GLOSSARY.md contradicts itself:\n{}", failures.join("\n"));
}

#[test]
fn keys_named_in_the_glossary_read_as_it_says() {
    let tables: BTreeMap<&str, Table> = LANGUAGES.iter().map(|l| (*l, table(l))).collect();
    let mut failures = Vec::new();
    for concept in glossary() {
        for key in &concept.keys {
            for lang in LANGUAGES {
                let (name, word) = (&concept.name, &concept.words[lang]);
                match tables[lang].get(key).map(Entry::text) {
                    None => failures.push(format!("{lang}.json has no {key}, named by the glossary's {name}")),
                    Some(None) => {
                        failures.push(format!("{lang}.json: {key}, named by the glossary's {name}, is counted"))
                    }
                    Some(Some(text)) if text.to_lowercase() != word.to_lowercase() => {
                        failures.push(format!("{lang}.json: {key} is “{text}”, the glossary's {name} says “{word}”"))
                    }
                    Some(Some(_)) => {}
                }
            }
        }
    }
    assert!(failures.is_empty(), "texts differ from the glossary:\n{}", failures.join("\n"));
}

// ---------------------------------------------------------------------------------------------
// Latin script in the Japanese table

/// Latin words the Japanese table may hold: "EV" (what players write beside 期待値), and the key
/// caps "Enter" and "Tab" (printed in Latin on Japanese keyboards, and written so in Japanese
/// manuals: "Enterキー"). Card rank and suit letters are allowed by `is_card_letters`.
const JA_LATIN_WORDS: [&str; 3] = ["EV", "Enter", "Tab"];

/// Text the Japanese table may hold verbatim: the command that starts the app, which the player
/// types as it is, and the names of the algorithms and the document a player checks hands with.
const JA_LATIN_LITERALS: [&str; 5] = ["./scripts/run.sh", "SHA-256", "ChaCha20", "xorshift128+", "docs/VERIFY.md"];

/// A card's rank letter (A K Q J T), suit letter (s h d c) or both ("Ah"), as in card names.
fn is_card_letters(word: &str) -> bool {
    let chars: Vec<char> = word.chars().collect();
    match chars.as_slice() {
        [c] => "AKQJTshdc".contains(*c),
        [rank, suit] => "AKQJT".contains(*rank) && "shdc".contains(*suit),
        _ => false,
    }
}

/// The runs of Latin letters in `text` (full-width letters read as ASCII), placeholders left out.
fn latin_words(text: &str) -> Vec<String> {
    let mut text = text.to_string();
    for name in placeholders(&text) {
        text = text.replace(&format!("{{{name}}}"), " ");
    }
    let mut words = Vec::new();
    let mut word = String::new();
    for c in text.chars().chain([' ']) {
        let c = match c {
            '\u{FF21}'..='\u{FF3A}' | '\u{FF41}'..='\u{FF5A}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            _ => c,
        };
        if c.is_ascii_alphabetic() || (('\u{C0}'..='\u{24F}').contains(&c) && c.is_alphabetic()) {
            word.push(c);
        } else if !word.is_empty() {
            words.push(std::mem::take(&mut word));
        }
    }
    words
}

#[test]
fn japanese_has_no_latin_words_outside_the_allowed_list() {
    let mut failures = Vec::new();
    let table = table("ja");
    for (key, text) in texts(&table) {
        let mut text = text.to_string();
        for literal in JA_LATIN_LITERALS {
            text = text.replace(literal, " ");
        }
        for word in latin_words(&text) {
            if !JA_LATIN_WORDS.contains(&word.as_str()) && !is_card_letters(&word) {
                failures.push(format!("ja.json: {key} has the Latin word “{word}”"));
            }
        }
    }
    assert!(failures.is_empty(), "Latin words in the Japanese table:\n{}", failures.join("\n"));
}

/// A strategy chart's line is long in Japanese and wraps on a phone: a count stays with its counter
/// and 「あと」 (「あと1枚」, not 「あと1」 and 「枚」 on the next line), joined by word joiners (U+2060).
#[test]
fn japanese_chart_lines_keep_a_count_with_its_counter() {
    let breakable =
        |text: &str| (0..10).any(|d| text.contains(&format!("あと{d}")) || text.contains(&format!("{d}枚")));
    let table = table("ja");
    let split: Vec<_> = texts(&table)
        .into_iter()
        .filter(|(key, text)| key.starts_with("chart.class.") && breakable(text))
        .map(|(key, _)| key)
        .collect();
    assert!(split.is_empty(), "ja.json: a line may break inside 「あと1枚」 (write あと\\u20601\\u2060枚): {split:?}");
}

/// Counts that must not break over two lines in any Japanese text, written with word joiners
/// (U+2060) between every two characters that a line break would split: 「あ⁠と⁠1⁠枚」 (「まであ｜と1枚」
/// broke inside あと), 「完成⁠3⁠通り」, 「1⁠日⁠1⁠回」.
fn japanese_whole_counts() -> Vec<(String, String)> {
    let joined = |parts: &[&str]| parts.join("\u{2060}");
    let mut whole = Vec::new();
    for d in 0..10 {
        let d = d.to_string();
        whole.push((format!("あと{d}枚"), joined(&["あ", "と", &d, "枚"])));
        whole.push((format!("完成{d}通り"), joined(&["完成", &d, "通り"])));
    }
    whole.push(("1日1回".to_string(), joined(&["1", "日", "1", "回"])));
    whole
}

#[test]
fn japanese_counts_are_joined_in_every_text() {
    let table = table("ja");
    let mut failures = Vec::new();
    for (key, text) in texts(&table) {
        let plain = text.replace('\u{2060}', "");
        for (count, joined) in japanese_whole_counts() {
            if plain.matches(&count).count() != text.matches(&joined).count() {
                failures.push(format!("ja.json: {key} writes 「{count}」 without a word joiner between every character"));
            }
        }
    }
    assert!(failures.is_empty(), "counts a line may break inside:\n{}", failures.join("\n"));
}

/// 「・」 belongs inside names (ジャックス・オア・ベター): a name put beside it (「実力テスト・{game}」)
/// or a part of a line joined by it reads as one long name. Titles put the name first with の, and
/// parts are joined with 「、」.
#[test]
fn japanese_never_joins_a_placeholder_with_a_middle_dot() {
    let table = table("ja");
    let mut failures = Vec::new();
    for (key, text) in texts(&table) {
        for name in placeholders(text) {
            if text.contains(&format!("・{{{name}}}")) || text.contains(&format!("{{{name}}}・")) {
                failures.push(format!("ja.json: {key} joins {{{name}}} with 「・」"));
            }
        }
    }
    assert!(failures.is_empty(), "「・」 beside a placeholder:\n{}", failures.join("\n"));
}

/// Sentences the UI runs together are joined by `list.sentences`: a space in English, German and
/// Portuguese, nothing in Japanese (「…9行目。 ここで…」 showed an ASCII space between two sentences).
#[test]
fn sentences_run_together_as_each_language_writes_them() {
    for lang in LANGUAGES {
        let table = table(lang);
        let wanted = if lang == "ja" { "{first}{next}" } else { "{first} {next}" };
        assert_eq!(table["list.sentences"].text(), Some(wanted), "{lang}.json: list.sentences");
    }
    let table = table("ja");
    let spaced: Vec<_> = texts(&table)
        .into_iter()
        .filter(|(_, text)| ["。 ", "、 ", "！ ", "？ "].iter().any(|gap| text.contains(gap)))
        .map(|(key, _)| key)
        .collect();
    assert!(spaced.is_empty(), "ja.json: a space after a Japanese stop: {spaced:?}");
}

/// Japanese lines break by the strict rules (no line starts with 「ー」: 「ベタ｜ー」).
#[test]
fn japanese_lines_break_by_the_strict_rules() {
    let css = read(&root().join("ui/css/base.css"));
    let rule = css.find(":lang(ja) {").map(|at| &css[at..at + css[at..].find('}').unwrap_or(0)]);
    assert!(
        rule.is_some_and(|rule| rule.contains("line-break: strict")),
        "ui/css/base.css has no `:lang(ja) {{ line-break: strict; }}`"
    );
}

/// The keys whose texts speak of the player's strategy chart (its lines, tiers, drill and the
/// Ultimate X chart).
fn speaks_of_the_strategy(key: &str) -> bool {
    ["chart.", "ux.chart", "ux.tier", "drill.chart.", "train.source.chart"].iter().any(|p| key.starts_with(p))
        || (key.starts_with("error.") && key.contains("chart"))
}

/// Where the strategy chart is meant, German says *Strategie* and Portuguese *estratégia*: a bare
/// *Tabelle* or *tabela* beside the paytable (*Gewinntabelle*, *tabela de prêmios*) read as the
/// paytable ("Auszahlungsquote nach dieser Tabelle", "Pela minha tabela"). Portuguese keeps
/// *tabela de estratégia* and *tabela de prêmios* in full.
#[test]
fn strategy_texts_never_call_the_chart_a_table() {
    let mut failures = Vec::new();
    for (key, text) in texts(&table("de")) {
        if speaks_of_the_strategy(&key) && uses("de", text, "Tabelle") {
            failures.push(format!("de.json: {key} says “Tabelle”: {text}"));
        }
    }
    for (key, text) in texts(&table("pt")) {
        if !speaks_of_the_strategy(&key) {
            continue;
        }
        let lower = text.to_lowercase();
        let word = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
        let bare = lower.match_indices("tabela").any(|(at, found)| {
            let rest = &lower[at + found.len()..];
            !word(lower[..at].chars().next_back())
                && !word(rest.chars().next())
                && !rest.starts_with(" de estratégia")
                && !rest.starts_with(" de prêmios")
        });
        if bare {
            failures.push(format!("pt.json: {key} says “tabela” alone: {text}"));
        }
    }
    assert!(!speaks_of_the_strategy("machine.paytable") && speaks_of_the_strategy("ux.chart-summary"));
    assert!(failures.is_empty(), "the strategy called a table:\n{}", failures.join("\n"));
}

/// A chart line of the translated tables writes the ten as 10 ("A10 gleichfarbig", 「A・10」), as the
/// cards and the other machines' charts do; "AT" or 「A・T」 is the core's English shorthand.
#[test]
fn translated_chart_lines_write_the_ten_as_10() {
    let mut failures = Vec::new();
    for lang in ["de", "pt", "ja"] {
        for (key, text) in texts(&table(lang)) {
            if !key.starts_with("chart.class.") {
                continue;
            }
            for word in latin_words(text) {
                if word.contains('T') && word.chars().all(|c| "AKQJT".contains(c)) {
                    failures.push(format!("{lang}.json: {key} writes the ten as “{word}”"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "chart lines with T for ten:\n{}", failures.join("\n"));
}

/// One bracket at a time: "(Könige oder Asse, ohne Joker)", not "(Könige oder Asse) (ohne Joker)".
/// The English chart lines are the core's labels (`src/strategy/chart/`) and are not checked here.
#[test]
fn no_translated_text_puts_two_brackets_in_a_row() {
    let mut failures = Vec::new();
    for lang in ["de", "pt", "ja"] {
        for (key, text) in texts(&table(lang)) {
            if [") (", ")(", "）（", "） （"].iter().any(|pair| text.contains(pair)) {
                failures.push(format!("{lang}.json: {key}: {text}"));
            }
        }
    }
    assert!(failures.is_empty(), "two brackets in a row:\n{}", failures.join("\n"));
}

/// The whole numbers written in `text` (runs of ASCII digits; "1,000" is 1 and 000).
fn numbers_in(text: &str) -> BTreeSet<u32> {
    text.split(|c: char| !c.is_ascii_digit()).filter_map(|run| run.parse().ok()).collect()
}

/// `pub const NAME: … = value;` of src/game/rules.rs, the value's text.
fn rules_constant(name: &str) -> String {
    let source = read(&root().join("src/game/rules.rs"));
    let start = source.find(&format!("pub const {name}:")).unwrap_or_else(|| panic!("{name} in src/game/rules.rs"));
    let value = &source[start..];
    let value = &value[value.find('=').expect("a value") + 1..];
    value[..value.find(';').expect("the end of the constant")].trim().to_string()
}

/// Help's how-to names the hand counts and the levels that open them, as src/game/rules.rs has
/// them (Triple and Five Play at `MULTI_PLAY_LEVEL`, Ten, Fifty and Hundred Play at
/// `MANY_LINES_LEVELS`), and the deck note names Joker Poker's last position (52) beside 51.
#[test]
fn help_names_the_hand_counts_the_rules_open() {
    let multi: u32 = rules_constant("MULTI_PLAY_LEVEL").parse().expect("MULTI_PLAY_LEVEL is a number");
    let many = rules_constant("MANY_LINES_LEVELS");
    let mut wanted: BTreeSet<u32> = [1, 3, 5, multi].into_iter().collect();
    wanted.extend(numbers_in(&many));
    assert!(wanted.len() >= 8, "hand counts and levels read from src/game/rules.rs: {wanted:?}");
    for lang in LANGUAGES {
        let table = table(lang);
        let how = numbers_in(table["help.how.1"].text().expect("help.how.1 is a text"));
        let missing: Vec<_> = wanted.difference(&how).collect();
        assert!(missing.is_empty(), "{lang}.json: help.how.1 does not name {missing:?}");
        let note = numbers_in(table["verify.deck.note"].text().expect("verify.deck.note is a text"));
        assert!(note.contains(&51) && note.contains(&52), "{lang}.json: verify.deck.note names 5–51 and 5–52");
    }
}

#[test]
fn the_glossary_matchers_behave() {
    // German and Portuguese: whole words, case ignored, `*` for a prefix, phrases.
    assert!(uses("de", "Freundliche Austeilung", "austeilung"));
    assert!(!uses("de", "Eine Mitteilung", "Austeilung"));
    assert!(!uses("de", "Austeilungen", "Austeilung"));
    assert!(uses("de", "Austeilungen", "Austeilung*"));
    assert!(uses("de", "Beste Halte-Entscheidungen", "Halte-Entscheidung*"));
    assert!(uses("de", "Verschenkter EW (Chips)", "EW"));
    assert!(!uses("de", "Neuer Automat", "EW"));
    assert!(uses("de", "Ist sie tot\u{a0}ausgeteilt", "tot ausgeteilt"));
    assert!(uses("pt", "Sequência: 3 dias", "Sequência:"));
    assert!(!uses("pt", "Sequência", "Sequência:"));
    assert!(uses("pt", "({ev}/ficha)", "/ficha"));
    // Japanese: substrings.
    assert!(uses("ja", "やさしい配りの6回に1回", "配りの"));
    assert!(!uses("ja", "配られたカード", "配りの"));
    assert!(uses("ja", "連続{days}日", "連続{"));
    // Latin words in Japanese.
    let words = latin_words("{n}枚目のAh、Enterキー、ＸＰ、Triple Play");
    assert_eq!(words, ["Ah", "Enter", "XP", "Triple", "Play"]);
    assert!(is_card_letters("K") && is_card_letters("Tc") && !is_card_letters("XP"));
    let (keys, name) = backticked("kind deal `history.kind`");
    assert_eq!((keys, name.as_str()), (vec!["history.kind".to_string()], "kind deal"));
}

/// Every hold class a strategy chart can name has its text in every language (`chart.class.<id>`).
#[test]
fn every_chart_class_has_a_text() {
    for lang in ["en", "de", "pt", "ja"] {
        let table = table(lang);
        let missing: Vec<String> = vpoker::strategy::chart::classes()
            .into_iter()
            .map(|c| format!("chart.class.{}", c.id))
            .filter(|key| !table.contains_key(key))
            .collect();
        assert!(missing.is_empty(), "{lang}: {missing:?}");
    }
    let english = table("en");
    for class in vpoker::strategy::chart::classes() {
        assert_eq!(
            english[&format!("chart.class.{}", class.id)],
            Entry::Text(class.label.to_string()),
            "the English text is the core's label"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Wordings native speakers of German, Brazilian Portuguese and Japanese replaced stay replaced;
// the keys the fixes added exist in every language.

/// (language, key, a replaced wording): the key's text must no longer hold it. Every form of the
/// key is read between NUL characters, so "\u{0}Five Play\u{0}" is the whole text.
const REPLACED: [(&str, &str, &str); 106] = [
    // All languages.
    ("en", "milestone.level-of", "Level {level} of {goal}"),
    ("de", "milestone.level-of", "von {goal}"),
    ("pt", "milestone.level-of", "de {goal}"),
    ("ja", "milestone.level-of", "／{goal}"),
    ("en", "fairness.history.detail", "Details\u{0}"),
    ("de", "fairness.history.detail", "Einzelheiten"),
    ("pt", "fairness.history.detail", "Detalhes\u{0}"),
    ("ja", "fairness.history.detail", "詳細\u{0}"),
    // German.
    ("de", "fairness.history.check.record", "Ihr "),
    ("de", "fairness.history.check.commitment", "Ihr "),
    ("de", "fairness.history.check.deal", "Ihr "),
    ("de", "fairness.history.check.draws", "Ihr "),
    ("de", "tables.open", "Casino-Tabellen"),
    ("de", "tables.title", "Casino-Tabellen"),
    ("de", "tables.figures.none", "an dieser Tabelle"),
    ("de", "tables.figures", "An dieser Tabelle"),
    ("de", "tables.chart.loading", "diese Tabelle"),
    ("de", "tables.lab-chart", "dieser Tabelle"),
    ("de", "tables.waiting", "an {table}"),
    ("de", "tables.explain", "Erfahrungspunkte"),
    ("de", "daily.title", "von heute"),
    ("de", "help.ten.title", "von heute"),
    ("de", "reminder.body", "von heute"),
    ("de", "daily.streak", "Serie:"),
    ("de", "daily.explain", "so gut Sie können"),
    ("de", "help.ten", "kein XP"),
    ("de", "milestone.explain", "Geldausgeben"),
    ("de", "milestone.first-royal.about", "echt oder Übung"),
    ("de", "milestone.hands-1000.about", "echt oder Übung"),
    ("de", "settings.reminder.explain", "fragt die App"),
    ("de", "settings.reminder.unavailable", "Telefonen"),
    ("de", "error.no-hard-hands", "Kein Halten"),
    ("de", "daily.score.grade", "Note"),
    ("de", "coach.card.grade", "Note"),
    ("de", "daily.all-holds", "Arten zu halten"),
    ("de", "row.four-aces-2-4-kicker", "mit 2–4"),
    ("de", "milestone.five-play", "Five Play"),
    ("de", "verify.fail.commitment", "gezeigte Hash"),
    ("de", "tables.chart-cost.working", "berechnet…"),
    ("de", "lab.running", "Läuft…"),
    // Portuguese (Brazil).
    ("pt", "settings.reminder.explain", " app "),
    ("pt", "error.reminder-denied", "este app"),
    ("pt", "settings.reminder.unavailable", "dispositivo"),
    ("pt", "error.reminder-unavailable", "dispositivo"),
    ("pt", "tables.chart.cost", "esta tabela"),
    ("pt", "tables.lab-chart", "tabela de estratégia desta tabela"),
    ("pt", "daily.title", "distribuições"),
    ("pt", "row.four-aces-2-4-kicker", "com 2 a 4"),
    ("pt", "milestone.explain", "nunca gastos"),
    ("pt", "milestone.drill-queue-emptied", "revistos"),
    ("pt", "tables.figures", "perdidos ao todo"),
    ("pt", "daily.mark.close", "Por pouco"),
    // Japanese.
    ("ja", "daily.ev", "EV"),
    ("ja", "daily.streak", "{days}日連続\u{0}"),
    ("ja", "milestone.daily-7", "1週間"),
    ("ja", "tables.chart.cost", "遊ぶと、最善"),
    ("ja", "error.no-hard-hands", "残し方"),
    ("ja", "daily.best-day", "最高の日"),
    // All languages, and English beside them.
    ("en", "tabledrill.reason.multipliers-change-it", "best than"),
    ("en", "ux.chart-at", "{cost} %"),
    ("pt", "ux.chart-at", "{cost} %"),
    // German: sentence-initial "Sie" for "it", a choice "gehalten", chips "gewonnen".
    ("de", "chart.hint-cost", "Sie gibt"),
    ("de", "review.left-queue", "Sie verlässt"),
    ("de", "chart.summary", "Sie kostet"),
    ("de", "drill.chart.explain", "Wahl hält"),
    ("de", "error.no-chart-hands", "hielt"),
    ("de", "ux.history", "gewonnen"),
    ("de", "ux.verify-line", "gewinnt"),
    ("de", "progress.col.decisions", "\u{ad}"),
    ("de", "progress.col.accuracy", "\u{ad}"),
    ("de", "progress.col.ev", "\u{ad}"),
    ("de", "review.explain", "verlässt Ihre Wiederholung"),
    ("de", "help.joker-poker", "Kartenspiel"),
    ("de", "help.joker-poker", "Full-Pay-Tabelle"),
    ("de", "chart.freq", "gewählt in"),
    ("de", "ux.chart-freq", "gespielt"),
    ("de", "settings.chart-tier", "Strategie der Hinweise"),
    ("de", "chart.tier.intermediate", "Fortgeschritten"),
    ("de", "error.unknown-chart-tier", "Fortgeschritten"),
    ("de", "machine.tally", "nach Ergebnis"),
    ("de", "celebrate.lines", "frei!"),
    ("de", "progress.trend.up", "mehr verschenkt"),
    ("de", "progress.sessions.trend.up", "mehr verschenkt"),
    ("de", "progress.sessions.explain", "Sitzung, nach Entscheidungen"),
    // Portuguese.
    ("pt", "chart.tier.new", "novo"),
    ("pt", "progress.trend.down", "a cada"),
    ("pt", "progress.trend.up", "a cada"),
    ("pt", "progress.sessions.trend.down", "a cada"),
    ("pt", "progress.sessions.trend.up", "a cada"),
    ("pt", "review.left-queue", "sabe esta"),
    ("pt", "error.not-corrupt", "deixado de lado"),
    ("pt", "review.explain", "cronograma"),
    ("pt", "ux.verify-multipliers", "na distribuição"),
    ("pt", "ux.verify-line", "pagou"),
    ("pt", "chart.freq", "a jogada"),
    ("pt", "machine.tally", "por resultado"),
    ("pt", "milestone.five-play", "\u{0}Five Play\u{0}"),
    ("pt", "help.tip.joker-poker", "fique com"),
    ("pt", "progress.sessions.explain", "pelas decisões"),
    // Japanese.
    ("ja", "chart.tier.new", "新規"),
    ("ja", "chart.tier.intermediate-explain", "新規"),
    ("ja", "ux.tier.intermediate-explain", "新規"),
    ("ja", "warmup.lobby.later", "今はしない"),
    ("ja", "progress.per-hour.over", "時刻のある"),
    ("ja", "ux.history", "配られた倍率"),
    ("ja", "error.daily-deals-done", "の今日の10ディール"),
];

/// (language, a replaced wording) that no text of the language may hold any more.
const REPLACED_EVERYWHERE: [(&str, &str); 7] = [
    ("ja", "今日の10回のディール"),
    ("ja", "マイルストーン"),
    ("ja", "素直なホールド"),
    ("ja", "痛い"),
    ("ja", "ディール {n}"),
    ("pt", "dez distribuições"),
    ("de", "Zehn Runden von heute"),
];

/// Keys the fixes added: in every language, with its placeholders.
const ADDED_KEYS: [&str; 20] = [
    "daily.share-text",
    "fairness.history.failed-claims",
    "fairness.history.failed-profile",
    "tables.name.pays",
    "tables.name.full-pay",
    "tables.game.bonus-poker-deluxe",
    "tables.game.not-so-ugly-deuces",
    "tables.game.joker-poker-kings",
    "tables.game.super-aces",
    "tables.game.white-hot-aces",
    "paylab.game.aces-and-faces",
    "paylab.game.super-double-bonus",
    "paylab.game.bonus-deuces-wild",
    "list.separator",
    "list.parts",
    "daily.streak",
    "list.sentences",
    "lobby.row-pay",
    "help.ultimate-x",
    "machine.total-none",
];

/// The text of `key` in `table`, every form of a counted key joined, each between NUL characters
/// (a missing key fails).
fn all_forms(table: &Table, lang: &str, key: &str) -> String {
    let entry = table.get(key).unwrap_or_else(|| panic!("{lang}.json has no {key}"));
    entry.texts(key).into_iter().map(|(_, text)| format!("\u{0}{text}\u{0}")).collect()
}

#[test]
fn replaced_wordings_stay_gone() {
    let tables: BTreeMap<&str, Table> = LANGUAGES.iter().map(|l| (*l, table(l))).collect();
    let mut failures = Vec::new();
    for (lang, key, old) in REPLACED {
        if all_forms(&tables[lang], lang, key).contains(old) {
            failures.push(format!("{lang}.json: {key} still says “{old}”"));
        }
    }
    for (lang, old) in REPLACED_EVERYWHERE {
        for (key, text) in texts(&tables[lang]) {
            if text.contains(old) {
                failures.push(format!("{lang}.json: {key} still says “{old}”"));
            }
        }
    }
    // The lobby shows both streaks: they must not read alike (the chips' and the ten deals').
    for lang in LANGUAGES {
        let (deals, chips) = (all_forms(&tables[lang], lang, "daily.streak"), all_forms(&tables[lang], lang, "lobby.daily.streak"));
        if deals == chips {
            failures.push(format!("{lang}.json: daily.streak reads as lobby.daily.streak"));
        }
    }
    assert!(failures.is_empty(), "replaced wordings are back:\n{}", failures.join("\n"));
}

#[test]
fn added_keys_exist_in_every_language() {
    for lang in LANGUAGES {
        let table = table(lang);
        for key in ADDED_KEYS {
            assert!(table.contains_key(key), "{lang}.json has no {key}");
        }
    }
    let used = used_keys();
    for key in [
        "fairness.history.failed-claims",
        "fairness.history.failed-profile",
        "tables.name.pays",
        "tables.name.full-pay",
        "list.separator",
        "list.parts",
        "list.sentences",
        "lobby.row-pay",
        "machine.total-none",
    ] {
        assert!(used.contains(key), "the UI never reads {key}");
    }
    // A variant's name and help are read by its rules' id (`rules.${v.rules}`, `help.${v.rules}`),
    // which `every_id_the_game_sends_has_a_text` checks for every id the core names.
    let help = read(&root().join("ui/js/help.js"));
    assert!(help.contains("t(`help.${v.rules}`)") && help.contains("t(`rules.${v.rules}`)"), "help.js reads each variant's help");
}
