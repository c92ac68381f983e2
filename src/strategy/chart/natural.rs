//! The natural family's vocabulary (Jacks or Better, Bonus Poker, Double Bonus): made hands by
//! rank group, pairs by rank group, draws to a royal, straight flush, flush and straight, high
//! cards suited and unsuited, and "discard everything". Coarse classes ("High pair") and their
//! refinements ("Pair of aces") are both here; the ranking keeps whichever the paytable needs.

use crate::eval::NaturalCategory;

use crate::hold_class::{counted, def, gap_text, pairs_of, rank_text, ClassDef, Pattern, Prefer, HIGH_RANKS, ROYAL_RANKS};

const ACES: u16 = 1 << 12;
const TWOS_TO_FOURS: u16 = 0b111;
const FIVES_TO_KINGS: u16 = 0b1111_1111_1000;
const JACKS_TO_KINGS: u16 = 0b1110_0000_0000;
const TWOS_TO_TENS: u16 = 0b1_1111_1111;
const FIVES_TO_TENS: u16 = 0b1_1111_1000;
const ALL_RANKS: u16 = 0b1_1111_1111_1111;

/// The natural family's classes.
pub(crate) fn classes() -> Vec<ClassDef> {
    let mut list = Vec::new();
    for (id, label, category) in [
        ("royal-flush", "Royal flush", NaturalCategory::RoyalFlush),
        ("straight-flush", "Straight flush", NaturalCategory::StraightFlush),
        ("full-house", "Full house", NaturalCategory::FullHouse),
        ("flush", "Flush", NaturalCategory::Flush),
        ("straight", "Straight", NaturalCategory::Straight),
    ] {
        list.push(def(id, label, "made-hand", 5, Pattern::Made(1 << category.index())).param("hand", id));
    }
    let either = Pattern::Made(1 << NaturalCategory::Flush.index() | 1 << NaturalCategory::Straight.index());
    list.push(def("flush-or-straight", "Flush or straight", "made-hand", 5, either).param("hand", "flush-or-straight"));
    // The made hands kept whole as one line each, best first: what a short chart (a beginner's
    // ten lines) needs so that it never breaks a dealt royal flush or straight flush.
    // Four of a kind ranks between them (whose fifth card is worth keeping or not: a kicker
    // game's own lines come first where it matters).
    use NaturalCategory::{
        Flush as FlushCat, FourAcesOtherKicker, FourAcesTwoToFourKicker, FourFivesToTens, FourJacksToKings,
        FourTwosToFoursAceToFourKicker, FourTwosToFoursOtherKicker, FullHouse as FullHouseCat, Straight as StraightCat,
    };
    let mut union = 1 << NaturalCategory::RoyalFlush.index() | 1 << NaturalCategory::StraightFlush.index();
    let fours: &[NaturalCategory] = &[
        FourAcesTwoToFourKicker,
        FourAcesOtherKicker,
        FourTwosToFoursAceToFourKicker,
        FourTwosToFoursOtherKicker,
        FourJacksToKings,
        FourFivesToTens,
    ];
    for (id, label, also) in [
        ("straight-flush-or-better", "Straight flush or better", &[][..]),
        ("full-house-or-better", "Full house or better", &[fours, &[FullHouseCat]].concat()[..]),
        ("flush-or-better", "Flush or better", &[FlushCat][..]),
        ("straight-or-better", "Straight or better: hold all five", &[StraightCat][..]),
    ] {
        union |= also.iter().fold(0, |mask, category| mask | 1 << category.index());
        list.push(def(id, label, "made-hand", 5, Pattern::Made(union)).param("hand", id));
    }
    let groups = [
        ("", "", ALL_RANKS),
        ("-aces", " aces", ACES),
        ("-2-4", " 2s, 3s or 4s", TWOS_TO_FOURS),
        ("-5-k", " 5s to kings", FIVES_TO_KINGS),
    ];
    for (count, word, kind) in [(4u8, "four", "four-of-a-kind"), (3, "three", "three-of-a-kind")] {
        for (suffix, label, within) in groups {
            let (id, label) = match suffix {
                "" => (kind.to_string(), format!("{}{}", capital(word), &kind[word.len()..].replace('-', " "))),
                _ => (format!("{word}{suffix}"), format!("{}{label}", capital(word))),
            };
            let group = if suffix.is_empty() { "any" } else { &suffix[1..] };
            list.push(def(id, label, kind, count, Pattern::OfAKind { within }).param("ranks", group));
        }
    }
    list.push(def("two-pair", "Two pair", "two-pair", 4, Pattern::TwoPair));
    for (id, label, ranks, within) in [
        ("high-pair", "High pair (jacks or better)", "j-a", HIGH_RANKS),
        ("pair-aces", "Pair of aces", "aces", ACES),
        ("pair-j-k", "Pair of jacks, queens or kings", "j-k", JACKS_TO_KINGS),
        ("low-pair", "Low pair (2s to 10s)", "2-10", TWOS_TO_TENS),
        ("pair-2-4", "Pair of 2s, 3s or 4s", "2-4", TWOS_TO_FOURS),
        ("pair-5-10", "Pair of 5s to 10s", "5-10", FIVES_TO_TENS),
    ] {
        list.push(def(id, label, "pair", 2, Pattern::OfAKind { within }).param("ranks", ranks));
    }
    for n in [4u8, 3, 2] {
        let pattern = Pattern::Suited { within: ROYAL_RANKS, exact: false };
        list.push(def(format!("to-royal-{n}"), format!("{n} to a royal flush"), "to-royal", n, pattern).param("n", n));
    }
    list.last_mut().unwrap().prefer = Prefer::Lowest;
    let suited_high = Pattern::Suited { within: HIGH_RANKS, exact: false };
    list.push(def("suited-high-2", "2 suited high cards", "suited-high-cards", 2, suited_high).prefer(Prefer::Lowest));
    for ranks in pairs_of(ROYAL_RANKS) {
        let text = rank_text(ranks);
        let pattern = Pattern::Suited { within: ranks, exact: true };
        list.push(
            def(format!("suited-{}", text.to_lowercase()), format!("Suited {text}"), "suited", 2, pattern)
                .param("ranks", text),
        );
    }
    list.extend(straight_flush_draws());
    for n in [4u8, 3] {
        let any =
            def(format!("to-flush-{n}"), format!("{n} to a flush"), "to-flush", n, Pattern::FlushDraw { high: None });
        list.push(any.param("n", n).param("high", "any"));
        for high in 0..=3u8 {
            let pattern = Pattern::FlushDraw { high: Some(high) };
            let label = format!("{n} to a flush, {}", high_cards(high));
            list.push(
                def(format!("to-flush-{n}-high-{high}"), label, "to-flush", n, pattern)
                    .param("n", n)
                    .param("high", high),
            );
        }
    }
    for (gaps, word, label) in [(0u8, "open", "4 to an outside straight"), (1, "inside", "4 to an inside straight")] {
        let any = Pattern::StraightDraw { gaps: Some(gaps), high: None, ways: None };
        list.push(
            def(format!("to-straight-4-{word}"), label, "to-straight", 4, any).param("gaps", gaps).param("high", "any"),
        );
        for high in 0..=(3 + gaps) {
            let pattern = Pattern::StraightDraw { gaps: Some(gaps), high: Some(high), ways: None };
            let id = format!("to-straight-4-{word}-high-{high}");
            list.push(
                def(id, format!("{label}, {}", high_cards(high)), "to-straight", 4, pattern)
                    .param("gaps", gaps)
                    .param("high", high),
            );
        }
    }
    for n in [2u8, 3] {
        let pattern = Pattern::Unsuited { within: HIGH_RANKS, exact: false };
        let label = format!("{n} unsuited high cards");
        list.push(
            def(format!("unsuited-high-{n}"), label, "unsuited-high-cards", n, pattern)
                .prefer(Prefer::Lowest)
                .param("n", n),
        );
    }
    for ranks in pairs_of(HIGH_RANKS).into_iter().chain(triples_of(HIGH_RANKS)) {
        let text = rank_text(ranks);
        let pattern = Pattern::Unsuited { within: ranks, exact: true };
        let n = ranks.count_ones() as u8;
        list.push(
            def(format!("unsuited-{}", text.to_lowercase()), format!("Unsuited {text}"), "unsuited", n, pattern)
                .param("ranks", text),
        );
    }
    let one_high = Pattern::OfAKind { within: HIGH_RANKS };
    list.push(
        def("one-high-card", "One high card (jack or better)", "high-card", 1, one_high)
            .prefer(Prefer::Lowest)
            .param("ranks", "any"),
    );
    for (rank, name) in [(9u16, "Jack"), (10, "Queen"), (11, "King"), (12, "Ace")] {
        let text = rank_text(1 << rank);
        let pattern = Pattern::OfAKind { within: 1 << rank };
        list.push(
            def(format!("high-card-{}", text.to_lowercase()), format!("{name} only"), "high-card", 1, pattern)
                .param("ranks", text),
        );
    }
    list.push(def("discard-everything", "Discard everything", "discard-everything", 0, Pattern::Nothing));
    list
}

/// The kicker vocabulary's own classes, after the natural ones: the two five-card kicker hands,
/// and three aces, three 2s–4s or a pair of aces kept with the one card that would make their
/// four a kicker hand.
pub(crate) fn kicker_classes() -> Vec<ClassDef> {
    let mut list = Vec::new();
    for (id, label, category) in [
        ("four-aces-2-4-kicker", "Four aces with a 2–4 kicker", NaturalCategory::FourAcesTwoToFourKicker),
        ("four-2-4-a-4-kicker", "Four 2s–4s with an A–4 kicker (hold the kicker)", NaturalCategory::FourTwosToFoursAceToFourKicker),
    ] {
        list.push(def(id, label, "made-hand", 5, Pattern::Made(1 << category.index())).param("hand", id));
    }
    for (id, label, count, ranks, within, kicker, kicker_ranks) in [
        ("three-aces-2-4-kicker", "Three aces with a 2–4 kicker", 3u8, "aces", ACES, TWOS_TO_FOURS, "2-4"),
        ("three-2-4-a-4-kicker", "Three 2s–4s with an A–4 kicker", 3, "2-4", TWOS_TO_FOURS, ACES | TWOS_TO_FOURS, "a-4"),
        ("pair-aces-2-4-kicker", "Pair of aces with a 2–4 kicker", 2, "aces", ACES, TWOS_TO_FOURS, "2-4"),
    ] {
        let pattern = Pattern::WithKicker { count, within, kicker };
        list.push(
            def(id, label, "with-kicker", count + 1, pattern)
                .param("n", count)
                .param("ranks", ranks)
                .param("kicker", kicker_ranks),
        );
    }
    list
}

/// 4 and 3 to a straight flush (not to a royal), coarse and by gaps and high cards.
fn straight_flush_draws() -> Vec<ClassDef> {
    let mut list = Vec::new();
    let any = Pattern::StraightFlushDraw { gaps: None, high: None, ways: None };
    list.push(def("to-straight-flush-4", "4 to a straight flush", "to-straight-flush", 4, any).param("n", 4));
    for (gaps, word) in [(0u8, "open"), (1, "inside")] {
        let pattern = Pattern::StraightFlushDraw { gaps: Some(gaps), high: None, ways: None };
        let label = format!("4 to an {} straight flush", if gaps == 0 { "open-ended" } else { "inside" });
        list.push(
            def(format!("to-straight-flush-4-{word}"), label, "to-straight-flush", 4, pattern)
                .param("n", 4)
                .param("gaps", gaps),
        );
    }
    list.push(def("to-straight-flush-3", "3 to a straight flush", "to-straight-flush", 3, any).param("n", 3));
    for gaps in 0..=2u8 {
        for high in 0..=2u8 {
            let pattern = Pattern::StraightFlushDraw { gaps: Some(gaps), high: Some(high), ways: None };
            let label = format!("3 to a straight flush, {} and {}", gap_text(gaps), high_cards(high));
            let id = format!("to-straight-flush-3-gaps-{gaps}-high-{high}");
            list.push(
                def(id, label, "to-straight-flush", 3, pattern).param("n", 3).param("gaps", gaps).param("high", high),
            );
        }
    }
    list
}

pub(crate) fn capital(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}

fn high_cards(high: u8) -> String {
    counted(high, "no high card", "high card", "high cards")
}


/// Every three-rank mask inside `ranks`, highest ranks first.
fn triples_of(ranks: u16) -> Vec<u16> {
    let bits: Vec<u16> = (0..13).rev().filter(|r| ranks & (1 << r) != 0).map(|r| 1 << r).collect();
    let mut out = Vec::new();
    for (i, &a) in bits.iter().enumerate() {
        for (j, &b) in bits.iter().enumerate().skip(i + 1) {
            for &c in &bits[j + 1..] {
                out.push(a | b | c);
            }
        }
    }
    out
}
