//! The ranking: which classes become lines, in which order. Only the solver's numbers decide.
//!
//! 1. **Greedy decision list.** Every group (hands with the same classes present) has a best
//!    class, the one whose hold is worth most there. A class's *regret* is what it gives up,
//!    summed over the groups not yet decided where it is present, against each group's best.
//!    The class with the least regret becomes the next line (ties: the one covering more deals,
//!    then the lower class number), its groups are decided, the others' regrets shrink; repeat.
//!    Placing a class early only costs where it is present and worse than the group's best.
//! 2. **Local search on the exact return.** One move takes a class out and puts it back at any
//!    place; every place is valued at once from each group's first and second class
//!    (`search.rs`), and a move is made when it raises the chart's exact total. Sweeps over all
//!    classes repeat until none improves: the order is then a local optimum of the exact return
//!    (`improve.rs`).
//! 3. **At most `max_lines` lines.** While there are too many, the line whose removal costs
//!    least (its groups fall to their next line) is moved to the end, either all excess lines in
//!    a row or one at a time with a constrained local search in between (both are run from the
//!    step-2 order; the better chart is kept). Then the local search runs
//!    again with moves refused if they would add a line, and *swaps* are tried: take out a line,
//!    put in the best other class at its best place, keep it if the return rose. A made hand
//!    that is the best play somewhere is dropped only when the limit leaves no other way, and a
//!    line whose hands would fall to a class that is not a line is not dropped (that would not
//!    shorten the chart). Last, lines that cost nothing to drop (their hands' next lines play
//!    holds worth as much) are dropped, the rarest first.
//!
//! Every figure is an exact integer and every tie is broken by place or class number: the same
//! paytable always gives the same chart, on any number of threads.

use std::sync::atomic::AtomicBool;

use super::improve::improve;
use super::search::Search;
use super::sums::Problem;
use super::trim;
use super::Cancelled;

/// Ranks the classes of `p` into a chart of at most `max_lines` lines.
pub(crate) fn rank<'p>(
    p: &'p Problem<'p>,
    max_lines: usize,
    cancel: &AtomicBool,
    progress: &dyn Fn(f64),
) -> Result<Search<'p>, Cancelled> {
    let search = unlimited(p, cancel, progress)?;
    limit(&search, max_lines, cancel, progress)
}

/// Steps 1 and 2, which no line limit changes: the greedy list improved to a local optimum, the
/// classes that decide nothing moved to the end (progress 0.1, 0.5). Several limits may start
/// from one such search ([`limit`]).
pub(crate) fn unlimited<'p>(
    p: &'p Problem<'p>,
    cancel: &AtomicBool,
    progress: &dyn Fn(f64),
) -> Result<Search<'p>, Cancelled> {
    let mut search = Search::new(p, greedy(p));
    progress(0.1);
    improve(&mut search, None, cancel)?;
    progress(0.5);
    search.dead_to_end();
    Ok(search)
}

/// Step 3 from an [`unlimited`] search: the chart of at most `max_lines` lines (progress 0.75,
/// 0.95, 1.0).
pub(crate) fn limit<'p>(
    search: &Search<'p>,
    max_lines: usize,
    cancel: &AtomicBool,
    progress: &dyn Fn(f64),
) -> Result<Search<'p>, Cancelled> {
    // Two ways down to the limit (all excess lines dropped at once, or one at a time with the
    // others rearranged in between); neither always wins, so both run and the better is kept.
    let mut best: Option<Search> = None;
    for one_at_a_time in [false, true] {
        let mut trial = search.clone();
        trim::trim(&mut trial, max_lines, one_at_a_time, cancel)?;
        progress(if one_at_a_time { 0.95 } else { 0.75 });
        let key = |t: &Search| (t.lines() <= max_lines, t.total);
        if best.as_ref().is_none_or(|b| key(&trial) > key(b)) {
            best = Some(trial);
        }
    }
    let search = best.expect("two trials ran");
    progress(1.0);
    Ok(search)
}

/// The greedy decision list (step 1).
fn greedy(p: &Problem) -> Vec<u16> {
    let hands = p.hands;
    let n_classes = hands.matcher.defs().len();
    let mut regret = vec![0i64; n_classes];
    let mut cover = vec![0u64; n_classes];
    let mut groups_of: Vec<Vec<u32>> = vec![Vec::new(); n_classes];
    let best: Vec<i64> = (0..hands.n_groups()).map(|g| *p.group_sums(g).iter().max().unwrap_or(&0)).collect();
    for (g, &best_sum) in best.iter().enumerate() {
        for (&class, &sum) in hands.group(g).iter().zip(p.group_sums(g)) {
            regret[class as usize] += best_sum - sum;
            cover[class as usize] += hands.g_weight[g];
            groups_of[class as usize].push(g as u32);
        }
    }
    let mut decided = vec![false; hands.n_groups()];
    let mut placed = vec![false; n_classes];
    let mut order = Vec::with_capacity(n_classes);
    for _ in 0..n_classes {
        let next = (0..n_classes)
            .filter(|&c| !placed[c])
            .min_by_key(|&c| (regret[c], std::cmp::Reverse(cover[c]), c))
            .unwrap_or(0);
        placed[next] = true;
        order.push(next as u16);
        for &g in &groups_of[next] {
            let g = g as usize;
            if std::mem::replace(&mut decided[g], true) {
                continue;
            }
            for (&class, &sum) in hands.group(g).iter().zip(p.group_sums(g)) {
                regret[class as usize] -= best[g] - sum;
                cover[class as usize] -= hands.g_weight[g];
            }
        }
    }
    order
}
