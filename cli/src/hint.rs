//! `vpoker hint --game ID [--json] ["HAND"]`: the EV of every hold, best first (with `--json`,
//! each hold's final-hand distribution too).
//!
//! With a hand argument it answers once; without one it reads one hand per line from standard
//! input and answers each line as it arrives (blank lines are skipped), building the tables once.
//! A bad hand ends the run with a one-line error naming the line, and exit status 2.

use std::fmt::Write as _;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::process::ExitCode;

use vpoker::card::{cards_to_string, Card};
use vpoker::table::Table;
use vpoker::hold::Hold;
use vpoker::strategy::{hold_distributions, HoldDistribution, HoldEv};

use crate::cli::HintArgs;

/// Runs the `hint` subcommand.
pub fn hint(args: HintArgs) -> Result<ExitCode, String> {
    let machine = &args.flagged(named_table(args.game.as_str())?)?;
    let json = args.json;
    if machine.rules() != vpoker::table::Rules::Plain {
        return Err(format!("--game {}: a hold here is valued with what is on screen: add --lines N", machine.id()));
    }
    each_hand(machine.deck(), &args.hand, |hand| Ok(render(machine, hand, json)))
}

/// Answers the hand given as arguments once or, with none, each hand of standard input as it
/// arrives (one per line, blank lines skipped): `answer` gives a hand's text. A bad hand ends the
/// run with a one-line error naming the line. Every form of `hint` reads its hands through this.
pub fn each_hand(
    deck: vpoker::table::Deck,
    args: &[String],
    mut answer: impl FnMut(&[Card; 5]) -> Result<String, String>,
) -> Result<ExitCode, String> {
    if !args.is_empty() {
        let hand = deck.parse_hand(&args.join(" ")).map_err(|e| e.to_string())?;
        // A closed pipe (e.g. `| head`) is not an error.
        let _ = writeln!(std::io::stdout().lock(), "{}", answer(&hand)?);
        return Ok(ExitCode::SUCCESS);
    }
    // Answers are buffered while more input is already waiting and flushed before a read that may
    // block, so a program driving us line by line gets each answer at once and a file of hands
    // is not written one system call per line.
    let mut reader = BufReader::with_capacity(1 << 16, std::io::stdin());
    let mut out = BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let mut line = String::new();
    for line_number in 1.. {
        if reader.buffer().is_empty() && out.flush().is_err() {
            break; // A closed pipe just ends the run.
        }
        line.clear();
        let n_read = reader.read_line(&mut line).map_err(|e| format!("reading standard input: {e}"))?;
        if n_read == 0 {
            break;
        }
        if line.trim().is_empty() {
            continue;
        }
        let hand = match deck.parse_hand(&line) {
            Ok(hand) => hand,
            Err(e) => {
                let _ = out.flush(); // The answers to the good lines before it still count.
                return Err(format!("line {line_number}: {e}"));
            }
        };
        if writeln!(out, "{}", answer(&hand)?).is_err() {
            break;
        }
    }
    let _ = out.flush();
    Ok(ExitCode::SUCCESS)
}

/// The table `--game` names (a lab table is read from a database, which hint does not take).
pub(crate) fn named_table(id: &str) -> Result<Table, String> {
    Table::named(id).ok_or_else(|| {
        format!("--game {id}: hint takes a machine, a kicker game or a table of `vpoker tables` (a lab table's hints are in the lab)")
    })
}

/// One hand's answer: a JSON object on one line, or a readable table.
fn render(machine: &Table, hand: &[Card; 5], json: bool) -> String {
    let evs = machine.hand_evs(hand);
    let sorted = evs.sorted();
    if json {
        return hint_json(machine, hand, &sorted);
    }
    let best = sorted[0];
    let mut text = format!(
        "{} on {}: hold {} ({}), EV {:.9}\n  hold   kept             EV            cost",
        cards_to_string(hand),
        machine.id(),
        best.hold,
        kept_text(hand, best.hold),
        best.ev
    );
    for HoldEv { hold, ev } in &sorted {
        text.push_str(&format!("\n  {hold}  {:<15}  {ev:12.9}  {:.9}", kept_text(hand, *hold), best.ev - ev));
    }
    text
}

/// The contract's JSON object on one line: game, hand, best mask, and all 32 holds best first,
/// each with its final-hand distribution: its draws, and per paytable row id (then `nothing`)
/// the probability and the exact count (`strategy::hold_distributions`).
/// Written by hand rather than through `serde_json::Value`: every piece is a machine id, a card's
/// text, a small integer or a finite number, none of which needs escaping, and this keeps stdin
/// mode fast.
fn hint_json(machine: &Table, hand: &[Card; 5], sorted: &[HoldEv]) -> String {
    let mut text = String::with_capacity(2048);
    let _ = write!(text, r#"{{"game":"{}","hand":"#, machine.id());
    push_cards(&mut text, hand, Hold::ALL);
    let _ = write!(text, r#","best":{},"holds":["#, sorted[0].hold.mask());
    let distributions = hold_distributions(machine.paytable(), hand);
    let ids: Vec<&str> = machine.paytable().rows().iter().map(|row| row.id).chain(["nothing"]).collect();
    for (idx, hold_ev) in sorted.iter().enumerate() {
        let separator = if idx == 0 { "" } else { "," };
        let _ = write!(text, r#"{separator}{{"mask":{},"cards":"#, hold_ev.hold.mask());
        push_cards(&mut text, hand, hold_ev.hold);
        // Display of an f64 is its shortest exact form, never an exponent: a valid JSON number.
        let _ = write!(text, r#","ev":{}"#, round9(hold_ev.ev));
        push_distribution(&mut text, &ids, &distributions[hold_ev.hold.mask() as usize]);
        text.push('}');
    }
    text.push_str("]}");
    text
}

/// Appends a hold's `"draws"`, `"distribution"` (row id → probability) and `"counts"` (row id →
/// draws): row ids need no escaping, and a probability is printed as f64's shortest exact form.
pub(crate) fn push_distribution(text: &mut String, ids: &[&str], drawn: &HoldDistribution) {
    let _ = write!(text, r#","draws":{},"distribution":{{"#, drawn.n_draws());
    for (idx, (id, p)) in ids.iter().zip(drawn.probabilities()).enumerate() {
        let _ = write!(text, r#"{}"{id}":{p}"#, if idx == 0 { "" } else { "," });
    }
    text.push_str(r#"},"counts":{"#);
    for (idx, (id, count)) in ids.iter().zip(drawn.counts()).enumerate() {
        let _ = write!(text, r#"{}"{id}":{count}"#, if idx == 0 { "" } else { "," });
    }
    text.push('}');
}

/// Appends the held cards as a JSON array of card texts.
pub(crate) fn push_cards(text: &mut String, hand: &[Card; 5], hold: Hold) {
    text.push('[');
    for (idx, card) in held_cards(hand, hold).iter().enumerate() {
        let _ = write!(text, "{}\"{card}\"", if idx == 0 { "" } else { "," });
    }
    text.push(']');
}

fn held_cards(hand: &[Card; 5], hold: Hold) -> Vec<Card> {
    (0..5).filter(|&i| hold.holds(i)).map(|i| hand[i]).collect()
}

/// The hand with discarded cards shown as "--", so the held positions stay visible.
pub(crate) fn kept_text(hand: &[Card; 5], hold: Hold) -> String {
    (0..5)
        .map(|i| if hold.holds(i) { hand[i].to_string() } else { "--".into() })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The EV rounded to 9 decimals, which JSON then prints as a short number.
pub(crate) fn round9(ev: f64) -> f64 {
    (ev * 1e9).round() / 1e9
}
