//! Joker Poker (Kings or Better): the 53-card game whose joker is wild — its evaluator, its
//! paytables and its exact strategy (the EVs of every hold, and the return of optimal play over all
//! 2,869,685 deals, computed, never typed in).
//!
//! Card indices 0..52 are [`crate::card`]'s; **52 is the joker** ([`crate::card::Card::JOKER`]).
//! The family is [`crate::eval::Family::Joker`], its deck [`crate::table::Deck::Joker53`], its
//! machine [`crate::machine::MachineId::JokerPoker`] (full-pay Kings or Better 20/7/5) and its
//! casino tables are in [`crate::library`]; pays are per coin at the five-coin rate, as the library
//! lists every table, so a return computed here is the published five-coin return.
//!
//! - [`eval`]: the 53-card deck's indices, [`eval::JokerCategory`] and the evaluator;
//! - [`tables`]: colex ranks of subsets of the 53 cards, the shared category counts, a table's pay
//!   totals;
//! - [`exact`]: [`exact::JokerSolver::hand_evs`] (the 32 exact hold EVs of a deal: the hint) and
//!   [`exact::analyze`] (the exact return of optimal play over every deal, by suit classes).
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

pub mod eval;
pub mod exact;
pub mod tables;
