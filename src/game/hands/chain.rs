//! The history's chain in storage: `chain` (migration 27, the truth) keeps every record in the
//! order it happened; `chain_leaves` (each record's leaf) and `chain_peaks` (the count and the
//! peaks of the range) are derived, rebuilt from the records whenever they disagree. Each record's
//! text comes from its stored row by the one rule of `pipeline::chain`; the head is read from
//! `chain_peaks` in constant time and extended in O(log n) at each append. `chain_nodes`, also
//! derived, keeps the root of every perfect tree of 64 leaves or more, so a proof reads at most
//! 63 leaves and a few dozen roots, however long the history.

use rusqlite::{params, Connection, OptionalExtension};

use crate::pipeline::chain::{self, HandFields, Hash, Head, Mmr, Proof};

use super::{each_hand, StoredHand};
use crate::game::store::codes::{day_code, day_from_code};
use crate::game::store::{corrupt, player, schema, Res};

/// The derived tables of the chain.
pub(crate) const TABLES: &[&str] = &["chain_leaves", "chain_peaks", "chain_nodes"];

/// The lowest height whose trees' roots `chain_nodes` keeps: trees of 2^6 = 64 leaves and up.
/// Lower ones are built from their leaves when a proof needs them (63 leaves at most per proof).
const NODE_FLOOR: u32 = 6;

const DEFINITION: &str = "\
CREATE TABLE chain_leaves (seq INTEGER PRIMARY KEY, leaf BLOB NOT NULL CHECK (length(leaf) = 32));
CREATE TABLE chain_peaks (id INTEGER PRIMARY KEY CHECK (id = 1), records INTEGER NOT NULL CHECK (records >= 0), peaks BLOB NOT NULL);
CREATE TABLE chain_nodes (height INTEGER NOT NULL, idx INTEGER NOT NULL, hash BLOB NOT NULL CHECK (length(hash) = 32), PRIMARY KEY (height, idx)) WITHOUT ROWID;
";

/// Keeps the root of a tree a new leaf completed, when it is tall enough to be kept.
fn keep_node(conn: &Connection, height: u32, index: u64, hash: &Hash) -> Res<()> {
    if height >= NODE_FLOOR {
        conn.prepare_cached("INSERT OR REPLACE INTO chain_nodes (height, idx, hash) VALUES (?1, ?2, ?3)")?
            .execute(params![height, index as i64, &hash[..]])?;
    }
    Ok(())
}

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
    let mut made = Vec::new();
    mmr.push_nodes(leaf, |height, index, hash| made.push((height, index, *hash)));
    for (height, index, hash) in made {
        keep_node(conn, height, index, &hash)?;
    }
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

/// What the records give: every leaf, the kept trees' roots, and the range.
struct Rebuilt {
    leaves: Vec<(i64, Hash)>,
    nodes: Vec<(u32, u64, Hash)>,
    mmr: Mmr,
}

/// The leaves, the kept roots and the range the records give (one walk).
fn rebuilt(conn: &Connection) -> Res<Rebuilt> {
    let mut out = Rebuilt { leaves: Vec::new(), nodes: Vec::new(), mmr: Mmr::new() };
    walk(conn, |seq, text| {
        let leaf = chain::leaf(text);
        out.leaves.push((seq, leaf));
        let nodes = &mut out.nodes;
        out.mmr.push_nodes(leaf, |height, index, hash| {
            if height >= NODE_FLOOR {
                nodes.push((height, index, *hash));
            }
        });
        Ok(())
    })?;
    Ok(out)
}

/// Whether the stored leaves, peaks and kept roots are today's definition and cover every record (constant
/// time: the last sequence numbers and the count).
pub(crate) fn is_current(conn: &Connection) -> Res<bool> {
    static TODAY: schema::Definitions = schema::Definitions::new();
    if !schema::definitions_current(conn, TABLES, &TODAY, || DEFINITION.to_string())? {
        return Ok(false);
    }
    let last = |sql: &str| -> Res<i64> { Ok(conn.prepare_cached(sql)?.query_row([], |r| r.get(0))?) };
    let records = last("SELECT COALESCE(MAX(seq), 0) FROM chain")?;
    let leaves = last("SELECT COALESCE(MAX(seq), 0) FROM chain_leaves")?;
    // The last kept root of the lowest kept height is the one the count's last full tree gives.
    let kept = last(&format!("SELECT COALESCE(MAX(idx) + 1, 0) FROM chain_nodes WHERE height = {NODE_FLOOR}"))?;
    Ok(records == leaves
        && kept == records >> NODE_FLOOR
        && stored_mmr(conn)?.is_some_and(|mmr| mmr.records() == records as u64))
}

/// Recreates the leaves, the peaks and the kept roots from the records.
pub(crate) fn rebuild(conn: &Connection) -> Res<()> {
    let Rebuilt { leaves, nodes, mmr } = rebuilt(conn)?;
    conn.execute_batch("DROP TABLE IF EXISTS chain_leaves; DROP TABLE IF EXISTS chain_peaks; DROP TABLE IF EXISTS chain_nodes;")?;
    conn.execute_batch(DEFINITION)?;
    let mut insert = conn.prepare_cached("INSERT INTO chain_leaves (seq, leaf) VALUES (?1, ?2)")?;
    for (seq, leaf) in leaves {
        insert.execute(params![seq, &leaf[..]])?;
    }
    for (height, index, hash) in nodes {
        keep_node(conn, height, index, &hash)?;
    }
    write_mmr(conn, &mmr)
}

/// What differs between the stored leaves, peaks and kept roots and the ones the records give, in words.
pub(crate) fn differences(conn: &Connection) -> Res<Vec<String>> {
    let Rebuilt { leaves, nodes, mmr } = rebuilt(conn)?;
    // A cell of another type (a crafted cache) is read as missing: it differs, and is rebuilt.
    let mut stmt = conn.prepare_cached("SELECT seq, leaf FROM chain_leaves ORDER BY seq")?;
    let stored: Vec<(Option<i64>, Option<Vec<u8>>)> =
        stmt.query_map([], |r| Ok((r.get(0).ok(), r.get(1).ok())))?.collect::<rusqlite::Result<_>>()?;
    let mut out = Vec::new();
    let differ = stored.len() != leaves.len()
        || stored.iter().zip(&leaves).any(|((s, l), (seq, leaf))| *s != Some(*seq) || l.as_deref() != Some(&leaf[..]));
    if differ {
        out.push(format!("the chain's leaves: {} stored disagree with the {} the records give", stored.len(), leaves.len()));
    }
    if stored_mmr(conn)? != Some(mmr) {
        out.push("the chain's peaks disagree with the records' leaves".to_string());
    }
    let mut stmt = conn.prepare_cached("SELECT height, idx, hash FROM chain_nodes ORDER BY height, idx")?;
    let stored: Vec<(Option<u32>, Option<u64>, Option<Vec<u8>>)> =
        stmt.query_map([], |r| Ok((r.get(0).ok(), r.get(1).ok(), r.get(2).ok())))?.collect::<rusqlite::Result<_>>()?;
    let mut nodes = nodes;
    nodes.sort_by_key(|&(height, index, _)| (height, index));
    let differ = stored.len() != nodes.len()
        || stored.iter().zip(&nodes).any(|((h, i, s), (height, index, hash))| {
            *h != Some(*height) || *i != Some(*index) || s.as_deref() != Some(&hash[..])
        });
    if differ {
        out.push(format!("the chain's kept roots: {} stored disagree with the {} the records give", stored.len(), nodes.len()));
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
    let Some(hand) = super::finished_hand(conn, id)? else { return Ok(None) };
    let Some(seq) = record_of_hand(conn, id)? else { return Ok(None) };
    let total = stored_mmr(conn)?.map_or(0, |m| m.records());
    let upto = records.unwrap_or(total).min(total);
    if seq as u64 > upto {
        return Ok(None);
    }
    let text = hand_text(&hand)?;
    // O(log n) reads: kept roots, and the leaves of the trees below the kept height.
    let mut failed = None;
    let proof = chain::prove_by(upto, seq as u64 - 1, text.clone(), |height, index| match tree_root(conn, height, index) {
        Ok(root) => root,
        Err(e) => {
            failed.get_or_insert(e);
            None
        }
    });
    if let Some(e) = failed {
        return Err(e);
    }
    // A kept root or leaf that disagrees with the records is a damaged cache (the audit rebuilds
    // it): the proof is then built from the records themselves, walked once.
    match proof {
        Some(proof) if chain::check_proof(&proof).is_ok() && head_agrees(conn, &proof, total)? => Ok(Some(proof)),
        _ => {
            let leaves: Vec<Hash> = rebuilt(conn)?.leaves.into_iter().map(|(_, leaf)| leaf).take(upto as usize).collect();
            Ok(chain::prove(&leaves, seq as u64 - 1, text))
        }
    }
}

/// Whether a proof against the whole chain names the stored head (a proof against an earlier
/// head has nothing stored to compare with).
fn head_agrees(conn: &Connection, proof: &Proof, total: u64) -> Res<bool> {
    Ok(proof.records != total || head(conn)?.hex == proof.head)
}

/// The leaves of records `first..=last` (numbered from 1), in order.
/// A leaf that is not 32 bytes (a damaged cache) is left out, so the range comes up short and the
/// proof is built from the records.
fn leaf_range(conn: &Connection, first: i64, last: i64) -> Res<Vec<Hash>> {
    let mut stmt = conn.prepare_cached("SELECT leaf FROM chain_leaves WHERE seq BETWEEN ?1 AND ?2 ORDER BY seq")?;
    let leaves = stmt.query_map([first, last], |r| Ok(r.get::<_, Vec<u8>>(0).ok().and_then(|l| Hash::try_from(l).ok())))?;
    Ok(leaves.collect::<rusqlite::Result<Vec<Option<Hash>>>>()?.into_iter().flatten().collect())
}

/// The root of the perfect tree of height `height` at index `index`: kept, or built from its
/// leaves below the kept height; `None` when it is not stored whole.
fn tree_root(conn: &Connection, height: u32, index: u64) -> Res<Option<Hash>> {
    if height >= NODE_FLOOR {
        let hash: Option<Vec<u8>> = conn
            .prepare_cached("SELECT hash FROM chain_nodes WHERE height = ?1 AND idx = ?2")?
            .query_row(params![height, index as i64], |r| r.get(0))
            .optional()?;
        return Ok(hash.and_then(|h| h.try_into().ok()));
    }
    let size = 1i64 << height;
    let first = index as i64 * size + 1;
    let leaves = leaf_range(conn, first, first + size - 1)?;
    Ok((leaves.len() as i64 == size).then(|| chain::root(&leaves)))
}

/// The record (its sequence number) of finished hand `id`: a binary search, since hand records
/// name their hands in increasing order (the walk refuses a chain where they do not), so
/// O(log n) probes; a scan only when the search misses (a chain the walk would refuse).
fn record_of_hand(conn: &Connection, id: i64) -> Res<Option<i64>> {
    let mut first_hand_from = conn.prepare_cached("SELECT seq, ref FROM chain WHERE seq >= ?1 AND kind = 'hand' ORDER BY seq LIMIT 1")?;
    let (mut low, mut high): (i64, i64) = conn.prepare_cached("SELECT COALESCE(MAX(seq), 0) FROM chain")?.query_row([], |r| Ok((1, r.get(0)?)))?;
    while low <= high {
        let middle = low + (high - low) / 2;
        match first_hand_from.query_row([middle], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?))).optional()? {
            Some((seq, hand)) if hand == id => return Ok(Some(seq)),
            Some((seq, hand)) if hand < id => low = seq + 1,
            _ => high = middle - 1,
        }
    }
    Ok(conn.prepare_cached("SELECT seq FROM chain WHERE kind = 'hand' AND ref = ?1")?.query_row([id], |r| r.get(0)).optional()?)
}
