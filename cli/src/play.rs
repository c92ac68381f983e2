//! `vpoker play --db FILE [--today YYYY-MM-DD] COMMAND ...`: one game command against a database.
//!
//! Prints one JSON object: the new state or the result (exit 0), or `{"error":{"kind":ID,
//! "message":TEXT,…}}` when the game refuses (exit 1). Usage errors exit 2. The CLI is a shell around
//! `vpoker::game`: it supplies what the core never takes by itself — the local date (`--today`,
//! default: the local calendar date) and each hand's seed (OS entropy, or `--seed HEX` to reproduce).

use std::path::Path;
use std::process::ExitCode;

use serde::Serialize;
use vpoker::game::{parse_tier, Bet, Day, DealRequest, DrillFrom, DrillKey, DrillSource, Game, GameError, Lines, Moment, TableId};
use vpoker::hold::Hold;
use vpoker::machine::MachineId;
use vpoker::pipeline::HandSeeds;
use vpoker::shuffle::{DealSeed, Seed};

use crate::cli::{AutoplayArgs, DealArgs, DrawArgs, FillArgs, PlayArgs, PlayCommand, SetArgs};
use crate::values::machine_only;

/// Runs `vpoker play ...`.
pub fn play(args: PlayArgs) -> Result<ExitCode, String> {
    let PlayArgs { db, today, command, json: _ } = args;
    // Without --today the CLI is the clock: the local date and time, recorded with each hand.
    let now: Moment = match today {
        Some(moment) => moment,
        None => Day::moment(chrono::Local::now().naive_local()).map_err(|refused| refused.to_string())?,
    };
    let today = now.day();
    match command {
        PlayCommand::ResetCorrupt => {
            let outcome = Game::reset_corrupt(&db).and_then(|moved_to| {
                let state = Game::open(&db)?.state(today)?;
                Ok(serde_json::json!({ "moved_to": moved_to.display().to_string(), "state": state }))
            });
            Ok(print_outcome(outcome))
        }
        PlayCommand::State => Ok(print_outcome(Game::open(&db).and_then(|game| game.state(today)))),
        PlayCommand::ClaimDaily => Ok(print_outcome(Game::open(&db).and_then(|mut game| game.claim_daily(today)))),
        PlayCommand::Deal(args) => {
            // A seed given on the command line is recorded as chosen (the history and verification say so).
            let seed = match args.seed {
                Some(seed) => DealSeed::chosen(seed),
                None => DealSeed::from(os_seed()?),
            };
            let outcome = deal_request(&args)?.and_then(|request| Game::open(&db)?.deal(request, seed, now));
            Ok(print_outcome(outcome))
        }
        PlayCommand::NextScreen(args) => {
            let outcome = deal_request(&args)?.and_then(|request| Game::open(&db)?.next_screen(&request));
            Ok(print_outcome(outcome))
        }
        PlayCommand::Proof(args) => {
            Ok(print_outcome(Game::open(&db).and_then(|game| game.prove_hand(args.hand, args.head_records))))
        }
        PlayCommand::Milestones => Ok(print_outcome(Game::open(&db).and_then(|game| game.milestones()))),
        PlayCommand::Drill(args) => {
            let seed = match args.seed {
                Some(seed) => seed,
                None => os_seed()?,
            };
            // The tier stays text until here: one the game does not know is its refusal (exit 1).
            let outcome = DrillSource::parse(&args.source)
                .and_then(|source| Ok((source, args.tier.as_deref().map(parse_tier).transpose()?)))
                .and_then(|(source, tier)| Game::open(&db)?.drill_next_by(&TableId::new(args.table.as_str())?, source, seed, tier, today));
            Ok(print_outcome(outcome))
        }
        PlayCommand::DrillAnswer(args) => {
            let from = match (args.seed, args.hand, args.tier) {
                (Some(seed), _, Some(tier)) => match parse_tier(&tier) {
                    Ok(tier) => DrillFrom::Chart { seed, tier },
                    Err(refused) => return Ok(print_outcome::<()>(Err(refused))),
                },
                (Some(seed), _, None) => DrillFrom::Hard { seed },
                (None, Some(hand), _) => DrillFrom::Mistakes { hand },
                (None, None, _) => return Err("drill-answer needs --seed or --hand".into()),
            };
            let key = DrillKey { table: args.table, from };
            let outcome =
                args.hold.parse::<Hold>().map_err(GameError::from).and_then(|hold| Game::open(&db)?.drill_answer(&key, hold, today));
            Ok(print_outcome(outcome))
        }
        PlayCommand::WarmUp(args) if args.take => Ok(print_outcome(Game::open(&db).and_then(|mut game| game.take_warm_up(&TableId::new(args.game.as_str())?, today)))),
        PlayCommand::WarmUp(args) => Ok(print_outcome(
            Game::open(&db)
                .and_then(|game| game.warm_up(&TableId::new(args.game.as_str())?, today))
                .map(|offer| serde_json::json!({ "table": args.game, "warm_up": offer })),
        )),
        PlayCommand::AnswerWarmUp => Ok(print_outcome(Game::open(&db).and_then(|mut game| game.answer_warm_up(today)))),
        PlayCommand::Daily => Ok(print_outcome(Game::open(&db).and_then(|game| game.daily_deals(today)))),
        PlayCommand::DailyDraw(DrawArgs { hold, mask }) => {
            let text = hold.or(mask).ok_or("daily-draw needs one hold: --hold MASK (0-31, or five 0/1 like 10110)")?;
            let outcome = text
                .parse::<Hold>()
                .map_err(GameError::from)
                .and_then(|hold| Game::open(&db)?.daily_draw(hold, today));
            Ok(print_outcome(outcome))
        }
        PlayCommand::Draw(DrawArgs { hold, mask }) => {
            // clap makes sure exactly one of `--hold MASK` and `MASK` is given.
            let text = hold.or(mask).ok_or("draw needs one hold: --hold MASK (0-31, or five 0/1 like 10110)")?;
            let outcome = text.parse::<Hold>().map_err(GameError::from).and_then(|hold| Game::open(&db)?.draw(hold, now));
            Ok(print_outcome(outcome))
        }
        PlayCommand::Hint => Ok(print_outcome(Game::open(&db).and_then(|game| game.hint()))),
        PlayCommand::History(args) if args.all => Ok(print_whole_history(&db, args.compact)),
        PlayCommand::History(args) => {
            let outcome = Game::open(&db)
                .and_then(|game| game.history(args.limit, args.before))
                .map(|hands| serde_json::json!({ "hands": hands }));
            Ok(print_outcome(outcome))
        }
        PlayCommand::Stats => Ok(print_outcome(Game::open(&db).and_then(|game| game.stats()))),
        PlayCommand::Coach => Ok(print_outcome(Game::open(&db).and_then(|game| game.coach()))),
        PlayCommand::Mistakes(args) => Ok(print_outcome(
            Game::open(&db)
                .and_then(|game| game.mistakes(None, args.limit))
                .map(|m| serde_json::json!({ "mistakes": m })),
        )),
        PlayCommand::Review(args) => {
            Ok(print_outcome(Game::open(&db).and_then(|game| game.review(today, table_ids(args.game.as_deref())?.as_ref(), args.limit))))
        }
        PlayCommand::Progress(args) => Ok(print_outcome(Game::open(&db).and_then(|game| game.progress(&TableId::new(args.game.as_str())?, args.days)))),
        PlayCommand::Proficiency(args) => {
            let outcome = match (args.answer, args.hold) {
                (Some(index), Some(hold)) => hold.parse::<Hold>().map_err(GameError::from).and_then(|hold| {
                    Game::open(&db)?.proficiency_answer(&TableId::new(args.game.as_str())?, args.date.unwrap_or(today), index, hold, today)
                }),
                _ => Game::open(&db).and_then(|game| game.proficiency(&TableId::new(args.game.as_str())?, today)),
            };
            Ok(print_outcome(outcome))
        }
        PlayCommand::Set(SetArgs { key, value }) => {
            Ok(print_outcome(Game::open(&db).and_then(|mut game| game.set_setting_state(&key, &value, today))))
        }
        PlayCommand::Audit => {
            let audit = Game::open(&db).and_then(|game| game.audit());
            let ok = audit.as_ref().is_ok_and(|a| a.ok);
            let code = print_outcome(audit);
            Ok(if ok { code } else { ExitCode::from(1) })
        }
        PlayCommand::Autoplay(args) => autoplay(&db, now, args),
        PlayCommand::Fill(args) => fill(&db, now, args),
        PlayCommand::Export(args) => {
            let outcome = Game::open(&db)
                .and_then(|game| game.export(&args.file))
                .map(|()| serde_json::json!({ "exported": args.file.display().to_string() }));
            Ok(print_outcome(outcome))
        }
        PlayCommand::Import(args) => {
            let outcome = Game::import_file(&db, &args.file, now.day()).and_then(|kept| {
                let state = Game::open(&db)?.state(now.day())?;
                Ok(serde_json::json!({ "kept_aside": kept.display().to_string(), "state": state }))
            });
            Ok(print_outcome(outcome))
        }
    }
}

/// The deal `args` ask for. The table, bet and lines stay text and numbers until here: one the
/// game does not take is its refusal (exit 1), not a usage error; no table at all is one (exit 2).
fn deal_request(args: &DealArgs) -> Result<Result<DealRequest, GameError>, String> {
    let DealArgs { game, table, bet, hands, practice, .. } = args;
    let table = match (game, table) {
        (_, Some(table)) => Ok(table.clone()),
        // A machine, or a variant of one by its table id (`super-times:jacks-or-better`).
        (Some(game), None) => {
            let plain = vpoker::table::Table::variant_id(game).map_or(game.as_str(), |(plain, _)| plain);
            let prefix = &game[..game.len() - plain.len()];
            plain.parse::<MachineId>().map(|m| format!("{prefix}{}", m.id())).map_err(GameError::from)
        }
        (None, None) => return Err("deal needs --game ID or --practice --table ID".into()),
    };
    Ok(table.and_then(|table| {
        let table = args.flagged_id(table);
        Ok(DealRequest { table: TableId::new(table)?, bet: Bet::new(*bet)?, hands: Lines::new(*hands)?, practice: *practice })
    }))
}

/// `fill`: N hands with the best hold through the game's own deal and draw, a day's play per
/// transaction. Each day starts by collecting its daily chips; a day the chips run out on ends
/// early and play moves to the next day. Prints `{"hands","days","seconds","state"}`.
///
/// A fill the game refuses changes nothing: the request (bet, machine, unlock level) is checked by
/// the rules before the hand in progress is finished or any day's chips are claimed, and a day's
/// chips are claimed only when that day can then play a hand (the balance after the claim covers
/// the bet), so a claim is never left behind by a fill that plays nothing on its day.
fn fill(db: &Path, now: Moment, args: FillArgs) -> Result<ExitCode, String> {
    let FillArgs { hands: n_hands, game, bet, per_day, lines, seed } = args;
    // A kicker game is a usage error, before the database is opened (or created).
    let machine = machine_only(game, "play fill")?;
    let mut seeds = HandSeeds::new(&seed, 0);
    let started = std::time::Instant::now();
    let mut played = 0u64;
    let outcome = (|| -> Result<serde_json::Value, GameError> {
        let request = DealRequest::machine(machine, Bet::new(bet)?, Lines::new(lines)?, false);
        let mut game = Game::open(db)?;
        let state = game.state(now.day())?;
        // Refused before anything changes: the deal's own checks, at the level of now (a draw adds no
        // XP and the level never falls, so what passes here passes for every deal of the fill).
        vpoker::game::rules::check_deal(machine, request.hands, state.level)?;
        if let Some(hand) = state.hand {
            game.draw(hand.best_hold, now)?;
        }
        let cost = vpoker::table::Table::machine(machine).stake(bet, request.hands.count());
        let (mut day, mut idle_days) = (now.day(), 0u32);
        while played < n_hands {
            let state = game.state(day)?;
            if state.daily.available && state.chips.saturating_add(vpoker::game::rules::DAILY_CHIPS) >= cost {
                game.claim_daily(day)?;
            }
            // `--per-day` is 1 to 100,000 (the command line checks it).
            // Seeds drawn from the chosen --seed: each hand is recorded as dealt from a chosen seed.
            let batch: Vec<DealSeed> = seeds.by_ref().take(per_day.min(n_hands - played) as usize).map(DealSeed::chosen).collect();
            let n = game.play_best_batch(request.clone(), &batch, day)?;
            played += n as u64;
            idle_days = if n == 0 { idle_days + 1 } else { 0 };
            if idle_days > 1_000 {
                break; // The bet is beyond what daily chips can ever pay for.
            }
            day = day.next().unwrap_or(day);
        }
        let days = (day.date() - now.date()).num_days();
        Ok(serde_json::json!({
            "hands": played,
            "days": days,
            "seconds": started.elapsed().as_secs_f64(),
            "state": game.state(day)?,
        }))
    })();
    Ok(print_partial(outcome, played))
}

/// `autoplay --hands N [--game ID] [--bet N] [--practice] [--seed HEX]`: plays N hands with the best
/// hold, finishing a hand left in progress first; each deal is its own transaction, as in the app.
/// Used to prepare profiles (e.g. level 10 for the end-to-end tests) and by the crash test.
fn autoplay(db: &Path, now: Moment, args: AutoplayArgs) -> Result<ExitCode, String> {
    let AutoplayArgs { hands: n_hands, game, bet, practice, seed } = args;
    // A kicker game is a usage error, before the database is opened (or created).
    let machine = machine_only(game, "play autoplay")?;
    let mut seeds: Option<HandSeeds> = seed.map(|seed| HandSeeds::new(&seed, 0));
    let mut played = 0u64;
    let outcome = (|| -> Result<vpoker::game::State, GameError> {
        let request = DealRequest::machine(machine, Bet::new(bet)?, Lines::ONE, practice);
        let mut game = Game::open(db)?;
        let state = game.state(now.day())?;
        // Refused before anything changes: the deal's own checks at the level of now (the level
        // never falls), so a locked machine does not finish the hand in progress first.
        vpoker::game::rules::check_deal(machine, request.hands, state.level)?;
        if let Some(hand) = state.hand {
            game.draw(hand.best_hold, now)?;
        }
        for _ in 0..n_hands {
            let seed = match seeds.as_mut() {
                Some(seeds) => DealSeed::chosen(seeds.draw()),
                None => DealSeed::from(os_seed().map_err(|detail| GameError::Storage { path: db.to_path_buf(), detail })?),
            };
            if seed.from == vpoker::shuffle::SeedFrom::Chosen && !practice {
                // A chosen seed moves chips only as `fill` plays: the game derives each hand's seed
                // from it and the hand's id (one hand per transaction, as in the app).
                if game.play_best_batch(request.clone(), &[seed], now)? == 0 {
                    let available = game.state(now.day())?.chips;
                    let needed = vpoker::table::Table::machine(machine).stake(bet, 1);
                    return Err(GameError::InsufficientChips { needed, available });
                }
                played += 1;
                continue;
            }
            let state = game.deal(request.clone(), seed, now)?;
            let best = state.hand.map(|h| h.best_hold).unwrap_or(Hold::NONE);
            game.draw(best, now)?;
            played += 1;
        }
        game.state(now.day())
    })();
    Ok(print_partial(outcome, played))
}

/// 32 bytes from the operating system's entropy source.
fn os_seed() -> Result<Seed, String> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| format!("no OS entropy: {e}"))?;
    Ok(Seed::from_bytes(bytes))
}

/// Prints the value (exit 0) or, for a command that plays many hands each in its own transaction
/// (`fill`, `autoplay`), `{"error":…,"played":N}` (exit 1): the refusal and the hands played and
/// kept before it (0 when it changed nothing).
fn print_partial<T: Serialize>(outcome: Result<T, GameError>, played: u64) -> ExitCode {
    match outcome {
        Ok(value) => print_outcome::<T>(Ok(value)),
        Err(error) => print_json(&serde_json::json!({ "error": error, "played": played }), ExitCode::from(1)),
    }
}

/// Prints `value` as one JSON line and returns `code`.
fn print_json(value: &serde_json::Value, code: ExitCode) -> ExitCode {
    use std::io::Write;
    // A closed pipe (e.g. `| head`) is not worth a panic.
    let _ = writeln!(std::io::stdout().lock(), "{value}");
    code
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

/// `history --all [--compact]`: the whole history streamed as one JSON object, oldest hand first. A
/// failure part way (a damaged row) ends the object unfinished, says so on stderr and exits 1.
fn print_whole_history(db: &std::path::Path, compact: bool) -> ExitCode {
    use std::io::Write;
    let game = match Game::open(db) {
        Ok(game) => game,
        Err(error) => return print_outcome::<()>(Err(error)),
    };
    // Both callbacks write to the one stream; the first write error (a closed pipe) stops writing.
    let out = std::cell::RefCell::new((std::io::BufWriter::new(std::io::stdout().lock()), Ok(())));
    let write = |text: &str| {
        let (out, written): &mut (_, std::io::Result<()>) = &mut out.borrow_mut();
        if written.is_ok() {
            *written = out.write_all(text.as_bytes());
        }
    };
    let mut first = true;
    let mut tables: Vec<vpoker::table::Table> = Vec::new();
    let outcome = game.export_history(
        &mut |history| {
            let header = serde_json::json!({
                "start": history.start,
                "committed_from": history.committed_from,
                "bound_from": history.bound_from,
                "origin_from": history.origin_from,
                "claims": history.claims,
                "unplaced_claims": history.unplaced_claims,
                "in_progress": history.in_progress,
                "profile": history.profile,
                "bags": history.bags,
                "head": history.head,
            });
            let mut header = header;
            if compact {
                header["format"] = serde_json::json!(COMPACT_FORMAT);
                header["columns"] = serde_json::json!(COMPACT_COLUMNS);
            }
            let header = header.to_string();
            write(&header[..header.len() - 1]);
            write(",\"hands\":[");
        },
        &mut |hand| {
            write(if first { "" } else { "," });
            first = false;
            if compact {
                write(&compact_hand(hand, &mut tables).to_string());
            } else {
                write(&serde_json::to_string(hand).unwrap_or_default());
            }
        },
    );
    let code = match outcome {
        Ok(()) => {
            write("]}\n");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("vpoker: the history stopped part way: {error}");
            ExitCode::from(1)
        }
    };
    // A closed pipe (e.g. `| head`) is not worth a panic or a message.
    let _ = out.into_inner().0.flush();
    code
}

/// The compact form's name, in its header's `format`.
const COMPACT_FORMAT: &str = "compact-2";

/// What each compact hand's array holds, in order (docs/VERIFY.md, "The compact form").
const COMPACT_COLUMNS: [&str; 15] = [
    "id", "played_at", "table", "bet", "hands", "practice", "seed", "seed_from", "commitment", "situation",
    "nudge", "dealt", "hold", "won", "multipliers",
];

/// One hand as an array of what was stored (`COMPACT_COLUMNS`): its table the first time as
/// `{"id","base","pays","machine"}` (taking the next index), then by that index; `played_at` the
/// moment (or the day alone, or null); `nudge` as `[kind, position, removed, added, deck_position]`;
/// `dealt` the five cards run together ("6dJkAdTh9h"); `multipliers` a variant hand's, line by
/// line (null on any other table). Everything the full form adds (costs, EVs,
/// results, the best hold) is derived from these and the seed.
fn compact_hand(hand: &vpoker::game::HandRecord, tables: &mut Vec<vpoker::table::Table>) -> serde_json::Value {
    use serde_json::json;
    let table = match tables.iter().position(|t| *t == hand.table) {
        Some(index) => json!(index),
        None => {
            tables.push(hand.table.clone());
            json!({ "id": hand.table.id(), "base": hand.base, "pays": hand.pays, "machine": hand.machine })
        }
    };
    let moment = hand.played_at.clone().map(serde_json::Value::String).unwrap_or_else(|| json!(hand.day));
    let nudge = hand.nudge.as_ref().map(|n| json!([n.kind, n.position, n.removed, n.added, n.deck_position]));
    let dealt: String = hand.dealt.iter().map(ToString::to_string).collect();
    json!([
        hand.id,
        moment,
        table,
        hand.bet,
        hand.hands,
        u8::from(hand.practice),
        hand.seed,
        hand.seed_from,
        hand.commitment,
        hand.situation,
        nudge,
        dealt,
        hand.hold,
        hand.won,
        hand.multipliers,
    ])
}

/// An optional table id from the command line, checked as the game takes it (a malformed one is
/// the game's `unknown-table`, as an id no table has).
fn table_ids(id: Option<&str>) -> Result<Option<TableId>, GameError> {
    id.map(TableId::new).transpose()
}
