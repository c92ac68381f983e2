//! The layout's invariants, read from the sources: the hand pipeline never imports the game or
//! SQLite, only the game talks to SQLite, the rooms of `src/game/` import one way (no circle), every
//! table has one owning room, `src/game/` keeps at most a dozen files at its top, and no file under
//! `src/` has a unit test (the library has no test harness: its tests are these).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file under `dir`, sorted.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out.sort();
    out
}

/// The code of a file without its comments (line comments and doc comments).
fn code(path: &Path) -> String {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|line| match line.find("//") {
            Some(at) if !line[..at].contains('"') => &line[..at],
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths a piece of code names after `prefix::` — `prefix::a`, `prefix::{a, b::c}` — by their
/// first segment.
fn named_after(code: &str, prefix: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let pattern = format!("{prefix}::");
    let mut rest = code;
    while let Some(at) = rest.find(&pattern) {
        let before = rest[..at].chars().last();
        rest = &rest[at + pattern.len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            for item in group[..end].split(',') {
                let first = item.trim().split("::").next().unwrap_or("").trim();
                if !first.is_empty() {
                    out.insert(first.to_string());
                }
            }
        } else {
            let first: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            if !first.is_empty() {
                out.insert(first);
            }
        }
    }
    out
}

/// The room a file of `src/game/` is in: its top-level file's or directory's name (`mod.rs` at the
/// top is the façade).
fn room_of(game: &Path, file: &Path) -> String {
    let relative = file.strip_prefix(game).unwrap();
    let first = relative.components().next().unwrap().as_os_str().to_string_lossy().into_owned();
    match first.strip_suffix(".rs") {
        Some("mod") => "façade".to_string(),
        Some(name) => name.to_string(),
        None => first,
    }
}

/// Room → the other rooms its files import.
fn room_graph() -> BTreeMap<String, BTreeSet<String>> {
    let game = root().join("game");
    let files = sources(&game);
    let rooms: BTreeSet<String> = files.iter().map(|f| room_of(&game, f)).collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = rooms.iter().map(|r| (r.clone(), BTreeSet::new())).collect();
    for file in &files {
        let room = room_of(&game, file);
        let code = code(file);
        let depth = file.strip_prefix(&game).unwrap().components().count();
        let is_mod = file.file_name().is_some_and(|n| n == "mod.rs");
        // What `super::` and `super::super::` mean in this file: `game` itself, or its own room.
        let super_is_game = depth == 1 || (depth == 2 && is_mod);
        let mut named = named_after(&code, "crate::game");
        if super_is_game {
            named.extend(named_after(&code, "super"));
        } else if depth == 2 || (depth == 3 && is_mod) {
            named.extend(named_after(&code, "super::super"));
        }
        for name in named {
            let target = if rooms.contains(&name) { name } else { "façade".to_string() };
            if target != room && !(room == "façade" && target == "façade") {
                graph.get_mut(&room).unwrap().insert(target);
            }
        }
    }
    graph
}

/// A circle in `graph`, if there is one, as the rooms along it.
fn circle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| n == node) {
            let mut found = path[at..].to_vec();
            found.push(node.to_string());
            return Some(found);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(found) = visit(next, graph, path, done) {
                return Some(found);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph.keys().find_map(|node| visit(node, graph, &mut Vec::new(), &mut done))
}

#[test]
fn the_pipeline_never_imports_the_game_or_sqlite() {
    let files = sources(&root().join("pipeline"));
    assert!(files.len() >= 6, "{files:?}");
    for file in files {
        let code = code(&file);
        for banned in ["crate::game", "rusqlite", "super::super"] {
            assert!(!code.contains(banned), "{} names {banned}", file.display());
        }
    }
    assert!(named_after("use crate::game::{hands, store::Res};", "crate::game").contains("hands"));
}

#[test]
fn only_the_game_talks_to_sqlite() {
    for file in sources(&root()) {
        let in_game = file.starts_with(root().join("game"));
        if !in_game {
            assert!(!code(&file).contains("rusqlite"), "{} uses SQLite outside src/game", file.display());
        }
    }
}

#[test]
fn the_rooms_of_the_game_import_one_way() {
    let graph = room_graph();
    for room in ["play", "coach", "training", "sums", "hands", "store", "error", "rules", "audit"] {
        assert!(graph.contains_key(room), "room {room} in {graph:?}");
    }
    assert_eq!(circle(&graph), None, "{graph:#?}");
    if std::env::var_os("SHOW_ROOMS").is_some() {
        eprintln!("{graph:#?}");
    }
    // The leaves: the error imports nothing from the game; the store nothing above it.
    assert_eq!(graph["error"], BTreeSet::new());
    for above in ["façade", "play", "coach", "training", "sums", "hands", "audit", "lab_tables"] {
        assert!(!graph["store"].contains(above), "store imports {above}: {graph:#?}");
    }
    for above in ["façade", "play", "coach", "training", "sums", "audit"] {
        assert!(!graph["hands"].contains(above), "hands imports {above}: {graph:#?}");
    }
    // The detector finds a circle when there is one.
    let mut looped = graph.clone();
    looped.get_mut("store").unwrap().insert("play".to_string());
    assert!(circle(&looped).is_some());
}

#[test]
fn every_table_has_one_owning_room() {
    let game = root().join("game");
    let migrations = game.join("store/migrations.rs");
    let steps = game.join("store/steps.rs");
    let files: Vec<PathBuf> = sources(&game).into_iter().filter(|f| *f != migrations && *f != steps).collect();
    for table in vpoker::game::all_tables() {
        let mut owners = BTreeSet::new();
        for file in &files {
            let code = code(file);
            let words: Vec<&str> = code.split(|c: char| !(c.is_alphanumeric() || c == '_')).filter(|w| !w.is_empty()).collect();
            let names_it = words.windows(2).any(|w| ["FROM", "INTO", "UPDATE", "JOIN", "TABLE"].contains(&w[0]) && w[1] == table);
            if names_it {
                owners.insert(room_of(&game, file));
            }
        }
        assert_eq!(owners.len(), 1, "table {table} is read or written by {owners:?}");
    }
}

#[test]
fn the_game_keeps_at_most_a_dozen_files_at_its_top() {
    let top: Vec<_> = std::fs::read_dir(root().join("game"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    assert!(top.len() <= 12, "{top:?}");
}

/// The test-only code in a piece of code: each `#[test]`, and each `cfg(…)` or `cfg_attr(…)` that
/// names `test` (`cfg(test)`, `cfg(all(test, …))`, `cfg(not(test))`, …).
fn test_only(code: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (at, _) in code.match_indices("#[test]") {
        found.push(code[at..at + 7].to_string());
    }
    for pattern in ["cfg(", "cfg_attr("] {
        for (at, _) in code.match_indices(pattern) {
            if code[..at].chars().last().is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            let mut depth = 0;
            let end = code[at..]
                .char_indices()
                .find_map(|(i, c)| {
                    depth += i32::from(c == '(') - i32::from(c == ')');
                    (c == ')' && depth == 0).then_some(at + i + 1)
                })
                .unwrap_or(code.len());
            let attribute = &code[at..end];
            if attribute.split(|c: char| !(c.is_alphanumeric() || c == '_')).any(|word| word == "test") {
                found.push(attribute.to_string());
            }
        }
    }
    found
}

#[test]
fn no_file_under_src_has_a_unit_test() {
    // `[lib] test = false` (Cargo.toml): a unit test under src/ would compile and never run. The
    // core's tests are tests/it/, through the public API (or an item public for tests/it).
    let files = sources(&root());
    assert!(files.len() >= 50, "{files:?}");
    for file in files {
        assert_eq!(test_only(&code(&file)), Vec::<String>::new(), "{} has test-only code", file.display());
    }
    let sample = "#[cfg(test)]\nmod tests {\n    #[test]\n    fn t() {}\n}\n#[cfg(all(unix, test))] fn u() {}";
    assert_eq!(test_only(sample), ["#[test]", "cfg(test)", "cfg(all(unix, test))"]);
    let other = "#[cfg(feature = \"tests\")] #[cfg_attr(docsrs, doc(cfg(unix)))] fn f() {}";
    assert_eq!(test_only(other), Vec::<String>::new());
    let manifest = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml")).unwrap();
    assert!(manifest.contains("[lib]\ntest = false\n"), "the core's [lib] has test = false");
}
