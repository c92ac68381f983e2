//! `vpoker play --db FILE [--today YYYY-MM-DD] COMMAND ...`: one game command against a database.
//!
//! Prints one JSON object: the new state or the result (exit 0), or `{"error":{"kind":ID,
//! "message":TEXT,…}}` when the game refuses (exit 1). Usage errors exit 2. The CLI is a shell around
//! `vpoker::game`: it supplies what the core never takes by itself — the local date (`--today`,
//! default: the local calendar date) and each hand's seed (OS entropy, or `--seed HEX` to reproduce).

use std::path::PathBuf;
use std::process::ExitCode;

use chrono::NaiveDate;
use rand_chacha::ChaCha20Rng;
use rand_core::{RngCore, SeedableRng};
use serde::Serialize;
use vpoker::game::{DealRequest, Game, GameError, Moment};
use vpoker::hold::Hold;
use vpoker::machine::MachineId;
use vpoker::shuffle::Seed;

use crate::args::Args;

const PLAY_USAGE: &str = "usage: vpoker play --db FILE [--today YYYY-MM-DD] \
    <state|claim-daily|deal|draw|hint|history|stats|set|audit|reset-corrupt|autoplay> ...";

/// Runs `vpoker play ...`.
pub fn play(argv: &[String]) -> Result<ExitCode, String> {
    let mut db: Option<PathBuf> = None;
    let mut today: Option<NaiveDate> = None;
    let mut rest = argv;
    while let Some((first, tail)) = rest.split_first() {
        let (name, inline) = match first.split_once('=') {
            Some((name, value)) => (name, Some(value.to_string())),
            None => (first.as_str(), None),
        };
        if name != "--db" && name != "--today" {
            break;
        }
        let (value, tail) = match inline {
            Some(value) => (value, tail),
            None => {
                let (value, tail) = tail.split_first().ok_or_else(|| format!("{name} needs a value"))?;
                (value.clone(), tail)
            }
        };
        if name == "--db" {
            db = Some(PathBuf::from(value));
        } else {
            let date = NaiveDate::parse_from_str(&value, "%Y-%m-%d")
                .map_err(|_| format!("--today: '{value}' is not a date (YYYY-MM-DD)"))?;
            today = Some(date);
        }
        rest = tail;
    }
    let db = db.ok_or_else(|| format!("--db is required; {PLAY_USAGE}"))?;
    // Without --today the CLI is the clock: the local date and time, recorded with each hand.
    let now: Moment = match today {
        Some(date) => date.into(),
        None => chrono::Local::now().naive_local().into(),
    };
    let today = now.date();
    let (command, rest) = rest.split_first().ok_or(PLAY_USAGE)?;
    match command.as_str() {
        "reset-corrupt" => {
            no_args(rest)?;
            let outcome = Game::move_aside_and_start_fresh(&db).and_then(|moved_to| {
                let state = Game::open(&db)?.state(today)?;
                Ok(serde_json::json!({ "moved_to": moved_to.display().to_string(), "state": state }))
            });
            Ok(print_outcome(outcome))
        }
        "state" => {
            no_args(rest)?;
            Ok(print_outcome(Game::open(&db).and_then(|game| game.state(today))))
        }
        "claim-daily" => {
            no_args(rest)?;
            Ok(print_outcome(Game::open(&db).and_then(|mut game| game.claim_daily(today))))
        }
        "deal" => {
            let args = Args::parse(rest, &["game", "bet", "hands", "seed"], &["practice"])?;
            no_positional(&args)?;
            let bet: u32 = args.parsed("bet")?;
            let hands: u8 = args.parsed_or("hands", 1)?;
            let seed = match args.value("seed") {
                Some(text) => text.parse::<Seed>().map_err(|e| format!("--seed: {e}"))?,
                None => os_seed()?,
            };
            let outcome = args.required("game")?.parse::<MachineId>().map_err(GameError::from).and_then(|machine| {
                let request = DealRequest { machine, bet, hands, practice: args.switch("practice") };
                Game::open(&db)?.deal(request, seed, now)
            });
            Ok(print_outcome(outcome))
        }
        "draw" => {
            let args = Args::parse(rest, &["hold"], &[])?;
            let text = match (args.value("hold"), args.positional()) {
                (Some(text), []) => text.to_string(),
                (None, [text]) => text.clone(),
                _ => return Err("draw needs one hold: --hold MASK (0-31, or five 0/1 like 10110)".into()),
            };
            let outcome =
                text.parse::<Hold>().map_err(GameError::from).and_then(|hold| Game::open(&db)?.draw(hold, now));
            Ok(print_outcome(outcome))
        }
        "hint" => {
            no_args(rest)?;
            Ok(print_outcome(Game::open(&db).and_then(|game| game.hint())))
        }
        "history" => {
            let args = Args::parse(rest, &["limit"], &[])?;
            no_positional(&args)?;
            let limit: u32 = args.parsed_or("limit", 20)?;
            let outcome = Game::open(&db)
                .and_then(|game| game.history(limit, None))
                .map(|hands| serde_json::json!({ "hands": hands }));
            Ok(print_outcome(outcome))
        }
        "stats" => {
            no_args(rest)?;
            Ok(print_outcome(Game::open(&db).and_then(|game| game.stats())))
        }
        "set" => {
            let [key, value] = rest else {
                return Err("set needs a key and a value, e.g. `set kind-deals off`".into());
            };
            Ok(print_outcome(Game::open(&db).and_then(|mut game| game.set_setting_state(key, value, today))))
        }
        "audit" => {
            no_args(rest)?;
            let audit = Game::open(&db).and_then(|game| game.audit());
            let ok = audit.as_ref().is_ok_and(|a| a.ok);
            let code = print_outcome(audit);
            Ok(if ok { code } else { ExitCode::from(1) })
        }
        "autoplay" => autoplay(&db, now, rest),
        other => Err(format!("unknown play command '{other}'; {PLAY_USAGE}")),
    }
}

/// `autoplay --hands N [--game ID] [--bet N] [--practice] [--seed HEX]`: plays N hands with the best
/// hold, finishing a hand left in progress first; each deal is its own transaction, as in the app.
/// Used to prepare profiles (e.g. level 10 for the end-to-end tests) and by the crash test.
fn autoplay(db: &std::path::Path, now: Moment, argv: &[String]) -> Result<ExitCode, String> {
    let args = Args::parse(argv, &["hands", "game", "bet", "seed"], &["practice"])?;
    no_positional(&args)?;
    let n_hands: u64 = args.parsed("hands")?;
    let machine: MachineId = args.parsed_or("game", MachineId::JacksOrBetter)?;
    let bet: u32 = args.parsed_or("bet", 5)?;
    let mut seeds: Option<ChaCha20Rng> = match args.value("seed") {
        Some(text) => Some(ChaCha20Rng::from_seed(text.parse::<Seed>().map_err(|e| format!("--seed: {e}"))?.bytes())),
        None => None,
    };
    let outcome = (|| -> Result<vpoker::game::State, GameError> {
        let mut game = Game::open(db)?;
        if let Some(hand) = game.state(now.date())?.hand {
            game.draw(hand.best_hold, now)?;
        }
        for _ in 0..n_hands {
            let seed = match seeds.as_mut() {
                Some(rng) => {
                    let mut bytes = [0u8; 32];
                    rng.fill_bytes(&mut bytes);
                    Seed::from_bytes(bytes)
                }
                None => os_seed().map_err(|detail| GameError::Storage { path: db.to_path_buf(), detail })?,
            };
            let request = DealRequest { machine, bet, hands: 1, practice: args.switch("practice") };
            let state = game.deal(request, seed, now)?;
            let best = state.hand.map(|h| h.best_hold).unwrap_or(Hold::NONE);
            game.draw(best, now)?;
        }
        game.state(now.date())
    })();
    Ok(print_outcome(outcome))
}

/// 32 bytes from the operating system's entropy source.
fn os_seed() -> Result<Seed, String> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| format!("no OS entropy: {e}"))?;
    Ok(Seed::from_bytes(bytes))
}

fn no_args(rest: &[String]) -> Result<(), String> {
    match rest.first() {
        Some(extra) => Err(format!("unexpected argument '{extra}'")),
        None => Ok(()),
    }
}

fn no_positional(args: &Args) -> Result<(), String> {
    match args.positional().first() {
        Some(extra) => Err(format!("unexpected argument '{extra}'")),
        None => Ok(()),
    }
}

/// Prints the value (exit 0) or `{"error":…}` (exit 1) as one JSON line.
fn print_outcome<T: Serialize>(outcome: Result<T, GameError>) -> ExitCode {
    let (text, code) = match outcome {
        Ok(value) => (serde_json::to_string(&value), ExitCode::SUCCESS),
        Err(error) => (serde_json::to_string(&serde_json::json!({ "error": error })), ExitCode::from(1)),
    };
    match text {
        Ok(text) => {
            use std::io::Write;
            // A closed pipe (e.g. `| head`) is not worth a panic.
            let _ = writeln!(std::io::stdout().lock(), "{text}");
            code
        }
        Err(e) => {
            eprintln!("vpoker: cannot print the result: {e}");
            ExitCode::from(1)
        }
    }
}
