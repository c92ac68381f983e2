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
//!    a row or one at a time with a constrained local search in between; the natural royal's line
//!    and the "straight or better" unions never go. Sixteen trials run (those two ways, from the
//!    step-2 order or with the unions first, the royal's line where ranked or first, made hands
//!    protected while they can be or not), and the best chart holding a dealt royal whole is kept. Then the local search runs
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
    // others rearranged in between), each from the search as it is and, below the step-2 chart's
    // length, with the vocabulary's "straight or better: hold all five" lines put first (a short
    // chart then keeps every made straight or better in one line instead of losing the rare ones
    // one by one); none always wins, so all run and the best is kept.
    let defs = search.p.hands.matcher.defs();
    let unions: Vec<u16> = (0..defs.len() as u16).filter(|&c| defs[c as usize].id.ends_with("straight-or-better")).collect();
    // The natural royal's line first (holding a dealt royal is always right, so no move takes it
    // down, and the trimming never drops it: `trim::kept_whole`), or where the ranking put it.
    let royals: Vec<u16> = (0..defs.len() as u16).filter(|&c| trim::is_royal_line(&defs[c as usize].id)).collect();
    let starts = if unions.is_empty() || search.lines() <= max_lines { 1 } else { 2 };
    let mut best: Option<Search> = None;
    // Every combination: the start, the royal's line first or not, made hands protected while
    // they can be or not, and the two ways down.
    let mut trials: Vec<(usize, bool, bool, bool)> = Vec::new();
    for start in 0..starts {
        for royal_first in [false, true] {
            for protect in [true, false] {
                for one_at_a_time in [false, true] {
                    trials.push((start, royal_first, protect, one_at_a_time));
                }
            }
        }
    }
    for (done, &(start, royal_first, protect, one_at_a_time)) in trials.iter().enumerate() {
        let mut trial = search.clone();
        if start == 1 {
            unions.iter().rev().for_each(|&union| trial.apply(union, 0));
        }
        if royal_first {
            royals.iter().for_each(|&royal| trial.apply(royal, 0));
        }
        trim::trim(&mut trial, max_lines, one_at_a_time, protect, cancel)?;
        progress(0.5 + 0.45 * (done + 1) as f64 / trials.len() as f64);
        // Within the limit first, then a dealt royal held whole, then the return.
        let key = |t: &Search| (t.lines() <= max_lines, keeps_royals(t, &royals), t.total);
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

/// Whether every deal holding a natural royal flush (a group where a royal line `royals` is
/// present) is decided by a line holding all five cards: the chart keeps a dealt royal whole.
fn keeps_royals(search: &Search, royals: &[u16]) -> bool {
    let defs = search.p.hands.matcher.defs();
    (0..search.p.hands.n_groups()).all(|g| {
        let present = search.p.hands.group(g);
        !royals.iter().any(|r| present.contains(r)) || defs[search.first_class(g) as usize].n == 5
    })
}
