//! `vpoker chart --game ID --ultimate-x-lines N [--json]`: the best single strategy's chart of a
//! table's Ultimate X game, its exact return beside perfect play's and the single strategy's, and
//! where exact play departs from it at each average multiplier (`vpoker::ultimate_x::chart`).

use std::fmt::Write as _;
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use serde_json::json;
use vpoker::table::Table;

/// `chart --game ID --ultimate-x-lines N`: the best single strategy's chart on `lines` lines, its
/// exact return beside perfect play's and the single strategy's, and where play that sees the
/// multipliers on screen departs from it at each average multiplier (`ultimate_x::chart`).
pub fn chart(table: &Table, lines: u8, json: bool) -> Result<ExitCode, String> {
    let started = Instant::now();
    let ux = vpoker::ultimate_x::chart::chart(table, lines).map_err(|e| e.to_string())?;
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
        let mut text = format!(
            "{} Ultimate X, {lines} line{}: the best single strategy's chart returns {:.4} % (the single strategy {:.4} %, perfect play {:.4} %; per unit bet, the Ultimate X bet included)\n",
            table.id(),
            if lines == 1 { "" } else { "s" },
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
            for e in at.exceptions.iter().take(3) {
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
