//! # vpoker — the Video Poker core
//!
//! Cards, the fair shuffle, the five machines' evaluators and paytables (and the kicker games'
//! tables, [`kicker`]), exact strategy, and the game state. The core never depends on Tauri,
//! never reads the clock, never uses a global or thread RNG and never opens a file it was not
//! given: randomness (a [`shuffle::Seed`] or a [`shuffle::Chooser`]) and dates are parameters.
//!
//! ```
//! use vpoker::{card::parse_hand, machine::MachineId};
//!
//! let hand = parse_hand("Ah Kh Qh Jh Th").unwrap();
//! let table = MachineId::JacksOrBetter.paytable();
//! assert_eq!(table.pay(&hand), 800);
//! assert_eq!(table.outcome_id(&hand), "royal-flush");
//! ```
#![warn(missing_docs)]

pub mod card;
pub mod eval;
pub mod game;
pub mod pipeline;
pub mod rules;
pub mod hold;
/// The words of a chart's hold classes, below every family's module (each writes its list with them).
mod hold_class;
/// Joker Poker (Kings or Better): the 53-card wild-joker game's evaluator, paytables and exact strategy.
pub mod joker;
pub mod kicker;
pub mod lab;
pub mod library;
pub mod locale;
pub mod machine;
pub mod shuffle;
pub mod strategy;
pub mod table;
pub mod table_chart;
pub mod super_times;
pub mod ultimate_x;
