//! `vpoker chart --game RULES:ID --lines-dealt N [--tiers] [--json]`: a variant table's best single
//! strategy's chart, its exact return beside perfect play's and the single strategy's, and where
//! exact play departs from it at each average value on screen; or that chart in three tiers
//! (`vpoker::rules::chart`, `chart_tiers`: seconds the first time for a table and line count).

use std::fmt::Write as _;
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use serde_json::{json, Value};
use vpoker::rules;
use vpoker::table::Table;

/// "3 lines" or "1 line".
pub fn lines_text(lines: u8) -> String {
    format!("{lines} line{}", if lines == 1 { "" } else { "s" })
}

/// `chart --game RULES:ID --lines-dealt N`: the best single strategy's chart on `lines` lines, its
/// exact return beside perfect play's and the single strategy's, and where play that sees what is
/// on screen departs from it at each average multiplier (`rules::chart`).
pub fn chart(table: &Table, lines: u8, json: bool) -> Result<ExitCode, String> {
    let started = Instant::now();
    crate::plain_refusal::shows_something(table, "--lines-dealt")?;
    let ux = rules::chart(table, lines).map_err(|e| e.to_string())?;
    let seconds = started.elapsed().as_secs_f64();
    let text = if json {
        let chart: Vec<serde_json::Value> =
            ux.chart.lines().iter().map(|l| json!({ "rank": l.rank, "class": l.class, "label": l.label, "frequency": l.frequency })).collect();
        json!({
            "game": table.id(),
            "lines": lines,
            "return_perfect": ux.return_perfect,
            "return_single_strategy": ux.return_single_strategy,
            "return_chart": ux.return_chart,
            "mean_multiplier": ux.mean_multiplier,
            "chart": chart,
            "by_multiplier": ux.by_multiplier,
            "seconds": (seconds * 1e4).round() / 1e4,
        })
        .to_string()
    } else {
        let name = table.rules().name();
        let mut text = format!(
            "{} {name}, {}: the best single strategy's chart returns {:.4} % (the single strategy {:.4} %, perfect play {:.4} %; per unit bet, the {name} bet included)\n",
            table.id(),
            lines_text(lines),
            100.0 * ux.return_chart,
            100.0 * ux.return_single_strategy,
            100.0 * ux.return_perfect,
        );
        for line in ux.chart.lines() {
            let _ = writeln!(text, "{:>3}. {}", line.rank, line.label);
        }
        for at in &ux.by_multiplier {
            let _ = writeln!(
                text,
                "at {}x a line on average: the exact hold differs in {:.3} % of deals, the chart gives up {:.4} %",
                at.multiplier,
                100.0 * at.frequency,
                100.0 * at.cost
            );
            for e in at.exceptions.iter().take(rules::SCREEN_EXCEPTIONS) {
                let instead = e.instead.as_ref().map_or_else(|| "a hold the chart does not name".to_string(), |l| format!("{}. {}", l.rank, l.label));
                let _ = writeln!(
                    text,
                    "    line {}. {} → {instead}: {:.3} % of deals, {:.4} a unit each (e.g. {} holding {} for {})",
                    e.line.rank,
                    e.line.label,
                    100.0 * e.frequency,
                    e.cost,
                    vpoker::card::cards_to_string(&e.example.cards),
                    e.example.chart_hold.to_bits(),
                    e.example.best_hold.to_bits()
                );
            }
        }
        let _ = write!(text, "{seconds:.2} s");
        text
    };
    let _ = writeln!(std::io::stdout().lock(), "{text}");
    Ok(ExitCode::SUCCESS)
}

/// `chart --game RULES:ID --lines-dealt N --tiers`: as one JSON object `{"game","lines",
/// "optimal_return","single_strategy_return","tiers":[…],"seconds"}`, the tiers as the core
/// serializes them, or as text, a line a tier adds over the tier below marked `+`.
pub fn tiers(table: &Table, lines: u8, json: bool) -> Result<ExitCode, String> {
    let started = Instant::now();
    crate::plain_refusal::shows_something(table, "--lines-dealt")?;
    let ux = rules::chart_tiers(table, lines).map_err(|e| e.to_string())?;
    let seconds = started.elapsed().as_secs_f64();
    let text = if json {
        let mut object = serde_json::Map::new();
        object.insert("game".into(), json!(table.id()));
        if let Value::Object(core) = json!(*ux) {
            object.extend(core);
        }
        object.insert("seconds".into(), json!((seconds * 1e4).round() / 1e4));
        Value::Object(object).to_string()
    } else {
        let name = table.rules().name();
        let mut text = format!(
            "{} {name}, {}: the best single strategy's chart in three tiers, first matching line wins (+ new in this tier); perfect play {:.4} %, the single strategy {:.4} % (per unit bet, the {name} bet included)\n",
            table.id(),
            lines_text(lines),
            100.0 * ux.optimal_return(),
            100.0 * ux.single_strategy_return(),
        );
        for tier in ux.tiers() {
            let chart = tier.plain().chart();
            let _ = writeln!(text, "\n{} (at most {} lines): {} lines", tier.plain().name(), tier.plain().max_lines(), chart.lines().len());
            for line in chart.lines() {
                let _ = writeln!(
                    text,
                    "{} {:>3}. {:<52} {:>9.5} %",
                    if tier.plain().adds(&line.class) { '+' } else { ' ' },
                    line.rank,
                    line.label,
                    line.frequency * 100.0
                );
            }
            let _ = writeln!(
                text,
                "{} return {:.4} %, cost {:.4} percentage points against perfect play, {:.4} against the single strategy",
                tier.plain().name(),
                100.0 * tier.chart_return(),
                100.0 * tier.cost(),
                100.0 * tier.cost_single_strategy()
            );
        }
        let _ = write!(text, "generated in {seconds:.2} s");
        text
    };
    // A closed pipe (e.g. `| head`) is not an error.
    let _ = writeln!(std::io::stdout().lock(), "{text}");
    Ok(ExitCode::SUCCESS)
}
