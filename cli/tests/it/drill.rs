//! The `vpoker drill` contract, run through the real binary: the JSON line, determinism per seed,
//! agreement with `vpoker hint`, the text form, usage errors (one line, exit 2), and hard hands on
//! the kicker games' tables.

use crate::common::{keys, text, usage_error, vpoker, SEED};

use serde_json::Value;

const OTHER_SEED: &str = "ff0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
const GAMES: [&str; 4] = ["jacks-or-better", "deuces-wild", "bonus-poker", "double-bonus"];

/// `drill --source hard` on `game`, checked to succeed with nothing on standard error.
fn drill(game: &str, seed: &str, count: &str, json: bool) -> String {
    let mut args = vec!["drill", "--game", game, "--source", "hard", "--count", count, "--seed", seed];
    if json {
        args.push("--json");
    }
    let out = vpoker(&args);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", text(&out.stderr));
    assert!(out.stderr.is_empty(), "{args:?}");
    text(&out.stdout)
}

/// Checks one line against the contract and returns it parsed.
fn check_line(line: &str) -> Value {
    let value: Value = serde_json::from_str(line).expect("a JSON object");
    assert_eq!(keys(&value), ["seed", "cards", "best", "holds", "plain", "reason"]);
    let cards: Vec<&str> = value["cards"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
    assert_eq!(cards.len(), 5);
    assert!(vpoker::card::parse_hand(&cards.join(" ")).is_ok(), "five distinct cards: {cards:?}");
    let holds = value["holds"].as_array().expect("holds is an array");
    assert_eq!(holds.len(), 32);
    assert_eq!(value["best"], holds[0]["mask"], "best first");
    let mut seen = [false; 32];
    for hold in holds {
        assert_eq!(keys(hold), ["mask", "ev"]);
        let mask = hold["mask"].as_u64().unwrap() as usize;
        assert!(mask < 32 && !seen[mask], "mask {mask}");
        seen[mask] = true;
        assert!(hold["ev"].as_f64().unwrap() >= 0.0);
    }
    for pair in holds.windows(2) {
        assert!(pair[0]["ev"].as_f64().unwrap() >= pair[1]["ev"].as_f64().unwrap(), "best first");
    }
    assert!(value["plain"].as_u64().unwrap() < 32);
    let reason = value["reason"].as_str().unwrap();
    assert!(reason == "plain-rule-differs" || reason == "close-call", "{reason}");
    // The predicate, from the printed (rounded) EVs; the bounds allow for the rounding.
    let ev = |mask: u64| holds.iter().find(|h| h["mask"] == mask).unwrap()["ev"].as_f64().unwrap();
    let best = holds[0]["ev"].as_f64().unwrap();
    let plain_cost = best - ev(value["plain"].as_u64().unwrap());
    if reason == "plain-rule-differs" {
        assert!(plain_cost > 0.0, "{line}");
    } else {
        assert!(plain_cost < 1e-8, "{line}");
        let second = holds.iter().map(|h| h["ev"].as_f64().unwrap()).find(|&e| best - e > 1e-8).unwrap();
        assert!(best - second <= 0.10 * best + 1e-8, "{line}");
    }
    value
}

#[test]
fn json_lines_are_the_contract_objects_on_every_machine() {
    for game in GAMES {
        let stdout = drill(game, SEED, "40", true);
        assert_eq!(stdout.lines().count(), 40, "{game}");
        let values: Vec<Value> = stdout.lines().map(check_line).collect();
        assert!(values.iter().any(|v| v["reason"] == "close-call"), "{game}");
        assert!(values.iter().any(|v| v["reason"] == "plain-rule-differs"), "{game}");
    }
}

#[test]
fn the_evs_are_the_hint_s() {
    let stdout = drill("double-bonus", SEED, "3", true);
    for line in stdout.lines() {
        let value = check_line(line);
        let cards: Vec<&str> = value["cards"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
        let out = vpoker(&["hint", "--game", "double-bonus", "--json", &cards.join(" ")]);
        let hint: Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
        assert_eq!(hint["best"], value["best"]);
        for (ours, theirs) in value["holds"].as_array().unwrap().iter().zip(hint["holds"].as_array().unwrap()) {
            assert_eq!(ours["mask"], theirs["mask"]);
            assert_eq!(ours["ev"].as_f64(), theirs["ev"].as_f64());
        }
    }
}

#[test]
fn a_seed_always_gives_the_same_hands() {
    for game in GAMES {
        let first = drill(game, SEED, "25", true);
        assert_eq!(first, drill(game, SEED, "25", true), "{game}");
        assert_ne!(first, drill(game, OTHER_SEED, "25", true), "{game}");
        let shorter = drill(game, SEED, "10", true);
        assert!(first.starts_with(&shorter), "{game}: a shorter run is the start of a longer one");
    }
}

#[test]
fn text_lines_name_the_cards_the_reason_and_both_holds() {
    let json = drill("jacks-or-better", SEED, "12", true);
    let plain_text = drill("jacks-or-better", SEED, "12", false);
    assert_eq!(plain_text.lines().count(), 12);
    for (line, json_line) in plain_text.lines().zip(json.lines()) {
        let value: Value = serde_json::from_str(json_line).unwrap();
        let cards: Vec<&str> = value["cards"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
        assert!(line.starts_with(&cards.join(" ")), "{line}");
        assert!(line.contains(value["reason"].as_str().unwrap()), "{line}");
        let bits = |mask: u64| (0..5).map(|i| if mask & (1 << i) != 0 { '1' } else { '0' }).collect::<String>();
        assert!(line.contains(&format!("best {}", bits(value["best"].as_u64().unwrap()))), "{line}");
        assert!(line.contains(&format!("plain {}", bits(value["plain"].as_u64().unwrap()))), "{line}");
    }
}

#[test]
fn usage_errors_are_one_line_with_exit_2() {
    let game = "jacks-or-better";
    for (args, word) in [
        (&["drill", "--game", "poker", "--source", "hard", "--count", "1", "--seed", SEED][..], "--game"),
        (&["drill", "--game", game, "--source", "easy", "--count", "1", "--seed", SEED][..], "--source"),
        (&["drill", "--game", game, "--count", "1", "--seed", SEED][..], "--source"),
        (&["drill", "--game", game, "--source", "hard", "--count", "0", "--seed", SEED][..], "--count"),
        (&["drill", "--game", game, "--source", "hard", "--count", "1000001", "--seed", SEED][..], "--count"),
        (&["drill", "--game", game, "--source", "hard", "--count", "ten", "--seed", SEED][..], "--count"),
        (&["drill", "--game", game, "--source", "hard", "--seed", SEED][..], "--count"),
        (&["drill", "--game", game, "--source", "hard", "--count", "1"][..], "--seed"),
        (&["drill", "--game", game, "--source", "hard", "--count", "1", "--seed", "abc"][..], "--seed"),
        (&["drill", "--game", game, "--source", "mistakes"][..], "--db"),
        (&["drill", "--source", "hard", "--count", "1", "--seed", SEED][..], "--game"),
    ] {
        let line = usage_error(args);
        assert!(line.contains(word), "{args:?}: {line}");
    }
}

#[test]
fn the_mistakes_source_lists_the_review_queue_of_a_database() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    let db_text = db.to_str().unwrap();
    // A missing database is a usage error (it is never created).
    let line = usage_error(&["drill", "--game", "jacks-or-better", "--source", "mistakes", "--db", db_text]);
    assert!(line.contains("no such database"), "{line}");
    // Play hands holding everything: many are mistakes.
    for n in 0..12 {
        let seed = format!("{:064x}", 77 + n);
        let play = |args: &[&str]| {
            let mut all = vec!["play", "--db", db_text, "--today", "2026-11-30"];
            all.extend_from_slice(args);
            assert_eq!(vpoker(&all).status.code(), Some(0), "{args:?}");
        };
        play(&["deal", "--game", "jacks-or-better", "--bet", "5", "--seed", &seed]);
        play(&["draw", "11111"]);
    }
    let listed = vpoker(&["play", "--db", db_text, "mistakes", "--limit", "50"]);
    let listed: serde_json::Value = serde_json::from_slice(&listed.stdout).unwrap();
    let queued = listed["mistakes"].as_array().unwrap();
    assert!(!queued.is_empty());
    let out = vpoker(&["drill", "--game", "jacks-or-better", "--source", "mistakes", "--db", db_text, "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let lines: Vec<serde_json::Value> = text(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), queued.len());
    for line in &lines {
        assert_eq!(line["cards"].as_array().unwrap().len(), 5);
        assert_eq!(line["holds"].as_array().unwrap().len(), 32);
        assert_eq!(line["best"], line["holds"][0]["mask"]);
        assert_ne!(line["hold"], line["best"]);
    }
    let two = vpoker(&[
        "drill",
        "--game",
        "jacks-or-better",
        "--source",
        "mistakes",
        "--db",
        db_text,
        "--count",
        "2",
        "--json",
    ]);
    assert_eq!(text(&two.stdout).lines().count(), 2.min(queued.len()));

    // The one line, every flag given, works for both sources (the unneeded one is not read).
    // `play mistakes --json` lists the same queue.
    let listed_json = vpoker(&["play", "--db", db_text, "mistakes", "--limit", "50", "--json"]);
    assert_eq!(serde_json::from_slice::<serde_json::Value>(&listed_json.stdout).unwrap(), listed);
    for source in ["hard", "mistakes"] {
        let args = ["--game", "jacks-or-better", "--source", source, "--db", db_text, "--count", "3", "--seed", SEED];
        let out = vpoker(&[&["drill"][..], &args, &["--json"]].concat());
        assert_eq!(out.status.code(), Some(0), "{source}: {}", text(&out.stderr));
        let lines: Vec<Value> = text(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(lines.len(), if source == "hard" { 3 } else { 3.min(queued.len()) }, "{source}");
        assert!(lines.iter().all(|l| l["holds"].as_array().is_some_and(|h| h.len() == 32)), "{source}");
    }
    let hard_alone = drill("jacks-or-better", SEED, "3", true);
    let args = ["drill", "--game", "jacks-or-better", "--source", "hard", "--db", db_text, "--count", "3"];
    let with_db = vpoker(&[&args[..], &["--seed", SEED, "--json"]].concat());
    assert_eq!(text(&with_db.stdout), hard_alone, "--db changes nothing for hard hands");
}

#[test]
fn help_names_the_flags_and_sources() {
    let out = vpoker(&["drill", "--help"]);
    assert_eq!(out.status.code(), Some(0));
    let help = text(&out.stdout);
    for word in [
        "--game <ID>",
        "--source <SOURCE>",
        "hard",
        "mistakes",
        "--count <N>",
        "--seed <HEX64>",
        "--db <FILE>",
        "--json",
    ] {
        assert!(help.contains(word), "{word}: {help}");
    }
    assert!(text(&vpoker(&["--help"]).stdout).contains("drill"));
}

const KICKER_GAMES: [&str; 2] = ["double-double-bonus", "triple-double-bonus"];

#[test]
fn hard_hands_on_a_kicker_game_are_hard_on_its_table_and_its_own() {
    for game in KICKER_GAMES {
        let stdout = drill(game, SEED, "40", true);
        assert_eq!(stdout.lines().count(), 40, "{game}");
        // Every line hard by the stated predicate, from its own printed EVs.
        let values: Vec<Value> = stdout.lines().map(check_line).collect();
        assert!(values.iter().any(|v| v["reason"] == "close-call"), "{game}");
        assert!(values.iter().any(|v| v["reason"] == "plain-rule-differs"), "{game}");
        // Deterministic per seed, another seed other hands, a shorter run the start of a longer.
        assert_eq!(stdout, drill(game, SEED, "40", true), "{game}");
        assert_ne!(stdout, drill(game, OTHER_SEED, "40", true), "{game}");
        assert!(stdout.starts_with(&drill(game, SEED, "7", true)), "{game}");
        // Not Jacks or Better's hands for the same seed (the deals are, their EVs are the game's).
        assert_ne!(stdout, drill("jacks-or-better", SEED, "40", true), "{game}");
        // The EVs are `vpoker hint --game GAME`'s, on the kicker table.
        for value in values.iter().take(4) {
            let cards: Vec<&str> = value["cards"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
            let out = vpoker(&["hint", "--game", game, "--json", &cards.join(" ")]);
            let hint: Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
            assert_eq!(hint["best"], value["best"], "{game}");
            for (ours, theirs) in value["holds"].as_array().unwrap().iter().zip(hint["holds"].as_array().unwrap()) {
                assert_eq!(ours["mask"], theirs["mask"], "{game}");
                assert_eq!(ours["ev"].as_f64(), theirs["ev"].as_f64(), "{game}");
            }
        }
        // The text form, as a machine's.
        let plain_text = drill(game, SEED, "5", false);
        for (line, value) in plain_text.lines().zip(&values) {
            assert!(line.contains(value["reason"].as_str().unwrap()), "{line}");
        }
    }
    assert_ne!(drill(KICKER_GAMES[0], SEED, "40", true), drill(KICKER_GAMES[1], SEED, "40", true));
}

/// `--source mistakes` takes any table: a practised library table's mistaken deals are on its own
/// review queue (not a machine's), and an unknown table is refused, the database only read.
#[test]
fn the_mistakes_source_takes_any_table() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    let db_text = db.to_str().unwrap();
    let table = "double-double-bonus-9-6";
    for n in 0..6 {
        let seed = format!("{:02x}", 0x60 + n).repeat(32);
        let out = vpoker(&["play", "--db", db_text, "--today", "2026-11-03", "deal", "--practice", "--table", table, "--bet", "10", "--seed", &seed]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let out = vpoker(&["play", "--db", db_text, "--today", "2026-11-03", "draw", "00000"]);
        assert!(out.status.success(), "{}", text(&out.stderr));
    }
    let before = std::fs::read(&db).unwrap();
    let out = vpoker(&["drill", "--game", table, "--source", "mistakes", "--db", db_text, "--json"]);
    assert!(out.status.success(), "{}", text(&out.stdout));
    let queued: Vec<Value> = text(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert!(!queued.is_empty(), "throwing every hand away made mistakes on {table}");
    for value in &queued {
        assert_ne!(value["hold"], value["best"], "{value}");
        let hand = value["hand"].as_i64().unwrap().to_string();
        let verified = vpoker(&["verify", "--db", db_text, "--hand", &hand, "--json"]);
        assert!(verified.status.success(), "{}", text(&verified.stdout));
    }
    let machine = vpoker(&["drill", "--game", "jacks-or-better", "--source", "mistakes", "--db", db_text, "--json"]);
    assert!(machine.status.success() && text(&machine.stdout).is_empty(), "a machine's queue is its own");
    let line = usage_error(&["drill", "--game", "no-such-table", "--source", "mistakes", "--db", db_text]);
    assert!(line.contains("'no-such-table' is not a table"), "{line}");
    let unsaved = vpoker(&["drill", "--game", "lab:Nothing", "--source", "mistakes", "--db", db_text]);
    assert_eq!(unsaved.status.code(), Some(1), "{}", text(&unsaved.stdout));
    assert!(text(&unsaved.stdout).contains("\"unknown-table\""), "{}", text(&unsaved.stdout));
    let _ = std::fs::remove_file(dir.path().join("game.db-wal"));
    assert_eq!(std::fs::read(&db).unwrap(), before, "the database is only read");
    let help = text(&vpoker(&["drill", "--help"]).stdout);
    assert!(help.contains("double-double-bonus, triple-double-bonus, ") && help.contains("jacks-or-better-8-5"), "{help}");
}

/// Any table is drilled by id — a library table, or a lab table read from `--db` — and every hand
/// names its seed, which `verify --seed` deals again on that table.
#[test]
fn every_table_is_drilled_and_each_hand_s_seed_verifies_on_it() {
    use vpoker::game::{Game, RowPay};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    let db_text = db.to_str().unwrap();
    let pays = [RowPay { row: "full-house".into(), pay: "6".into() }];
    Game::open(&db).unwrap().save_lab_table("Six five", vpoker::machine::MachineId::JacksOrBetter, &pays).unwrap();
    for (game, with_db) in [("jacks-or-better-8-5", false), ("lab:Six five", true), ("double-double-bonus", false)] {
        let mut args = vec!["drill", "--game", game, "--source", "hard", "--count", "5", "--seed", SEED, "--json"];
        if with_db {
            args.extend_from_slice(&["--db", db_text]);
        }
        let out = vpoker(&args);
        assert!(out.status.success(), "{game}: {}", text(&out.stderr));
        for line in text(&out.stdout).lines() {
            let hand = check_line(line);
            let seed = hand["seed"].as_str().unwrap();
            let mut verify = vec!["verify", "--seed", seed, "--game", game, "--hold", "0", "--json"];
            if with_db {
                verify.extend_from_slice(&["--db", db_text]);
            }
            let out = vpoker(&verify);
            let replayed: Value = serde_json::from_slice(&out.stdout).unwrap();
            assert_eq!((out.status.code(), &replayed["dealt"], &replayed["game"]), (Some(0), &hand["cards"], &Value::from(game)));
        }
    }
    // The 8/5 table's hands are not the 9/6 machine's: the same deals, other pays.
    assert_ne!(drill("jacks-or-better-8-5", SEED, "40", true), drill("jacks-or-better", SEED, "40", true));
    // A lab table needs the game it was saved in; one that is not there is the game's refusal.
    let line = usage_error(&["drill", "--game", "lab:Six five", "--source", "hard", "--count", "1", "--seed", SEED]);
    assert!(line.contains("--db"), "{line}");
    let line = usage_error(&["verify", "--seed", SEED, "--game", "lab:Six five"]);
    assert!(line.contains("--db"), "{line}");
    for args in [
        &["drill", "--game", "lab:None", "--source", "hard", "--count", "1", "--seed", SEED, "--db", db_text][..],
        &["verify", "--seed", SEED, "--game", "lab:None", "--db", db_text][..],
    ] {
        let out = vpoker(args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(text(&out.stdout).contains("unknown-table"), "{args:?}");
    }
}
