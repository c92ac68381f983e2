//! What the CLI test modules share: running the real binary, its output as text or one JSON object,
//! and the one-line usage error.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

/// A seed of 64 hex digits (bytes 00 … 1f).
pub const SEED: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

/// Runs the built `vpoker` with `args`, except a deal for chips from a known seed (`play … deal
/// --seed S` without `--practice`): the game refuses a chosen seed for chips
/// (`chosen-seed-for-chips`), so the tests that need a known hand for chips deal it as the app
/// does, with S as the system's seed ([`system_deal`]).
pub fn vpoker(args: &[&str]) -> Output {
    match system_deal(args) {
        Some(output) => output,
        None => vpoker_binary(args),
    }
}

/// Runs the built `vpoker` with `args`, always.
pub fn vpoker_binary(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_vpoker")).args(args).output().expect("the vpoker binary runs")
}

/// `play --db D [--today T] deal … --seed S` without `--practice`, dealt through the core as the app
/// deals (S as the system's seed, recorded `seed_from: system`) and printed as `play deal` prints
/// (the state, or `{"error":…}` with exit 1); `None` for any other command.
pub fn system_deal(args: &[&str]) -> Option<Output> {
    use std::os::unix::process::ExitStatusExt;
    use vpoker::game::{Bet, DealRequest, Day, Game, Lines, TableId};
    let at = args.iter().position(|&a| a == "deal")?;
    let flag = |name: &str| args.iter().position(|&a| a == name).map(|i| args[i + 1]);
    if args.first() != Some(&"play") || args.contains(&"--practice") || flag("--seed").is_none() || args.contains(&"--help") {
        return None;
    }
    let seed: vpoker::shuffle::Seed = flag("--seed")?.parse().ok()?;
    let db = std::path::PathBuf::from(flag("--db")?);
    let now: vpoker::game::Moment = match flag("--today") {
        Some(text) => match Day::parse(text) {
            Ok(day) => day.into(),
            Err(_) => Day::moment(chrono::NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M:%S").ok()?).ok()?,
        },
        None => Day::moment(chrono::Local::now().naive_local()).ok()?,
    };
    let bet: u32 = flag("--bet").map_or(Some(5), |b| b.parse().ok())?;
    let hands: u8 = flag("--hands").map_or(Some(1), |n| n.parse().ok())?;
    if args[at + 1..].iter().any(|a| a.starts_with("--") && !["--game", "--table", "--bet", "--hands", "--seed", "--ultimate-x"].contains(a)) {
        return None;
    }
    let table = match (flag("--table"), flag("--game")) {
        (Some(table), _) => table.to_string(),
        (None, Some(game)) => game.to_string(),
        (None, None) => return None,
    };
    let table = if args.contains(&"--ultimate-x") { format!("ultimate-x:{table}") } else { table };
    let outcome = (|| {
        let request = DealRequest { table: TableId::new(table.as_str())?, bet: Bet::new(bet)?, hands: Lines::new(hands)?, practice: false };
        Game::open(&db)?.deal(request, seed, now)
    })();
    let (text, code) = match outcome {
        Ok(state) => (serde_json::to_string(&state).unwrap(), 0),
        Err(error) => (serde_json::to_string(&serde_json::json!({ "error": error })).unwrap(), 1),
    };
    Some(Output { status: std::process::ExitStatus::from_raw(code << 8), stdout: format!("{text}\n").into_bytes(), stderr: Vec::new() })
}

/// Output bytes as text (they must be UTF-8).
/// Runs vpoker with `input` on standard input.
pub fn vpoker_stdin(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_vpoker"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the vpoker binary runs");
    child.stdin.take().expect("piped stdin").write_all(input.as_bytes()).expect("write stdin");
    child.wait_with_output().expect("vpoker finishes")
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

/// Runs `args`, checks success and exactly one line of output, and parses it as JSON.
pub fn json(args: &[&str]) -> Value {
    let out = vpoker(args);
    assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert_eq!(stdout.lines().count(), 1, "{args:?}: one JSON object on one line");
    serde_json::from_str(stdout.trim()).expect("a JSON object")
}

/// An object's keys in order.
pub fn keys(value: &Value) -> Vec<&str> {
    value.as_object().expect("an object").keys().map(String::as_str).collect()
}

/// Exit 2, nothing on standard output, and exactly one line on standard error in the chosen form:
/// `vpoker: MESSAGE`, without clap's `error: ` prefix, usage or "try --help" lines. Returns the line.
pub fn usage_error(args: &[&str]) -> String {
    let out = vpoker(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(out.stdout.is_empty(), "{args:?}");
    let stderr = text(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    assert!(stderr.ends_with('\n'), "{args:?}: {stderr}");
    let line = stderr.trim_end().to_string();
    assert!(line.starts_with("vpoker: "), "{args:?}: {line}");
    assert!(!line.contains("error:") && !line.contains("Usage:") && !line.contains("--help"), "{args:?}: {line}");
    line
}

/// A test's date as the game takes a day (checked: the tests' dates are days it keeps).
pub fn d(date: chrono::NaiveDate) -> vpoker::game::Day {
    vpoker::game::Day::new(date).expect("a day the game keeps")
}

/// The commitment a hand dealt from a system seed carries by the newest rule ("origin",
/// docs/VERIFY.md, "Commitments"): of `seed` and everything chosen before the deal, with what the
/// table showed on screen, if anything. The tests that craft a hand recompute it with this.
pub fn system_commitment(
    seed: &vpoker::shuffle::Seed,
    table: &vpoker::table::Table,
    (bet, lines, practice): (u32, u8, bool),
    on_screen: Option<&vpoker::rules::Screen>,
) -> [u8; 32] {
    let seed_from = vpoker::shuffle::SeedFrom::System;
    let terms = vpoker::pipeline::commit::Terms { table, bet, lines, practice, seed_from, on_screen };
    vpoker::pipeline::commit::origin(seed, &terms)
}

/// `scripts/verify_hand.py` on `history` (a `history --all` or `--limit` answer): whether it exits 0
/// and what it printed.
pub fn stranger(history: &Value) -> (bool, String) {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/verify_hand.py");
    let mut child = Command::new("python3").arg(script).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(history.to_string().as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into_owned())
}
