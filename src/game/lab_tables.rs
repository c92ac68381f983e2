//! The paytable lab's tables: a copy of a base table — one of the five machines' or a kicker
//! game's ([`Base`]) — with pays changed, each pay given as the player typed it and checked by the
//! core (a whole number from 0 to 100,000: a clear error names the row and the reason). The bases'
//! own tables never change. Lab tables are saved by name for study: the base's id (a machine's or a
//! kicker game's, as [`Base::id`] writes it) and the pays in its row order.

use rusqlite::{params, Connection};
use serde::{Deserialize, Serialize, Serializer};

use crate::library::Base;
use crate::machine::{MachineId, Paytable};
use crate::strategy::custom::{check_pay, PayError};

use super::error::GameError;
use super::store::{corrupt, Res};

/// One row's pay as typed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RowPay {
    /// The paytable row id.
    pub row: String,
    /// The pay per coin, as text.
    pub pay: String,
}

/// A saved lab table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LabTable {
    /// Its table id, `lab:NAME` (what practice, drills and the history name it by).
    pub id: String,
    /// Its name (1 to 40 characters).
    pub name: String,
    /// The table it copies the rows of, sent as its id ("jacks-or-better", "double-double-bonus").
    #[serde(serialize_with = "base_id")]
    pub base: Base,
    /// The pays per coin in the base table's row order.
    pub pays: Vec<u32>,
}

fn base_id<S: Serializer>(base: &Base, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(base.id())
}

/// A machine is the base of its own table (so the lab's callers may still name a machine).
impl From<MachineId> for Base {
    fn from(machine: MachineId) -> Base {
        Base::Machine(machine)
    }
}

/// A copy of `base`'s table with the given rows' pays (rows not given keep theirs).
pub fn lab_paytable(base: Base, pays: &[RowPay]) -> Result<Paytable, GameError> {
    let table = base.paytable();
    let rows = table.rows();
    let mut values: Vec<u32> = rows.iter().map(|r| r.pay).collect();
    for given in pays {
        let at = rows.iter().position(|r| r.id == given.row).ok_or_else(|| PayError::UnknownRow(given.row.clone()))?;
        values[at] = check_pay(rows[at].id, &given.pay)?;
    }
    Ok(table.with_pays(&values).expect("one pay per row"))
}

fn parse(name: String, base: String, pays: String) -> Res<LabTable> {
    let bad = || corrupt(format!("lab table '{name}': bad row"));
    let base = Base::from_id(&base).ok_or_else(bad)?;
    let pays: Vec<u32> = pays.split(',').map(|p| p.parse::<u32>()).collect::<Result<_, _>>().map_err(|_| bad())?;
    if pays.len() != base.paytable().rows().len() {
        return Err(bad());
    }
    Ok(LabTable { id: format!("{}{name}", crate::table::LAB_PREFIX), name, base, pays })
}

/// The saved lab tables, by name.
pub(crate) fn list(conn: &Connection) -> Res<Vec<LabTable>> {
    let mut stmt = conn.prepare_cached("SELECT name, base, pays FROM lab_tables ORDER BY name")?;
    let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
    let rows = rows.collect::<rusqlite::Result<Vec<(String, String, String)>>>()?;
    rows.into_iter().map(|(name, base, pays)| parse(name, base, pays)).collect()
}

/// What is wrong with the saved lab tables, in words: each row must be a base the lab knows with
/// one pay per row of it, as saving writes it (read as every list of them reads them).
pub(crate) fn problems(conn: &Connection) -> Res<Vec<String>> {
    match list(conn) {
        Ok(_) => Ok(Vec::new()),
        Err(failure) => Ok(vec![failure.unreadable().ok_or(failure)?]),
    }
}

/// Saves (or replaces) a lab table under `name` after checking its pays; the list after.
pub(crate) fn save(conn: &Connection, name: &str, base: Base, pays: &[RowPay]) -> Res<Vec<LabTable>> {
    let table = lab_paytable(base, pays)?;
    let name = name.trim();
    let length = name.chars().count();
    if !(1..=40).contains(&length) {
        let error = GameError::LabOutOfRange { name: "name".into(), value: length as f64, min: 1.0, max: 40.0 };
        return Err(error.into());
    }
    let text = table.rows().iter().map(|r| r.pay.to_string()).collect::<Vec<_>>().join(",");
    conn.prepare_cached(
        "INSERT INTO lab_tables (name, base, pays) VALUES (?1, ?2, ?3) \
         ON CONFLICT (name) DO UPDATE SET base = excluded.base, pays = excluded.pays",
    )?
    .execute(params![name, base.id(), text])?;
    list(conn)
}

/// Deletes the saved lab table `name`; the list after.
pub(crate) fn delete(conn: &Connection, name: &str) -> Res<Vec<LabTable>> {
    if conn.prepare_cached("DELETE FROM lab_tables WHERE name = ?1")?.execute([name])? == 0 {
        return Err(GameError::UnknownLabTable { name: name.to_string() }.into());
    }
    list(conn)
}
