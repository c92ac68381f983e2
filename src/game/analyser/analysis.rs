//! What the hand analyser answers for five cards on a table, pure: every hold best first with its
//! exact value, its final-hand distribution over the table's rows, the chart's line on the hand
//! and what a chosen hold gives up. No SQLite here: the room (`mod.rs`) resolves the table and
//! reads the player's chart tier, then calls [`analyse`].

use serde::Serialize;

use crate::card::Card;
use crate::hold::Hold;
use crate::machine::MachineId;
use crate::rules::{self, Screen};
use crate::strategy::chart::{advise, Advice, ChartTier};
use crate::strategy::{hold_distributions, HandEvs, HoldDistribution};
use crate::table::{Rules, Table, TableLabel};
use crate::table_chart::TierChart;

use super::super::error::GameError;

/// The id of the distribution's last entry: the draws no row pays.
pub const NOTHING: &str = "nothing";

/// Five cards analysed on one table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Analysis {
    /// The table's id (a variant's, when one was asked for).
    pub table: String,
    /// What the table is called, for a UI to write in its language.
    pub label: TableLabel,
    /// The machine, when the table is a machine's or its variant (null otherwise).
    pub machine: Option<MachineId>,
    /// The five cards, as given.
    pub cards: [Card; 5],
    /// What was on screen (each line's multiplier) and what it changes; null on a plain table.
    pub screen: Option<AnalysedScreen>,
    /// The distribution's entries in order: each paytable row (its id and pay per coin), then
    /// `nothing` (pay 0).
    pub outcomes: Vec<AnalysedRow>,
    /// All 32 holds, best first (ties: fewer cards held, then smaller mask).
    pub holds: Vec<AnalysedHold>,
    /// The best hold.
    pub best_hold: Hold,
    /// Its value per coin.
    pub best_ev: f64,
    /// What the hold asked about gives up against the best hold; null when none was asked about.
    pub chosen: Option<GivesUp>,
    /// The chart of the player's tier on these cards (the line that plays them, its hold, the
    /// line of the best hold): the plain table's, as the hint names a machine's.
    pub chart: Option<Advice>,
    /// The chart tier the player plays by (`chart-tier`).
    pub chart_tier: String,
}

/// What was on screen and what it does to the best hold.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AnalysedScreen {
    /// Each line's multiplier, first line first (their count is the line count).
    pub multipliers: Vec<u8>,
    /// The best hold of the plain game (nothing on screen).
    pub plain_best: Hold,
    /// Whether what is on screen makes another hold best.
    pub changes_best: bool,
    /// What the plain game's best hold gives up here, per coin (0 when it is best).
    pub plain_gives_up: f64,
}

/// One entry of a distribution: a paytable row, or `nothing`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AnalysedRow {
    /// The row's id (`nothing` for the draws no row pays).
    pub id: &'static str,
    /// Its pay per coin.
    pub pay: u32,
}

/// One hold: its value, verdict and final-hand distribution.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AnalysedHold {
    /// The hold (bit i keeps card i).
    pub hold: Hold,
    /// The cards it keeps.
    pub kept: Vec<Card>,
    /// Its value per coin with what is on screen (the plain EV on a plain table).
    pub ev: f64,
    /// Its final hand's pay per coin before any multiplier: `Σ probability × pay`, exactly the
    /// plain EV (equal to `ev` on a plain table).
    pub pay_ev: f64,
    /// What it gives up against the best hold, per coin (0 for a best hold).
    pub cost: f64,
    /// Whether it is worth as much as the best hold.
    pub best: bool,
    /// Whether playing it is a mistake (it gives up more than the tie threshold).
    pub mistake: bool,
    /// Its equally likely draws.
    pub draws: u64,
    /// The draws ending on each entry of [`Analysis::outcomes`] (they sum to `draws`).
    pub counts: Vec<u64>,
    /// Each count over the draws (they sum to 1).
    pub probabilities: Vec<f64>,
}

/// What a chosen hold gives up against the best hold.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GivesUp {
    /// The hold chosen.
    pub hold: Hold,
    /// Its value per coin.
    pub ev: f64,
    /// The value given up per coin (0 when it is as good as the best hold).
    pub cost: f64,
    /// Whether it is a mistake.
    pub mistake: bool,
    /// The best hold it is measured against.
    pub best_hold: Hold,
    /// Per entry of [`Analysis::outcomes`]: its probability under the chosen hold, under the
    /// best hold, and the change (chosen − best).
    pub changes: Vec<RowChange>,
}

/// One entry's probability under the chosen hold and the best.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RowChange {
    /// The row's id (`nothing` last).
    pub id: &'static str,
    /// Its probability under the chosen hold.
    pub chosen: f64,
    /// Under the best hold.
    pub best: f64,
    /// Chosen minus best.
    pub difference: f64,
}

/// What the analyser is asked: five cards on a table, what is on screen, a hold to weigh.
#[derive(Clone, Debug)]
pub struct Question<'a> {
    /// The cards as typed ("Ah Kh Qh Jh Th"): five distinct cards of the table's deck.
    pub cards: &'a str,
    /// The line count on a table that shows each line's multiplier (null on a plain table).
    pub lines: Option<u8>,
    /// Each line's multiplier as typed (`M1,M2,…`); without it, what a deal starts with.
    pub multipliers: Option<&'a str>,
    /// A hold to weigh against the best.
    pub chosen: Option<Hold>,
}

/// Answers `question` on `table` for a player of chart tier `tier`, naming the line of that tier's
/// chart of `plain` (the table itself, or the plain table of a variant: a chart reads no
/// multipliers). A machine's charts are made at start-up; another table's are generated by its
/// first analysis (a second or two) and kept for the process (`chart::tiers_of`). Bad cards are
/// `invalid-cards`, a screen the table does not show `invalid-screen`, a line count it is not
/// dealt on `table-lines`; nothing is changed by any of them.
pub fn analyse(table: &Table, plain: &Table, question: &Question<'_>, tier: &str) -> Result<Analysis, GameError> {
    let cards = table
        .deck()
        .parse_hand(question.cards)
        .map_err(|e| GameError::InvalidCards { cards: question.cards.to_string(), message: e.to_string() })?;
    let screen = screen_of(table, question)?;
    let evs = rules::hand_evs(table, screen.as_ref(), &cards).map_err(|e| invalid_screen(&e))?;
    let distributions = hold_distributions(table.paytable(), &cards);
    let best = evs.best();
    let holds: Vec<AnalysedHold> =
        evs.sorted().iter().map(|held| analysed(table, &cards, &evs, &distributions[held.hold.mask() as usize])).collect();
    let machine = table.as_machine();
    let tier_id = ChartTier::from_id(tier).unwrap_or(ChartTier::Expert);
    let chart = TierChart::of(plain, tier_id).ok().map(|chart| advise(chart.chart(), &cards, &evs));
    let rows = rows_of(table);
    Ok(Analysis {
        chosen: question.chosen.map(|hold| gives_up(&holds, &rows, hold, best)),
        table: table.id().to_string(),
        label: table.label().clone(),
        machine,
        cards,
        screen: screen.as_ref().map(|screen| screen_view(table, screen, &cards, &evs)),
        outcomes: rows,
        best_hold: best,
        best_ev: evs.ev(best),
        holds,
        chart,
        chart_tier: tier.to_string(),
    })
}

/// What is on screen, checked for the table: none on a plain table (a line count or multipliers
/// given for one are refused), the typed multipliers or the start on a variant's.
fn screen_of(table: &Table, question: &Question<'_>) -> Result<Option<Screen>, GameError> {
    let plain = table.rules() == Rules::Plain;
    let Some(lines) = question.lines else {
        return match (plain, question.multipliers) {
            (true, None) => Ok(None),
            (false, _) => Err(GameError::InvalidScreen { message: format!("{} needs a line count for what is on screen", table.id()) }),
            (true, Some(_)) => Err(GameError::InvalidScreen { message: format!("{} shows nothing before a deal", table.id()) }),
        };
    };
    if !table.lines().contains(&lines) {
        return Err(GameError::TableLines { lines });
    }
    match question.multipliers {
        Some(text) => rules::parse(table, lines, text).map(Some).map_err(|e| invalid_screen(&e)),
        None => match rules::start(table, lines) {
            Some(screen) => Ok(Some(screen)),
            None => Err(GameError::InvalidScreen { message: format!("{} shows nothing before a deal", table.id()) }),
        },
    }
}

fn invalid_screen(refused: &rules::ScreenError) -> GameError {
    GameError::InvalidScreen { message: refused.to_string() }
}

fn screen_view(table: &Table, screen: &Screen, cards: &[Card; 5], evs: &HandEvs) -> AnalysedScreen {
    let plain_best = table.hand_evs(cards).best();
    AnalysedScreen {
        multipliers: screen.values().to_vec(),
        plain_best,
        changes_best: evs.is_mistake(plain_best),
        plain_gives_up: evs.cost(plain_best),
    }
}

fn rows_of(table: &Table) -> Vec<AnalysedRow> {
    let paytable = table.paytable();
    let mut rows: Vec<AnalysedRow> = paytable.rows().iter().map(|row| AnalysedRow { id: row.id, pay: row.pay }).collect();
    rows.push(AnalysedRow { id: NOTHING, pay: 0 });
    rows
}

fn analysed(table: &Table, cards: &[Card; 5], evs: &HandEvs, drawn: &HoldDistribution) -> AnalysedHold {
    let hold = drawn.hold();
    AnalysedHold {
        hold,
        kept: (0..5).filter(|&i| hold.holds(i)).map(|i| cards[i]).collect(),
        ev: evs.ev(hold),
        pay_ev: drawn.ev(table.paytable()),
        cost: evs.cost(hold),
        best: !evs.is_mistake(hold),
        mistake: evs.is_mistake(hold),
        draws: drawn.n_draws(),
        counts: drawn.counts().to_vec(),
        probabilities: drawn.probabilities(),
    }
}

fn gives_up(holds: &[AnalysedHold], rows: &[AnalysedRow], hold: Hold, best: Hold) -> GivesUp {
    // Every mask is among the 32 holds.
    let of = |wanted: Hold| holds.iter().find(|h| h.hold == wanted).unwrap_or(&holds[0]);
    let (chosen, top) = (of(hold), of(best));
    GivesUp {
        hold,
        ev: chosen.ev,
        cost: chosen.cost,
        mistake: chosen.mistake,
        best_hold: best,
        changes: rows
            .iter()
            .zip(chosen.probabilities.iter().zip(&top.probabilities))
            .map(|(row, (&p, &q))| RowChange { id: row.id, chosen: p, best: q, difference: p - q })
            .collect(),
    }
}
