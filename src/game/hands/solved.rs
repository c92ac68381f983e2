//! The solved games a file keeps (`solved_games`, a derived table of this room): the game of each
//! table and line count played whose rules solve one (a variant's: Ultimate X's on a lab table) and
//! whose solution does not come with the source (`rules::solution_to_keep`). A deal on such a
//! table keeps its game here; every command that decodes hands (`Registry::load`, which reads them)
//! reads them back for the process (`rules::keep_solution`), so that a history, an export, a
//! check or an audit never solves a game the file has kept (a lab table's game takes 1–5 s to
//! solve). A cache: rebuilt from the hands (by solving) when it is not today's or disagrees, and a
//! row that does not read back as the game is ignored and repaired, never a reason to refuse.

use std::collections::HashMap;

use rusqlite::{params, Connection, OptionalExtension};

use crate::table::Table;

use super::registry::Registry;
use crate::game::store::{schema, Res};

/// The tables this room derives (for `game::derived`).
pub(crate) const SOLVED_TABLES: &[&str] = &["solved_games"];

/// `solved_games`: a game's solution by the code of its table in the registry and the line count.
const SOLVED_DEFINITION: &str = "
CREATE TABLE solved_games (
    tbl INTEGER NOT NULL CHECK (tbl >= 0),
    lines INTEGER NOT NULL CHECK (lines >= 1),
    solution TEXT NOT NULL,
    PRIMARY KEY (tbl, lines)
) WITHOUT ROWID;
";

/// Whether the stored `solved_games` is today's definition; open rebuilds it otherwise.
pub(crate) fn solved_current(conn: &Connection) -> Res<bool> {
    static TODAY: schema::Definitions = schema::Definitions::new();
    schema::definitions_current(conn, SOLVED_TABLES, &TODAY, || SOLVED_DEFINITION.to_string())
}

/// Keeps the game of a deal on `table` (registry code `code`) at `lines` lines when its rules
/// solve one that the source does not keep and the file does not yet: solved now if this process
/// has not (the deal's hint needs it anyway). A kept row is read back for the process instead.
pub(crate) fn keep_dealt(conn: &Connection, code: i64, table: &Table, lines: u8) -> Res<()> {
    let stored: Option<String> = conn
        .prepare_cached("SELECT solution FROM solved_games WHERE tbl = ?1 AND lines = ?2")?
        .query_row(params![code, lines], |r| r.get(0))
        .optional()?;
    if let Some(text) = stored {
        if crate::rules::keep_solution(table, lines, &text) {
            return Ok(());
        }
    }
    if let Some(text) = crate::rules::solution_to_keep(table, lines) {
        conn.prepare_cached("INSERT OR REPLACE INTO solved_games (tbl, lines, solution) VALUES (?1, ?2, ?3)")?
            .execute(params![code, lines, text])?;
    }
    Ok(())
}

/// Solves every game the file keeps again and keeps that for the process in place of what was
/// read back (the full audit, before it replays the hands: a kept game that is not its table's
/// must not judge them, in this process or after the repair).
pub(crate) fn solve_again(conn: &Connection) -> Res<()> {
    let registry = Registry::load_only(conn)?;
    let mut stmt = conn.prepare_cached("SELECT tbl, lines, solution FROM solved_games")?;
    let kept = stmt
        .query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?, r.get::<_, String>(2)?)))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    for (code, lines, text) in kept {
        if let (Ok(table), Ok(lines)) = (registry.table(code), u8::try_from(lines)) {
            crate::rules::solve_again(&table, lines, Some(&text));
        }
    }
    Ok(())
}

/// The rows the hands call for: each table and line count played whose game is to be kept,
/// solved (seconds a game).
fn rebuilt(conn: &Connection) -> Res<HashMap<(i64, u8), String>> {
    let registry = Registry::load_only(conn)?;
    let mut stmt = conn.prepare_cached("SELECT DISTINCT tbl, n_hands FROM hands")?;
    let played = stmt.query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?)))?.collect::<rusqlite::Result<Vec<_>>>()?;
    let mut rows = HashMap::new();
    for (code, lines) in played {
        let (Ok(table), Ok(lines)) = (registry.table(code), u8::try_from(lines)) else { continue };
        if let Some(text) = crate::rules::solution_to_keep(&table, lines) {
            rows.insert((code, lines), text);
        }
    }
    Ok(rows)
}

/// Recreates `solved_games` from the hands (inside the open's or the repair's transaction).
pub(crate) fn rebuild_solved(conn: &Connection) -> Res<()> {
    let rows = rebuilt(conn)?;
    conn.execute_batch("DROP TABLE IF EXISTS solved_games;")?;
    conn.execute_batch(SOLVED_DEFINITION)?;
    let mut insert = conn.prepare_cached("INSERT INTO solved_games (tbl, lines, solution) VALUES (?1, ?2, ?3)")?;
    for ((code, lines), text) in rows {
        insert.execute(params![code, lines, text])?;
    }
    Ok(())
}

/// Where the stored games disagree with their rebuild, in words (empty when they agree). Solves
/// every kept game again: for the full audit.
pub(crate) fn solved_differences(conn: &Connection) -> Res<Vec<String>> {
    let rebuilt = rebuilt(conn)?;
    let mut stmt = conn.prepare_cached("SELECT tbl, lines, solution FROM solved_games")?;
    let stored = stmt
        .query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?, r.get::<_, String>(2)?)))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    let stored: HashMap<(i64, u8), String> =
        stored.into_iter().filter_map(|(code, lines, text)| Some(((code, u8::try_from(lines).ok()?), text))).collect();
    let registry = Registry::load_only(conn)?;
    // The same games, up to the solver's rounding (a game solved again differs in the 14th digit).
    let same = |(code, lines): &(i64, u8), text: &String| {
        let table = registry.table(*code).ok();
        stored.get(&(*code, *lines)).is_some_and(|kept| table.is_some_and(|t| crate::rules::same_solution(&t, kept, text)))
    };
    if stored.len() == rebuilt.len() && rebuilt.iter().all(|(key, text)| same(key, text)) {
        return Ok(Vec::new());
    }
    Ok(vec![format!("the solved games: {} kept, {} called for by the hands, not the same", stored.len(), rebuilt.len())])
}
