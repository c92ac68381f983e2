//! `vpoker chart (--game ID [--db FILE] | --family F --pays P | --classes) [--lines N | --tiers] [--json]`:
//! the strategy chart the core generates from the exact solver, with its exact return beside
//! optimal play's, or with `--tiers` the table's three charts (beginner ≤ 10 lines, intermediate
//! ≤ 20, expert ≤ 40: `chart::tiers`); and the lab half of `vpoker analyze --family F --pays P`.
//! On a variant table (`--game RULES:ID`) with `--lines-dealt N`, its rules' own chart instead, or
//! its tiers with `--tiers` (`variant_chart.rs`); a variant table has no plain tiers, and `--tiers`
//! without a line count is refused. `--ultimate-x-lines N` on a plain table is its Ultimate X
//! table's with `--lines-dealt N`.
//! Pays are the core's to check: a bad one is a one-line error naming the row (exit 2).
//!
//! `--game` takes any table by id (`values::table_id`, resolved by `values::table_of` as `verify
//! --seed` and `drill` do): a machine, a kicker game (`double-double-bonus` 9/6,
//! `triple-double-bonus` 9/7), a table of `vpoker tables` or a saved lab table `lab:NAME` read from
//! `--db`. The chart is generated on that table's paytable as on any table (`chart::generate`), and
//! printed with `"game"` its id, no `"pays"`.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use clap::Args;
use serde_json::{json, Map, Value};
use vpoker::eval::Family;
use vpoker::machine::Paytable;
use vpoker::strategy::chart::{self, Chart, Tiers};
use vpoker::strategy::custom;
use vpoker::table::Rules;

use crate::values::{table_id, table_of, CoreValue};

/// `vpoker chart (--game ID [--db FILE] | --family F --pays P | --classes) [--lines N | --tiers] [--json]`
#[derive(Args)]
#[command(group(clap::ArgGroup::new("table").required(true).args(["game", "pays", "classes"])))]
pub struct ChartArgs {
    /// Table whose chart to generate, by id: a machine (e.g. jacks-or-better), a kicker game (double-double-bonus, triple-double-bonus), a table of `vpoker tables` or lab:NAME with --db.
    #[arg(long, value_name = "ID", value_parser = table_id())]
    pub game: Option<vpoker::game::TableId>,
    /// With --game lab:NAME: the game database the lab table was saved in (only read; not read for other tables).
    // Not `requires = "game"`: clap counts any arg of the required group "table" as meeting it
    // (clap-rs/clap#5910); the conflicts leave --game as the only table it goes with.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["pays", "classes"])]
    pub db: Option<PathBuf>,
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
    /// The three charts of the table instead: beginner (at most 10 lines), intermediate (20) and expert (40, the chart), each with its return, its cost and the lines it adds over the tier below.
    #[arg(long, conflicts_with_all = ["lines", "classes"])]
    pub tiers: bool,
    /// On a variant table (--game RULES:ID): the chart of its best single strategy on this many lines dealt (Ultimate X: 1, 3, 5 or 10), its exact return beside perfect play's, and where play that sees what is on screen departs from it at each average value on screen (docs/ULTIMATE-X.md, "The single strategy's chart"); with --tiers, that chart in three tiers, each with its return on the variant and its cost.
    #[arg(long, value_name = "N", requires = "game", conflicts_with_all = ["classes", "pays", "ultimate_x_lines"])]
    pub lines_dealt: Option<u8>,
    /// With --game ID: the same as --game ultimate-x:ID --lines-dealt N.
    #[arg(long, value_name = "N", requires = "game", conflicts_with_all = ["classes", "pays"])]
    pub ultimate_x_lines: Option<u8>,
    /// Print one JSON object {"game","family","lines","chart_return","optimal_return","cost","hands_per_lost_bet","seconds"} (with --tiers: {"game","optimal_return","tiers":[{"tier","max_lines","lines","chart_return","cost","added"}…]}; with --lines-dealt N --tiers: {"game","lines","optimal_return","single_strategy_return","tiers":[{"tier","max_lines","lines","chart_return","cost","cost_single_strategy","added"}…],"seconds"}).
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
    let dealt = args.lines_dealt.map(|lines| (lines, false)).or(args.ultimate_x_lines.map(|lines| (lines, true)));
    if let (Some((lines, flag)), Some(id)) = (dealt, &args.game) {
        let table = match table_of(id.as_str(), args.db.as_deref())? {
            Ok(table) => table,
            Err(refused) => return Ok(refused),
        };
        let plain = table.rules() == Rules::Plain;
        let table = match flag && plain {
            true => table
                .variant(vpoker::table::ULTIMATE_X_RULES)
                .ok_or_else(|| format!("--ultimate-x-lines: {} has no Ultimate X table", table.id()))?,
            false => table,
        };
        return match args.tiers {
            true => crate::variant_chart::tiers(&table, lines, args.json),
            false => crate::variant_chart::chart(&table, lines, args.json),
        };
    }
    let (game, table) = match (&args.game, &args.pays) {
        (Some(id), _) => match table_of(id.as_str(), args.db.as_deref())? {
            Ok(table) if args.tiers && table.rules() != Rules::Plain => {
                return Err(format!(
                    "--game {id} --tiers: a variant table's tiers are its single strategy's on a line count: add --lines-dealt N ({})",
                    table.lines().iter().map(u8::to_string).collect::<Vec<_>>().join(", ")
                ))
            }
            Ok(table) => (Some(table.id().to_string()), table.paytable().clone()),
            Err(refused) => return Ok(refused),
        },
        (None, Some(pays)) => (None, lab_table(args.family, pays)?),
        (None, None) => return Err("chart needs --game ID or --family F --pays P".into()),
    };
    let game = game.as_deref();
    let started = Instant::now();
    let never = AtomicBool::new(false);
    let text = if args.tiers {
        let tiers = chart::tiers(&table, &|_, _| {}, &never).map_err(|e| e.to_string())?;
        let seconds = started.elapsed().as_secs_f64();
        if args.json {
            tiers_json(game, &table, &tiers).to_string()
        } else {
            tiers_text(game, &table, &tiers, seconds)
        }
    } else {
        let chart = chart::generate_with_limit(&table, args.lines, &|_, _| {}, &never).map_err(|e| e.to_string())?;
        let seconds = started.elapsed().as_secs_f64();
        if args.json {
            chart_json(game, &table, &chart, seconds).to_string()
        } else {
            chart_text(game, &table, &chart, seconds)
        }
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

fn chart_json(game: Option<&str>, table: &Paytable, chart: &Chart, seconds: f64) -> Value {
    let mut object = Map::new();
    object.insert("game".into(), json!(game));
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

/// What the text output calls the table: its id, or a lab table's family and pays.
fn table_name(game: Option<&str>, table: &Paytable) -> String {
    game.map_or_else(
        || {
            let pays: Vec<String> = table.rows().iter().map(|r| r.pay.to_string()).collect();
            format!("{} paytable {}", custom::family_id(table.family()), pays.join(","))
        },
        str::to_string,
    )
}

fn chart_text(game: Option<&str>, table: &Paytable, chart: &Chart, seconds: f64) -> String {
    let name = table_name(game, table);
    let per_bet = chart.hands_per_lost_bet().map_or("never".to_string(), |h| format!("{h:.0}"));
    format!(
        "{name}: chart of {} lines, first matching line wins (share of deals decided, mean EV per coin)\n{}\n\
         one bet lost to optimal play every {per_bet} hands; generated in {seconds:.3} s",
        chart.lines().len(),
        chart.to_text()
    )
}

/// `chart --tiers --json`: `{"game"[, "pays"],"optimal_return","tiers":[…]}`, the tiers as the core
/// serializes them (each `{"tier","max_lines","lines","chart_return","cost","added"}`).
fn tiers_json(game: Option<&str>, table: &Paytable, tiers: &Tiers) -> Value {
    let mut object = Map::new();
    object.insert("game".into(), json!(game));
    if game.is_none() {
        object.insert("pays".into(), pays_json(table));
    }
    if let Value::Object(core) = json!(tiers) {
        object.extend(core);
    }
    Value::Object(object)
}

/// `chart --tiers`: the three charts one after the other, a line the tier adds over the tier below
/// marked `+`.
fn tiers_text(game: Option<&str>, table: &Paytable, tiers: &Tiers, seconds: f64) -> String {
    let mut text = format!(
        "{}: charts in three tiers, first matching line wins (+ new in this tier; share of deals decided, mean EV per coin); optimal {:.6} %\n",
        table_name(game, table),
        tiers.optimal_return() * 100.0
    );
    for tier in tiers.tiers() {
        let chart = tier.chart();
        text.push_str(&format!(
            "\n{} (at most {} lines): {} lines\n",
            tier.name(),
            tier.max_lines(),
            chart.lines().len()
        ));
        for line in chart.lines() {
            text.push_str(&format!(
                "{} {:>3}. {:<52} {:>9.5} % {:>10.6}\n",
                if tier.adds(&line.class) { '+' } else { ' ' },
                line.rank,
                line.label,
                line.frequency * 100.0,
                line.mean_ev
            ));
        }
        let per_bet = chart.hands_per_lost_bet().map_or("never".to_string(), |h| format!("{h:.0}"));
        text.push_str(&format!(
            "{} return {:.6} %, cost {:.6} percentage points, one bet lost to optimal play every {per_bet} hands\n",
            tier.name(),
            chart.chart_return() * 100.0,
            tier.cost() * 100.0
        ));
    }
    text.push_str(&format!("generated in {seconds:.3} s"));
    text
}
