//! Crash safety: `vpoker play autoplay` (deal, draw, deal, draw … each its own transaction, as in
//! the app) is killed with SIGKILL at random moments, at least 50 times. After every kill the file
//! opens, the ledger adds up, a hand in progress shows the same cards on every reopen with its bet
//! taken once, and the next run resumes (draws) exactly that hand.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use chrono::NaiveDate;
use vpoker::game::Game;

fn day(offset: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 6, 1).unwrap() + chrono::Days::new(u64::from(offset))
}

/// A small xorshift so the kill moments differ from run to run of the loop but need no crate.
struct Moments(u64);

impl Moments {
    fn next_ms(&mut self, max: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % max
    }
}

fn spawn_autoplay(db: &Path, today: NaiveDate) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_vpoker"))
        .arg("play")
        .arg("--db")
        .arg(db)
        .arg("--today")
        .arg(today.to_string())
        .args(["autoplay", "--hands", "1000000", "--bet", "5"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the vpoker binary starts")
}

#[test]
fn killed_at_random_moments_nothing_is_lost() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    let started = Instant::now();
    let seed = started.elapsed().as_nanos() as u64 ^ u64::from(std::process::id()) ^ 0x9e37_79b9_7f4a_7c15;
    let mut moments = Moments(seed | 1);
    let mut today = 0;
    let mut n_kills = 0;
    let mut n_runs = 0;
    let mut in_progress_seen: Vec<(i64, [vpoker::card::Card; 5])> = Vec::new();
    let mut last_n_hands = 0;
    let mut heads_shown: Vec<vpoker::pipeline::chain::Head> = Vec::new();
    // How long a child takes to start and play its first hand here (debug or release, idle or busy
    // machine): most kills land after that, inside the deal/draw loop.
    let probe = dir.path().join("probe.db");
    let probe_start = Instant::now();
    let status = Command::new(env!("CARGO_BIN_EXE_vpoker"))
        .arg("play")
        .arg("--db")
        .arg(&probe)
        .args(["autoplay", "--hands", "1"])
        .stdout(Stdio::null())
        .status()
        .expect("the vpoker binary runs");
    assert!(status.success());
    let startup_ms = probe_start.elapsed().as_millis() as u64;
    while n_kills < 60 && n_runs < 300 {
        n_runs += 1;
        let mut child = spawn_autoplay(&db, day(today));
        // A child opens the file and builds its strategy tables, then plays a hand every few
        // milliseconds: most kills land in the loop, every fifth while starting up.
        let wait = if n_runs % 5 == 0 { moments.next_ms(startup_ms + 1) } else { startup_ms + moments.next_ms(200) };
        std::thread::sleep(Duration::from_millis(wait));
        let still_running = child.try_wait().expect("the child can be polled").is_none();
        child.kill().expect("SIGKILL is sent"); // `Child::kill` is SIGKILL on Unix.
        let status = child.wait().expect("the child is reaped");
        if still_running {
            n_kills += 1;
            assert!(status.code().is_none(), "the child died of the signal");
        }
        if !db.exists() {
            continue; // Killed before SQLite created the file.
        }
        // Reopen: consistent, and the hand in progress (if any) is stable across reopens.
        let game = Game::open(&db).unwrap_or_else(|e| panic!("reopen after kill {n_kills} failed: {e}"));
        let audit = game.audit().unwrap();
        assert!(audit.ok, "after kill {n_kills}: {:?}", audit.problems);
        // The chain's leaves, peaks and kept roots are written with the draw or not at all.
        assert!(!audit.repaired.iter().any(|r| r.contains("chain")), "after kill {n_kills}: {:?}", audit.repaired);
        let state = game.state(crate::common::d(day(today))).unwrap();
        heads_shown.push(state.head.clone());
        let n_hands = audit.real_hands.expect("the full audit counts hands");
        assert!(n_hands >= last_n_hands, "hands are never lost");
        last_n_hands = n_hands;
        if let Some(hand) = &state.hand {
            assert_eq!(audit.hand_in_progress, Some(hand.id));
            drop(game);
            let again = Game::open(&db).unwrap();
            assert_eq!(again.state(crate::common::d(day(today))).unwrap().hand.as_ref(), Some(hand), "the same cards on every reopen");
            assert_eq!(again.state(crate::common::d(day(today))).unwrap().chips, state.chips, "the bet is taken once");
            in_progress_seen.push((hand.id, hand.cards));
        } else if state.chips < 5 {
            drop(game);
            today += 1;
            let mut game = Game::open(&db).unwrap();
            game.claim_daily(crate::common::d(day(today))).unwrap();
        }
        assert!(started.elapsed() < Duration::from_secs(240), "the crash test stays short");
    }
    assert!(n_kills >= 50, "only {n_kills} kills landed while the child was running");
    // Every hand seen in progress after a kill was resumed: drawn once, with the same cards.
    let mut child = Command::new(env!("CARGO_BIN_EXE_vpoker"))
        .arg("play")
        .arg("--db")
        .arg(&db)
        .arg("--today")
        .arg(day(today).to_string())
        .args(["autoplay", "--hands", "1", "--bet", "5"])
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    assert!(child.wait().unwrap().success());
    let game = Game::open(&db).unwrap();
    assert!(game.audit().unwrap().ok);
    // Every finished hand, a page of the most one call may ask for at a time.
    let mut history: Vec<vpoker::game::HandRecord> = Vec::new();
    loop {
        let page = game.history(vpoker::game::rules::HISTORY_PAGE_MAX, history.last().map(|h| h.id)).unwrap();
        let done = page.len() < vpoker::game::rules::HISTORY_PAGE_MAX as usize;
        history.extend(page);
        if done {
            break;
        }
    }
    for (id, cards) in &in_progress_seen {
        let hand = history.iter().find(|h| h.id == *id).unwrap_or_else(|| panic!("hand {id} was never drawn"));
        assert_eq!(&hand.dealt, cards);
        assert!(hand.drawn);
    }
    assert!(!in_progress_seen.is_empty(), "some kills landed mid-hand");
    // Every head shown between kills is one the history had: no kill rewrote or lost a record.
    for head in &heads_shown {
        let check = game.check_head(&head.hex).unwrap();
        assert_eq!((check.found, check.records), (true, Some(head.records)), "{head:?}");
    }
    let never = std::sync::atomic::AtomicBool::new(false);
    let whole = game.check_history(&|_, _| {}, &never).unwrap();
    assert!(whole.verified, "{whole:?}");
    let claims: i64 = rusqlite::Connection::open(&db).unwrap().query_row("SELECT COUNT(*) FROM daily_claims", [], |r| r.get(0)).unwrap();
    assert_eq!(whole.head.records, history.len() as u64 + claims as u64 + 1, "a record per hand and claim, and the setting's");
    eprintln!(
        "startup {startup_ms} ms; {n_kills} kills in {n_runs} runs, {} mid-hand, {} hands, {:.1} s",
        in_progress_seen.len(),
        history.len(),
        started.elapsed().as_secs_f64()
    );
}
