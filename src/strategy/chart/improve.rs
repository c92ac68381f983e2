//! Step 2 of the ranking (see `rank.rs`): the local search on the exact return. One move takes a
//! class out and puts it back at the place that raises the chart's exact total most (every place
//! valued at once, `search.rs`); sweeps over all classes repeat until no move improves. Step 3
//! (`trim.rs`) runs it again under the line limit.

use std::sync::atomic::{AtomicBool, Ordering};

use super::search::Search;
use super::Cancelled;

/// Sweeps of the local search at most (each sweep tries every class; in practice a few dozen
/// suffice).
pub(crate) const MAX_SWEEPS: usize = 200;

/// Places tried per class, best first, when the best ones would add a line.
const MAX_TRIES: usize = 3;

/// Sweeps of single-class moves until none raises the total (step 2). With `max_lines`, a move
/// that would leave more lines is refused (the next best place is tried).
pub(crate) fn improve(search: &mut Search, max_lines: Option<usize>, cancel: &AtomicBool) -> Result<(), Cancelled> {
    let n_classes = search.n_classes();
    let mut acc = vec![0i64; n_classes];
    let mut change = Vec::new();
    for _ in 0..MAX_SWEEPS {
        let mut improved = false;
        for x in 0..n_classes as u16 {
            if cancel.load(Ordering::Relaxed) {
                return Err(Cancelled);
            }
            if let Some(place) = best_allowed_place(search, x, max_lines, &mut acc, &mut change) {
                search.apply(x, place);
                improved = true;
            }
        }
        if !improved {
            break;
        }
    }
    Ok(())
}

/// The best place for `x` that raises the total and keeps the line limit, if any.
pub(crate) fn best_allowed_place(
    search: &Search,
    x: u16,
    max_lines: Option<usize>,
    acc: &mut [i64],
    change: &mut Vec<(u16, i32)>,
) -> Option<usize> {
    let Some(limit) = max_lines else {
        let (place, delta) = search.best_place(x, acc);
        return (delta > 0).then_some(place);
    };
    let cost = search.gains(x, acc);
    let mut candidates = Vec::new();
    let mut suffix = 0i64;
    for place in (0..acc.len()).rev() {
        suffix += acc[place];
        if suffix - cost > 0 {
            candidates.push((std::cmp::Reverse(suffix - cost), place));
        }
    }
    candidates.sort_unstable();
    candidates
        .into_iter()
        .take(MAX_TRIES)
        .map(|(_, place)| place)
        .find(|&place| search.lines_after(x, place, change) <= limit)
}
