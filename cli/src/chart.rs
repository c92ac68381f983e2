//! `vpoker chart (--game ID | --family F --pays P | --classes) [--lines N] [--json]`: the strategy chart the
//! core generates from the exact solver, with its exact return beside optimal play's; and the lab
//! half of `vpoker analyze --family F --pays P`. Pays are the core's to check: a bad one is a
//! one-line error naming the row (exit 2).
//!
//! `--game` takes a machine or a kicker game (`double-double-bonus` 9/6, `triple-double-bonus`
//! 9/7): the chart is generated on that game's table as on any table (`chart::generate`), and
//! printed as a machine's (`"game"` its id, no `"pays"`).

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use clap::Args;
use serde_json::{json, Map, Value};
use vpoker::eval::Family;
use vpoker::library::Base;
use vpoker::machine::Paytable;
use vpoker::strategy::chart::{self, Chart};
use vpoker::strategy::custom;

use crate::values::{game_id, CoreValue};

/// `vpoker chart (--game ID | --family F --pays P | --classes) [--lines N] [--json]`
#[derive(Args)]
#[command(group(clap::ArgGroup::new("table").required(true).args(["game", "pays", "classes"])))]
pub struct ChartArgs {
    /// Game whose chart to generate, by id: a machine (e.g. jacks-or-better) or a kicker game (double-double-bonus, triple-double-bonus).
    #[arg(long, value_name = "ID", value_parser = game_id())]
    pub game: Option<Base>,
    /// With --pays: the game family of the lab paytable, natural or deuces.
    #[arg(long, value_name = "natural|deuces", value_parser = family(), requires = "pays")]
    pub family: Option<Family>,
    /// A lab paytable: pays per coin, best row first, comma-separated (natural 9, 11 or 13 values, 13 in the kicker games' rows; deuces 10).
    #[arg(long, value_name = "P1,P2,...", requires = "family", allow_hyphen_values = true)]
    pub pays: Option<String>,
    /// List the vocabulary instead: every hold class with its id, family, kind, parameters and label.
    #[arg(long)]
    pub classes: bool,
    /// At most this many lines, 1 to 200 (default 40).
    #[arg(long, value_name = "N", default_value = "40", value_parser = line_limit)]
    pub lines: usize,
    /// Print one JSON object {"game","family","lines","chart_return","optimal_return","cost","hands_per_lost_bet","seconds"}.
    #[arg(long)]
    pub json: bool,
}

/// The `--family` value parser: natural or deuces.
pub(crate) fn family() -> CoreValue<Family> {
    CoreValue::new(
        |text| custom::parse_family(text).ok_or_else(|| format!("'{text}' is not natural or deuces")),
        vec!["natural", "deuces"],
    )
}

fn line_limit(text: &str) -> Result<usize, String> {
    let n: usize = text.parse().map_err(|e: std::num::ParseIntError| e.to_string())?;
    if !(1..=200).contains(&n) {
        return Err(format!("{n} is not between 1 and 200"));
    }
    Ok(n)
}

/// The lab table `--family F --pays P` names (a bad pay is an error naming its row).
pub(crate) fn lab_table(family: Option<Family>, pays: &str) -> Result<Paytable, String> {
    let family = family.ok_or("--pays needs --family natural|deuces")?;
    custom::parse_pays(family, pays).map_err(|e| e.to_string())
}

/// The pays of a table as a JSON object, row id → pay, best row first.
pub(crate) fn pays_json(table: &Paytable) -> Value {
    Value::Object(table.rows().iter().map(|row| (row.id.to_string(), json!(row.pay))).collect::<Map<_, _>>())
}

/// Runs the `chart` subcommand.
pub fn chart(args: ChartArgs) -> Result<ExitCode, String> {
    if args.classes {
        return classes(args.json);
    }
    let (game, table) = match (args.game, &args.pays) {
        (Some(game), _) => (Some(game), game.paytable().clone()),
        (None, Some(pays)) => (None, lab_table(args.family, pays)?),
        (None, None) => return Err("chart needs --game ID or --family F --pays P".into()),
    };
    let started = Instant::now();
    let never = AtomicBool::new(false);
    let chart = chart::generate_with_limit(&table, args.lines, &|_, _| {}, &never).map_err(|e| e.to_string())?;
    let seconds = started.elapsed().as_secs_f64();
    let text = if args.json {
        chart_json(game, &table, &chart, seconds).to_string()
    } else {
        chart_text(game, &table, &chart, seconds)
    };
    use std::io::Write;
    // A closed pipe (e.g. `| head`) is not an error.
    let _ = writeln!(std::io::stdout().lock(), "{text}");
    Ok(ExitCode::SUCCESS)
}

/// `chart --classes [--json]`: one class per line, as text or as a JSON object.
fn classes(as_json: bool) -> Result<ExitCode, String> {
    use std::io::Write;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for class in chart::classes() {
        let line = if as_json {
            json!(class).to_string()
        } else {
            let params: Vec<String> = class.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect();
            format!("{:<44} {:<8} {:<52} {} {}", class.id, class.family, class.label, class.kind, params.join(" "))
        };
        if writeln!(out, "{line}").is_err() {
            break; // A closed pipe is not an error.
        }
    }
    let _ = out.flush();
    Ok(ExitCode::SUCCESS)
}

fn chart_json(game: Option<Base>, table: &Paytable, chart: &Chart, seconds: f64) -> Value {
    let mut object = Map::new();
    object.insert("game".into(), game.map_or(Value::Null, |g| json!(g.id())));
    object.insert("family".into(), json!(custom::family_id(table.family())));
    if game.is_none() {
        object.insert("pays".into(), pays_json(table));
    }
    object.insert("lines".into(), json!(chart.lines()));
    object.insert("chart_return".into(), json!(chart.chart_return()));
    object.insert("optimal_return".into(), json!(chart.optimal_return()));
    object.insert("cost".into(), json!(chart.cost()));
    object.insert("hands_per_lost_bet".into(), json!(chart.hands_per_lost_bet()));
    object.insert("seconds".into(), json!((seconds * 1e4).round() / 1e4));
    Value::Object(object)
}

fn chart_text(game: Option<Base>, table: &Paytable, chart: &Chart, seconds: f64) -> String {
    let name = game.map_or_else(
        || {
            let pays: Vec<String> = table.rows().iter().map(|r| r.pay.to_string()).collect();
            format!("{} paytable {}", custom::family_id(table.family()), pays.join(","))
        },
        |g| g.id().to_string(),
    );
    let per_bet = chart.hands_per_lost_bet().map_or("never".to_string(), |h| format!("{h:.0}"));
    format!(
        "{name}: chart of {} lines, first matching line wins (share of deals decided, mean EV per coin)\n{}\n\
         one bet lost to optimal play every {per_bet} hands; generated in {seconds:.3} s",
        chart.lines().len(),
        chart.to_text()
    )
}
