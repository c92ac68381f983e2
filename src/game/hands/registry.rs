//! The registry of tables hands were played on (`tables`, migration 15): a code per stable id,
//! base and pays. The first four machines are codes 0–3 (written by the migration); any other table (the fifth machine, code 4 in `MachineId::ALL`, too) gets
//! the next code the first time a hand is dealt on it, and a code is never reused or changed, so a
//! hand always replays on the table it was dealt on, however its library entry or lab table changes
//! later. Small (one row per distinct table played): read whole where hands are decoded.

use std::collections::HashMap;

use rusqlite::{params, Connection, OptionalExtension};

use crate::library::Base;
use crate::table::Table;

use crate::game::store::Res;

/// The registry, read once per command that decodes hands.
pub(crate) struct Registry {
    by_code: HashMap<i64, Result<Table, String>>,
}

impl Registry {
    /// The whole registry (a row that does not name a table is kept as the reason, and fails the
    /// hands that use it), with the games the file keeps read back for the process
    /// (`solved::read_back`: decoding hands never solves a kept game).
    pub(crate) fn load(conn: &Connection) -> Res<Registry> {
        let registry = Registry::load_only(conn)?;
        read_back(conn, &registry)?;
        Ok(registry)
    }

    /// [`Registry::load`] without reading the kept games back.
    pub(crate) fn load_only(conn: &Connection) -> Res<Registry> {
        let mut stmt = conn.prepare_cached("SELECT code, id, base, pays FROM tables")?;
        let mut rows = stmt.query([])?;
        let mut by_code = HashMap::new();
        while let Some(row) = rows.next()? {
            let (code, id, base, pays): (i64, String, String, String) = (row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?);
            by_code.insert(code, resolve(&id, &base, &pays).ok_or_else(|| format!("table {code} ('{id}') does not name a table")));
        }
        Ok(Registry { by_code })
    }

    /// The table of `code`, or why not.
    pub(crate) fn table(&self, code: i64) -> Result<Table, String> {
        self.by_code.get(&code).cloned().unwrap_or_else(|| Err(format!("no table has the code {code}")))
    }
}

fn resolve(id: &str, base: &str, pays: &str) -> Option<Table> {
    let base = Base::from_id(base)?;
    let pays: Vec<u32> = pays.split(',').map(str::parse).collect::<Result<_, _>>().ok()?;
    Table::stored(id, base, &pays)
}

/// The code of `table`, entered in the registry when it is new.
pub(crate) fn code_of(conn: &Connection, table: &Table) -> Res<i64> {
    let pays: Vec<String> = table.pays().iter().map(u32::to_string).collect();
    let pays = pays.join(",");
    let base = table.base().id();
    let find = |conn: &Connection| -> Res<Option<i64>> {
        Ok(conn
            .prepare_cached("SELECT code FROM tables WHERE id = ?1 AND base = ?2 AND pays = ?3")?
            .query_row(params![table.id(), base, pays], |r| r.get(0))
            .optional()?)
    };
    if let Some(code) = find(conn)? {
        return Ok(code);
    }
    conn.prepare_cached("INSERT INTO tables (id, base, pays) VALUES (?1, ?2, ?3)")?.execute(params![table.id(), base, pays])?;
    Ok(conn.last_insert_rowid())
}

/// The codes under which the table with stable id `id` was played (several when a lab table was
/// saved again with other pays, or when hands were stored under one of its former ids:
/// `library::former_ids`), oldest first.
pub(crate) fn codes_of_id(conn: &Connection, id: &str) -> Res<Vec<i64>> {
    let mut stmt = conn.prepare_cached("SELECT code FROM tables WHERE id = ?1 ORDER BY code")?;
    let mut codes = Vec::new();
    for id in std::iter::once(id.to_string()).chain(crate::library::former_ids(id)) {
        codes.extend(stmt.query_map([&id], |r| r.get(0))?.collect::<rusqlite::Result<Vec<i64>>>()?);
    }
    codes.sort_unstable();
    Ok(codes)
}

/// Reads every kept game back for this process (a row that is not its table's game is passed
/// over: its game is solved when needed, and the audit repairs the row). A file without the table
/// (one being opened before its derived tables are made) keeps none.
fn read_back(conn: &Connection, registry: &Registry) -> Res<()> {
    let exists: bool = conn
        .prepare_cached("SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'solved_games')")?
        .query_row([], |r| r.get(0))?;
    if !exists {
        return Ok(());
    }
    let mut stmt = conn.prepare_cached("SELECT tbl, lines, solution FROM solved_games")?;
    let rows = stmt.query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?, r.get::<_, String>(2)?)))?;
    for row in rows {
        let Ok((code, lines, text)) = row else { continue };
        if let (Ok(table), Ok(lines)) = (registry.table(code), u8::try_from(lines)) {
            crate::rules::keep_solution(&table, lines, &text);
        }
    }
    Ok(())
}
