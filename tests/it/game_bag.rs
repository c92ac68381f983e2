//! The shuffle-bag bounds (docs/LAB.md), as property tests over random bags and seeds.

use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use vpoker::pipeline::ShuffleBag;

fn draws(n_kinds: u32, copies: u32, no_repeat: bool, seed: u64, n_draws: usize) -> Vec<u32> {
    let mut bag = ShuffleBag::new((0..n_kinds).map(|kind| (kind, copies)).collect(), no_repeat);
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    (0..n_draws).map(|_| bag.draw(&mut rng)).collect()
}

/// The longest run of one kind, and the longest gap (other items) between two of the same kind.
fn longest_run_and_gap(items: &[u32], n_kinds: u32) -> (usize, usize) {
    let mut longest_run = 0;
    let mut run = 0;
    for (i, item) in items.iter().enumerate() {
        run = if i > 0 && items[i - 1] == *item { run + 1 } else { 1 };
        longest_run = longest_run.max(run);
    }
    let mut longest_gap = 0;
    for kind in 0..n_kinds {
        let at: Vec<usize> = items.iter().enumerate().filter(|(_, &k)| k == kind).map(|(i, _)| i).collect();
        for pair in at.windows(2) {
            longest_gap = longest_gap.max(pair[1] - pair[0] - 1);
        }
    }
    (longest_run, longest_gap)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn n_kinds_m_copies_bound_runs_and_gaps(n_kinds in 2u32..7, copies in 1u32..5, seed: u64) {
        let size = (n_kinds * copies) as usize;
        let items = draws(n_kinds, copies, false, seed, size * 60);
        let (run, gap) = longest_run_and_gap(&items, n_kinds);
        prop_assert!(run <= 2 * copies as usize, "run {} > 2M", run);
        prop_assert!(gap <= (2 * copies * (n_kinds - 1)) as usize, "gap {} > 2M(N-1)", gap);
        // Every full bag holds exactly M of each kind: the long-run share is exact.
        for bag in items.chunks_exact(size) {
            for kind in 0..n_kinds {
                prop_assert_eq!(bag.iter().filter(|&&k| k == kind).count(), copies as usize);
            }
        }
    }

    #[test]
    fn one_of_each_bounds_gaps_by_2n_minus_2_and_runs_by_2(n_kinds in 2u32..9, seed: u64) {
        let items = draws(n_kinds, 1, false, seed, n_kinds as usize * 100);
        let (run, gap) = longest_run_and_gap(&items, n_kinds);
        prop_assert!(run <= 2);
        prop_assert!(gap <= 2 * n_kinds as usize - 2);
    }

    #[test]
    fn no_repeat_removes_boundary_repeats(n_kinds in 2u32..9, seed: u64) {
        let items = draws(n_kinds, 1, true, seed, n_kinds as usize * 100);
        let (run, _) = longest_run_and_gap(&items, n_kinds);
        prop_assert_eq!(run, 1);
    }

    #[test]
    fn a_restored_bag_continues_exactly(n_kinds in 2u32..6, copies in 1u32..4, cut in 0usize..40, seed: u64) {
        let contents: Vec<(u32, u32)> = (0..n_kinds).map(|kind| (kind, copies)).collect();
        let mut rng = ChaCha20Rng::seed_from_u64(seed);
        let mut bag = ShuffleBag::new(contents.clone(), false);
        for _ in 0..cut {
            bag.draw(&mut rng);
        }
        let mut restored = ShuffleBag::restore(contents, false, bag.remaining().to_vec(), bag.last().copied());
        let mut rng_copy = rng.clone();
        for _ in 0..50 {
            prop_assert_eq!(bag.draw(&mut rng), restored.draw(&mut rng_copy));
        }
    }
}

#[test]
fn repeat_rate_tends_to_one_over_n_squared() {
    for n_kinds in [2u32, 3, 4, 6] {
        let items = draws(n_kinds, 1, false, 42 + u64::from(n_kinds), 600_000);
        let repeats = items.windows(2).filter(|w| w[0] == w[1]).count() as f64;
        let rate = repeats / (items.len() - 1) as f64;
        let expected = 1.0 / f64::from(n_kinds * n_kinds);
        assert!((rate - expected).abs() < 0.1 * expected, "N={n_kinds}: repeat rate {rate}, expected {expected}");
    }
}

#[test]
fn the_bounds_are_reached() {
    // Over many bags the worst cases do happen, so the bounds above are tight, not loose.
    let items = draws(3, 1, false, 7, 200_000);
    assert_eq!(longest_run_and_gap(&items, 3), (2, 4));
    let items = draws(3, 2, false, 7, 400_000);
    assert_eq!(longest_run_and_gap(&items, 3), (4, 8));
}
