//! The flag values the subcommands share, each parsed by the core's own parser ([`CoreValue`]): a
//! game (a machine or a kicker game), a machine only, a shuffle algorithm. `cli.rs` declares the
//! flags of every subcommand with them, and so do the subcommands that declare their own (`chart`,
//! `drill`, `lab`).

use std::ffi::OsStr;

use clap::builder::{PossibleValue, TypedValueParser};
use vpoker::kicker::KickerGame;
use vpoker::library::Base;
use vpoker::machine::MachineId;
use vpoker::shuffle::Algorithm;

/// A value parsed by the core's own parser; `ids` are the accepted values listed by `--help`
/// and the completion scripts (clap never checks them: the parser does).
#[derive(Clone)]
pub(crate) struct CoreValue<T> {
    /// The core's parser, with the message clap prints after the flag's name.
    pub(crate) parse: fn(&str) -> Result<T, String>,
    /// The values `--help` and the completions list.
    pub(crate) ids: Vec<&'static str>,
}

impl<T> CoreValue<T> {
    /// A value parsed by `parse`, with `ids` listed by `--help` and the completions.
    pub(crate) fn new(parse: fn(&str) -> Result<T, String>, ids: Vec<&'static str>) -> CoreValue<T> {
        CoreValue { parse, ids }
    }
}

impl<T: Clone + Send + Sync + 'static> TypedValueParser for CoreValue<T> {
    type Value = T;

    fn parse_ref(&self, cmd: &clap::Command, arg: Option<&clap::Arg>, value: &OsStr) -> Result<T, clap::Error> {
        // A plain function parser gives clap's own "invalid value 'x' for '--flag <V>': why".
        self.parse.parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(self.ids.iter().map(|&id| PossibleValue::new(id))))
    }
}

/// `--tier` of `drill --source chart`: a chart tier (beginner, intermediate, expert).
pub(crate) fn chart_tier() -> CoreValue<vpoker::strategy::chart::ChartTier> {
    use vpoker::strategy::chart::ChartTier;
    CoreValue::new(
        |text| ChartTier::from_id(text).ok_or_else(|| format!("'{text}' is not a chart tier (beginner, intermediate or expert)")),
        ChartTier::ALL.iter().map(|t| t.id()).collect(),
    )
}

/// The five machines' ids.
pub(crate) fn machine_ids() -> Vec<&'static str> {
    MachineId::ALL.iter().map(|m| m.id()).collect()
}

/// `--game` of `eval`, `hint`, `analyze` (with `all`) and `simulate`: a machine or a game of the
/// library's own (the kicker games double-double-bonus 9/6 and triple-double-bonus 9/7,
/// aces-and-faces 8/5, super-double-bonus 9/5, bonus-deuces-wild 9/4/4).
pub(crate) fn game_id() -> CoreValue<Base> {
    CoreValue {
        parse: |text| {
            Base::from_id(text).ok_or_else(|| {
                format!(
                    "'{text}' is not a game (a machine: {}; or a game of the library's own: {})",
                    machine_ids().join(", "),
                    KickerGame::ALL.map(|g| g.id()).join(", ")
                )
            })
        },
        ids: machine_ids().into_iter().chain(KickerGame::ALL.iter().map(|g| g.id())).collect(),
    }
}

/// `--game` of `verify --seed`, `drill` and `chart`: any table by its id — a machine, a kicker
/// game, a table of the library (`vpoker tables`) or a saved lab table `lab:NAME` (read from the
/// `--db` given with it, [`table_of`]). The id is checked here; a lab table's name where it is read.
pub(crate) fn table_id() -> CoreValue<vpoker::game::TableId> {
    CoreValue {
        parse: |text| {
            let lab = text.strip_prefix(vpoker::table::LAB_PREFIX).is_some_and(|name| !name.is_empty());
            if lab || vpoker::table::Table::named(text).is_some() {
                vpoker::game::TableId::new(text).map_err(|refused| refused.to_string())
            } else {
                Err(format!(
                    "'{text}' is not a table (a machine: {}; a game of the library's own: {}; a table of `vpoker tables`; or lab:NAME with --db)",
                    machine_ids().join(", "),
                    KickerGame::ALL.map(|g| g.id()).join(", ")
                ))
            }
        },
        ids: machine_ids()
            .into_iter()
            .chain(KickerGame::ALL.iter().map(|g| g.id()))
            .chain(vpoker::library::PRESETS.iter().filter(|p| !p.is_base()).map(|p| p.id))
            .collect(),
    }
}

/// The table a [`table_id`] names: a fixed table, or a lab table read from `db` (opened read-only,
/// never changed). `Err` is a usage error (exit 2: a lab table without `--db`, no such file);
/// `Ok(Err(code))` the game's refusal (`unknown-table`, a corrupt file), already printed as its JSON
/// error object, with the exit code to return.
pub(crate) fn table_of(id: &str, db: Option<&std::path::Path>) -> Result<Result<vpoker::table::Table, std::process::ExitCode>, String> {
    if let Some(table) = vpoker::table::Table::named(id) {
        return Ok(Ok(table));
    }
    let Some(db) = db else {
        return Err(format!("--game {id}: a lab table is read from the game it was saved in: add --db FILE"));
    };
    if !db.is_file() {
        return Err(format!("{}: no such database", db.display()));
    }
    match vpoker::game::TableId::new(id).and_then(|id| vpoker::game::Game::open_read_only(db)?.table(&id)) {
        Ok(table) => Ok(Ok(table)),
        Err(error) => {
            println!("{}", serde_json::json!({ "error": error }));
            Ok(Err(std::process::ExitCode::from(1)))
        }
    }
}

/// `--game` of `play fill`, `play autoplay` and `lab deals`, which play or deal the five machines'
/// game (chips, XP, kind deals, unlocks): [`game_id`]'s ids are parsed, so that [`machine_only`]
/// refuses a kicker game in words (what to use instead) rather than clap's list of values; an
/// unknown id is refused as before, and `--help` and the completions offer the machines only.
pub(crate) fn machine_game_id() -> CoreValue<Base> {
    CoreValue {
        parse: |text| match text.parse::<MachineId>() {
            Ok(machine) => Ok(Base::Machine(machine)),
            Err(not_a_machine) => text.parse::<KickerGame>().map(Base::Kicker).map_err(|_| not_a_machine.to_string()),
        },
        ids: machine_ids(),
    }
}

/// The machine a [`machine_game_id`] flag names, or the usage error for a kicker game: `command`
/// (e.g. `play fill`) plays a machine, and the kicker game is practised or simulated instead.
pub(crate) fn machine_only(game: Base, command: &str) -> Result<MachineId, String> {
    match game {
        Base::Machine(machine) => Ok(machine),
        Base::Kicker(kicker) => Err(format!(
            "{command} --game takes a machine: {kicker} is {what}, not a machine (no chips, XP, \
             kind deals or unlocks); practise it with `play deal --practice --table {table}`, or deal it \
             with `simulate --game {kicker}`",
            table = kicker_table(kicker),
            what = if kicker.pays_kickers() { "a kicker game" } else { "a game of the library's own" },
        )),
    }
}

/// The library table that is the kicker game's own (its id is the game's: `double-double-bonus`).
fn kicker_table(game: KickerGame) -> &'static str {
    let pays: Vec<u32> = game.paytable().rows().iter().map(|row| row.pay).collect();
    vpoker::library::PRESETS
        .iter()
        .find(|preset| preset.base == Base::Kicker(game) && preset.pays_in_row_order().as_deref() == Some(&pays[..]))
        .map_or("ID", |preset| preset.id)
}

/// `--algorithm` of `shuffle` and the labs: a shuffle algorithm by id.
pub(crate) fn algorithm() -> CoreValue<Algorithm> {
    CoreValue {
        parse: |text| {
            Algorithm::from_id(text).ok_or_else(|| format!("'{text}' is not one of fisher-yates, sort-keys, biased"))
        },
        ids: vec!["fisher-yates", "sort-keys", "biased"],
    }
}
