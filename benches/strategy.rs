//! Benchmarks of the strategy solver: one hand's 32 EVs per machine (Joker Poker on deals of its
//! 53 cards) and per kicker game (tables already built), the one-time table builds, and the analyser. Run with `cargo bench --bench strategy`.

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
    eprintln!("strategy tables for all five machines: {} bytes", table_bytes());
    let standard = sample_hands(4096);
    // Joker Poker deals from 53 cards: about one deal in ten holds the joker (5/53), so every
    // tenth sample hand has it in place of its fifth card.
    let joker: Vec<[Card; 5]> = standard
        .iter()
        .enumerate()
        .map(|(i, &hand)| if i % 10 == 0 { [hand[0], hand[1], hand[2], hand[3], Card::JOKER] } else { hand })
        .collect();
    let mut group = c.benchmark_group("hand_evs (32 EVs of one hand)");
    for machine in MachineId::ALL {
        let hands = if machine.family() == Family::Joker { &joker } else { &standard };
        let mut next = 0usize;
        group.bench_function(machine.id(), |b| {
            b.iter(|| {
                next = (next + 1) % hands.len();
                hand_evs(machine, black_box(&hands[next]))
            })
        });
    }
    // The kicker family: the same solver on the kicker games' pay sums (built here, outside the timing).
    let hands = &standard;
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

/// One Ultimate X hint (all 32 holds valued with the multipliers on screen; the game solved
/// before the timing) beside the plain hint of the same table, on 1, 3 and 10 lines.
fn ultimate_x_hint(c: &mut Criterion) {
    use vpoker::table::Table;
    use vpoker::ultimate_x::hint::{hint_with, solution, OnScreen};
    let hands = sample_hands(4096);
    let table = Table::named("jacks-or-better-8-6").expect("a library table");
    let mut group = c.benchmark_group("ultimate x hint (jacks-or-better-8-6)");
    let mut next = 0usize;
    group.bench_function("plain hint", |b| {
        b.iter(|| {
            next = (next + 1) % hands.len();
            table.hand_evs(black_box(&hands[next]))
        })
    });
    for (lines, screen) in [(1u8, "2"), (3, "2,1,12"), (10, "2,1,1,3,1,1,4,1,1,11")] {
        let (multipliers, solved) = solution(&table, lines).expect("an Ultimate X game");
        let on_screen = OnScreen::parse(screen, &multipliers).expect("multipliers of the table");
        group.bench_function(format!("{lines} lines"), |b| {
            b.iter(|| {
                next = (next + 1) % hands.len();
                hint_with(&table, &multipliers, &solved, &on_screen, black_box(&hands[next]))
            })
        });
    }
    group.finish();
}

/// One Super Times Pay hint (all 32 holds: the base game's values times the lines' mean
/// multiplier, per coin of the stake, as `rules::hand_evs` gives the game) on 1 and 10 lines.
fn super_times_hint(c: &mut Criterion) {
    use vpoker::rules::{self, Screen};
    use vpoker::table::Table;
    let hands = sample_hands(4096);
    let table = Table::named("super-times:jacks-or-better").expect("a Super Times Pay table");
    let mut group = c.benchmark_group("super times hint (jacks-or-better)");
    let mut next = 0usize;
    for (lines, screen) in [(1u8, "4"), (10, "1,1,3,1,1,1,10,1,1,1")] {
        let screen: Screen = rules::parse(&table, lines, screen).expect("multipliers it draws");
        group.bench_function(format!("{lines} lines"), |b| {
            b.iter(|| {
                next = (next + 1) % hands.len();
                rules::hand_evs(&table, Some(&screen), black_box(&hands[next]))
            })
        });
    }
    group.finish();
}

fn table_builds(c: &mut Criterion) {
    let mut group = c.benchmark_group("table build");
    group.sample_size(10).measurement_time(Duration::from_secs(5));
    for (name, family) in
        [("natural family", Family::Natural), ("deuces family", Family::Deuces), ("joker family", Family::Joker)]
    {
        group.bench_function(name, |b| b.iter(|| FamilyTables::build(family)));
    }
    let natural = FamilyTables::build(Family::Natural);
    group.bench_function("jacks-or-better machine (from family)", |b| {
        b.iter(|| MachineTables::build(MachineId::JacksOrBetter, &natural))
    });
    group.finish();
}

/// One hand solved without tables (`strategy::cold`: what a one-shot `vpoker play state` or `hint`
/// does instead of a table build), per family.
fn cold_hand(c: &mut Criterion) {
    use vpoker::strategy::solver::cold_evs;
    let hands = sample_hands(64);
    let mut group = c.benchmark_group("cold hand (32 EVs, no tables)");
    group.sample_size(20);
    for machine in [MachineId::JacksOrBetter, MachineId::DeucesWild, MachineId::JokerPoker] {
        let pays = machine.paytable().pay_by_category();
        let mut next = 0usize;
        group.bench_function(machine.id(), |b| {
            b.iter(|| {
                next = (next + 1) % hands.len();
                cold_evs(pays, machine.family(), black_box(&hands[next]))
            })
        });
    }
    group.finish();
}

fn analyser(c: &mut Criterion) {
    warm_up();
    let classes = suit_classes();
    let mut group = c.benchmark_group("analyse (tables built, 2 threads)");
    group.sample_size(10).measurement_time(Duration::from_secs(5));
    group.bench_function("suit classes", |b| b.iter(suit_classes));
    for machine in [MachineId::JacksOrBetter, MachineId::DeucesWild, MachineId::JokerPoker] {
        group.bench_function(machine.id(), |b| b.iter(|| analyze_classes(machine, &classes, &|_, _| {})));
    }
    group.finish();
}

criterion_group!(benches, cold_hand, one_hand, ultimate_x_hint, super_times_hint, table_builds, analyser);
criterion_main!(benches);
