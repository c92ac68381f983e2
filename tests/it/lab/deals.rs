use vpoker::table::Table;
use vpoker::card::Card;
use vpoker::pipeline::nudge::{is_dead, Situation};
use vpoker::lab::deals::{categories, classify, deal_table, exact_counts, KindDeals, N_HANDS};
use vpoker::lab::Control;
use vpoker::machine::MachineId;

use super::seed;

fn exact_of(machine: MachineId, id: &str) -> u64 {
    let ids = categories(machine);
    exact_counts(machine)[ids.iter().position(|&(i, _)| i == id).unwrap()]
}

#[test]
fn exact_counts_are_the_known_ones() {
    let jacks = MachineId::JacksOrBetter;
    let known = [
        ("royal-flush", 4),
        ("straight-flush", 36),
        ("four-of-a-kind", 624),
        ("full-house", 3_744),
        ("flush", 5_108),
        ("straight", 10_200),
        ("three-of-a-kind", 54_912),
        ("two-pair", 123_552),
        ("jacks-or-better", 337_920),
        ("low-pair", 760_320),
    ];
    for (id, count) in known {
        assert_eq!(exact_of(jacks, id), count, "{id}");
    }
    assert_eq!(exact_of(jacks, "four-flush") + exact_of(jacks, "nothing"), 1_302_540);
    assert_eq!(exact_of(MachineId::DoubleBonus, "four-aces"), 48);
    assert_eq!(exact_of(MachineId::DeucesWild, "four-deuces"), 48);
    assert_eq!(exact_of(MachineId::DeucesWild, "natural-royal-flush"), 4);
    for machine in MachineId::ALL {
        // Every deal of the machine's deck: C(52, 5), or C(53, 5) with the joker.
        let deals = if machine == MachineId::JokerPoker { 2_869_685 } else { N_HANDS };
        assert_eq!(exact_counts(machine).iter().sum::<u64>(), deals, "{machine}");
        assert!(exact_counts(machine).iter().all(|&n| n > 0), "{machine}: every category can be dealt");
    }
}

/// The dead categories (four-flush, nothing) are exactly the game's dead deals, over every hand.
#[test]
fn dead_categories_are_the_games_dead_deals() {
    for machine in MachineId::ALL {
        let ids = categories(machine);
        let mut mismatches = 0;
        for a in 0..48 {
            for b in a + 1..49 {
                for c in b + 1..50 {
                    for d in c + 1..51 {
                        for e in d + 1..52 {
                            let hand = [a, b, c, d, e];
                            let cards = hand.map(|i| Card::from_index(i).unwrap());
                            mismatches += usize::from(ids[classify(machine, hand)].1 != is_dead(&Table::machine(machine), &cards));
                        }
                    }
                }
            }
        }
        assert_eq!(mismatches, 0, "{machine}");
    }
}

#[test]
fn pure_deals_match_the_exact_distribution() {
    for machine in [MachineId::JacksOrBetter, MachineId::DeucesWild, MachineId::JokerPoker] {
        let table = deal_table(machine, 40_000, KindDeals::Off, &seed(11), &Control::quiet()).unwrap();
        assert!(table.p_value > 0.001, "{machine}: χ² {} p {}", table.chi2, table.p_value);
        // The expected counts are over the machine's own deck (53 cards on Joker Poker).
        let expected: f64 = table.categories.iter().map(|c| c.expected).sum();
        assert!((expected - 40_000.0).abs() < 1e-6, "{machine}: {expected}");
        assert!(table.categories.iter().all(|c| c.z.abs() < 5.0), "{machine}");
        assert_eq!(table.categories.iter().map(|c| c.count).sum::<u64>(), 40_000);
        assert_eq!(table.nudged, 0);
        assert!(!table.merged.is_empty(), "royal flushes are pooled at 40,000 deals");
        let dead: u64 = table.categories.iter().filter(|c| c.dead).map(|c| c.count).sum();
        assert_eq!(dead, table.dead);
    }
}

#[test]
fn kind_deals_show_in_the_table() {
    let machine = MachineId::JacksOrBetter;
    let table = deal_table(machine, 70_000, KindDeals::Bag(Situation::Normal), &seed(11), &Control::quiet()).unwrap();
    let z = |id: &str| table.categories.iter().find(|c| c.id == id).unwrap().z;
    assert!(table.p_value < 1e-10, "χ² {}", table.chi2);
    assert!(z("nothing") < -10.0);
    assert!(z("low-pair") > 3.0 && z("jacks-or-better") > 20.0);
    assert!(z("four-flush") > 5.0);
    // One nudge per six dead deals, each chunk (65,536 deals) with its own bag.
    let sixth = table.dead as f64 / 6.0;
    assert!((table.nudged as f64 - sixth).abs() <= 2.0, "{} nudges for {} dead", table.nudged, table.dead);
    assert_eq!(table.nudged, table.four_flush_nudges + table.pair_nudges);
    // Low balance nudges one in two.
    let low = deal_table(machine, 20_000, KindDeals::Bag(Situation::LowBalance), &seed(2), &Control::quiet()).unwrap();
    assert!((low.nudged as f64 - low.dead as f64 / 2.0).abs() <= 1.0);
    let always = deal_table(machine, 20_000, KindDeals::Always, &seed(2), &Control::quiet()).unwrap();
    assert!(always.nudged as f64 > 0.99 * always.dead as f64);
}

#[test]
fn deal_tables_do_not_depend_on_threads() {
    let kind = KindDeals::Bag(Situation::LosingStreak);
    let one = deal_table(MachineId::BonusPoker, 70_000, kind, &seed(4), &Control::quiet().with_threads(1)).unwrap();
    let two = deal_table(MachineId::BonusPoker, 70_000, kind, &seed(4), &Control::quiet().with_threads(2)).unwrap();
    assert_eq!(one, two);
}

#[test]
fn json_shape_and_ids() {
    assert_eq!(KindDeals::from_id("losing"), Some(KindDeals::Bag(Situation::LosingStreak)));
    assert_eq!(KindDeals::from_id("off"), Some(KindDeals::Off));
    assert_eq!(KindDeals::from_id("sometimes"), None);
    let table = deal_table(MachineId::DeucesWild, 1_000, KindDeals::Off, &seed(1), &Control::quiet()).unwrap();
    let json = serde_json::to_value(&table).unwrap();
    assert_eq!(json["game"], "deuces-wild");
    assert_eq!(json["kind_deals"], "off");
    let ids: Vec<&str> = json["categories"].as_array().unwrap().iter().map(|c| c["id"].as_str().unwrap()).collect();
    assert_eq!(ids[0], "natural-royal-flush");
    assert_eq!(&ids[ids.len() - 4..], ["pair", "deuce", "four-flush", "nothing"]);
    for key in ["count", "exact", "expected", "deviation", "z", "dead"] {
        assert!(json["categories"][0].get(key).is_some(), "{key}");
    }
}
