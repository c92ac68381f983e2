//! The words of a chart's hold classes, as data: a class ([`ClassDef`]: its id, English label,
//! kind, parameters, in-line rule and [`Pattern`]), the builders every family's class list is
//! written with, and the rank masks and texts they share. Below every family's module (a family
//! writes its list here; `strategy::chart` matches, ranks and plays the lists): it imports nothing
//! of the crate. Which family has which list is `strategy::chart::classes::Vocabulary`'s business.

use serde::Serialize;

/// The ranks ten to ace: the cards of a royal flush.
pub(crate) const ROYAL_RANKS: u16 = 0b1_1111_0000_0000;
/// The natural family's high cards: jack to ace (a pair of them pays).
pub(crate) const HIGH_RANKS: u16 = 0b1_1110_0000_0000;

/// How a line picks one hold when several holds of the hand match it (before the suit rules of
/// `tie.rs`): compare the held ranks from the highest down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Prefer {
    /// The hold with the highest ranks (e.g. the higher pair).
    Highest,
    /// The hold with the lowest ranks (e.g. of A, K and Q unsuited keep KQ: lower high cards
    /// leave more straights open).
    Lowest,
}

/// What the held cards must look like, beyond their number and the deuces among them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Pattern {
    /// All five held and making one of these family categories (a bit mask of category indices).
    Made(u16),
    /// All held cards one rank (in `within`), wild cards completing them on Deuces Wild.
    OfAKind { within: u16 },
    /// Two pairs.
    TwoPair,
    /// Suited distinct cards inside `within` (a royal draw); `exact`: exactly those ranks.
    Suited { within: u16, exact: bool },
    /// Suited distinct cards inside `within` with at least `high` high cards among them (2 to a
    /// royal flush with a high card).
    SuitedWithHigh { within: u16, high: u8 },
    /// Suited distinct cards in one straight window, not all ten to ace.
    StraightFlushDraw { gaps: Option<u8>, high: Option<u8>, ways: Option<u8> },
    /// `count` cards of one rank in `within` and one card (the kicker) of another rank in
    /// `kicker`: three aces with a 2–4 kicker.
    WithKicker { count: u8, within: u16, kicker: u16 },
    /// Suited distinct cards in one straight window, not all ten to ace, with gaps and ways in
    /// these inclusive ranges ("at most 1 gap", "2 or 3 ways").
    StraightFlushDrawWithin { gaps: (u8, u8), ways: (u8, u8) },
    /// Suited cards.
    FlushDraw { high: Option<u8> },
    /// Distinct cards in one straight window.
    StraightDraw { gaps: Option<u8>, high: Option<u8>, ways: Option<u8> },
    /// Distinct jacks to aces, not all of one suit; `exact`: exactly the ranks in `within`.
    Unsuited { within: u16, exact: bool },
    /// Deuces and nothing else.
    DeucesOnly,
    /// Nothing held.
    Nothing,
}

/// One hold class: a possible chart line.
#[derive(Clone, Debug)]
pub(crate) struct ClassDef {
    pub id: String,
    pub label: String,
    pub kind: &'static str,
    pub params: Vec<ClassParam>,
    pub prefer: Prefer,
    /// Cards held.
    pub n: u8,
    /// On a family with wild cards: the wild cards held, which must be every wild card of the
    /// hand.
    pub deuces: Option<u8>,
    pub pattern: Pattern,
    /// Whether the held cards pay by themselves, when the pattern alone cannot tell (a family
    /// whose paying pairs are not jacks or better, or whose two pair pays with a wild card).
    pub made: bool,
}

/// One parameter of a class, e.g. `n` = 4 for "4 to a royal flush". Every Deuces Wild class has
/// `deuces`: how many deuces the hand has and the hold keeps (or "any"); a family with another
/// wild card names it the same way (how many the hand has and the hold keeps).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClassParam {
    /// The parameter's name, e.g. "n", "deuces", "ranks", "gaps", "high", "ways".
    pub name: &'static str,
    /// Its value as text, e.g. "4" or "QJ".
    pub value: String,
}

/// "4 to a straight" and the same told apart by its ways (how many five-rank windows hold its
/// natural cards, a wild card filling the rest), for `ways`; `ways_text` words a count of ways.
pub(crate) fn straight_draws_by_ways(ways: std::ops::RangeInclusive<u8>, ways_text: fn(u8) -> String) -> Vec<ClassDef> {
    let any = Pattern::StraightDraw { gaps: None, high: None, ways: None };
    let mut list = vec![def("to-straight-4", "4 to a straight", "to-straight", 4, any).param("n", 4)];
    for ways in ways {
        let pattern = Pattern::StraightDraw { gaps: None, high: None, ways: Some(ways) };
        let label = format!("4 to a straight, {}", ways_text(ways));
        list.push(
            def(format!("to-straight-4-ways-{ways}"), label, "to-straight", 4, pattern)
                .param("n", 4)
                .param("ways", ways),
        );
    }
    list
}

/// A count in a label's English: `none` for 0, "1 {one}", else "{n} {many}".
pub(crate) fn counted(n: u8, none: &str, one: &str, many: &str) -> String {
    match n {
        0 => none.to_string(),
        1 => format!("1 {one}"),
        n => format!("{n} {many}"),
    }
}

/// Ranks as players write them, highest first: "KQJ", "T9".
pub(crate) fn rank_text(mask: u16) -> String {
    (0..13).rev().filter(|r| mask & (1 << r) != 0).map(|r| "23456789TJQKA".as_bytes()[r] as char).collect()
}

/// A class builder: `def("to-royal-4", "4 to a royal flush", "to-royal", 4).param("n", 4)`.
pub(crate) fn def(
    id: impl Into<String>,
    label: impl Into<String>,
    kind: &'static str,
    n: u8,
    pattern: Pattern,
) -> ClassDef {
    ClassDef {
        id: id.into(),
        label: label.into(),
        kind,
        params: Vec::new(),
        prefer: Prefer::Highest,
        n,
        deuces: None,
        pattern,
        made: false,
    }
}

impl ClassDef {
    /// Adds a parameter.
    pub(crate) fn param(mut self, name: &'static str, value: impl ToString) -> ClassDef {
        self.params.push(ClassParam { name, value: value.to_string() });
        self
    }

    /// Marks the class as a paying hand (see [`ClassDef::is_made`]).
    pub(crate) fn made(mut self) -> ClassDef {
        self.made = true;
        self
    }

    /// Sets the in-line rule.
    pub(crate) fn prefer(mut self, prefer: Prefer) -> ClassDef {
        self.prefer = prefer;
        self
    }
}


pub(crate) fn gap_text(gaps: u8) -> String {
    counted(gaps, "no gap", "gap", "gaps")
}

/// Every two-rank mask inside `ranks`, highest ranks first.
pub(crate) fn pairs_of(ranks: u16) -> Vec<u16> {
    let bits: Vec<u16> = (0..13).rev().filter(|r| ranks & (1 << r) != 0).map(|r| 1 << r).collect();
    let mut out = Vec::new();
    for (i, &a) in bits.iter().enumerate() {
        for &b in &bits[i + 1..] {
            out.push(a | b);
        }
    }
    out
}
