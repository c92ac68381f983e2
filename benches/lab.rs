//! Benchmarks of the fairness labs (`vpoker::lab`), with their targets: 1,000,000
//! Fisher–Yates shuffles with position counts ≤ 0.3 s, a 6,000-draw bag demo ≤ 10 ms. Run with
//! `cargo bench --bench lab` (about 40 s once built).

use vpoker::table::Table;
use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use rand_core::RngCore;
use vpoker::pipeline::nudge::Situation;
use vpoker::lab::bags::{bag_lab, BagRequest};
use vpoker::lab::deals::{deal_table, exact_counts, KindDeals};
use vpoker::lab::exact::exact_runs;
use vpoker::lab::positions::position_counts;
use vpoker::lab::Control;
use vpoker::machine::MachineId;
use vpoker::shuffle::{Algorithm, Seed};

fn seed() -> Seed {
    Seed::from_bytes(std::array::from_fn(|i| i as u8))
}

fn positions(c: &mut Criterion) {
    let mut group = c.benchmark_group("positions");
    group.sample_size(10).measurement_time(Duration::from_secs(4)).warm_up_time(Duration::from_millis(500));
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    group.bench_function(format!("1,000,000 fisher-yates ({threads} threads)"), |b| {
        b.iter(|| position_counts(Algorithm::FisherYates, black_box(1_000_000), &seed(), &Control::quiet()).unwrap())
    });
    group.bench_function("1,000,000 fisher-yates (1 thread)", |b| {
        let control = Control::quiet().with_threads(1);
        b.iter(|| position_counts(Algorithm::FisherYates, black_box(1_000_000), &seed(), &control).unwrap())
    });
    // The ChaCha20 share of the single-thread figure: the 51 words per shuffle alone.
    group.bench_function("ChaCha20 alone: 51,000,000 u32 (1 thread)", |b| {
        b.iter(|| {
            let mut rng = seed().rng();
            (0..51_000_000).fold(0u32, |acc, _| acc ^ rng.next_u32())
        })
    });
    group.finish();
}

fn bags(c: &mut Criterion) {
    let mut group = c.benchmark_group("bags");
    group.measurement_time(Duration::from_secs(2)).warm_up_time(Duration::from_millis(500));
    for (kinds, copies) in [(4, 1), (6, 10)] {
        group.bench_function(format!("6,000-draw demo, {kinds} kinds x {copies}"), |b| {
            b.iter(|| bag_lab(&BagRequest::new(kinds, copies, black_box(6_000), false), &seed()).unwrap())
        });
    }
    group.finish();
}

fn exact(c: &mut Criterion) {
    let mut group = c.benchmark_group("exact");
    group.sample_size(20).measurement_time(Duration::from_secs(2)).warm_up_time(Duration::from_millis(500));
    for algorithm in [Algorithm::FisherYates, Algorithm::Biased, Algorithm::SortKeys] {
        group.bench_function(format!("6 cards {}", algorithm.id()), |b| {
            b.iter(|| exact_runs(algorithm, black_box(6)).unwrap())
        });
    }
    group.finish();
}

fn deals(c: &mut Criterion) {
    let mut group = c.benchmark_group("deals");
    group.sample_size(10).measurement_time(Duration::from_secs(3)).warm_up_time(Duration::from_millis(500));
    exact_counts(MachineId::JacksOrBetter);
    for kind in [KindDeals::Off, KindDeals::Bag(Situation::Normal)] {
        group.bench_function(format!("100,000 jacks-or-better deals, kind deals {}", kind.id()), |b| {
            b.iter(|| {
                deal_table(MachineId::JacksOrBetter, black_box(100_000), kind, &seed(), &Control::quiet()).unwrap()
            })
        });
    }
    group.finish();
}

/// Verifying a hand (target: ≤ 1 ms): a Five Play hand replayed from its seed and checked
/// against its recorded cards and win, and a stored hand read from a database and verified.
fn verify(c: &mut Criterion) {
    use vpoker::pipeline::verify::{verify, Claim};
    use vpoker::game::{DealRequest, Game};
    use vpoker::hold::Hold;
    let mut group = c.benchmark_group("verify");
    let hold = Hold::from_mask(0b10011).unwrap();
    let honest = verify(&Claim { hold: Some(hold), ..Claim::seed(seed(), Table::machine(MachineId::DeucesWild), 5) });
    let claim = Claim {
        hold: Some(hold),
        commitment: Some(seed().commitment_hex()),
        dealt: Some(honest.dealt),
        drawn: Some(honest.hands.iter().map(|h| h.drawn.clone()).collect()),
        finals: Some(honest.hands.iter().map(|h| h.cards).collect()),
        won: Some(honest.hands.iter().map(|h| h.win).sum()),
        ..Claim::seed(seed(), Table::machine(MachineId::DeucesWild), 5)
    };
    group.bench_function("one Five Play hand from its seed", |b| b.iter(|| verify(black_box(&claim))));
    let dir = std::env::temp_dir().join(format!("vpoker-bench-verify-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut game = Game::open(&dir.join("game.db")).unwrap();
    let day = vpoker::game::Day::new(chrono::NaiveDate::from_ymd_opt(2026, 11, 30).unwrap()).unwrap();
    game.deal(DealRequest::machine(MachineId::JacksOrBetter, vpoker::game::Bet::SMALLEST, vpoker::game::Lines::ONE, false), seed(), day).unwrap();
    game.draw(hold, day).unwrap();
    group.bench_function("a stored hand (read + verify)", |b| b.iter(|| game.verify_hand(black_box(1)).unwrap()));
    group.finish();
    drop(game);
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, positions, bags, exact, deals, verify);
criterion_main!(benches);
