//! Joker Poker's chart (`chart::machine_chart(MachineId::JokerPoker)`, the joker vocabulary): its
//! return computed exactly by the ranking equals playing the chart on every one of the 2,869,685
//! deals; every class of the vocabulary is reachable; the chart reads in two sections (the joker,
//! then no joker), never discards the joker, and plays a few hands as a player would; the library's
//! joker tables get their charts. The figures are printed (`-- --nocapture`).

use std::collections::HashSet;

use vpoker::card::{parse_hand, Card};
use vpoker::hold::Hold;
use vpoker::library::{Preset, PRESETS};
use vpoker::machine::MachineId;
use vpoker::strategy::chart::{self, Chart, Vocabulary, MAX_LINES};
use vpoker::strategy::deck::DECK_53;

fn joker_chart() -> &'static Chart {
    chart::machine_chart(MachineId::JokerPoker)
}

#[test]
fn the_joker_chart_return_is_exact_three_ways() {
    let chart = joker_chart();
    println!("{}", chart.to_text());
    assert_eq!(chart.vocabulary(), Vocabulary::Joker);
    assert!(chart.lines().len() <= MAX_LINES);
    // Optimal play is the analyser's (the published 100.65 %).
    let optimal = vpoker::strategy::analyze(MachineId::JokerPoker).return_rate();
    assert_eq!(chart.optimal_return(), optimal);
    assert!((optimal * 100.0 - 100.65).abs() < 0.005);
    let by_play = chart.return_by_play(MachineId::JokerPoker.paytable());
    assert!((by_play - chart.chart_return()).abs() < 1e-13, "{by_play} vs {}", chart.chart_return());
    let total = crate::chart::brute_force_chart_total(MachineId::JokerPoker, chart);
    let every_deal = total as f64 / DECK_53.denominator() as f64;
    assert!(
        (every_deal - chart.chart_return()).abs() < 1e-12,
        "all deals {every_deal}, suit classes {}",
        chart.chart_return()
    );
    assert!(chart.chart_return() < chart.optimal_return());
}

#[test]
fn every_joker_class_is_reachable_and_listed() {
    let presence = chart::class_presence(Vocabulary::Joker);
    let listed: Vec<String> = chart::classes().into_iter().filter(|c| c.family == "joker").map(|c| c.id).collect();
    assert_eq!(presence.iter().map(|(id, _)| id.clone()).collect::<Vec<_>>(), listed);
    assert_eq!(listed.iter().collect::<HashSet<_>>().len(), listed.len(), "unique ids");
    for (id, deals) in &presence {
        assert!(*deals > 0, "{id} never matches a hold");
        assert!(id.starts_with("j0-") || id.starts_with("j1-"), "{id}");
    }
    // The last resorts cover every deal: the joker alone with it, discarding everything without.
    let deals = |id: &str| presence.iter().find(|(c, _)| c == id).unwrap().1;
    assert_eq!(deals("j1-joker-only"), 270_725);
    assert_eq!(deals("j0-discard-everything"), 2_598_960);
    assert_eq!(deals("j1-joker-only") + deals("j0-discard-everything"), DECK_53.n_deals);
}

/// The class the chart plays a hand by, and the cards it keeps.
fn play(text: &str) -> (String, Vec<String>) {
    let hand = parse_hand(text).unwrap();
    let (line, hold) = joker_chart().play(&hand);
    let kept = (0..5).filter(|&i| hold.holds(i)).map(|i| hand[i].to_string()).collect();
    (joker_chart().lines()[line].class.clone(), kept)
}

#[test]
fn the_joker_chart_reads_by_the_joker_and_plays_as_a_player_would() {
    let chart = joker_chart();
    let sections: Vec<u8> = chart.lines().iter().map(|l| u8::from(l.class.starts_with("j1-"))).collect();
    assert!(sections.windows(2).all(|w| w[0] >= w[1]), "the joker section first: {sections:?}");
    let kept = |text: &str| play(text).1.join(" ");
    // Made hands are kept whole; a wild royal and five of a kind too.
    assert_eq!(kept("Jk Ah Kh Qh Jh"), "Jk Ah Kh Qh Jh");
    assert_eq!(kept("Ac Ad Ah As Jk"), "Ac Ad Ah As Jk");
    assert_eq!(kept("7c 7d 9h 9s Jk"), "7c 7d 9h 9s Jk");
    // Four to a natural royal beats a made flush; trips with the joker drop the odd cards.
    assert_eq!(kept("Th Jh Qh Kh 3h"), "Th Jh Qh Kh");
    assert_eq!(kept("Qc Qd 5h 2s Jk"), "Qc Qd Jk");
    // The joker with a king pays already; a pair of aces or kings is kept, a low pair too.
    assert_eq!(kept("Jk Kc 2d 7h 9s"), "Jk Kc");
    assert_eq!(kept("Ac Ad 5h 2s 9c"), "Ac Ad");
    assert_eq!(kept("Qc Qd 5h 2s 9c"), "Qc Qd");
    // Nothing to keep without the joker: a new hand.
    assert_eq!(play("2c 5d 8h 9s 3c").0, "j0-discard-everything");
    // The joker is never thrown away.
    for c in (0..52).step_by(7) {
        for d in (1..52).step_by(11) {
            let idx = [52, c, d, (c + 20) % 52, (d + 31) % 52];
            if (0..5).any(|i| idx[..i].contains(&idx[i])) {
                continue;
            }
            let hand = idx.map(|i| Card::from_index(i).unwrap());
            let (line, hold) = chart.play(&hand);
            assert!(hold.holds(0), "{hand:?}");
            assert!(chart.lines()[line].class.starts_with("j1-"));
        }
    }
    // The hint answers on Joker Poker hands.
    let hand = parse_hand("Jk Kc 2d 7h 9s").unwrap();
    let advice = chart::hint(MachineId::JokerPoker, &hand);
    assert_eq!(advice.hold, Hold::from_mask(0b00011).unwrap());
    assert!(advice.agrees);
}

#[test]
fn the_library_joker_tables_get_their_charts() {
    for preset in PRESETS.iter().filter(|p| p.family_id() == "joker") {
        let cost = preset.chart_cost();
        println!(
            "{:<44} {:>3} lines, chart {:.6} %, optimal {:.6} %, cost {:.5} pp",
            preset.name,
            cost.lines,
            cost.chart_return * 100.0,
            cost.optimal_return * 100.0,
            cost.cost * 100.0
        );
        assert_eq!(preset.chart().vocabulary(), Vocabulary::Joker);
        assert!(cost.lines <= MAX_LINES);
        assert!((cost.optimal_return - preset.analysis().return_rate).abs() < 1e-12, "{}", preset.id);
        assert!(cost.cost > 0.0 && cost.cost < 0.002, "{}: {} pp", preset.id, cost.cost * 100.0);
        let by_play = preset.chart().return_by_play(&preset.paytable());
        assert!((by_play - cost.chart_return).abs() < 1e-13, "{}", preset.id);
    }
    assert_eq!(PRESETS.iter().filter(|p| p.family_id() == "joker").count(), 3);
    assert!(Preset::find("joker-poker-kings-20-7-5").is_ok());
}
