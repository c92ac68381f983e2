//! Training: drills on any table, no chips and no XP, counted apart per table and source
//! (`drill_totals`), and the review queue of the player's own mistaken deals (`review`), which come
//! back on a schedule of dates (`schedule.rs`); the warm-up offered on a game not played for a week
//! (`warm_up.rs`). Owns those two tables.

mod check_rows;
pub mod drills;
pub mod proficiency;
pub(crate) mod review;
pub mod schedule;
pub mod warm_up;
