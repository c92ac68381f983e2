//! A table's id as it enters the game (a deal request from the app or the command line): checked
//! once, for its form, where it is made; the game then resolves it against the fixed tables and the
//! player's saved lab tables ([`resolve`]), and no code behind the check looks at the text's form
//! again.

use rusqlite::Connection;
use serde::{Deserialize, Serialize};

use crate::library::Preset;
use crate::machine::MachineId;
use crate::table::{Table, LAB_PREFIX};

use super::error::GameError;
use super::lab_tables;
use super::store::{corrupt, Res};

/// The table any id names: a fixed one (a machine, a kicker game, a library table,
/// [`Table::named`]), a saved lab table (`lab:NAME`, or its bare name), or a variant of one (an id
/// [`Table::variant_id`] parses, of a table this resolves whose game has that variant);
/// `unknown-table` otherwise. Deals, drills and every per-table read take any table.
pub(crate) fn resolve(conn: &Connection, id: &str) -> Res<Table> {
    if let Some(table) = Table::named(id) {
        return Ok(table);
    }
    if let Some((plain, rules)) = Table::variant_id(id) {
        return resolve(conn, plain)?
            .variant(rules)
            .ok_or_else(|| GameError::UnknownTable { table: id.to_string() }.into());
    }
    if let Ok(preset) = Preset::find(id) {
        return Ok(Table::preset(preset));
    }
    let name = id.strip_prefix(LAB_PREFIX).unwrap_or(id);
    let saved = lab_tables::list(conn)?.into_iter().find(|t| t.name == name);
    match saved {
        Some(saved) => Table::lab(&saved.name, saved.base, &saved.pays)
            .ok_or_else(|| corrupt(format!("lab table '{}': pays that do not fit its base", saved.name))),
        None => Err(GameError::UnknownTable { table: id.to_string() }.into()),
    }
}

/// The longest id a table can have, in characters: a variant's prefix, `lab:` and a lab name of 40.
pub const TABLE_ID_MAX: usize = 60;

/// A table id of a possible form: 1 to [`TABLE_ID_MAX`] characters, no control character, no
/// space at either end. Whether a table has it is the game's to say (`unknown-table`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(into = "String")]
pub struct TableId(String);

impl TableId {
    /// `id` checked for its form: `unknown-table` (no table has such an id) otherwise.
    pub fn new(id: impl Into<String>) -> Result<TableId, GameError> {
        let id = id.into();
        let length = id.chars().count();
        let fits = (1..=TABLE_ID_MAX).contains(&length) && !id.chars().any(char::is_control) && id.trim() == id;
        match fits {
            true => Ok(TableId(id)),
            false => Err(GameError::UnknownTable { table: id }),
        }
    }

    /// A machine's table.
    pub fn machine(machine: MachineId) -> TableId {
        TableId(machine.id().to_string())
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl From<TableId> for String {
    fn from(id: TableId) -> String {
        id.0
    }
}

impl<'de> Deserialize<'de> for TableId {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<TableId, D::Error> {
        TableId::new(String::deserialize(deserializer)?).map_err(serde::de::Error::custom)
    }
}

impl std::fmt::Display for TableId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}
