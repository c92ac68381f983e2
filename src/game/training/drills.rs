//! Drills on any table — a machine, a kicker game, a library table or a saved lab table — no chips
//! and no XP, counted apart per table and source (`drill_totals`). Three sources: **hard** decisions
//! the core deals from a seed (`pipeline::drill`: each the hand of its own seed, on the table's own
//! EVs and pays), the player's own **mistakes** from the table's review queue (`review.rs`;
//! judged on the table as each hand was dealt on it), which come back on a schedule of dates
//! (`schedule.rs`, docs/TRAINING.md): a mistakes question is only a hand due today, and **chart**
//! hands: the same drill run's deals on which the chart of a tier (`table_chart::TierChart`, the
//! player's `chart-tier` unless one is named) holds something that is not a best hold; its verdict
//! also says the chart's line, its hold and what following it gives up on the hand. Its answers
//! count in the table's hard tally (`DrillSource::tallied`: `drill_totals` takes two sources). The answer names the
//! question ([`DrillKey`]: the seed, or the queued hand) and the core finds the same hand again, so
//! only hands it dealt or stored can be answered; it is judged at once by the one verdict
//! ([`HoldVerdict`]): right or not, the EV given up in chips at the bet, the best hold, the full EV
//! table, why the hand is hard, and the tally and streak.

use chrono::NaiveDate;
use rusqlite::{params, Connection, OptionalExtension};
use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::hold::Hold;
use crate::pipeline::drill::HardDeals;
use crate::strategy::chart::{ChartTier, LineRef};
use crate::table_chart::TierChart;
use crate::pipeline::settle::{hint_holds, HintHold, HoldVerdict};
use crate::shuffle::Seed;
use crate::strategy::drill::HardReason;
use crate::strategy::HandEvs;
use crate::table::Table;

use super::review;
use super::schedule::ReviewSchedule;
use crate::game::error::GameError;
use crate::game::hands::{self, HandRecord};
use crate::game::store::{player, Failure, Res};
use crate::game::{rules, table_id};

/// The most deals looked at for one hard hand. A real table has one in two or three deals hard;
/// a table on which no hold ever beats another (every pay 0) has none, and says so
/// (`no-hard-hands`).
pub const MAX_DEALS_PER_QUESTION: u64 = 10_000;

/// The most deals looked at for one chart hand (a chart's hold is a mistake on far fewer deals
/// than a hand is hard: docs/TRAINING.md, "Drills by chart", gives the shares measured).
pub const MAX_DEALS_PER_CHART_QUESTION: u64 = 100_000;

/// Where drill hands come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DrillSource {
    /// Hands the core draws where the best hold is not the plain rule's, or a close call.
    Hard,
    /// The player's own mistaken deals, when their schedule says they are due.
    Mistakes,
    /// Hands the core draws where the chart of a tier holds something that is not a best hold.
    Chart,
}

impl DrillSource {
    /// The stable id ("hard", "mistakes").
    pub fn id(self) -> &'static str {
        match self {
            DrillSource::Hard => "hard",
            DrillSource::Mistakes => "mistakes",
            DrillSource::Chart => "chart",
        }
    }

    /// The tally a source's answers count in: a chart hand's in the hard decisions' (its hands are
    /// the hard drill run's, and `drill_totals` keeps the two sources its CHECK names).
    pub fn tallied(self) -> DrillSource {
        match self {
            DrillSource::Chart => DrillSource::Hard,
            other => other,
        }
    }

    /// Every source.
    pub const ALL: [DrillSource; 3] = [DrillSource::Hard, DrillSource::Mistakes, DrillSource::Chart];

    /// Parses a stable id.
    pub fn from_id(id: &str) -> Option<DrillSource> {
        match id {
            "hard" => Some(DrillSource::Hard),
            "mistakes" => Some(DrillSource::Mistakes),
            "chart" => Some(DrillSource::Chart),
            _ => None,
        }
    }

    /// Parses a stable id, or the typed error naming what was given (and every source).
    pub fn parse(id: &str) -> Result<DrillSource, GameError> {
        DrillSource::from_id(id).ok_or_else(|| GameError::UnknownDrillSource {
            source_id: id.to_string(),
            sources: DrillSource::ALL.iter().map(|s| s.id()).collect(),
        })
    }
}

/// Which hand a drill question is: the table and where the hand comes from. The answer sends it back
/// (the app sends the whole question; the other fields are not read) and the core finds the hand
/// again from it, never from cards the caller names.
///
/// Serialised flat: `{"table":ID,"source":"hard","seed":HEX64}`, `{"table":ID,"source":"mistakes",
/// "hand":ID}` or `{"table":ID,"source":"chart","seed":HEX64,"tier":"beginner"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrillKey {
    /// The table's id (a machine's, a kicker game's, a library id, or `lab:NAME`).
    pub table: String,
    /// Where the hand comes from.
    #[serde(flatten)]
    pub from: DrillFrom,
}

/// Where a drill hand comes from, with what finds it again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "source", rename_all = "kebab-case")]
pub enum DrillFrom {
    /// The first hard hand of the drill run from this seed on the table (`pipeline::drill`).
    Hard {
        /// The run's seed (64 hex digits).
        seed: Seed,
    },
    /// A stored hand on the table's review queue.
    Mistakes {
        /// The hand's id in the history.
        hand: i64,
    },
    /// The first hand of the drill run from this seed on which the tier's chart holds something
    /// that is not a best hold (`pipeline::drill`, `HardDeals::next_off_chart_within`).
    Chart {
        /// The run's seed (64 hex digits).
        seed: Seed,
        /// The tier whose chart the hand is off.
        tier: ChartTier,
    },
}

impl DrillKey {
    /// A key from its parts as they come from outside (the app's question sent back): the source by
    /// id (`unknown-drill-source`), a hard or chart question's seed as 64 hex digits (`invalid-seed`
    /// when it is missing or not a seed), a chart question's tier (`unknown-chart-tier` when it is
    /// missing or none), a mistake's hand id (`unknown-hand` with id 0 when it is missing). The
    /// table is checked where it is read.
    pub fn parse(table: &str, source: &str, seed: Option<&str>, hand: Option<i64>, tier: Option<&str>) -> Result<DrillKey, GameError> {
        let seed = || {
            let text = seed.unwrap_or_default();
            text.parse::<Seed>().map_err(|_| GameError::InvalidSeed { seed: text.to_string() })
        };
        let from = match DrillSource::parse(source)? {
            DrillSource::Hard => DrillFrom::Hard { seed: seed()? },
            DrillSource::Mistakes => DrillFrom::Mistakes { hand: hand.ok_or(GameError::UnknownHand { hand_id: 0 })? },
            DrillSource::Chart => DrillFrom::Chart { seed: seed()?, tier: parse_tier(tier.unwrap_or_default())? },
        };
        Ok(DrillKey { table: table.to_string(), from })
    }
}

impl DrillFrom {
    /// Its source.
    pub fn source(self) -> DrillSource {
        match self {
            DrillFrom::Hard { .. } => DrillSource::Hard,
            DrillFrom::Mistakes { .. } => DrillSource::Mistakes,
            DrillFrom::Chart { .. } => DrillSource::Chart,
        }
    }
}

/// A chart tier by id, or the typed error naming what was given (and every tier).
pub fn parse_tier(id: &str) -> Result<ChartTier, GameError> {
    ChartTier::from_id(id).ok_or_else(|| GameError::UnknownChartTier {
        tier: id.to_string(),
        tiers: ChartTier::ALL.iter().map(|t| t.id()).collect(),
    })
}

/// A hand to answer. The best hold and the EVs are not part of it: they come with the verdict.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DrillQuestion {
    /// The table and where the hand comes from (sent back with the answer).
    #[serde(flatten)]
    pub key: DrillKey,
    /// The table's name (English; a UI writes `label` in its language).
    pub name: String,
    /// What the table is called, for a UI to write in its language.
    pub label: crate::table::TableLabel,
    /// The five cards.
    pub cards: [Card; 5],
    /// What is on screen, line by line, on a table whose rules show something (a hard hand's drawn from
    /// its seed, `rules::drill_screen`; a queued mistake's as dealt).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub multipliers: Option<Vec<u8>>,
    /// What each line shows, as the play screen draws a hand in progress (`rules::dealt_with`: what
    /// it is dealt with and whether it is lit), with `multipliers`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub screen: Option<Vec<crate::rules::ScreenLine>>,
    /// Chips per coin the verdict's chip figures use (a queued hand's bet, else the table's last
    /// bet, else the smallest).
    pub bet: u32,
    /// Mistakes on this table's review queue.
    pub queue: u64,
    /// Those of them due today.
    pub due: u64,
    /// The table's tally for this source so far (a chart question's: the hard decisions').
    pub tally: DrillTally,
}

/// A table's tally for one source.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct DrillTally {
    /// Answers given.
    pub answered: u64,
    /// Right answers.
    pub correct: u64,
    /// Right answers in a row, now.
    pub streak: u64,
    /// The longest such run.
    pub best_streak: u64,
    /// EV given up in chips by the wrong answers.
    pub ev_given_up_chips: f64,
}

/// A table's tallies, one per source.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct DrillTallies {
    /// Hard decisions.
    pub hard: DrillTally,
    /// The player's own mistakes.
    pub mistakes: DrillTally,
}

/// The judgement of one drill answer.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DrillVerdict {
    /// The table's id.
    pub table: String,
    /// The five cards (the core's, found again from the question).
    pub cards: [Card; 5],
    /// Chips per coin of the chip figures.
    pub bet: u32,
    /// The hold was not a mistake (the core's one threshold).
    pub correct: bool,
    /// The hold answered.
    pub hold: Hold,
    /// The best hold.
    pub best_hold: Hold,
    /// Why a hard hand is hard on this table ("plain-rule-differs" or "close-call"); null for a
    /// queued mistake.
    pub reason: Option<HardReason>,
    /// EV per coin given up against the best hold.
    pub ev_given_up: f64,
    /// The same in chips at the bet.
    pub ev_given_up_chips: f64,
    /// Every hold with its EV, best first (as the hint lists them).
    pub holds: Vec<HintHold>,
    /// The tally after this answer.
    pub tally: DrillTally,
    /// The hand left the review queue (a right answer that put it more than
    /// `RETIRE_AFTER_DAYS` days out).
    pub left_queue: bool,
    /// Mistakes still on this table's review queue.
    pub queue: u64,
    /// Those of them due today.
    pub due: u64,
    /// When a queued mistake comes back after this answer (null for a hard hand, or one that left
    /// the queue).
    pub next_due: Option<NaiveDate>,
    /// A chart question's: what the tier's chart says on the hand and what following it costs
    /// (null for the other sources).
    pub chart: Option<ChartVerdict>,
    /// The warm-up taken today on this table after this answer, when the answer is one of its
    /// decisions (a hard one while some are unanswered); null otherwise.
    pub warm_up: Option<super::warm_up::WarmUpRun>,
}

/// What the chart of a tier says on a chart drill's hand, judged by the one verdict.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ChartVerdict {
    /// The tier.
    pub tier: ChartTier,
    /// The line the chart plays the hand by (the first line matching one of its holds).
    pub line: LineRef,
    /// The hold that line plays (never a best hold: that is why the hand was drawn).
    pub hold: Hold,
    /// The first line of the chart the best hold belongs to, if any line does.
    pub best_line: Option<LineRef>,
    /// EV per coin following the chart gives up on this hand (its `HoldVerdict`'s cost).
    pub ev_given_up: f64,
    /// The same in chips at the bet.
    pub ev_given_up_chips: f64,
    /// The answer was the chart's hold.
    pub followed: bool,
}

/// A queued mistake as `vpoker play mistakes` lists it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct QueuedMistake {
    /// Where it stands in its schedule (`due`, `last_review`, `reps`, `lapses`, `stability`,
    /// `difficulty`).
    #[serde(flatten)]
    pub schedule: ReviewSchedule,
    /// The hand, replayed.
    pub hand: HandRecord,
}

/// A drill hand found from its key, with what judging it needs.
struct Posed {
    table: Table,
    key: DrillKey,
    cards: [Card; 5],
    bet: u32,
    reason: Option<HardReason>,
    /// The registry codes of the table's review queue.
    codes: Vec<i64>,
    /// The EVs it is judged by (valued with what is on screen: `rules::hand_evs`).
    evs: HandEvs,
    /// What is on screen (a hard hand's drawn from its seed, a queued
    /// mistake's as it was dealt).
    multipliers: Option<Vec<u8>>,
    /// Chips at stake for one line at `bet` (`Table::stake`).
    stake: u64,
    /// A chart hand's tier, the chart's line, hold and the best hold's line.
    chart: Option<(ChartTier, crate::strategy::chart::Advice)>,
}

/// The hand `from` names on `table`. `None` for a queued mistake that is not on the table's queue
/// with a stored hand that decodes.
fn pose(conn: &Connection, table: Table, from: DrillFrom) -> Res<Option<Posed>> {
    let codes = hands::codes_of_id(conn, table.id())?;
    let key = DrillKey { table: table.id().to_string(), from };
    match from {
        DrillFrom::Hard { seed } => {
            let Some(hard) = HardDeals::new(&table, &seed).next_within(MAX_DEALS_PER_QUESTION) else {
                return Err(GameError::NoHardHands { table: table.id().to_string() }.into());
            };
            let bet = last_bet(conn, &table)?.unwrap_or(rules::BETS[0]);
            let evs = hard.evs();
            let stake = table.stake(bet, 1);
            Ok(Some(Posed {
                key,
                cards: hard.hand.cards,
                bet,
                reason: Some(hard.hand.reason),
                codes,
                evs,
                multipliers: hard.multipliers,
                stake,
                table,
                chart: None,
            }))
        }
        DrillFrom::Chart { seed, tier } => {
            let chart = TierChart::of(&table, tier)
                .map_err(|why| GameError::NoTierChart { table: table.id().to_string(), reason: why.id() })?;
            let Some(deal) = HardDeals::new(&table, &seed).next_off_chart_within(chart.chart(), MAX_DEALS_PER_CHART_QUESTION) else {
                return Err(GameError::NoChartHands { table: table.id().to_string(), tier: tier.id() }.into());
            };
            let bet = last_bet(conn, &table)?.unwrap_or(rules::BETS[0]);
            let stake = table.stake(bet, 1);
            Ok(Some(Posed {
                key,
                cards: deal.cards,
                bet,
                reason: None,
                codes,
                evs: deal.evs(),
                multipliers: None,
                stake,
                table,
                chart: Some((tier, deal.advice)),
            }))
        }
        DrillFrom::Mistakes { hand } => {
            let queued = review::queued_under(conn, hand)?;
            if !queued.is_some_and(|code| codes.contains(&code)) {
                return Ok(None);
            }
            // A queued hand whose row no longer decodes is not a question; SQLite failing is.
            let stored = match hands::finished_hand(conn, hand) {
                Ok(stored) => stored,
                Err(Failure::Corrupt(_)) => None,
                Err(other) => return Err(other),
            };
            // Judged on the table as the hand was dealt on it (its registry row: a lab table saved
            // again since with other pays keeps its old hands' pays), never on today's definition,
            // and with what was on screen when it was dealt.
            let Some(stored) = stored else { return Ok(None) };
            Ok(Some(Posed {
                table: stored.table.clone(),
                key,
                cards: stored.dealt,
                bet: stored.bet.chips(),
                reason: None,
                codes,
                evs: stored.evs()?,
                multipliers: stored.multipliers.as_ref().map(|m| m.values().to_vec()),
                stake: stored.table.stake(stored.bet.chips(), 1),
                chart: None,
            }))
        }
    }
}

/// The next drill hand on the table `table_id`: the first hard hand of the drill run from `seed`,
/// the first there on which the chart of `tier` (the player's `chart-tier` when `None`) holds
/// other than a best hold, or the earliest due of the player's mistakes queued there (`None` when
/// none is due on `today`).
pub(crate) fn next(
    conn: &Connection,
    table_id: &str,
    source: DrillSource,
    seed: Seed,
    tier: Option<ChartTier>,
    today: NaiveDate,
) -> Res<Option<DrillQuestion>> {
    let table = table_id::resolve(conn, table_id)?;
    let from = match source {
        DrillSource::Hard => DrillFrom::Hard { seed },
        DrillSource::Chart => {
            let tier = match tier {
                Some(tier) => tier,
                None => ChartTier::from_id(&player::settings(conn)?.chart_tier).unwrap_or(ChartTier::Expert),
            };
            DrillFrom::Chart { seed, tier }
        }
        DrillSource::Mistakes => {
            let codes = hands::codes_of_id(conn, table.id())?;
            let Some(hand) = review::next(conn, &codes, today)? else { return Ok(None) };
            DrillFrom::Mistakes { hand }
        }
    };
    let Some(posed) = pose(conn, table, from)? else {
        return Err(match from {
            DrillFrom::Mistakes { hand } => GameError::UnknownHand { hand_id: hand }.into(),
            DrillFrom::Hard { .. } | DrillFrom::Chart { .. } => GameError::NoHardHands { table: table_id.to_string() }.into(),
        });
    };
    let screen = match &posed.multipliers {
        Some(values) => {
            let lines = u8::try_from(values.len()).map_err(|_| crate::game::store::corrupt("a drill hand's screen of more than 255 lines".to_string()))?;
            crate::rules::stored(&posed.table, lines, Some(values)).map_err(crate::game::store::corrupt)?.as_ref().map(crate::rules::dealt_with)
        }
        None => None,
    };
    Ok(Some(DrillQuestion {
        screen,
        name: posed.table.name().to_string(),
        label: posed.table.label().clone(),
        multipliers: posed.multipliers.clone(),
        cards: posed.cards,
        bet: posed.bet,
        queue: review::queue_len(conn, &posed.codes)?,
        due: review::due_len(conn, &posed.codes, today)?,
        tally: read_tally(conn, posed.table.id(), source.tallied())?,
        key: posed.key,
    }))
}

/// Judges `hold` on the hand `key` names (found again by the core: a hard hand dealt again from its
/// seed, a queued mistake read from the history, which must be on the table's queue) by the one
/// verdict ([`HoldVerdict`]) and counts it (no chips, no XP); a queued mistake is scheduled again
/// from `today` (any queued hand may be answered: one not yet due is an early review).
pub(crate) fn answer(conn: &Connection, key: &DrillKey, hold: Hold, today: NaiveDate) -> Res<DrillVerdict> {
    let table = table_id::resolve(conn, &key.table)?;
    let Some(posed) = pose(conn, table, key.from)? else {
        let DrillFrom::Mistakes { hand } = key.from else { unreachable!("a dealt hand is always posed or refused") };
        return Err(GameError::UnknownHand { hand_id: hand }.into());
    };
    let evs = posed.evs.clone();
    let stake = posed.stake;
    let verdict = HoldVerdict::of(&evs, hold, stake);
    let correct = !verdict.mistake;
    let (left_queue, next_due) = match key.from {
        DrillFrom::Mistakes { hand } => {
            let left = review::answer(conn, hand, correct, today)?;
            let next_due = review::due_date_of(conn, hand)?;
            (left, next_due)
        }
        DrillFrom::Hard { .. } | DrillFrom::Chart { .. } => (false, None),
    };
    let tally = add_answer(conn, posed.table.id(), key.from.source().tallied(), correct, verdict.cost_chips())?;
    let warm_up = match key.from {
        DrillFrom::Hard { .. } => super::warm_up::count(conn, posed.table.id(), today)?,
        DrillFrom::Mistakes { .. } | DrillFrom::Chart { .. } => None,
    };
    // What following the chart gives up here: the same verdict on the chart's hold.
    let chart = posed.chart.as_ref().map(|(tier, advice)| {
        let off = HoldVerdict::of(&evs, advice.hold, stake);
        ChartVerdict {
            tier: *tier,
            line: advice.line.clone(),
            hold: advice.hold,
            best_line: advice.best_line.clone(),
            ev_given_up: off.cost,
            ev_given_up_chips: off.cost_chips(),
            followed: hold == advice.hold,
        }
    });
    Ok(DrillVerdict {
        table: posed.table.id().to_string(),
        cards: posed.cards,
        bet: posed.bet,
        correct,
        hold,
        best_hold: verdict.best_hold,
        reason: posed.reason,
        ev_given_up: verdict.cost,
        ev_given_up_chips: verdict.cost_chips(),
        holds: hint_holds(&evs, &posed.cards, stake),
        tally,
        left_queue,
        queue: review::queue_len(conn, &posed.codes)?,
        due: review::due_len(conn, &posed.codes, today)?,
        next_due,
        chart,
        warm_up,
    })
}

/// A table's tallies, hard and mistakes (zeros before its first answer).
pub(crate) fn tallies(conn: &Connection, table_id: &str) -> Res<DrillTallies> {
    let id = table_id::resolve(conn, table_id)?.id().to_string();
    Ok(DrillTallies { hard: read_tally(conn, &id, DrillSource::Hard)?, mistakes: read_tally(conn, &id, DrillSource::Mistakes)? })
}

/// Up to `limit` mistakes on the review queue, each hand replayed: every table's newest first, or
/// one table's in the order they come back in drills.
pub(crate) fn mistakes(conn: &Connection, table_id: Option<&str>, limit: u32) -> Res<Vec<QueuedMistake>> {
    // Each item is a replayed hand, like a history page: the same cap.
    rules::check_history_limit(limit)?;
    let queued = match table_id {
        None => review::queued(conn, limit)?,
        Some(id) => {
            let id = table_id::resolve(conn, id)?.id().to_string();
            review::due_order(conn, &hands::codes_of_id(conn, &id)?, limit)?
        }
    };
    let marks = player::commit_marks(conn)?;
    queued
        .into_iter()
        .map(|(id, schedule)| {
            let stored = hands::finished_hand(conn, id)?.ok_or(GameError::UnknownHand { hand_id: id })?;
            Ok(QueuedMistake { schedule, hand: stored.record(marks)? })
        })
        .collect()
}

/// What is due on a date: every game's counts and the cards due (`vpoker play review`, the lobby).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Review {
    /// The date asked about.
    pub today: NaiveDate,
    /// Every game with mistakes queued: `due` today and `queued` in all.
    pub games: Vec<review::GameDue>,
    /// The cards due today, in the order they come back (one game's when one was named).
    pub due: Vec<review::DueCard>,
}

/// What is due on `today`, every game's counts and up to `limit` cards due (one table's when
/// `table_id` names it).
pub(crate) fn review(conn: &Connection, today: NaiveDate, table_id: Option<&str>, limit: u32) -> Res<Review> {
    rules::check_history_limit(limit)?;
    let codes = match table_id {
        None => None,
        Some(id) => Some(hands::codes_of_id(conn, table_id::resolve(conn, id)?.id())?),
    };
    let (games, due) = review::due_today(conn, today, codes.as_deref(), limit)?;
    Ok(Review { today, games, due })
}

/// The bet last played on `table`: a machine's remembered bet, another table's last practised
/// hand's.
fn last_bet(conn: &Connection, table: &Table) -> Res<Option<u32>> {
    match table.as_machine() {
        Some(machine) => {
            let prefs = player::prefs(conn)?;
            Ok(prefs.iter().find(|(remembered, _, _)| *remembered == machine).map(|&(_, bet, _)| bet.chips()))
        }
        None => hands::last_bet_on(conn, table.id()),
    }
}

/// What is wrong with the drill tallies, in words: each must be a table's — a fixed table's id or a
/// lab table's `lab:NAME` (a lab table deleted after its drills keeps its tally).
pub(crate) fn problems(conn: &Connection) -> Res<Vec<String>> {
    let mut stmt = conn.prepare_cached("SELECT table_id FROM drill_totals ORDER BY table_id")?;
    let ids = stmt.query_map([], |r| r.get::<_, String>(0))?.collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(ids
        .into_iter()
        .filter(|id| Table::named(id).is_none() && !id.strip_prefix(crate::table::LAB_PREFIX).is_some_and(|name| !name.is_empty()))
        .take(20)
        .map(|id| format!("a drill tally for '{}', which is no table", crate::game::error::shown(&id)))
        .collect())
}

/// Drill hands answered, every table and source.
pub(crate) fn answered(conn: &Connection) -> Res<u64> {
    let total: i64 = conn.prepare_cached("SELECT COALESCE(SUM(answered), 0) FROM drill_totals")?.query_row([], |r| r.get(0))?;
    Ok(total.max(0) as u64)
}

/// The tally of `table_id` from `source`: its own row joined with those kept under its former ids
/// (`library::former_ids`: counts and chips added, the best streak the best of them, the streak
/// its own row's, else a former one's). The next answer writes the joined tally under the one id.
fn read_tally(conn: &Connection, table_id: &str, source: DrillSource) -> Res<DrillTally> {
    let mut stmt = conn.prepare_cached(
        "SELECT answered, correct, streak, best_streak, ev_given_up_chips FROM drill_totals WHERE table_id = ?1 AND source = ?2",
    )?;
    let own = stmt.query_row(params![table_id, source.id()], DrillTally::from_row).optional()?;
    let mut tally = own.unwrap_or_default();
    for former in crate::library::former_ids(table_id) {
        if let Some(old) = stmt.query_row(params![former, source.id()], DrillTally::from_row).optional()? {
            tally.answered += old.answered;
            tally.correct += old.correct;
            tally.best_streak = tally.best_streak.max(old.best_streak);
            tally.ev_given_up_chips += old.ev_given_up_chips;
            if own.is_none() {
                tally.streak = old.streak;
            }
        }
    }
    Ok(tally)
}

impl DrillTally {
    /// A tally from a row of `answered, correct, streak, best_streak, ev_given_up_chips` (the
    /// columns of `drill_totals`).
    pub(crate) fn from_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<DrillTally> {
        let count = |i: usize| r.get::<_, i64>(i).map(|n| n.max(0) as u64);
        Ok(DrillTally {
            answered: count(0)?,
            correct: count(1)?,
            streak: count(2)?,
            best_streak: count(3)?,
            ev_given_up_chips: r.get(4)?,
        })
    }

    /// The tally after one more answer: right or not, and the chips given up by it.
    pub(crate) fn after(mut self, correct: bool, given_up_chips: f64) -> DrillTally {
        self.answered += 1;
        self.correct += u64::from(correct);
        self.streak = if correct { self.streak + 1 } else { 0 };
        self.best_streak = self.best_streak.max(self.streak);
        self.ev_given_up_chips += given_up_chips;
        self
    }
}

fn add_answer(conn: &Connection, table_id: &str, source: DrillSource, correct: bool, given_up_chips: f64) -> Res<DrillTally> {
    let tally = read_tally(conn, table_id, source)?.after(correct, given_up_chips);
    conn.prepare_cached(
        "INSERT INTO drill_totals (table_id, source, answered, correct, streak, best_streak, ev_given_up_chips) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (table_id, source) DO UPDATE SET answered = excluded.answered, \
         correct = excluded.correct, streak = excluded.streak, best_streak = excluded.best_streak, \
         ev_given_up_chips = excluded.ev_given_up_chips",
    )?
    .execute(params![
        table_id,
        source.id(),
        tally.answered as i64,
        tally.correct as i64,
        tally.streak as i64,
        tally.best_streak as i64,
        tally.ev_given_up_chips,
    ])?;
    // The former ids' rows are in the joined tally just written.
    for former in crate::library::former_ids(table_id) {
        conn.prepare_cached("DELETE FROM drill_totals WHERE table_id = ?1 AND source = ?2")?.execute(params![former, source.id()])?;
    }
    Ok(tally)
}
