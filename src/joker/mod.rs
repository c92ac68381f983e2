//! Joker Poker (Kings or Better): the 53-card game whose joker is wild — its evaluator, its
//! paytables and its exact strategy (the EVs of every hold, and the return of optimal play over all
//! 2,869,685 deals, computed, never typed in).
//!
//! Card indices 0..52 are [`crate::card`]'s; **52 is the joker** ([`eval::JOKER`]). A
//! [`eval::JokerCard`] is the validated form. This is the core of the game only: the family is not
//! yet a [`crate::eval::Family`], a [`crate::table::Table`] or a [`crate::table::Deck`]; wiring it
//! in is the integrator's. The module imports only [`crate::card`] and [`crate::strategy::HandEvs`]
//! (the hint's return type), and nothing imports it yet.
//!
//! - [`eval`]: the 53-card deck's indices, [`eval::JokerCategory`] and the evaluator;
//! - [`paytable`]: Kings or Better tables (pays per coin at five coins) with their published returns;
//! - [`tables`]: colex ranks of subsets of the 53 cards, the shared category counts, a table's pay
//!   totals;
//! - [`exact`]: [`exact::JokerSolver::hand_evs`] (the 32 exact hold EVs of a deal: the hint) and
//!   [`exact::analyze`] (the exact return of optimal play over every deal, by suit classes).
//!
//! ```
//! use vpoker::joker::{eval::{evaluate_joker, parse_joker_hand, JokerCategory}, paytable::KINGS_20_7_5};
//!
//! let hand = parse_joker_hand("Ah Kh Qh Jh Jk").unwrap();
//! assert_eq!(evaluate_joker(&hand), JokerCategory::WildRoyalFlush);
//! assert_eq!(KINGS_20_7_5.pay(JokerCategory::WildRoyalFlush), 100);
//! ```
//!
//! This module computes; it never reads the clock, a file or a global RNG.

pub mod eval;
pub mod exact;
pub mod paytable;
pub mod tables;
