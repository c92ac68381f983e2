//! The history's chain in storage: `chain` (migration 27, the truth) keeps every record in the
//! order it happened; `chain_leaves` (each record's leaf) and `chain_peaks` (the count and the
//! peaks of the range) are derived, rebuilt from the records whenever they disagree. Each record's
//! text comes from its stored row by the one rule of `pipeline::chain`; the head is read from
//! `chain_peaks` in constant time and extended in O(log n) at each append.

use rusqlite::{params, Connection, OptionalExtension};

use crate::pipeline::chain::{self, HandFields, Hash, Head, Mmr, Proof};

use super::{each_hand, StoredHand};
use crate::game::store::codes::{day_code, day_from_code};
use crate::game::store::{corrupt, player, schema, Res};

/// The derived tables of the chain.
pub(crate) const TABLES: &[&str] = &["chain_leaves", "chain_peaks"];

const DEFINITION: &str = "\
CREATE TABLE chain_leaves (seq INTEGER PRIMARY KEY, leaf BLOB NOT NULL CHECK (length(leaf) = 32));
CREATE TABLE chain_peaks (id INTEGER PRIMARY KEY CHECK (id = 1), records INTEGER NOT NULL CHECK (records >= 0), peaks BLOB NOT NULL);
";

/// The setting whose changes are records: the one that decides deals (whether a dead real deal
/// consults the kind-deal bags).
pub(crate) const DEAL_SETTING: &str = "kind-deals";

/// A finished hand's fields for its record text.
pub(crate) fn hand_text(hand: &StoredHand) -> Res<String> {
    let (hold, won) = hand.drawn.ok_or_else(|| corrupt(format!("hand {} is in the chain but not drawn", hand.id)))?;
    let day = hand.moment.map(|m| m.date().to_string());
    let multipliers = hand.multipliers.as_ref().map(|m| m.values().to_vec());
    Ok(chain::hand_text(&HandFields {
        id: hand.id,
        table: &hand.table,
        bet: hand.bet.chips(),
        lines: hand.n_hands,
        practice: hand.practice,
        seed_from: hand.seed_from,
        seed: &hand.seed,
        commitment: hand.commitment.as_ref(),
        situation: hand.situation,
        nudge: hand.nudge.as_ref(),
        dealt: &hand.dealt,
        hold,
        won,
        day: day.as_deref(),
        multipliers: multipliers.as_deref(),
    }))
}

/// The stored range: its count and peaks (constant time); a damaged row is read as missing.
fn stored_mmr(conn: &Connection) -> Res<Option<Mmr>> {
    // Anything but an integer and a blob is a damaged cache, read as missing (rebuilt).
    let row: Option<(Option<i64>, Option<Vec<u8>>)> = conn
        .prepare_cached("SELECT records, peaks FROM chain_peaks WHERE id = 1")?
        .query_row([], |r| Ok((r.get(0).ok(), r.get(1).ok())))
        .optional()?;
    Ok(row.and_then(|(records, peaks)| {
        let (records, peaks) = (records?, peaks?);
        let peaks: Vec<Hash> = peaks.chunks(32).map(|c| c.try_into().ok()).collect::<Option<_>>()?;
        Mmr::from_parts(u64::try_from(records).ok()?, peaks)
    }))
}

fn write_mmr(conn: &Connection, mmr: &Mmr) -> Res<()> {
    let peaks: Vec<u8> = mmr.peaks().concat();
    conn.prepare_cached("INSERT OR REPLACE INTO chain_peaks (id, records, peaks) VALUES (1, ?1, ?2)")?
        .execute(params![mmr.records() as i64, peaks])?;
    Ok(())
}

/// The head as shown: constant time.
pub(crate) fn head(conn: &Connection) -> Res<Head> {
    let mmr = stored_mmr(conn)?.ok_or_else(|| corrupt("the chain's peaks cannot be read"))?;
    Ok(Head::of(&mmr))
}

/// Appends a record (its row in `chain`, its leaf, the peaks extended): O(log n).
fn append(conn: &Connection, kind: &str, reference: i64, setting: Option<(&str, &str)>, text: &str) -> Res<()> {
    let mut mmr = stored_mmr(conn)?.ok_or_else(|| corrupt("the chain's peaks cannot be read"))?;
    conn.prepare_cached("INSERT INTO chain (kind, ref, key, value) VALUES (?1, ?2, ?3, ?4)")?.execute(params![
        kind,
        reference,
        setting.map(|(k, _)| k),
        setting.map(|(_, v)| v)
    ])?;
    let seq = conn.last_insert_rowid();
    if seq as u64 != mmr.records() + 1 {
        return Err(corrupt(format!("the chain's record {seq} follows {} records", mmr.records())));
    }
    let leaf = chain::leaf(text);
    conn.prepare_cached("INSERT INTO chain_leaves (seq, leaf) VALUES (?1, ?2)")?.execute(params![seq, &leaf[..]])?;
    mmr.push(leaf);
    write_mmr(conn, &mmr)
}

/// Appends a finished hand (at its draw).
pub(crate) fn append_hand(conn: &Connection, hand: &StoredHand) -> Res<()> {
    append(conn, "hand", hand.id, None, &hand_text(hand)?)
}

/// Appends a daily claim (as it is made).
pub(crate) fn append_claim(conn: &Connection, day: chrono::NaiveDate, amount: i64, after_hand: Option<i64>) -> Res<()> {
    let text = chain::claim_text(&day.to_string(), amount, after_hand);
    append(conn, "claim", day_code(day), None, &text)
}

/// Appends a change of the setting that decides deals, after the newest hand dealt.
pub(crate) fn append_setting(conn: &Connection, key: &str, value: &str) -> Res<()> {
    let after: i64 = super::next_hand_id(conn)? - 1;
    append(conn, "setting", after, Some((key, value)), &chain::setting_text(key, value, after))
}

/// A record of the chain, as stored.
#[derive(Clone, Debug)]
struct Row {
    seq: i64,
    kind: String,
    reference: i64,
    key: Option<String>,
    value: Option<String>,
}

fn rows(conn: &Connection) -> Res<Vec<Row>> {
    let mut stmt = conn.prepare_cached("SELECT seq, kind, ref, key, value FROM chain ORDER BY seq")?;
    let rows = stmt.query_map([], |r| {
        Ok(Row { seq: r.get(0)?, kind: r.get(1)?, reference: r.get(2)?, key: r.get(3)?, value: r.get(4)? })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// What the truth says about the chain: the problems found (a record naming no row, a hand or a
/// claim missing from it or out of order, the sequence broken). Refused, never repaired.
#[derive(Clone, Debug, Default)]
pub(crate) struct Walk {
    /// The problems, the first 20.
    pub problems: Vec<String>,
}

/// Walks the records in order with their texts from the stored rows (one pass over the hands in
/// id order, merged with the chain), calling `each(seq, text)`; returns the problems with the
/// truth. Memory holds the chain's rows (a few numbers each) and the claims.
pub(crate) fn walk(conn: &Connection, mut each: impl FnMut(i64, &str) -> Res<()>) -> Res<Walk> {
    let rows = rows(conn)?;
    let mut problems = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        if row.seq != i as i64 + 1 {
            problems.push(format!("the chain's records skip from {} to {}", i, row.seq));
            break;
        }
    }
    let mut claims: std::collections::BTreeMap<String, (i64, Option<i64>, bool)> =
        player::claims(conn)?.into_iter().map(|c| (c.day, (c.amount as i64, c.after_hand, false))).collect();
    let mut at = 0usize;
    // Emits every record before the next hand record; stops at a hand record.
    let mut emit_until_hand = |at: &mut usize, problems: &mut Vec<String>, each: &mut dyn FnMut(i64, &str) -> Res<()>| -> Res<()> {
        while let Some(row) = rows.get(*at) {
            match row.kind.as_str() {
                "hand" => return Ok(()),
                "claim" => match day_from_code(row.reference).ok().and_then(|day| claims.get_mut(&day.to_string())) {
                    Some((amount, after, seen)) if !*seen => {
                        *seen = true;
                        let day = day_from_code(row.reference)?;
                        each(row.seq, &chain::claim_text(&day.to_string(), *amount, *after))?;
                    }
                    _ => problems.push(format!("the chain's record {} names a claim of day {} that is not there once", row.seq, row.reference)),
                },
                _ => match (&row.key, &row.value) {
                    (Some(key), Some(value)) => each(row.seq, &chain::setting_text(key, value, row.reference))?,
                    _ => problems.push(format!("the chain's record {} is a setting without its value", row.seq)),
                },
            }
            *at += 1;
        }
        Ok(())
    };
    each_hand(conn, 0, |hand| {
        let hand = hand.map_err(corrupt)?;
        if hand.drawn.is_none() {
            return Ok(());
        }
        emit_until_hand(&mut at, &mut problems, &mut each)?;
        match rows.get(at) {
            Some(row) if row.reference == hand.id => {
                each(row.seq, &hand_text(&hand)?)?;
                at += 1;
            }
            Some(row) => problems.push(format!(
                "the chain's record {} names hand {}, but the next finished hand is {}",
                row.seq, row.reference, hand.id
            )),
            None => problems.push(format!("finished hand {} is not in the chain", hand.id)),
        }
        Ok(())
    })?;
    emit_until_hand(&mut at, &mut problems, &mut each)?;
    if let Some(row) = rows.get(at) {
        problems.push(format!("the chain's record {} names hand {}, which is not a finished hand after the others", row.seq, row.reference));
    }
    drop(emit_until_hand);
    for (day, (_, _, seen)) in &claims {
        if !seen {
            problems.push(format!("the claim of day {day} is not in the chain"));
        }
    }
    problems.truncate(20);
    Ok(Walk { problems })
}

/// The leaves and the range the records give (one walk).
fn rebuilt(conn: &Connection) -> Res<(Vec<(i64, Hash)>, Mmr, Vec<String>)> {
    let mut leaves = Vec::new();
    let mut mmr = Mmr::new();
    let walked = walk(conn, |seq, text| {
        let leaf = chain::leaf(text);
        leaves.push((seq, leaf));
        mmr.push(leaf);
        Ok(())
    })?;
    Ok((leaves, mmr, walked.problems))
}

/// Whether the stored leaves and peaks are today's definition and cover every record (constant
/// time: the last sequence numbers and the count).
pub(crate) fn is_current(conn: &Connection) -> Res<bool> {
    static TODAY: schema::Definitions = schema::Definitions::new();
    if !schema::definitions_current(conn, TABLES, &TODAY, || DEFINITION.to_string())? {
        return Ok(false);
    }
    let last = |sql: &str| -> Res<i64> { Ok(conn.prepare_cached(sql)?.query_row([], |r| r.get(0))?) };
    let records = last("SELECT COALESCE(MAX(seq), 0) FROM chain")?;
    let leaves = last("SELECT COALESCE(MAX(seq), 0) FROM chain_leaves")?;
    Ok(records == leaves && stored_mmr(conn)?.is_some_and(|mmr| mmr.records() == records as u64))
}

/// Recreates the leaves and the peaks from the records.
pub(crate) fn rebuild(conn: &Connection) -> Res<()> {
    let (leaves, mmr, _) = rebuilt(conn)?;
    conn.execute_batch("DROP TABLE IF EXISTS chain_leaves; DROP TABLE IF EXISTS chain_peaks;")?;
    conn.execute_batch(DEFINITION)?;
    let mut insert = conn.prepare_cached("INSERT INTO chain_leaves (seq, leaf) VALUES (?1, ?2)")?;
    for (seq, leaf) in leaves {
        insert.execute(params![seq, &leaf[..]])?;
    }
    write_mmr(conn, &mmr)
}

/// What differs between the stored leaves and peaks and the ones the records give, in words.
pub(crate) fn differences(conn: &Connection) -> Res<Vec<String>> {
    let (leaves, mmr, _) = rebuilt(conn)?;
    let mut stmt = conn.prepare_cached("SELECT seq, leaf FROM chain_leaves ORDER BY seq")?;
    let stored: Vec<(i64, Vec<u8>)> = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?.collect::<rusqlite::Result<_>>()?;
    let mut out = Vec::new();
    let differ = stored.len() != leaves.len() || stored.iter().zip(&leaves).any(|((s, l), (seq, leaf))| s != seq || l[..] != leaf[..]);
    if differ {
        out.push(format!("the chain's leaves: {} stored disagree with the {} the records give", stored.len(), leaves.len()));
    }
    if stored_mmr(conn)? != Some(mmr) {
        out.push("the chain's peaks disagree with the records' leaves".to_string());
    }
    Ok(out)
}

/// The truth's problems with the chain (for the audit and `verify --all`).
pub(crate) fn problems(conn: &Connection) -> Res<Vec<String>> {
    Ok(walk(conn, |_, _| Ok(()))?.problems)
}

/// What a check of the chain against a head shown before gives.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct HeadCheck {
    /// The head asked about (hex).
    pub head: String,
    /// Whether the history had that head after some record (or before any).
    pub found: bool,
    /// After how many records it had it, when found.
    pub records: Option<u64>,
}

/// Walks the records, extending the range, and compares the head after each with `head` (hex):
/// found when some prefix of the history (the empty one too) has it.
pub(crate) fn check_head(conn: &Connection, head: &str) -> Res<HeadCheck> {
    let wanted = head.to_ascii_lowercase();
    let mut mmr = Mmr::new();
    let mut found = (Head::of(&mmr).hex == wanted).then_some(0);
    walk(conn, |_, text| {
        mmr.push(chain::leaf(text));
        if found.is_none() && Head::of(&mmr).hex == wanted {
            found = Some(mmr.records());
        }
        Ok(())
    })?;
    Ok(HeadCheck { head: wanted, found: found.is_some(), records: found })
}

/// The proof of the record of hand `id` against the head after the first `records` records (the
/// whole chain when `None`); `None` when the hand is not among them.
pub(crate) fn prove_hand(conn: &Connection, id: i64, records: Option<u64>) -> Res<Option<Proof>> {
    let index: Option<i64> = conn
        .prepare_cached("SELECT seq FROM chain WHERE kind = 'hand' AND ref = ?1")?
        .query_row([id], |r| r.get(0))
        .optional()?;
    let Some(seq) = index else { return Ok(None) };
    let Some(hand) = super::finished_hand(conn, id)? else { return Ok(None) };
    let total = stored_mmr(conn)?.map_or(0, |m| m.records());
    let upto = records.unwrap_or(total).min(total);
    if seq as u64 > upto {
        return Ok(None);
    }
    let mut stmt = conn.prepare_cached("SELECT leaf FROM chain_leaves WHERE seq <= ?1 ORDER BY seq")?;
    let leaves: Vec<Hash> = stmt
        .query_map([upto as i64], |r| r.get::<_, Vec<u8>>(0))?
        .map(|leaf| leaf.map_err(Into::into).and_then(|l: Vec<u8>| l.try_into().map_err(|_| corrupt("a chain leaf of the wrong length"))))
        .collect::<Res<_>>()?;
    Ok(chain::prove(&leaves, seq as u64 - 1, hand_text(&hand)?))
}
