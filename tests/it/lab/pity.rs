use vpoker::lab::kind_bags::{kind_bags, kind_bounds};
use vpoker::lab::pity::pity_lab;
use vpoker::lab::LabError;

use super::seed;

#[test]
fn pity_of_99_at_one_percent() {
    let lab = pity_lab(0.01, 99, None).unwrap();
    assert!((lab.pity_rate - 0.01 / (1.0 - 0.99f64.powi(100))).abs() < 1e-15);
    assert_eq!(format!("{:.2}", lab.pity_rate * 100.0), "1.58");
    assert_eq!(lab.pity_longest_drought, 99);
    assert_eq!((lab.bag_size, lab.bag_longest_drought), (100, 198));
    assert_eq!(lab.bag_rate, 0.01);
    assert!((lab.pure_droughts_beyond_bag - 0.99f64.powi(198)).abs() < 1e-15);
    assert_eq!(format!("{:.1}", lab.pure_droughts_beyond_bag * 100.0), "13.7");
    assert!((lab.pity_forced_share - 0.99f64.powi(99)).abs() < 1e-15);
    assert!((lab.pure_mean_drought - 99.0).abs() < 1e-9);
    assert!(lab.simulation.is_none());
    // Edge cases: a pity of 0 wins every draw; a sure prize needs no pity.
    assert!((pity_lab(0.3, 0, None).unwrap().pity_rate - 1.0).abs() < 1e-12);
    assert_eq!(pity_lab(1.0, 5, None).unwrap().pity_rate, 1.0);
}

#[test]
fn simulated_rows_keep_their_bounds() {
    let lab = pity_lab(0.01, 99, Some((200_000, seed(9)))).unwrap();
    let sim = lab.simulation.unwrap();
    assert_eq!(sim.bag.wins, 2_000);
    assert!(sim.bag.longest_drought <= 198);
    assert_eq!(sim.bag.droughts_beyond_bag, 0.0);
    assert!(sim.pity.longest_drought <= 99);
    assert!((sim.pity.rate - lab.pity_rate).abs() < 0.001, "{}", sim.pity.rate);
    assert!((sim.pure.rate - 0.01).abs() < 0.001);
    assert!(sim.pure.longest_drought > 198);
    assert!((sim.pure.droughts_beyond_bag - lab.pure_droughts_beyond_bag).abs() < 0.04);
    assert!(sim.pity.wins >= sim.pure.wins);
}

#[test]
fn bad_rates_are_refused() {
    for rate in [0.0, -0.5, 1.5, f64::NAN, 1e-5] {
        assert!(matches!(pity_lab(rate, 10, None), Err(LabError::OutOfRange { name: "rate", .. })), "{rate}");
    }
    assert!(matches!(pity_lab(0.1, 10, Some((0, seed(1)))), Err(LabError::OutOfRange { name: "draws", .. })));
}

#[test]
fn the_games_kind_bags() {
    let bags = kind_bags();
    let figures: Vec<(&str, u32, u32, u64, u64, u64)> = bags
        .iter()
        .map(|b| {
            (b.situation.id(), b.nudges, b.size, b.nudge.longest_run, b.nudge.longest_gap, b.plain_deal.longest_run)
        })
        .collect();
    assert_eq!(
        figures,
        [("normal", 1, 6, 2, 10, 10), ("losing-streak", 1, 3, 2, 4, 4), ("low-balance", 1, 2, 2, 2, 2)]
    );
    let rates: Vec<f64> = bags.iter().map(|b| b.nudge.rate).collect();
    assert_eq!(rates, [1.0 / 6.0, 1.0 / 3.0, 0.5]);
    assert_eq!(bags[0].nudge.mean_gap, 5.0);
    // One of each of N = 4 kinds: each kind repeats on 1/64 of draws, all four on 1/N² (as the shuffle-bag demonstration states).
    assert!((4.0 * kind_bounds(1, 4).back_to_back - 1.0 / 16.0).abs() < 1e-15);
    assert_eq!(kind_bounds(2, 8).longest_gap, 12);
}
