//! Benchmarks of the hot paths: evaluation, the deal shuffle. Run with `cargo bench`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use vpoker::eval::{evaluate_deuces_indices, evaluate_natural_indices};
use vpoker::shuffle::{fresh_deck, Algorithm, Seed};

fn sample_hands() -> Vec<[usize; 5]> {
    let mut rng = Seed::from_bytes([7; 32]).rng();
    (0..1024)
        .map(|_| {
            let mut deck = fresh_deck();
            Algorithm::FisherYates.shuffle(&mut deck, &mut rng);
            std::array::from_fn(|i| deck[i].index())
        })
        .collect()
}

fn evaluators(c: &mut Criterion) {
    let hands = sample_hands();
    c.bench_function("evaluate_natural x1024", |b| {
        b.iter(|| hands.iter().map(|&h| evaluate_natural_indices(black_box(h)) as usize).sum::<usize>())
    });
    c.bench_function("evaluate_deuces x1024", |b| {
        b.iter(|| hands.iter().map(|&h| evaluate_deuces_indices(black_box(h)) as usize).sum::<usize>())
    });
}

fn shuffles(c: &mut Criterion) {
    let mut rng = Seed::from_bytes([9; 32]).rng();
    for algorithm in [Algorithm::FisherYates, Algorithm::SortKeys] {
        c.bench_function(&format!("shuffle 52 {}", algorithm.id()), |b| {
            b.iter(|| {
                let mut deck = fresh_deck();
                algorithm.shuffle(&mut deck, &mut rng);
                black_box(deck)
            })
        });
    }
    c.bench_function("seed -> dealt deck (ChaCha20 + Fisher-Yates)", |b| {
        let mut n = 0u8;
        b.iter(|| {
            n = n.wrapping_add(1);
            black_box(Seed::from_bytes([n; 32]).deck())
        })
    });
}

criterion_group!(benches, evaluators, shuffles);
criterion_main!(benches);
