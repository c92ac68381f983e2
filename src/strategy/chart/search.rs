//! The ranking's working state: an order of all the family's classes, each group's first and
//! second class in that order, how many groups each class decides, and the chart's exact total.
//! Its one move takes a class out and puts it back at another place; [`Search::gains`] values
//! every place for a class at once, so a local search can try every move cheaply.

use super::sums::Problem;

/// No class: a group with only one class has no second.
pub(crate) const NONE: u16 = u16::MAX;

/// An order of the classes and what it decides.
#[derive(Clone)]
pub(crate) struct Search<'p> {
    pub p: &'p Problem<'p>,
    /// Per class: where its occurrences (group, slot) start in `occ`.
    occ_start: Vec<u32>,
    occ: Vec<(u32, u16)>,
    /// The order, and each class's place in it.
    pub order: Vec<u16>,
    pub pos: Vec<u32>,
    /// Per group: the slot of its first and second class in the order.
    first: Vec<u16>,
    second: Vec<u16>,
    /// Per class: the groups it decides.
    pub decided: Vec<u32>,
    /// Σ over groups of the deciding class's sum.
    pub total: i64,
}

impl<'p> Search<'p> {
    /// The state for `order` (a permutation of every class number).
    pub(crate) fn new(p: &'p Problem<'p>, order: Vec<u16>) -> Search<'p> {
        let n_classes = order.len();
        let hands = p.hands;
        let mut counts = vec![0u32; n_classes + 1];
        for &class in &hands.g_classes {
            counts[class as usize + 1] += 1;
        }
        for c in 0..n_classes {
            counts[c + 1] += counts[c];
        }
        let occ_start = counts.clone();
        let mut occ = vec![(0u32, 0u16); hands.g_classes.len()];
        for g in 0..hands.n_groups() {
            for (slot, &class) in hands.group(g).iter().enumerate() {
                occ[counts[class as usize] as usize] = (g as u32, slot as u16);
                counts[class as usize] += 1;
            }
        }
        let n_groups = hands.n_groups();
        let mut search = Search {
            p,
            occ_start,
            occ,
            pos: vec![0; n_classes],
            order,
            first: vec![NONE; n_groups],
            second: vec![NONE; n_groups],
            decided: vec![0; n_classes],
            total: 0,
        };
        search.reset();
        search
    }

    /// Recomputes everything from `order`.
    pub(crate) fn reset(&mut self) {
        for (place, &class) in self.order.iter().enumerate() {
            self.pos[class as usize] = place as u32;
        }
        self.decided.iter_mut().for_each(|d| *d = 0);
        self.first.iter_mut().for_each(|f| *f = NONE);
        self.total = 0;
        for g in 0..self.first.len() {
            self.refresh(g);
        }
    }

    /// Moves every class that decides nothing to the end, keeping both parts' orders: the total
    /// is unchanged, and dropping a line then hands its groups to other lines, not to a class
    /// that only sat between them.
    pub(crate) fn dead_to_end(&mut self) {
        let (live, dead): (Vec<u16>, Vec<u16>) = self.order.iter().partition(|&&c| self.decided[c as usize] > 0);
        self.order = live.into_iter().chain(dead).collect();
        self.reset();
    }

    /// The number of classes.
    pub(crate) fn n_classes(&self) -> usize {
        self.order.len()
    }

    /// The (group, slot) occurrences of a class.
    pub(crate) fn occurrences(&self, class: u16) -> &[(u32, u16)] {
        &self.occ[self.occ_start[class as usize] as usize..self.occ_start[class as usize + 1] as usize]
    }

    /// The class deciding group `g`.
    pub(crate) fn first_class(&self, g: usize) -> u16 {
        self.p.hands.group(g)[self.first[g] as usize]
    }

    /// The class that would decide group `g` without its deciding class, if any.
    pub(crate) fn second_class(&self, g: usize) -> Option<u16> {
        (self.second[g] != NONE).then(|| self.p.hands.group(g)[self.second[g] as usize])
    }

    /// The sum of group `g`'s deciding class, and of its second (None when it has none).
    pub(crate) fn first_second(&self, g: usize) -> (i64, Option<i64>) {
        let sums = self.p.group_sums(g);
        let second = (self.second[g] != NONE).then(|| sums[self.second[g] as usize]);
        (sums[self.first[g] as usize], second)
    }

    /// The number of classes that decide at least one group: the chart's lines.
    pub(crate) fn lines(&self) -> usize {
        self.decided.iter().filter(|&&d| d > 0).count()
    }

    /// Recomputes group `g`'s first and second class, keeping `decided` and `total` in step.
    fn refresh(&mut self, g: usize) {
        let classes = self.p.hands.group(g);
        let sums = self.p.group_sums(g);
        if self.first[g] != NONE {
            self.decided[classes[self.first[g] as usize] as usize] -= 1;
            self.total -= sums[self.first[g] as usize];
        }
        let (mut first, mut second) = (NONE, NONE);
        let (mut p1, mut p2) = (u32::MAX, u32::MAX);
        for (slot, &class) in classes.iter().enumerate() {
            let place = self.pos[class as usize];
            if place < p1 {
                (second, p2) = (first, p1);
                (first, p1) = (slot as u16, place);
            } else if place < p2 {
                (second, p2) = (slot as u16, place);
            }
        }
        self.first[g] = first;
        self.second[g] = second;
        self.decided[classes[first as usize] as usize] += 1;
        self.total += sums[first as usize];
    }

    /// For class `x`: `acc[q]` receives what putting `x` at place q (in the order without `x`)
    /// and before gains over leaving it out, per the place of each group's decider without `x`;
    /// returns what taking `x` out costs. The total with `x` at place p is then
    /// `total − cost + Σ_{q ≥ p} acc[q]`. A group that only `x` covers stays `x`'s anywhere.
    pub(crate) fn gains(&self, x: u16, acc: &mut [i64]) -> i64 {
        acc.iter_mut().for_each(|a| *a = 0);
        let px = self.pos[x as usize];
        let mut cost = 0;
        for &(g, slot) in self.occurrences(x) {
            let g = g as usize;
            let sums = self.p.group_sums(g);
            let sx = sums[slot as usize];
            let other = if self.first[g] == slot {
                if self.second[g] == NONE {
                    // Only x covers this group: it decides it wherever it stands.
                    continue;
                }
                cost += sx - sums[self.second[g] as usize];
                self.second[g]
            } else {
                self.first[g]
            };
            let class = self.p.hands.group(g)[other as usize];
            let place = self.pos[class as usize];
            let place = (place - u32::from(place > px)) as usize;
            acc[place] += sx - sums[other as usize];
        }
        cost
    }

    /// The best place for `x` and the change of total it brings (0 and its place when staying
    /// is best). Ties go to the earliest place.
    pub(crate) fn best_place(&self, x: u16, acc: &mut [i64]) -> (usize, i64) {
        let cost = self.gains(x, acc);
        let current = self.pos[x as usize] as usize;
        let mut best = (current, 0i64);
        let mut suffix = 0i64;
        for place in (0..acc.len()).rev() {
            suffix += acc[place];
            let delta = suffix - cost;
            if delta > best.1 || (delta == best.1 && place < best.0 && delta > 0) {
                best = (place, delta);
            }
        }
        best
    }

    /// Moves `x` to `place` (in the order without `x`) and updates what it decides.
    pub(crate) fn apply(&mut self, x: u16, place: usize) {
        let from = self.pos[x as usize] as usize;
        self.order.remove(from);
        self.order.insert(place, x);
        let (lo, hi) = (from.min(place), from.max(place));
        for at in lo..=hi {
            self.pos[self.order[at] as usize] = at as u32;
        }
        let groups: Vec<u32> = self.occurrences(x).iter().map(|&(g, _)| g).collect();
        for g in groups {
            self.refresh(g as usize);
        }
    }

    /// The number of lines after moving `x` to `place`, without moving it.
    pub(crate) fn lines_after(&self, x: u16, place: usize, change: &mut Vec<(u16, i32)>) -> usize {
        change.clear();
        let px = self.pos[x as usize];
        for &(g, slot) in self.occurrences(x) {
            let g = g as usize;
            let classes = self.p.hands.group(g);
            let old = classes[self.first[g] as usize];
            let other = if self.first[g] == slot { self.second[g] } else { self.first[g] };
            let new = if other == NONE {
                x
            } else {
                let class = classes[other as usize];
                let at = self.pos[class as usize];
                if place <= (at - u32::from(at > px)) as usize {
                    x
                } else {
                    class
                }
            };
            if new != old {
                change.push((old, -1));
                change.push((new, 1));
            }
        }
        change.sort_unstable();
        let mut lines = self.lines() as isize;
        let mut at = 0;
        while at < change.len() {
            let class = change[at].0;
            let mut sum = 0;
            while at < change.len() && change[at].0 == class {
                sum += change[at].1;
                at += 1;
            }
            let before = self.decided[class as usize] as i64;
            lines += isize::from(before + i64::from(sum) > 0) - isize::from(before > 0);
        }
        lines as usize
    }
}
