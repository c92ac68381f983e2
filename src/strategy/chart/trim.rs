//! Step 3 of the ranking (see `rank.rs`): bringing a chart down to its line limit. Lines are
//! dropped cheapest first (a made hand that is the best play somewhere only when nothing else
//! can go, never a line whose hands would fall to a class that is not a line), then single-class
//! moves that keep the limit and swaps (drop a line, add the best other class) raise the return
//! again; last, lines that cost nothing to drop go.

use std::sync::atomic::{AtomicBool, Ordering};

use super::improve::{best_allowed_place, improve, MAX_SWEEPS};
use super::search::Search;
use super::Cancelled;

/// Drops a line that costs nothing to drop (its groups' next lines play holds worth as much),
/// the one deciding fewest deals first; false when there is none.
fn drop_free_line(search: &mut Search) -> bool {
    let costs = removal_costs(search, false);
    let mut cover = vec![0u64; search.n_classes()];
    for g in 0..search.p.hands.n_groups() {
        cover[search.first_class(g) as usize] += search.p.hands.g_weight[g];
    }
    let revives = revives(search);
    let free = (0..search.n_classes())
        .filter(|&c| search.decided[c] > 0 && !revives[c] && costs[c].is_some_and(|cost| cost <= 0))
        .min_by_key(|&c| (cover[c], c));
    match free {
        Some(class) => {
            search.apply(class as u16, search.n_classes() - 1);
            true
        }
        None => false,
    }
}

/// Brings `search` down to `max_lines` lines (step 3) and tidies it.
pub(crate) fn trim(
    search: &mut Search,
    max_lines: usize,
    one_at_a_time: bool,
    protect: bool,
    cancel: &AtomicBool,
) -> Result<(), Cancelled> {
    // Made hands stay while they can (with `protect`); a limit too small for them drops them too.
    let passes: &[bool] = if protect { &[true, false] } else { &[false] };
    for &protect_made in passes {
        while search.lines() > max_lines {
            if !remove_cheapest_line(search, protect_made) {
                break;
            }
            if one_at_a_time {
                let lines = search.lines();
                improve(search, Some(lines), cancel)?;
                search.dead_to_end();
            }
        }
    }
    improve(search, Some(max_lines), cancel)?;
    for _ in 0..MAX_SWEEPS {
        if !swap_lines(search, max_lines, cancel)? {
            break;
        }
        improve(search, Some(max_lines), cancel)?;
    }
    search.dead_to_end();
    while drop_free_line(search) {}
    Ok(())
}

/// The cost of dropping each line, per class: `None` when some group has no other class, or
/// (with `protect_made`) when the line is a made hand (see
/// [`super::classes::ClassDef::is_made`]) that is the best play in some group: a chart always
/// says to keep a made hand where keeping it is right.
fn removal_costs(search: &Search, protect_made: bool) -> Vec<Option<i64>> {
    let defs = search.p.hands.matcher.defs();
    let mut costs: Vec<Option<i64>> = defs.iter().map(|d| (!kept_whole(&d.id)).then_some(0i64)).collect();
    for g in (0..search.p.hands.n_groups()).filter(|_| protect_made) {
        let sums = search.p.group_sums(g);
        let best = sums.iter().copied().max().unwrap_or(0);
        for (&class, &sum) in search.p.hands.group(g).iter().zip(sums) {
            if sum == best && defs[class as usize].is_made() {
                costs[class as usize] = None;
            }
        }
    }
    for g in 0..search.p.hands.n_groups() {
        let class = search.first_class(g) as usize;
        match search.first_second(g) {
            (first, Some(second)) => costs[class] = costs[class].map(|c| c + first - second),
            (_, None) => costs[class] = None,
        }
    }
    costs
}

/// The lines no limit drops: "straight or better: hold all five" and the natural royal flush. With
/// them a chart of any length keeps a dealt royal or straight flush whole (the rare hands a short
/// chart would otherwise drop first, breaking them), even where a draw line above the union (4 to
/// a royal) would take a dealt royal.
fn kept_whole(id: &str) -> bool {
    id.ends_with("straight-or-better") || is_royal_line(id)
}

/// Whether a class is the natural royal flush's line (of any vocabulary).
pub(crate) fn is_royal_line(id: &str) -> bool {
    id == "royal-flush" || id.ends_with("natural-royal-flush")
}

/// Per class: whether dropping it would make a class that decides nothing now decide something
/// (so the chart would not get shorter).
fn revives(search: &Search) -> Vec<bool> {
    let mut revives = vec![false; search.n_classes()];
    for g in 0..search.p.hands.n_groups() {
        if search.second_class(g).is_some_and(|second| search.decided[second as usize] == 0) {
            revives[search.first_class(g) as usize] = true;
        }
    }
    revives
}

/// Moves the line that costs least to drop to the end of the order; false when none can go
/// (every line is a needed made hand, the only class somewhere, or would revive another class).
fn remove_cheapest_line(search: &mut Search, protect_made: bool) -> bool {
    let costs = removal_costs(search, protect_made);
    let revives = revives(search);
    let cheapest = (0..search.n_classes())
        .filter(|&c| search.decided[c] > 0 && !revives[c])
        .filter_map(|c| costs[c].map(|cost| (cost, c)))
        .min();
    match cheapest {
        Some((_, class)) => {
            search.apply(class as u16, search.n_classes() - 1);
            true
        }
        None => false,
    }
}

/// One round of swaps (step 3): for each line, cheapest to drop first, try dropping it and
/// adding the best other class; keep the first swap that raises the total.
fn swap_lines(search: &mut Search, max_lines: usize, cancel: &AtomicBool) -> Result<bool, Cancelled> {
    search.dead_to_end();
    let costs = removal_costs(search, true);
    let mut lines: Vec<(i64, usize)> = (0..search.n_classes())
        .filter(|&c| search.decided[c] > 0)
        .filter_map(|c| costs[c].map(|cost| (cost, c)))
        .collect();
    lines.sort_unstable();
    let n_classes = search.n_classes();
    let mut acc = vec![0i64; n_classes];
    let mut change = Vec::new();
    for (_, line) in lines {
        if cancel.load(Ordering::Relaxed) {
            return Err(Cancelled);
        }
        let before = (search.total, search.order.clone());
        search.apply(line as u16, n_classes - 1);
        let mut best: Option<(i64, u16, usize)> = None;
        for x in (0..n_classes as u16).filter(|&x| x as usize != line) {
            if let Some(place) = best_allowed_place(search, x, Some(max_lines), &mut acc, &mut change) {
                let cost = search.gains(x, &mut acc);
                let delta = acc[place..].iter().sum::<i64>() - cost;
                if best.is_none_or(|(d, _, _)| delta > d) {
                    best = Some((delta, x, place));
                }
            }
        }
        if let Some((delta, x, place)) = best {
            if search.total + delta > before.0 {
                search.apply(x, place);
                return Ok(true);
            }
        }
        search.order = before.1;
        search.reset();
    }
    Ok(false)
}
