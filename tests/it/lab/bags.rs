use proptest::prelude::*;
use vpoker::lab::bag_exact::{bag_exact, pure_gap_at_least};
use vpoker::lab::bags::{bag_lab, BagRequest};
use vpoker::lab::LabError;

use super::seed;

fn close(a: f64, b: f64, tolerance: f64) -> bool {
    (a - b).abs() <= tolerance
}

#[test]
fn four_kinds_one_copy_exact_figures() {
    let exact = bag_exact(4, 1, false);
    assert_eq!(exact.pure.repeat_rate, 0.25);
    assert!(close(exact.bag.repeat_rate, 0.0625, 1e-15));
    assert!(close(exact.bag.guess_rate, (1.0 + 1.0 / 2.0 + 1.0 / 3.0 + 1.0 / 4.0) / 4.0, 1e-15));
    assert_eq!(format!("{:.2}", exact.bag.guess_rate * 100.0), "52.08");
    assert!(close(exact.bag.certain_next_rate, 0.25, 1e-15));
    assert_eq!((exact.pure.certain_next_rate, exact.pure.guess_rate), (0.0, 0.25));
    assert!(close(exact.pure.long_gap_rate, 0.75f64.powi(7), 1e-15));
    assert_eq!(format!("{:.1}", exact.pure.long_gap_rate * 100.0), "13.3");
    assert_eq!(format!("{:.1}", pure_gap_at_least(4, 10) * 100.0), "5.6");
    assert_eq!(format!("{:.1}", pure_gap_at_least(4, 16) * 100.0), "1.0");
    assert_eq!((exact.bag.max_gap, exact.bag.gap_bound, exact.bag.run_bound), (Some(6), Some(6), Some(2)));
    assert_eq!(exact.bag.long_gap_rate, 0.0);
    assert_eq!((exact.pure.mean_gap, exact.bag.mean_gap), (3.0, 3.0));
    // One of each: the gap is N − 1 + (j − i) for independent positions i, j: a triangle.
    for (g, &p) in exact.bag.gap_distribution.iter().enumerate() {
        let d = g as f64 - 3.0;
        assert!(close(p, (4.0 - d.abs()) / 16.0, 1e-15), "gap {g}: {p}");
    }
    // Pure gaps: geometric.
    assert!(close(exact.pure.gap_distribution[5], 0.25 * 0.75f64.powi(5), 1e-15));
    // About 7 in 10 windows of 24 pure draws hold a run of three (the shuffle-bag demonstration says nearly 7 in 10).
    assert!(close(exact.pure.run3_windows.unwrap(), 0.695, 0.001));
    assert_eq!(exact.bag.run3_windows, None);
}

#[test]
fn pure_long_gaps_are_about_13_percent_for_3_to_6_kinds() {
    for n in 3..=6 {
        let share = bag_exact(n, 1, false).pure.long_gap_rate;
        assert!((0.13..0.135).contains(&share), "{n}: {share}");
    }
}

#[test]
fn avoid_repeat_with_one_of_each() {
    for n in 3..=6u32 {
        let exact = bag_exact(n, 1, true);
        assert_eq!(exact.bag.repeat_rate, 0.0);
        assert_eq!(exact.bag.gap_distribution[0], 0.0);
        assert_eq!(exact.bag.max_gap, Some(u64::from(2 * n - 2)), "the bound stays");
        assert_eq!(exact.bag.run_bound, Some(1));
        assert!(close(exact.bag.certain_next_rate, 1.0 / f64::from(n), 1e-15));
        // The first draw of a bag is one of N − 1 kinds.
        let harmonic: f64 = (2..=n).map(|t| 1.0 / f64::from(t)).sum::<f64>() + 1.0;
        let expected = (harmonic - 1.0 / f64::from(n) + 1.0 / f64::from(n - 1)) / f64::from(n);
        assert!(close(exact.bag.guess_rate, expected, 1e-15), "{n}");
    }
}

/// The gap chain and the closed forms agree: repeat rate = P(gap = 0), mean gap N − 1, the
/// distribution sums to 1 and ends at the bound 2M(N − 1) (which a run can reach).
#[test]
fn exact_bag_figures_are_consistent() {
    for n in 2..=6u32 {
        for m in 1..=5u32 {
            for avoid in [false, true] {
                let bag = bag_exact(n, m, avoid).bag;
                let dist = &bag.gap_distribution;
                assert!(close(bag.repeat_rate, dist[0], 1e-12), "{n} {m} {avoid}");
                assert!(close(dist.iter().sum::<f64>(), 1.0, 1e-12));
                let mean: f64 = dist.iter().enumerate().map(|(g, p)| g as f64 * p).sum();
                assert!(close(mean, f64::from(n - 1), 1e-9), "{n} {m} {avoid}: mean {mean}");
                if !(avoid && n == 2) {
                    assert_eq!(bag.max_gap, Some(u64::from(2 * m * (n - 1))), "{n} {m} {avoid}");
                }
                assert!(bag.guess_rate > 1.0 / f64::from(n) && bag.guess_rate <= 1.0);
            }
        }
    }
    // Bigger bags read worse: the demonstration's 25 %, 14.2 %, 6.3 % certain and 52 %, 47 %, 41 % guesses.
    let certain: Vec<f64> = [1, 2, 5].iter().map(|&m| bag_exact(4, m, false).bag.certain_next_rate).collect();
    assert!(close(certain[0], 0.25, 1e-15) && close(certain[1], 1.0 / 7.0, 1e-15) && close(certain[2], 0.0625, 1e-15));
    let guess: Vec<String> =
        [1, 2, 5].iter().map(|&m| format!("{:.0}", bag_exact(4, m, false).bag.guess_rate * 100.0)).collect();
    assert_eq!(guess, ["52", "47", "41"]);
    // The largest bag the core takes is still quick to solve.
    assert!(bag_exact(12, 10, true).bag.guess_rate > 1.0 / 12.0);
}

#[test]
fn the_6000_draw_demo() {
    let lab = bag_lab(&BagRequest::new(4, 1, 6_000, false), &seed(4)).unwrap();
    assert_eq!(lab.bag.counts, [1_500; 4]);
    assert_eq!(lab.pure.counts.iter().sum::<u64>(), 6_000);
    assert!(lab.pure.counts.iter().all(|&c| (1_350..1_650).contains(&c)));
    assert!(close(lab.pure.repeat_rate, 0.25, 0.02) && close(lab.bag.repeat_rate, 0.0625, 0.015));
    assert!(lab.bag.longest_gap <= 6 && lab.bag.longest_run <= 2 && lab.pure.longest_gap > 6);
    assert!(close(lab.pure.mean_gap, 3.0, 0.1) && close(lab.bag.mean_gap, 3.0, 0.01));
    assert_eq!(lab.bag.long_gap_rate, 0.0);
    assert!(close(lab.pure.long_gap_rate, 0.1335, 0.02));
    assert!(close(lab.bag.certain_next_rate, 0.25, 1e-3) && lab.pure.certain_next_rate == 0.0);
    assert!(close(lab.bag.guess_rate, 0.5208, 0.02) && close(lab.pure.guess_rate, 0.25, 0.02));
    assert!(close(lab.pure.run3_windows, 0.695, 0.05) && lab.bag.run3_windows == 0.0);
    assert_eq!(lab.bag.gap_histogram.iter().sum::<u64>(), 6_000 - 4);
    // The bars' heights: each count over all gaps, summing to one.
    for row in [&lab.pure, &lab.bag] {
        let total = row.gap_histogram.iter().sum::<u64>() as f64;
        assert_eq!(row.gap_shares.len(), row.gap_histogram.len());
        for (share, count) in row.gap_shares.iter().zip(&row.gap_histogram) {
            assert!((share - *count as f64 / total).abs() < 1e-15, "{share} vs {count}/{total}");
        }
        assert!((row.gap_shares.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }
    // The default window: the first 48 draws, a boundary every 4, chances that add up to 1.
    let window = &lab.bag.window;
    assert_eq!((window.start, window.draws.len(), window.chances.len()), (0, 48, 48));
    assert_eq!(window.boundaries, (0..12).map(|b| b * 4).collect::<Vec<u64>>());
    assert!(window.chances.iter().all(|c| close(c.iter().sum::<f64>(), 1.0, 1e-12)));
    assert_eq!(window.chances[3].iter().filter(|&&c| c == 1.0).count(), 1, "the last of a bag is certain");
    assert!(lab.pure.window.boundaries.is_empty() && lab.pure.window.chances[0] == [0.25; 4]);
    // Reproducible, and the two rows come from different streams.
    assert_eq!(lab, bag_lab(&BagRequest::new(4, 1, 6_000, false), &seed(4)).unwrap());
    assert_ne!(lab.pure.window.draws, lab.bag.window.draws);
}

#[test]
fn windows_are_clipped_to_the_run() {
    let request = BagRequest { window: (95, 10), ..BagRequest::new(3, 2, 100, true) };
    let lab = bag_lab(&request, &seed(1)).unwrap();
    assert_eq!((lab.bag.window.start, lab.bag.window.draws.len()), (95, 5));
    assert_eq!(lab.bag.window.boundaries, [96]);
    let json = serde_json::to_value(&lab).unwrap();
    for key in ["counts", "repeat_rate", "longest_gap", "longest_run", "mean_gap", "gap_histogram", "long_gap_rate"] {
        assert!(json["pure"].get(key).is_some() && json["bag"].get(key).is_some(), "{key}");
    }
    for key in ["run3_windows", "certain_next_rate", "guess_rate", "window"] {
        assert!(json["bag"].get(key).is_some(), "{key}");
    }
    assert!(json["exact"]["bag"]["guess_rate"].is_f64() && json["exact"]["pure"]["max_gap"].is_null());
}

#[test]
fn out_of_range_requests_are_refused() {
    let cases =
        [(1, 1, 10, "kinds"), (13, 1, 10, "kinds"), (4, 0, 10, "copies"), (4, 11, 10, "copies"), (4, 1, 0, "draws")];
    for (kinds, copies, draws, name) in cases {
        let result = bag_lab(&BagRequest::new(kinds, copies, draws, false), &seed(1));
        assert!(matches!(result, Err(LabError::OutOfRange { name: n, .. }) if n == name), "{name}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The bag never exceeds its bounds, keeps exact counts per full bag, and avoid-repeat with one
    /// of each never repeats.
    #[test]
    fn the_bag_keeps_its_bounds(n in 2u32..=6, m in 1u32..=5, avoid in any::<bool>(), bags in 1u64..60, s in any::<u64>()) {
        let draws = bags * u64::from(n * m);
        let lab = bag_lab(&BagRequest::new(n, m, draws, avoid), &seed(s)).unwrap();
        let exact = &lab.exact.bag;
        prop_assert!(lab.bag.longest_run <= exact.run_bound.unwrap());
        prop_assert!(lab.bag.longest_gap <= exact.gap_bound.unwrap());
        prop_assert!(lab.bag.longest_gap <= exact.max_gap.unwrap());
        prop_assert!(lab.bag.counts.iter().all(|&c| c == bags * u64::from(m)));
        if avoid && m == 1 {
            prop_assert_eq!(lab.bag.repeat_rate, 0.0);
        }
        if avoid {
            prop_assert!(lab.bag.longest_run <= u64::from(m));
        }
    }
}
