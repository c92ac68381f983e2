//! `vpoker analyze --game ID|all [--json]`: the return of optimal play and the final-hand
//! probabilities over all 2,598,960 deals; `vpoker analyze --family F --pays P [--json]`: the same
//! and the variance for a lab paytable (the pays checked by the core, a bad one named by row).
//!
//! `--game` takes a machine or a kicker game (`double-double-bonus` 9/6, `triple-double-bonus`
//! 9/7). A kicker game is analysed as any table is (`strategy::custom::analyze_table` on its
//! paytable, about 15 ms) and printed in the machines' shape: `{"game","return","probabilities",
//! "seconds"}`, the probabilities keyed by the kicker table's rows, then `nothing`. `all` stays the
//! five machines (what `scripts/check-returns.sh` reads); the kicker games are named one by one.
//!
//! With `all`, the tables of both game families are built first, in parallel, then each machine is
//! analysed on two threads; `seconds` is that machine's analysis time (for one machine it includes
//! building its tables). A progress bar goes to standard error only when it is a terminal.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use serde_json::{json, Map, Value};
use vpoker::kicker::KickerGame;
use vpoker::library::Base;
use vpoker::machine::{MachineId, Paytable};
use vpoker::strategy::custom::{analyze_table, family_id, TableAnalysis};
use vpoker::strategy::{analyze_classes, suit_classes, warm_up, Analysis};

use crate::cli::{AnalyzeArgs, AnalyzeGames};

/// Runs the `analyze` subcommand.
pub fn analyze(args: AnalyzeArgs) -> Result<ExitCode, String> {
    if let Some(lines) = args.lines {
        let table = match &args.game {
            Some(AnalyzeGames::One(base)) => vpoker::table::Table::from(*base),
            Some(AnalyzeGames::Library(preset)) => vpoker::table::Table::preset(preset),
            Some(AnalyzeGames::Variant(table)) => table.clone(),
            _ => return Err("analyze --lines needs --game ID (one table)".into()),
        };
        return crate::variant::analyze(&args.flagged(table)?, lines, args.json);
    }
    let machines: Vec<MachineId> = match (args.game, &args.pays) {
        (Some(AnalyzeGames::Library(preset)), _) => return analyze_preset(preset, args.json),
        (Some(AnalyzeGames::Variant(table)), _) => {
            if vpoker::rules::returns_on_every_line_count(&table) {
                let lines = table.lines()[0];
                return crate::variant::analyze(&table, lines, args.json);
            }
            return Err(format!("--game {}: its returns depend on the lines dealt: add --lines N", table.id()));
        }
        (Some(AnalyzeGames::All), _) => MachineId::ALL.to_vec(),
        (Some(AnalyzeGames::One(Base::Machine(machine))), _) => vec![machine],
        (Some(AnalyzeGames::One(Base::Kicker(game))), _) => return analyze_kicker(game, args.json),
        (None, Some(pays)) => return analyze_pays(&crate::chart::lab_table(args.family, pays)?, args.json),
        (None, None) => return Err("analyze needs --game ID|all or --family F --pays P".into()),
    };
    let json = args.json;
    let started = Instant::now();
    let bar = Progress::new(machines.len());
    if machines.len() > 1 {
        bar.label("building tables");
        warm_up();
    }
    let tables_seconds = started.elapsed().as_secs_f64();
    let classes = suit_classes();
    let mut out = std::io::stdout().lock();
    for (machine_idx, &machine) in machines.iter().enumerate() {
        let machine_started = Instant::now();
        bar.label(machine.id());
        let analysis = analyze_classes(machine, &classes, &|done, total| bar.update(machine, machine_idx, done, total));
        let seconds = machine_started.elapsed().as_secs_f64();
        bar.clear();
        let text = if json { analysis_json(&analysis, seconds).to_string() } else { analysis_text(&analysis, seconds) };
        if writeln!(out, "{text}").is_err() {
            return Ok(ExitCode::SUCCESS); // A closed pipe is not an error.
        }
    }
    if !json && machines.len() > 1 {
        let total = started.elapsed().as_secs_f64();
        let _ = writeln!(out, "all {} machines in {total:.3} s (tables {tables_seconds:.3} s)", machines.len());
    }
    Ok(ExitCode::SUCCESS)
}

/// The contract's JSON object for one machine.
fn analysis_json(analysis: &Analysis, seconds: f64) -> Value {
    let probabilities: Map<String, Value> =
        analysis.outcomes().iter().map(|o| (o.id.to_string(), json!(o.probability))).collect();
    json!({
        "game": analysis.machine(),
        "return": analysis.return_rate(),
        "variance": analysis.variance(),
        "sd": analysis.variance().sqrt(),
        "deal_variance": analysis.deal_variance(),
        "sd_per_line": (1..=10).map(|lines| analysis.sd_per_line(lines)).collect::<Vec<f64>>(),
        "probabilities": probabilities,
        "seconds": (seconds * 1e4).round() / 1e4,
    })
}

/// `analyze --game double-double-bonus|triple-double-bonus`: the kicker game's table analysed as a
/// lab table is, printed as a machine's analysis is (the same keys and text).
fn analyze_kicker(game: KickerGame, json: bool) -> Result<ExitCode, String> {
    let started = Instant::now();
    let analysis = analyze_table(game.paytable());
    let seconds = started.elapsed().as_secs_f64();
    let text = if json {
        table_json(game.id(), &analysis, seconds).to_string()
    } else {
        table_text(game.id(), &analysis, seconds)
    };
    // A closed pipe is not an error.
    let _ = writeln!(std::io::stdout().lock(), "{text}");
    Ok(ExitCode::SUCCESS)
}

/// `analyze --game ID` for a table of the library: analysed as a kicker game's table is.
fn analyze_preset(preset: &vpoker::library::Preset, json: bool) -> Result<ExitCode, String> {
    let started = Instant::now();
    let analysis = analyze_table(&preset.paytable());
    let seconds = started.elapsed().as_secs_f64();
    let text =
        if json { table_json(preset.id, &analysis, seconds).to_string() } else { table_text(preset.id, &analysis, seconds) };
    let _ = writeln!(std::io::stdout().lock(), "{text}");
    Ok(ExitCode::SUCCESS)
}

/// A table's analysis in the machines' JSON shape, named `game`.
fn table_json(game: &str, analysis: &TableAnalysis, seconds: f64) -> Value {
    let probabilities: Map<String, Value> =
        analysis.outcomes.iter().map(|o| (o.id.to_string(), json!(o.probability))).collect();
    json!({
        "game": game,
        "return": analysis.return_rate,
        "variance": analysis.variance,
        "sd": analysis.variance.sqrt(),
        "deal_variance": analysis.deal_variance,
        "sd_per_line": (1..=10).map(|lines| analysis.sd_per_line(lines)).collect::<Vec<f64>>(),
        "probabilities": probabilities,
        "seconds": (seconds * 1e4).round() / 1e4,
    })
}

/// A table's analysis in the machines' text form, named `game`.
fn table_text(game: &str, analysis: &TableAnalysis, seconds: f64) -> String {
    let mut text = format!(
        "{game}: return {:.12} ({:.4} %) with optimal holds, {seconds:.3} s",
        analysis.return_rate,
        analysis.return_rate * 100.0
    );
    for outcome in &analysis.outcomes {
        text.push_str(&format!("\n  {:<20} {:.12}", outcome.id, outcome.probability));
    }
    text
}

/// `analyze --family F --pays P`: a lab paytable's return, probabilities and variance.
fn analyze_pays(table: &Paytable, json: bool) -> Result<ExitCode, String> {
    let started = Instant::now();
    let analysis = analyze_table(table);
    let seconds = started.elapsed().as_secs_f64();
    let text = if json {
        let probabilities: Map<String, Value> =
            analysis.outcomes.iter().map(|o| (o.id.to_string(), json!(o.probability))).collect();
        json!({
            "family": family_id(table.family()),
            "pays": crate::chart::pays_json(table),
            "return": analysis.return_rate,
            "probabilities": probabilities,
            "variance": analysis.variance,
            "seconds": (seconds * 1e4).round() / 1e4,
        })
        .to_string()
    } else {
        let pays: Vec<String> = table.rows().iter().map(|r| format!("{} {}", r.id, r.pay)).collect();
        let mut text = format!(
            "{} paytable ({}): return {:.12} ({:.4} %) with optimal holds, variance {:.4}, {seconds:.3} s",
            family_id(table.family()),
            pays.join(", "),
            analysis.return_rate,
            analysis.return_rate * 100.0,
            analysis.variance
        );
        for outcome in &analysis.outcomes {
            text.push_str(&format!("\n  {:<20} {:.12}", outcome.id, outcome.probability));
        }
        text
    };
    // A closed pipe is not an error.
    let _ = writeln!(std::io::stdout().lock(), "{text}");
    Ok(ExitCode::SUCCESS)
}

fn analysis_text(analysis: &Analysis, seconds: f64) -> String {
    let mut text = format!(
        "{}: return {:.12} ({:.4} %) with optimal holds, {seconds:.3} s",
        analysis.machine(),
        analysis.return_rate(),
        analysis.return_rate() * 100.0
    );
    for outcome in analysis.outcomes() {
        text.push_str(&format!("\n  {:<20} {:.12}", outcome.id, outcome.probability));
    }
    text
}

/// A one-line progress bar on standard error, drawn only when standard error is a terminal.
/// Workers report from two threads; a redraw happens only when the shown percentage changes.
struct Progress {
    enabled: bool,
    n_machines: usize,
    shown: AtomicUsize,
}

const BAR_WIDTH: usize = 30;

impl Progress {
    fn new(n_machines: usize) -> Progress {
        Progress { enabled: std::io::stderr().is_terminal(), n_machines, shown: AtomicUsize::new(usize::MAX) }
    }

    fn label(&self, text: &str) {
        if self.enabled {
            eprint!("\r\x1b[2K{text} …");
        }
    }

    fn update(&self, machine: MachineId, machine_idx: usize, done: usize, total: usize) {
        if !self.enabled || total == 0 {
            return;
        }
        let overall = (machine_idx * total + done) * 100 / (self.n_machines * total);
        if self.shown.swap(overall, Ordering::Relaxed) == overall {
            return;
        }
        let filled = overall * BAR_WIDTH / 100;
        let bar = format!("{}{}", "#".repeat(filled), ".".repeat(BAR_WIDTH - filled));
        eprint!("\r\x1b[2K[{bar}] {overall:3}%  {machine}");
    }

    fn clear(&self) {
        if self.enabled {
            eprint!("\r\x1b[2K");
        }
    }
}
