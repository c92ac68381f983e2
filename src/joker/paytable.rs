//! Joker Poker (Kings or Better) paytables: a pay per coin for each of the eleven paying
//! categories of [`JokerCategory`], best first; "nothing" pays 0.
//!
//! Pays are per coin at the five-coin rate, the convention of [`crate::library`]: the natural royal
//! is listed at 800 per coin (4,000 for five coins), as the library lists Jacks or Better's royal,
//! so the return computed here is the published five-coin (maximum bet) return. A game paying the
//! royal at 250 per coin for fewer coins is a UI matter; the return of optimal play is quoted for
//! five coins.
//!
//! Returns are never typed in: [`super::exact::analyze`] computes each one over every deal. The
//! published figures the tests compare against are cited on each preset.

use super::eval::{JokerCategory, JOKER};

/// The most a row may pay per coin (every exact total of the solver then fits 64 bits, as in the
/// paytable lab: [`crate::strategy::custom::MAX_PAY`]).
pub const MAX_PAY: u32 = 100_000;

/// A Joker Poker paytable: an id, a name and the pay per coin of every category.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JokerPaytable {
    id: &'static str,
    name: &'static str,
    /// Indexed by [`JokerCategory::index`]; the last ("nothing") is 0.
    pays: [u32; 12],
}

impl JokerPaytable {
    /// A table paying `rows[i]` per coin on the i-th paying category of [`JokerCategory::ALL`]
    /// (natural royal flush first, kings or better last). Each pay is at most [`MAX_PAY`]: a
    /// larger pay is a compile error in a constant and a panic otherwise. Pays need not descend
    /// (a lab may try anything), but the joker always makes the best *category* ([`JokerCategory`]
    /// order), which is the best-paying one only when pays do not rise down the rows, as on every
    /// casino table.
    pub const fn new(id: &'static str, name: &'static str, rows: [u32; 11]) -> JokerPaytable {
        let mut pays = [0u32; 12];
        let mut i = 0;
        while i < 11 {
            assert!(rows[i] <= MAX_PAY, "a Joker Poker pay is at most MAX_PAY per coin");
            pays[i] = rows[i];
            i += 1;
        }
        JokerPaytable { id, name, pays }
    }

    /// The stable id ("joker-poker-kings-20-7-5").
    pub fn id(&self) -> &'static str {
        self.id
    }

    /// The name players know it by.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The pay per coin of a category.
    pub fn pay(&self, category: JokerCategory) -> u32 {
        self.pays[category.index()]
    }

    /// The pay per coin of every category, by [`JokerCategory::index`] ("nothing" last, 0).
    pub fn pays(&self) -> &[u32; 12] {
        &self.pays
    }

    /// The paying rows, best first: (row id, pay per coin).
    pub fn rows(&self) -> impl Iterator<Item = (&'static str, u32)> + '_ {
        JokerCategory::ALL[..11].iter().map(|&category| (category.id(), self.pay(category)))
    }

    /// The pay per coin of five distinct card indices (0..=52, [`JOKER`] = 52).
    pub fn pay_of_indices(&self, hand: [usize; 5]) -> u32 {
        self.pay(super::eval::evaluate_joker_indices(hand))
    }
}

/// Whether `hand` holds the joker.
pub fn has_joker(hand: [usize; 5]) -> bool {
    hand.contains(&JOKER)
}

/// Full-pay Kings or Better: four of a kind 20, full house 7, flush 5 (the "20/7/5" table).
///
/// Published return with optimal play 100.65 % (five coins): gambatria.com, "Everyone's a Joker!"
/// (<http://www.gambatria.com/blog/2011/03/everyones-joker.html>: "offers a 100.65% payback"), and
/// the row-by-row return table reproduced at <https://rkcryr.com/jokers-wild-machines/> ("TOTAL
/// 100.65%": natural royal 1.95 %, five of a kind 1.87 %, wild royal 1.04 %, straight flush
/// 2.87 %, four of a kind 17.11 %, full house 10.98 %, flush 7.79 %, straight 4.98 %, three of a
/// kind 26.79 %, two pair 11.09 %, kings or better 14.20 %). Wizard of Vegas rounds it to 100.64 %
/// (<https://wizardofvegas.com/games/video-poker/joker-poker-kings-or-better/>).
pub const KINGS_20_7_5: JokerPaytable = JokerPaytable::new(
    "joker-poker-kings-20-7-5",
    "Joker Poker (Kings or Better) 20/7/5",
    [800, 200, 100, 50, 20, 7, 5, 3, 2, 1, 1],
);

/// The short table online casinos offer with a bigger royal: 4,700 coins for five (940 per coin),
/// four of a kind 18, full house 7, flush 5 ("4700/18/7/5").
///
/// Published return with optimal play 99.29 % (five coins): casino.zone, "Joker Poker Video Poker
/// Strategy Guide" (<https://casino.zone/joker-poker-video-poker-strategy?geo=AU>: "a 940x win
/// (listed as 4700x when playing with five coins) … and a win of 18x for four of a kind … a payout
/// rate as high as 99.29 percent"). Jerry "Stickman", Casino City Times, 13 March 2021, prints
/// every row of this table (4700, 1000, 500, 250, 90, 35, 25, 15, 10, 5, 5 for five coins) and
/// "99.28 percent"
/// (<https://www.casinocitytimes.com/jerry-stickman/article/holding-advice-for-jokers-wild-kings-or-better-video-poker-67249>);
/// computed: 99.2933 %.
pub const KINGS_940_18_7_5: JokerPaytable = JokerPaytable::new(
    "joker-poker-kings-4700-18-7-5",
    "Joker Poker (Kings or Better) 4700/18/7/5",
    [940, 200, 100, 50, 18, 7, 5, 3, 2, 1, 1],
);

/// Microgaming's Joker Poker: a 5,000-coin royal for five coins (1,000 per coin), four of a kind
/// 17, full house 7, flush 5 ("5000/17/7/5").
///
/// Published return 98.6 %: onlinecasinotopic.com, "Joker Poker Online Video Poker Games", with
/// every five-coin pay per coin (royal 1000, five of a kind 200, wild royal 100, straight flush 50,
/// four of a kind 17, full house 7, flush 5, straight 3, three of a kind 2, two pair 1, kings or
/// better 1; <https://www.onlinecasinotopic.com/articles/joker-poker-online-video-poker-games.html>:
/// "The average return to the player for Microgaming Joker Poker is 98.6%"), the same figure at
/// <https://www.onlinecasinoaustralian.com/articles/microgaming-joker-based-online-video-poker-games/>;
/// the coin-by-coin table (750 per coin below five coins, 5000 for five) is at
/// <https://optimalgambling.com/games/joker-poker-video-poker.htm>.
pub const KINGS_1000_17_7_5: JokerPaytable = JokerPaytable::new(
    "joker-poker-kings-5000-17-7-5",
    "Joker Poker (Kings or Better) 5000/17/7/5",
    [1000, 200, 100, 50, 17, 7, 5, 3, 2, 1, 1],
);

/// The three tables, best return first.
pub const PRESETS: [JokerPaytable; 3] = [KINGS_20_7_5, KINGS_940_18_7_5, KINGS_1000_17_7_5];
