//! `vpoker simulate --game ID --hands N --situation normal|losing|low-balance --kind-deals on|off
//! --seed HEX [--threads T]`: deals N single hands through the game's own dealing pipeline
//! (`Deal::deal`: seed → deck → dead check → kind-deal bag → nudge) and settles them with the game's
//! own settlement, playing the optimal hold; reports the return and how often a paying hand, or a
//! deal that is not dead (a pair or better, or a deuce on Deuces Wild), is dealt.
//!
//! Hands are split into chunks of 65,536 run by the labs' chunk runner (`lab::run_chunks`); chunk k
//! draws its hand seeds from `--seed` on stream k (`pipeline::HandSeeds`) and keeps its own bag for
//! the situation, so the result does not depend on the number of threads.
//!
//! A kicker game (`--game double-double-bonus` 9/6, `triple-double-bonus` 9/7) is not a machine:
//! it has no kind deals, situations or progression. Its hands are dealt as a practised table's are
//! (`Deal::deal` never nudged, the same hand seeds from `--seed`), held by the best hold of
//! `Table::hand_evs` and paid by the game's table (`pipeline::settle::settle_with`), so
//! `return` converges to the exact return `vpoker analyze --game ID` prints (DDB 98.98 %, TDB
//! 99.58 %) and `expected_return` is the mean best EV of the hands dealt. `--kind-deals on` and
//! any `--situation` are refused for it (a usage error: there is no bag to draw from; `--kind-deals
//! off` is accepted, it is what happens); the report says `"kind_deals": false` and `"situation":
//! null`, and its nudge rates are 0.
//!
//! A machine of a family without a dead-deal rule deals pure (`pipeline::nudge::has_dead_rule`),
//! and is simulated the same way: `--kind-deals on` and `--situation` are
//! refused, the report says `"kind_deals": false`, `"situation": null` and
//! `"pair_or_better_dealt_rate": null` (no deal is dead, so the rate would say nothing).

use std::process::ExitCode;

use vpoker::lab::{run_chunks, Control};
use vpoker::library::Base;
use vpoker::machine::MachineId;
use vpoker::pipeline::nudge::{has_dead_rule, is_dead, Situation};
use vpoker::pipeline::settle::settle_with;
use vpoker::pipeline::{Deal, HandSeeds, NudgeSource};
use vpoker::shuffle::Seed;
use vpoker::table::Table;

use crate::cli::SimulateArgs;

const CHUNK: u64 = 65_536;

#[derive(Clone, Copy, Default)]
struct Tally {
    n: u64,
    dead: u64,
    nudged: u64,
    paying_dealt: u64,
    pair_or_better_dealt: u64,
    paid: u64,
    paid_squared: f64,
    ev: f64,
}

impl Tally {
    fn add(&mut self, other: &Tally) {
        self.n += other.n;
        self.dead += other.dead;
        self.nudged += other.nudged;
        self.paying_dealt += other.paying_dealt;
        self.pair_or_better_dealt += other.pair_or_better_dealt;
        self.paid += other.paid;
        self.paid_squared += other.paid_squared;
        self.ev += other.ev;
    }
}

/// How one run deals: a machine's own way (with or without kind deals), or pure deals (a kicker
/// game, a machine of a family without a dead-deal rule).
#[derive(Clone)]
enum Dealing {
    /// A machine, its kind deals on or off, in a situation.
    Machine { machine: MachineId, situation: Situation, kind_deals: bool },
    /// Pure deals on a table, paid by it.
    Pure(Table),
}

/// Runs `vpoker simulate ...`.
/// (`--situation` and `--kind-deals` are parsed by the command line, `cli.rs`; their defaults,
/// normal and on, are a machine's, and a kicker game refuses them.)
pub fn simulate(args: SimulateArgs) -> Result<ExitCode, String> {
    let SimulateArgs { game, hands: n_hands, situation, kind_deals, seed, threads } = args;
    let dealing = match game {
        Base::Machine(machine) if !has_dead_rule(machine.family()) => {
            if let Some(flag) = refused_flag(kind_deals, situation) {
                return Err(format!("{flag} applies to the kind deals of the machines with a dead-deal rule: {machine} deals pure"));
            }
            Dealing::Pure(Table::machine(machine))
        }
        Base::Machine(machine) => Dealing::Machine {
            machine,
            situation: situation.unwrap_or(Situation::Normal),
            kind_deals: kind_deals.unwrap_or(true),
        },
        Base::Kicker(kicker) => {
            if let Some(flag) = refused_flag(kind_deals, situation) {
                return Err(format!(
                    "{flag} applies to the 52-card machines only: {kicker} is a kicker game, dealt without kind deals"
                ));
            }
            Dealing::Pure(Table::kicker(kicker))
        }
    };
    let quiet = Control::quiet();
    let control = match threads {
        // 1 to 256, checked by the command line.
        Some(threads) => quiet.with_threads(threads as usize),
        None => quiet,
    };
    let started = std::time::Instant::now();
    // Each chunk keeps its own tally, summed in chunk order: the float sums then do not depend on
    // which thread ran which chunk.
    let per_thread = run_chunks(n_hands, CHUNK, &control, Vec::new, |tallies: &mut Vec<(u64, Tally)>, chunk, _start, len| {
        let mut tally = Tally::default();
        run_chunk(&mut tally, &dealing, &seed, chunk, len);
        tallies.push((chunk, tally));
    })
    .map_err(|e| e.to_string())?;
    let mut chunks: Vec<(u64, Tally)> = per_thread.into_iter().flatten().collect();
    chunks.sort_by_key(|&(chunk, _)| chunk);
    let mut total = Tally::default();
    for (_, tally) in &chunks {
        total.add(tally);
    }
    let n = total.n.max(1) as f64;
    let mean = total.paid as f64 / n;
    let std_error = ((total.paid_squared / n - mean * mean).max(0.0) / n).sqrt();
    let (situation, kind_deals) = match &dealing {
        Dealing::Machine { situation, kind_deals, .. } => (serde_json::json!(situation.id()), *kind_deals),
        Dealing::Pure(_) => (serde_json::Value::Null, false),
    };
    let no_dead_rule = matches!(&dealing, Dealing::Pure(table) if !has_dead_rule(table.family()));
    let report = serde_json::json!({
        "game": game.id(),
        "hands": total.n,
        "situation": situation,
        "kind_deals": kind_deals,
        "seed": seed.to_string(),
        "return": mean,
        "return_std_error": std_error,
        "expected_return": total.ev / n,
        "paying_dealt_rate": total.paying_dealt as f64 / n,
        "pair_or_better_dealt_rate": (!no_dead_rule).then(|| total.pair_or_better_dealt as f64 / n),
        "dead_rate": total.dead as f64 / n,
        "nudge_rate": total.nudged as f64 / n,
        "nudged_per_dead": if total.dead > 0 { total.nudged as f64 / total.dead as f64 } else { 0.0 },
        "seconds": started.elapsed().as_secs_f64(),
    });
    println!("{report}");
    Ok(ExitCode::SUCCESS)
}

fn run_chunk(tally: &mut Tally, dealing: &Dealing, seed: &Seed, chunk: u64, size: u64) {
    match dealing {
        Dealing::Machine { machine, situation, kind_deals } => {
            run_table_chunk(tally, &Table::machine(*machine), kind_deals.then_some(*situation), seed, chunk, size)
        }
        Dealing::Pure(table) => run_table_chunk(tally, table, None, seed, chunk, size),
    }
}

/// The flag a pure-dealing game refuses: `--kind-deals off` says what happens anyway; `on` or a
/// situation asks for a bag there is not.
fn refused_flag(kind_deals: Option<bool>, situation: Option<Situation>) -> Option<&'static str> {
    match (kind_deals, situation) {
        (Some(true), _) => Some("--kind-deals on"),
        (_, Some(_)) => Some("--situation"),
        _ => None,
    }
}

/// One chunk on `table`: each hand dealt by the one pipeline (a dead deal drawing from the
/// situation's bag when kind deals are on, a machine's only), held by the table's best hold and
/// settled by the one settlement.
fn run_table_chunk(tally: &mut Tally, table: &Table, bag: Option<Situation>, seed: &Seed, chunk: u64, size: u64) {
    let mut bag = bag.map(Situation::new_bag);
    for hand_seed in HandSeeds::new(seed, chunk).take(size as usize) {
        let source = match bag.as_mut() {
            Some(bag) => NudgeSource::Bag(bag),
            None => NudgeSource::Never,
        };
        let deal = Deal::deal(&hand_seed, table, 1, source);
        let cards = deal.dealt();
        let evs = table.hand_evs(&cards);
        let best = evs.best();
        let pay = settle_with(&deal, 1, best, None, &evs).won;
        tally.n += 1;
        tally.dead += u64::from(deal.dead());
        tally.nudged += u64::from(deal.nudge().is_some());
        tally.paying_dealt += u64::from(table.paytable().pay(&cards) > 0);
        tally.pair_or_better_dealt += u64::from(!is_dead(table, &cards));
        tally.paid += pay;
        tally.paid_squared += (pay as f64) * (pay as f64);
        tally.ev += evs.ev(best);
    }
}
