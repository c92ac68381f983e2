//! Settling a draw: the final hands, their paying rows and wins, and how the hold compares with the
//! best hold. The one place a draw's result is worked out: the game, `vpoker simulate`, the history
//! (which replays stored hands through it) and anything later all call [`settle`].
//!
//! Pure: a [`Deal`], the bet and the hold in, a [`Settlement`] out. No SQLite, no clock.

use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::hold::Hold;
use crate::strategy::HandEvs;
use crate::rules::Screen;

use super::deal::Deal;

/// The result of one of the hands of a deal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandResult {
    /// The final five cards (held cards in place).
    pub cards: [Card; 5],
    /// The replacement cards, in the order they came.
    pub drawn: Vec<Card>,
    /// The paytable row id, or "nothing".
    pub outcome: String,
    /// The paytable row index, or null.
    pub row: Option<usize>,
    /// bet × the row's per-coin pay (× the line's multiplier on screen, when its rules show one).
    pub win: u64,
    /// The multiplier this line was paid at (absent on a table whose rules show none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub multiplier: Option<u8>,
    /// What this line's final hand earns for its next hand, 1 when it earns none (absent on a
    /// table whose rules carry nothing).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub earned: Option<u8>,
}

/// How a hold compares with the best hold of the same dealt cards, per coin and in chips.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HoldVerdict {
    /// The hold judged.
    pub hold: Hold,
    /// Its EV per coin.
    pub ev: f64,
    /// The best hold (ties: fewer cards held, then the smaller mask).
    pub best_hold: Hold,
    /// The best hold's EV per coin.
    pub best_ev: f64,
    /// EV per coin given up against the best hold (0 for the best hold and its exact ties).
    pub cost: f64,
    /// Chips at stake (bet × hands): the per-coin figures times this are chips.
    pub stake: u64,
    /// Whether playing `hold` is a mistake (the core's one threshold, [`HandEvs::is_mistake`]).
    pub mistake: bool,
}

impl HoldVerdict {
    /// Judges `hold` against the EVs of its dealt cards at a stake of `stake` chips.
    pub fn of(evs: &HandEvs, hold: Hold, stake: u64) -> HoldVerdict {
        let best_hold = evs.best();
        let mistake = evs.is_mistake(hold);
        HoldVerdict {
            hold,
            ev: evs.ev(hold),
            best_hold,
            best_ev: evs.ev(best_hold),
            cost: if mistake { evs.cost(hold) } else { 0.0 },
            stake,
            mistake,
        }
    }

    /// The EV of the hold in chips at the stake.
    pub fn ev_chips(&self) -> f64 {
        self.ev * self.stake as f64
    }

    /// The best hold's EV in chips at the stake.
    pub fn best_ev_chips(&self) -> f64 {
        self.best_ev * self.stake as f64
    }

    /// The EV given up in chips at the stake.
    pub fn cost_chips(&self) -> f64 {
        self.cost * self.stake as f64
    }
}

/// A settled draw.
#[derive(Clone, Debug, PartialEq)]
pub struct Settlement {
    /// One result per hand, first hand first.
    pub results: Vec<HandResult>,
    /// Sum of the results' wins (what practice would have paid, too).
    pub won: u64,
    /// The hold against the best hold.
    pub verdict: HoldVerdict,
}

/// The stake of a deal of a plain table: bet × hands (what a real deal costs; practice stakes
/// nothing real but its figures are still shown at this stake). Any table's: [`Table::stake`].
///
/// [`Table::stake`]: crate::table::Table::stake
pub fn stake(bet: u32, n_hands: u8) -> u64 {
    u64::from(bet) * u64::from(n_hands)
}

/// Settles `deal` drawn with `hold` at `bet` chips per line (a plain table's deal).
pub fn settle(deal: &Deal, bet: u32, hold: Hold) -> Settlement {
    let evs = deal.table().hand_evs(&deal.dealt());
    settle_with(deal, bet, hold, None, &evs)
}

/// [`settle`] with what is on screen (`None` on a table whose rules show nothing) and the dealt
/// cards' EVs already computed (with it: `rules::hand_evs`).
pub fn settle_with(deal: &Deal, bet: u32, hold: Hold, on_screen: Option<&Screen>, evs: &HandEvs) -> Settlement {
    let results = results(deal, bet, hold, on_screen);
    let won = results.iter().map(|r| r.win).sum();
    let verdict = HoldVerdict::of(evs, hold, deal.table().stake(bet, deal.n_hands() as u8));
    Settlement { results, won, verdict }
}

/// Each hand's final cards, replacement cards, row and win for `hold` at `bet` chips per line (the
/// part of settling that needs no EVs; verification calls it too). With something on screen, line i
/// pays its factor on screen times its pay, and says what it earns for its next hand.
pub fn results(deal: &Deal, bet: u32, hold: Hold, on_screen: Option<&Screen>) -> Vec<HandResult> {
    let table = deal.table().paytable();
    let family = table.family();
    deal.final_hands(hold)
        .into_iter()
        .enumerate()
        .map(|(line, cards)| {
            let row = table.row_of_hand(&cards);
            let multiplier = on_screen.map(|m| m.pay_factor(line));
            HandResult {
                cards,
                drawn: (0..5).filter(|&i| !hold.holds(i)).map(|i| cards[i]).collect(),
                outcome: table.outcome_id(&cards).to_string(),
                row,
                win: u64::from(bet) * u64::from(table.pay(&cards)) * u64::from(multiplier.unwrap_or(1)),
                multiplier,
                earned: on_screen.and_then(|m| m.earned(family, &cards)),
            }
        })
        .collect()
}

/// What a settled deal's lines earn for the next hand, line by line (empty when its rules carry
/// nothing).
pub fn earned(results: &[HandResult]) -> Vec<u8> {
    results.iter().filter_map(|r| r.earned).collect()
}

/// How many of a deal's hands ended in one outcome, and what they won together: a row of the tally
/// a many-line screen shows (`tally`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OutcomeTally {
    /// The paytable row id, or "nothing".
    pub outcome: String,
    /// The paytable row index, or null for "nothing".
    pub row: Option<usize>,
    /// How many hands ended in it.
    pub hands: u32,
    /// Their wins together.
    pub win: u64,
}

/// The results counted by outcome: one entry per outcome reached, in paytable order (best row
/// first), "nothing" last. The hands' counts add up to the number of hands, the wins to the win.
pub fn tally(results: &[HandResult]) -> Vec<OutcomeTally> {
    let mut out: Vec<OutcomeTally> = Vec::new();
    for result in results {
        match out.iter_mut().find(|t| t.outcome == result.outcome) {
            Some(entry) => {
                entry.hands += 1;
                entry.win += result.win;
            }
            None => out.push(OutcomeTally { outcome: result.outcome.clone(), row: result.row, hands: 1, win: result.win }),
        }
    }
    out.sort_by_key(|t| t.row.unwrap_or(usize::MAX));
    out
}

/// One hold in a hint.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HintHold {
    /// The hold mask (bit i keeps card i).
    pub hold: Hold,
    /// The same as five characters, first card first ("10110").
    pub bits: String,
    /// The cards kept.
    pub cards: Vec<Card>,
    /// EV per coin bet.
    pub ev: f64,
    /// EV in chips at the stake (what the whole deal returns on average with this hold).
    pub ev_chips: f64,
    /// EV per coin given up against the best hold (0 for the best hold and its exact ties).
    pub cost: f64,
    /// The same in chips at the stake.
    pub cost_chips: f64,
    /// Whether this is a best hold: its EV ties the best EV (within [`crate::strategy::TIE_EPSILON`]),
    /// so it is never a mistake. Several holds may be best; the list gives the tie rule's first.
    pub best: bool,
    /// Whether playing this hold is a mistake (the core's one threshold).
    pub mistake: bool,
}

/// Every hold of `dealt` with its EV per coin and in chips at `stake`, its cost and the core's
/// verdict ([`HoldVerdict::of`]), best first (what the hint and a drill's verdict list). Every hold
/// whose EV ties the best is marked `best`, the tie rule's first ([`HandEvs::best`]) listed first.
pub fn hint_holds(evs: &HandEvs, dealt: &[Card; 5], stake: u64) -> Vec<HintHold> {
    evs.sorted()
        .into_iter()
        .map(|h| {
            let verdict = crate::pipeline::settle::HoldVerdict::of(evs, h.hold, stake);
            HintHold {
                hold: h.hold,
                bits: h.hold.to_bits(),
                cards: (0..5).filter(|&i| h.hold.holds(i)).map(|i| dealt[i]).collect(),
                ev: h.ev,
                ev_chips: verdict.ev_chips(),
                cost: verdict.cost,
                cost_chips: verdict.cost_chips(),
                best: !verdict.mistake,
                mistake: verdict.mistake,
            }
        })
        .collect()
}
