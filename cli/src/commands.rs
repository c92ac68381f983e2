//! Subcommand dispatch.

use std::process::ExitCode;

use crate::args::Args;
use vpoker::card::{cards_to_string, parse_hand};
use vpoker::machine::MachineId;
use vpoker::shuffle::{fresh_deck, Algorithm, Seed};

const USAGE: &str = "usage: vpoker <eval|shuffle|hint|analyze|play|simulate> ... (see README.md)";

/// Runs one command line. `Err` is a usage or input error (exit 2 after a one-line message).
pub fn run(argv: &[String]) -> Result<ExitCode, String> {
    let (command, rest) = argv.split_first().ok_or(USAGE)?;
    match command.as_str() {
        "eval" => eval(rest),
        "shuffle" => shuffle(rest),
        "hint" => crate::hint::hint(rest),
        "analyze" => crate::analyze::analyze(rest),
        "play" => crate::play::play(rest),
        "simulate" => crate::simulate::simulate(rest),
        "--help" | "-h" | "help" => {
            println!("{USAGE}");
            Ok(ExitCode::SUCCESS)
        }
        other => Err(format!("unknown command '{other}'; {USAGE}")),
    }
}

/// `vpoker eval --game ID [--json] "Ah Kh Qh Jh Th"`
fn eval(argv: &[String]) -> Result<ExitCode, String> {
    let args = Args::parse(argv, &["game"], &["json"])?;
    let machine: MachineId = args.parsed("game")?;
    let text = match args.positional() {
        [one] => one.clone(),
        [] => return Err("eval needs a hand, e.g. \"Ah Kh Qh Jh Th\"".into()),
        many => many.join(" "),
    };
    let hand = parse_hand(&text).map_err(|e| e.to_string())?;
    let table = machine.paytable();
    let category = table.outcome_id(&hand);
    let pay = table.pay(&hand);
    if args.switch("json") {
        let object = serde_json::json!({ "game": machine, "hand": hand, "category": category, "pay": pay });
        println!("{object}");
    } else {
        println!("{}  {category}  pays {pay} per coin", cards_to_string(&hand));
    }
    Ok(ExitCode::SUCCESS)
}

/// `vpoker shuffle --seed HEX --count N [--cards K] [--algorithm A]`
fn shuffle(argv: &[String]) -> Result<ExitCode, String> {
    let args = Args::parse(argv, &["seed", "count", "cards", "algorithm"], &[])?;
    if let Some(extra) = args.positional().first() {
        return Err(format!("unexpected argument '{extra}'"));
    }
    let seed: Seed = args.parsed("seed")?;
    let count: u64 = args.parsed("count")?;
    let n_cards: usize = args.parsed_or("cards", 52)?;
    if !(1..=52).contains(&n_cards) {
        return Err(format!("--cards: {n_cards} is not between 1 and 52"));
    }
    let algorithm = match args.value("algorithm") {
        None => Algorithm::FisherYates,
        Some(id) => Algorithm::from_id(id).ok_or_else(|| {
            format!("--algorithm: '{id}' is not one of fisher-yates, sort-keys, biased")
        })?,
    };
    let mut rng = seed.rng();
    let deck = fresh_deck();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for _ in 0..count {
        let mut cards = deck[..n_cards].to_vec();
        algorithm.shuffle(&mut cards, &mut rng);
        if writeln!(out, "{}", cards_to_string(&cards)).is_err() {
            break; // A closed pipe (e.g. `| head`) is not an error.
        }
    }
    let _ = out.flush();
    Ok(ExitCode::SUCCESS)
}

use std::io::Write;
