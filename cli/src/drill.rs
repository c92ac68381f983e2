//! `vpoker drill --game ID --source hard|chart --count N --seed HEX64 [--tier T] [--json]`: hands
//! to drill.
//!
//! `--source hard` prints the first N hard hands of the core's drill run from the seed
//! (`vpoker::pipeline::drill::HardDeals`: each deal the hand of its own seed drawn from `--seed`,
//! dealt by the one pipeline on the table): deterministic, one hand per line. With `--json` each
//! line is `{"seed":HEX64,"cards":[…],"best":MASK,"holds":[{"mask":MASK,"ev":EV}…],"plain":MASK,
//! "reason":"plain-rule-differs"|"close-call"}`, the 32 holds best first and EVs per coin rounded to
//! 9 decimals (as `vpoker hint` prints them); without it, a line of text per hand ending with its
//! seed. `vpoker verify --seed SEED --game ID` deals the hand again.
//!
//! `--source mistakes --db FILE` prints the player's own mistaken deals on the review queue of that
//! game database, in the order drills bring them back, each as `{"cards","best","holds","hand","hold",
//! "due","reps","lapses"}` (`due` the date it comes back; `--count` is optional there: all of them).
//!
//! `--source chart [--tier beginner|intermediate|expert]` (default `expert`) prints the first N
//! hands of the same drill run on which that tier's chart (`vpoker chart --game ID --tiers`) holds
//! something that is not a best hold (`HardDeals::next_off_chart_within`; the app's *By my chart*
//! drill deals the same hands from the same seed). With `--json` each line is `{"seed","cards",
//! "tier","line":{"rank","class","label"},"hold":MASK,"best":MASK,"best_line","cost","holds"}`
//! (`cost` what the chart's hold gives up per coin, `best_line` the chart line of the best hold or
//! null); without it a line of text per hand. A variant table (`RULES:ID`) has no tier chart (exit
//! 1, `no-tier-chart`).
//!
//! Every source accepts the same full line, `--source hard|mistakes --db FILE --count N --seed HEX64 --json`:
//! the flag a source does not need (`--db` for hard, `--seed` for mistakes) is accepted and not read.
//!
//! `--game` takes any table with `--source hard`: a machine, a kicker game (`double-double-bonus`
//! 9/6, `triple-double-bonus` 9/7), a table of the library (`vpoker tables`) or a saved lab table
//! (`lab:NAME` with `--db FILE`, only read). The deals come from the seed alone, the plain rule is
//! read on the table and the EVs are the table's own. `--source mistakes` takes any table too: the
//! review queue holds the mistaken deals of every table played (for chips or in practice), and the
//! database is opened read-only.

use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{value_parser, Args, ValueEnum};
use vpoker::card::cards_to_string;
use vpoker::pipeline::drill::{ChartDeal, DrillDeal, HardDeals};
use vpoker::strategy::chart::ChartTier;
use vpoker::table_chart::TierChart;
use vpoker::shuffle::Seed;
use vpoker::strategy::HoldEv;

use crate::values::{chart_tier, table_id, table_of};

/// The largest `--count`.
const MAX_COUNT: u64 = 1_000_000;

/// `drill --game ID --source hard|chart|mistakes [--count N] [--seed HEX64] [--tier T] [--db FILE] [--json]`
#[derive(Args)]
pub struct DrillArgs {
    /// Table to drill on, by id: a machine (e.g. jacks-or-better) or, with --source hard, any table: a kicker game, a table of `vpoker tables` or lab:NAME with --db.
    #[arg(long, value_name = "ID", value_parser = table_id())]
    pub game: vpoker::game::TableId,
    /// Where hands come from: hard (dealt from --seed, hard decisions only), chart (dealt from --seed, where the --tier chart holds no best hold) or mistakes (from --db).
    #[arg(long, value_name = "SOURCE", value_enum)]
    pub source: DrillSource,
    /// Number of hands to print, 1 to 1,000,000 (required with --source hard or chart).
    #[arg(long, value_name = "N", required_if_eq_any([("source", "hard"), ("source", "chart")]), value_parser = value_parser!(u64).range(1..=MAX_COUNT))]
    pub count: Option<u64>,
    /// With --source hard or chart: seed of the ChaCha20 stream the hands are dealt from, 64 hex
    /// digits (accepted and not read with --source mistakes).
    #[arg(long, value_name = "HEX64", required_if_eq_any([("source", "hard"), ("source", "chart")]))]
    pub seed: Option<Seed>,
    /// With --source chart: the tier whose chart the hands are off, beginner, intermediate or expert (default expert; accepted and not read by the other sources).
    #[arg(long, value_name = "TIER", value_parser = chart_tier())]
    pub tier: Option<ChartTier>,
    /// With --source mistakes: the game database whose mistaken deals are drilled; with --source
    /// hard, read only for a lab table's pays (accepted and not read otherwise).
    #[arg(long, value_name = "FILE", required_if_eq("source", "mistakes"))]
    pub db: Option<PathBuf>,
    /// Print one JSON object per hand instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Where the drilled hands come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DrillSource {
    /// Hands dealt from a seed, kept when the decision is hard.
    Hard,
    /// The player's own mistaken deals from a game database.
    Mistakes,
    /// Hands dealt from a seed, kept when the tier's chart holds something that is not a best hold.
    Chart,
}

/// Runs `vpoker drill`.
pub fn drill(args: DrillArgs) -> Result<ExitCode, String> {
    match args.source {
        DrillSource::Mistakes => {
            // A --seed is not needed here (the queue's order is the core's) and is not read.
            let Some(db) = args.db else { return Err("drill --source mistakes needs --db FILE".into()) };
            if !db.is_file() {
                return Err(format!("{}: no such database", db.display()));
            }
            // Any table the game knows (a lab table's name is read from --db): its queued mistakes.
            let table = match table_of(args.game.as_str(), Some(&db))? {
                Ok(table) => table,
                Err(refused) => return Ok(refused),
            };
            // At most a page of the queue (more is refused by the core as `history-limit`).
            let page = vpoker::game::rules::HISTORY_PAGE_MAX;
            let limit = args.count.map_or(page, |n| u32::try_from(n).unwrap_or(u32::MAX));
            let queued = match vpoker::game::Game::open_read_only(&db).and_then(|game| game.mistakes(Some(&vpoker::game::TableId::new(table.id())?), limit)) {
                Ok(queued) => queued,
                Err(error) => {
                    println!("{}", serde_json::json!({ "error": error }));
                    return Ok(ExitCode::from(1));
                }
            };
            let mut out = BufWriter::new(std::io::stdout().lock());
            for mistake in queued {
                let hand = &mistake.hand;
                let evs = hand.table.hand_evs(&hand.dealt);
                let holds: Vec<HoldEv> = evs.sorted();
                let line = if args.json {
                    let holds: Vec<_> = holds
                        .iter()
                        .map(|h| serde_json::json!({ "mask": h.hold, "ev": (h.ev * 1e9).round() / 1e9 }))
                        .collect();
                    serde_json::json!({
                        "cards": hand.dealt, "best": evs.best(), "holds": holds, "hand": hand.id,
                        "hold": hand.hold, "due": mistake.schedule.due, "reps": mistake.schedule.reps,
                        "lapses": mistake.schedule.lapses,
                    })
                    .to_string()
                } else {
                    format!(
                        "{}  hand {}  held {}  best {}",
                        cards_to_string(&hand.dealt),
                        hand.id,
                        hand.hold.unwrap_or_default(),
                        evs.best()
                    )
                };
                if writeln!(out, "{line}").is_err() {
                    break;
                }
            }
            let _ = out.flush();
            Ok(ExitCode::SUCCESS)
        }
        DrillSource::Chart => {
            let (Some(seed), Some(count)) = (args.seed, args.count) else {
                return Err("drill --source chart needs --seed and --count".into());
            };
            let table = match table_of(args.game.as_str(), args.db.as_deref())? {
                Ok(table) => table,
                Err(refused) => return Ok(refused),
            };
            let tier = args.tier.unwrap_or(ChartTier::Expert);
            let chart = match TierChart::of(&table, tier) {
                Ok(chart) => chart,
                Err(why) => {
                    let error = vpoker::game::GameError::NoTierChart { table: table.id().to_string(), reason: why.id() };
                    println!("{}", serde_json::json!({ "error": error }));
                    return Ok(ExitCode::from(1));
                }
            };
            let mut deals = HardDeals::new(&table, &seed);
            let mut out = BufWriter::new(std::io::stdout().lock());
            for _ in 0..count {
                let Some(hand) = deals.next_off_chart_within(chart.chart(), vpoker::game::MAX_DEALS_PER_CHART_QUESTION) else {
                    let error = vpoker::game::GameError::NoChartHands { table: table.id().to_string(), tier: tier.id() };
                    println!("{}", serde_json::json!({ "error": error }));
                    return Ok(ExitCode::from(1));
                };
                let line = if args.json { chart_json_line(&hand, tier) } else { chart_text_line(&hand, tier) };
                if writeln!(out, "{line}").is_err() {
                    break;
                }
            }
            let _ = out.flush();
            Ok(ExitCode::SUCCESS)
        }
        DrillSource::Hard => {
            // Hard hands come from the seed alone: a --db is read only for a lab table's pays.
            let (Some(seed), Some(count)) = (args.seed, args.count) else {
                return Err("drill --source hard needs --seed and --count".into());
            };
            let table = match table_of(args.game.as_str(), args.db.as_deref())? {
                Ok(table) => table,
                Err(refused) => return Ok(refused),
            };
            let mut deals = HardDeals::new(&table, &seed);
            let mut out = BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
            for _ in 0..count {
                let Some(hand) = deals.next_within(vpoker::game::MAX_DEALS_PER_QUESTION) else {
                    let error = vpoker::game::GameError::NoHardHands { table: table.id().to_string() };
                    println!("{}", serde_json::json!({ "error": error }));
                    return Ok(ExitCode::from(1));
                };
                let line = if args.json { json_line(&hand) } else { text_line(&hand) };
                if writeln!(out, "{line}").is_err() {
                    break; // A closed pipe (e.g. `| head`) is not an error.
                }
            }
            let _ = out.flush();
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// The hand's JSON object on one line, EVs rounded to 9 decimals (the core's serialisation).
fn json_line(deal: &DrillDeal) -> String {
    let mut rounded = deal.clone();
    for hold in &mut rounded.hand.holds {
        hold.ev = (hold.ev * 1e9).round() / 1e9;
    }
    serde_json::to_string(&rounded).unwrap_or_default()
}

/// `Ah Kd 9c 7h 3h  plain-rule-differs  best 11000 0.466…  plain 00011 0.402…  seed HEX64`
fn text_line(deal: &DrillDeal) -> String {
    let hand = &deal.hand;
    let ev_of = |hold| hand.holds.iter().find(|h: &&HoldEv| h.hold == hold).map_or(f64::NAN, |h| h.ev);
    format!(
        "{}  {:<18}  best {} {:.9}  plain {} {:.9}  seed {}",
        cards_to_string(&hand.cards),
        hand.reason.id(),
        hand.best,
        ev_of(hand.best),
        hand.plain,
        ev_of(hand.plain),
        deal.seed
    )
}

/// A chart hand's JSON object on one line, EVs rounded to 9 decimals.
fn chart_json_line(deal: &ChartDeal, tier: ChartTier) -> String {
    let round = |ev: f64| (ev * 1e9).round() / 1e9;
    let holds: Vec<_> = deal.holds.iter().map(|h| serde_json::json!({ "mask": h.hold, "ev": round(h.ev) })).collect();
    let advice = &deal.advice;
    serde_json::json!({
        "seed": deal.seed, "cards": deal.cards, "tier": tier, "line": advice.line, "hold": advice.hold,
        "best": advice.best_hold, "best_line": advice.best_line, "cost": round(advice.cost), "holds": holds,
    })
    .to_string()
}

/// `Th 9c Ac Kh 2d  beginner line 9 one-high-card holds 00100  best 01100  costs 0.023…  seed HEX64`
fn chart_text_line(deal: &ChartDeal, tier: ChartTier) -> String {
    let advice = &deal.advice;
    format!(
        "{}  {} line {} {}  holds {}  best {}  costs {:.9}  seed {}",
        cards_to_string(&deal.cards),
        tier.id(),
        advice.line.rank,
        advice.line.class,
        advice.hold,
        advice.best_hold,
        advice.cost,
        deal.seed
    )
}
