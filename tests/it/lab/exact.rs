use vpoker::lab::exact::{exact_runs, lex_rank, next_permutation, ExactRuns};
use vpoker::lab::LabError;
use vpoker::shuffle::Algorithm;

fn counts(runs: &ExactRuns) -> Vec<u64> {
    runs.orderings.iter().map(|o| o.runs).collect()
}

fn factorial(n: u64) -> u64 {
    (1..=n).product()
}

#[test]
fn fisher_yates_has_one_run_per_ordering() {
    for n in 3..=7 {
        let runs = exact_runs(Algorithm::FisherYates, n).unwrap();
        assert_eq!(runs.runs, factorial(n as u64));
        assert_eq!(runs.orderings.len() as u64, factorial(n as u64));
        assert!(counts(&runs).iter().all(|&c| c == 1), "{n} cards");
        assert_eq!((runs.min_runs, runs.max_runs, runs.restarted, runs.key_space), (1, 1, 0, None));
    }
}

#[test]
fn biased_three_cards_gives_27_runs_three_orderings_get_five() {
    let runs = exact_runs(Algorithm::Biased, 3).unwrap();
    assert_eq!(runs.runs, 27);
    let orders: Vec<String> = runs.orderings.iter().map(|o| vpoker::card::cards_to_string(&o.order)).collect();
    assert_eq!(orders, ["2c 2d 2h", "2c 2h 2d", "2d 2c 2h", "2d 2h 2c", "2h 2c 2d", "2h 2d 2c"]);
    // 1-2-3 is the fresh order: 132, 213 and 231 get five runs, the others four.
    assert_eq!(counts(&runs), [4, 5, 5, 5, 4, 4]);
}

#[test]
fn biased_larger_decks() {
    let runs = exact_runs(Algorithm::Biased, 4).unwrap();
    assert_eq!((runs.runs, runs.orderings.len(), runs.min_runs, runs.max_runs), (256, 24, 8, 15));
    let runs = exact_runs(Algorithm::Biased, 5).unwrap();
    assert_eq!((runs.runs, runs.orderings.len()), (3_125, 120));
    assert!(runs.min_runs < runs.max_runs);
    let runs = exact_runs(Algorithm::Biased, 6).unwrap();
    assert_eq!((runs.runs, runs.orderings.len()), (46_656, 720));
    assert_eq!(counts(&runs).iter().sum::<u64>(), 46_656);
    assert!(counts(&runs).iter().all(|&c| c > 0));
}

#[test]
fn sort_keys_counts_every_collision_free_assignment_once() {
    for n in 3..=6u64 {
        let runs = exact_runs(Algorithm::SortKeys, n as usize).unwrap();
        assert_eq!(runs.key_space, Some(n as u32 + 1));
        assert_eq!(runs.runs, factorial(n + 1), "{n} cards");
        assert_eq!(runs.restarted, (n + 1).pow(n as u32) - factorial(n + 1));
        assert!(counts(&runs).iter().all(|&c| c == n + 1), "{n} cards: each ordering n + 1 times");
    }
}

#[test]
fn orderings_are_listed_in_lexicographic_order() {
    let runs = exact_runs(Algorithm::FisherYates, 5).unwrap();
    let indices: Vec<Vec<usize>> = runs.orderings.iter().map(|o| o.order.iter().map(|c| c.index()).collect()).collect();
    assert!(indices.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(indices[0], [0, 1, 2, 3, 4]);
    assert_eq!(indices[119], [4, 3, 2, 1, 0]);
}

#[test]
fn out_of_range_card_counts_are_refused() {
    for n in [0, 2, 8, 52] {
        assert!(matches!(exact_runs(Algorithm::FisherYates, n), Err(LabError::OutOfRange { name: "cards", .. })));
    }
}

#[test]
fn json_shape() {
    let json = serde_json::to_value(exact_runs(Algorithm::Biased, 3).unwrap()).unwrap();
    assert_eq!(json["algorithm"], "biased");
    assert_eq!(json["cards"], 3);
    assert_eq!(json["orderings"][1]["order"], serde_json::json!(["2c", "2h", "2d"]));
    assert_eq!(json["orderings"][1]["runs"], 5);
}

#[test]
fn lex_rank_and_next_permutation_agree() {
    let mut perm: Vec<u8> = (0..5).collect();
    for rank in 0..120 {
        assert_eq!(lex_rank(&perm), rank);
        next_permutation(&mut perm);
    }
    assert_eq!(perm, vec![0, 1, 2, 3, 4]);
}
