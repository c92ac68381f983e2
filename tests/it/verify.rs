//! Verification of stored hands: a hand replays from its seed alone, each kind of tampering with the
//! stored record fails the check it belongs to, and hands stored before commitments say so; what
//! docs/VERIFY.md states is the core's: the nudge rule over every possible deal, the stream words,
//! the worked nudges and the paytables.

use vpoker::table::Table;
use vpoker::game::Day;
use std::path::Path;

use chrono::NaiveDate;
use rusqlite::{params, Connection};
use vpoker::card::Card;
use vpoker::eval::Family;
use vpoker::pipeline::verify::{verify, Claim};
use vpoker::game::{DealRequest, Game};
use vpoker::hold::Hold;
use vpoker::machine::MachineId;
use vpoker::shuffle::Seed;

fn day() -> Day {
    Day::new(NaiveDate::from_ymd_opt(2026, 11, 30).unwrap()).unwrap()
}

fn seed(n: u64) -> Seed {
    format!("{n:064x}").parse().unwrap()
}

/// A database with single hands (kind deals on, low balance so dead deals are nudged often) on
/// every id from 1; returns the ids of a plain hand and of a nudged one.
fn played(path: &Path) -> (i64, i64) {
    let mut game = Game::open(path).unwrap();
    let mut plain = None;
    let mut nudged = None;
    for n in 0..400u64 {
        let request = DealRequest::machine(MachineId::JacksOrBetter, vpoker::game::Bet::new(5).unwrap(), vpoker::game::Lines::new(1).unwrap(), false);
        let state = game.deal(request.clone(), seed(n), day()).unwrap();
        let hand = state.hand.unwrap();
        let hold = Hold::from_mask(u32::from(hand.best_hold.mask())).unwrap();
        game.draw(hold, day()).unwrap();
        if hand.nudged {
            nudged.get_or_insert(hand.id)
        } else {
            plain.get_or_insert(hand.id)
        };
        if plain.is_some() && nudged.is_some() {
            break;
        }
    }
    (plain.unwrap(), nudged.expect("a nudged hand within 400 deals"))
}

fn tampered(path: &Path, sql: &str, id: i64) -> vpoker::pipeline::verify::Verification {
    assert_eq!(Connection::open(path).unwrap().execute(sql, params![id]).unwrap(), 1);
    Game::open(path).unwrap().verify_hand(id).unwrap()
}

/// Changes byte `at` of blob `column` of hand `id` with `edit`, then verifies the hand.
fn tampered_byte(
    path: &Path,
    column: &str,
    at: usize,
    edit: impl Fn(u8) -> u8,
    id: i64,
) -> vpoker::pipeline::verify::Verification {
    let conn = Connection::open(path).unwrap();
    let mut blob: Vec<u8> =
        conn.query_row(&format!("SELECT {column} FROM hands WHERE id = ?1"), [id], |r| r.get(0)).unwrap();
    blob[at] = edit(blob[at]);
    let sql = format!("UPDATE hands SET {column} = ?1 WHERE id = ?2");
    assert_eq!(conn.execute(&sql, params![blob, id]).unwrap(), 1);
    drop(conn);
    Game::open(path).unwrap().verify_hand(id).unwrap()
}

#[test]
fn stored_hands_verify_and_each_tampering_fails_its_check() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.db");
    let (plain, nudged) = played(&path);
    let game = Game::open(&path).unwrap();
    for id in [plain, nudged] {
        let v = game.verify_hand(id).unwrap();
        assert!(v.verified, "{v:?}");
        assert_eq!((v.checks.commitment, v.checks.deal, v.checks.draws), (Some(true), Some(true), Some(true)));
        assert_eq!(v.deck.len(), 52);
        let record = game.history(1, Some(id + 1)).unwrap().remove(0);
        assert_eq!(record.id, id);
        assert_eq!(v.dealt, record.dealt);
        assert_eq!(v.commitment.as_deref(), record.commitment.as_deref());
        assert_eq!(v.hands, record.results);
        assert_eq!(v.nudge.is_some(), id == nudged);
    }
    drop(game);

    // The seed: the commitment no longer matches (and the deal neither).
    let v = tampered_byte(&path, "seed", 31, |b| b ^ 0x80, plain);
    assert_eq!((v.checks.commitment, v.checks.deal, v.verified), (Some(false), Some(false), false));
    // A dealt card.
    let v = tampered_byte(&path, "dealt", 2, |b| (b + 1) % 52, nudged);
    assert_eq!((v.checks.commitment, v.checks.deal, v.checks.draws), (Some(true), Some(false), Some(true)));
    assert!(v.failures.iter().any(|f| f.contains("recorded cards")), "{:?}", v.failures);
}

#[test]
fn a_tampered_nudge_or_win_fails_and_says_where() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.db");
    let (plain, nudged) = played(&path);
    // The nudge record says another card came in: not the rule's nudge.
    let v = tampered_byte(&path, "nudge", 3, |b| (b + 1) % 52, nudged);
    assert_eq!(v.checks.deal, Some(false));
    assert!(v.failures.iter().any(|f| f.contains("nudge")), "{:?}", v.failures);
    // A nudge disclosed on a deal it does not belong to (copied from the nudged hand).
    let v = tampered(
        &path,
        &format!("UPDATE hands SET nudge = (SELECT nudge FROM hands WHERE id = {nudged}) WHERE id = ?1"),
        plain,
    );
    assert_eq!(v.checks.deal, Some(false));
    // The nudge record removed: the pure deal is not the recorded cards.
    let v = tampered(&path, "UPDATE hands SET nudge = NULL WHERE id = ?1", nudged);
    assert_eq!(v.checks.deal, Some(false));
    // The win.
    let v = tampered(&path, "UPDATE hands SET won = won + 5 WHERE id = ?1", plain);
    assert_eq!(v.checks.draws, Some(false));
    assert!(v.failures.iter().any(|f| f.contains("won")), "{:?}", v.failures);
}

#[test]
fn a_tampered_replacement_card_or_final_hand_fails_the_draws_check() {
    let claim = |n_hands| Claim {
        hold: Some(Hold::from_mask(0b00011).unwrap()),
        ..Claim::seed(seed(7), Table::machine(MachineId::DeucesWild), n_hands)
    };
    for n_hands in [1, 5] {
        let honest = verify(&claim(n_hands));
        let drawn: Vec<Vec<Card>> = honest.hands.iter().map(|h| h.drawn.clone()).collect();
        let finals: Vec<[Card; 5]> = honest.hands.iter().map(|h| h.cards).collect();
        let ok = verify(&Claim { drawn: Some(drawn.clone()), finals: Some(finals.clone()), ..claim(n_hands) });
        assert_eq!(ok.checks.draws, Some(true));
        assert!(ok.verified);
        let mut bad = drawn.clone();
        let last = bad.len() - 1;
        bad[last].swap(0, 1);
        let v = verify(&Claim { drawn: Some(bad), ..claim(n_hands) });
        assert_eq!((v.checks.draws, v.verified), (Some(false), false));
        let mut bad = finals.clone();
        bad[last][4] = bad[last][0];
        let v = verify(&Claim { finals: Some(bad), ..claim(n_hands) });
        assert_eq!((v.checks.draws, v.verified), (Some(false), false));
    }
}

#[test]
fn a_commitment_is_sha256_of_the_seed_bytes() {
    // SHA-256 of 31 zero bytes and a 1, from Python's hashlib.
    assert_eq!(seed(1).commitment_hex(), "ec4916dd28fc4c10d78e287ca5d9cc51ee1ae73cbfde08c6b37324cbfaac8bc5");
    let v = verify(&Claim {
        commitment: Some(seed(1).commitment_hex().to_uppercase()),
        ..Claim::seed(seed(1), Table::machine(MachineId::JacksOrBetter), 1)
    });
    assert_eq!(v.checks.commitment, Some(true));
}

#[test]
fn hands_stored_before_commitments_have_none_and_still_verify() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("vpoker.db");
    std::fs::copy(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/landed-v2.db"), &path).unwrap();
    let game = Game::open(&path).unwrap();
    let hands = game.history(500, None).unwrap();
    assert!(hands.len() > 200);
    for hand in &hands {
        assert_eq!(hand.commitment, None);
        let v = game.verify_hand(hand.id).unwrap();
        assert_eq!((v.commitment.as_deref(), v.checks.commitment), (None, None));
        assert!(v.verified && v.checks.deal == Some(true) && v.checks.draws == Some(true), "hand {}", hand.id);
    }
    assert_eq!(game.verify_hand(0).unwrap_err().kind(), "unknown-hand");
}

/// A chooser that answers 0 and remembers how many values it was asked to choose among (the
/// number of a nudge's candidates).
struct CountingChooser(Option<u32>);

impl vpoker::shuffle::Chooser for CountingChooser {
    fn below(&mut self, n: u32) -> u32 {
        self.0 = Some(n);
        0
    }

    fn key(&mut self) -> u32 {
        0
    }
}

/// Five distinct ranks (0 = deuce … 12 = ace) that make a straight, A2345 included.
fn is_straight(ranks: &[usize]) -> bool {
    let mask: u16 = ranks.iter().fold(0, |m, &r| m | 1 << r);
    let (low, high) = (ranks.iter().min().unwrap(), ranks.iter().max().unwrap());
    mask.count_ones() == 5 && (high - low == 4 || mask == 0b1_0000_0000_1111)
}

/// What the nudge rule as docs/VERIFY.md words it gives a dealt hand: `None` when it is not dead,
/// else (kind, position, candidates by card index, candidates refused only for being a deuce,
/// candidates refused only for making a straight). Written from the document, not from the code:
/// it asserts the two facts the document states instead of handling cases that cannot occur.
#[allow(clippy::type_complexity)]
fn documented_nudge(machine: MachineId, dealt: &[usize; 5]) -> Option<(&'static str, usize, Vec<usize>, usize, usize)> {
    let (rank, suit) = (|c: usize| c / 4, |c: usize| c % 4);
    let ranks: Vec<usize> = dealt.iter().map(|&c| rank(c)).collect();
    let distinct = ranks.iter().fold(0u16, |m, &r| m | 1 << r).count_ones() == 5;
    let flush = dealt.iter().all(|&c| suit(c) == suit(dealt[0]));
    let deuce = ranks.contains(&0);
    if !distinct || flush || is_straight(&ranks) || (machine == MachineId::DeucesWild && deuce) {
        return None;
    }
    let mut counts = [0; 4];
    for &c in dealt {
        counts[suit(c)] += 1;
    }
    let undealt = |c: &usize| !dealt.contains(c);
    if let Some(flush_suit) = counts.iter().position(|&n| n == 3) {
        let position = (0..5).filter(|&i| suit(dealt[i]) != flush_suit).min_by_key(|&i| ranks[i]).unwrap();
        let kept: Vec<usize> = (0..5).filter(|&i| i != position).map(|i| ranks[i]).collect();
        let with = |r: usize| [&kept[..], &[r]].concat();
        let suited: Vec<usize> = (0..13).map(|r| r * 4 + flush_suit).filter(undealt).collect();
        assert_eq!(suited.len(), 10, "the two off-suit cards are of other suits");
        let fresh = |c: &&usize| !kept.contains(&rank(**c));
        let (deuce, straight) = (|c: usize| rank(c) == 0, |c: usize| is_straight(&with(rank(c))));
        let fresh: Vec<usize> = suited.iter().filter(fresh).copied().collect();
        let candidates: Vec<usize> = fresh.iter().copied().filter(|&c| !deuce(c) && !straight(c)).collect();
        let only_deuce = fresh.iter().filter(|&&c| deuce(c) && !straight(c)).count();
        let only_straight = fresh.iter().filter(|&&c| !deuce(c) && straight(c)).count();
        return Some(("four-flush", position, candidates, only_deuce, only_straight));
    }
    // No suit holds exactly three cards, and not five (a flush is not dead): the suits split
    // 4+1, 2+2+1 or 2+1+1+1, so some card's suit appears once.
    let alone: Vec<usize> = (0..5).filter(|&i| counts[suit(dealt[i])] == 1).collect();
    assert!(!alone.is_empty(), "a dead deal without three suited cards has a card alone in its suit: {dealt:?}");
    let position = *alone.iter().min_by_key(|&&i| ranks[i]).unwrap();
    let target = (0..5).filter(|&i| i != position).map(|i| ranks[i]).max().unwrap();
    // Four different ranks: the highest is at least a five (2, 3, 4, 5 is the lowest set).
    assert!(target >= 3, "the pair's target is never a deuce: {dealt:?}");
    let candidates: Vec<usize> = (0..4).map(|s| target * 4 + s).filter(undealt).collect();
    Some(("pair", position, candidates, 0, 0))
}

/// Every one of the 2,598,960 five-card deals on every machine: the core's dead check and nudge
/// are the rule docs/VERIFY.md states, and the clauses the document leaves out never apply: a dead
/// deal without three suited cards always has a card alone in its suit, a pair's target is never a
/// deuce, and every dead deal has candidates (at least six for a four-flush, exactly three for a
/// pair), so the bag's "nudge" always nudges. The clauses the document keeps do apply: a suited
/// deuce that would otherwise be a candidate, and a suited card that would make a straight, are
/// each refused somewhere on every machine.
#[test]
fn every_dead_deal_is_nudged_by_the_documented_rule() {
    use vpoker::pipeline::nudge::{is_dead, plan_nudge, NudgeKind};

    let card = |i: usize| Card::from_index(i).unwrap();
    // No dead-deal rule is defined for the joker family: no Joker Poker deal is dead (below).
    for machine in MachineId::ALL.into_iter().filter(|m| m.family() != Family::Joker) {
        let (mut n_dead, mut n_four_flush, mut refused_deuce, mut refused_straight) = (0u64, 0u64, 0usize, 0usize);
        let (mut fewest_four_flush, mut fewest_pair) = (usize::MAX, usize::MAX);
        let mut dealt = [0usize; 5];
        for a in 0..52 {
            for b in a + 1..52 {
                for c in b + 1..52 {
                    for d in c + 1..52 {
                        for e in d + 1..52 {
                            dealt = [a, b, c, d, e];
                            // Undealt cards in reverse index order: the choice must not follow the deck.
                            let mut deck = [card(0); 52];
                            let rest = (0..52).rev().filter(|i| !dealt.contains(i));
                            for (slot, idx) in deck.iter_mut().zip(dealt.iter().copied().chain(rest)) {
                                *slot = card(idx);
                            }
                            let cards: [Card; 5] = std::array::from_fn(|i| deck[i]);
                            let expected = documented_nudge(machine, &dealt);
                            assert_eq!(is_dead(&Table::machine(machine), &cards), expected.is_some(), "{machine} {cards:?}");
                            let mut chooser = CountingChooser(None);
                            let nudge = plan_nudge(&Table::machine(machine), &deck, &mut chooser);
                            let Some((kind, position, candidates, deuce, straight)) = expected else {
                                assert_eq!(nudge, None);
                                continue;
                            };
                            let nudge = nudge.unwrap_or_else(|| panic!("{machine} {cards:?}: a dead deal is nudged"));
                            let core_kind = if nudge.kind == NudgeKind::Pair { "pair" } else { "four-flush" };
                            assert_eq!((core_kind, nudge.position), (kind, position), "{machine} {cards:?}");
                            assert_eq!(chooser.0, Some(candidates.len() as u32), "{machine} {cards:?}");
                            assert_eq!(nudge.added, card(candidates[0]), "choice 0 is the lowest index");
                            assert_eq!((nudge.removed, deck[nudge.deck_position]), (cards[position], nudge.added));
                            n_dead += 1;
                            if kind == "four-flush" {
                                n_four_flush += 1;
                                fewest_four_flush = fewest_four_flush.min(candidates.len());
                            } else {
                                fewest_pair = fewest_pair.min(candidates.len());
                            }
                            refused_deuce += deuce;
                            refused_straight += straight;
                        }
                    }
                }
            }
        }
        assert_eq!(dealt, [47, 48, 49, 50, 51], "all C(52,5) deals");
        // Dead deals: C(13,5) rank sets less the 10 straights, times 4^5 suit patterns less the 4
        // flushes; without deuces, C(12,5) less the 8 straights without a deuce.
        let expected_dead = if machine == MachineId::DeucesWild { (792 - 8) * 1020 } else { (1287 - 10) * 1020 };
        assert_eq!(n_dead, expected_dead, "{machine}");
        assert!(n_four_flush > 0 && n_four_flush < n_dead, "{machine}: both kinds");
        assert_eq!((fewest_four_flush, fewest_pair), (6, 3), "{machine}: candidates of a four-flush, of a pair");
        assert!(refused_straight > 0, "{machine}: a suited card that makes a straight is refused");
        assert!(refused_deuce > 0, "{machine}: a suited deuce is refused");
    }
}

fn verify_doc() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/VERIFY.md")).unwrap()
}

/// The stream words docs/VERIFY.md gives for the seed 000102…1f are ChaCha20's (streams 0, 1, 2).
#[test]
fn the_documented_stream_words_are_the_generators() {
    use rand::RngCore;

    let doc = verify_doc();
    let seed: Seed = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f".parse().unwrap();
    let mut streams = 0;
    for line in doc.lines() {
        let Some((name, words)) = line.strip_prefix("stream ").and_then(|l| l.split_once(": ")) else { continue };
        let mut rng = seed.rng();
        rng.set_stream(name.parse().unwrap());
        for word in words.split(' ') {
            assert_eq!(format!("{:#010x}", rng.next_u32()), word, "stream {name}");
        }
        streams += 1;
    }
    assert_eq!(streams, 3, "streams 0, 1 and 2 are documented");
}

/// The worked nudges of docs/VERIFY.md: the candidates by card index, stream 2's first word and the
/// choice, as the core makes them.
#[test]
fn the_worked_nudges_are_the_cores() {
    use rand::RngCore;
    use vpoker::pipeline::deal::nudge_rng;
    use vpoker::pipeline::verify::rule_nudge;

    let doc = verify_doc();
    for (seed, word, candidates, added, from) in [
        ("dead0009", "0x1b6ce2dc", "3d 4d 5d 6d 8d Jd Qd Kd", "3d", 51),
        ("dead0003", "0x873004fc", "Ac Ad Ah", "Ad", 40),
    ] {
        assert!(doc.contains(&format!("`…{seed}`")) && doc.contains(&format!("`{word}`")), "{seed}");
        assert!(doc.contains(&format!("`{candidates}`")), "{seed}: {candidates}");
        let seed: Seed = format!("{seed:0>64}").parse().unwrap();
        assert_eq!(format!("{:#010x}", nudge_rng(&seed).next_u32()), word);
        let dealt: [usize; 5] = std::array::from_fn(|i| seed.deck()[i].index());
        let (_, _, listed, _, _) = documented_nudge(MachineId::JacksOrBetter, &dealt).unwrap();
        let listed: Vec<String> = listed.iter().map(|&i| Card::from_index(i).unwrap().to_string()).collect();
        assert_eq!(listed.join(" "), candidates);
        let nudge = rule_nudge(&seed, &Table::machine(MachineId::JacksOrBetter)).unwrap();
        assert_eq!((nudge.added.to_string(), nudge.deck_position), (added.to_string(), from));
    }
}

/// The paytable of docs/VERIFY.md ("Paying a hand") is every machine's, row by row, and no more.
#[test]
fn the_documented_paytables_are_the_machines() {
    let doc = verify_doc();
    let mut lines = doc.lines().skip_while(|l| !l.starts_with("| row |"));
    let header = lines.next().expect("the paytable").split('|').skip(2).filter(|c| !c.trim().is_empty());
    let header: Vec<MachineId> = header.map(|c| c.trim().trim_matches('`').parse().unwrap()).collect();
    assert_eq!(header.len(), 4);
    let mut documented: Vec<Vec<(String, u32)>> = vec![Vec::new(); 4];
    for (row_idx, line) in lines.skip(1).take_while(|l| l.starts_with('|')).enumerate() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        assert_eq!(cells[1], row_idx.to_string());
        for (machine_idx, cell) in cells[2..6].iter().enumerate() {
            if let Some((id, pay)) = cell.strip_prefix('`').and_then(|c| c.split_once("` ")) {
                documented[machine_idx].push((id.to_string(), pay.parse().unwrap()));
            }
        }
    }
    for (machine, rows) in header.iter().zip(documented) {
        let actual: Vec<(String, u32)> = machine.paytable().rows().iter().map(|r| (r.id.to_string(), r.pay)).collect();
        assert_eq!(rows, actual, "{machine}");
    }
}

#[test]
fn the_bound_commitment_is_the_documented_vector_and_binds_table_bet_and_lines() {
    use vpoker::pipeline::commit::{bound, bound_text};
    let seed = Seed::from_bytes([7; 32]);
    let table = Table::machine(MachineId::JacksOrBetter);
    assert_eq!(bound_text(&table, 10, 1, None), "video-poker/2 bet=10 lines=1 pays=800,50,25,9,6,4,3,2,1 table=jacks-or-better");
    // docs/VERIFY.md, "The commitment".
    assert_eq!(vpoker::shuffle::hex(&bound(&seed, &table, 10, 1, None)), "e23ba12d6c73f2f005b58f621f9d270b79d37355b68b17ac19a8181bd074699f");
    assert_eq!(seed.commitment_hex(), "4bb06f8e4e3a7715d201d573d0aa423762e55dabd61a2c02278fa56cc6d294e0");
    let other = [
        bound(&seed, &table, 5, 1, None),
        bound(&seed, &table, 10, 3, None),
        bound(&seed, &Table::machine(MachineId::DoubleBonus), 10, 1, None),
        bound(&seed, &Table::preset(vpoker::library::Preset::find("jacks-or-better-8-5").unwrap()), 10, 1, None),
    ];
    assert!(other.iter().all(|c| *c != bound(&seed, &table, 10, 1, None)), "another bet, line count or table is another commitment");
}

#[test]
fn an_ultimate_x_commitment_binds_the_multipliers_as_documented() {
    use vpoker::pipeline::commit::{bound, bound_text};
    let seed = Seed::from_bytes([7; 32]);
    let table = Table::named("ultimate-x:jacks-or-better").unwrap();
    let on_screen = vpoker::rules::stored(&table, 3, Some(&[1, 4, 2])).unwrap().unwrap();
    let text = bound_text(&table, 10, 3, Some(&on_screen));
    assert_eq!(text, "video-poker/2 bet=10 lines=3 pays=800,50,25,9,6,4,3,2,1 table=ultimate-x:jacks-or-better multipliers=1,4,2");
    let commitment = vpoker::shuffle::hex(&bound(&seed, &table, 10, 3, Some(&on_screen)));
    // docs/VERIFY.md, "Ultimate X".
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/VERIFY.md")).unwrap();
    assert_eq!(commitment, "608c9eca1fa8c959da5b39fe1ea34e0474841e45eabe167dad3b0bb3463eeee2");
    assert!(doc.contains(&commitment) && doc.contains("multipliers=1,4,2"));
    let other = vpoker::rules::stored(&table, 3, Some(&[1, 2, 4])).unwrap().unwrap();
    assert_ne!(bound(&seed, &table, 10, 3, Some(&other)), bound(&seed, &table, 10, 3, Some(&on_screen)), "other multipliers, another commitment");
}

#[test]
fn the_origin_commitment_is_the_documented_vector_and_binds_practice_and_the_seeds_origin() {
    use vpoker::pipeline::commit::{origin, origin_text, Terms};
    use vpoker::shuffle::SeedFrom;
    let seed = Seed::from_bytes([7; 32]);
    let table = Table::machine(MachineId::JacksOrBetter);
    let terms = Terms { table: &table, bet: 10, lines: 1, practice: false, seed_from: SeedFrom::System, on_screen: None };
    assert_eq!(
        origin_text(&terms),
        "video-poker/3 bet=10 lines=1 practice=0 seed=system pays=800,50,25,9,6,4,3,2,1 table=jacks-or-better"
    );
    let commitment = vpoker::shuffle::hex(&origin(&seed, &terms));
    // docs/VERIFY.md, "The commitment".
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/VERIFY.md")).unwrap();
    assert!(doc.contains(&commitment), "{commitment} is not in docs/VERIFY.md");
    let flipped = [
        origin(&seed, &Terms { practice: true, ..terms }),
        origin(&seed, &Terms { seed_from: SeedFrom::Chosen, ..terms }),
    ];
    assert!(flipped.iter().all(|c| *c != origin(&seed, &terms)), "practice or a chosen seed is another commitment");
    // A pasted seed with its noted commitment finds the practice flag and the seed's origin.
    let noted = vpoker::shuffle::hex(&flipped[1]);
    let claim = Claim::pasted(seed, table.clone(), 1, Some(noted), &[5, 10], None);
    assert_eq!((claim.rule, claim.bet, claim.practice, claim.seed_from), (vpoker::pipeline::CommitRule::Origin, 10, false, Some(SeedFrom::Chosen)));
    assert_eq!(verify(&claim).checks.commitment, Some(true));
}

#[test]
fn a_chosen_seed_deals_practice_only_and_fill_never_deals_a_chosen_seed_twice_for_chips() {
    use vpoker::game::{Bet, GameError, Lines};
    use vpoker::shuffle::{DealSeed, SeedFrom};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.db");
    let mut game = Game::open(&path).unwrap();
    let chips = DealRequest::machine(MachineId::JacksOrBetter, Bet::new(5).unwrap(), Lines::ONE, false);
    let before = game.state(day()).unwrap();
    let refused = game.deal(chips.clone(), DealSeed::chosen(seed(1)), day()).unwrap_err();
    assert!(matches!(refused, GameError::ChosenSeedForChips), "{refused:?}");
    assert_eq!(refused.kind(), "chosen-seed-for-chips");
    assert_eq!(game.state(day()).unwrap(), before, "a refusal changes nothing");
    // Practice with a chosen seed is dealt from that very seed, marked chosen and bound by its
    // commitment.
    let practice = DealRequest { practice: true, ..chips.clone() };
    game.deal(practice, DealSeed::chosen(seed(1)), day()).unwrap();
    let hand = crate::common::draw_hand(&mut game, Hold::NONE, day()).unwrap();
    assert_eq!((hand.seed, hand.seed_from, hand.practice), (seed(1), SeedFrom::Chosen, true));
    assert_eq!(hand.commitment_rule, vpoker::pipeline::CommitRule::Origin);
    // The batch player deals for chips from the seed derived from the chosen one and the hand's id:
    // the same chosen seeds twice deal other seeds, each marked chosen.
    let given = [DealSeed::chosen(seed(2)), DealSeed::chosen(seed(3))];
    assert_eq!(game.play_best_batch(chips.clone(), &given, day()).unwrap(), 2);
    assert_eq!(game.play_best_batch(chips, &given, day()).unwrap(), 2);
    let hands = game.history(10, None).unwrap();
    let dealt: std::collections::BTreeSet<[u8; 32]> = hands.iter().filter(|h| !h.practice).map(|h| h.seed.bytes()).collect();
    assert_eq!(dealt.len(), 4, "four hands for chips, four seeds");
    for hand in hands.iter().filter(|h| !h.practice) {
        assert_eq!(hand.seed_from, SeedFrom::Chosen);
        assert_eq!(hand.seed, vpoker::pipeline::seeds::chosen_for_chips(&seed(2 + hand.id as u64 % 2), hand.id));
        assert!(game.verify_hand(hand.id).unwrap().verified);
    }
    assert!(game.audit().unwrap().ok);
}
