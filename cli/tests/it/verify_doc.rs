//! docs/VERIFY.md's "Questions a verifier asks": every worked example is rebuilt from the CLI (each
//! `console` block's commands run in order in one directory, their output compared with the text),
//! and the level table is the game's.

use std::path::Path;
use std::process::Command;

use serde_json::Value;

use crate::common::text;

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
        other => panic!("{}: the examples run vpoker, sqlite3 and cp, not {other}", step.line),
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
