//! `vpoker bench-storage --db FILE [--runs N]`: how long the game's commands take on a database,
//! measured in this process (release build; `scripts/bench-storage.sh` builds a million-hand
//! database with `vpoker play fill` and runs this). Medians of N runs, in milliseconds:
//!
//! - `open`: `Game::open` (schema checks and the constant-time ledger check);
//! - `open_state_cold`: the first open + `state` of the process, strategy tables included (what a
//!   one-shot CLI call pays);
//! - `open_state`: open + `state` with the tables built (what the app pays: it builds them on a
//!   background thread at start-up);
//! - `stats`, `history_20`, `history_20_deep` (a page from the middle of the history);
//! - `state` on the open game (each machine's warm-up offer included), `warm_up` (one game's offer:
//!   its last date played), `drill_next_chart` (a chart question on Jacks or Better by the expert
//!   tier, its tiers built by a first call not timed);
//! - `proficiency`: Jacks or Better's proficiency check of the day (its 25 hard hands dealt again
//!   from the date's seed, the answers and the curve of the last 30 checks: indexed reads);
//! - `audit_full`: the full audit, every hand replayed (once: it is the background check).
//!
//! Also the file's size per stored hand and the process's peak resident memory (`VmHWM`), and
//! `sessions`: `session_card` and `coach` in a session of 100 and of 10,000 practice hands, on
//! scratch databases in the temp directory (built with `play_best_batch`, then removed), to show
//! the session figures cost the same however long the session; and `progress_sessions`:
//! `progress` (90 days, the last 30 sessions, the cost per hour) on scratch databases of 40 and of
//! 1,000 sessions of 24 timed practice hands each, to show the read by session costs the same
//! however many sessions and hands there are.
//!
//! `lines`: a deal and its draw (best hold) of 1, 10, 50 and 100 lines, median in milliseconds, on a
//! copy of the database (its export, in the temp directory, removed afterwards): the whole command
//! as the app calls it, settling, storing and answering every line, at the database's history length.
//! Practice hands (no chips move, so the copy's balance never stops it; every other step is a real
//! hand's). `variant_deal_draw_1`, `variant_deal_draw_10`: the same on the table's first variant
//! (`library::variants`: what is on screen carried from the hand before, every hold valued with
//! it); `variant_state`: `state` with a variant hand last (what it carries read from it);
//! `RULES_deal_draw_1`, `RULES_deal_draw_10`: the same on each of the table's variants by its rules'
//! id (`ultimate-x_…`, `super-times_…`).

use std::process::ExitCode;
use std::time::Instant;

use vpoker::game::{Bet, Game, Lines, TableId};

use crate::cli::BenchArgs;

/// Runs the benchmark and prints one JSON object.
pub fn bench_storage(args: BenchArgs) -> Result<ExitCode, String> {
    let BenchArgs { db, runs } = args;
    if !db.exists() {
        return Err(format!("--db: {} does not exist (build one with `vpoker play --db FILE fill`)", db.display()));
    }
    let fail = |e: vpoker::game::GameError| e.to_string();
    let today = day_at(2100, 12).day();
    let started = Instant::now();
    let cold = Game::open(&db).and_then(|g| g.state(today)).map_err(fail)?;
    let open_state_cold = ms(started);
    let n_hands = Game::open(&db).map_err(fail)?.history(1, None).map_err(fail)?.first().map_or(0, |h| h.id);
    let median = |f: &mut dyn FnMut() -> Result<(), String>| -> Result<f64, String> {
        // `--runs` is 1 to 1,000 (the command line checks it).
        let mut times = Vec::with_capacity(runs as usize);
        for _ in 0..runs.max(1) {
            let started = Instant::now();
            f()?;
            times.push(ms(started));
        }
        times.sort_by(f64::total_cmp);
        Ok(times[times.len() / 2])
    };
    let open = median(&mut || Game::open(&db).map(drop).map_err(fail))?;
    let open_state = median(&mut || Game::open(&db).and_then(|g| g.state(today)).map(drop).map_err(fail))?;
    // Everything past opening and `state` runs on a copy (the file's export, in the temp directory,
    // removed afterwards): some of those commands record what they showed (a milestone's news,
    // today's proficiency check, a drill's place), and the file asked about is never written.
    let copy = std::env::temp_dir().join(format!("vpoker-bench-{}.db", std::process::id()));
    let _ = std::fs::remove_file(&copy);
    Game::open(&db).and_then(|g| g.export(&copy)).map_err(fail)?;
    let result = bench_on_copy(&copy, &median, today, runs);
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", copy.display()));
    }
    let mut figures = result?;
    let bytes = std::fs::metadata(&db).map_err(|e| e.to_string())?.len();
    let mut ms = serde_json::json!({ "open": open, "open_state_cold": open_state_cold, "open_state": open_state });
    if let (Some(ms), Some(rest)) = (ms.as_object_mut(), figures["ms"].as_object()) {
        ms.extend(rest.clone());
    }
    let report = serde_json::json!({
        "db": db.display().to_string(),
        "hands": n_hands,
        "file_bytes": bytes,
        "bytes_per_hand": if n_hands > 0 { bytes as f64 / n_hands as f64 } else { 0.0 },
        "chips": cold.chips,
        "runs": runs,
        "ms": ms,
        "sessions": figures["sessions"].take(),
        "progress_sessions": figures["progress_sessions"].take(),
        "lines": figures["lines"].take(),
        "audit_ok": figures["audit_ok"].take(),
        "peak_rss_mb": peak_rss_mb(),
    });
    println!("{report}");
    Ok(ExitCode::SUCCESS)
}

/// The commands' medians on the copy `path` of the file (`{"ms":{…},"sessions","progress_sessions",
/// "lines","audit_ok"}`).
fn bench_on_copy(
    path: &std::path::Path,
    median: &dyn Fn(&mut dyn FnMut() -> Result<(), String>) -> Result<f64, String>,
    today: vpoker::game::Day,
    runs: u64,
) -> Result<serde_json::Value, String> {
    let fail = |e: vpoker::game::GameError| e.to_string();
    let n_hands = Game::open(path).map_err(fail)?.history(1, None).map_err(fail)?.first().map_or(0, |h| h.id);
    let mut game = Game::open(path).map_err(fail)?;
    let milestones = median(&mut || game.milestones().map(drop).map_err(fail))?;
    let daily_deals = median(&mut || game.daily_deals(today).map(drop).map_err(fail))?;
    let milestone_news = {
        let mut times = Vec::with_capacity(runs.max(1) as usize);
        for _ in 0..runs.max(1) {
            let started = Instant::now();
            game.milestone_news(today).map_err(fail)?;
            times.push(ms(started));
        }
        times.sort_by(f64::total_cmp);
        times[times.len() / 2]
    };
    let stats = median(&mut || game.stats().map(drop).map_err(fail))?;
    let history_20 = median(&mut || game.history(20, None).map(drop).map_err(fail))?;
    let history_20_deep = median(&mut || game.history(20, Some(n_hands / 2)).map(drop).map_err(fail))?;
    let coach = median(&mut || game.coach().map(drop).map_err(fail))?;
    let jacks = vpoker::machine::MachineId::JacksOrBetter;
    let jacks_table = vpoker::game::TableId::machine(jacks);
    let session_card = median(&mut || game.session_card(jacks, false).map(drop).map_err(fail))?;
    let mistakes_20 = median(&mut || game.mistakes(None, 20).map(drop).map_err(fail))?;
    let drill_mistake = median(&mut || {
        let seed = vpoker::shuffle::Seed::from_bytes([7; 32]);
        game.drill_next(&jacks_table, vpoker::game::DrillSource::Mistakes, seed, today).map(drop).map_err(fail)
    })?;
    let review_games = median(&mut || game.review(today, None, 0).map(drop).map_err(fail))?;
    let progress_90 = median(&mut || game.progress(&jacks_table, 90).map(drop).map_err(fail))?;
    let state = median(&mut || game.state(today).map(drop).map_err(fail))?;
    let warm_up = median(&mut || game.warm_up(&jacks_table, today).map(drop).map_err(fail))?;
    let expert = Some(vpoker::strategy::chart::ChartTier::Expert);
    let chart_seed = vpoker::shuffle::Seed::from_bytes([9; 32]);
    let chart_question = || game.drill_next_by(&jacks_table, vpoker::game::DrillSource::Chart, chart_seed, expert, today);
    chart_question().map_err(fail)?;
    let drill_next_chart = median(&mut || chart_question().map(drop).map_err(fail))?;
    let proficiency = median(&mut || game.proficiency(&jacks_table, today).map(drop).map_err(fail))?;
    let review_20 = median(&mut || game.review(today, Some(&jacks_table), 20).map(drop).map_err(fail))?;
    let sessions = session_figures(&median)?;
    let progress_sessions = progress_figures(&median)?;
    let lines = line_figures(&game, &median)?;
    let started = Instant::now();
    let audit = game.audit().map_err(fail)?;
    let audit_full = ms(started);
    Ok(serde_json::json!({
        "ms": {
            "stats": stats,
            "history_20": history_20,
            "history_20_deep": history_20_deep,
            "coach": coach,
            "session_card": session_card,
            "mistakes_20": mistakes_20,
            "drill_next_mistake": drill_mistake,
            "review_games": review_games,
            "review_20": review_20,
            "progress_90": progress_90,
            "state": state,
            "warm_up": warm_up,
            "drill_next_chart": drill_next_chart,
            "proficiency": proficiency,
            "milestones": milestones,
            "milestone_news": milestone_news,
            "daily_deals": daily_deals,
            "audit_full": audit_full,
        },
        "sessions": sessions,
        "progress_sessions": progress_sessions,
        "lines": lines,
        "audit_ok": audit.ok,
    }))
}

/// `session_card` and `coach` medians in one session of 100 and one of 10,000 practice hands.
fn session_figures(
    median: &dyn Fn(&mut dyn FnMut() -> Result<(), String>) -> Result<f64, String>,
) -> Result<serde_json::Value, String> {
    use vpoker::game::DealRequest;
    use vpoker::machine::MachineId;
    let fail = |e: vpoker::game::GameError| e.to_string();
    let mut out = serde_json::Map::new();
    for hands in [100usize, 10_000] {
        let path = std::env::temp_dir().join(format!("vpoker-bench-session-{}-{hands}.db", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let result = (|| -> Result<(f64, f64), String> {
            let mut game = Game::open(&path).map_err(fail)?;
            let now = day_at(2030, 12);
            game.foreground(clock_at(2030, 12)).map_err(fail)?;
            let request = DealRequest::machine(MachineId::JacksOrBetter, Bet::SMALLEST, Lines::ONE, true);
            let seeds: Vec<_> = (0..hands as u64)
                .map(|k| {
                    let mut bytes = [0u8; 32];
                    bytes[..8].copy_from_slice(&k.to_le_bytes());
                    vpoker::shuffle::DealSeed::chosen(vpoker::shuffle::Seed::from_bytes(bytes))
                })
                .collect();
            game.play_best_batch(request.clone(), &seeds, now).map_err(fail)?;
            let card = median(&mut || game.session_card(MachineId::JacksOrBetter, true).map(drop).map_err(fail))?;
            let coach = median(&mut || game.coach().map(drop).map_err(fail))?;
            Ok((card, coach))
        })();
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
        }
        let (card, coach) = result?;
        out.insert(format!("session_card_{hands}"), card.into());
        out.insert(format!("coach_{hands}"), coach.into());
    }
    Ok(out.into())
}

/// `progress` medians on scratch databases of 40 and of 1,000 sessions (24 practice hands each, in
/// two batches 12 minutes apart).
fn progress_figures(
    median: &dyn Fn(&mut dyn FnMut() -> Result<(), String>) -> Result<f64, String>,
) -> Result<serde_json::Value, String> {
    use vpoker::game::DealRequest;
    use vpoker::machine::MachineId;
    let fail = |e: vpoker::game::GameError| e.to_string();
    let mut out = serde_json::Map::new();
    for n_sessions in [40u64, 1_000] {
        let path = std::env::temp_dir().join(format!("vpoker-bench-progress-{}-{n_sessions}.db", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let result = (|| -> Result<f64, String> {
            let mut game = Game::open(&path).map_err(fail)?;
            let start = clock_at(2030, 9);
            let request = DealRequest::machine(MachineId::JacksOrBetter, Bet::SMALLEST, Lines::ONE, true);
            let mut k = 0u64;
            for session in 0..n_sessions {
                let at = start + chrono::Duration::hours(2 * session as i64);
                game.foreground(at).map_err(fail)?;
                for batch in 0..2 {
                    let seeds: Vec<_> = (0..12)
                        .map(|_| {
                            k += 1;
                            let mut bytes = [0u8; 32];
                            bytes[..8].copy_from_slice(&k.to_le_bytes());
                            vpoker::shuffle::DealSeed::chosen(vpoker::shuffle::Seed::from_bytes(bytes))
                        })
                        .collect();
                    game.play_best_batch(request.clone(), &seeds, vpoker::game::Day::moment(at + chrono::Duration::minutes(12 * batch)).map_err(fail)?).map_err(fail)?;
                }
            }
            median(&mut || game.progress(&vpoker::game::TableId::machine(MachineId::JacksOrBetter), 90).map(drop).map_err(fail))
        })();
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
        }
        out.insert(format!("progress_{n_sessions}_sessions"), result?.into());
    }
    Ok(out.into())
}

/// Deal + draw medians of 1, 10, 50 and 100 lines on a copy of `game`'s file.
fn line_figures(
    game: &Game,
    median: &dyn Fn(&mut dyn FnMut() -> Result<(), String>) -> Result<f64, String>,
) -> Result<serde_json::Value, String> {
    use vpoker::game::DealRequest;
    let fail = |e: vpoker::game::GameError| e.to_string();
    let path = std::env::temp_dir().join(format!("vpoker-bench-lines-{}.db", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let result = (|| -> Result<serde_json::Value, String> {
        game.export(&path).map_err(fail)?;
        let mut copy = Game::open(&path).map_err(fail)?;
        let now = day_at(2100, 12);
        let level = copy.state(now.day()).map_err(fail)?.level;
        let mut out = serde_json::Map::new();
        let mut k = 0u64;
        // Plain on 1, 10, 50 and 100 lines; the variant (what is on screen carried from the hand
        // before, every hold valued with it) on 1 and 10; then `state` with a variant hand last.
        let plain = "jacks-or-better";
        let variant = vpoker::library::variants(vpoker::library::Base::Machine(vpoker::machine::MachineId::JacksOrBetter), plain)
            .into_iter()
            .next()
            .ok_or("jacks-or-better has no variant table")?
            .table;
        // One figure: the median deal and draw (best hold) of `count` lines on `table`, each seed
        // `fill` with a count in its first bytes; null below the level the line count opens at.
        let mut deal_draw = |table: &str, count: u8, fill: u8| -> Result<serde_json::Value, String> {
            let lines = Lines::new(count).map_err(fail)?;
            if level < vpoker::game::rules::lines_unlock_level(lines) {
                return Ok(serde_json::Value::Null);
            }
            let request = DealRequest { table: TableId::new(table).map_err(fail)?, bet: Bet::SMALLEST, hands: lines, practice: true };
            let figure = median(&mut || {
                k += 1;
                let mut bytes = [fill; 32];
                bytes[..8].copy_from_slice(&k.to_le_bytes());
                let dealt = copy.deal(request.clone(), vpoker::shuffle::Seed::from_bytes(bytes), now).map_err(fail)?;
                let best = dealt.hand.map(|h| h.best_hold).ok_or("no hand dealt")?;
                copy.draw(best, now).map(drop).map_err(fail)
            })?;
            Ok(figure.into())
        };
        let runs = [(false, 1u8), (false, 10), (false, 50), (false, 100), (true, 1), (true, 10)];
        for (on_variant, count) in runs {
            let key = format!("{}deal_draw_{count}", if on_variant { "variant_" } else { "" });
            let table = if on_variant { variant.as_str() } else { plain };
            out.insert(key, deal_draw(table, count, if on_variant { 0x58 } else { 0x4c })?);
        }
        // Every variant by its rules' id (`RULES_deal_draw_N`), on 1 and 10 lines.
        let every = vpoker::library::variants(vpoker::library::Base::Machine(vpoker::machine::MachineId::JacksOrBetter), plain);
        for variant in &every {
            for count in [1u8, 10] {
                out.insert(format!("{}_deal_draw_{count}", variant.rules), deal_draw(&variant.table, count, 0x78)?);
            }
        }
        // `state` with a variant hand last: deal and draw one on the first variant.
        deal_draw(&variant, 1, 0x59)?;
        let figure = median(&mut || copy.state(now.day()).map(drop).map_err(fail))?;
        out.insert("variant_state".to_string(), figure.into());
        // The hint command alone, plain and on the variant, on 1 and 10 lines: 25 deals each, the
        // median of the hint's time (the deal and the draw around it not timed).
        for (on_variant, count) in [(false, 1u8), (false, 10), (true, 1), (true, 10)] {
            let lines = Lines::new(count).map_err(fail)?;
            let key = format!("{}hint_{count}", if on_variant { "variant_" } else { "" });
            if level < vpoker::game::rules::lines_unlock_level(lines) {
                out.insert(key, serde_json::Value::Null);
                continue;
            }
            let table = if on_variant { variant.as_str() } else { plain };
            let request = DealRequest { table: TableId::new(table).map_err(fail)?, bet: Bet::SMALLEST, hands: lines, practice: true };
            let mut times = Vec::new();
            for _ in 0..25 {
                k += 1;
                let mut bytes = [0x68u8; 32];
                bytes[..8].copy_from_slice(&k.to_le_bytes());
                copy.deal(request.clone(), vpoker::shuffle::Seed::from_bytes(bytes), now).map_err(fail)?;
                let started = Instant::now();
                let hint = copy.hint().map_err(fail)?;
                times.push(ms(started));
                copy.draw(hint.best_hold, now).map_err(fail)?;
            }
            times.sort_by(f64::total_cmp);
            out.insert(key, times[times.len() / 2].into());
        }
        Ok(out.into())
    })();
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    result
}

fn ms(started: Instant) -> f64 {
    started.elapsed().as_secs_f64() * 1e3
}

/// The process's peak resident memory in MiB (Linux's `VmHWM`), or null elsewhere.
fn peak_rss_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// January 1st of `year` at `hour`:00 on the clock (a fixed, far day for the benchmark's writes).
fn clock_at(year: i32, hour: u32) -> chrono::NaiveDateTime {
    chrono::NaiveDate::from_ymd_opt(year, 1, 1).and_then(|d| d.and_hms_opt(hour, 0, 0)).unwrap_or_default()
}

/// [`clock_at`] as the game takes it (a day it keeps: the years here are).
fn day_at(year: i32, hour: u32) -> vpoker::game::Moment {
    vpoker::game::Day::moment(clock_at(year, hour)).expect("a year from 1 to 9999 is a day the game keeps")
}
