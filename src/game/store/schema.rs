//! The schema a game file must have, checked before anything writes to it: every object in its
//! `sqlite_master` is compared, by its full SQL (whitespace collapsed), with those the migrations
//! create for its `user_version` (each migration replayed once per process on an empty in-memory
//! database), and a file with a trigger or a view (whatever its name, `sqlite_…` included), an
//! extra or missing table or index, or one whose SQL differs (a CHECK added, a foreign key, a
//! partial index, a generated column), is refused as not a game file of that version. What SQLite
//! makes on its own stays expected: the automatic indexes of keys and UNIQUE constraints (compared
//! by their columns) and the `sqlite_stat*` tables of `ANALYZE` (never compared). An import never
//! copies a file's SQL: it builds the schema from [`latest_definitions`] and copies rows. The derived tables (the groups of `game::derived`) are a cache their rooms define
//! and recreate, so in files of schema 9 and later (migration 9 handed the sums to their room;
//! migration 16 dropped `daily_days`, which its room now defines) their definition is those rooms' to
//! check, not this one's: a file of an earlier build, migrated on open, keeps them until their room
//! finds them out of date and rebuilds them.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use rusqlite::{Connection, TransactionBehavior};

use super::migrations::MIGRATIONS;
use super::{corrupt, Res};

/// One schema object: its type, the table it belongs to and its definition (see [`read`]).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Object {
    kind: String,
    table: String,
    sql: Option<String>,
}

/// Objects by name.
type Objects = BTreeMap<String, Object>;

/// The tables SQLite makes on its own after `ANALYZE`: statistics for the query planner, never a
/// game's data, allowed in any file and never compared.
const SQLITE_STATS: [&str; 4] = ["sqlite_stat1", "sqlite_stat2", "sqlite_stat3", "sqlite_stat4"];

/// Every schema object of the file (the statistics tables of [`SQLITE_STATS`] left out), with its
/// definition: the full SQL that created it, whitespace collapsed (a CHECK, a foreign key, a
/// partial index's WHERE or a generated column all make it differ). The indexes SQLite makes on its
/// own for a key or a UNIQUE constraint (`sqlite_autoindex_…`, which have no SQL) are compared by
/// their columns. Any other object, `sqlite_` name or not — a trigger or view planted through
/// `writable_schema` — is read like the others, so the check sees it.
fn read(conn: &Connection) -> Res<Objects> {
    let mut stmt = conn.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master")?;
    let rows = stmt.query_map([], |row| Ok((row.get::<_, String>(0)?, row.get::<_, String>(1)?, row.get::<_, String>(2)?, row.get::<_, Option<String>>(3)?)))?;
    let rows = rows.collect::<rusqlite::Result<Vec<_>>>()?;
    let mut objects = Objects::new();
    for (kind, name, table, sql) in rows {
        if kind == "table" && SQLITE_STATS.contains(&name.as_str()) {
            continue;
        }
        let definition = match (kind.as_str(), sql) {
            ("index", None) if name.starts_with("sqlite_autoindex_") => {
                let quoted = name.replace('"', "\"\"");
                let mut info = conn.prepare(&format!("PRAGMA index_info(\"{quoted}\")"))?;
                let columns = info.query_map([], |r| r.get::<_, Option<String>>(2))?;
                let columns: Vec<String> = columns.collect::<rusqlite::Result<Vec<_>>>()?.into_iter().map(|c| c.unwrap_or_default()).collect();
                Some(format!("automatic index on {}", columns.join(", ")))
            }
            (_, sql) => sql.map(|s| s.split_whitespace().collect::<Vec<_>>().join(" ")),
        };
        objects.insert(name, Object { kind, table, sql: definition });
    }
    Ok(objects)
}

/// The latest schema's objects as this build creates them (each migration run on an empty
/// database): `(type, name, SQL)`, the tables first, then each in the order it was made. An import
/// builds the live file's schema from these, never from the imported file's SQL.
pub(crate) fn latest_definitions() -> &'static [(String, String, String)] {
    static LATEST_SQL: OnceLock<Vec<(String, String, String)>> = OnceLock::new();
    LATEST_SQL.get_or_init(|| {
        let build = || -> Res<Vec<(String, String, String)>> {
            let conn = migrated_in_memory()?;
            let mut stmt =
                conn.prepare("SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY type = 'table' DESC, rowid")?;
            let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
            Ok(rows.collect::<rusqlite::Result<Vec<_>>>()?)
        };
        build().unwrap_or_else(|_| panic!("the migrations do not apply to an empty database"))
    })
}

/// An empty in-memory database with every migration applied.
fn migrated_in_memory() -> Res<Connection> {
    let mut conn = Connection::open_in_memory()?;
    for migration in MIGRATIONS {
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        migration.run(&tx)?;
        tx.commit()?;
    }
    Ok(conn)
}

/// The objects a file of each version has: index v is after migrations 1 … v.
fn expected() -> &'static [Objects] {
    static EXPECTED: OnceLock<Vec<Objects>> = OnceLock::new();
    EXPECTED.get_or_init(|| {
        let build = || -> Res<Vec<Objects>> {
            let mut conn = Connection::open_in_memory()?;
            let mut all = vec![read(&conn)?];
            for migration in MIGRATIONS {
                let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
                migration.run(&tx)?;
                tx.commit()?;
                all.push(read(&conn)?);
            }
            Ok(all)
        };
        // The migrations run on every new file; failing on an empty database is a bug in this build.
        build().unwrap_or_else(|_| panic!("the migrations do not apply to an empty database"))
    })
}

/// The first schema version whose files carry the sums room's derived tables (migration 9 handed
/// the running sums over to it); from this version on their definition is that room's to check.
const DERIVED_FROM: i64 = 9;

/// Refuses (`Err(Corrupt)`, in words) a file whose schema is not the one the migrations give
/// `version` (1 ≤ version ≤ the latest), apart from `derived` tables from version 9 on.
pub(crate) fn check(conn: &Connection, version: i64, derived: &[&str]) -> Res<()> {
    let Some(expected) = usize::try_from(version).ok().and_then(|v| expected().get(v)) else {
        return Err(corrupt(format!("schema version {version}")));
    };
    let cache = |object: &Object| version >= DERIVED_FROM && derived.contains(&object.table.as_str());
    let found = read(conn)?;
    let not_ours = |what: String| corrupt(format!("not a game file of schema version {version}: {what}"));
    for (name, object) in &found {
        if object.kind == "trigger" || object.kind == "view" {
            return Err(not_ours(format!("it has a {} {name} (a game file has none)", object.kind)));
        }
        if cache(object) {
            continue;
        }
        match expected.get(name) {
            None => return Err(not_ours(format!("an extra {} {name}", object.kind))),
            Some(want) if want != object => {
                return Err(not_ours(format!("the {} {name} is defined differently", object.kind)))
            }
            Some(_) => {}
        }
    }
    if let Some((name, object)) = expected.iter().find(|(name, _)| !found.contains_key(*name)) {
        return Err(not_ours(format!("no {} {name}", object.kind)));
    }
    Ok(())
}

/// The SQL of `batch` as this check compares it: the objects it creates on an empty database,
/// by name (for the sums room to tell whether its stored tables are today's).
pub(crate) fn definitions_of(batch: &str) -> Res<Vec<(String, Option<String>)>> {
    let conn = Connection::open_in_memory()?;
    conn.execute_batch(batch)?;
    Ok(read(&conn)?.into_iter().map(|(name, object)| (name, object.sql)).collect())
}

/// A derived room's definition as [`definitions_of`] gives it, made once per process in `cell`.
pub(crate) type Definitions = std::sync::OnceLock<Vec<(String, Option<String>)>>;

/// Whether the stored objects of `tables` are exactly the ones `batch` creates (by shape): a
/// missing or altered one is not, and open rebuilds the room. `batch`'s shape is worked out once per
/// process and kept in `cell` (each room has its own).
pub(crate) fn definitions_current(conn: &Connection, tables: &[&str], cell: &'static Definitions, batch: impl FnOnce() -> String) -> Res<bool> {
    let today = match cell.get() {
        Some(today) => today,
        None => {
            let built = definitions_of(&batch())?;
            cell.get_or_init(|| built)
        }
    };
    Ok(&stored_definitions(conn, tables)? == today)
}

/// The stored SQL of the objects named in `names`, by name, compared as [`definitions_of`] gives it.
pub(crate) fn stored_definitions(conn: &Connection, tables: &[&str]) -> Res<Vec<(String, Option<String>)>> {
    Ok(read(conn)?
        .into_iter()
        .filter(|(_, object)| tables.contains(&object.table.as_str()))
        .map(|(name, object)| (name, object.sql))
        .collect())
}
