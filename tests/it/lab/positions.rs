use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use vpoker::lab::positions::{position_chi2, position_counts, MAX_SAMPLES};
use vpoker::lab::{Control, LabError};
use vpoker::shuffle::Algorithm;

use super::seed;

#[test]
fn fisher_yates_and_sort_keys_pass_at_200k() {
    for algorithm in [Algorithm::FisherYates, Algorithm::SortKeys] {
        let run = position_counts(algorithm, 200_000, &seed(1), &Control::quiet()).unwrap();
        assert_eq!(run.dof, 2601);
        assert!(run.p_value > 0.001, "{}: χ² {} p {}", algorithm.id(), run.chi2, run.p_value);
        for i in 0..52 {
            assert_eq!(run.counts[i].iter().map(|&c| u64::from(c)).sum::<u64>(), 200_000);
            assert_eq!(run.counts.iter().map(|row| u64::from(row[i])).sum::<u64>(), 200_000);
        }
    }
}

#[test]
fn biased_fails_with_its_diagonal_pattern() {
    let run = position_counts(Algorithm::Biased, 200_000, &seed(1), &Control::quiet()).unwrap();
    assert!(run.chi2 > 20_000.0, "χ² {}", run.chi2);
    assert_eq!(run.p_value, 0.0);
    // The biased swap puts card i before position i too often and at i or after too rarely: the
    // heat map's diagonal edge. The last cards end near the top a quarter less often than they should.
    let share = |card: usize, position: usize| f64::from(run.counts[card][position]) / run.expected;
    assert!(share(10, 9) > 1.15 && share(10, 15) < 0.95, "{} {}", share(10, 9), share(10, 15));
    assert!(share(51, 0) < 0.85 && share(51, 50) > 1.25, "{} {}", share(51, 0), share(51, 50));
}

#[test]
fn the_same_seed_gives_the_same_counts_on_any_number_of_threads() {
    let one = position_counts(Algorithm::FisherYates, 50_000, &seed(7), &Control::quiet().with_threads(1)).unwrap();
    let three = position_counts(Algorithm::FisherYates, 50_000, &seed(7), &Control::quiet().with_threads(3)).unwrap();
    assert_eq!(one, three);
    let other = position_counts(Algorithm::FisherYates, 50_000, &seed(8), &Control::quiet()).unwrap();
    assert_ne!(one.counts, other.counts);
}

#[test]
fn progress_is_reported_and_cancel_stops() {
    let seen = Mutex::new(Vec::new());
    let progress = |done: u64, total: u64| seen.lock().unwrap().push((done, total));
    let cancel = AtomicBool::new(false);
    position_counts(Algorithm::FisherYates, 40_000, &seed(2), &Control::new(&progress, &cancel)).unwrap();
    let seen = seen.into_inner().unwrap();
    assert_eq!(seen.last(), Some(&(40_000, 40_000)));
    assert!(seen.windows(2).all(|w| w[0].0 < w[1].0));
    assert_eq!(seen.len(), 3, "chunks of 16,384");

    let cancel = AtomicBool::new(false);
    let stop = |done: u64, _total: u64| {
        if done >= 16_384 {
            cancel.store(true, Ordering::Relaxed);
        }
    };
    let control = Control::new(&stop, &cancel).with_threads(1);
    assert_eq!(position_counts(Algorithm::FisherYates, 1_000_000, &seed(2), &control), Err(LabError::Cancelled));
}

#[test]
fn sample_counts_out_of_range_are_refused() {
    for samples in [0, MAX_SAMPLES + 1] {
        let result = position_counts(Algorithm::FisherYates, samples, &seed(1), &Control::quiet());
        assert!(matches!(result, Err(LabError::OutOfRange { name: "samples", .. })));
    }
}

/// The scaled statistic has the mean of a χ² with (n − 1)² degrees of freedom under a uniform
/// shuffle (Pearson's unscaled sum would average n(n − 1)): 4 cards, 4,000 tables of 100 shuffles.
#[test]
fn the_permutation_table_statistic_has_the_right_mean() {
    let mut rng = seed(3).rng();
    let (n, reps, samples) = (4usize, 4_000, 100u64);
    let mut total = 0.0;
    for _ in 0..reps {
        let mut counts = vec![0u32; n * n];
        for _ in 0..samples {
            let mut deck = [0u8, 1, 2, 3];
            Algorithm::FisherYates.shuffle(&mut deck, &mut rng);
            for (position, &card) in deck.iter().enumerate() {
                counts[usize::from(card) * n + position] += 1;
            }
        }
        let (chi2, dof) = position_chi2(&counts, n, samples);
        assert_eq!(dof, 9);
        total += chi2;
    }
    let mean = total / f64::from(reps);
    // sd of one χ²₉ is √18 ≈ 4.24, of the mean 0.067; unscaled the mean would be 12.
    assert!((mean - 9.0).abs() < 0.35, "mean {mean}");
}
