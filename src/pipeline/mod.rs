//! The hand pipeline: how a hand is dealt, nudged, drawn, settled and verified, from its seed alone.
//!
//! Pure: no SQLite, no clock, no global RNG, no game state. Everything that deals a hand — the game,
//! `vpoker simulate`, the fairness labs, drills, replay of the history, the audit and verification —
//! goes through this module, so a rule of dealing exists once:
//!
//! - [`deal`]: a hand from its 32-byte [`Seed`](crate::shuffle::Seed) (Fisher–Yates on ChaCha20
//!   stream 0; the extra hands of Triple and Five Play from the same stream continued);
//! - [`nudge`]: dead deals, the kind-deal rule (which card a nudge swaps, chosen on stream 2) and
//!   the situations whose [`bag`] decides how often (a refill shuffled on stream 1);
//! - [`settle`]: the final hands, their rows and wins (each line's at what its table's rules show
//!   on screen, `crate::rules`), and the [`settle::HoldVerdict`];
//! - [`verify`]: a record replayed from its seed and checked step by step — the one replay rule the
//!   history and the audit use too;
//! - [`daily`]: today's ten deals, the same for everyone on a date (their seeds, the machine of the day);
//! - [`drill`]: drills' hard hands, each the hand of its own seed drawn from the run's seed;
//! - [`decisions`]: the kind-deal decisions of a whole history replayed in order (the situations
//!   from the balance and losing streak, each bag's draws), so a missing or added nudge is found;
//! - [`seeds`]: hand seeds drawn from a master seed (simulations, labs, the CLI's scripted play).
//!
//! This module never imports `crate::game` or `rusqlite` (a test reads the sources to make sure).
//! The exact derivation, for rebuilding a hand in another language, is `docs/VERIFY.md`.

pub mod bag;
pub mod chain;
pub mod commit;
pub mod daily;
pub mod deal;
pub mod decisions;
pub mod drill;
pub mod nudge;
pub mod seeds;
pub mod settle;
pub mod verify;

pub use bag::ShuffleBag;
pub use commit::CommitRule;
pub use deal::{Deal, NudgeSource};
pub use nudge::{Nudge, NudgeKind, Situation};
pub use seeds::HandSeeds;
pub use settle::{settle, stake, HandResult, HoldVerdict, Settlement};
