//! Joker Poker (Kings or Better): the 53-card game whose joker is wild — its evaluator. Its exact
//! strategy (the EVs of every hold, the return of optimal play over all 2,869,685 deals) and its
//! charts are [`crate::strategy`]'s, the same code as every other family's over the 53 cards.
//!
//! Card indices 0..52 are [`crate::card`]'s; **52 is the joker** ([`crate::card::Card::JOKER`]).
//! The family is [`crate::eval::Family::Joker`], its deck [`crate::table::Deck::Joker53`], its
//! machine [`crate::machine::MachineId::JokerPoker`] (full-pay Kings or Better 20/7/5) and its
//! casino tables are in [`crate::library`]; pays are per coin at the five-coin rate, as the library
//! lists every table, so a return computed here is the published five-coin return.
//!
//! - [`eval`]: the 53-card deck's indices, [`eval::JokerCategory`] and the evaluator;
//! - [`paytable`]: its machine's paytable rows, as data (`crate::machine` validates them);
//! - [`plain`]: the family's facts the seam asks ([`crate::eval::Family`]): the wild card, the
//!   high ranks, what the plain rule keeps of a paying hand;
//! - [`chart`]: its chart vocabulary (the hold classes, in two sections by the joker), which
//!   [`crate::strategy::chart`] ranks like every family's.
//!
//! ```
//! use vpoker::card::parse_hand;
//! use vpoker::joker::eval::{evaluate_joker, JokerCategory};
//! use vpoker::machine::MachineId;
//!
//! let hand = parse_hand("Ah Kh Qh Jh Jk").unwrap();
//! assert_eq!(evaluate_joker(&hand), JokerCategory::WildRoyalFlush);
//! assert_eq!(MachineId::JokerPoker.paytable().outcome_id(&hand), "wild-royal-flush");
//! ```
//!
//! This module computes; it never reads the clock, a file or a global RNG.

pub mod chart;
pub mod eval;
pub mod paytable;
pub mod plain;
