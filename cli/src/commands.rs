//! Subcommand dispatch.

use std::process::ExitCode;

use clap::CommandFactory;
use vpoker::card::cards_to_string;
use vpoker::table::Deck;
use vpoker::shuffle::fresh_deck;

use crate::cli::{Cli, Command, CompletionsArgs, EvalArgs, ShuffleArgs};

/// Runs one parsed command line. `Err` is a usage or input error (exit 2 after a one-line message).
pub fn run(cli: Cli) -> Result<ExitCode, String> {
    match cli.command {
        Command::Eval(args) => eval(args),
        Command::Shuffle(args) => shuffle(args),
        Command::Hint(args) => match args.lines {
            // On a variant table: every hold valued with what is on screen.
            Some(lines) => {
                let table = args.flagged(crate::hint::named_table(args.game.as_str())?)?;
                crate::variant::hint(&table, lines, args.multipliers.as_deref(), &args.hand, args.json)
            }
            None => crate::hint::hint(args),
        },
        Command::Analyze(args) => crate::analyze::analyze(args),
        Command::Chart(args) => crate::chart::chart(args),
        Command::Play(args) => crate::play::play(args),
        Command::Verify(args) => crate::verify::verify(args),
        Command::Simulate(args) => crate::simulate::simulate(args),
        Command::Completions(args) => completions(args),
        Command::BenchStorage(args) => crate::bench::bench_storage(args),
        Command::Lab(args) => crate::lab::lab(args),
        Command::Drill(args) => crate::drill::drill(args),
        Command::Daily(args) => daily(args),
        Command::Tables(args) => tables(args),
    }
}

/// `vpoker tables [--json]`: the library, each table's return computed exactly.
fn tables(args: crate::cli::TablesArgs) -> Result<ExitCode, String> {
    use vpoker::library::PRESETS;
    let listed = vpoker::library::listing();
    // Each chart is generated once (in the listing's order); none without --charts.
    let costs: Vec<Option<vpoker::library::ChartCost>> =
        PRESETS.iter().map(|preset| args.charts.then(|| preset.chart_cost())).collect();
    if args.json {
        let tables: Vec<serde_json::Value> = listed
            .iter()
            .zip(&costs)
            .map(|(table, cost)| {
                let mut value = serde_json::json!(table);
                if let Some(cost) = cost {
                    value["chart"] = serde_json::json!({
                        "lines": cost.lines,
                        "chart_return": cost.chart_return,
                        "optimal_return": cost.optimal_return,
                        "cost": cost.cost,
                    });
                }
                value
            })
            .collect();
        println!("{}", serde_json::Value::Array(tables));
    } else {
        for (table, cost) in listed.iter().zip(&costs) {
            let chart = cost.as_ref().map_or(String::new(), |c| format!("  chart {:>2} lines, cost {:.4} pp", c.lines, c.cost * 100.0));
            println!("{:<32} {:<32} {:>9.4} %{chart}", table.id, table.name, table.return_rate * 100.0);
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `vpoker daily --date YYYY-MM-DD [--json]`: the date's ten deals as everyone gets them.
fn daily(args: crate::cli::DailyArgs) -> Result<ExitCode, String> {
    use vpoker::pipeline::daily;
    let machine = daily::machine(args.date.date());
    let deals: Vec<(String, [vpoker::card::Card; 5])> =
        (0..daily::DEALS).map(|i| (daily::seed(args.date.date(), i).to_string(), daily::deal(args.date.date(), i).dealt())).collect();
    let mut text = String::new();
    if args.json {
        let deals: Vec<_> = deals.iter().map(|(seed, cards)| serde_json::json!({ "seed": seed, "cards": cards })).collect();
        text = serde_json::json!({ "date": args.date.to_string(), "machine": machine.id(), "deals": deals }).to_string() + "\n";
    } else {
        text += &format!("{} {}\n", args.date, machine.id());
        for (i, (seed, cards)) in deals.iter().enumerate() {
            text += &format!("{i} {seed} {}\n", cards_to_string(cards));
        }
    }
    use std::io::Write;
    // A closed pipe (e.g. `| head`) is not worth a panic.
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    Ok(ExitCode::SUCCESS)
}

/// `vpoker eval --game ID [--json] "Ah Kh Qh Jh Th"`
fn eval(args: EvalArgs) -> Result<ExitCode, String> {
    let machine = args.game;
    let text = match args.hand.as_slice() {
        [one] => one.clone(),
        [] => return Err("eval needs a hand, e.g. \"Ah Kh Qh Jh Th\"".into()),
        many => many.join(" "),
    };
    let table = machine.paytable();
    let hand = Deck::of(table.family()).parse_hand(&text).map_err(|e| e.to_string())?;
    let category = table.outcome_id(&hand);
    let pay = table.pay(&hand);
    if args.json {
        let object = serde_json::json!({ "game": machine.id(), "hand": hand, "category": category, "pay": pay });
        println!("{object}");
    } else {
        println!("{}  {category}  pays {pay} per coin", cards_to_string(&hand));
    }
    Ok(ExitCode::SUCCESS)
}

/// `vpoker shuffle --seed HEX --count N [--cards K] [--algorithm A]`
/// (`--cards` is checked to be 1 to 52 and `--algorithm` parsed by the command line, `cli.rs`.)
fn shuffle(args: ShuffleArgs) -> Result<ExitCode, String> {
    let ShuffleArgs { seed, count, cards: n_cards, algorithm } = args;
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

/// `vpoker completions SHELL`: the completion script on standard output.
fn completions(args: CompletionsArgs) -> Result<ExitCode, String> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "vpoker", &mut script);
    // A closed pipe (e.g. `| head`) is not an error.
    let _ = std::io::stdout().lock().write_all(&script);
    Ok(ExitCode::SUCCESS)
}

use std::io::Write;
