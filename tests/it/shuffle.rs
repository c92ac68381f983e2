//! The shuffles: exact enumeration of every run for small decks, seeded χ² tests, seeds.

use std::collections::HashMap;

use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;
use vpoker::shuffle::{fresh_deck, Algorithm, Chooser, Seed};

/// A chooser that replays a fixed path of choices and records the range of every choice asked,
/// so that a depth-first walk visits every possible run exactly once.
struct Scripted {
    path: Vec<u32>,
    ranges: Vec<u32>,
    pos: usize,
}

impl Chooser for Scripted {
    fn below(&mut self, n: u32) -> u32 {
        if self.pos == self.path.len() {
            self.path.push(0);
        }
        self.ranges.truncate(self.pos);
        self.ranges.push(n);
        let choice = self.path[self.pos];
        self.pos += 1;
        choice
    }

    fn key(&mut self) -> u32 {
        unreachable!("the exhaustive tests only cover index-choosing shuffles")
    }
}

/// Counts how many runs end in each ordering of `n` items, over every sequence of choices.
fn all_runs(algorithm: Algorithm, n: usize) -> (u64, HashMap<Vec<u8>, u64>) {
    let mut counts = HashMap::new();
    let mut path = Vec::new();
    let mut n_runs = 0;
    loop {
        let mut chooser = Scripted { path, ranges: Vec::new(), pos: 0 };
        let mut items: Vec<u8> = (0..n as u8).collect();
        algorithm.shuffle(&mut items, &mut chooser);
        *counts.entry(items).or_insert(0) += 1;
        n_runs += 1;
        path = chooser.path;
        // Advance the odometer: bump the last choice that still has room, drop what follows.
        let ranges = chooser.ranges;
        loop {
            match path.len() {
                0 => return (n_runs, counts),
                len if path[len - 1] + 1 < ranges[len - 1] => {
                    path[len - 1] += 1;
                    break;
                }
                _ => {
                    path.pop();
                }
            }
        }
    }
}

fn sorted_counts(counts: &HashMap<Vec<u8>, u64>) -> Vec<u64> {
    let mut values: Vec<u64> = counts.values().copied().collect();
    values.sort_unstable_by(|a, b| b.cmp(a));
    values
}

#[test]
fn fisher_yates_gives_every_ordering_exactly_once() {
    for (n, n_orderings) in [(3, 6), (4, 24), (5, 120)] {
        let (n_runs, counts) = all_runs(Algorithm::FisherYates, n);
        assert_eq!(n_runs, n_orderings);
        assert_eq!(counts.len() as u64, n_orderings);
        assert!(counts.values().all(|&c| c == 1));
    }
}

#[test]
fn biased_variant_is_biased_exactly_as_the_seeds_say() {
    let (n_runs, counts) = all_runs(Algorithm::Biased, 3);
    assert_eq!(n_runs, 27);
    assert_eq!(sorted_counts(&counts), [5, 5, 5, 4, 4, 4]);

    let (n_runs, counts) = all_runs(Algorithm::Biased, 4);
    assert_eq!(n_runs, 256);
    assert_eq!(counts.len(), 24);
    let values = sorted_counts(&counts);
    assert_eq!((values[23], values[0]), (8, 15));
    assert_eq!(values.iter().sum::<u64>(), 256);
}

/// Pearson's χ² statistic of observed counts against a uniform expectation.
fn chi_square(observed: &[u64]) -> f64 {
    let total: u64 = observed.iter().sum();
    let expected = total as f64 / observed.len() as f64;
    observed.iter().map(|&o| (o as f64 - expected).powi(2) / expected).sum()
}

fn orderings_of_four(algorithm: Algorithm, n_shuffles: usize, seed: u8) -> Vec<u64> {
    let mut rng = ChaCha20Rng::from_seed([seed; 32]);
    let mut counts: HashMap<[u8; 4], u64> = HashMap::new();
    for _ in 0..n_shuffles {
        let mut items = [0u8, 1, 2, 3];
        algorithm.shuffle(&mut items, &mut rng);
        *counts.entry(items).or_insert(0) += 1;
    }
    counts.into_values().collect()
}

// Thresholds: the χ² critical values at p = 0.001 (Wilson–Hilferty): 49.7 for 23 degrees of
// freedom (24 orderings), 2,830 for 2,601 = 51 × 51 (a 52 × 52 table with both margins fixed).
// The seeds are fixed, so these tests are deterministic; a fair shuffle fails one of them for
// only about one seed in a thousand, while the biased shuffle is rejected by a wide margin,
// which shows the tests have the power to fail.
const CHI2_23_P001: f64 = 49.7;
const CHI2_2601_P001: f64 = 2_830.0;

#[test]
fn chi_square_over_the_24_orderings_of_four_cards() {
    for algorithm in [Algorithm::FisherYates, Algorithm::SortKeys] {
        let counts = orderings_of_four(algorithm, 240_000, 11);
        assert_eq!(counts.len(), 24);
        let chi2 = chi_square(&counts);
        assert!(chi2 < CHI2_23_P001, "{algorithm:?}: χ² = {chi2}");
    }
    let chi2 = chi_square(&orderings_of_four(Algorithm::Biased, 240_000, 11));
    assert!(chi2 > 10.0 * CHI2_23_P001, "biased: χ² = {chi2}");
}

fn card_by_position(algorithm: Algorithm, n_shuffles: usize, seed: u8) -> Vec<u64> {
    let mut rng = ChaCha20Rng::from_seed([seed; 32]);
    let mut table = vec![0u64; 52 * 52];
    for _ in 0..n_shuffles {
        let mut deck = fresh_deck();
        algorithm.shuffle(&mut deck, &mut rng);
        for (pos, card) in deck.iter().enumerate() {
            table[card.index() * 52 + pos] += 1;
        }
    }
    table
}

#[test]
fn chi_square_over_the_card_by_position_table() {
    for algorithm in [Algorithm::FisherYates, Algorithm::SortKeys] {
        let chi2 = chi_square(&card_by_position(algorithm, 52_000, 5));
        assert!(chi2 < CHI2_2601_P001, "{algorithm:?}: χ² = {chi2}");
    }
    let chi2 = chi_square(&card_by_position(Algorithm::Biased, 52_000, 5));
    assert!(chi2 > CHI2_2601_P001 * 1.5, "biased: χ² = {chi2}");
}

#[test]
fn same_seed_same_deck_different_seeds_different_decks() {
    let seed: Seed = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff".parse().unwrap();
    assert_eq!(seed.deck(), seed.deck());
    let mut other_bytes = seed.bytes();
    other_bytes[31] ^= 1;
    assert_ne!(seed.deck(), Seed::from_bytes(other_bytes).deck());
    let mut decks = std::collections::HashSet::new();
    for n in 0..=255u8 {
        assert!(decks.insert(Seed::from_bytes([n; 32]).deck()));
    }
    let mut sorted = seed.deck();
    sorted.sort();
    assert_eq!(sorted, fresh_deck());
}

#[test]
fn seeds_parse_from_64_hex_digits_only() {
    let text = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
    let seed: Seed = text.parse().unwrap();
    assert_eq!(seed.to_string(), text);
    assert!(text[..62].parse::<Seed>().is_err());
    assert!(format!("{}zz", &text[..62]).parse::<Seed>().is_err());
    assert!("é".repeat(32).parse::<Seed>().is_err());
}

#[test]
fn chooser_is_exactly_uniform_on_a_tiny_range() {
    // Lemire's method must reject the values that would bias a range of 3 over 2^32 outcomes.
    let mut rng = ChaCha20Rng::from_seed([3; 32]);
    let mut counts = [0u64; 3];
    for _ in 0..300_000 {
        counts[rng.below(3) as usize] += 1;
    }
    assert!(chi_square(&counts) < 13.8, "{counts:?}"); // χ²(2) at p = 0.001.
}
