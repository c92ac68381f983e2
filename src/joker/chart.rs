//! The Joker Poker (Kings or Better) vocabulary, in two sections: hands dealt with the joker and
//! hands without it, as published Joker Poker charts read. Like Deuces Wild's, every class keeps
//! the joker when the hand has it (never discarding the joker is part of every chart) and names
//! whether it is there (`joker` = 1 or 0, ids `j1-…` and `j0-…`); draws count the joker among
//! their cards ("4 to a royal flush (joker)" holds the joker and three suited royal cards).
//! Straight and straight-flush draws with the joker are told apart by their ways (how many
//! five-rank windows hold all their natural cards: the joker fills one gap), those without it by
//! gaps as on the natural machines. High cards are kings and aces: a pair of them pays.

use crate::hold_class::{
    counted, def, gap_text, pairs_of, rank_text, straight_draws_by_ways, ClassDef, Pattern, Prefer, ROYAL_RANKS,
};

use super::eval::JokerCategory;
use super::plain::HIGH_RANKS as KINGS_ACES;

const ALL_RANKS: u16 = 0b1_1111_1111_1111;
const TWOS_TO_QUEENS: u16 = 0b0_0111_1111_1111;
const JACKS_QUEENS: u16 = 0b0_0110_0000_0000;
const TWOS_TO_TENS: u16 = 0b0_0001_1111_1111;
const FIVES_TO_TENS: u16 = 0b0_0001_1111_1000;

fn made(categories: &[JokerCategory]) -> Pattern {
    Pattern::Made(categories.iter().fold(0u16, |mask, c| mask | 1 << c.index()))
}

/// The Joker Poker classes: the joker section first, then the hands without it.
pub(crate) fn classes() -> Vec<ClassDef> {
    use JokerCategory::*;
    let mut list = Vec::new();
    // With the joker.
    made_hands(&mut list, &[FiveOfAKind, WildRoyalFlush, StraightFlush], 1);
    add(&mut list, of_a_kind("four-of-a-kind", "Four of a kind", 4, ALL_RANKS, "any"), 1);
    add(&mut list, of_a_kind("three-of-a-kind", "Three of a kind", 3, ALL_RANKS, "any"), 1);
    add(&mut list, of_a_kind("three-k-a", "Three kings or aces", 3, KINGS_ACES, "k-a"), 1);
    add(&mut list, of_a_kind("three-2-q", "Three 2s to queens", 3, TWOS_TO_QUEENS, "2-q"), 1);
    let pair = def("pair-k-a", "Joker with a king or ace", "pair", 2, Pattern::OfAKind { within: KINGS_ACES });
    add(&mut list, pair.param("ranks", "k-a").made(), 1);
    for (rank, name) in [(11u16, "a king"), (12, "an ace")] {
        let text = rank_text(1 << rank);
        let pattern = Pattern::OfAKind { within: 1 << rank };
        let class = def(format!("pair-{}", text.to_lowercase()), format!("Joker with {name}"), "pair", 2, pattern);
        add(&mut list, class.param("ranks", text).made(), 1);
    }
    // The joker and a card with the most straights: a 5 to a 10 sits in five windows.
    let middle = def("pair-5-10", "Joker with a 5 to 10", "pair", 2, Pattern::OfAKind { within: FIVES_TO_TENS });
    add(&mut list, middle.param("ranks", "5-10"), 1);
    add(&mut list, def("joker-only", "Joker only", "joker-only", 1, Pattern::DeucesOnly), 1);
    draws(&mut list, 1);
    // Without the joker.
    made_hands(&mut list, &[NaturalRoyalFlush, StraightFlush], 0);
    add(&mut list, of_a_kind("four-of-a-kind", "Four of a kind", 4, ALL_RANKS, "any"), 0);
    add(&mut list, of_a_kind("three-of-a-kind", "Three of a kind", 3, ALL_RANKS, "any"), 0);
    add(&mut list, def("two-pair", "Two pair", "two-pair", 4, Pattern::TwoPair).made(), 0);
    for (id, label, ranks, within, pays) in [
        ("pair-k-a", "High pair (kings or aces)", "k-a", KINGS_ACES, true),
        ("low-pair", "Low pair (2s to queens)", "2-q", TWOS_TO_QUEENS, false),
        ("pair-j-q", "Pair of jacks or queens", "j-q", JACKS_QUEENS, false),
        ("pair-2-10", "Pair of 2s to 10s", "2-10", TWOS_TO_TENS, false),
    ] {
        let class = def(id, label, "pair", 2, Pattern::OfAKind { within }).param("ranks", ranks);
        add(&mut list, if pays { class.made() } else { class }, 0);
    }
    draws(&mut list, 0);
    for ranks in pairs_of(ROYAL_RANKS) {
        let text = rank_text(ranks);
        let pattern = Pattern::Suited { within: ranks, exact: true };
        let class = def(format!("suited-{}", text.to_lowercase()), format!("Suited {text}"), "suited", 2, pattern);
        add(&mut list, class.param("ranks", text), 0);
    }
    let unsuited =
        def("unsuited-ak", "Unsuited AK", "unsuited", 2, Pattern::Unsuited { within: KINGS_ACES, exact: true });
    add(&mut list, unsuited.param("ranks", "AK"), 0);
    let one_high = Pattern::OfAKind { within: KINGS_ACES };
    let class = def("one-high-card", "King or ace only", "high-card", 1, one_high).prefer(Prefer::Lowest);
    add(&mut list, class.param("ranks", "k-a"), 0);
    for (rank, name) in [(11u16, "King"), (12, "Ace")] {
        let text = rank_text(1 << rank);
        let pattern = Pattern::OfAKind { within: 1 << rank };
        let class = def(format!("high-card-{}", text.to_lowercase()), format!("{name} only"), "high-card", 1, pattern);
        add(&mut list, class.param("ranks", text), 0);
    }
    add(&mut list, def("discard-everything", "Discard everything", "discard-everything", 0, Pattern::Nothing), 0);
    list
}

/// The five-card made hands of a section, one by one and as unions of the best ones ("Straight
/// flush or better", … "Straight or better: hold all five"); `top` are the section's hands above
/// a full house, best first.
fn made_hands(list: &mut Vec<ClassDef>, top: &[JokerCategory], joker: u8) {
    use JokerCategory::*;
    for &category in top.iter().chain(&[FullHouse, Flush, Straight]) {
        let id = category.id();
        let label = match category {
            NaturalRoyalFlush => "Natural royal flush",
            FiveOfAKind => "Five of a kind",
            WildRoyalFlush => "Wild royal flush",
            StraightFlush => "Straight flush",
            FullHouse => "Full house",
            Flush => "Flush",
            _ => "Straight",
        };
        add(list, def(id, label, "made-hand", 5, made(&[category])).param("hand", id), joker);
    }
    add(
        list,
        def("flush-or-straight", "Flush or straight", "made-hand", 5, made(&[Flush, Straight]))
            .param("hand", "flush-or-straight"),
        joker,
    );
    let mut union = top.to_vec();
    for (id, label, also) in [
        ("straight-flush-or-better", "Straight flush or better", None),
        ("full-house-or-better", "Full house or better", Some(FullHouse)),
        ("flush-or-better", "Flush or better", Some(Flush)),
        ("straight-or-better", "Straight or better: hold all five", Some(Straight)),
    ] {
        union.extend(also);
        add(list, def(id, label, "made-hand", 5, made(&union)).param("hand", id), joker);
    }
}

/// n cards of one rank in `within`, the joker counted among them when held.
fn of_a_kind(id: &str, label: &str, n: u8, within: u16, ranks: &str) -> ClassDef {
    def(id, label, "n-of-a-kind", n, Pattern::OfAKind { within }).param("n", n).param("ranks", ranks).made()
}

/// The draws of one section: to a royal, to a straight flush, to a flush, to a straight.
fn draws(list: &mut Vec<ClassDef>, joker: u8) {
    for n in [4u8, 3, 2] {
        let pattern = Pattern::Suited { within: ROYAL_RANKS, exact: false };
        let class = def(format!("to-royal-{n}"), format!("{n} to a royal flush"), "to-royal", n, pattern).param("n", n);
        add(list, if n == 2 { class.prefer(Prefer::Lowest) } else { class }, joker);
    }
    if joker == 0 {
        let pattern = Pattern::SuitedWithHigh { within: ROYAL_RANKS, high: 1 };
        let label = "2 to a royal flush with a king or ace";
        add(list, def("to-royal-2-k-a", label, "to-royal", 2, pattern).param("n", 2).param("high", "1-2"), joker);
        // The king or the ace with a lower royal card (AK is "Suited AK").
        for (high, id, label) in
            [(11u16, "suited-k-qjt", "Suited KQ, KJ or KT"), (12, "suited-a-qjt", "Suited AQ, AJ or AT")]
        {
            let within = 1 << high | 0b0_0111_0000_0000;
            let pattern = Pattern::SuitedWithHigh { within, high: 1 };
            let ranks = rank_text(within);
            add(list, def(id, label, "suited", 2, pattern).param("ranks", ranks), joker);
        }
    }
    let any = Pattern::StraightFlushDraw { gaps: None, high: None, ways: None };
    for n in [4u8, 3] {
        let class =
            def(format!("to-straight-flush-{n}"), format!("{n} to a straight flush"), "to-straight-flush", n, any);
        add(list, class.param("n", n), joker);
    }
    if joker == 1 {
        // The joker fills a gap: what tells draws apart is how many windows hold the naturals.
        for (n, max_ways) in [(4u8, 3u8), (3, 4)] {
            for ways in 1..=max_ways {
                let pattern = Pattern::StraightFlushDraw { gaps: None, high: None, ways: Some(ways) };
                let label = format!("{n} to a straight flush, {}", ways_text(ways));
                let id = format!("to-straight-flush-{n}-ways-{ways}");
                add(list, def(id, label, "to-straight-flush", n, pattern).param("n", n).param("ways", ways), joker);
            }
        }
        let pattern = Pattern::StraightFlushDrawWithin { gaps: (0, 2), ways: (2, 3) };
        let class =
            def("to-straight-flush-4-ways-2-3", "4 to a straight flush, 2 or 3 ways", "to-straight-flush", 4, pattern);
        add(list, class.param("n", 4).param("ways", "2-3"), joker);
    } else {
        for (gaps, word) in [(0u8, "open"), (1, "inside")] {
            let pattern = Pattern::StraightFlushDraw { gaps: Some(gaps), high: None, ways: None };
            let label = format!("4 to an {} straight flush", if gaps == 0 { "open-ended" } else { "inside" });
            let id = format!("to-straight-flush-4-{word}");
            add(list, def(id, label, "to-straight-flush", 4, pattern).param("n", 4).param("gaps", gaps), joker);
        }
        for gaps in 0..=2u8 {
            let pattern = Pattern::StraightFlushDraw { gaps: Some(gaps), high: None, ways: None };
            let label = format!("3 to a straight flush, {}", gap_text(gaps));
            let id = format!("to-straight-flush-3-gaps-{gaps}");
            add(list, def(id, label, "to-straight-flush", 3, pattern).param("n", 3).param("gaps", gaps), joker);
        }
        let pattern = Pattern::StraightFlushDrawWithin { gaps: (0, 1), ways: (0, 5) };
        let class = def(
            "to-straight-flush-3-gaps-0-1",
            "3 to a straight flush, at most 1 gap",
            "to-straight-flush",
            3,
            pattern,
        );
        add(list, class.param("n", 3).param("gaps", "0-1"), joker);
    }
    for n in [4u8, 3] {
        let class =
            def(format!("to-flush-{n}"), format!("{n} to a flush"), "to-flush", n, Pattern::FlushDraw { high: None });
        add(list, class.param("n", n).param("high", "any"), joker);
        for high in 0..=2u8 {
            let label = format!("{n} to a flush, {}", high_text(high));
            let pattern = Pattern::FlushDraw { high: Some(high) };
            let class = def(format!("to-flush-{n}-high-{high}"), label, "to-flush", n, pattern);
            add(list, class.param("n", n).param("high", high), joker);
        }
    }
    if joker == 1 {
        let pattern = Pattern::SuitedWithHigh { within: ALL_RANKS, high: 1 };
        let class = def("to-flush-4-k-a", "4 to a flush with a king or ace", "to-flush", 4, pattern);
        add(list, class.param("n", 4).param("high", "1-2"), joker);
    }
    if joker == 1 {
        for class in straight_draws_by_ways(1..=3, ways_text) {
            add(list, class, joker);
        }
    } else {
        for (gaps, word, label) in [(0u8, "open", "4 to an outside straight"), (1, "inside", "4 to an inside straight")]
        {
            let pattern = Pattern::StraightDraw { gaps: Some(gaps), high: None, ways: None };
            let class = def(format!("to-straight-4-{word}"), label, "to-straight", 4, pattern);
            add(list, class.param("gaps", gaps), joker);
        }
    }
}

/// Adds `class` for hands with (`joker` = 1, the joker held) or without the joker.
fn add(list: &mut Vec<ClassDef>, class: ClassDef, joker: u8) {
    let label = match joker {
        // "Joker only", "Joker with a king": the label says it already.
        1 if class.label.starts_with("Joker") => class.label.clone(),
        1 => format!("{} (joker)", class.label),
        _ => format!("{} (no joker)", class.label),
    };
    let id = format!("j{joker}-{}", class.id);
    list.push(ClassDef { id, label, deuces: Some(joker), ..class.param("joker", joker) });
}

/// The kings and aces among a draw's cards (its high cards: a pair of them pays).
fn high_text(high: u8) -> &'static str {
    ["no king or ace", "a king or ace", "king and ace"][usize::from(high)]
}

fn ways_text(ways: u8) -> String {
    counted(ways, "no way", "way", "ways")
}
