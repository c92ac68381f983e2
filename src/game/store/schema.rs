//! The schema a game file must have, checked before anything writes to it: its tables and indexes
//! are compared with those the migrations create for its `user_version` (each migration replayed
//! once per process on an empty in-memory database), and a file with a trigger or a view, an extra
//! or missing table or index, or one whose definition differs, is refused as not a game file of
//! that version. The derived tables (the groups of `game::derived`) are a cache their rooms define
//! and recreate, so in files of schema 9 and later (migration 9 handed the sums to their room;
//! migration 16 dropped `daily_days`, which its room now defines) their shape is those rooms' to
//! check, not this one's: a file of an earlier build, migrated on open, keeps them until their room
//! finds them out of date and rebuilds them.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use rusqlite::{Connection, TransactionBehavior};

use super::migrations::MIGRATIONS;
use super::{corrupt, Res};

/// One schema object: its type, the table it belongs to and its shape (see [`read`]).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Object {
    kind: String,
    table: String,
    sql: Option<String>,
}

/// Objects by name.
type Objects = BTreeMap<String, Object>;

/// Every schema object of the file, SQLite's own `sqlite_` tables and their automatic indexes left
/// out. A table or index is compared by its shape (columns with their declared types, NOT NULL and
/// key; an index's table, columns and uniqueness), not by its SQL text, so a file made by an earlier
/// build whose migration text differed only in wording, layout or constraints is still recognised.
fn read(conn: &Connection) -> Res<Objects> {
    let mut stmt = conn.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")?;
    let rows = stmt.query_map([], |row| Ok((row.get::<_, String>(0)?, row.get::<_, String>(1)?, row.get::<_, String>(2)?, row.get::<_, Option<String>>(3)?)))?;
    let rows = rows.collect::<rusqlite::Result<Vec<_>>>()?;
    let mut objects = Objects::new();
    for (kind, name, table, sql) in rows {
        let quoted = name.replace('"', "\"\"");
        let shape = match kind.as_str() {
            "table" => {
                let mut info = conn.prepare(&format!("PRAGMA table_info(\"{quoted}\")"))?;
                let columns = info.query_map([], |r| {
                    Ok(format!("{} {} {} {}", r.get::<_, String>(1)?, r.get::<_, String>(2)?.to_uppercase(), r.get::<_, i64>(3)?, r.get::<_, i64>(5)?))
                })?;
                Some(columns.collect::<rusqlite::Result<Vec<_>>>()?.join(", "))
            }
            "index" => {
                let mut info = conn.prepare(&format!("PRAGMA index_info(\"{quoted}\")"))?;
                let columns = info.query_map([], |r| r.get::<_, Option<String>>(2))?;
                let columns: Vec<String> = columns.collect::<rusqlite::Result<Vec<_>>>()?.into_iter().map(|c| c.unwrap_or_else(|| "(expression)".into())).collect();
                let unique = sql.as_deref().is_some_and(|s| s.trim_start().to_uppercase().starts_with("CREATE UNIQUE"));
                Some(format!("unique {unique}: {}", columns.join(", ")))
            }
            _ => sql.map(|s| s.split_whitespace().collect::<Vec<_>>().join(" ")),
        };
        objects.insert(name, Object { kind, table, sql: shape });
    }
    Ok(objects)
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
/// the running sums over to it); from this version on their shape is that room's to check.
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

/// The stored SQL of the objects named in `names`, by name, compared as [`definitions_of`] gives it.
pub(crate) fn stored_definitions(conn: &Connection, tables: &[&str]) -> Res<Vec<(String, Option<String>)>> {
    Ok(read(conn)?
        .into_iter()
        .filter(|(_, object)| tables.contains(&object.table.as_str()))
        .map(|(name, object)| (name, object.sql))
        .collect())
}
