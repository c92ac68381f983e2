//! Super Times Pay (docs/SUPER-TIMES.md): the weights, the published returns, each line's
//! multiplier drawn from the hand seed's stream 4 (a vector rebuilt from the stream by hand), the
//! stake of six coins a line for every five, each line paid at its multiplier, and a recorded
//! multiplier that is not the seed's refused by `verify --hand` and the whole history's replay.

use std::sync::atomic::AtomicBool;

use chrono::{NaiveDate, NaiveDateTime};
use rand_chacha::rand_core::RngCore;
use rusqlite::Connection;
use vpoker::game::{Bet, DealRequest, Game, Lines};
use vpoker::rules::{self, Drawn};
use vpoker::shuffle::Seed;
use vpoker::super_times::{mean_multiplier, multiplier_of, DRAWS, STREAM, WEIGHTS};
use vpoker::table::Table;

fn now() -> NaiveDateTime {
    NaiveDate::from_ymd_opt(2026, 12, 7).unwrap().and_hms_opt(12, 0, 0).unwrap()
}

fn seed(n: u64) -> Seed {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&n.to_le_bytes());
    bytes[31] = 0x57;
    Seed::from_bytes(bytes)
}

fn request(table: &str, bet: u32, lines: u8, practice: bool) -> DealRequest {
    DealRequest { table: crate::common::t(table), bet: Bet::new(bet).unwrap(), hands: Lines::new(lines).unwrap(), practice }
}

/// The vector of docs/VERIFY.md ("Super Times Pay"): a seed, its ten lines' draws on stream 4 and
/// their multipliers.
const VECTOR_SEED: &str = "6000000000000000000000000000000000000000000000000000000000000057";
const VECTOR_DRAWS: [u32; 10] = [1447, 1460, 882, 1177, 1493, 737, 205, 1410, 275, 1064];
const VECTOR_MULTIPLIERS: [u8; 10] = [3, 4, 1, 1, 10, 1, 1, 2, 1, 1];

/// Lemire's multiply-and-reject on 32-bit words of ChaCha20 stream 4, written out here apart from
/// the crate's `Chooser` (docs/VERIFY.md gives the same steps).
fn draws_by_hand(seed: &Seed, n: usize) -> Vec<u32> {
    let mut rng = seed.rng();
    rng.set_stream(STREAM);
    let range = u64::from(DRAWS);
    let threshold = (u32::MAX as u64 + 1 - range) % range;
    (0..n)
        .map(|_| loop {
            let m = u64::from(rng.next_u32()) * range;
            if (m & 0xffff_ffff) >= threshold {
                break (m >> 32) as u32;
            }
        })
        .collect()
}

/// The weights read off one after another, as docs/VERIFY.md lists their ranges.
fn multiplier_by_ranges(draw: u32) -> u8 {
    match draw {
        0..=1399 => 1,
        1400..=1432 => 2,
        1433..=1454 => 3,
        1455..=1470 => 4,
        1471..=1483 => 5,
        1484..=1491 => 8,
        1492..=1499 => 10,
        _ => panic!("{draw} is not below 1500"),
    }
}

#[test]
fn one_line_in_fifteen_is_multiplied_and_the_mean_multiplier_is_361_300() {
    assert_eq!(WEIGHTS.iter().map(|&(_, w)| w).sum::<u32>(), DRAWS);
    let multiplied: u32 = WEIGHTS.iter().filter(|&&(m, _)| m > 1).map(|&(_, w)| w).sum();
    assert_eq!(multiplied * 15, DRAWS, "one draw in 15 carries a multiplier");
    let total: u32 = WEIGHTS.iter().map(|&(m, w)| u32::from(m) * w).sum();
    assert_eq!(total * 300, 361 * DRAWS, "mean multiplier 361/300");
    assert!((mean_multiplier() - 361.0 / 300.0).abs() < 1e-15);
    for draw in 0..DRAWS {
        assert_eq!(multiplier_of(draw), multiplier_by_ranges(draw), "draw {draw}");
    }
}

/// IGT's published returns (docs/SUPER-TIMES.md cites them), reproduced to the hundredth of a
/// percent: the base game's exact return × 361/300 × 5/6.
#[test]
fn the_published_returns_are_reproduced_to_the_hundredth() {
    for (id, published) in [
        ("super-times:jacks-or-better", 99.82),
        ("super-times:bonus-poker", 99.44),
        ("super-times:double-double-bonus", 99.26),
        ("super-times:not-so-ugly-deuces", 100.01),
    ] {
        let table = Table::named(id).unwrap();
        let returns = rules::returns(&table, 1).unwrap();
        let percent = 100.0 * returns.return_perfect;
        assert!((percent - published).abs() <= 0.005, "{id}: {percent:.4} % against IGT's {published} %");
        let base = vpoker::strategy::custom::analyze_table(table.paytable()).return_rate;
        assert!((returns.return_perfect - base * 361.0 / 360.0).abs() < 1e-12, "{id}");
        assert_eq!(returns.return_perfect, returns.return_single_strategy, "{id}: the base game's strategy is perfect");
        for lines in [3, 5, 10] {
            assert_eq!(rules::returns(&table, lines).unwrap().return_perfect, returns.return_perfect, "{id} on {lines} lines");
        }
        assert!(rules::returns(&table, 50).is_err(), "{id} is not dealt on 50 lines");
    }
}

#[test]
fn each_line_s_multiplier_is_read_off_the_seed_s_stream_4() {
    let seed: Seed = VECTOR_SEED.parse().unwrap();
    assert_eq!(draws_by_hand(&seed, 10), VECTOR_DRAWS);
    assert_eq!(VECTOR_DRAWS.map(multiplier_by_ranges), VECTOR_MULTIPLIERS);
    assert_eq!(Drawn::draw(&seed, 10).unwrap().values(), VECTOR_MULTIPLIERS);
    // Fewer lines take the first draws; a line count it is not dealt on draws nothing.
    assert_eq!(Drawn::draw(&seed, 3).unwrap().values(), &VECTOR_MULTIPLIERS[..3]);
    assert_eq!(Drawn::draw(&seed, 50), None);
    // The deal's cards are stream 0's: the same as the plain table's from the same seed.
    let plain = Table::named("jacks-or-better").unwrap();
    let times = plain.super_times().unwrap();
    let deal = |table: &Table| vpoker::pipeline::deal::Deal::deal(&seed, table, 10, vpoker::pipeline::deal::NudgeSource::Never);
    assert_eq!(deal(&plain).final_hands(vpoker::hold::Hold::NONE), deal(&times).final_hands(vpoker::hold::Hold::NONE));
    // Over 15,000 seeds' first lines, one in 15 is multiplied within four standard deviations.
    let multiplied = (0..15_000u64).filter(|&n| Drawn::draw(&seed_n(n), 1).unwrap().values()[0] > 1).count() as f64;
    let sd = (15_000.0_f64 * (1.0 / 15.0) * (14.0 / 15.0)).sqrt();
    assert!((multiplied - 1000.0).abs() < 4.0 * sd, "{multiplied} multiplied first lines of 15,000");
}

fn seed_n(n: u64) -> Seed {
    let mut bytes = [0u8; 32];
    bytes[8..16].copy_from_slice(&n.to_le_bytes());
    Seed::from_bytes(bytes)
}

/// A deal for chips: six chips a line for every five of the bet, every line dealt with the
/// seed's multiplier and paid bet × pay × it, nothing shown before the deal, and the hand
/// verified alone and in the whole history.
#[test]
fn a_deal_costs_six_fifths_of_the_bet_a_line_and_pays_each_line_at_its_drawn_multiplier() {
    let dir = tempfile::tempdir().unwrap();
    let mut game = Game::open(&dir.path().join("g.db")).unwrap();
    let table = "super-times:jacks-or-better";
    assert_eq!(game.next_screen(&request(table, 5, 1, false)).unwrap(), None, "nothing is shown before the deal");
    let mut multiplied_win = false;
    for n in 0..400u64 {
        let chips = game.state(crate::common::d(now().date())).unwrap().chips;
        if chips < 100 {
            break;
        }
        let dealt = game.deal(request(table, 10, 1, false), seed(n), crate::common::m(now())).unwrap();
        assert_eq!(chips - dealt.chips, 12, "10 chips a line: 12 with the sixth coin of every five");
        let hand = dealt.hand.unwrap();
        let drawn = Drawn::draw(&seed(n), 1).unwrap();
        assert_eq!(hand.multipliers.as_deref(), Some(drawn.values()), "hand {}: the seed's multiplier", hand.id);
        assert_eq!(hand.stake, 12);
        let lit: Vec<bool> = hand.screen.as_ref().unwrap().iter().map(|l| l.lit).collect();
        assert_eq!(lit, drawn.values().iter().map(|&m| m > 1).collect::<Vec<_>>());
        let state = game.draw(hand.best_hold, crate::common::m(now())).unwrap();
        let record = state.last_hand.unwrap();
        let result = &record.results[0];
        let pay = result.row.map_or(0, |row| record.pays[row]);
        assert_eq!(result.multiplier, Some(drawn.values()[0]));
        assert_eq!(result.earned, None, "nothing is carried to the next hand");
        assert_eq!(result.win, 10 * u64::from(pay) * u64::from(drawn.values()[0]));
        assert_eq!(state.chips, dealt.chips + result.win);
        multiplied_win |= result.win > 0 && drawn.values()[0] > 1;
        if multiplied_win && n > 40 {
            break;
        }
    }
    assert!(multiplied_win, "a multiplied line won within the hands played");
    let check = game.check_history(&|_, _| {}, &AtomicBool::new(false)).unwrap();
    assert!(check.failure.is_none(), "{:?}", check.failure);
    assert!(game.audit().unwrap().ok);
}

/// A hand rewritten as dealt with another multiplier, consistently (its commitment made again with
/// it and its win paid at it), is refused by `verify --hand` (the seed draws another) and by the
/// whole history's replay.
#[test]
fn a_multiplier_the_seed_did_not_draw_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.db");
    let mut game = Game::open(&path).unwrap();
    let table = "super-times:jacks-or-better";
    let mut played = Vec::new();
    for n in 0..12u64 {
        let hand = game.deal(request(table, 5, 1, false), seed(1000 + n), crate::common::m(now())).unwrap().hand.unwrap();
        game.draw(hand.best_hold, crate::common::m(now())).unwrap();
        played.push(hand.id);
    }
    drop(game);
    let conn = Connection::open(&path).unwrap();
    let (id, seed_bytes, won): (i64, Vec<u8>, i64) = conn
        .query_row("SELECT id, seed, won FROM hands WHERE multipliers = x'01' AND won > 0 ORDER BY id LIMIT 1", [], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?))
        })
        .expect("a winning hand dealt at 1x among twelve");
    let times = Table::named(table).unwrap();
    let on_screen = rules::stored(&times, 1, Some(&[10])).unwrap().unwrap();
    let seed = Seed::from_bytes(seed_bytes.try_into().unwrap());
    let commitment = crate::common::origin_commitment(&times, &seed, 5, 1, Some(&on_screen));
    conn.execute("UPDATE hands SET multipliers = x'0a', won = ?1, commitment = ?2 WHERE id = ?3", rusqlite::params![won * 10, &commitment[..], id])
        .unwrap();
    conn.execute("UPDATE profile SET chips = chips + ?1, paid_total = paid_total + ?1", [won * 9]).unwrap();
    drop(conn);
    let game = Game::open(&path).unwrap();
    let verification = game.verify_hand(id).unwrap();
    assert!(!verification.verified);
    assert!(verification.failures.iter().any(|f| f.contains("the seed draws 1")), "{:?}", verification.failures);
    assert_eq!(verification.checks.deal, Some(false));
    let check = game.check_history(&|_, _| {}, &AtomicBool::new(false)).unwrap();
    let failure = check.failure.expect("the replay finds the hand");
    assert_eq!(failure.hand, Some(id), "{}", failure.detail);
    assert!(!game.audit().unwrap().ok);
    // The hands around it still verify alone.
    for &other in played.iter().filter(|&&h| h != id) {
        assert!(game.verify_hand(other).unwrap().verified, "hand {other}");
    }
}

/// VERIFY.md's commitment vector: the bound text ends with the multipliers, as Ultimate X's.
#[test]
fn the_commitment_binds_the_drawn_multipliers() {
    let seed: Seed = "6100000000000000000000000000000000000000000000000000000000000057".parse().unwrap();
    let table = Table::named("super-times:jacks-or-better").unwrap();
    let screen = rules::on_deal(&table, 3, &seed).unwrap();
    assert_eq!(screen.values(), [2, 3, 3]);
    let commitment = crate::common::origin_commitment(&table, &seed, 5, 3, Some(&screen));
    let hex: String = commitment.iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(hex, "425b69355e249dfda4936f40091cb77dc6e8ab16b0cbc64c232c761487cf8b6b");
}

/// A drill on a Super Times Pay table is the base game's: hard hands by the plain rule, asked with
/// nothing on screen (the multiplier changes no hold, so a screen would make no hand hard).
#[test]
fn a_drill_on_super_times_pay_asks_the_base_game_s_hard_hands() {
    use vpoker::game::DrillSource;
    let dir = tempfile::tempdir().unwrap();
    let mut game = Game::open(&dir.path().join("g.db")).unwrap();
    let today = crate::common::d(now().date());
    for n in 0..4 {
        let question = game
            .drill_next(&crate::common::t("super-times:jacks-or-better"), DrillSource::Hard, seed(2000 + n), today)
            .unwrap()
            .expect("a hard hand of the base game");
        assert_eq!(question.multipliers, None, "nothing on screen");
        let plain = Table::named("jacks-or-better").unwrap().hand_evs(&question.cards);
        let answer = game.drill_answer(&question.key, plain.best(), today).unwrap();
        assert!(answer.correct, "the base game's best hold is right: {:?}", question.cards);
    }
}
