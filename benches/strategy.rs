//! Benchmarks of the strategy solver: one hand's 32 EVs per machine and per kicker game (tables
//! already built), the one-time table builds, and the analyser. Run with `cargo bench --bench strategy`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use vpoker::card::Card;
use vpoker::eval::Family;
use vpoker::kicker::KickerGame;
use vpoker::machine::MachineId;
use vpoker::shuffle::Seed;
use vpoker::strategy::{
    analyze_classes, hand_evs, kicker_hand_evs, suit_classes, table_bytes, warm_up, FamilyTables, MachineTables,
};

/// Distinct random deals, so the table lookups see realistic cache behaviour rather than one
/// hand's rows staying hot.
fn sample_hands(n_hands: usize) -> Vec<[Card; 5]> {
    let mut bytes = [0u8; 32];
    (0..n_hands)
        .map(|hand_idx| {
            bytes[..8].copy_from_slice(&(hand_idx as u64).to_le_bytes());
            let deck = Seed::from_bytes(bytes).deck();
            [deck[0], deck[1], deck[2], deck[3], deck[4]]
        })
        .collect()
}

fn one_hand(c: &mut Criterion) {
    warm_up();
    eprintln!("strategy tables for all four machines: {} bytes", table_bytes());
    let hands = sample_hands(4096);
    let mut group = c.benchmark_group("hand_evs (32 EVs of one hand)");
    for machine in MachineId::ALL {
        let mut next = 0usize;
        group.bench_function(machine.id(), |b| {
            b.iter(|| {
                next = (next + 1) % hands.len();
                hand_evs(machine, black_box(&hands[next]))
            })
        });
    }
    // The kicker family: the same solver on the kicker games' pay sums (built here, outside the timing).
    for game in KickerGame::ALL {
        kicker_hand_evs(game, &hands[0]);
        let mut next = 0usize;
        group.bench_function(game.id(), |b| {
            b.iter(|| {
                next = (next + 1) % hands.len();
                kicker_hand_evs(game, black_box(&hands[next]))
            })
        });
    }
    group.finish();
}

fn table_builds(c: &mut Criterion) {
    let mut group = c.benchmark_group("table build");
    group.sample_size(10).measurement_time(Duration::from_secs(5));
    for (name, family) in [("natural family", Family::Natural), ("deuces family", Family::Deuces)] {
        group.bench_function(name, |b| b.iter(|| FamilyTables::build(family)));
    }
    let natural = FamilyTables::build(Family::Natural);
    group.bench_function("jacks-or-better machine (from family)", |b| {
        b.iter(|| MachineTables::build(MachineId::JacksOrBetter, &natural))
    });
    group.finish();
}

fn analyser(c: &mut Criterion) {
    warm_up();
    let classes = suit_classes();
    let mut group = c.benchmark_group("analyse (tables built, 2 threads)");
    group.sample_size(10).measurement_time(Duration::from_secs(5));
    group.bench_function("suit classes", |b| b.iter(suit_classes));
    for machine in [MachineId::JacksOrBetter, MachineId::DeucesWild] {
        group.bench_function(machine.id(), |b| b.iter(|| analyze_classes(machine, &classes, &|_, _| {})));
    }
    group.finish();
}

criterion_group!(benches, one_hand, table_builds, analyser);
criterion_main!(benches);
