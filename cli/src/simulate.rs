//! `vpoker simulate --game ID --hands N --situation normal|losing|low-balance --kind-deals on|off
//! --seed HEX [--threads T]`: deals N single hands through the game's own dealing pipeline
//! (`Deal::deal`: seed → deck → dead check → kind-deal bag → nudge) and settles them with the game's
//! own settlement, playing the optimal hold; reports the return and how often a paying hand, or a
//! deal that is not dead (a pair or better, or a deuce on Deuces Wild), is dealt.
//!
//! Hands are split into chunks of 65,536; chunk k draws its hand seeds from ChaCha20 seeded with
//! `--seed` on stream k and keeps its own bag for the situation, so the result does not depend on
//! the number of threads.

use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use rand_chacha::ChaCha20Rng;
use rand_core::{RngCore, SeedableRng};
use vpoker::game::deal::{Deal, NudgeSource};
use vpoker::game::kind::{is_dead, Situation};
use vpoker::game::settle::settle_with;
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
    let default_threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let n_threads: usize = threads.unwrap_or(default_threads);
    let n_chunks = n_hands.div_ceil(CHUNK) as usize;
    let next = AtomicUsize::new(0);
    let tallies = Mutex::new(vec![Tally::default(); n_chunks]);
    let started = std::time::Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..n_threads.max(1) {
            scope.spawn(|| loop {
                let chunk = next.fetch_add(1, Ordering::Relaxed);
                if chunk >= n_chunks {
                    break;
                }
                let size = CHUNK.min(n_hands - chunk as u64 * CHUNK);
                let tally = run_chunk(machine, situation, kind_deals, &seed, chunk as u64, size);
                if let Ok(mut all) = tallies.lock() {
                    all[chunk] = tally;
                }
            });
        }
    });
    let mut total = Tally::default();
    for tally in tallies.lock().map_err(|_| "a simulation thread panicked".to_string())?.iter() {
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

fn run_chunk(machine: MachineId, situation: Situation, kind_deals: bool, seed: &Seed, chunk: u64, size: u64) -> Tally {
    let table = machine.paytable();
    let mut seeds = ChaCha20Rng::from_seed(seed.bytes());
    seeds.set_stream(chunk);
    let mut bag = situation.new_bag();
    let mut tally = Tally::default();
    for _ in 0..size {
        let mut bytes = [0u8; 32];
        seeds.fill_bytes(&mut bytes);
        let hand_seed = Seed::from_bytes(bytes);
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
    tally
}
