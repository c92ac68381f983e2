//! `vpoker lab …`: the fairness labs of the core (`vpoker::lab`) from the command line, as JSON
//! (`--json`, the objects the app shows) or a short text.
//!
//! - `lab shuffle --algorithm A --cards N --exact`: every run of a shuffle of the first N (3 to 7)
//!   cards of the fresh deck, per ordering; orderings are card strings ("2c"), in lexicographic order;
//! - `lab shuffle --algorithm A --samples S --seed HEX64`: card-by-position counts and their χ²;
//! - `lab deals --game ID --deals N --kind-deals off|normal|losing|low-balance|always --seed HEX64`
//!   (a machine: a kicker game id is a usage error naming what deals it instead);
//! - `lab bag --kinds N --copies M --draws D --seed HEX64 [--avoid-repeat]`;
//! - `lab pity --rate P --pity N [--draws D --seed HEX64]`; `lab numbers`; `lab kind-bags`.
//!
//! Values out of range are usage errors (one line, exit 2). `seconds` is the wall time of the run.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use clap::{value_parser, Args, Subcommand};
use serde::Serialize;
use serde_json::Value;
use vpoker::card::cards_to_string;
use vpoker::lab::bags::{bag_lab, BagRequest, MAX_COPIES, MAX_DRAWS, MAX_KINDS, MAX_WINDOW, MIN_KINDS};
use vpoker::lab::deals::{deal_table, KindDeals, MAX_DEALS};
use vpoker::lab::exact::{exact_runs, MAX_CARDS, MIN_CARDS};
use vpoker::lab::kind_bags::kind_bags;
use vpoker::lab::numbers::numbers;
use vpoker::lab::pity::{pity_lab, MAX_PITY, MIN_RATE};
use vpoker::lab::positions::{position_counts, MAX_SAMPLES};
use vpoker::lab::Control;
use vpoker::library::Base;
use vpoker::shuffle::{Algorithm, Seed};

use crate::values::{algorithm, machine_game_id, machine_only};

/// `vpoker lab SUBCOMMAND`
#[derive(Args)]
pub struct LabArgs {
    #[command(subcommand)]
    pub command: LabCommand,
}

/// The labs.
#[derive(Subcommand)]
pub enum LabCommand {
    /// Exact run counts of a shuffle for 3 to 7 cards (--exact), or card-by-position counts with a χ² test.
    Shuffle(LabShuffleArgs),
    /// Dealt-hand categories through the real dealing pipeline against their exact counts.
    Deals(LabDealsArgs),
    /// Pure draws and shuffle-bag draws side by side, every figure beside its exact value.
    Bag(LabBagArgs),
    /// A pity timer against a shuffle bag and pure chance, exactly (and simulated with --draws).
    Pity(LabPityArgs),
    /// The big numbers behind a shuffle: 52!, 2^128, 2^256, deals, hands and their ratios.
    Numbers(JsonFlag),
    /// The game's own kind-deal bags: nudge rates and drought bounds per situation.
    KindBags(JsonFlag),
}

/// `--json` alone.
#[derive(Args)]
pub struct JsonFlag {
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// `lab shuffle --algorithm A (--cards N --exact | --samples S --seed HEX64) [--threads T] [--json]`
#[derive(Args)]
pub struct LabShuffleArgs {
    /// Shuffle algorithm.
    #[arg(long, value_name = "ALGORITHM", default_value = "fisher-yates", value_parser = algorithm())]
    pub algorithm: Algorithm,
    /// Count every run exactly instead of sampling (needs --cards).
    #[arg(long, requires = "cards", conflicts_with_all = ["samples", "seed"])]
    pub exact: bool,
    /// Cards for --exact: the first N of the fresh deck, 3 to 7.
    #[arg(long, value_name = "N", requires = "exact", value_parser = value_parser!(u64).range(MIN_CARDS as u64..=MAX_CARDS as u64))]
    pub cards: Option<u64>,
    /// Shuffles of the 52-card deck to count, 1 to 10,000,000.
    #[arg(long, value_name = "S", required_unless_present = "exact", conflicts_with = "cards", value_parser = value_parser!(u64).range(1..=MAX_SAMPLES))]
    pub samples: Option<u64>,
    /// Seed of the chunks' ChaCha20 streams: 64 hex digits.
    #[arg(long, value_name = "HEX64", required_unless_present = "exact")]
    pub seed: Option<Seed>,
    /// Worker threads (default: one per CPU); the counts do not depend on it.
    #[arg(long, value_name = "T", value_parser = value_parser!(u64).range(1..=256))]
    pub threads: Option<u64>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// `lab deals --game ID --deals N --kind-deals K --seed HEX64 [--threads T] [--json]`
#[derive(Args)]
pub struct LabDealsArgs {
    /// Machine to deal on, by id (a kicker game is refused: it is not a machine and has no kind deals; deal it with `simulate --game`).
    #[arg(long, value_name = "ID", value_parser = machine_game_id())]
    pub game: Base,
    /// Deals, 1 to 10,000,000.
    #[arg(long, value_name = "N", value_parser = value_parser!(u64).range(1..=MAX_DEALS))]
    pub deals: u64,
    /// Kind deals: off, a situation's bag (normal, losing, low-balance), or always.
    #[arg(long, value_name = "KIND", default_value = "off", value_parser = kind_deals)]
    pub kind_deals: KindDeals,
    /// Seed of the deals' seeds: 64 hex digits.
    #[arg(long, value_name = "HEX64")]
    pub seed: Seed,
    /// Worker threads (default: one per CPU); the table does not depend on it.
    #[arg(long, value_name = "T", value_parser = value_parser!(u64).range(1..=256))]
    pub threads: Option<u64>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// `lab bag --kinds N --copies M --draws D --seed HEX64 [--avoid-repeat] [--window START LEN] [--json]`
#[derive(Args)]
pub struct LabBagArgs {
    /// Kinds, 2 to 12.
    #[arg(long, value_name = "N", value_parser = value_parser!(u32).range(i64::from(MIN_KINDS)..=i64::from(MAX_KINDS)))]
    pub kinds: u32,
    /// Copies of each kind in a bag, 1 to 10.
    #[arg(long, value_name = "M", default_value = "1", value_parser = value_parser!(u32).range(1..=i64::from(MAX_COPIES)))]
    pub copies: u32,
    /// Draws in each row, 1 to 1,000,000.
    #[arg(long, value_name = "D", value_parser = value_parser!(u64).range(1..=MAX_DRAWS))]
    pub draws: u64,
    /// Seed of both rows' ChaCha20 streams: 64 hex digits.
    #[arg(long, value_name = "HEX64")]
    pub seed: Seed,
    /// A refilled bag never starts with the kind just drawn.
    #[arg(long)]
    pub avoid_repeat: bool,
    /// The first draw of the per-draw rows in the JSON.
    #[arg(long, value_name = "START", default_value = "0")]
    pub window_start: u64,
    /// The number of per-draw rows in the JSON, up to 10,000.
    #[arg(long, value_name = "LEN", default_value = "48", value_parser = value_parser!(u64).range(0..=MAX_WINDOW))]
    pub window_len: u64,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// `lab pity --rate P --pity N [--draws D --seed HEX64] [--json]`
#[derive(Args)]
pub struct LabPityArgs {
    /// Chance of a win per draw, 0.0001 to 1.
    #[arg(long, value_name = "P", value_parser = rate)]
    pub rate: f64,
    /// Misses after which the next draw always wins.
    #[arg(long, value_name = "N", value_parser = value_parser!(u64).range(0..=MAX_PITY))]
    pub pity: u64,
    /// Also simulate D draws of each way (1 to 1,000,000; needs --seed).
    #[arg(long, value_name = "D", requires = "seed", value_parser = value_parser!(u64).range(1..=vpoker::lab::pity::MAX_DRAWS))]
    pub draws: Option<u64>,
    /// Seed of the simulation: 64 hex digits.
    #[arg(long, value_name = "HEX64", requires = "draws")]
    pub seed: Option<Seed>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

fn kind_deals(text: &str) -> Result<KindDeals, String> {
    KindDeals::from_id(text).ok_or_else(|| format!("'{text}' is not off, normal, losing, low-balance or always"))
}

fn rate(text: &str) -> Result<f64, String> {
    let rate: f64 = text.parse().map_err(|_| format!("'{text}' is not a number"))?;
    if !(MIN_RATE..=1.0).contains(&rate) {
        return Err(format!("{text} is not between {MIN_RATE} and 1"));
    }
    Ok(rate)
}

/// Runs `vpoker lab …`.
pub fn lab(args: LabArgs) -> Result<ExitCode, String> {
    let started = Instant::now();
    let (value, text, json) = match args.command {
        LabCommand::Shuffle(args) => shuffle(args)?,
        LabCommand::Deals(args) => {
            let machine = machine_only(args.game, "lab deals")?;
            let control = control(args.threads);
            let table = deal_table(machine, args.deals, args.kind_deals, &args.seed, &control).map_err(err)?;
            (to_value(&table), crate::lab_text::deals(&table), args.json)
        }
        LabCommand::Bag(args) => {
            let request = BagRequest {
                kinds: args.kinds,
                copies: args.copies,
                draws: args.draws,
                avoid_repeat: args.avoid_repeat,
                window: (args.window_start, args.window_len),
            };
            let lab = bag_lab(&request, &args.seed).map_err(err)?;
            (to_value(&lab), crate::lab_text::bag(&lab), args.json)
        }
        LabCommand::Pity(args) => {
            let simulate = args.draws.zip(args.seed);
            let lab = pity_lab(args.rate, args.pity, simulate).map_err(err)?;
            (to_value(&lab), crate::lab_text::pity(&lab), args.json)
        }
        LabCommand::Numbers(flag) => {
            let all = numbers();
            let text = all.figures.iter().map(|f| format!("{:<28} {:>78}  {}", f.id, value_text(f), f.label)).collect();
            (to_value(&all), text, flag.json)
        }
        LabCommand::KindBags(flag) => {
            let bags = kind_bags();
            (serde_json::json!({ "bags": bags }), crate::lab_text::kind_bags(&bags), flag.json)
        }
    };
    let seconds = started.elapsed().as_secs_f64();
    // A closed pipe (e.g. `| head`) is not an error.
    let mut out = std::io::stdout().lock();
    if json {
        let mut value = value;
        if let Value::Object(map) = &mut value {
            map.insert("seconds".into(), seconds.into());
        }
        let _ = writeln!(out, "{value}");
    } else {
        let _ = writeln!(out, "{}\n({seconds:.3} s)", text.join("\n"));
    }
    Ok(ExitCode::SUCCESS)
}

fn shuffle(args: LabShuffleArgs) -> Result<(Value, Vec<String>, bool), String> {
    if args.exact {
        let cards = args.cards.ok_or("--exact needs --cards")? as usize;
        let runs = exact_runs(args.algorithm, cards).map_err(err)?;
        let mut text = vec![format!(
            "{}, {} cards: {} runs over {} orderings, {} to {} runs each{}",
            runs.algorithm,
            runs.cards,
            runs.runs,
            runs.orderings.len(),
            runs.min_runs,
            runs.max_runs,
            runs.key_space.map_or(String::new(), |k| format!(
                " (keys 0 to {}; {} assignments collided and restarted)",
                k - 1,
                runs.restarted
            ))
        )];
        text.extend(runs.orderings.iter().map(|o| format!("{}  {}", cards_to_string(&o.order), o.runs)));
        return Ok((to_value(&runs), text, args.json));
    }
    let (samples, seed) = args.samples.zip(args.seed).ok_or("lab shuffle needs --samples and --seed, or --exact")?;
    let counts = position_counts(args.algorithm, samples, &seed, &control(args.threads)).map_err(err)?;
    let text = vec![format!(
        "{}, {} shuffles: χ² {:.1} with {} degrees of freedom, p = {:.4}",
        counts.algorithm, counts.samples, counts.chi2, counts.dof, counts.p_value
    )];
    Ok((to_value(&counts), text, args.json))
}

fn control(threads: Option<u64>) -> Control<'static> {
    let control = Control::quiet();
    match threads {
        Some(threads) => control.with_threads(threads as usize),
        None => control,
    }
}

fn err(error: vpoker::lab::LabError) -> String {
    error.to_string()
}

fn to_value(value: &impl Serialize) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

fn value_text(figure: &vpoker::lab::numbers::Figure) -> String {
    match &figure.exact {
        Some(digits) => digits.clone(),
        None if (1e-3..1e6).contains(&figure.value.abs()) => format!("{:.4}", figure.value),
        None => format!("{:.6e}", figure.value),
    }
}
