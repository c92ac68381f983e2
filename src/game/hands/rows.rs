//! The hands table's SQL and row encoding (schema of migration 15; see the room's doc).

use chrono::{NaiveTime, Timelike};
use rusqlite::{params, Connection, OptionalExtension, Row};

use crate::card::Card;
use crate::hold::Hold;
use crate::pipeline::{Nudge, NudgeKind};
use crate::shuffle::{Seed, SeedFrom};

use super::StoredHand;
use crate::game::moment::{Day, Moment};
use super::registry::{code_of, Registry};
use crate::game::rules::Bet;
use crate::game::store::codes::{day_code, day_from_code, situation_code, situation_from_code};
use crate::game::store::{corrupt, Res};

const HAND_COLUMNS: &str =
    "id, tbl, bet, n_hands, practice, seed, situation, nudge, dealt, day, time, hold, won, commitment, chosen, multipliers";

/// Decodes a row selected with [`HAND_COLUMNS`]; the inner `Err` names the column that is wrong.
fn from_row(row: &Row<'_>, registry: &Registry) -> rusqlite::Result<Result<StoredHand, String>> {
    let id: i64 = row.get(0)?;
    let bad = move |what: &str| format!("hand {id}: bad {what}");
    let code: i64 = row.get(1)?;
    let bet: i64 = row.get(2)?;
    let n_hands: i64 = row.get(3)?;
    let practice: i64 = row.get(4)?;
    let seed: Vec<u8> = row.get(5)?;
    let situation: Option<i64> = row.get(6)?;
    let nudge: Option<Vec<u8>> = row.get(7)?;
    let dealt: Vec<u8> = row.get(8)?;
    let day: Option<i64> = row.get(9)?;
    let time: Option<i64> = row.get(10)?;
    let hold: Option<i64> = row.get(11)?;
    let won: Option<i64> = row.get(12)?;
    let commitment: Option<Vec<u8>> = row.get(13)?;
    let chosen: i64 = row.get(14)?;
    let multipliers: Option<Vec<u8>> = row.get(15)?;
    Ok((|| {
        let drawn = match (hold, won) {
            (None, None) => None,
            (Some(hold), Some(won)) => Some((
                u32::try_from(hold).ok().and_then(|m| Hold::from_mask(m).ok()).ok_or_else(|| bad("hold"))?,
                u64::try_from(won).map_err(|_| bad("won"))?,
            )),
            _ => return Err(bad("hold and won")),
        };
        let moment = match day {
            None => None,
            Some(day) => {
                let date = day_from_code(day).and_then(|date| Ok(Day::new(date)?)).map_err(|_| bad("day"))?;
                Some(match time {
                    None => Moment::from(date),
                    Some(secs) => {
                        let time = u32::try_from(secs)
                            .ok()
                            .and_then(|s| NaiveTime::from_num_seconds_from_midnight_opt(s, 0))
                            .ok_or_else(|| bad("time"))?;
                        date.at(time)
                    }
                })
            }
        };
        let table = registry.table(code).map_err(|why| format!("hand {id}: {why}"))?;
        let deck = table.deck();
        let lines = u8::try_from(n_hands)
            .ok()
            .filter(|n| table.lines().contains(n))
            .ok_or_else(|| format!("hand {id}: {n_hands} hands, which {} does not deal", table.id()))?;
        // Exactly what the table's rules show, checked as it enters (`rules::stored`).
        let multipliers = crate::rules::stored(&table, lines, multipliers.as_deref()).map_err(|why| format!("hand {id}: {why}"))?;
        Ok(StoredHand {
            multipliers,
            id,
            bet: u32::try_from(bet)
                .ok()
                .and_then(|b| Bet::new(b).ok())
                .ok_or_else(|| format!("hand {id}: a bet of {bet}, which the game does not take"))?,
            n_hands: lines,
            table,
            practice: match practice {
                0 => false,
                1 => true,
                _ => return Err(bad("practice")),
            },
            seed: Seed::from_bytes(seed.try_into().map_err(|_| bad("seed"))?),
            seed_from: match chosen {
                0 => SeedFrom::System,
                1 => SeedFrom::Chosen,
                _ => return Err(bad("chosen")),
            },
            commitment: match commitment {
                None => None,
                Some(bytes) => Some(bytes.try_into().map_err(|_| bad("commitment"))?),
            },
            situation: match situation {
                None => None,
                Some(code) => Some(situation_from_code(code).ok_or_else(|| bad("situation"))?),
            },
            nudge: match nudge {
                None => None,
                Some(bytes) => Some(
                    nudge_from_bytes(&bytes)
                        .filter(|n| deck.check(&[n.removed, n.added]).is_ok())
                        .ok_or_else(|| bad("nudge"))?,
                ),
            },
            // Cards enter here: each must be one of the table's deck (card 52, "Jk", only on a 53-card deck).
            dealt: cards_from_bytes(&dealt).filter(|cards| deck.check(cards).is_ok()).ok_or_else(|| bad("dealt"))?,
            moment,
            drawn,
        })
    })())
}

/// A row, decoded; a value that does not decode is corrupt.
fn decoded(row: &Row<'_>, registry: &Registry) -> Res<StoredHand> {
    from_row(row, registry)?.map_err(corrupt)
}

/// Inserts a newly dealt hand; returns its id.
pub(crate) fn insert_deal(conn: &Connection, hand: &StoredHand) -> Res<i64> {
    let seed = hand.seed.bytes();
    let dealt = cards_to_bytes(&hand.dealt);
    let nudge = hand.nudge.as_ref().map(nudge_to_bytes);
    let code = code_of(conn, &hand.table)?;
    conn.prepare_cached(
        "INSERT INTO hands (tbl, bet, n_hands, practice, seed, situation, nudge, dealt, day, time, commitment, chosen, multipliers) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
    )?
    .execute(params![
        code,
        i64::from(hand.bet.chips()),
        i64::from(hand.n_hands),
        hand.practice,
        &seed[..],
        hand.situation.map(situation_code),
        nudge.as_ref().map(|n| &n[..]),
        &dealt[..],
        hand.moment.map(|m| day_code(m.date())),
        hand.moment.and_then(|m| m.time()).map(|t| i64::from(t.num_seconds_from_midnight())),
        hand.commitment.as_ref().map(|c| &c[..]),
        hand.seed_from == SeedFrom::Chosen,
        hand.multipliers.as_ref().map(|m| m.values()),
    ])?;
    let id = conn.last_insert_rowid();
    super::solved::keep_dealt(conn, code, &hand.table, hand.n_hands)?;
    Ok(id)
}

/// Records the draw of the hand in progress `id`; a hand that is not in progress is corrupt.
pub(crate) fn record_draw(conn: &Connection, id: i64, hold: Hold, won: u64) -> Res<()> {
    let changed = conn
        .prepare_cached("UPDATE hands SET hold = ?1, won = ?2 WHERE id = ?3 AND hold IS NULL")?
        .execute(params![i64::from(hold.mask()), won as i64, id])?;
    if changed == 1 {
        Ok(())
    } else {
        Err(corrupt(format!("hand {id} could not be drawn")))
    }
}

/// The hand waiting for its draw, if any (found through the one-row partial index).
pub(crate) fn open_hand(conn: &Connection) -> Res<Option<StoredHand>> {
    let sql = format!("SELECT {HAND_COLUMNS} FROM hands WHERE hold IS NULL");
    let registry = Registry::load(conn)?;
    conn.prepare_cached(&sql)?.query_row([], |r| from_row(r, &registry)).optional()?.transpose().map_err(corrupt)
}

/// The id of the hand waiting for its draw, if any (without decoding it).
pub(crate) fn in_progress_id(conn: &Connection) -> Res<Option<i64>> {
    Ok(conn.prepare_cached("SELECT id FROM hands WHERE hold IS NULL")?.query_row([], |r| r.get(0)).optional()?)
}

/// Where hand `id` stands without decoding it: `None` when there is no such hand, else the registry
/// code of its table and whether it was drawn (a primary-key lookup).
pub(crate) fn table_code_of(conn: &Connection, id: i64) -> Res<Option<(i64, bool)>> {
    Ok(conn
        .prepare_cached("SELECT tbl, hold IS NOT NULL FROM hands WHERE id = ?1")?
        .query_row([id], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?)
}

/// The id the next dealt hand will get.
pub(crate) fn next_hand_id(conn: &Connection) -> Res<i64> {
    Ok(conn.prepare_cached("SELECT COALESCE(MAX(id), 0) + 1 FROM hands")?.query_row([], |r| r.get(0))?)
}

/// The finished hand `id`, if there is one (decoded, not replayed).
pub(crate) fn finished_hand(conn: &Connection, id: i64) -> Res<Option<StoredHand>> {
    let sql = format!("SELECT {HAND_COLUMNS} FROM hands WHERE id = ?1 AND hold IS NOT NULL");
    let registry = Registry::load(conn)?;
    conn.prepare_cached(&sql)?.query_row([id], |r| from_row(r, &registry)).optional()?.transpose().map_err(corrupt)
}

/// Up to `limit` finished hands with an id below `before` (all when `None`), newest first. Pages by
/// the primary key, so a page costs the same at any depth of history.
pub(crate) fn finished_hands(conn: &Connection, limit: u32, before: Option<i64>) -> Res<Vec<StoredHand>> {
    let sql = format!("SELECT {HAND_COLUMNS} FROM hands WHERE id < ?1 AND hold IS NOT NULL ORDER BY id DESC LIMIT ?2");
    let registry = Registry::load(conn)?;
    let mut stmt = conn.prepare_cached(&sql)?;
    let mut rows = stmt.query(params![before.unwrap_or(i64::MAX), i64::from(limit)])?;
    let mut hands = Vec::new();
    while let Some(row) = rows.next()? {
        hands.push(decoded(row, &registry)?);
    }
    Ok(hands)
}

/// Calls `each` with every stored hand with an id of `first` or above, in id order, one row at a
/// time (memory stays flat): the decoded row, or what does not decode. `each` may stop the walk
/// with an error.
pub(crate) fn each_hand(
    conn: &Connection,
    first: i64,
    mut each: impl FnMut(Result<StoredHand, String>) -> Res<()>,
) -> Res<()> {
    let sql = format!("SELECT {HAND_COLUMNS} FROM hands WHERE id >= ?1 ORDER BY id");
    let registry = Registry::load(conn)?;
    let mut stmt = conn.prepare(&sql)?;
    let mut rows = stmt.query([first])?;
    while let Some(row) = rows.next()? {
        each(from_row(row, &registry)?)?;
    }
    Ok(())
}

fn cards_to_bytes(cards: &[Card; 5]) -> [u8; 5] {
    std::array::from_fn(|i| cards[i].index() as u8)
}

fn cards_from_bytes(bytes: &[u8]) -> Option<[Card; 5]> {
    if bytes.len() != 5 {
        return None;
    }
    let cards: Vec<Card> = bytes.iter().filter_map(|&b| Card::from_index(usize::from(b))).collect();
    cards.try_into().ok()
}

fn nudge_to_bytes(nudge: &Nudge) -> [u8; 5] {
    let kind = match nudge.kind {
        NudgeKind::FourFlush => 0,
        NudgeKind::Pair => 1,
    };
    [kind, nudge.position as u8, nudge.removed.index() as u8, nudge.added.index() as u8, nudge.deck_position as u8]
}

fn nudge_from_bytes(bytes: &[u8]) -> Option<Nudge> {
    let [kind, position, removed, added, deck_position] = <[u8; 5]>::try_from(bytes).ok()?;
    let nudge = Nudge {
        kind: match kind {
            0 => NudgeKind::FourFlush,
            1 => NudgeKind::Pair,
            _ => return None,
        },
        position: usize::from(position),
        removed: Card::from_index(usize::from(removed))?,
        added: Card::from_index(usize::from(added))?,
        deck_position: usize::from(deck_position),
    };
    Some(nudge).filter(Nudge::fits_positions)
}

/// The bet of the last hand dealt on a table with stable id `id`, if any (through `hands_by_table`).
pub(crate) fn last_bet_on(conn: &Connection, id: &str) -> Res<Option<u32>> {
    let mut last: Option<(i64, i64)> = None;
    for code in super::registry::codes_of_id(conn, id)? {
        let found: Option<(i64, i64)> = conn
            .prepare_cached("SELECT id, bet FROM hands WHERE tbl = ?1 ORDER BY id DESC LIMIT 1")?
            .query_row([code], |r| Ok((r.get(0)?, r.get(1)?)))
            .optional()?;
        if found.is_some_and(|(hand, _)| last.is_none_or(|(newest, _)| hand > newest)) {
            last = found;
        }
    }
    Ok(last.and_then(|(_, bet)| u32::try_from(bet).ok()))
}
