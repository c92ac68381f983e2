//! The precomputed tables behind the fast solver, and the colex ranking of card subsets.
//!
//! Every k-subset (k = 0..4) of a deck's cards has a colex rank, `Σ C(c_i, i + 1)` over its cards
//! in increasing order, which numbers the k-subsets densely from 0 to C(n, k) − 1 (n = 52, or 53
//! on a family whose deck has a wild 53rd card: [`Family::deck_size`]; the ranks do not depend on
//! n, see [`super::deck`]). A family's tables hold, for
//! every subset S of at most four cards of its deck, how many of the 5-card hands containing S
//! fall in each evaluator category. A paytable's tables fold those counts with its pays into one
//! number per subset: the total pay of all 5-card hands containing S. The solver then gets the
//! total pay of every draw for a hold by inclusion–exclusion over the discarded cards. One code
//! path for every family: the family gives its evaluator and deck size ([`Family::evaluator`],
//! [`Family::deck_size`]), the build is the same.
//!
//! Building is pure computation (no file, clock or RNG) and happens once per process: the tables
//! live in `OnceLock`s, built on first use or ahead of time by [`super::prepare`].

use std::sync::OnceLock;

use crate::eval::Family;
use crate::kicker::KickerGame;
use crate::machine::{MachineId, Paytable};

pub use super::deck::BINOM;
use super::deck::DeckMath;

// Every category of every family has a slot.
const _: () = {
    let mut i = 0;
    while i < Family::ALL.len() {
        assert!(Family::ALL[i].n_categories() <= CAT_SLOTS);
        i += 1;
    }
};

/// Category slots per subset: a family's categories (16 natural: four aces and four 2–4 each
/// told apart by kicker, four J–K apart from four 5–10; 14 Deuces Wild; [`Family::n_categories`]),
/// padded to 16 so a row is a power-of-two size and the per-row additions vectorise.
pub(crate) const CAT_SLOTS: usize = 16;

/// The colex rank of every subset of five sorted card indices, indexed by the 5-bit mask of
/// which sorted cards it contains (bit j = the j-th smallest card).
#[doc(hidden)] // public for tests/it
#[inline]
pub fn subset_ranks(sorted: &[usize; 5]) -> [u32; 32] {
    let mut ranks = [0u32; 32];
    // Card j is the largest card of every subset that contains it among the first j + 1, at
    // position popcount(rest) in it, so adding it to `rest` adds C(card, popcount(rest) + 1).
    // Each doubling step only reads the half built before it: no long dependency chain.
    for (j, &card) in sorted.iter().enumerate() {
        let binom = &BINOM[card];
        for rest in 0..(1usize << j) {
            ranks[rest | (1 << j)] = ranks[rest] + binom[POPCOUNT[rest] as usize + 1];
        }
    }
    ranks
}

/// The number of bits set in each 5-bit mask (a table: the portable build has no popcount
/// instruction).
pub(crate) const POPCOUNT: [u8; 32] = build_popcount();

const fn build_popcount() -> [u8; 32] {
    let mut table = [0u8; 32];
    let mut mask = 0;
    while mask < 32 {
        table[mask] = (mask as u32).count_ones() as u8;
        mask += 1;
    }
    table
}

/// One game family's tables: per-category counts of the 5-card hands of its deck containing each
/// subset of at most four cards (about 5.1 MB on 52 cards, 5.5 MB on 53). The solver keeps one
/// per family; this type is public so benchmarks can time a fresh build.
pub struct FamilyTables {
    family: Family,
    deck: &'static DeckMath,
    /// 4-card subsets: at most 48 hands contain one (49 on 53 cards).
    four: Vec<[u8; CAT_SLOTS]>,
    /// 3-card subsets: at most C(49, 2) = 1,176 hands (1,225).
    three: Vec<[u16; CAT_SLOTS]>,
    /// 2-card subsets: at most C(50, 3) = 19,600 hands (20,825).
    two: Vec<[u16; CAT_SLOTS]>,
    /// 1-card subsets: C(51, 4) = 249,900 hands (270,725).
    one: Vec<[u32; CAT_SLOTS]>,
    /// The empty subset: every hand.
    zero: [u32; CAT_SLOTS],
}

/// One paytable's tables: the total pay of the 5-card hands containing each subset of at most
/// four cards, in one vector ordered by subset size then colex rank (about 2.4 MB; 2.5 MB on a
/// 53-card deck), with the deck's offsets ([`DeckMath`]). A machine's
/// are built once per process; a lab table's (any pays of a family, see
/// [`MachineTables::for_paytable`]) in a few milliseconds from the shared family counts. The sums
/// are 64-bit so that any lab pay up to [`super::custom::MAX_PAY`] fits. Public so benchmarks can
/// time a fresh build.
pub struct MachineTables {
    deck: &'static DeckMath,
    pay_by_category: [u32; CAT_SLOTS],
    sums: Vec<u64>,
}

impl FamilyTables {
    /// Builds the family's tables from scratch: counts every 5-card hand of its deck into its five
    /// 4-card subsets, then derives the smaller sizes.
    pub fn build(family: Family) -> FamilyTables {
        let evaluate = family.evaluator();
        let deck = DeckMath::of_family(family);
        let (n, split) = (deck.n_cards, deck.split_top_card);
        // Two threads count the hands below and from the split top card; their counts add.
        let (mut four, upper) = std::thread::scope(|scope| {
            let upper = scope.spawn(|| count_four_card_subsets(evaluate, split..n, n));
            let lower = count_four_card_subsets(evaluate, 4..split, n);
            // The worker only panics on a broken invariant; passing the panic on keeps it visible.
            (lower, upper.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
        });
        for (row, more) in four.iter_mut().zip(upper.iter()) {
            for (count, &extra) in row.iter_mut().zip(more.iter()) {
                *count += extra;
            }
        }
        let three: Vec<[u16; CAT_SLOTS]> = shrink(&four, 4, n);
        let two: Vec<[u16; CAT_SLOTS]> = shrink(&three, 3, n);
        let one: Vec<[u32; CAT_SLOTS]> = shrink(&two, 2, n);
        let zero: Vec<[u32; CAT_SLOTS]> = shrink(&one, 1, n);
        FamilyTables { family, deck, four, three, two, one, zero: zero[0] }
    }

    /// The family these counts are for.
    pub fn family(&self) -> Family {
        self.family
    }

    /// The deck they count.
    pub fn deck(&self) -> &'static DeckMath {
        self.deck
    }

    /// Adds `sign` × the category counts of the subset of `size` cards with colex `rank`.
    #[doc(hidden)] // public for tests/it
    pub fn add_counts(&self, size: usize, rank: u32, sign: i64, acc: &mut [i64; CAT_SLOTS]) {
        let rank = rank as usize;
        match size {
            4 => add_row(&self.four[rank], sign, acc),
            3 => add_row(&self.three[rank], sign, acc),
            2 => add_row(&self.two[rank], sign, acc),
            1 => add_row(&self.one[rank], sign, acc),
            _ => add_row(&self.zero, sign, acc),
        }
    }

    /// Bytes held by the tables.
    pub fn n_bytes(&self) -> usize {
        std::mem::size_of_val(self.four.as_slice())
            + std::mem::size_of_val(self.three.as_slice())
            + std::mem::size_of_val(self.two.as_slice())
            + std::mem::size_of_val(self.one.as_slice())
            + std::mem::size_of::<FamilyTables>()
    }
}

impl MachineTables {
    /// Builds the machine's tables from its family's by folding the counts with its paytable.
    /// `family` must be the machine's family.
    pub fn build(machine: MachineId, family: &FamilyTables) -> MachineTables {
        assert_eq!(machine.family(), family.family, "{machine} needs its own family's tables");
        MachineTables::for_paytable(machine.paytable(), family)
    }

    /// Builds the tables of any paytable (a machine's or a lab copy) from its family's counts.
    /// `family` must be the paytable's family.
    pub fn for_paytable(table: &Paytable, family: &FamilyTables) -> MachineTables {
        assert_eq!(table.family(), family.family, "a paytable needs its own family's tables");
        let mut pay_by_category = [0u32; CAT_SLOTS];
        pay_by_category[..table.pay_by_category().len()].copy_from_slice(table.pay_by_category());
        let deck = family.deck;
        let mut sums = Vec::with_capacity(deck.n_small_subsets);
        sums.push(row_pay(&family.zero, &pay_by_category));
        sums.extend(family.one.iter().map(|row| row_pay(row, &pay_by_category)));
        sums.extend(family.two.iter().map(|row| row_pay(row, &pay_by_category)));
        sums.extend(family.three.iter().map(|row| row_pay(row, &pay_by_category)));
        sums.extend(family.four.iter().map(|row| row_pay(row, &pay_by_category)));
        debug_assert_eq!(sums.len(), deck.n_small_subsets);
        MachineTables { deck, pay_by_category, sums }
    }

    /// The deck these tables are over.
    pub fn deck(&self) -> &'static DeckMath {
        self.deck
    }

    /// The total pay of the 5-card hands containing the subset of at most four cards held by
    /// `mask` (over the sorted dealt cards; not all five), whose colex rank is `rank`.
    #[inline]
    pub(crate) fn pay_sum(&self, mask: usize, rank: u32) -> u64 {
        self.sums[self.deck.mask_offset[mask] + rank as usize]
    }

    /// The per-coin pay of a category.
    #[doc(hidden)] // public for tests/it
    #[inline]
    pub fn pay_of_category(&self, category: usize) -> u32 {
        self.pay_by_category[category]
    }

    /// Bytes held by the tables.
    pub fn n_bytes(&self) -> usize {
        std::mem::size_of_val(self.sums.as_slice()) + std::mem::size_of::<MachineTables>()
    }
}

static FAMILIES: [OnceLock<FamilyTables>; Family::ALL.len()] = [const { OnceLock::new() }; Family::ALL.len()];
static MACHINES: [OnceLock<MachineTables>; 5] = [const { OnceLock::new() }; 5];
static KICKERS: [OnceLock<MachineTables>; KickerGame::ALL.len()] = [const { OnceLock::new() }; KickerGame::ALL.len()];

fn family_cell(family: Family) -> &'static OnceLock<FamilyTables> {
    &FAMILIES[family.index()]
}

fn machine_cell(machine: MachineId) -> &'static OnceLock<MachineTables> {
    // A machine's slot is its place in the enum, which is `MachineId::ALL`'s order.
    &MACHINES[machine as usize]
}

/// The family's tables, built on first use (other callers wait for the one build).
pub(crate) fn family_tables(family: Family) -> &'static FamilyTables {
    family_cell(family).get_or_init(|| FamilyTables::build(family))
}

/// The family's tables when they are built (not while another thread is building them), without
/// building them.
pub(crate) fn family_tables_built(family: Family) -> Option<&'static FamilyTables> {
    family_cell(family).get()
}

/// The machine's tables when they are built, without building them.
pub(crate) fn machine_tables_built(machine: MachineId) -> Option<&'static MachineTables> {
    machine_cell(machine).get()
}

/// The machine's tables, built on first use together with its family's.
#[doc(hidden)] // public for tests/it
pub fn machine_tables(machine: MachineId) -> &'static MachineTables {
    machine_cell(machine).get_or_init(|| MachineTables::build(machine, family_tables(machine.family())))
}

/// A game of the library's own tables ([`KickerGame`]), built on first use from its family's
/// counts (a few milliseconds once those exist).
pub(crate) fn kicker_tables(game: KickerGame) -> &'static MachineTables {
    KICKERS[game as usize]
        .get_or_init(|| MachineTables::for_paytable(game.paytable(), family_tables(game.family())))
}

/// A kicker game's tables when they are built, without building them.
pub(crate) fn kicker_tables_built(game: KickerGame) -> Option<&'static MachineTables> {
    KICKERS[game as usize].get()
}

/// Bytes of all tables built so far.
pub(crate) fn built_bytes() -> usize {
    let families = FAMILIES.iter().filter_map(OnceLock::get).map(FamilyTables::n_bytes);
    let machines = MACHINES.iter().chain(&KICKERS).filter_map(OnceLock::get).map(MachineTables::n_bytes);
    families.sum::<usize>() + machines.sum::<usize>()
}

/// The category index of five card indices under the family's evaluator.
#[doc(hidden)] // public for tests/it
#[inline]
pub fn category_of(family: Family, cards: [usize; 5]) -> usize {
    family.category_index_of_indices(cards)
}

/// Enumerates the hands c0 < c1 < c2 < c3 < c4 of an `n_cards` deck with c4 in `top_cards` and c0
/// innermost, so that four of the five 4-card subsets of consecutive hands have consecutive colex
/// ranks (dropping c0 keeps the same subset): the counting stays inside a few cache lines. The
/// two threads split at [`DeckMath::split_top_card`] (52 cards: C(46, 5) = 1,370,754 hands below
/// it, 1,228,206 from it; 53 cards: C(47, 5) = 1,533,939 and 1,335,746).
#[allow(clippy::needless_range_loop)] // The loop variables are cards, not positions in BINOM.
fn count_four_card_subsets(
    evaluate: fn([usize; 5]) -> u8,
    top_cards: std::ops::Range<usize>,
    n_cards: usize,
) -> Vec<[u8; CAT_SLOTS]> {
    let mut four = vec![[0u8; CAT_SLOTS]; BINOM[n_cards][4] as usize];
    for c4 in top_cards {
        let b4_4 = BINOM[c4][4] as usize;
        for c3 in 3..c4 {
            let b3_4 = BINOM[c3][4] as usize;
            let b3_3 = BINOM[c3][3] as usize;
            for c2 in 2..c3 {
                let b2_3 = BINOM[c2][3] as usize;
                let b2_2 = BINOM[c2][2] as usize;
                for c1 in 1..c2 {
                    let b1_2 = BINOM[c1][2] as usize;
                    let b1_1 = c1;
                    // The subsets that keep c0 at position 0 differ only by c0 (C(c0, 1) = c0).
                    let drop4 = b1_2 + b2_3 + b3_4;
                    let drop3 = b1_2 + b2_3 + b4_4;
                    let drop2 = b1_2 + b3_3 + b4_4;
                    let drop1 = b2_2 + b3_3 + b4_4;
                    let drop0 = b1_1 + b2_2 + b3_3 + b4_4;
                    for c0 in 0..c1 {
                        let category = evaluate([c0, c1, c2, c3, c4]) as usize;
                        four[drop4 + c0][category] += 1;
                        four[drop3 + c0][category] += 1;
                        four[drop2 + c0][category] += 1;
                        four[drop1 + c0][category] += 1;
                        four[drop0][category] += 1;
                    }
                }
            }
        }
    }
    four
}

/// Derives the counts for (size − 1)-card subsets from those of `size`-card subsets: a 5-card hand
/// containing S is counted once under each of its (5 − |S|) ways to add one card to S, so summing
/// the counts of every one-card extension and dividing by 6 − size gives the count for S.
fn shrink<Small, Big>(bigger: &[[Big; CAT_SLOTS]], size: usize, n_cards: usize) -> Vec<[Small; CAT_SLOTS]>
where
    Big: Copy + Into<u32>,
    Small: Copy + TryFrom<u32>,
{
    let n_smaller = BINOM[n_cards][size - 1] as usize;
    let mut acc = vec![[0u32; CAT_SLOTS]; n_smaller];
    // The subsets are visited in colex order, which is rank order, starting from {0, 1, …}.
    let mut cards = [0usize, 1, 2, 3];
    for (rank, row) in bigger.iter().enumerate() {
        if rank > 0 {
            next_colex(&mut cards[..size]);
        }
        // Dropping card j shifts the later cards down one position.
        for drop in 0..size {
            let mut smaller_rank = 0usize;
            for (pos, &card) in cards[..size].iter().enumerate() {
                if pos < drop {
                    smaller_rank += BINOM[card][pos + 1] as usize;
                } else if pos > drop {
                    smaller_rank += BINOM[card][pos] as usize;
                }
            }
            for (slot, &count) in acc[smaller_rank].iter_mut().zip(row.iter()) {
                *slot += count.into();
            }
        }
    }
    let divisor = (6 - size) as u32;
    acc.iter()
        .map(|row| {
            row.map(|total| {
                debug_assert_eq!(total % divisor, 0);
                Small::try_from(total / divisor)
                    .ok()
                    .expect("a count never exceeds C(53 - size, 5 - size), which fits the row type")
            })
        })
        .collect()
}

/// Steps sorted `cards` to the next subset in colex order.
#[doc(hidden)] // public for tests/it
pub fn next_colex(cards: &mut [usize]) {
    let last = cards.len() - 1;
    let mut pos = 0;
    while pos < last && cards[pos] + 1 == cards[pos + 1] {
        pos += 1;
    }
    cards[pos] += 1;
    for (reset, card) in cards[..pos].iter_mut().enumerate() {
        *card = reset;
    }
}

fn add_row<T: Copy + Into<i64>>(row: &[T; CAT_SLOTS], sign: i64, acc: &mut [i64; CAT_SLOTS]) {
    for (slot, &count) in acc.iter_mut().zip(row.iter()) {
        *slot += sign * count.into();
    }
}

fn row_pay<T: Copy + Into<u32>>(row: &[T; CAT_SLOTS], pay: &[u32; CAT_SLOTS]) -> u64 {
    row.iter().zip(pay.iter()).map(|(&count, &pay)| u64::from(count.into()) * u64::from(pay)).sum()
}
