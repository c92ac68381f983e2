//! docs/VERIFY.md's "Questions a verifier asks": every worked example is rebuilt from the CLI (each
//! `console` block's commands run in order in one directory, their output compared with the text),
//! the level table is the game's, and every key `history --all` (full and compact) and `verify
//! --all --json` print on a game that uses every feature has a row in VERIFY.md's field tables.

use std::path::Path;
use std::process::Command;

use serde_json::Value;

use crate::common::{text, vpoker, SEED};
use crate::verify::{compare_fields, documented_fields, object_keys, Fields};

/// VERIFY.md's text.
fn doc() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/VERIFY.md")).unwrap()
}

/// The section of `doc` whose heading line is `heading`, up to the next `## ` heading.
fn section<'a>(doc: &'a str, heading: &str) -> &'a str {
    let start = doc.find(&format!("\n{heading}\n")).unwrap_or_else(|| panic!("VERIFY.md has a section {heading}")) + 1;
    let rest = &doc[start..];
    &rest[..rest[1..].find("\n## ").map_or(rest.len(), |end| end + 1)]
}

/// One command of a `console` block and what the block shows it printing.
struct Step {
    /// The command line as written after `$ `.
    line: String,
    /// Its words (a double-quoted word keeps its spaces).
    words: Vec<String>,
    /// `# excerpt`: only the keys shown are compared.
    excerpt: bool,
    /// `> /dev/null`: the output is not shown.
    discarded: bool,
    /// The lines shown after it (the exit status line taken off).
    shown: String,
    /// `[exit status N]`, else 0.
    status: i32,
}

/// Every `console` block of `text`, in order, as its steps.
fn steps(text: &str) -> Vec<Step> {
    let mut steps: Vec<Step> = Vec::new();
    for block in text.split("```console\n").skip(1) {
        let block = block.split("```").next().unwrap();
        for line in block.lines() {
            if let Some(command) = line.strip_prefix("$ ") {
                let (command, comment) = command.split_once(" #").unwrap_or((command, ""));
                let command = command.trim_end();
                let (command, discarded) = match command.strip_suffix(" > /dev/null") {
                    Some(command) => (command, true),
                    None => (command, false),
                };
                steps.push(Step {
                    line: line.to_string(),
                    words: words(command),
                    excerpt: comment.contains("excerpt"),
                    discarded,
                    shown: String::new(),
                    status: 0,
                });
            } else {
                let step = steps.last_mut().unwrap_or_else(|| panic!("output before any command: {line}"));
                if let Some(status) = line.strip_prefix("[exit status ").and_then(|s| s.strip_suffix(']')) {
                    step.status = status.parse().unwrap();
                } else {
                    step.shown.push_str(line);
                    step.shown.push('\n');
                }
            }
        }
    }
    steps
}

/// A command line's words: split at spaces, a double-quoted word kept whole (quotes taken off).
fn words(line: &str) -> Vec<String> {
    let (mut words, mut word, mut quoted) = (Vec::new(), String::new(), false);
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            ' ' if !quoted => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            c => word.push(c),
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// Whether every key of `shown` is in `printed` with the same value (objects compared key by key,
/// arrays element by element with the same length, anything else equal).
fn within(shown: &Value, printed: &Value) -> bool {
    match (shown, printed) {
        (Value::Object(shown), Value::Object(printed)) => {
            shown.iter().all(|(key, value)| printed.get(key).is_some_and(|p| within(value, p)))
        }
        (Value::Array(shown), Value::Array(printed)) => {
            shown.len() == printed.len() && shown.iter().zip(printed).all(|(s, p)| within(s, p))
        }
        _ => shown == printed,
    }
}

/// Runs one step in `dir`: `vpoker` (the built binary), `sqlite3 FILE "SQL"` (the SQL run by
/// SQLite through rusqlite) or `cp FROM TO` (FROM in the repository, TO in `dir`). Gives the exit
/// status, standard output and standard error.
fn run(step: &Step, dir: &Path) -> (i32, String, String) {
    let (program, args) = step.words.split_first().unwrap();
    match program.as_str() {
        "vpoker" => {
            let out = Command::new(env!("CARGO_BIN_EXE_vpoker")).args(args).current_dir(dir).output().unwrap();
            (out.status.code().unwrap(), text(&out.stdout), text(&out.stderr))
        }
        // A deal for chips from a known seed, dealt as the app deals (the seed the game's own):
        // `play deal --seed` deals practice only.
        "app" => {
            let args: Vec<String> = args
                .iter()
                .scan(false, |after_db, a| {
                    let word = if *after_db { dir.join(a).to_str().unwrap().to_string() } else { a.clone() };
                    *after_db = a == "--db";
                    Some(word)
                })
                .collect();
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let out = crate::common::system_deal(&args).unwrap_or_else(|| panic!("{}: app deals for chips from a seed", step.line));
            (out.status.code().unwrap(), text(&out.stdout), text(&out.stderr))
        }
        "sqlite3" => {
            let [file, sql] = args else { panic!("{}: sqlite3 FILE \"SQL\"", step.line) };
            let conn = rusqlite::Connection::open(dir.join(file)).unwrap();
            conn.execute_batch(sql).unwrap_or_else(|e| panic!("{}: {e}", step.line));
            (0, String::new(), String::new())
        }
        "cp" => {
            let [from, to] = args else { panic!("{}: cp FROM TO", step.line) };
            std::fs::copy(Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(from), dir.join(to)).unwrap();
            (0, String::new(), String::new())
        }
        other => panic!("{}: the examples run vpoker, app, sqlite3 and cp, not {other}", step.line),
    }
}

/// Each question's section has a worked example, and each example is what the CLI prints: the
/// commands of every `console` block of "Questions a verifier asks" run in order in one directory
/// (the blocks build on each other's files), each one's output compared with the lines after it.
#[test]
fn the_questions_worked_examples_are_what_the_cli_prints() {
    let doc = doc();
    let questions = section(&doc, "## Questions a verifier asks");
    // Every question has a worked example.
    for part in questions.split("\n### ").skip(1) {
        let title = part.lines().next().unwrap();
        assert!(part.contains("```console\n"), "the question \"{title}\" has no worked example");
    }
    assert!(questions.matches("\n### ").count() >= 11, "the eleven questions a stranger's verifier asked");
    let dir = tempfile::tempdir().unwrap();
    let steps = steps(questions);
    assert!(steps.len() >= 40, "{} steps", steps.len());
    for step in &steps {
        let (status, stdout, stderr) = run(step, dir.path());
        let context = || format!("{}\nexit status {status}\nstdout:\n{stdout}\nstderr:\n{stderr}", step.line);
        assert_eq!(status, step.status, "{}", context());
        if step.discarded {
            assert!(step.shown.is_empty(), "{}: output shown after > /dev/null", step.line);
            continue;
        }
        let shown_json = serde_json::from_str::<Value>(&step.shown).ok().filter(|_| step.shown.starts_with(['{', '[']));
        match shown_json {
            Some(shown) => {
                assert!(stderr.is_empty(), "{}", context());
                let printed: Value = serde_json::from_str(&stdout).unwrap_or_else(|_| panic!("not JSON: {}", context()));
                let same = if step.excerpt { within(&shown, &printed) } else { shown == printed };
                assert!(same, "VERIFY.md shows {}\n{}", serde_json::to_string(&shown).unwrap(), context());
            }
            None => {
                assert!(!step.excerpt, "{}: an excerpt is JSON", step.line);
                // Standard error's lines follow standard output's (on a line of their own).
                let mut printed = stdout.clone();
                if !printed.is_empty() && !printed.ends_with('\n') && !stderr.is_empty() {
                    printed.push('\n');
                }
                printed.push_str(&stderr);
                assert_eq!(printed, step.shown, "{}", context());
            }
        }
    }
}

/// The refill the bags' example works through: Fisher–Yates on stream 1 of hand 1's seed turns
/// the normal bag's `1 0 0 0 0 0` into `0 1 0 0 0 0`.
#[test]
fn the_bags_example_s_refill_is_the_game_s() {
    use vpoker::pipeline::deal::bag_rng;
    use vpoker::pipeline::Situation;
    use vpoker::shuffle::Seed;
    let seed: Seed = format!("{:0>64}", "dead0003").parse().unwrap();
    let mut bag = Situation::Normal.new_bag();
    let first = bag.draw(&mut bag_rng(&seed));
    let mut order = vec![first];
    order.extend_from_slice(bag.remaining());
    let shown: Vec<&str> = order.iter().map(|&b| if b { "1" } else { "0" }).collect();
    let doc = doc();
    let questions = section(&doc, "## Questions a verifier asks").split_whitespace().collect::<Vec<_>>().join(" ");
    let claim = format!("Fisher–Yates over `1 0 0 0 0 0` on stream 1 of hand 1's seed gives `{}`", shown.join(" "));
    assert!(questions.contains(&claim), "VERIFY.md says: {claim}");
}

/// The table of levels and unlocks is the game's: each level's XP (100·L·(L−1)) and what opens.
#[test]
fn the_documented_levels_and_unlocks_are_the_game_s() {
    use vpoker::game::rules::{level_for_xp, level_start_xp, unlocks, Unlock};
    let doc = doc();
    let questions = section(&doc, "## Questions a verifier asks");
    let table = questions.split("| level | XP from | opens |").nth(1).expect("the level table");
    let rows: Vec<Vec<String>> = table
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with("| "))
        .map(|l| l.trim_matches('|').split('|').map(|c| c.trim().replace(',', "")).collect())
        .collect();
    let mut expected: Vec<(u32, String)> = vec![(1, "jacks-or-better, single hands".to_string())];
    for (level, unlock) in unlocks() {
        let what = match unlock {
            Unlock::Machine(machine) => machine.id().to_string(),
            Unlock::MultiPlay => "Triple and Five Play".to_string(),
            Unlock::Lines(count) => format!("{} Play", match count { 10 => "Ten", 50 => "Fifty", _ => "Hundred" }),
        };
        match expected.last_mut() {
            Some((at, opens)) if *at == level => *opens = format!("{opens}; {what}"),
            _ => expected.push((level, what)),
        }
    }
    assert_eq!(rows.len(), expected.len(), "{rows:?}");
    for (row, (level, opens)) in rows.iter().zip(&expected) {
        assert_eq!(row[0], level.to_string());
        assert_eq!(row[1], level_start_xp(*level).to_string(), "level {level}");
        assert_eq!(level_for_xp(level_start_xp(*level)), *level);
        assert_eq!(level_for_xp(level_start_xp(*level) - u64::from(*level > 1)), level - u32::from(*level > 1));
        let shown = row[2].replace('`', "").replace(',', "");
        assert_eq!(shown, opens.replace(',', ""), "level {level}");
    }
}

fn play(db: &Path, today: &str, args: &[&str]) -> Value {
    let mut all = vec!["play", "--db", db.to_str().unwrap(), "--today", today];
    all.extend_from_slice(args);
    let out = vpoker(&all);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}{}", text(&out.stdout), text(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("JSON")
}

/// What `history --all` prints, as JSON, and its keys.
fn whole(db: &Path, compact: bool) -> (Value, Fields) {
    let mut args = vec!["play", "--db", db.to_str().unwrap(), "history", "--all"];
    if compact {
        args.push("--compact");
    }
    let out = vpoker(&args);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let value: Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut keys = Fields::new();
    object_keys(&value, ".", &mut keys);
    (value, keys)
}

/// The keys of `vpoker verify --db DB --all --json`, and its exit status.
fn verify_all_keys(db: &Path, into: &mut Fields) -> i32 {
    let out = vpoker(&["verify", "--db", db.to_str().unwrap(), "--all", "--json"]);
    object_keys(&serde_json::from_slice(&out.stdout).unwrap(), ".", into);
    out.status.code().unwrap()
}

/// A verifier reads the whole history by its keys: every key `vpoker play history --all` prints
/// (nested too; a hand's as in `history --json`), every key of `history --all --compact` and of
/// `vpoker verify --all --json` (passed and failed) has a row in VERIFY.md's field tables, and every
/// row there is printed. The game uses every feature that shapes the output: real hands with kind
/// deals (nudged, in more than one situation), daily claims (one of them as a file from before
/// places were recorded has it), Deuces Wild, Triple, Five and Ten Play (a nudged multi-line deal),
/// practice on a machine, a library table and a saved lab table, a hand left in progress. A key
/// added to the output without a row (Ultimate X's multipliers, say) fails here, named.
#[test]
fn every_key_the_whole_history_and_its_check_print_is_documented() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    // Level 12 (Ten Play) from 300 hands at 50, claiming each day's chips as it goes.
    play(&db, "2026-11-01", &["fill", "--hands", "300", "--bet", "50", "--seed", SEED]);
    let state = play(&db, "2026-12-01", &["claim-daily"]);
    assert!(state["level"].as_u64().unwrap() >= 12, "{}", state["level"]);
    play(&db, "2026-12-01", &["fill", "--game", "deuces-wild", "--hands", "60", "--bet", "5", "--seed", &"d1".repeat(32)]);
    // Multi-line deals until one is nudged (the normal bag nudges 1 dead deal in 6).
    let mut nudged_lines = None;
    for n in 0..96 {
        let lines = ["3", "5", "10"][n % 3];
        let seed = format!("{:0>64}", format!("dead{n:04x}"));
        let state = play(&db, "2026-12-01", &["deal", "--game", "bonus-poker", "--bet", "5", "--hands", lines, "--seed", &seed]);
        play(&db, "2026-12-01", &["draw", "00101"]);
        if state["hand"]["nudged"] == true {
            nudged_lines = Some(lines);
            break;
        }
    }
    assert!(nudged_lines.is_some(), "a nudged multi-line deal among 96 dead seeds");
    play(&db, "2026-12-01", &["deal", "--game", "jacks-or-better", "--bet", "10", "--hands", "10", "--seed", &"e1".repeat(32)]);
    play(&db, "2026-12-01", &["draw", "11000"]);
    play(&db, "2026-12-01", &["deal", "--game", "deuces-wild", "--practice", "--bet", "5", "--hands", "5", "--seed", &"e2".repeat(32)]);
    play(&db, "2026-12-01", &["draw", "10001"]);
    play(&db, "2026-12-01", &["deal", "--practice", "--table", "double-double-bonus-9-6", "--bet", "5", "--hands", "3", "--seed", &"e3".repeat(32)]);
    play(&db, "2026-12-01", &["draw", "11100"]);
    vpoker::game::Game::open(&db)
        .unwrap()
        .save_lab_table("Flat", vpoker::machine::MachineId::JacksOrBetter, &[vpoker::game::RowPay { row: "full-house".into(), pay: "6".into() }])
        .unwrap();
    play(&db, "2026-12-01", &["deal", "--practice", "--table", "lab:Flat", "--bet", "5", "--seed", &"e4".repeat(32)]);
    play(&db, "2026-12-01", &["draw", "00011"]);
    // Ultimate X for chips on three lines, twice (the second dealt with what the first earned).
    for seed in ["e5", "e6"] {
        play(&db, "2026-12-01", &["deal", "--game", "jacks-or-better", "--ultimate-x", "--bet", "5", "--hands", "3", "--seed", &seed.repeat(32)]);
        play(&db, "2026-12-01", &["draw", "11000"]);
    }
    // A claim from before places were recorded, counted as the upgrade to schema 19 counts it.
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute("UPDATE daily_claims SET after_hand = NULL WHERE rowid = (SELECT MIN(rowid) FROM daily_claims)", []).unwrap();
    conn.execute("UPDATE profile SET unplaced_claims = 1", []).unwrap();
    drop(conn);

    let (full, mut printed) = whole(&db, false);
    let hands = full["hands"].as_array().unwrap();
    let has = |what: &str, test: &dyn Fn(&Value) -> bool| assert!(hands.iter().any(test), "the history has {what}");
    has("a nudged single hand", &|h| h["hands"] == 1 && !h["nudge"].is_null());
    has("a nudged multi-line hand", &|h| h["hands"].as_u64() > Some(1) && !h["nudge"].is_null());
    has("a Ten Play hand", &|h| h["hands"] == 10);
    has("an Ultimate X hand", &|h| h["multipliers"].is_array());
    has("a losing-streak bag draw", &|h| h["situation"] == "losing-streak");
    has("a practice hand on a machine", &|h| h["practice"] == true && !h["machine"].is_null());
    has("a library table's hand", &|h| h["table_label"]["kind"] == "game" && h["machine"].is_null());
    has("a lab table's hand", &|h| h["table_label"]["kind"] == "lab");
    let claims = full["claims"].as_array().unwrap();
    assert!(claims.iter().any(|c| c["after_hand"].is_null()) && claims.iter().any(|c| c["after_hand"].is_i64()));
    // A hand left in progress: the same keys, `in_progress` a number.
    play(&db, "2026-12-01", &["deal", "--game", "jacks-or-better", "--bet", "5", "--seed", &"e5".repeat(32)]);
    let (in_progress, keys) = whole(&db, false);
    assert!(in_progress["in_progress"].is_i64());
    printed.extend(keys);
    let mut documented = documented_fields("## Fields of `vpoker play history --all`");
    documented.extend(documented_fields("## Fields of `vpoker play history --json`").into_iter().filter(|(p, _)| p != "."));
    compare_fields("vpoker play history --all", &printed, &documented);

    let (_, mut printed) = whole(&db, true);
    let header = documented_fields("## Fields of `vpoker play history --all`");
    let mut documented = documented_fields("## Fields of `vpoker play history --all --compact`");
    documented.extend(header.into_iter().filter(|(p, _)| p != "."));
    play(&db, "2026-12-01", &["draw", "10000"]);
    printed.extend(whole(&db, true).1);
    compare_fields("vpoker play history --all --compact", &printed, &documented);

    let mut printed = Fields::new();
    assert_eq!(verify_all_keys(&db, &mut printed), 0, "the history verifies");
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute("UPDATE profile SET losing_streak = losing_streak + 1", []).unwrap();
    drop(conn);
    assert_eq!(verify_all_keys(&db, &mut printed), 1, "a profile the history does not give");
    compare_fields("vpoker verify --all --json", &printed, &documented_fields("## Fields of `vpoker verify --all`"));
}

/// "Ultimate X"'s worked example (a pasted seed on three lines at 1, 4 and 2) is what the CLI prints.
#[test]
fn the_variants_examples_are_what_the_cli_prints() {
    let doc = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/VERIFY.md")).unwrap();
    for heading in ["### Ultimate X", "### Super Times Pay"] {
        let start = doc.find(&format!("\n{heading}\n")).unwrap_or_else(|| panic!("VERIFY.md has a section {heading}")) + 1;
        let rest = &doc[start..];
        let part = &rest[..rest[1..].find("\n### ").map_or(rest.len(), |end| end + 1)];
        let steps = steps(part);
        assert_eq!(steps.len(), 1, "{heading}: one example");
        let dir = tempfile::tempdir().unwrap();
        for step in &steps {
            let (status, out, err) = run(step, dir.path());
            assert_eq!((status, out.as_str()), (step.status, step.shown.as_str()), "{}\n{err}", step.line);
        }
    }
}
