//! `vpoker simulate --game ID --hands N --situation normal|losing|low-balance --kind-deals on|off
//! --seed HEX [--threads T]`: deals N single hands through the game's own dealing pipeline
//! (`Deal::deal`: seed → deck → dead check → kind-deal bag → nudge) and settles them with the game's
//! own settlement, playing the optimal hold; reports the return and how often a paying hand, or a
//! deal that is not dead (a pair or better, or a deuce on Deuces Wild), is dealt.
//!
//! Hands are split into chunks of 65,536 run by the labs' chunk runner (`lab::run_chunks`); chunk k
//! draws its hand seeds from `--seed` on stream k (`pipeline::HandSeeds`) and keeps its own bag for
//! the situation, so the result does not depend on the number of threads.

use std::process::ExitCode;

use vpoker::lab::{run_chunks, Control};
use vpoker::pipeline::nudge::{is_dead, Situation};
use vpoker::pipeline::settle::settle_with;
use vpoker::pipeline::{Deal, HandSeeds, NudgeSource};
use vpoker::machine::MachineId;
use vpoker::shuffle::Seed;
use vpoker::strategy::hand_evs;

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

/// Runs `vpoker simulate ...`.
/// (`--situation` and `--kind-deals` are parsed, with their defaults, by the command line, `cli.rs`.)
pub fn simulate(args: SimulateArgs) -> Result<ExitCode, String> {
    let SimulateArgs { game: machine, hands: n_hands, situation, kind_deals, seed, threads } = args;
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
        run_chunk(&mut tally, machine, situation, kind_deals, &seed, chunk, len);
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
    let report = serde_json::json!({
        "game": machine,
        "hands": total.n,
        "situation": situation.id(),
        "kind_deals": kind_deals,
        "seed": seed.to_string(),
        "return": mean,
        "return_std_error": std_error,
        "expected_return": total.ev / n,
        "paying_dealt_rate": total.paying_dealt as f64 / n,
        "pair_or_better_dealt_rate": total.pair_or_better_dealt as f64 / n,
        "dead_rate": total.dead as f64 / n,
        "nudge_rate": total.nudged as f64 / n,
        "nudged_per_dead": if total.dead > 0 { total.nudged as f64 / total.dead as f64 } else { 0.0 },
        "seconds": started.elapsed().as_secs_f64(),
    });
    println!("{report}");
    Ok(ExitCode::SUCCESS)
}

fn run_chunk(
    tally: &mut Tally,
    machine: MachineId,
    situation: Situation,
    kind_deals: bool,
    seed: &Seed,
    chunk: u64,
    size: u64,
) {
    let table = machine.paytable();
    let mut bag = situation.new_bag();
    for hand_seed in HandSeeds::new(seed, chunk).take(size as usize) {
        let source = if kind_deals { NudgeSource::Bag(&mut bag) } else { NudgeSource::Never };
        let deal = Deal::deal(&hand_seed, machine, 1, source);
        let cards = deal.dealt();
        let evs = hand_evs(machine, &cards);
        let best = evs.best();
        let pay = settle_with(&deal, 1, best, &evs).won;
        tally.n += 1;
        tally.dead += u64::from(deal.dead());
        tally.nudged += u64::from(deal.nudge().is_some());
        tally.paying_dealt += u64::from(table.pay(&cards) > 0);
        tally.pair_or_better_dealt += u64::from(!is_dead(machine, &cards));
        tally.paid += pay;
        tally.paid_squared += (pay as f64) * (pay as f64);
        tally.ev += evs.ev(best);
    }
}
