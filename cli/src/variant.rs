//! A variant table's own answers (a table whose rules put something on screen before a deal:
//! `RULES:ID`, e.g. each line's multiplier), all asked of `vpoker::rules` and named by the table:
//! - `vpoker analyze --game RULES:ID --lines N [--json]`: the returns with perfect play and with the
//!   best single strategy, the mean value on screen and what each paying row earns;
//! - `vpoker hint --game RULES:ID --lines N [--multipliers M1,M2,…] [--json] CARDS`: every hold valued
//!   with what is on screen;
//! (`vpoker chart --game RULES:ID --lines-dealt N`: `variant_chart.rs`.)
//! Each solves the game first (a second or a few on two cores for a table the source has not solved).

use std::fmt::Write as _;
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use serde_json::json;
use vpoker::rules::{self, Screen};
use vpoker::table::Table;

use crate::hint::{kept_text, push_cards, push_distribution, round9};
use crate::variant_chart::lines_text;

/// Prints the game's returns.
pub fn analyze(table: &Table, lines: u8, json: bool) -> Result<ExitCode, String> {
    crate::plain_refusal::shows_something(table, "--lines")?;
    let started = Instant::now();
    let returns = rules::returns(table, lines).map_err(|e| e.to_string())?;
    let seconds = started.elapsed().as_secs_f64();
    let text = if json {
        json!({
            "game": table.id(),
            "lines": lines,
            "return": returns.return_perfect,
            "return_perfect": returns.return_perfect,
            "return_single_strategy": returns.return_single_strategy,
            "mean_multiplier": returns.mean_multiplier,
            "multipliers": returns.earned,
            "seconds": (seconds * 1e4).round() / 1e4,
        })
        .to_string()
    } else {
        let name = table.rules().name();
        let mut text = format!(
            "{} {name}, {}: return {:.6} % with perfect play, {:.6} % with the best single strategy (per unit bet, the {name} bet included); mean multiplier {:.4}; {seconds:.3} s\n  multipliers earned:",
            table.id(),
            lines_text(lines),
            100.0 * returns.return_perfect,
            100.0 * returns.return_single_strategy,
            returns.mean_multiplier,
        );
        for (row, multiplier) in &returns.earned {
            let _ = write!(text, "\n    {row:<24} {multiplier}x");
        }
        text
    };
    let _ = writeln!(std::io::stdout().lock(), "{text}");
    Ok(ExitCode::SUCCESS)
}

/// `hint` on a variant table: prints every hold of one hand (or of each line of standard input)
/// valued with what is on screen (`screen`, as typed; the start on every line without it).
pub fn hint(table: &Table, lines: u8, screen: Option<&str>, hand: &[String], json: bool) -> Result<ExitCode, String> {
    crate::plain_refusal::shows_something(table, "--lines")?;
    let shown = match screen {
        Some(text) => rules::parse(table, lines, text).map_err(|e| e.to_string())?,
        // Without one typed, the start on every line: none on a line count its rules do not deal.
        None => rules::start(table, lines).ok_or_else(|| rules::ScreenError::Lines { lines }.to_string())?,
    };
    crate::hint::each_hand(table.deck(), hand, |hand| render_hint(table, lines, &shown, hand, json))
}

/// One hand's hint on a variant table, as JSON or text.
fn render_hint(table: &Table, lines: u8, on_screen: &Screen, hand: &[vpoker::card::Card; 5], json: bool) -> Result<String, String> {
    let hand = *hand;
    let answer = rules::holds(table, on_screen, &hand).map_err(|e| e.to_string())?;
    let text = if json {
        let mut text = String::with_capacity(4096);
        let _ = write!(text, r#"{{"game":"{}","lines":{lines},"multipliers":{},"hand":"#, table.id(), json!(on_screen.values()));
        push_cards(&mut text, &hand, vpoker::hold::Hold::ALL);
        let _ = write!(
            text,
            r#","best":{},"plain_best":{},"plain_gives_up":{},"holds":["#,
            answer.best.mask(),
            answer.plain_best.mask(),
            round9(answer.plain_gives_up)
        );
        // Each hold's final-hand distribution on a line: the table's rows, whatever is on screen.
        let distributions = vpoker::strategy::hold_distributions(table.paytable(), &hand);
        let ids: Vec<&str> = table.paytable().rows().iter().map(|row| row.id).chain(["nothing"]).collect();
        for (idx, value) in answer.holds.iter().enumerate() {
            let separator = if idx == 0 { "" } else { "," };
            let _ = write!(text, r#"{separator}{{"mask":{},"cards":"#, value.hold.mask());
            push_cards(&mut text, &hand, value.hold);
            let _ = write!(text, r#","ev":{},"pays":{},"earned":{}"#, round9(value.ev), round9(value.pays), round9(value.earned));
            push_distribution(&mut text, &ids, &distributions[value.hold.mask() as usize]);
            text.push('}');
        }
        text.push_str("]}");
        text
    } else {
        let best = answer.holds[0];
        let mut text = format!(
            "{} on {}, multipliers {}: hold {} ({}), value {:.9} a line",
            vpoker::card::cards_to_string(&hand),
            table.id(),
            on_screen.values().iter().map(|m| format!("{m}x")).collect::<Vec<_>>().join(" "),
            best.hold,
            kept_text(&hand, best.hold),
            best.ev
        );
        if answer.plain_best != answer.best {
            let _ = write!(
                text,
                "\n  the plain game's hold {} ({}) gives up {:.9} a line here",
                answer.plain_best,
                kept_text(&hand, answer.plain_best),
                answer.plain_gives_up
            );
        }
        text.push_str("\n  hold   kept             value         pays now      earned   cost");
        for value in &answer.holds {
            let _ = write!(
                text,
                "\n  {}  {:<15}  {:12.9}  {:12.9}  {:6.3}x  {:.9}",
                value.hold,
                kept_text(&hand, value.hold),
                value.ev,
                value.pays,
                value.earned,
                best.ev - value.ev
            );
        }
        text
    };
    Ok(text)
}
