//! `vpoker verify` and `scripts/verify_hand.py`: hands played by the CLI (kind deals on, Triple and
//! Five Play included) verify through both, a tampered record fails in both and names the step, and
//! the JSON contract holds; docs/VERIFY.md's vectors are what the CLI prints and its field tables name
//! every key the history and `verify --json` print.

use vpoker::table::Table;
use crate::common::{vpoker, SEED};
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::Value;

fn play(db: &Path, args: &[&str]) -> Value {
    let mut all = vec!["play", "--db", db.to_str().unwrap(), "--today", "2026-11-30"];
    all.extend_from_slice(args);
    let out = vpoker(&all);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&out.stdout));
    serde_json::from_slice(&out.stdout).expect("JSON")
}

/// Runs the Python verifier on a history JSON; its exit code and output.
fn python(history: &Value) -> (i32, String) {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/verify_hand.py");
    let mut child = Command::new("python3")
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs (the test command installs it)");
    child.stdin.take().unwrap().write_all(history.to_string().as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned())
}

/// A seed for hand `n` of a test (distinct, reproducible).
fn seed(n: usize) -> String {
    format!("{:064x}", 0x5eed_0000_u64 + n as u64)
}

/// A database with ~240 single hands (kind deals on, so some are nudged) and Triple and Five Play
/// hands with varied holds.
fn played(dir: &Path) -> (std::path::PathBuf, Value) {
    let db = dir.join("game.db");
    play(&db, &["fill", "--hands", "240", "--bet", "50", "--seed", SEED]);
    assert!(play(&db, &["state"])["multi_play"].as_bool().unwrap(), "level 10 reached: Triple and Five Play open");
    for n in 0..24 {
        let hands = if n % 2 == 0 { "5" } else { "3" };
        play(&db, &["deal", "--game", "jacks-or-better", "--bet", "5", "--hands", hands, "--seed", &seed(n)]);
        play(&db, &["draw", &((n * 7) % 32).to_string()]);
    }
    let history = play(&db, &["history", "--limit", "500", "--json"]);
    (db, history)
}

#[test]
fn cli_played_hands_verify_in_python_and_in_the_core_and_tampering_fails() {
    let dir = tempfile::tempdir().unwrap();
    let (db, history) = played(dir.path());
    let hands = history["hands"].as_array().unwrap();
    assert_eq!(hands.len(), 264);
    let nudged = hands.iter().filter(|h| !h["nudge"].is_null()).count();
    assert!(nudged >= 5, "kind deals nudged some hands: {nudged}");
    assert!(hands.iter().all(|h| h["commitment"].as_str().is_some_and(|c| c.len() == 64)));

    let (code, out) = python(&history);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("264 of 264 hands verified"), "{out}");

    // The core agrees, hand by hand (a sample: every nudged hand and every multi-play hand).
    for hand in hands.iter().filter(|h| !h["nudge"].is_null() || h["hands"] != 1) {
        let id = hand["id"].to_string();
        let out = vpoker(&["verify", "--db", db.to_str().unwrap(), "--hand", &id, "--json"]);
        assert_eq!(out.status.code(), Some(0), "hand {id}");
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["verified"], true);
        assert_eq!(v["checks"], serde_json::json!({"commitment": true, "deal": true, "draws": true}));
        assert_eq!(v["dealt"], hand["dealt"]);
        assert_eq!(v["seed"], hand["seed"]);
        let finals: Vec<&Value> = v["hands"].as_array().unwrap().iter().map(|h| &h["cards"]).collect();
        let recorded: Vec<&Value> = hand["results"].as_array().unwrap().iter().map(|h| &h["cards"]).collect();
        assert_eq!(finals, recorded);
        if !hand["nudge"].is_null() {
            let n = &v["nudge"];
            assert_eq!(n["out"], hand["nudge"]["removed"]);
            assert_eq!(n["in"], hand["nudge"]["added"]);
            assert_eq!(n["from"], hand["nudge"]["deck_position"]);
        }
    }

    // Each kind of tampering fails in Python and names the step.
    let tamper = |edit: &dyn Fn(&mut Value), expect: &str| {
        let mut copy = history.clone();
        edit(&mut copy);
        let (code, out) = python(&copy);
        assert_eq!(code, 1, "{expect}: {out}");
        assert!(out.contains(&format!("FAILED: {expect}")), "{expect}: {out}");
    };
    let first_nudged = hands.iter().position(|h| !h["nudge"].is_null()).unwrap();
    let five = hands.iter().position(|h| h["hands"] == 5).unwrap();
    tamper(&|h| h["hands"][0]["seed"] = Value::from(seed(999)), "commitment");
    tamper(&|h| h["hands"][0]["commitment"] = Value::from(seed(999)), "commitment");
    tamper(&|h| h["hands"][0]["dealt"][2] = Value::from(other_card(&h["hands"][0]["dealt"][2])), "deal");
    tamper(&|h| h["hands"][first_nudged]["nudge"]["added"] = Value::from("2c"), "nudge");
    tamper(&|h| h["hands"][first_nudged]["nudge"] = Value::Null, "deal");
    tamper(
        &|h| {
            let drawn = &mut h["hands"][five]["results"][3]["drawn"];
            if drawn.as_array().unwrap().is_empty() {
                drawn.as_array_mut().unwrap().push(Value::from("2c"));
            } else {
                drawn[0] = Value::from(other_card(&drawn[0]));
            }
        },
        "hand 4 replacement cards",
    );
}

fn other_card(card: &Value) -> String {
    if card == "2c" { "2d" } else { "2c" }.to_string()
}

#[test]
fn a_seed_alone_replays_its_deck_and_the_json_contract_holds() {
    let out = vpoker(&["verify", "--seed", SEED, "--game", "deuces-wild", "--hands", "5", "--hold", "10100", "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    for key in ["hand", "seed", "commitment", "deck", "dealt", "nudge", "hands", "checks", "verified"] {
        assert!(keys.contains(&key), "{key} in {keys:?}");
    }
    assert_eq!(v["hand"], Value::Null);
    assert_eq!(v["deck"].as_array().unwrap().len(), 52);
    assert_eq!(v["hands"].as_array().unwrap().len(), 5);
    assert!(v["hands"].as_array().unwrap().iter().all(|h| h["drawn"].as_array().unwrap().len() == 3));
    assert_eq!(v["checks"], serde_json::json!({"commitment": null, "deal": null, "draws": null}));
    assert_eq!(v["sha256"].as_str().unwrap().len(), 64);

    // A commitment given with the seed is checked.
    let good = v["sha256"].as_str().unwrap();
    let out = vpoker(&["verify", "--seed", SEED, "--commitment", good, "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let bad = seed(1);
    let out = vpoker(&["verify", "--seed", SEED, "--commitment", &bad, "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["checks"]["commitment"], false);
    assert_eq!(v["verified"], false);
    // What is not a commitment at all is refused as an argument (exit 2), never judged NOT VERIFIED;
    // one in capitals is the same commitment.
    for text in ["zz", &good[..63], &format!("{good}0"), &format!("{}g", &good[..63])] {
        assert!(crate::common::usage_error(&["verify", "--seed", SEED, "--commitment", text]).contains("is not a commitment"), "{text}");
    }
    let out = vpoker(&["verify", "--seed", SEED, "--commitment", &good.to_ascii_uppercase(), "--json"]);
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn usage_errors_and_refusals() {
    for args in [
        &["verify"][..],
        &["verify", "--hand", "1"],
        &["verify", "--seed", "xyz"],
        &["verify", "--seed", SEED, "--hands", "2"],
        &["verify", "--db", "/nonexistent/game.db", "--hand", "1"],
    ] {
        let out = vpoker(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1, "{args:?}");
    }
    // A hand that does not exist, or is still in progress (its seed stays hidden), is refused.
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    play(&db, &["deal", "--game", "jacks-or-better", "--bet", "5", "--seed", SEED]);
    for id in ["1", "7"] {
        let out = vpoker(&["verify", "--db", db.to_str().unwrap(), "--hand", id, "--json"]);
        assert_eq!(out.status.code(), Some(1));
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["error"]["kind"], "unknown-hand");
        assert!(!String::from_utf8_lossy(&out.stdout).contains(SEED), "the seed stays hidden");
    }
}

/// docs/VERIFY.md's test vectors are the real output: every `$ vpoker verify …` block is run and
/// compared line for line, so the document cannot drift from the code.
#[test]
fn the_documented_test_vectors_are_what_the_cli_prints() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/VERIFY.md")).unwrap();
    let mut blocks = 0;
    for block in doc.split("```text\n").skip(1) {
        let block = block.split("```").next().unwrap();
        let (command, expected) = block.split_once('\n').unwrap();
        let args: Vec<&str> = command.strip_prefix("$ vpoker ").expect("a vpoker command").split(' ').collect();
        let out = vpoker(&args);
        assert_eq!(String::from_utf8_lossy(&out.stdout), expected, "{command}");
        let failed = expected.contains("NOT VERIFIED");
        assert_eq!(out.status.code(), Some(if failed { 1 } else { 0 }), "{command}");
        blocks += 1;
    }
    assert!(blocks >= 8, "seeds to decks, nudged single hands, Five Play, nudged Triple and Five Play, a failure");
    // The multi-play vectors: Triple Play and Five Play, each kind of nudge on more than one hand.
    for (hands, kind) in [("3", "pair"), ("5", "four-flush"), ("3", "four-flush")] {
        let shown = doc.split("```text\n$ vpoker ").skip(1).any(|block| {
            let command = block.lines().next().unwrap();
            let nudged = block.contains(&format!("nudge       {kind}:"));
            command.contains(&format!("--hands {hands} ")) && command.contains("--nudged") && nudged
        });
        assert!(shown, "a nudged {kind} vector on {hands} hands");
    }
}

/// The nudge of a nudged single hand moved to another card the rule could have chosen (same kind,
/// deep in the deck, so the first hand's replacement cards and win are unchanged), with the dealt
/// card to match. Such a row fits its deck, pays what it says and discloses a nudge of the right
/// kind; only the one replay rule (the nudge re-derived from the seed, never applied as stored)
/// tells it apart. `vpoker play audit` and `vpoker verify` must both refuse it.
#[test]
fn a_nudge_moved_to_another_candidate_fails_both_the_audit_and_verify() {
    use vpoker::card::{Card, Rank};
    use vpoker::hold::Hold;
    use vpoker::machine::MachineId;
    use vpoker::pipeline::{Deal, NudgeSource};
    use vpoker::shuffle::Seed;

    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    play(&db, &["fill", "--hands", "400", "--bet", "5", "--seed", SEED]);
    let history = play(&db, &["history", "--limit", "500", "--json"]);
    let card = |v: &Value| v.as_str().unwrap().parse::<Card>().unwrap();
    let mut tamper = None;
    'hands: for hand in history["hands"].as_array().unwrap() {
        let nudge = &hand["nudge"];
        if nudge.is_null() || hand["hands"] != 1 {
            continue;
        }
        let seed: Seed = hand["seed"].as_str().unwrap().parse().unwrap();
        let machine: MachineId = hand["machine"].as_str().unwrap().parse().unwrap();
        let deck = Deal::deal(&seed, &Table::machine(machine), 1, NudgeSource::Never).deck().to_vec();
        let position = nudge["position"].as_u64().unwrap() as usize;
        let (added, from) = (card(&nudge["added"]), nudge["deck_position"].as_u64().unwrap() as usize);
        let hold = Hold::from_mask(hand["hold"].as_u64().unwrap() as u32).unwrap();
        let (bet, won) = (hand["bet"].as_u64().unwrap(), hand["won"].as_u64().unwrap());
        let table = machine.paytable();
        let kept: Vec<Option<Rank>> = (0..5).filter(|&i| i != position).map(|i| deck[i].rank()).collect();
        for at in (10..52).filter(|&at| at != from) {
            let other = deck[at];
            let same_kind = match nudge["kind"].as_str().unwrap() {
                "pair" => other.rank() == added.rank(),
                _ => other.suit() == added.suit() && other.rank() != Some(Rank::Two) && !kept.contains(&other.rank()),
            };
            let mut moved = deck.clone();
            moved.swap(position, at);
            let dealt: [Card; 5] = std::array::from_fn(|i| moved[i]);
            let mut rest = moved[5..].iter();
            let finals: [Card; 5] = std::array::from_fn(|i| if hold.holds(i) { dealt[i] } else { *rest.next().unwrap() });
            if same_kind && table.pay(&dealt) == 0 && u64::from(table.pay(&finals)) * bet == won {
                tamper = Some((hand["id"].as_i64().unwrap(), position, other, at, dealt));
                break 'hands;
            }
        }
    }
    let (id, position, other, at, dealt) = tamper.expect("a nudged hand with another candidate deep in its deck");
    let conn = rusqlite::Connection::open(&db).unwrap();
    let mut nudge: Vec<u8> = conn.query_row("SELECT nudge FROM hands WHERE id = ?1", [id], |r| r.get(0)).unwrap();
    assert_eq!(usize::from(nudge[1]), position);
    nudge[3] = other.index() as u8;
    nudge[4] = at as u8;
    let dealt: Vec<u8> = dealt.iter().map(|c| c.index() as u8).collect();
    let sql = "UPDATE hands SET nudge = ?1, dealt = ?2 WHERE id = ?3";
    assert_eq!(conn.execute(sql, rusqlite::params![nudge, dealt, id]).unwrap(), 1);
    drop(conn);

    let db_arg = db.to_str().unwrap();
    let audit = vpoker(&["play", "--db", db_arg, "audit"]);
    assert_eq!(audit.status.code(), Some(1), "{}", String::from_utf8_lossy(&audit.stdout));
    let text = String::from_utf8_lossy(&audit.stdout).into_owned();
    assert!(text.contains(&format!("hand {id}: the disclosed nudge is not the one the seed gives")), "{text}");
    let verified = vpoker(&["verify", "--db", db_arg, "--hand", &id.to_string(), "--json"]);
    assert_eq!(verified.status.code(), Some(1));
    let verdict: Value = serde_json::from_slice(&verified.stdout).unwrap();
    assert_eq!((verdict["verified"].as_bool(), verdict["checks"]["deal"].as_bool()), (Some(false), Some(false)));
    assert!(verdict["failures"][0].as_str().unwrap().contains("disclosed nudge is not the one the seed gives"));
}

/// `verify --db` only reads: an exported game (one self-contained file) is byte-for-byte the same
/// after it, with no WAL or shared-memory file made beside it, and a missing file is not created.
#[test]
fn verify_with_a_database_never_changes_it() {
    let dir = tempfile::tempdir().unwrap();
    let (db, _) = played(dir.path());
    let exported = dir.path().join("copy.vpoker");
    let out = vpoker(&["play", "--db", db.to_str().unwrap(), "export", exported.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let before = std::fs::read(&exported).unwrap();
    let out = vpoker(&["verify", "--db", exported.to_str().unwrap(), "--hand", "3", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stdout));
    assert_eq!(std::fs::read(&exported).unwrap(), before);
    for companion in ["copy.vpoker-wal", "copy.vpoker-shm"] {
        assert!(!dir.path().join(companion).exists(), "{companion}");
    }
}

/// Fields of a JSON output: (the jq path of an object, one of its keys).
pub(crate) type Fields = std::collections::BTreeSet<(String, String)>;

/// Fails naming every printed field the document lacks, and every documented one not printed.
pub(crate) fn compare_fields(what: &str, printed: &Fields, documented: &Fields) {
    let missing: Vec<String> = printed.difference(documented).map(|(p, k)| format!("{p} {k}")).collect();
    let stale: Vec<String> = documented.difference(printed).map(|(p, k)| format!("{p} {k}")).collect();
    assert!(missing.is_empty(), "{what}: {} fields not documented in docs/VERIFY.md: {missing:?}", missing.len());
    assert!(stale.is_empty(), "{what}: documented in docs/VERIFY.md but never printed: {stale:?}");
}

/// Every object of `value` (nested in objects and arrays too) as its jq path and its keys:
/// `.` is the whole output, `.hands[]` any element of the array `hands`, `.hands[].nudge` the
/// object under `nudge` in any of them.
pub(crate) fn object_keys(value: &Value, path: &str, into: &mut Fields) {
    let child = |key: &str| if path == "." { format!(".{key}") } else { format!("{path}.{key}") };
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                into.insert((path.to_string(), key.clone()));
                object_keys(inner, &child(key), into);
            }
        }
        Value::Array(items) => {
            for item in items {
                object_keys(item, &format!("{path}[]"), into);
            }
        }
        _ => {}
    }
}

/// The fields docs/VERIFY.md documents in the section whose heading starts with `heading`: each
/// `### …` heading there names the jq paths its table describes (`` `.hands[]` ``), and each table
/// row's first cell names one key (`` | `seed` | ``). Returns (path, key) pairs.
pub(crate) fn documented_fields(heading: &str) -> Fields {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/VERIFY.md")).unwrap();
    let mut fields = Fields::new();
    let Some(start) = doc.find(&format!("\n{heading}")) else { return fields };
    let section = &doc[start + 1..];
    let section = &section[..section[1..].find("\n## ").map_or(section.len(), |end| end + 1)];
    let mut paths: Vec<String> = Vec::new();
    for line in section.lines() {
        if let Some(title) = line.strip_prefix("### ") {
            let quoted = title.split('`').skip(1).step_by(2);
            paths = quoted.filter(|p| p.starts_with('.')).map(str::to_string).collect();
        } else if let Some(cell) = line.strip_prefix("| `") {
            let key = cell.split('`').next().unwrap();
            for path in &paths {
                fields.insert((path.clone(), key.to_string()));
            }
        }
    }
    fields
}

/// A stranger writing a verifier reads the history from its JSON: every key `vpoker play history
/// --json` and `vpoker verify --json` print, in every nested object, has a row in VERIFY.md's
/// field tables under the jq path of its object, and every row there is a key they print. The
/// hands played cover what changes the output's shape: kind deals (single hands from `fill`, a
/// nudged Triple Play and a nudged Five Play deal), Deuces Wild, a practice hand, a saved lab
/// table's hand, an Ultimate X hand, a hand that pays
/// (and `scripts/verify_hand.py` verifies them all); verify sees a stored nudged Triple Play hand,
/// a seed with `--nudged`, and a refusal.
#[test]
fn every_field_the_history_and_verify_print_is_documented() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    let db_arg = db.to_str().unwrap();
    play(&db, &["fill", "--hands", "240", "--bet", "50", "--seed", SEED]);
    play(&db, &["deal", "--game", "deuces-wild", "--bet", "5", "--hands", "5", "--practice", "--seed", &seed(1)]);
    play(&db, &["draw", "10001"]);
    // A saved lab table's hand: its label has a `name` where a game's has `game` and `suffix`.
    let pays = [vpoker::game::RowPay { row: "full-house".into(), pay: "6".into() }];
    vpoker::game::Game::open(&db).unwrap().save_lab_table("Flat", vpoker::machine::MachineId::JacksOrBetter, &pays).unwrap();
    play(&db, &["deal", "--practice", "--table", "lab:Flat", "--bet", "5", "--seed", &seed(2)]);
    play(&db, &["draw", "11000"]);
    // Ultimate X on three lines: the hand's `multipliers`, each result's `multiplier` and `earned`.
    play(&db, &["deal", "--game", "jacks-or-better", "--ultimate-x", "--bet", "5", "--hands", "3", "--seed", &seed(3)]);
    play(&db, &["draw", "11000"]);
    // Triple Play, then Five Play deals until the kind-deal bag (1 in 6 dead deals, normal
    // situation) nudges one of each.
    let (mut nudged_triple, mut nudged_five) = (None, None);
    for n in 0..96 {
        let seed = format!("{:0>64}", format!("dead{n:04x}"));
        let hands = if nudged_triple.is_none() { "3" } else { "5" };
        let state = play(&db, &["deal", "--game", "bonus-poker", "--bet", "5", "--hands", hands, "--seed", &seed]);
        let id = state["hand"]["id"].as_i64().unwrap();
        play(&db, &["draw", "00101"]);
        if state["hand"]["nudged"] == true {
            *if hands == "3" { &mut nudged_triple } else { &mut nudged_five } = Some(id);
        }
        if nudged_five.is_some() {
            break;
        }
    }
    let nudged_triple = nudged_triple.expect("a nudged Triple Play deal among 96 seeds").to_string();
    assert!(nudged_five.is_some(), "a nudged Five Play deal among 96 seeds");

    let history = play(&db, &["history", "--limit", "500", "--json"]);
    let hands = history["hands"].as_array().unwrap();
    assert!(hands.iter().any(|h| h["practice"] == true && h["hands"] == 5 && h["machine"] == "deuces-wild"));
    assert!(hands.iter().any(|h| h["hands"] == 1 && !h["nudge"].is_null()), "a nudged single hand");
    assert!(hands.iter().any(|h| h["won"].as_u64() > Some(0)), "a hand that pays");
    // The independent verifier agrees on all of them, the nudged multi-play hands included.
    let (code, out) = python(&history);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains(&format!("hand {nudged_triple} (bonus-poker, 3 hands): verified")), "{out}");
    let mut printed = Fields::new();
    object_keys(&history, ".", &mut printed);
    let documented = documented_fields("## Fields of `vpoker play history");
    compare_fields("vpoker play history --json", &printed, &documented);

    let mut printed = Fields::new();
    let verified = vpoker(&["verify", "--db", db_arg, "--hand", &nudged_triple, "--json"]);
    assert_eq!(verified.status.code(), Some(0));
    let verified: Value = serde_json::from_slice(&verified.stdout).unwrap();
    assert!(!verified["nudge"].is_null() && verified["hands"].as_array().unwrap().len() == 3);
    object_keys(&verified, ".", &mut printed);
    let vector = vpoker(&["verify", "--seed", &format!("{:0>64}", "dead0009"), "--nudged", "--hands", "5", "--json"]);
    object_keys(&serde_json::from_slice(&vector.stdout).unwrap(), ".", &mut printed);
    let ux = vpoker(&["verify", "--seed", &seed(3), "--game", "ultimate-x:jacks-or-better", "--hands", "3", "--multipliers", "1,4,2", "--hold", "11000", "--json"]);
    object_keys(&serde_json::from_slice(&ux.stdout).unwrap(), ".", &mut printed);
    let refused = vpoker(&["verify", "--db", db_arg, "--hand", "100000", "--json"]);
    assert_eq!(refused.status.code(), Some(1));
    object_keys(&serde_json::from_slice(&refused.stdout).unwrap(), ".", &mut printed);
    compare_fields("vpoker verify --json", &printed, &documented_fields("## Fields of `vpoker verify"));

    // The whole history: its own fields (the hands are the history's, checked above), the claims
    // (`fill` claimed each day's chips: one is made to look like a claim of a file from before),
    // and the whole check's report, passed and failed.
    let claimed = vpoker(&["play", "--db", db_arg, "--today", "2027-01-01", "claim-daily"]);
    assert_eq!(claimed.status.code(), Some(0), "{}", String::from_utf8_lossy(&claimed.stdout));
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute("UPDATE daily_claims SET after_hand = NULL WHERE rowid = (SELECT MIN(rowid) FROM daily_claims)", []).unwrap();
    // As the upgrade to schema 19 counts such a claim.
    conn.execute("UPDATE profile SET unplaced_claims = 1", []).unwrap();
    drop(conn);
    let whole: Value = serde_json::from_slice(&vpoker(&["play", "--db", db_arg, "history", "--all"]).stdout).unwrap();
    let claims = whole["claims"].as_array().unwrap();
    assert!(claims.iter().any(|c| c["after_hand"].is_null()) && claims.iter().any(|c| c["after_hand"].is_i64()));
    let mut printed = Fields::new();
    object_keys(&whole, ".", &mut printed);
    let hand_fields: Fields = printed.iter().filter(|(p, _)| p.starts_with(".hands[]")).cloned().collect();
    let mut history_fields = Fields::new();
    object_keys(&history, ".", &mut history_fields);
    history_fields.retain(|(p, _)| p.starts_with(".hands[]"));
    assert_eq!(hand_fields, history_fields, "history --all lists the same hand objects as history --json");
    printed.retain(|(p, _)| !p.starts_with(".hands[]"));
    compare_fields("vpoker play history --all", &printed, &documented_fields("## Fields of `vpoker play history --all`"));
    let mut printed = Fields::new();
    let passed = vpoker(&["verify", "--db", db_arg, "--all", "--json"]);
    object_keys(&serde_json::from_slice(&passed.stdout).unwrap(), ".", &mut printed);
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute("UPDATE hands SET commitment = NULL WHERE id = 7", []).unwrap();
    drop(conn);
    let failed = vpoker(&["verify", "--db", db_arg, "--all", "--json"]);
    assert_eq!((passed.status.code(), failed.status.code()), (Some(0), Some(1)));
    object_keys(&serde_json::from_slice(&failed.stdout).unwrap(), ".", &mut printed);
    compare_fields("vpoker verify --all", &printed, &documented_fields("## Fields of `vpoker verify --all`"));
}

/// The first of seeds `ace00000…` whose best hold on Double Double Bonus (the core's exact EVs)
/// draws four aces with a 2, 3 or 4: the seed and that hold's mask (found within a few thousand).
fn four_aces_low_kicker_seed() -> (String, u32) {
    use vpoker::kicker::KickerGame;
    use vpoker::machine::MachineId;
    use vpoker::pipeline::{Deal, NudgeSource};
    use vpoker::shuffle::Seed;
    let game = KickerGame::DoubleDoubleBonus;
    let makes_it = |deal: &Deal, hold: vpoker::hold::Hold| {
        game.paytable().outcome_id(&deal.final_hands(hold)[0]) == "four-aces-2-4-kicker"
    };
    (0..100_000u64)
        .find_map(|n| {
            let seed = format!("{:064x}", 0xace0_0000_u64 + n);
            let deal = Deal::deal(&seed.parse::<Seed>().unwrap(), &Table::machine(MachineId::JacksOrBetter), 1, NudgeSource::Never);
            if !(0..32).any(|mask| makes_it(&deal, vpoker::hold::Hold::from_mask(mask).unwrap())) {
                return None;
            }
            let best = vpoker::strategy::kicker_hand_evs(game, &deal.dealt()).best();
            makes_it(&deal, best).then(|| (seed, u32::from(best.mask())))
        })
        .expect("a seed whose best draw is four aces with a low kicker")
}

/// `verify --seed HEX --game double-double-bonus` replays the hand a practised Double Double Bonus
/// 9/6 table deals from that seed: the same five cards as `play deal --practice --table
/// double-double-bonus-9-6`, the same draw as `play draw` there, paid by the kicker table (four aces
/// with a low kicker: 400 per coin, as `vpoker eval --game double-double-bonus` says; 800 on Triple
/// Double Bonus), in the machines' JSON shape with "nudge" null and one hand.
#[test]
fn a_seed_on_a_kicker_game_is_its_practised_tables_hand_paid_by_the_kicker_table() {
    let (seed, best) = four_aces_low_kicker_seed();
    let mask = best.to_string();
    let verify = |game: &str, extra: &[&str]| -> (Option<i32>, Value) {
        let mut args = vec!["verify", "--seed", &seed, "--game", game, "--hold", &mask, "--json"];
        args.extend_from_slice(extra);
        let out = vpoker(&args);
        (out.status.code(), serde_json::from_slice(&out.stdout).expect("one JSON object"))
    };
    let (code, v) = verify("double-double-bonus", &[]);
    assert_eq!(code, Some(0), "{v}");
    let (_, machine) = verify("jacks-or-better", &[]);
    let keys = |v: &Value| v.as_object().unwrap().keys().cloned().collect::<Vec<_>>();
    assert_eq!(keys(&v), keys(&machine), "the machines' shape, key for key");
    assert_eq!((v["game"].as_str(), v["hand"].is_null(), v["nudge"].is_null()), (Some("double-double-bonus"), true, true));
    assert_eq!((&v["deck"], &v["dealt"], &v["sha256"]), (&machine["deck"], &machine["dealt"], &machine["sha256"]));
    assert_eq!(v["checks"], serde_json::json!({"commitment": null, "deal": null, "draws": null}));
    let hands = v["hands"].as_array().unwrap();
    assert_eq!(hands.len(), 1);
    let paid = (hands[0]["outcome"].as_str(), hands[0]["row"].as_u64(), hands[0]["win"].as_u64());
    assert_eq!(paid, (Some("four-aces-2-4-kicker"), Some(1), Some(400)), "the second row, 400 per coin");

    // The practised table deals the same five cards from the same seed (a fresh database), its hint
    // names the same best hold, and its draw gives the same final hand and pay (at its bet of 5).
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    let table = ["deal", "--practice", "--table", "double-double-bonus-9-6", "--bet", "5", "--seed", &seed];
    assert_eq!(play(&db, &table)["hand"]["cards"], v["dealt"]);
    assert_eq!(play(&db, &["hint"])["best_hold"].as_u64(), Some(u64::from(best)));
    let drawn = &play(&db, &["draw", &mask])["last_hand"]["results"][0];
    assert_eq!((&drawn["cards"], &drawn["outcome"]), (&hands[0]["cards"], &hands[0]["outcome"]));
    assert_eq!(drawn["win"].as_u64(), Some(5 * 400));

    // `vpoker eval` on the kicker game pays the final hand what verify paid.
    let cards: Vec<&str> = hands[0]["cards"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
    let eval = vpoker(&[&["eval", "--game", "double-double-bonus", "--json"][..], &cards].concat());
    let eval: Value = serde_json::from_slice(&eval.stdout).unwrap();
    assert_eq!((eval["category"].as_str(), eval["pay"].as_u64()), (Some("four-aces-2-4-kicker"), Some(400)));

    // Triple Double Bonus: the same cards, its own table (800 per coin, the royal's row is first).
    let (code, tdb) = verify("triple-double-bonus", &[]);
    assert_eq!(code, Some(0));
    assert_eq!(tdb["game"], "triple-double-bonus");
    assert_eq!((&tdb["dealt"], &tdb["hands"][0]["cards"]), (&v["dealt"], &hands[0]["cards"]));
    assert_eq!(tdb["hands"][0]["win"].as_u64(), Some(800));

    // A commitment is checked as on a machine.
    let good = v["sha256"].as_str().unwrap().to_string();
    assert_eq!(verify("double-double-bonus", &["--commitment", &good]).0, Some(0));
    let (code, bad) = verify("double-double-bonus", &["--commitment", &self::seed(1)]);
    assert_eq!((code, &bad["checks"]["commitment"], &bad["verified"]), (Some(1), &Value::from(false), &Value::from(false)));

    // The text has the machines' lines, no nudge line; without --hold, the next five cards.
    let out = vpoker(&["verify", "--seed", &seed, "--game", "double-double-bonus", "--hold", &mask]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(text.contains("four-aces-2-4-kicker\n") && text.ends_with("verified\n") && !text.contains("nudge"), "{text}");
    let (code, bare) = {
        let out = vpoker(&["verify", "--seed", &seed, "--game", "double-double-bonus", "--json"]);
        (out.status.code(), serde_json::from_slice::<Value>(&out.stdout).unwrap())
    };
    assert_eq!((code, bare["hold"].is_null(), bare["hands"][0]["drawn"].as_array().unwrap().len()), (Some(0), true, 5));
}

/// A table that is not a machine (a kicker game, a library table) deals any line count the machines
/// do, never nudged: `--nudged` is a usage error that says so; the machines keep theirs.
#[test]
fn a_table_seed_deals_many_lines_and_refuses_nudges() {
    use crate::common::usage_error;
    for game in ["double-double-bonus", "triple-double-bonus", "jacks-or-better-8-5"] {
        for hands in ["3", "5", "100"] {
            let out = vpoker(&["verify", "--seed", SEED, "--game", game, "--hands", hands, "--json"]);
            assert!(out.status.success(), "{game} {hands}");
            let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            assert_eq!(v["hands"].as_array().unwrap().len().to_string(), hands);
        }
        let line = usage_error(&["verify", "--seed", SEED, "--game", game, "--nudged"]);
        assert!(line.starts_with("vpoker: --nudged: ") && line.contains("never nudged"), "{line}");
    }
    assert!(vpoker(&["verify", "--seed", SEED, "--game", "bonus-poker", "--hands", "5"]).status.success());
    let line = usage_error(&["verify", "--seed", SEED, "--game", "double-double"]);
    assert!(line.contains("--game") && line.contains("triple-double-bonus"), "{line}");
}
