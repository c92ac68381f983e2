//! Several `vpoker play` processes on one file at once: one plays a hand per process
//! (`autoplay --hands 1`, collecting a later day's chips when short) while others keep asking for
//! the state and the full audit. No answer may be a refusal of the file (`corrupt-database`) or a
//! storage failure (a busy file included): every command succeeds.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;

/// How long the player plays.
const PLAY_FOR: Duration = Duration::from_secs(4);

/// Runs `vpoker play --db DB --today DAY ARGS`; returns the exit code and the JSON printed.
fn play(db: &Path, day: &str, args: &[&str]) -> (Option<i32>, Value, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_vpoker"))
        .args(["play", "--db"])
        .arg(db)
        .args(["--today", day])
        .args(args)
        .output()
        .expect("the vpoker binary runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let value = serde_json::from_str(stdout.trim()).unwrap_or(Value::Null);
    (out.status.code(), value, format!("{stdout}{}", String::from_utf8_lossy(&out.stderr)))
}

/// Records a command that did not succeed, naming the error kind it answered.
fn check(failures: &Mutex<Vec<String>>, what: &str, (code, value, text): &(Option<i32>, Value, String)) -> bool {
    if *code == Some(0) {
        return true;
    }
    let kind = value["error"]["kind"].as_str().unwrap_or("(no JSON error)");
    failures.lock().unwrap().push(format!("{what}: exit {code:?}, {kind}: {}", text.trim()));
    false
}

fn date(d: u64) -> String {
    (chrono::NaiveDate::from_ymd_opt(2026, 11, 1).unwrap() + chrono::Days::new(d)).to_string()
}

#[test]
fn state_and_audit_processes_beside_a_playing_process_never_fail() {
    let dir = tempfile::tempdir().unwrap();
    let db: PathBuf = dir.path().join("shared.db");
    let failures = Arc::new(Mutex::new(Vec::new()));
    assert!(check(&failures, "first state", &play(&db, &date(0), &["state"])), "{:?}", failures.lock().unwrap());
    let stop = Arc::new(AtomicBool::new(false));
    let readers: Vec<_> = [&["state"][..], &["audit"][..], &["state"][..]]
        .into_iter()
        .map(|args| {
            let (db, stop, failures) = (db.clone(), Arc::clone(&stop), Arc::clone(&failures));
            std::thread::spawn(move || {
                let mut runs = 0u32;
                while !stop.load(Ordering::Relaxed) {
                    let outcome = play(&db, &date(0), args);
                    if check(&failures, args[0], &outcome) && args[0] == "audit" && outcome.1["ok"] != true {
                        failures.lock().unwrap().push(format!("audit not ok: {}", outcome.1));
                    }
                    runs += 1;
                }
                runs
            })
        })
        .collect();
    let (started, mut today, mut hands) = (Instant::now(), 0u64, 0u32);
    while started.elapsed() < PLAY_FOR {
        let outcome = play(&db, &date(today), &["autoplay", "--hands", "1", "--bet", "5"]);
        if !check(&failures, "autoplay", &outcome) {
            break;
        }
        hands += 1;
        if outcome.1["chips"].as_u64().unwrap_or(0) < 5 {
            today += 1;
            if !check(&failures, "claim-daily", &play(&db, &date(today), &["claim-daily"])) {
                break;
            }
        }
    }
    stop.store(true, Ordering::Relaxed);
    let runs: Vec<u32> = readers.into_iter().map(|r| r.join().expect("a reader thread does not panic")).collect();
    let failures = failures.lock().unwrap();
    assert!(failures.is_empty(), "{} failed commands ({hands} hands; reader runs {runs:?}):\n{}", failures.len(), failures.join("\n"));
    assert!(hands >= 3, "only {hands} hands were played");
    assert!(runs.iter().all(|&n| n >= 3), "reader runs {runs:?}");
    let (_, audit, _) = play(&db, &date(today), &["audit"]);
    assert_eq!(audit["ok"], true, "{audit}");
    assert_eq!(audit["real_hands"], hands, "{audit}");
    eprintln!("{hands} hands played by as many processes while readers ran {runs:?} times");
}

/// One turn of a player sharing the file: a hand (`autoplay --hands 1`). `Ok(true)` when it was
/// played, `Ok(false)` when the game refused it for what another process did (a hand in progress,
/// none, too few chips: then the day's chips are claimed), `Err` with what it printed otherwise.
fn player_turn(db: &Path, day: &str) -> Result<bool, String> {
    let (code, value, text) = play(db, day, &["autoplay", "--hands", "1"]);
    let kind = value["error"]["kind"].as_str().unwrap_or("");
    if code == Some(0) {
        return Ok(true);
    }
    if ["hand-in-progress", "no-hand-in-progress"].contains(&kind) {
        return Ok(false);
    }
    if kind == "insufficient-chips" {
        play(db, day, &["claim-daily"]);
        return Ok(false);
    }
    Err(format!("exit {code:?}: {}", text.trim()))
}

/// An import while two other processes play on the file: the players' commands either succeed or
/// are the game's own refusals (the game changed under them: a hand in progress, none, too few
/// chips), never a damaged or busy file; afterwards the live file and the kept copy audit clean.
#[test]
fn an_import_while_two_processes_play_damages_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    let other = dir.path().join("other.db");
    assert_eq!(play(&other, "2026-11-01", &["autoplay", "--hands", "20"]).0, Some(0));
    let source = dir.path().join("other.vpoker");
    assert_eq!(play(&other, "2026-11-01", &["export", source.to_str().unwrap()]).0, Some(0));
    assert_eq!(play(&db, "2026-11-01", &["autoplay", "--hands", "5"]).0, Some(0));
    let stop = Arc::new(AtomicBool::new(false));
    let failures = Arc::new(Mutex::new(Vec::new()));
    let players: Vec<_> = (0..2)
        .map(|p| {
            let (db, stop, failures) = (db.clone(), stop.clone(), failures.clone());
            std::thread::spawn(move || {
                let mut n = 0u32;
                while !stop.load(Ordering::Relaxed) {
                    n += 1;
                    let day = format!("2027-{:02}-{:02}", 1 + (n / 28) % 12, 1 + n % 28);
                    if let Err(text) = player_turn(&db, &day) {
                        failures.lock().unwrap().push(format!("player {p}: {text}"));
                    }
                }
                n
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(800));
    let imported = play(&db, "2027-06-01", &["import", source.to_str().unwrap()]);
    std::thread::sleep(Duration::from_millis(800));
    stop.store(true, Ordering::Relaxed);
    for player in players {
        assert!(player.join().unwrap() >= 1);
    }
    assert_eq!(imported.0, Some(0), "{}", imported.2);
    let failures = failures.lock().unwrap();
    assert!(failures.is_empty(), "{} failures, first: {:?}", failures.len(), failures.first());
    let kept: PathBuf = dir.path().join("game.db.before-import-1");
    for file in [&db, &kept] {
        let (code, audit, text) = play(file, "2027-06-01", &["audit"]);
        assert_eq!(code, Some(0), "{}: {text}", file.display());
        assert_eq!(audit["ok"], true, "{}", file.display());
    }
}

/// Two processes playing one file at once, hand after hand, with daily claims between (the race of
/// a deal, a draw and a claim appending to the history's chain): every command succeeds or is the
/// game's own refusal, and afterwards the chain has one record per finished hand and claim (and
/// the setting's), `verify --all` walks it to the head `play state` shows, and every head a player
/// saw on the way is one the history had.
#[test]
fn two_players_on_one_file_append_to_one_chain() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    assert_eq!(play(&db, "2027-01-01", &["state"]).0, Some(0));
    let stop = Arc::new(AtomicBool::new(false));
    let failures = Arc::new(Mutex::new(Vec::new()));
    let heads = Arc::new(Mutex::new(Vec::new()));
    let players: Vec<_> = (0..2)
        .map(|p| {
            let (db, stop, failures, heads) = (db.clone(), stop.clone(), failures.clone(), heads.clone());
            std::thread::spawn(move || {
                let mut n = 0u32;
                while !stop.load(Ordering::Relaxed) {
                    n += 1;
                    let day = date(u64::from(n % 300) + 61 * p);
                    match player_turn(&db, &day) {
                        Ok(true) => {
                            if n % 5 == 0 {
                                play(&db, &day, &["claim-daily"]); // refused when already claimed that day
                            }
                            let (_, state, _) = play(&db, &day, &["state"]);
                            heads.lock().unwrap().push(state["head"]["hex"].as_str().unwrap_or("").to_string());
                        }
                        Ok(false) => {}
                        Err(text) => failures.lock().unwrap().push(format!("player {p}: {text}")),
                    }
                }
                n
            })
        })
        .collect();
    std::thread::sleep(PLAY_FOR);
    stop.store(true, Ordering::Relaxed);
    for player in players {
        assert!(player.join().unwrap() >= 3);
    }
    let failures = failures.lock().unwrap();
    assert!(failures.is_empty(), "{} failures, first: {:?}", failures.len(), failures.first());
    // Finish a hand left in progress by the race, then judge the whole file.
    play(&db, "2027-12-31", &["autoplay", "--hands", "1"]);
    let (_, audit, _) = play(&db, "2027-12-31", &["audit"]);
    assert_eq!(audit["ok"], true, "{audit}");
    assert!(!audit["repaired"].to_string().contains("chain"), "{audit}");
    let (_, state, _) = play(&db, "2027-12-31", &["state"]);
    let out = Command::new(env!("CARGO_BIN_EXE_vpoker")).args(["verify", "--db"]).arg(&db).args(["--all", "--json"]).output().unwrap();
    let whole: Value = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
    assert_eq!(whole["verified"], true, "{whole}");
    assert_eq!(whole["head"], state["head"], "{whole}");
    let conn = rusqlite::Connection::open(&db).unwrap();
    let count = |sql: &str| -> i64 { conn.query_row(sql, [], |r| r.get(0)).unwrap() };
    let records = count("SELECT COUNT(*) FROM hands WHERE hold IS NOT NULL") + count("SELECT COUNT(*) FROM daily_claims") + 1;
    assert_eq!(state["head"]["records"].as_i64(), Some(records), "{state}");
    let heads = heads.lock().unwrap();
    assert!(heads.len() >= 6, "only {} hands finished", heads.len());
    for head in heads.iter().step_by(3) {
        let out = Command::new(env!("CARGO_BIN_EXE_vpoker")).args(["verify", "--db"]).arg(&db).args(["--all", "--head", head]).output().unwrap();
        assert!(out.status.success(), "head {head} seen by a player: {}", String::from_utf8_lossy(&out.stdout));
    }
    eprintln!("{records} records from two players; {} heads seen", heads.len());
}
