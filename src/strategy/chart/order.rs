//! The order a chart is printed in. The ranking fixes only what matters: in every group of hands,
//! the deciding line must come before every other line present there. Any order that keeps those
//! precedences plays every deal the same way, so the lines are printed in the most readable one:
//! on Deuces Wild by deuces (most first), then by the EV of the hold each line plays, highest
//! first, as published charts are, as far as the precedences allow.

use super::search::Search;

/// The lines `lines` (class numbers) reordered for reading; `deuces[c]` and `mean_ev[c]` are per
/// class number.
pub(crate) fn readable_order(search: &Search, lines: &[u16], deuces: &[u8], mean_ev: &[f64]) -> Vec<u16> {
    let n_classes = search.n_classes();
    let mut is_line = vec![false; n_classes];
    lines.iter().for_each(|&c| is_line[c as usize] = true);
    // before[a * n + b]: line a must come before line b.
    let mut before = vec![false; n_classes * n_classes];
    let mut indegree = vec![0usize; n_classes];
    for g in 0..search.p.hands.n_groups() {
        let first = search.first_class(g) as usize;
        for &class in search.p.hands.group(g) {
            let class = class as usize;
            if class != first && is_line[class] && !before[first * n_classes + class] {
                before[first * n_classes + class] = true;
                indegree[class] += 1;
            }
        }
    }
    let mut ready: Vec<u16> = lines.iter().copied().filter(|&c| indegree[c as usize] == 0).collect();
    let mut out = Vec::with_capacity(lines.len());
    while !ready.is_empty() {
        let (at, _) = ready
            .iter()
            .enumerate()
            .min_by(|(_, &a), (_, &b)| {
                let (a, b) = (a as usize, b as usize);
                deuces[b].cmp(&deuces[a]).then(mean_ev[b].total_cmp(&mean_ev[a])).then(a.cmp(&b))
            })
            .expect("not empty");
        let next = ready.swap_remove(at) as usize;
        out.push(next as u16);
        for later in 0..n_classes {
            if before[next * n_classes + later] {
                indegree[later] -= 1;
                if indegree[later] == 0 {
                    ready.push(later as u16);
                }
            }
        }
    }
    debug_assert_eq!(out.len(), lines.len(), "the precedences come from one order: no cycle");
    out
}
