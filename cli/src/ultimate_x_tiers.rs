//! `vpoker chart --game ID --ultimate-x-lines N --tiers [--json]`: the best single strategy's chart
//! of a table's Ultimate X game in three tiers (beginner ≤ 10 lines, intermediate ≤ 20, expert ≤ 40),
//! each with its exact return on the Ultimate X game and its cost against perfect play and against
//! the single strategy, and the lines it adds over the tier below (`vpoker::ultimate_x::tiers`).

use std::fmt::Write as _;
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use serde_json::{json, Value};
use vpoker::table::Table;

/// `chart --game ID --ultimate-x-lines N --tiers`: as one JSON object `{"game","lines",
/// "optimal_return","single_strategy_return","tiers":[…],"seconds"}`, the tiers as the core
/// serializes them, or as text, a line a tier adds over the tier below marked `+`.
pub fn tiers(table: &Table, lines: u8, json: bool) -> Result<ExitCode, String> {
    let started = Instant::now();
    let ux = vpoker::ultimate_x::tiers::tiers(table, lines).map_err(|e| e.to_string())?;
    let seconds = started.elapsed().as_secs_f64();
    let text = if json {
        let mut object = serde_json::Map::new();
        object.insert("game".into(), json!(table.id()));
        if let Value::Object(core) = json!(ux) {
            object.extend(core);
        }
        object.insert("seconds".into(), json!((seconds * 1e4).round() / 1e4));
        Value::Object(object).to_string()
    } else {
        let mut text = format!(
            "{} Ultimate X, {lines} line{}: the best single strategy's chart in three tiers, first matching line wins (+ new in this tier); perfect play {:.4} %, the single strategy {:.4} % (per unit bet, the Ultimate X bet included)\n",
            table.id(),
            if lines == 1 { "" } else { "s" },
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
