//! `vpoker verify`: replay a hand from its seed and check it (the core's `pipeline::verify`).
//!
//! `--db FILE --hand ID` verifies a finished hand of a database against its record (commitment,
//! dealt cards, disclosed nudge, hold and win); `--seed HEX64` replays any seed with nothing recorded
//! unless `--hold` / `--commitment` are given. With `--json`: one object `{"hand","game","seed",
//! "commitment","sha256","deck","dealt","nudge","hold","hands":[{"cards","drawn","outcome","row",
//! "win"}…],"checks":{"commitment","deal","draws"},"failures","verified"}`. Exit 0 when verified, 1
//! when a check fails (the object is still printed) or the game refuses, 2 on usage errors.
//!
//! `--seed HEX64 --game TABLE` takes any table: a machine, a kicker game (`double-double-bonus`,
//! `triple-double-bonus`), a table of the library (`vpoker tables`) or a saved lab table
//! (`lab:NAME --db FILE`, the file only read). A table that is not a machine is dealt as a practised
//! table deals it (`play deal --practice --table ID`, the one deal of every table, `game::play`) and as a drill
//! hand is (`vpoker drill` prints each hand's seed): the same deck and the five cards dealt, never
//! nudged, at any line count (`--hands N`); the draws and wins paid by the table (the one
//! pipeline, on its `Table`). The output has the machines' shape with `"game"` the table's id;
//! `"nudge"` is always null (no kind deals: `--nudged` is refused). A pasted `--commitment` is checked by the bound rule when it
//! is the bound one for one of the game's bets (the hands are then drawn at that bet), else as
//! SHA-256 of the seed (a recorded hand's, by its rule: `--db FILE --hand ID`).

use std::process::ExitCode;

use vpoker::card::cards_to_string;
use vpoker::game::rules::BETS;
use vpoker::game::{Game, HistoryCheck};
use vpoker::pipeline::verify::{rule_nudge, verify as replay, Claim, Verification};
use vpoker::shuffle::Seed;
use vpoker::table::Table;

use crate::cli::VerifyArgs;
use crate::values::table_of;

/// Runs `vpoker verify`.
pub fn verify(args: VerifyArgs) -> Result<ExitCode, String> {
    if args.all {
        return verify_all(&args);
    }
    if let Some(path) = &args.proof {
        return verify_proof(path, args.json);
    }
    let verification = match (&args.db, args.hand, args.seed) {
        (Some(db), Some(id), _) => {
            if !db.is_file() {
                return Err(format!("{}: no such database", db.display()));
            }
            match Game::open_read_only(db).and_then(|game| game.verify_hand(id)) {
                Ok(verification) => verification,
                Err(error) => {
                    println!("{}", serde_json::json!({ "error": error }));
                    return Ok(ExitCode::from(1));
                }
            }
        }
        (_, _, Some(seed)) => {
            let table = match table_of(args.game.as_str(), args.db.as_deref())? {
                Ok(table) => table,
                Err(refused) => return Ok(refused),
            };
            replay(&seed_claim(&args, seed, table)?)
        }
        _ => return Err("verify needs --db FILE --hand ID, --db FILE --all, or --seed HEX64".into()),
    };
    if args.json {
        println!("{}", serde_json::to_string(&verification).map_err(|e| e.to_string())?);
    } else {
        print!("{}", text(&verification));
    }
    Ok(if verification.verified { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// `verify --seed HEX64 --game TABLE`: the seed's hand on the table at one of its line counts (every
/// table deals 1, 3, 5, 10, 50 or 100); a machine's dead deal nudged by the rule with `--nudged`,
/// any other table's never (see the module doc).
fn seed_claim(args: &VerifyArgs, seed: Seed, table: Table) -> Result<Claim, String> {
    if !table.lines().contains(&args.hands) {
        return Err(format!(
            "--hands {}: {} does not deal that many hands at once",
            args.hands,
            table.id()
        ));
    }
    let nudge = match (args.nudged, table.as_machine()) {
        (false, _) => None,
        (true, Some(_)) => Some(rule_nudge(&seed, &table).ok_or("--nudged: this seed's deal is not dead, so no nudge")?),
        (true, None) => {
            return Err(format!(
                "--nudged: {} is never nudged (no kind deals: its deals are pure, as a practised table's)",
                table.id()
            ))
        }
    };
    let multipliers = match &args.multipliers {
        None => None,
        Some(text) => Some(vpoker::rules::parse(&table, args.hands, text).map_err(|e| match e {
            vpoker::rules::ScreenError::NothingShown { .. } => {
                let variants: Vec<String> = vpoker::library::variants(table.base(), table.id()).into_iter().map(|v| v.table).collect();
                format!("--multipliers: {} shows nothing before a deal (its variant tables: {})", table.id(), variants.join(", "))
            }
            other => format!("--multipliers: {other}"),
        })?),
    };
    let pasted = Claim::pasted(seed, table, args.hands, args.commitment.clone(), &BETS, multipliers);
    Ok(Claim { nudge, hold: args.hold, ..pasted })
}

fn text(v: &Verification) -> String {
    let check = |c: Option<bool>| match c {
        Some(true) => "ok",
        Some(false) => "FAILED",
        None => "nothing recorded",
    };
    let mut out = String::new();
    if let Some(id) = v.hand {
        out += &format!("hand {id} on {}\n", v.game.id());
    }
    out += &format!("seed        {}\nsha-256     {}\n", v.seed, v.sha256.as_deref().unwrap_or("(never committed)"));
    out += &format!("commitment  {}\n", v.commitment.as_deref().unwrap_or("(none recorded)"));
    out += &format!("deck        {}\n", cards_to_string(&v.deck));
    out += &format!("dealt       {}\n", cards_to_string(&v.dealt));
    if let Some(multipliers) = &v.multipliers {
        let shown: Vec<String> = multipliers.iter().map(|m| format!("{m}x")).collect();
        out += &format!("multipliers {}\n", shown.join(" "));
    }
    if let Some(n) = &v.nudge {
        out += &format!(
            "nudge       {}: dealt position {}, {} out, {} in from deck position {}\n",
            if n.kind == vpoker::pipeline::NudgeKind::Pair { "pair" } else { "four-flush" },
            n.position,
            n.out,
            n.added,
            n.from
        );
    }
    for (k, hand) in v.hands.iter().enumerate() {
        // The label fills the same 12 columns as the others ("hand 1      ", "hand 100    ").
        out += &format!(
            "{:<12}{}  drew {}  {}",
            format!("hand {}", k + 1),
            cards_to_string(&hand.cards),
            cards_to_string(&hand.drawn),
            hand.outcome
        );
        // A variant's line: the multiplier it was paid at, its win, and what it earns for its next
        // hand on rules that carry one.
        match (hand.multiplier, hand.earned) {
            (Some(multiplier), Some(earned)) => out += &format!("  at {multiplier}x wins {}, earns {earned}x", hand.win),
            (Some(multiplier), None) => out += &format!("  at {multiplier}x wins {}", hand.win),
            _ => {}
        }
        out += "\n";
    }
    out += &format!(
        "checks      commitment {}, deal {}, draws {}\n",
        check(v.checks.commitment),
        check(v.checks.deal),
        check(v.checks.draws)
    );
    for failure in &v.failures {
        out += &format!("failed      {failure}\n");
    }
    out += if v.verified { "verified\n" } else { "NOT VERIFIED\n" };
    out
}

/// `verify --db FILE --all`: the whole history (see `Game::check_history`), progress on stderr.
fn verify_all(args: &VerifyArgs) -> Result<ExitCode, String> {
    let db = args.db.as_ref().ok_or("verify --all needs --db FILE")?;
    if !db.is_file() {
        return Err(format!("{}: no such database", db.display()));
    }
    let never = std::sync::atomic::AtomicBool::new(false);
    let outcome = Game::open_read_only(db).and_then(|game| {
        let check = game.check_history(&|_, _| {}, &never)?;
        let head = args.head.as_deref().map(|head| game.check_head(head)).transpose()?;
        Ok((check, head))
    });
    let (check, head) = match outcome {
        Ok(checked) => checked,
        Err(error) => {
            println!("{}", serde_json::json!({ "error": error }));
            return Ok(ExitCode::from(1));
        }
    };
    let head_found = head.as_ref().is_none_or(|h| h.found);
    if args.json {
        let mut value = serde_json::to_value(&check).map_err(|e| e.to_string())?;
        if let Some(head) = &head {
            value["head_check"] = serde_json::to_value(head).map_err(|e| e.to_string())?;
            value["verified"] = serde_json::json!(check.verified && head.found);
        }
        println!("{value}");
    } else {
        let mut text = whole_text(&check);
        if let Some(head) = &head {
            let line = match head.records {
                Some(n) => format!("head        {} given: the history had it after {n} records\n", head.head),
                None => format!("head        {} given: the history never had it (its past was rewritten, or it is another history)\n", head.head),
            };
            text = match text.strip_suffix("verified\n").filter(|_| check.verified) {
                Some(rest) => format!("{rest}{line}{}", if head.found { "verified\n" } else { "NOT VERIFIED\n" }),
                None => format!("{line}{text}"),
            };
        }
        print!("{text}");
    }
    Ok(if check.verified && head_found { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// `verify --proof FILE`: a proof of one record checked by the chain's rule alone.
fn verify_proof(path: &std::path::Path, json: bool) -> Result<ExitCode, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let proof: vpoker::pipeline::chain::Proof =
        serde_json::from_str(&text).map_err(|e| format!("{}: not a proof: {e}", path.display()))?;
    let checked = vpoker::pipeline::chain::check_proof(&proof);
    if json {
        let failure = checked.as_ref().err();
        println!(
            "{}",
            serde_json::json!({ "verified": checked.is_ok(), "index": proof.index, "records": proof.records, "head": proof.head, "text": proof.text, "failure": failure })
        );
    } else {
        match &checked {
            Ok(()) => println!("record {} of {} under head {}: {}\nverified", proof.index + 1, proof.records, proof.head, proof.text),
            Err(why) => println!("record {} of {} under head {}: {why}\nNOT VERIFIED", proof.index + 1, proof.records, proof.head),
        }
    }
    Ok(if checked.is_ok() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

fn whole_text(check: &HistoryCheck) -> String {
    let c = &check.counts;
    let mut out = format!(
        "hands       {} ({} practice)\nbag draws   {} ({} nudged)\nkind deals off on {} dead deals\n",
        c.hands, c.practice, c.bag_draws, c.nudged, c.kind_deals_off
    );
    out += &format!("claims      {} ({} made before their place was recorded)\n", check.claims, check.unordered_claims);
    if c.unchecked_situations > 0 {
        out += &format!("unchecked   {} situations (claims of unknown place left them open)\n", c.unchecked_situations);
    }
    out += &format!("commitments required from hand {}\n", check.committed_from);
    out += &format!("head        {} ({} records)\n", check.head.hex, check.head.records);
    if check.profile_matches == Some(true) {
        out += "the stored profile (chips, losing run, XP) is where the history ends\n";
    }
    match &check.failure {
        None => out += "every hand and every kind-deal decision verified; the stored bags are the history's\nverified\n",
        Some(failure) => {
            match failure.hand {
                Some(hand) => out += &format!("failed      hand {hand} ({}): {}\n", failure.check, failure.detail),
                None => out += &format!("failed      ({}): {}\n", failure.check, failure.detail),
            }
            out += "NOT VERIFIED\n";
        }
    }
    out
}
