//! `scripts/verify_hand.py` pays hands as the game does: its evaluators and paytables (written from
//! docs/VERIFY.md) give the core's outcome, row and pay for a stratified sample of all 2,598,960
//! hands of each family on every machine (Joker Poker: of the 52-card hands and of the 270,725
//! holding the joker), plus random hands; a result changed to a royal flush
//! fails in Python naming the hand, and real play on all four machines, Triple and Five Play
//! included, verifies whole.

use std::collections::{BTreeSet, BinaryHeap};
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use serde_json::Value;
use vpoker::card::Card;
use vpoker::eval::Family;
use vpoker::machine::MachineId;

use crate::common::{text, vpoker, SEED};

/// Hands kept at random for each class of hands the evaluator cannot tell apart (below).
const PER_CLASS: usize = 2;
/// Hands kept at random for each category (every hand, for the categories with fewer).
const PER_CATEGORY: usize = 300;
/// Random hands per machine, on top of the stratified sample.
const RANDOM_HANDS: usize = 20_000;

/// Runs the Python verifier with `args`, `input` on its standard input: its exit code and output.
fn run_script(args: &[&str], input: &[u8]) -> (i32, String) {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/verify_hand.py");
    let mut child = Command::new("python3")
        .arg(script)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs (the test command installs it)");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input).unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    (out.status.code().unwrap_or(-1), text(&out.stdout))
}

/// A uniform choice in `0..n` (the multiply-shift bias is negligible for a sample).
fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    ((u64::from(rng.next_u32()) * n as u64) >> 32) as usize
}

/// A hand's ticket in the draw for the sample: a fixed hash of its cards in the high 34 bits, the
/// cards themselves (six bits each) in the low 30. Keeping the smallest tickets of a stratum keeps
/// hands of it at random (the same ones on every run), and a ticket gives its hand back.
fn ticket(idx: [usize; 5]) -> u64 {
    let packed = idx.iter().fold(0u64, |acc, &i| acc << 6 | i as u64);
    let mut z = (packed ^ 0x5eed_9a7e).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (z ^ (z >> 31)) << 30 | packed
}

fn hand_of(ticket: u64) -> [Card; 5] {
    std::array::from_fn(|i| Card::from_index((ticket >> (6 * (4 - i)) & 63) as usize).unwrap())
}

/// The class of a hand: what its family's category depends on, as an index below 2 × 13^5. It is
/// the ranks in order and whether the cards that are not wild share one suit: two hands of one
/// class land on the same row, and a few of each class cover every hand shape there is (each
/// straight, each four of a kind by rank, each pair rank, …) in several suits.
fn class(family: Family, idx: &[usize; 5]) -> usize {
    let (mut ranks, mut suit, mut one_suit) = (0, None, true);
    for &i in idx {
        if i == Card::JOKER.index() {
            continue; // The joker's class is its four natural cards'.
        }
        ranks = ranks * 13 + i / 4;
        if !(family == Family::Deuces && i / 4 == 0) {
            one_suit &= *suit.get_or_insert(i % 4) == i % 4;
        }
    }
    ranks * 2 + usize::from(one_suit)
}

/// One family's stratified sample being drawn: the `PER_CLASS` smallest tickets of every class and
/// the `PER_CATEGORY` smallest of every category (all of a smaller one).
struct Strata {
    family: Family,
    /// How many hands are offered (every hand of the family's stratum).
    total: usize,
    classes: Vec<[u64; PER_CLASS]>,
    categories: Vec<(usize, BinaryHeap<u64>)>,
}

impl Strata {
    fn new(family: Family, total: usize) -> Strata {
        let categories = (0..family.n_categories()).map(|_| (0, BinaryHeap::new())).collect();
        Strata { family, total, classes: vec![[u64::MAX; PER_CLASS]; 2 * 13usize.pow(5)], categories }
    }

    fn offer(&mut self, hand: &[Card; 5], idx: [usize; 5]) {
        let t = ticket(idx);
        let kept = &mut self.classes[class(self.family, &idx)];
        if t < kept[PER_CLASS - 1] {
            kept[PER_CLASS - 1] = t;
            kept.sort_unstable();
        }
        let (seen, kept) = &mut self.categories[self.family.category_index(hand)];
        *seen += 1;
        if kept.len() < PER_CATEGORY {
            kept.push(t);
        } else if kept.peek().is_some_and(|&top| t < top) {
            kept.pop();
            kept.push(t);
        }
    }

    /// The sample, each hand once, and how many hands of each category it holds.
    fn sample(&self) -> (Vec<[Card; 5]>, Vec<usize>) {
        assert_eq!(self.categories.iter().map(|(seen, _)| seen).sum::<usize>(), self.total);
        let by_class = self.classes.iter().flatten().filter(|&&t| t != u64::MAX);
        let tickets: BTreeSet<u64> = by_class.chain(self.categories.iter().flat_map(|(_, kept)| kept)).copied().collect();
        let sample: Vec<[Card; 5]> = tickets.into_iter().map(hand_of).collect();
        let mut per_category = vec![0; self.family.n_categories()];
        for hand in &sample {
            per_category[self.family.category_index(hand)] += 1;
        }
        for (category, (seen, _)) in self.categories.iter().enumerate() {
            assert!(per_category[category] >= (*seen).min(PER_CATEGORY), "{:?} category {category}", self.family);
        }
        (sample, per_category)
    }
}

/// The stratified samples: the natural and deuces families' from one pass over all 2,598,960
/// hands, then the joker family's of the 270,725 hands holding the joker (its 52-card hands are
/// asked from the natural sample, whose classes are theirs too).
fn stratified() -> [Strata; 3] {
    let cards: Vec<Card> = Card::all().collect();
    let mut strata =
        [Strata::new(Family::Natural, 2_598_960), Strata::new(Family::Deuces, 2_598_960), Strata::new(Family::Joker, 270_725)];
    for a in 0..52 {
        for b in a + 1..52 {
            for c in b + 1..52 {
                for d in c + 1..52 {
                    for e in d + 1..52 {
                        let hand = [cards[a], cards[b], cards[c], cards[d], cards[e]];
                        for s in strata[..2].iter_mut() {
                            s.offer(&hand, [a, b, c, d, e]);
                        }
                    }
                }
            }
        }
    }
    let joker = Card::JOKER.index();
    for a in 0..52 {
        for b in a + 1..52 {
            for c in b + 1..52 {
                for d in c + 1..52 {
                    strata[2].offer(&[cards[a], cards[b], cards[c], cards[d], Card::JOKER], [a, b, c, d, joker]);
                }
            }
        }
    }
    strata
}

/// Five different cards of `machine`'s deck at random (the joker among them one time in ten on Joker Poker).
fn random_hand_of(machine: MachineId, rng: &mut ChaCha8Rng) -> [Card; 5] {
    let mut hand = random_hand(rng);
    if machine.family() == Family::Joker && below(rng, 10) == 0 {
        hand[below(rng, 5)] = Card::JOKER;
    }
    hand
}

/// Five different cards at random.
fn random_hand(rng: &mut ChaCha8Rng) -> [Card; 5] {
    let mut deck: Vec<Card> = Card::all().collect();
    for i in 0..5 {
        let j = i + below(rng, 52 - i);
        deck.swap(i, j);
    }
    std::array::from_fn(|i| deck[i])
}

/// The core's `outcome row pay` on `table`, as `verify_hand.py --evaluate` prints it.
fn core_line_on(table: &vpoker::machine::Paytable, hand: &[Card; 5]) -> String {
    let row = table.row_of_hand(hand).map_or("-".to_string(), |row| row.to_string());
    format!("{} {row} {}", table.outcome_id(hand), table.pay(hand))
}

fn core_line(machine: MachineId, hand: &[Card; 5]) -> String {
    core_line_on(machine.paytable(), hand)
}

/// The library's own games (the kicker games, Aces & Faces, Super Double Bonus, Bonus Deuces
/// Wild: rows no machine has) are paid by the stranger's verifier as by the core, every row
/// reached: the stratified hands of their family and random ones.
#[test]
fn verify_paytable_python_pays_the_library_s_own_games_as_the_core() {
    use vpoker::kicker::KickerGame;
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_6a3e);
    let mut asked: Vec<(KickerGame, [Card; 5])> = Vec::new();
    for strata in stratified() {
        let (family, (sample, _)) = (strata.family, strata.sample());
        for game in KickerGame::ALL.into_iter().filter(|g| g.family() == family) {
            asked.extend(sample.iter().map(|hand| (game, *hand)));
        }
    }
    for game in KickerGame::ALL {
        asked.extend((0..RANDOM_HANDS).map(|_| (game, random_hand(&mut rng))));
    }
    let line = |game: &KickerGame, hand: &[Card; 5]| format!("{} {}", game.id(), vpoker::card::cards_to_string(hand));
    let input: String = asked.iter().map(|(game, hand)| line(game, hand) + "\n").collect();
    let (code, out) = run_script(&["--evaluate"], input.as_bytes());
    assert_eq!(code, 0, "{out}");
    let mut wrong = Vec::new();
    let mut landed: BTreeSet<(String, String)> = BTreeSet::new();
    for ((game, hand), answer) in asked.iter().zip(out.lines()) {
        let core = core_line_on(game.paytable(), hand);
        if answer != core {
            wrong.push(format!("{}: Python {answer}, the core {core}", line(game, hand)));
        }
        landed.insert((game.id().to_string(), core.split(' ').next().unwrap().to_string()));
    }
    assert_eq!(out.lines().count(), asked.len());
    assert!(wrong.is_empty(), "{} of {} hands paid otherwise: {:?}", wrong.len(), asked.len(), &wrong[..wrong.len().min(10)]);
    for game in KickerGame::ALL {
        for id in game.paytable().rows().iter().map(|r| r.id).chain(["nothing"]) {
            assert!(landed.contains(&(game.id().to_string(), id.to_string())), "{} {id}", game.id());
        }
    }
}

#[test]
fn verify_paytable_python_pays_a_stratified_sample_of_every_hand_as_the_core() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_9a7e);
    let mut asked: Vec<(MachineId, [Card; 5])> = Vec::new();
    for strata in stratified() {
        let (family, (sample, per_category)) = (strata.family, strata.sample());
        eprintln!("{family:?}: {} hands, per category {per_category:?}", sample.len());
        let joker_too = family == Family::Natural;
        for machine in MachineId::ALL.into_iter().filter(|m| m.family() == family || joker_too && m.family() == Family::Joker) {
            asked.extend(sample.iter().map(|hand| (machine, *hand)));
        }
    }
    for machine in MachineId::ALL {
        asked.extend((0..RANDOM_HANDS).map(|_| (machine, random_hand_of(machine, &mut rng))));
    }
    let line = |machine: &MachineId, hand: &[Card; 5]| format!("{machine} {}", vpoker::card::cards_to_string(hand));
    let input: String = asked.iter().map(|(machine, hand)| line(machine, hand) + "\n").collect();
    let (code, out) = run_script(&["--evaluate"], input.as_bytes());
    assert_eq!(code, 0, "{out}");
    let answers: Vec<&str> = out.lines().collect();
    assert_eq!(answers.len(), asked.len());
    let mut wrong = Vec::new();
    let mut landed: BTreeSet<(MachineId, String)> = BTreeSet::new();
    for ((machine, hand), answer) in asked.iter().zip(answers) {
        let core = core_line(*machine, hand);
        if answer != core {
            wrong.push(format!("{}: Python {answer}, the core {core}", line(machine, hand)));
        }
        landed.insert((*machine, core.split(' ').next().unwrap().to_string()));
    }
    eprintln!("{} hands asked", asked.len());
    assert!(wrong.is_empty(), "{} of {} hands paid otherwise: {:?}", wrong.len(), asked.len(), &wrong[..wrong.len().min(10)]);
    // Every row of every table, and "nothing", was asked about.
    for machine in MachineId::ALL {
        for id in machine.paytable().rows().iter().map(|r| r.id).chain(["nothing"]) {
            assert!(landed.contains(&(machine, id.to_string())), "{machine} {id}");
        }
    }
}

fn play(db: &Path, args: &[&str]) -> Value {
    let mut all = vec!["play", "--db", db.to_str().unwrap(), "--today", "2026-11-30"];
    all.extend_from_slice(args);
    let out = vpoker(&all);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", text(&out.stdout));
    serde_json::from_slice(&out.stdout).expect("JSON")
}

/// A history on all four machines: Jacks or Better to level 15 (Double Bonus opens), single hands
/// on Deuces Wild and Double Bonus, and Triple and Five Play on Deuces Wild, Bonus Poker and Double
/// Bonus with varied holds (kind deals on throughout).
fn played(db: &Path) {
    play(db, &["fill", "--hands", "440", "--bet", "50", "--seed", SEED]);
    assert!(play(db, &["state"])["unlocked"].as_array().unwrap().iter().any(|m| m == "double-bonus"), "level 15");
    play(db, &["fill", "--game", "deuces-wild", "--hands", "150", "--bet", "20", "--seed", &"d1".repeat(32)]);
    play(db, &["fill", "--game", "double-bonus", "--hands", "150", "--bet", "10", "--seed", &"db".repeat(32)]);
    for n in 0..6u32 {
        let game = ["deuces-wild", "bonus-poker", "double-bonus"][n as usize % 3];
        let hands = if n < 3 { "5" } else { "3" };
        let seed = format!("{:064x}", 0x9a7e_0000_u64 + u64::from(n));
        play(db, &["deal", "--game", game, "--bet", "5", "--hands", hands, "--seed", &seed]);
        play(db, &["draw", &((n * 11 + 3) % 32).to_string()]);
    }
}

#[test]
fn verify_paytable_a_win_changed_fails_in_python_and_real_play_on_every_machine_verifies() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.db");
    played(&db);
    let whole = play(&db, &["history", "--all"]);
    let hands = whole["hands"].as_array().unwrap();
    let n_hands = hands.len();
    assert_eq!(n_hands, 440 + 150 + 150 + 6);
    for machine in ["deuces-wild", "double-bonus"] {
        let on = |h: &&Value| h["machine"] == machine;
        assert!(hands.iter().filter(on).any(|h| h["won"].as_u64() > Some(0)), "a {machine} hand that pays");
        assert!(hands.iter().filter(on).any(|h| h["hands"] == 5) && hands.iter().filter(on).any(|h| h["hands"] == 3));
    }
    let rows: BTreeSet<(&str, &str)> = hands
        .iter()
        .flat_map(|h| h["results"].as_array().unwrap().iter().map(move |r| (h["machine"].as_str().unwrap(), r["outcome"].as_str().unwrap())))
        .collect();
    eprintln!("rows landed on in play: {rows:?}");
    assert!(rows.len() >= 20, "play lands on many rows: {rows:?}");

    // The whole history and its newest 500 verify in Python, every hand.
    let (code, out) = run_script(&[], whole.to_string().as_bytes());
    assert_eq!(code, 0, "{out}");
    assert!(out.contains(&format!("{n_hands} of {n_hands} hands verified")) && out.contains("every kind-deal decision"), "{out}");
    let page = play(&db, &["history", "--limit", "500"]);
    let (code, out) = run_script(&[], page.to_string().as_bytes());
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("500 of 500 hands verified"), "{out}");

    // A losing hand on a natural machine made a royal flush: outcome, row 0, win + 500, won to match.
    let at = hands
        .iter()
        .position(|h| h["machine"] != "deuces-wild" && h["hands"] == 1 && h["results"][0]["outcome"] == "nothing")
        .unwrap();
    let id = hands[at]["id"].as_i64().unwrap();
    let mut royal = whole.clone();
    let h = &mut royal["hands"][at];
    h["results"][0]["outcome"] = Value::from("royal-flush");
    h["results"][0]["row"] = Value::from(0);
    h["results"][0]["win"] = Value::from(h["results"][0]["win"].as_u64().unwrap() + 500);
    h["won"] = Value::from(h["won"].as_u64().unwrap() + 500);
    let (code, out) = run_script(&[], royal.to_string().as_bytes());
    assert_eq!(code, 1, "{out}");
    let line = out.lines().find(|l| l.starts_with(&format!("hand {id} ("))).unwrap();
    assert!(line.contains("FAILED: hand 1 outcome (recorded royal-flush, the cards make nothing)"), "{line}");
    assert!(line.contains("hand 1 row (recorded 0, the paytable's is null)") && line.contains("hand 1 win (recorded 500"), "{line}");
    assert!(line.contains("won (recorded 500, the hands pay 0)"), "{line}");
    assert!(out.contains(&format!("{} of {n_hands} hands verified", n_hands - 1)), "{out}");
    assert!(out.contains(&format!("the first hand the history does not give: {id}")), "{out}");

    // Each field alone, on one hand at a time: a consistent royal (win 800 × bet), a win one bet
    // higher, a row moved, won alone, the best hold's results, an extra hand of Five Play.
    let five = hands.iter().position(|h| h["machine"] == "deuces-wild" && h["hands"] == 5).unwrap();
    let paying = hands.iter().position(|h| h["won"].as_u64() > Some(0) && h["hands"] == 1).unwrap();
    let cases: Vec<(usize, &str, Box<dyn Fn(&mut Value)>)> = vec![
        (
            at,
            "hand 1 outcome (recorded royal-flush, the cards make nothing)",
            Box::new(|h: &mut Value| {
                let win = 800 * h["bet"].as_u64().unwrap();
                h["results"][0] = serde_json::json!({"cards": h["results"][0]["cards"], "drawn": h["results"][0]["drawn"],
                    "outcome": "royal-flush", "row": 0, "win": win});
                h["won"] = Value::from(win);
            }),
        ),
        (
            paying,
            "hand 1 win (recorded",
            Box::new(|h: &mut Value| {
                let bet = h["bet"].as_u64().unwrap();
                h["results"][0]["win"] = Value::from(h["results"][0]["win"].as_u64().unwrap() + bet);
                h["won"] = Value::from(h["won"].as_u64().unwrap() + bet);
            }),
        ),
        (paying, "hand 1 row (recorded", Box::new(|h: &mut Value| h["results"][0]["row"] = Value::from(h["results"][0]["row"].as_u64().unwrap() + 1))),
        (paying, "won (recorded", Box::new(|h: &mut Value| h["won"] = Value::from(h["won"].as_u64().unwrap() + 1))),
        (
            paying,
            "best_results hand 1 win (recorded",
            Box::new(|h: &mut Value| {
                h["best_results"][0]["win"] = Value::from(h["best_results"][0]["win"].as_u64().unwrap() + 5);
                h["best_won"] = Value::from(h["best_won"].as_u64().unwrap() + 5);
            }),
        ),
        (paying, "best_won (recorded", Box::new(|h: &mut Value| h["best_won"] = Value::from(h["best_won"].as_u64().unwrap() + 1))),
        (
            five,
            "hand 4 outcome (recorded natural-royal-flush",
            Box::new(|h: &mut Value| h["results"][3]["outcome"] = Value::from("natural-royal-flush")),
        ),
    ];
    let edited: Vec<Value> = cases
        .iter()
        .map(|(at, _, edit)| {
            let mut hand = hands[*at].clone();
            edit(&mut hand);
            hand
        })
        .collect();
    let (code, out) = run_script(&[], serde_json::json!({ "hands": edited }).to_string().as_bytes());
    assert_eq!(code, 1, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), cases.len() + 1, "{out}");
    for ((at, expect, _), line) in cases.iter().zip(lines) {
        let id = hands[*at]["id"].as_i64().unwrap();
        assert!(line.starts_with(&format!("hand {id} (")) && line.contains(&format!("FAILED: {expect}")), "{expect}: {line}");
    }
    assert!(out.ends_with(&format!("0 of {} hands verified\n", cases.len())), "{out}");
}
