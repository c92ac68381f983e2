//! The layout's invariants, read from the sources: the hand pipeline never imports the game or
//! SQLite, only the game talks to SQLite, the rooms of `src/game/` import one way (no circle), every
//! table has one owning room, `src/game/` keeps at most a dozen files at its top, and no file under
//! `src/` has a unit test (the library has no test harness: its tests are these).
//!
//! And no import circle between files, nor a back arrow between folders: every file of the core
//! (`src/`, every folder), of `cli/src` and of `src-tauri/src` imports one way, and so do the
//! core's top-level files and folders (`library` → `strategy` rules out `strategy` → `library`).
//! The file graph follows `crate::`, `super::` and `self::` paths, a façade's child modules and
//! the `use`s a path goes through (a re-export leads to the file that defines the item); a root
//! file's or a `mod.rs`'s imports of its own folder's files are not counted (the façade declares,
//! re-exports and calls them; they may import what it defines).

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

/// The workspace's root: the core crate's manifest directory (the CLI's and the app's crates are
/// its `cli/` and `src-tauri/`).
fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// A token of Rust code, as far as paths go: comments, strings and characters are skipped.
#[derive(Clone, Debug, PartialEq)]
enum Token {
    Word(String),
    /// `::`
    Sep,
    Open,
    Close,
    Comma,
    Star,
    Other(char),
}

/// The tokens of a file's text.
fn tokens(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().collect();
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < chars.len() {
                let pair = (chars[i], at(i + 1));
                if pair == ('/', '*') || pair == ('*', '/') {
                    depth += if pair.0 == '/' { 1 } else { -1 };
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
        } else if c == 'r' && (at(i + 1) == '"' || (at(i + 1) == '#' && matches!(at(i + 2), '"' | '#'))) {
            // A raw string, r"…" or r#"…"#.
            let hashes = chars[i + 1..].iter().take_while(|&&h| h == '#').count();
            i += 2 + hashes;
            while i < chars.len() && !(chars[i] == '"' && (1..=hashes).all(|k| at(i + k) == '#')) {
                i += 1;
            }
            i += 1 + hashes;
        } else if c == '\'' {
            // A character ('x', '\n', '{') or a lifetime ('a, 'static: its name is read as a word).
            if at(i + 1) == '\\' {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if at(i + 2) == '\'' {
                i += 3;
            } else {
                i += 1;
            }
        } else if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(Token::Word(chars[start..i].iter().collect()));
        } else {
            i += 1;
            if c.is_whitespace() {
                continue;
            }
            out.push(match c {
                ':' if at(i) == ':' => {
                    i += 1;
                    Token::Sep
                }
                '{' => Token::Open,
                '}' => Token::Close,
                ',' => Token::Comma,
                '*' => Token::Star,
                _ => Token::Other(c),
            });
        }
    }
    out
}

/// The paths of the use tree or path that starts at `tokens[i]` after `prefix` (`a::b`,
/// `a::{self, b::c as d}`, `a::*`), each with the name it binds (`*` for a glob); and where it
/// ends.
fn tree(tokens: &[Token], i: usize, prefix: &[String], out: &mut Vec<(Vec<String>, String)>) -> usize {
    match tokens.get(i) {
        Some(Token::Open) => {
            let mut i = i + 1;
            while !matches!(tokens.get(i), None | Some(Token::Close)) {
                i = tree(tokens, i, prefix, out);
                while !matches!(tokens.get(i), None | Some(Token::Comma | Token::Close)) {
                    i += 1;
                }
                i += usize::from(tokens.get(i) == Some(&Token::Comma));
            }
            i + 1
        }
        Some(Token::Star) => {
            out.push((prefix.to_vec(), "*".to_string()));
            i + 1
        }
        Some(Token::Word(word)) => {
            let mut path = prefix.to_vec();
            if word != "self" || prefix.is_empty() {
                path.push(word.clone());
            }
            let next = tokens.get(i + 2);
            if tokens.get(i + 1) == Some(&Token::Sep) && matches!(next, Some(Token::Word(_) | Token::Open | Token::Star)) {
                return tree(tokens, i + 2, &path, out);
            }
            let name = match (tokens.get(i + 1), next) {
                (Some(Token::Word(keyword)), Some(Token::Word(alias))) if keyword == "as" => alias.clone(),
                _ => path.last().cloned().unwrap_or_default(),
            };
            out.push((path, name));
            i + 1
        }
        _ => i + 1,
    }
}

/// What one file says about modules: the paths it names, each with the module it names it from
/// (the file's own, or an inline `mod tests { … }` in it), and the names its `use`s bind.
#[derive(Default)]
struct Names {
    paths: Vec<(Vec<String>, Vec<String>)>,
    bound: BTreeMap<String, (Vec<String>, Vec<String>)>,
}

/// The names of a file of module `module`.
fn names(text: &str, module: &[String]) -> Names {
    let tokens = tokens(text);
    let mut names = Names::default();
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0;
    let mut read_to = 0;
    for i in 0..tokens.len() {
        match tokens[i] {
            Token::Open => depth += 1,
            Token::Close => {
                depth -= 1;
                if inline.last().is_some_and(|&(_, at)| at == depth) {
                    inline.pop();
                }
            }
            _ => {}
        }
        let Token::Word(word) = &tokens[i] else { continue };
        if i < read_to {
            continue;
        }
        let here: Vec<String> = module.iter().cloned().chain(inline.iter().map(|(m, _)| m.clone())).collect();
        let mut found = Vec::new();
        if word == "mod" {
            if let (Some(Token::Word(name)), Some(Token::Open)) = (tokens.get(i + 1), tokens.get(i + 2)) {
                inline.push((name.clone(), depth));
            }
        } else if word == "use" {
            read_to = tree(&tokens, i + 1, &[], &mut found);
            for (path, name) in &found {
                if name != "*" {
                    names.bound.insert(name.clone(), (here.clone(), path.clone()));
                }
            }
        } else if tokens.get(i + 1) == Some(&Token::Sep) && (i == 0 || tokens[i - 1] != Token::Sep) {
            read_to = tree(&tokens, i, &[], &mut found);
        }
        names.paths.extend(found.into_iter().map(|(path, _)| (here.clone(), path)));
    }
    names
}

/// A crate's files, by module path (`[]` the root file, `["chart", "rank"]` `chart/rank.rs`), each
/// with its path relative to the crate's folder and its names.
struct Crate {
    files: BTreeMap<Vec<String>, (String, Names)>,
}

impl Crate {
    /// The crate whose root file is `dir/lib.rs`, or `dir/main.rs` when there is no `lib.rs` (a
    /// `main.rs` beside a `lib.rs` is another crate: the binary).
    fn read(dir: &Path) -> Crate {
        let root = if dir.join("lib.rs").exists() { "lib.rs" } else { "main.rs" };
        let files: Vec<(String, String)> = sources(dir)
            .into_iter()
            .map(|file| file.strip_prefix(dir).unwrap().to_string_lossy().replace('\\', "/"))
            .filter(|file| !(["lib.rs", "main.rs"].contains(&file.as_str()) && file != root))
            .map(|file| {
                let text = std::fs::read_to_string(dir.join(&file)).unwrap();
                (file, text)
            })
            .collect();
        Crate::of(&files)
    }

    /// The crate of these files (relative path and text; its root file is the one at the top
    /// named `lib.rs` or `main.rs`).
    fn of(files: &[(String, String)]) -> Crate {
        let mut out = BTreeMap::new();
        for (file, text) in files {
            let mut module: Vec<String> = file.trim_end_matches(".rs").split('/').map(String::from).collect();
            if module.last().is_some_and(|last| last == "mod") || (module.len() == 1 && ["lib", "main"].contains(&module[0].as_str())) {
                module.pop();
            }
            let names = names(text, &module);
            out.insert(module, (file.clone(), names));
        }
        Crate { files: out }
    }

    /// The module of the file that defines what `path`, named in `module`, names (through the
    /// `use`s of the modules it goes through: a façade's re-export leads to the file that defines
    /// the item); `None` for what is outside the crate or not a path to a module.
    fn resolve(&self, module: &[String], path: &[String], hops: usize) -> Option<Vec<String>> {
        let mut at = module.to_vec();
        let mut rest = path;
        match rest.first().map(String::as_str) {
            Some("crate") => {
                at.clear();
                rest = &rest[1..];
            }
            Some("super" | "self") => {
                while let Some(first) = rest.first() {
                    match first.as_str() {
                        "super" => drop(at.pop()),
                        "self" => {}
                        _ => break,
                    }
                    rest = &rest[1..];
                }
            }
            Some(first) => {
                // A child module of this one (`mod x;` in a root file or a façade).
                let child: Vec<String> = at.iter().cloned().chain([first.to_string()]).collect();
                if !self.files.contains_key(&child) {
                    return None;
                }
            }
            None => return None,
        }
        // An inline module (`mod tests { … }`) is in its file.
        while !self.files.contains_key(&at) {
            at.pop()?;
        }
        for segment in rest {
            let child: Vec<String> = at.iter().cloned().chain([segment.clone()]).collect();
            if self.files.contains_key(&child) {
                at = child;
                continue;
            }
            if let Some((from, target)) = self.files[&at].1.bound.get(segment) {
                if hops < 8 {
                    if let Some(defined) = self.resolve(from, target, hops + 1) {
                        return Some(defined);
                    }
                }
            }
            break;
        }
        Some(at)
    }

    /// File → the files it imports, by relative path. A file's own module and the modules under it
    /// are left out: a root file or a folder's `mod.rs` is the folder's façade, which declares,
    /// re-exports and calls its files, and they may import what it defines.
    fn graph(&self) -> BTreeMap<String, BTreeSet<String>> {
        let mut graph = BTreeMap::new();
        for (module, (file, names)) in &self.files {
            let mut targets = BTreeSet::new();
            for (from, path) in &names.paths {
                if let Some(target) = self.resolve(from, path, 0) {
                    if !target.starts_with(module) {
                        targets.insert(self.files[&target].0.clone());
                    }
                }
            }
            graph.insert(file.clone(), targets);
        }
        graph
    }
}

/// The part of `graph` between the files under `folder` (a relative path ending in `/`).
fn within(graph: &BTreeMap<String, BTreeSet<String>>, folder: &str) -> BTreeMap<String, BTreeSet<String>> {
    graph
        .iter()
        .filter(|(file, _)| file.starts_with(folder))
        .map(|(file, targets)| (file.clone(), targets.iter().filter(|t| t.starts_with(folder)).cloned().collect()))
        .collect()
}

/// `graph` between the top-level modules of its crate: a top-level file (`library.rs`: `library`)
/// or folder (`strategy/`: `strategy`) imports another when one of its files does.
fn folders(graph: &BTreeMap<String, BTreeSet<String>>) -> BTreeMap<String, BTreeSet<String>> {
    let top = |file: &str| file.split('/').next().unwrap().trim_end_matches(".rs").to_string();
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (file, targets) in graph {
        let from = top(file);
        let imports: BTreeSet<String> = targets.iter().map(|t| top(t)).filter(|t| *t != from).collect();
        out.entry(from).or_default().extend(imports);
    }
    out
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
fn no_two_files_import_each_other_in_a_circle() {
    let core = Crate::read(&root()).graph();
    // Every file of the core (each folder, and between folders), the CLI and the shell.
    let graphs = [
        ("cli/src", Crate::read(&workspace().join("cli/src")).graph()),
        ("src-tauri/src", Crate::read(&workspace().join("src-tauri/src")).graph()),
        ("src", core.clone()),
        ("src/lab", within(&core, "lab/")),
        ("src/strategy", within(&core, "strategy/")),
    ];
    if std::env::var_os("SHOW_IMPORTS").is_some() {
        eprintln!("{graphs:#?}");
    }
    // The graphs see the imports (a `use`, a path in code, a façade's re-export).
    for (folder, from, to) in [
        ("cli/src", "commands.rs", "play.rs"),
        ("src-tauri/src", "tables.rs", "charts.rs"),
        ("src/lab", "lab/deals.rs", "lab/chi2.rs"),
        ("src/lab", "lab/positions.rs", "lab/run.rs"),
        ("src/strategy", "strategy/chart/play.rs", "strategy/chart/hands.rs"),
        ("src/strategy", "strategy/custom.rs", "strategy/chart/mod.rs"),
        ("src", "ultimate_x/hint.rs", "ultimate_x/solved.rs"),
        ("src", "pipeline/settle.rs", "rules/screen.rs"),
    ] {
        let (_, graph) = graphs.iter().find(|(f, _)| *f == folder).unwrap();
        assert!(graph[from].contains(to), "{folder}: {from} imports {to}: {graph:#?}");
    }
    let circles: Vec<String> = graphs
        .iter()
        .filter_map(|(folder, graph)| circle(graph).map(|found| format!("{folder}: {}", found.join(" → "))))
        .collect();
    assert!(circles.is_empty(), "files import each other in a circle:\n{}", circles.join("\n"));
}

#[test]
fn no_folder_of_the_core_imports_back() {
    let graph = folders(&Crate::read(&root()).graph());
    for (from, to) in [("game", "pipeline"), ("pipeline", "shuffle"), ("table", "strategy"), ("library", "strategy")] {
        assert!(graph[from].contains(to), "{from} imports {to}: {graph:#?}");
    }
    if let Some(found) = circle(&graph) {
        panic!("the core's folders import in a circle: {}\n{graph:#?}", found.join(" → "));
    }
}

#[test]
fn the_import_graph_follows_every_kind_of_path_and_finds_a_planted_circle() {
    let files = |b: &str| -> Vec<(String, String)> {
        [
            ("lib.rs", "mod a;\nmod b;\npub use b::Thing;\n"),
            ("a/mod.rs", "mod x;\nmod y;\npub(crate) use y::{Y as Why};\nfn f() {\n    x::g();\n}\n"),
            ("a/x.rs", "use super::Why; // through the façade's re-export: y.rs\npub fn g() {}\n"),
            ("a/y.rs", "pub struct Y;\nfn h() -> &'static str {\n    let _ = '{';\n    \"crate::a::x\"\n}\nfn i() {\n    crate::b::thing();\n}\n"),
            ("b.rs", b),
        ]
        .into_iter()
        .map(|(file, text)| (file.to_string(), text.to_string()))
        .collect()
    };
    let set = |files: &[&str]| files.iter().map(|f| f.to_string()).collect::<BTreeSet<String>>();
    let back = "pub struct Thing;\npub fn thing() {}\n#[cfg(test)]\nmod tests {\n    use super::super::a::{x::{self, g}};\n}\n";
    let looped = Crate::of(&files(back)).graph();
    assert_eq!(looped["a/x.rs"], set(&["a/y.rs"]));
    assert_eq!(looped["a/y.rs"], set(&["b.rs"]), "a string or a character is no path");
    assert_eq!(looped["b.rs"], set(&["a/x.rs"]), "an inline module's super::super");
    assert_eq!(looped["a/mod.rs"], set(&[]), "a façade's own files are not its imports");
    assert_eq!(circle(&looped), Some(["a/x.rs", "a/y.rs", "b.rs", "a/x.rs"].map(String::from).to_vec()));
    let between_folders = folders(&looped);
    assert_eq!(between_folders["a"], set(&["b"]));
    assert!(circle(&between_folders).is_some());
    let open = Crate::of(&files("pub struct Thing;\npub fn thing() {\n    self::other();\n}\nfn other() {}\n")).graph();
    assert_eq!(open["b.rs"], set(&[]));
    assert_eq!(circle(&open), None);
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
