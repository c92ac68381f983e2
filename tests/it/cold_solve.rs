//! One hand solved cold (`strategy::cold`, before a family's tables exist) gives what the tables
//! give: the kept counts C(∅) and C({card}) are the tables' own rows (`UPDATE_COLD_ROWS=1` rewrites
//! `src/strategy/cold_rows.rs` from them), and every hold's category counts and EVs are the same
//! integers and floats on hands of every family, the kicker games and a lab table.

use vpoker::card::Card;
use vpoker::eval::Family;
use vpoker::kicker::KickerGame;
use vpoker::machine::MachineId;
use vpoker::strategy::custom::TableSolver;
use vpoker::strategy::outcomes::{hold_category_counts, hold_category_counts_cold};
use vpoker::strategy::solver::cold_evs;
use vpoker::strategy::{cold_rows, hand_evs, kicker_hand_evs, DeckMath, FamilyTables};

const FAMILIES: [Family; 3] = [Family::Natural, Family::Deuces, Family::Joker];

fn row(tables: &FamilyTables, size: usize, rank: u32) -> [u32; 16] {
    let mut acc = [0i64; 16];
    tables.add_counts(size, rank, 1, &mut acc);
    acc.map(|count| u32::try_from(count).expect("a count fits in u32"))
}

/// The row a card's C({card}) is kept under: its rank (suits exchange freely), the joker its own.
fn kind(card: usize) -> usize {
    if card == 52 {
        13
    } else {
        card >> 2
    }
}

#[test]
fn the_kept_rows_are_the_tables_rows() {
    let mut source = String::from(
        "//! C(∅) and C({card}) of each family, by category slot: how many 5-card hands of the deck fall\n\
         //! in each category, and how many containing one card of each rank (suits exchange freely;\n\
         //! card 52, the 53-card deck's wild card, has no rank and a row of its own). One entry per\n\
         //! family, in `Family::ALL`'s order. Generated from the tables by\n\
         //! `UPDATE_COLD_ROWS=1 cargo test -p vpoker --test it cold_solve` and checked against them by\n\
         //! the same test: do not edit by hand. `cold.rs` says what they are for.\n\n\
         use crate::eval::Family;\n\nuse super::tables::CAT_SLOTS;\n\n",
    );
    let mut zeros = String::from("const ZERO: [[u32; CAT_SLOTS]; Family::ALL.len()] = [\n");
    let mut ones = String::from("const ONE: [&[[u32; CAT_SLOTS]]; Family::ALL.len()] = [\n");
    assert_eq!(Family::ALL, FAMILIES);
    for (at, family) in Family::ALL.into_iter().enumerate() {
        let tables = FamilyTables::build(family);
        let n_cards = DeckMath::of_family(family).n_cards;
        let zero = row(&tables, 0, 0);
        let mut by_kind: Vec<Option<[u32; 16]>> = vec![None; 14];
        for card in 0..n_cards {
            // The colex rank of a one-card subset is the card's index.
            let one = row(&tables, 1, card as u32);
            match by_kind[kind(card)] {
                None => by_kind[kind(card)] = Some(one),
                Some(kept) => assert_eq!(
                    kept, one,
                    "{family:?}: card {card} counts as the others of its rank"
                ),
            }
            if std::env::var_os("UPDATE_COLD_ROWS").is_none() {
                assert_eq!(
                    cold_rows::one(family, card),
                    &one,
                    "{family:?}: card {card}'s kept row"
                );
            }
        }
        if std::env::var_os("UPDATE_COLD_ROWS").is_none() {
            assert_eq!(
                cold_rows::zero(family),
                &zero,
                "{family:?}: the kept count of every hand"
            );
        }
        let kinds: Vec<[u32; 16]> = by_kind.into_iter().flatten().collect();
        zeros.push_str(&format!("    // Family::ALL[{at}]: {n_cards} cards.\n    {zero:?},\n"));
        ones.push_str(&format!("    // Family::ALL[{at}]: {} rows.\n    &[\n", kinds.len()));
        for kept in &kinds {
            ones.push_str(&format!("        {kept:?},\n"));
        }
        ones.push_str("    ],\n");
    }
    source.push_str(&zeros);
    source.push_str("];\n\n");
    source.push_str(&ones);
    source.push_str("];\n\n");
    source.push_str(
        "/// C(∅): every hand of the family's deck, by category.\n\
         pub fn zero(family: Family) -> &'static [u32; CAT_SLOTS] {\n    &ZERO[family.index()]\n}\n\n\
         /// C({card}): the hands of the family's deck containing `card`, by category.\n\
         pub fn one(family: Family, card: usize) -> &'static [u32; CAT_SLOTS] {\n\
         \x20   // Card indices are rank × 4 + suit: a card's row is its rank's, card 52's (52 / 4 = 13)\n\
         \x20   // its own.\n\
         \x20   &ONE[family.index()][card >> 2]\n}\n",
    );
    if std::env::var_os("UPDATE_COLD_ROWS").is_some() {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/strategy/cold_rows.rs");
        std::fs::write(path, source).expect("write cold_rows.rs");
    }
}

/// `count` hands of `n_cards` cards from a fixed xorshift stream, as dealt (not sorted), and a few
/// chosen ones: a royal, four aces with a deuce, four deuces, the joker with a pair.
fn hands(n_cards: usize, count: usize) -> Vec<[Card; 5]> {
    let card = |i: usize| Card::from_index(i).expect("a card index");
    let mut chosen = vec![
        [48, 44, 40, 36, 32],
        [48, 49, 50, 51, 0],
        [0, 1, 2, 3, 51],
        [20, 21, 7, 30, 45],
    ];
    if n_cards == 53 {
        chosen.extend([[52, 20, 21, 7, 30], [52, 48, 44, 40, 36], [52, 0, 4, 8, 13]]);
    }
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n_cards as u64) as usize
    };
    while chosen.len() < count {
        let mut hand = [usize::MAX; 5];
        for slot in 0..5 {
            hand[slot] = loop {
                let c = next();
                if !hand.contains(&c) {
                    break c;
                }
            };
        }
        chosen.push(hand);
    }
    chosen.into_iter().map(|hand| hand.map(card)).collect()
}

#[test]
fn a_hand_solved_cold_has_the_tables_counts_and_evs_on_every_family() {
    for family in FAMILIES {
        let tables = FamilyTables::build(family);
        for hand in hands(DeckMath::of_family(family).n_cards, 60) {
            let mut sorted = hand.map(Card::index);
            sorted.sort_unstable();
            assert_eq!(
                hold_category_counts_cold(family, &sorted),
                hold_category_counts(&tables, &sorted),
                "{family:?} {hand:?}"
            );
        }
    }
    for machine in MachineId::ALL {
        let family = machine.family();
        // Built first, so `hand_evs` answers from the tables.
        vpoker::strategy::tables::machine_tables(machine);
        for hand in hands(DeckMath::of_family(family).n_cards, 40) {
            let cold = cold_evs(machine.paytable().pay_by_category(), family, &hand);
            assert_eq!(
                cold.as_array(),
                hand_evs(machine, &hand).as_array(),
                "{machine} {hand:?}"
            );
        }
    }
    for game in KickerGame::ALL {
        let _ = kicker_hand_evs(game, &hands(52, 1)[0]);
        for hand in hands(52, 20) {
            let cold = cold_evs(game.paytable().pay_by_category(), game.family(), &hand);
            // After COLD_HANDS calls the game's tables are built; the rest answer from them.
            for _ in 0..vpoker::strategy::cold::COLD_HANDS {
                kicker_hand_evs(game, &hand);
            }
            assert_eq!(
                cold.as_array(),
                kicker_hand_evs(game, &hand).as_array(),
                "{game:?} {hand:?}"
            );
        }
    }
    // A lab table: the solver's first hands may be cold, the later ones from its pay sums.
    let mut pays = MachineId::JacksOrBetter
        .paytable()
        .rows()
        .iter()
        .map(|row| row.pay)
        .collect::<Vec<_>>();
    pays[1] = 77;
    let table = MachineId::JacksOrBetter
        .paytable()
        .with_pays(&pays)
        .expect("a lab copy");
    let solver = TableSolver::new(&table);
    for hand in hands(52, 30) {
        let cold = cold_evs(table.pay_by_category(), Family::Natural, &hand);
        assert_eq!(
            cold.as_array(),
            solver.hand_evs(&hand).as_array(),
            "lab {hand:?}"
        );
    }
    assert!(
        solver.n_bytes() > 0,
        "after {} hands the lab table's pay sums are built",
        30
    );
}
