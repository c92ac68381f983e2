//! Training: drills per machine, no chips and no XP, counted apart (`drill_totals`), the review
//! queue of the player's own mistaken deals (`review`), and drills of hard decisions on any
//! library or lab table (`table_drills`, `table_drill_totals`). Owns those three tables.

pub mod drills;
pub mod table_drills;
pub(crate) mod review;
