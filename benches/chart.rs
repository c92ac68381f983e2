//! Benchmarks of the paytable lab and the strategy charts, on changed tables (a lab edit): the
//! exact analysis (return, final-hand probabilities, variance), the chart generation (also of each
//! machine's own table, and its three tiers), and
//! playing a chart on one hand. Run with `cargo bench --bench chart`. The family data (solver
//! counts and the charts' classified suit classes) is built once before timing, as the app does
//! at start-up; its one-time cost is printed.

use std::hint::black_box;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use vpoker::card::Card;
use vpoker::strategy::chart::Vocabulary;
use vpoker::machine::{MachineId, Paytable};
use vpoker::shuffle::Seed;
use vpoker::strategy::chart;
use vpoker::strategy::custom::{analyze_table, with_pay};

/// A lab edit of each family: Jacks or Better with a 7-coin flush, Deuces Wild with a 4-coin
/// four of a kind.
fn changed_tables() -> [(&'static str, Paytable); 2] {
    let natural = with_pay(MachineId::JacksOrBetter.paytable(), "flush", 7).expect("a valid pay");
    let deuces = with_pay(MachineId::DeucesWild.paytable(), "four-of-a-kind", 4).expect("a valid pay");
    [("jacks-or-better, flush 7", natural), ("deuces-wild, four of a kind 4", deuces)]
}

fn warm() {
    let started = Instant::now();
    vpoker::strategy::warm_up();
    let tables = started.elapsed();
    let started = Instant::now();
    chart::prepare(Vocabulary::Natural);
    chart::prepare(Vocabulary::Deuces);
    eprintln!(
        "one-time: solver tables {:.3} s, chart classes of both families {:.3} s",
        tables.as_secs_f64(),
        started.elapsed().as_secs_f64()
    );
}

fn lab(c: &mut Criterion) {
    warm();
    let mut group = c.benchmark_group("lab (changed table, family data built)");
    group.sample_size(10).measurement_time(Duration::from_secs(4));
    for (name, table) in changed_tables() {
        group.bench_function(format!("analysis: {name}"), |b| b.iter(|| analyze_table(black_box(&table))));
    }
    let never = AtomicBool::new(false);
    for (name, table) in changed_tables() {
        group.bench_function(format!("chart: {name}"), |b| {
            b.iter(|| chart::generate(black_box(&table), &|_, _| {}, &never).expect("not cancelled"))
        });
    }
    // Each machine's own chart generated afresh (what `vpoker chart` does, the family data built).
    for machine in MachineId::ALL {
        let table = machine.paytable().clone();
        group.bench_function(format!("chart: {} (its own table)", machine.id()), |b| {
            b.iter(|| chart::generate(black_box(&table), &|_, _| {}, &never).expect("not cancelled"))
        });
        // Its three tiers (one solve, the ranking's shared start, three limits: `vpoker chart --tiers`).
        group.bench_function(format!("tiers: {} (its own table)", machine.id()), |b| {
            b.iter(|| chart::tiers(black_box(&table), &|_, _| {}, &never).expect("not cancelled"))
        });
    }
    group.finish();
}

fn play(c: &mut Criterion) {
    warm();
    let chart = chart::machine_chart(MachineId::JacksOrBetter);
    let hands: Vec<[Card; 5]> = (0..1024u32)
        .map(|idx| {
            let mut bytes = [0u8; 32];
            bytes[..4].copy_from_slice(&idx.to_le_bytes());
            let deck = Seed::from_bytes(bytes).deck();
            [deck[0], deck[1], deck[2], deck[3], deck[4]]
        })
        .collect();
    let mut next = 0usize;
    c.bench_function("chart play (one hand, jacks-or-better)", |b| {
        b.iter(|| {
            next = (next + 1) % hands.len();
            chart.play(black_box(&hands[next]))
        })
    });
    c.bench_function("chart hint (one hand, with its EVs)", |b| {
        b.iter(|| {
            next = (next + 1) % hands.len();
            chart::hint(MachineId::JacksOrBetter, black_box(&hands[next]))
        })
    });
}

criterion_group!(benches, lab, play);
criterion_main!(benches);
