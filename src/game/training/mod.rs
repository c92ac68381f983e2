//! Training: drills on any table, no chips and no XP, counted apart per table and source
//! (`drill_totals`), and the review queue of the player's own mistaken deals (`review`). Owns those
//! two tables.

pub mod drills;
pub(crate) mod review;
