//! `vpoker analyze --game ID --ultimate-x --lines N [--json]`: the return of Ultimate X with
//! perfect play and with the best single strategy; `vpoker hint --game ID --ultimate-x --lines N
//! [--multipliers M1,M2,…] [--json] CARDS`: every hold valued with the multipliers on screen.
//! Both solve the game first (`vpoker::ultimate_x`, a second or a few on two cores).

use std::fmt::Write as _;
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use serde_json::json;
use vpoker::table::Table;
use vpoker::ultimate_x::hint::{hint as ux_hint, solution, OnScreen};

use crate::hint::{kept_text, named_table, push_cards, round9};

/// Prints the game's returns.
pub fn analyze(table: &Table, lines: u8, json: bool) -> Result<ExitCode, String> {
    let started = Instant::now();
    let (multipliers, solved) = solution(table, lines).map_err(|e| e.to_string())?;
    let single = vpoker::ultimate_x::game(table, &multipliers).single_strategy();
    let seconds = started.elapsed().as_secs_f64();
    let mean_multiplier: f64 =
        solved.stationary.iter().enumerate().map(|(i, p)| (i + usize::from(lines)) as f64 * p).sum::<f64>()
            / f64::from(lines);
    let text = if json {
        json!({
            "game": table.id(),
            "lines": lines,
            "return_perfect": solved.return_rate(),
            "return_single_strategy": single.return_rate(),
            "mean_multiplier": mean_multiplier,
            "multipliers": multiplier_rows(table, lines),
            "seconds": (seconds * 1e4).round() / 1e4,
        })
        .to_string()
    } else {
        let mut text = format!(
            "{} Ultimate X, {lines} line{}: return {:.6} % with perfect play, {:.6} % with the best single strategy (per unit bet, the Ultimate X bet included); mean multiplier {mean_multiplier:.4}; {seconds:.3} s\n  multipliers earned:",
            table.id(),
            if lines == 1 { "" } else { "s" },
            100.0 * solved.return_rate(),
            100.0 * single.return_rate(),
        );
        for (row, multiplier) in multiplier_rows(table, lines) {
            let _ = write!(text, "\n    {row:<24} {multiplier}x");
        }
        text
    };
    let _ = writeln!(std::io::stdout().lock(), "{text}");
    Ok(ExitCode::SUCCESS)
}

/// The multiplier each paying row earns, best row first.
fn multiplier_rows(table: &Table, lines: u8) -> Vec<(&'static str, u8)> {
    let Some(multipliers) = vpoker::ultimate_x::multipliers::Multipliers::of(table.base(), table.paytable(), lines)
    else {
        return Vec::new();
    };
    table
        .paytable()
        .rows()
        .iter()
        .map(|row| (row.id, row.categories.first().map_or(1, |&c| multipliers.of_category(c))))
        .collect()
}

/// `hint --ultimate-x`: prints every hold of one hand valued with the multipliers on screen.
pub fn hint(args: crate::cli::HintArgs) -> Result<ExitCode, String> {
    let table = &named_table(&args.game)?;
    let (lines, screen, json) = (args.lines.unwrap_or(0), args.multipliers.as_deref(), args.json);
    let (multipliers, _) = solution(table, lines).map_err(|e| e.to_string())?;
    let on_screen = match screen {
        Some(text) => OnScreen::parse(text, &multipliers).map_err(|e| e.to_string())?,
        None => OnScreen::ones(&multipliers),
    };
    // One hand from the arguments or, as `hint` does, one per line of standard input.
    crate::hint::each_hand(table.deck(), &args.hand, |hand| render_hint(table, lines, &on_screen, hand, json))
}

/// One hand's Ultimate X hint, as JSON or text.
fn render_hint(table: &Table, lines: u8, on_screen: &OnScreen, hand: &[vpoker::card::Card; 5], json: bool) -> Result<String, String> {
    let hand = *hand;
    let answer = ux_hint(table, on_screen, &hand).map_err(|e| e.to_string())?;
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
        for (idx, value) in answer.holds.iter().enumerate() {
            let separator = if idx == 0 { "" } else { "," };
            let _ = write!(text, r#"{separator}{{"mask":{},"cards":"#, value.hold.mask());
            push_cards(&mut text, &hand, value.hold);
            let _ = write!(
                text,
                r#","ev":{},"pays":{},"earned":{}}}"#,
                round9(value.ev),
                round9(value.pays),
                round9(value.earned)
            );
        }
        text.push_str("]}");
        text
    } else {
        let best = answer.holds[0];
        let mut text = format!(
            "{} on {} Ultimate X, multipliers {}: hold {} ({}), value {:.9} a line",
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

