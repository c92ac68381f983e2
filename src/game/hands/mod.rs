//! The hands: the hands table's rows ([`StoredHand`]) and every hand as the player sees it
//! ([`HandRecord`]), replayed from them through the hand pipeline.
//!
//! A stored hand keeps only what cannot be derived: machine, bet, hands, practice, seed, the kind-deal
//! bag consulted, the nudge, the dealt cards, the date and time, the hold and the win. Everything else
//! (the deck, the replacement cards, every result, each hold's EV and the mistake verdict) is replayed
//! through the one dealing and settling pipeline on every read, which also checks the row: a seed
//! that does not give the stored cards, or a win the cards do not pay, is a corrupt database.
//!
//! Row encoding (`rows.rs`, schema of migration 15): `tbl` is the table's code in the registry
//! (`registry.rs`: the first four machines are 0–3); `situation` is an index into [`Situation::ALL`];
//! `seed` is its 32 bytes; `dealt` is five card indices (`rank × 4 + suit`);
//! `nudge` is five bytes (kind 0 = four-flush / 1 = pair, dealt position, removed card, added card,
//! deck position); `day` is days from 0001-01-01 (proleptic Gregorian, day 1 = 0001-01-01), NULL
//! only for a practice table hand stored before migration 15 (they carried no date);
//! `time` is seconds after local midnight, or NULL when the caller gave the date alone.

pub(crate) mod chain;
mod registry;
mod rows;
pub(crate) mod solved;

use chrono::NaiveDate;
use serde::Serialize;

use crate::card::Card;
use crate::hold::Hold;
use crate::machine::MachineId;
use crate::shuffle::{Seed, SeedFrom};
use crate::strategy::HandEvs;
use crate::table::Table;
use super::rules::Bet;

use crate::pipeline::deal::Deal;
use crate::pipeline::commit::CommitRule;
use crate::pipeline::verify::{replay_deal, Claim};
use crate::pipeline::nudge::{Nudge, Situation};
use crate::rules::{Carry, Screen};
use crate::pipeline::settle::{results, settle_with, tally, HandResult, HoldVerdict, OutcomeTally};

use super::moment::Moment;
pub(crate) use super::store::player::CommitMarks;
use super::store::{corrupt, Res};

pub(crate) use rows::{
    each_hand, finished_hand, finished_hands, in_progress_id, insert_deal, last_bet_on, next_hand_id, open_hand, record_draw,
    table_code_of,
};
pub(crate) use registry::{code_of, codes_of_id, Registry};

/// What the newest hand leaves for the next deal (`None` for an empty history): the one read the
/// deal's carry rule takes. A hand is dealt only when none is in progress, so the newest hand is a
/// finished one.
pub(crate) fn last_carry(conn: &rusqlite::Connection) -> Res<Option<Carry>> {
    Ok(last_screen(conn)?.map(|(carry, _)| carry))
}

/// What the newest finished hand leaves for the next deal and what it had on screen (`None` for
/// an empty history or a hand in progress): what the next deal's screen is drawn from.
pub(crate) fn last_screen(conn: &rusqlite::Connection) -> Res<Option<(Carry, Option<crate::rules::Screen>)>> {
    match finished_hand(conn, next_hand_id(conn)? - 1)? {
        Some(hand) => Ok(Some((hand.carry()?, hand.multipliers))),
        None => Ok(None),
    }
}

/// One hand of play (a deal, and once drawn its hold and results).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HandRecord {
    /// The hand's id, increasing with time.
    pub id: i64,
    /// The local date passed in when it was dealt (the core has no clock); null only for a practice
    /// table hand stored before schema 15, which carried no date.
    pub day: Option<NaiveDate>,
    /// When it was dealt, local time, as the caller gave it: `YYYY-MM-DDTHH:MM:SS`, or the date alone
    /// when the caller passed no time of day (null with `day`).
    pub played_at: Option<String>,
    /// The machine, or null for a hand practised on another table.
    pub machine: Option<MachineId>,
    /// The table's stable id (a machine's id for a machine's hand).
    pub table: Table,
    /// The one table this hand is listed, summed and tallied under when `table` is one of its
    /// former ids (`library::FORMER_IDS`: a library table that became a machine's or a kicker
    /// game's own); absent otherwise. `table` stays the id the hand was dealt under, which its
    /// commitment names (docs/VERIFY.md, "Former table ids").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub listed_as: Option<String>,
    /// The table's name (a library table's, or a lab table's saved name; the machine's id).
    pub table_name: String,
    /// What the table is called, for a UI to write in its language ([`crate::table::TableLabel`]).
    pub table_label: crate::table::TableLabel,
    /// The rules it was played by (`Rules::id`: `plain`, `ultimate-x`, `super-times`), for a UI to
    /// name them in its language.
    pub rules: &'static str,
    /// The id of the table whose rows it has (a machine's or a kicker game's; a machine's hand:
    /// its own id).
    pub base: &'static str,
    /// The table's pays per coin, in its rows' order (what the bound commitment names).
    pub pays: Vec<u32>,
    /// Chips bet per hand.
    pub bet: u32,
    /// Hands dealt at once: one of the table's line counts (`Table::lines`).
    pub hands: u8,
    /// What each line showed at the deal, first line first (`rules::Screen`: its multiplier;
    /// absent on a table whose rules show nothing). Each result says what its line earned.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub multipliers: Option<Vec<u8>>,
    /// The same lines as a screen draws them (`rules::dealt_with`: each line's multiplier, lit
    /// above the rules' start), so a UI shows what a finished hand was paid at without comparing
    /// values; absent where `multipliers` is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub screen: Option<Vec<crate::rules::ScreenLine>>,
    /// A practice hand: no chips, no XP.
    pub practice: bool,
    /// Chips taken for the deal (the stake; 0 in practice).
    pub cost: u64,
    /// Chips at stake: `Table::stake` (practice too: its chip figures are
    /// shown at this stake).
    pub stake: u64,
    /// The shuffle seed (reproduces the deck; see `game::deal`).
    pub seed: Seed,
    /// Where the seed came from: "system" (the game drew it: every hand the app deals) or "chosen"
    /// (whoever dealt chose it: the command line's `--seed`), so a known hand is shown as one.
    pub seed_from: SeedFrom,
    /// The commitment shown while the hand was in progress, in hex (see `commitment_rule`); null for
    /// hands stored before commitments existed.
    pub commitment: Option<String>,
    /// The rule the commitment was made under: "legacy", "seed", "uncommitted" or "bound".
    pub commitment_rule: CommitRule,
    /// The kind-deal bag consulted, if any (a dead real deal with kind deals on).
    pub situation: Option<Situation>,
    /// Whether the deal (before any nudge) was dead.
    pub dead: bool,
    /// The nudge, if the deal was nudged.
    pub nudge: Option<Nudge>,
    /// The five cards dealt (after any nudge).
    pub dealt: [Card; 5],
    /// The best hold.
    pub best_hold: Hold,
    /// EV per coin of the best hold.
    pub best_ev: f64,
    /// Whether the hand has been drawn.
    pub drawn: bool,
    /// The player's hold (once drawn).
    pub hold: Option<Hold>,
    /// EV per coin of the player's hold.
    pub hold_ev: Option<f64>,
    /// EV per coin given up against the best hold (0 when the hold was as good as the best).
    pub ev_given_up: Option<f64>,
    /// The same in chips at the stake.
    pub ev_given_up_chips: Option<f64>,
    /// The core's verdict on the hold: whether it was a mistake.
    pub mistake: Option<bool>,
    /// Whether the player's hold is `best_hold` itself (false for a tie of another hold): when it
    /// is not, the same cards drawn with `best_hold` are shown (`best_results`).
    pub held_best: Option<bool>,
    /// One result per hand (once drawn).
    pub results: Vec<HandResult>,
    /// The results counted by outcome, best row first, "nothing" last: how many hands made each and
    /// what they won together (once drawn; what a many-line screen shows at a glance).
    pub tally: Vec<OutcomeTally>,
    /// Sum of the results' wins (what practice would have paid, too).
    pub won: Option<u64>,
    /// Chips actually paid (0 in practice).
    pub payout: Option<u64>,
    /// Same cards, best hold: what the best hold would have made from the very same decks (the same
    /// replacement cards in order; extra hands their own decks), one result per hand (once drawn).
    pub best_results: Vec<HandResult>,
    /// What the best hold would have won on the same cards (once drawn).
    pub best_won: Option<u64>,
}

impl HandRecord {
    /// The id of the one table the hand is listed, summed and tallied under: `listed_as` for a
    /// hand stored under a former id, else its table's own.
    pub fn one_table_id(&self) -> &str {
        self.listed_as.as_deref().unwrap_or(self.table.id())
    }
}

/// A row of the hands table, decoded.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct StoredHand {
    pub id: i64,
    pub table: Table,
    /// Checked where the row is decoded: one of the game's bets.
    pub bet: Bet,
    pub n_hands: u8,
    pub practice: bool,
    pub seed: Seed,
    /// Where the seed came from (migration 18; the system's for every hand before).
    pub seed_from: SeedFrom,
    /// The commitment stored at deal time (none for hands stored before migration 4, and for
    /// practice table hands stored before migration 15).
    pub commitment: Option<[u8; 32]>,
    pub situation: Option<Situation>,
    pub nudge: Option<Nudge>,
    pub dealt: [Card; 5],
    pub moment: Option<Moment>,
    /// The hold and the win, once drawn.
    pub drawn: Option<(Hold, u64)>,
    /// What was on screen at the deal (`rules::stored`, checked where the row is
    /// decoded: one per line, each one its table awards).
    pub multipliers: Option<Screen>,
}

/// A stored hand replayed: its deal and its EVs.
pub(crate) struct Replayed {
    pub deal: Deal,
    pub evs: HandEvs,
}

impl StoredHand {
    /// The machine, when the hand was played on one.
    pub fn machine(&self) -> Option<MachineId> {
        self.table.as_machine()
    }

    /// Chips taken for the deal (none in practice).
    pub fn cost(&self) -> u64 {
        if self.practice {
            0
        } else {
            self.stake()
        }
    }

    /// Chips at stake: `Table::stake` (practice too).
    pub fn stake(&self) -> u64 {
        self.table.stake(self.bet.chips(), self.n_hands)
    }

    /// The EVs of every hold of the dealt cards with what was on screen (`rules::hand_evs`).
    pub fn evs(&self) -> Res<HandEvs> {
        crate::rules::hand_evs(&self.table, self.multipliers.as_ref(), &self.dealt)
            .map_err(|why| corrupt(format!("hand {}: {why}", self.id)))
    }

    /// What this hand leaves for the next one (what its lines earned, once drawn): replays the
    /// deal and the draw, no EVs.
    pub fn carry(&self) -> Res<Carry> {
        let results = match (self.drawn, &self.multipliers) {
            (Some((hold, _)), Some(on_screen)) => {
                let (deal, check) =
                    replay_deal(&self.seed, &self.table, self.n_hands, Some(&self.dealt), self.nudge.as_ref());
                check.map_err(|mismatch| corrupt(format!("hand {}: {mismatch}", self.id)))?;
                results(&deal, self.bet.chips(), hold, Some(on_screen))
            }
            _ => Vec::new(),
        };
        Ok(Carry::of(&self.table, self.bet.chips(), self.n_hands, self.practice, crate::pipeline::settle::earned(&results)))
    }

    /// The rule this hand's commitment was made under, by its place in the history.
    pub fn commit_rule(&self, marks: CommitMarks) -> CommitRule {
        CommitRule::of_hand(self.id, &self.table, marks.committed_from, marks.bound_from, marks.origin_from)
    }

    /// Replays the deal by the one replay rule ([`replay_deal`]); `Err` when the seed, with the
    /// rule's nudge when one is disclosed, does not give the stored nudge and cards. The commitment
    /// is not looked at here (a history page shows it as stored, so a verifier can see a stripped
    /// one): the audit and verification check it, by `verify` alone.
    pub fn replay(&self) -> Res<Replayed> {
        let (deal, check) =
            replay_deal(&self.seed, &self.table, self.n_hands, Some(&self.dealt), self.nudge.as_ref());
        check.map_err(|mismatch| corrupt(format!("hand {}: {mismatch}", self.id)))?;
        let evs = self.evs()?;
        Ok(Replayed { deal, evs })
    }

    /// What this row claims, for [`crate::pipeline::verify::verify`]: its commitment (under the
    /// rule of its place in the history), dealt cards, nudge, hold and win.
    pub fn claim(&self, marks: CommitMarks) -> Claim {
        Claim {
            hand: Some(self.id),
            seed: self.seed,
            seed_from: Some(self.seed_from),
            table: self.table.clone(),
            n_hands: self.n_hands,
            bet: self.bet.chips(),
            practice: self.practice,
            multipliers: self.multipliers.clone(),
            commitment: self.commitment.map(|c| crate::shuffle::hex(&c)),
            rule: self.commit_rule(marks),
            dealt: Some(self.dealt),
            nudge: self.nudge,
            hold: self.drawn.map(|(hold, _)| hold),
            drawn: None,
            finals: None,
            won: self.drawn.map(|(_, won)| won),
        }
    }

    /// The hand as the player sees it, replayed and checked.
    pub fn record(&self, marks: CommitMarks) -> Res<HandRecord> {
        self.record_of(self.replay()?, marks)
    }

    /// [`StoredHand::record`] from a replay already made (a draw replays once, not twice).
    pub fn record_of(&self, replayed: Replayed, marks: CommitMarks) -> Res<HandRecord> {
        let Replayed { deal, evs } = replayed;
        let best = HoldVerdict::of(&evs, evs.best(), self.stake());
        let on_screen = self.multipliers.as_ref();
        let settled = match self.drawn {
            None => None,
            Some((hold, won)) => {
                let settlement = settle_with(&deal, self.bet.chips(), hold, on_screen, &evs);
                if settlement.won != won {
                    return Err(corrupt(format!(
                        "hand {}: recorded win {won} but the cards pay {}",
                        self.id, settlement.won
                    )));
                }
                Some(settlement)
            }
        };
        let verdict = settled.as_ref().map(|s| s.verdict);
        let best_results = match self.drawn {
            Some(_) => results(&deal, self.bet.chips(), best.best_hold, on_screen),
            None => Vec::new(),
        };
        let best_won = self.drawn.map(|_| best_results.iter().map(|r| r.win).sum());
        Ok(HandRecord {
            id: self.id,
            day: self.moment.map(|m| m.date()),
            played_at: self.moment.map(|m| m.stamp()),
            machine: self.machine(),
            table: self.table.clone(),
            listed_as: crate::library::one_id(self.table.id()),
            table_name: self.table.name().to_string(),
            table_label: self.table.label().clone(),
            rules: self.table.rules().id(),
            base: self.table.base().id(),
            pays: self.table.pays(),
            bet: self.bet.chips(),
            hands: self.n_hands,
            multipliers: on_screen.map(|m| m.values().to_vec()),
            screen: on_screen.map(crate::rules::dealt_with),
            practice: self.practice,
            cost: self.cost(),
            stake: best.stake,
            seed: self.seed,
            seed_from: self.seed_from,
            commitment: self.commitment.map(|c| crate::shuffle::hex(&c)),
            commitment_rule: self.commit_rule(marks),
            situation: self.situation,
            dead: deal.dead(),
            nudge: self.nudge,
            dealt: self.dealt,
            best_hold: best.best_hold,
            best_ev: best.best_ev,
            drawn: self.drawn.is_some(),
            hold: verdict.map(|v| v.hold),
            hold_ev: verdict.map(|v| v.ev),
            ev_given_up: verdict.map(|v| v.cost),
            ev_given_up_chips: verdict.map(|v| v.cost_chips()),
            mistake: verdict.map(|v| v.mistake),
            held_best: verdict.map(|v| v.hold == best.best_hold),
            won: self.drawn.map(|(_, won)| won),
            payout: self.drawn.map(|(_, won)| if self.practice { 0 } else { won }),
            tally: settled.as_ref().map(|s| tally(&s.results)).unwrap_or_default(),
            results: settled.map(|s| s.results).unwrap_or_default(),
            best_results,
            best_won,
        })
    }
}
