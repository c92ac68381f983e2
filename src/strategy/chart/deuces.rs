//! The Deuces Wild vocabulary, by number of deuces first: every class keeps all the hand's
//! deuces (never discarding a deuce is part of every chart) and names how many there are, so a
//! chart reads as sections for four, three, two, one and no deuces. Draws count the deuces among
//! their cards ("4 to a royal flush" with two deuces holds the deuces and two suited royal cards);
//! straight and straight-flush draws are told apart by their ways: how many five-rank windows
//! hold all their natural cards (the deuces fill the rest).

use crate::eval::DeucesCategory as D;
use crate::hold_class::{
    counted, def, pairs_of, rank_text, straight_draws_by_ways, ClassDef, Pattern, Prefer, ROYAL_RANKS,
};

const ALL_RANKS: u16 = 0b1_1111_1111_1111;

/// The mask of these categories (bit i: the category of index i).
fn made(categories: &[D]) -> u16 {
    categories.iter().fold(0, |mask, category| mask | 1 << category.index())
}

/// Five of a kind, whatever its rank (Bonus Deuces Wild pays three ranks apart; one class here).
const FIVES: [D; 3] = [D::FiveAces, D::FiveThreesToFives, D::FiveSixesToKings];

/// The Deuces Wild classes.
pub(crate) fn classes() -> Vec<ClassDef> {
    let mut list = Vec::new();
    add(&mut list, def("four-deuces", "Four deuces", "deuces-only", 4, Pattern::DeucesOnly), 4);
    // Made hands kept whatever the deuces: one line instead of one per section.
    for (id, label, category) in
        [("wild-royal-flush", "Wild royal flush", made(&[D::WildRoyalFlush])), ("five-of-a-kind", "Five of a kind", made(&FIVES))]
    {
        let class = def(id, format!("{label} (any deuces)"), "made-hand", 5, Pattern::Made(category));
        list.push(class.param("hand", id).param("deuces", "any"));
    }
    for (id, label, category, deuces) in [
        ("natural-royal-flush", "Natural royal flush", made(&[D::NaturalRoyalFlush]), 0..=0u8),
        ("wild-royal-flush", "Wild royal flush", made(&[D::WildRoyalFlush]), 1..=3),
        ("five-of-a-kind", "Five of a kind", made(&FIVES), 1..=3),
        ("straight-flush", "Straight flush", made(&[D::StraightFlush]), 0..=3),
        ("full-house", "Full house", made(&[D::FullHouse]), 0..=1),
        ("flush", "Flush", made(&[D::Flush]), 0..=2),
        ("straight", "Straight", made(&[D::Straight]), 0..=2),
    ] {
        for d in deuces {
            add(&mut list, def(id, label, "made-hand", 5, Pattern::Made(category)).param("hand", id), d);
        }
    }
    for d in 0..=2u8 {
        let either = Pattern::Made(made(&[D::Flush, D::Straight]));
        add(
            &mut list,
            def("flush-or-straight", "Flush or straight", "made-hand", 5, either).param("hand", "flush-or-straight"),
            d,
        );
    }
    // Every made straight or better but four of a kind (whose fifth card may go), kept whole as one
    // line: what a short chart (a beginner's ten lines) needs so that it never breaks a dealt royal.
    let made_whole = Pattern::Made(made(
        &[&[D::NaturalRoyalFlush, D::WildRoyalFlush][..], &FIVES, &[D::StraightFlush, D::FullHouse, D::Flush, D::Straight]].concat(),
    ));
    for d in 0..=0u8 {
        let class = def("straight-or-better", "Straight or better: hold all five", "made-hand", 5, made_whole);
        add(&mut list, class.param("hand", "straight-or-better"), d);
    }
    for (id, label, n, deuces) in
        [("four-of-a-kind", "Four of a kind", 4u8, 0..=3u8), ("three-of-a-kind", "Three of a kind", 3, 0..=2)]
    {
        for d in deuces {
            add(&mut list, def(id, label, "n-of-a-kind", n, Pattern::OfAKind { within: ALL_RANKS }).param("n", n), d);
        }
    }
    for d in 1..=3u8 {
        let label = if d == 1 {
            "Deuce only".to_string()
        } else {
            format!("{} deuces only", ["", "", "Two", "Three"][d as usize])
        };
        add(&mut list, def("deuces-only", label, "deuces-only", d, Pattern::DeucesOnly), d);
    }
    for (n, deuces) in [(4u8, 0..=2u8), (3, 0..=2), (2, 0..=1)] {
        for d in deuces {
            let pattern = Pattern::Suited { within: ROYAL_RANKS, exact: false };
            let class =
                def(format!("to-royal-{n}"), format!("{n} to a royal flush"), "to-royal", n, pattern).param("n", n);
            add(&mut list, class.prefer(Prefer::Lowest), d);
        }
    }
    for d in 0..=1u8 {
        for ranks in pairs_of(ROYAL_RANKS) {
            let text = rank_text(ranks);
            let pattern = Pattern::Suited { within: ranks, exact: true };
            let (id, label) = match d {
                0 => (format!("suited-{}", text.to_lowercase()), format!("Suited {text}")),
                _ => (format!("deuce-suited-{}", text.to_lowercase()), format!("Deuce with suited {text}")),
            };
            add(&mut list, def(id, label, "suited", 2 + d, pattern).param("ranks", text), d);
        }
    }
    for (n, deuces, max_ways) in [(4u8, 0..=2u8, 4u8), (3, 0..=1, 4)] {
        for d in deuces {
            let any = Pattern::StraightFlushDraw { gaps: None, high: None, ways: None };
            add(
                &mut list,
                def(format!("to-straight-flush-{n}"), format!("{n} to a straight flush"), "to-straight-flush", n, any)
                    .param("n", n),
                d,
            );
            for ways in 0..=max_ways {
                let pattern = Pattern::StraightFlushDraw { gaps: None, high: None, ways: Some(ways) };
                let label = format!("{n} to a straight flush, {}", ways_text(ways));
                let class = def(format!("to-straight-flush-{n}-ways-{ways}"), label, "to-straight-flush", n, pattern);
                add(&mut list, class.param("n", n).param("ways", ways), d);
            }
        }
    }
    for (n, deuces) in [(4u8, 0..=2u8), (3, 0..=0)] {
        for d in deuces {
            let pattern = Pattern::FlushDraw { high: None };
            add(
                &mut list,
                def(format!("to-flush-{n}"), format!("{n} to a flush"), "to-flush", n, pattern).param("n", n),
                d,
            );
        }
    }
    for d in 0..=2u8 {
        for class in straight_draws_by_ways(0..=4, ways_text) {
            add(&mut list, class, d);
        }
    }
    add(&mut list, def("pair", "One pair", "pair", 2, Pattern::OfAKind { within: ALL_RANKS }), 0);
    add(&mut list, def("two-pair", "Two pair", "two-pair", 4, Pattern::TwoPair), 0);
    add(&mut list, def("discard-everything", "Discard everything", "discard-everything", 0, Pattern::Nothing), 0);
    list
}

/// Bonus Deuces Wild's own classes, after the Deuces Wild ones (the bonus-deuces vocabulary, for
/// tables paying four deuces with an ace or the fives of a kind apart): four deuces with an ace
/// kept whole, and four or three of a kind by the rank groups its fives are paid by (aces, 3s–5s,
/// 6s–Ks), the deuces held among them ("Three aces (2 deuces)" is two deuces and an ace).
pub(crate) fn bonus_classes() -> Vec<ClassDef> {
    let mut list = Vec::new();
    let with_ace = made(&[D::FourDeucesWithAce]);
    add(&mut list, def("four-deuces-ace", "Four deuces with an ace", "made-hand", 5, Pattern::Made(with_ace)).param("hand", "four-deuces-ace"), 4);
    const ACES: u16 = 1 << 12;
    const THREES_TO_FIVES: u16 = 0b1110;
    const SIXES_TO_KINGS: u16 = 0b1111_1111_0000;
    for (n, word, deuces) in [(4u8, "Four", 0..=3u8), (3, "Three", 0..=2)] {
        for (group, label, within) in [("aces", "aces", ACES), ("3-5", "3s, 4s or 5s", THREES_TO_FIVES), ("6-k", "6s to kings", SIXES_TO_KINGS)] {
            for d in deuces.clone() {
                let class = def(format!("{}-{group}", word.to_lowercase()), format!("{word} {label}"), "n-of-a-kind", n, Pattern::OfAKind { within });
                add(&mut list, class.param("n", n).param("ranks", group), d);
            }
        }
    }
    list
}

/// Adds `class` for hands with exactly `deuces` deuces, all held.
fn add(list: &mut Vec<ClassDef>, class: ClassDef, deuces: u8) {
    let label = format!("{} ({})", class.label, deuces_text(deuces));
    let id = format!("d{deuces}-{}", class.id);
    list.push(ClassDef { id, label, deuces: Some(deuces), ..class.param("deuces", deuces) });
}

fn deuces_text(deuces: u8) -> String {
    counted(deuces, "no deuce", "deuce", "deuces")
}

fn ways_text(ways: u8) -> String {
    counted(ways, "deuces only complete it", "way", "ways")
}
