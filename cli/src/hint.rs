//! `vpoker hint --game ID [--json] ["HAND"]`: the EV of every hold, best first.
//!
//! With a hand argument it answers once; without one it reads one hand per line from standard
//! input and answers each line as it arrives (blank lines are skipped), building the tables once.
//! A bad hand ends the run with a one-line error naming the line, and exit status 2.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use serde_json::{json, Value};
use vpoker::card::{cards_to_string, parse_hand, Card};
use vpoker::hold::Hold;
use vpoker::machine::MachineId;
use vpoker::strategy::{hand_evs, HoldEv};

use crate::args::Args;

/// Runs the `hint` subcommand.
pub fn hint(argv: &[String]) -> Result<ExitCode, String> {
    let args = Args::parse(argv, &["game"], &["json"])?;
    let machine: MachineId = args.parsed("game")?;
    let json = args.switch("json");
    if !args.positional().is_empty() {
        let hand = parse_hand(&args.positional().join(" ")).map_err(|e| e.to_string())?;
        // A closed pipe (e.g. `| head`) is not an error.
        let _ = writeln!(std::io::stdout().lock(), "{}", render(machine, &hand, json));
        return Ok(ExitCode::SUCCESS);
    }
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for (line_idx, line) in stdin.lock().lines().enumerate() {
        let line = line.map_err(|e| format!("reading standard input: {e}"))?;
        if line.trim().is_empty() {
            continue;
        }
        let hand = parse_hand(&line).map_err(|e| format!("line {}: {e}", line_idx + 1))?;
        // Standard output is line-buffered, so a program driving us line by line gets each answer
        // as soon as it is written; a closed pipe just ends the run.
        if writeln!(out, "{}", render(machine, &hand, json)).is_err() {
            break;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// One hand's answer: a JSON object on one line, or a readable table.
fn render(machine: MachineId, hand: &[Card; 5], json: bool) -> String {
    let evs = hand_evs(machine, hand);
    let sorted = evs.sorted();
    if json {
        return hint_json(machine, hand, &sorted).to_string();
    }
    let best = sorted[0];
    let mut text = format!(
        "{} on {machine}: hold {} ({}), EV {:.9}\n  hold   kept             EV            cost",
        cards_to_string(hand),
        best.hold,
        kept_text(hand, best.hold),
        best.ev
    );
    for HoldEv { hold, ev } in &sorted {
        text.push_str(&format!("\n  {hold}  {:<15}  {ev:12.9}  {:.9}", kept_text(hand, *hold), best.ev - ev));
    }
    text
}

/// The contract's JSON object: game, hand, best mask, and all 32 holds best first.
fn hint_json(machine: MachineId, hand: &[Card; 5], sorted: &[HoldEv]) -> Value {
    let holds: Vec<Value> = sorted
        .iter()
        .map(|hold_ev| {
            json!({
                "mask": hold_ev.hold.mask(),
                "cards": held_cards(hand, hold_ev.hold),
                "ev": round9(hold_ev.ev),
            })
        })
        .collect();
    json!({ "game": machine, "hand": hand, "best": sorted[0].hold.mask(), "holds": holds })
}

fn held_cards(hand: &[Card; 5], hold: Hold) -> Vec<Card> {
    (0..5).filter(|&i| hold.holds(i)).map(|i| hand[i]).collect()
}

/// The hand with discarded cards shown as "--", so the held positions stay visible.
fn kept_text(hand: &[Card; 5], hold: Hold) -> String {
    (0..5).map(|i| if hold.holds(i) { hand[i].to_string() } else { "--".into() }).collect::<Vec<_>>().join(" ")
}

/// The EV rounded to 9 decimals, which JSON then prints as a short number.
fn round9(ev: f64) -> f64 {
    (ev * 1e9).round() / 1e9
}
