//! `vpoker hint --json`'s final-hand distribution of every hold, through the real binary: per
//! paytable row id (then `nothing`) the exact count of the hold's draws and its probability; the
//! counts sum to the draws, and their pays give the hold's EV. On a natural machine, a kicker
//! game (its kicker rows apart) and Joker Poker's 53 cards.

use serde_json::Value;

use crate::common::{json, keys};

/// Checks every hold of one answer against the table's pays (`vpoker tables`' rows, in order)
/// and returns the answer.
fn check(game: &str, hand: &str, pays: &[(&str, u64)]) -> Value {
    let answer = json(&["hint", "--game", game, "--json", hand]);
    let rows: Vec<&str> = pays.iter().map(|(id, _)| *id).chain(["nothing"]).collect();
    for hold in answer["holds"].as_array().unwrap() {
        let draws = hold["draws"].as_u64().unwrap();
        let held = hold["cards"].as_array().unwrap().len() as u32;
        let unseen: u64 = if game == "joker-poker" { 48 } else { 47 };
        assert_eq!(draws, binomial(unseen, u64::from(5 - held)), "{hold}");
        assert_eq!(keys(&hold["distribution"]), rows, "{game}: the rows in order, then nothing");
        assert_eq!(keys(&hold["counts"]), rows);
        let counts: Vec<u64> = rows.iter().map(|id| hold["counts"][id].as_u64().unwrap()).collect();
        assert_eq!(counts.iter().sum::<u64>(), draws, "{hold}");
        for (id, count) in rows.iter().zip(&counts) {
            // serde_json reads a decimal to within an ulp or so of the f64 printed.
            let p = hold["distribution"][id].as_f64().unwrap();
            assert!((p - *count as f64 / draws as f64).abs() <= 1e-15, "{id} of {hold}");
        }
        let total_pay: u64 = pays.iter().zip(&counts).map(|((_, pay), count)| pay * count).sum();
        let ev = total_pay as f64 / draws as f64;
        assert!((ev - hold["ev"].as_f64().unwrap()).abs() < 1e-9, "{game} {hold}: Σ count × pay / draws = {ev}");
    }
    answer
}

fn binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

#[test]
fn every_hold_carries_its_final_hand_distribution() {
    let job = [
        ("royal-flush", 800),
        ("straight-flush", 50),
        ("four-of-a-kind", 25),
        ("full-house", 9),
        ("flush", 6),
        ("straight", 4),
        ("three-of-a-kind", 3),
        ("two-pair", 2),
        ("jacks-or-better", 1),
    ];
    let answer = check("jacks-or-better", "Ah Kh Qh Jh 9c", &job);
    // Keeping the four royal cards: 1 royal and 8 other flushes… of 47 draws.
    let best = &answer["holds"][0];
    assert_eq!((best["mask"].as_u64(), best["counts"]["royal-flush"].as_u64()), (Some(15), Some(1)));
    assert_eq!(best["counts"]["flush"], 8);
    let ddb = [
        ("royal-flush", 800),
        ("four-aces-2-4-kicker", 400),
        ("four-2-4-a-4-kicker", 160),
        ("four-aces", 160),
        ("four-2-4", 80),
        ("straight-flush", 50),
        ("four-5-k", 50),
        ("full-house", 9),
        ("flush", 6),
        ("straight", 4),
        ("three-of-a-kind", 3),
        ("two-pair", 1),
        ("jacks-or-better", 1),
    ];
    let answer = check("double-double-bonus", "Ac Ad Ah 3s 9c", &ddb);
    let aaa3 = answer["holds"].as_array().unwrap().iter().find(|h| h["mask"] == 0b01111).unwrap();
    assert_eq!((aaa3["counts"]["four-aces-2-4-kicker"].as_u64(), aaa3["counts"]["four-aces"].as_u64()), (Some(1), Some(0)));
    let joker = [
        ("natural-royal-flush", 800),
        ("five-of-a-kind", 200),
        ("wild-royal-flush", 100),
        ("straight-flush", 50),
        ("four-of-a-kind", 20),
        ("full-house", 7),
        ("flush", 5),
        ("straight", 3),
        ("three-of-a-kind", 2),
        ("two-pair", 1),
        ("kings-or-better", 1),
    ];
    check("joker-poker", "Jk Ah Kh 3c 9d", &joker);
}
