//! The paytable lab's tables: a copy of one machine's table with pays changed, each pay given as the
//! player typed it and checked by the core (a whole number from 0 to 100,000: a clear error names
//! the row and the reason). The four machines' own tables never change. Lab tables are saved by
//! name for study: the base machine and the pays in its row order.

use rusqlite::{params, OptionalExtension};
use serde::{Deserialize, Serialize};

use crate::machine::{MachineId, Paytable};
use crate::strategy::custom::{check_pay, PayError};

use super::storage::sql_error;
use super::{Game, GameError};

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
    /// Its name (1 to 40 characters).
    pub name: String,
    /// The machine whose table it copies.
    pub base: MachineId,
    /// The pays per coin in the base table's row order.
    pub pays: Vec<u32>,
}

/// A copy of `base`'s table with the given rows' pays (rows not given keep theirs).
pub fn lab_paytable(base: MachineId, pays: &[RowPay]) -> Result<Paytable, GameError> {
    let table = base.paytable();
    let rows = table.rows();
    let mut values: Vec<u32> = rows.iter().map(|r| r.pay).collect();
    for given in pays {
        let at = rows.iter().position(|r| r.id == given.row).ok_or_else(|| PayError::UnknownRow(given.row.clone()))?;
        values[at] = check_pay(rows[at].id, &given.pay)?;
    }
    Ok(table.with_pays(&values).expect("one pay per row"))
}

fn parse(name: String, base: String, pays: String) -> Result<LabTable, String> {
    let bad = || format!("lab table '{name}': bad row");
    let base: MachineId = base.parse().map_err(|_| bad())?;
    let pays: Vec<u32> = pays.split(',').map(|p| p.parse::<u32>()).collect::<Result<_, _>>().map_err(|_| bad())?;
    if pays.len() != base.paytable().rows().len() {
        return Err(bad());
    }
    Ok(LabTable { name, base, pays })
}

impl Game {
    /// The saved lab tables, by name.
    pub fn lab_tables(&self) -> Result<Vec<LabTable>, GameError> {
        let err = |e| sql_error(&self.path, e);
        let mut stmt =
            self.conn.prepare_cached("SELECT name, base, pays FROM lab_tables ORDER BY name").map_err(err)?;
        let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?))).map_err(err)?;
        rows.map(|row| {
            let (name, base, pays) = row.map_err(err)?;
            parse(name, base, pays).map_err(|d| self.corrupt(d))
        })
        .collect()
    }

    /// Saves (or replaces) a lab table under `name` after checking its pays; the list after.
    pub fn save_lab_table(&mut self, name: &str, base: MachineId, pays: &[RowPay]) -> Result<Vec<LabTable>, GameError> {
        let table = lab_paytable(base, pays)?;
        let name = name.trim();
        let length = name.chars().count();
        if !(1..=40).contains(&length) {
            return Err(GameError::LabOutOfRange { name: "name".into(), value: length as f64, min: 1.0, max: 40.0 });
        }
        let text = table.rows().iter().map(|r| r.pay.to_string()).collect::<Vec<_>>().join(",");
        self.conn
            .execute(
                "INSERT INTO lab_tables (name, base, pays) VALUES (?1, ?2, ?3) \
                 ON CONFLICT (name) DO UPDATE SET base = excluded.base, pays = excluded.pays",
                params![name, base.id(), text],
            )
            .map_err(|e| sql_error(&self.path, e))?;
        self.lab_tables()
    }

    /// Deletes the saved lab table `name`; the list after.
    pub fn delete_lab_table(&mut self, name: &str) -> Result<Vec<LabTable>, GameError> {
        let found: Option<String> = self
            .conn
            .query_row("SELECT name FROM lab_tables WHERE name = ?1", [name], |r| r.get(0))
            .optional()
            .map_err(|e| sql_error(&self.path, e))?;
        if found.is_none() {
            return Err(GameError::UnknownLabTable { name: name.to_string() });
        }
        self.conn.execute("DELETE FROM lab_tables WHERE name = ?1", [name]).map_err(|e| sql_error(&self.path, e))?;
        self.lab_tables()
    }
}
