//! A shuffle bag: fill it with a fixed number of each outcome, draw until it is empty,
//! then refill and reshuffle.
//!
//! Each outcome keeps its exact long-run share, and droughts are bounded: with M copies of each of
//! N outcomes a run of one outcome is at most 2M long and the gap between two of the same outcome at
//! most 2M(N − 1). With `no_repeat`, a refilled bag whose first item repeats the last item drawn has
//! that first item swapped with a random item of another outcome, removing boundary repeats.
//!
//! The bag takes its randomness as a [`Chooser`] parameter at each draw (it is only used when the
//! bag is refilled); it never touches a global RNG, so a bag's history is reproducible.

use crate::shuffle::{fisher_yates, Chooser};

/// A shuffle bag of outcomes of type `T`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShuffleBag<T> {
    contents: Vec<(T, u32)>,
    no_repeat: bool,
    /// Items still to draw, next first.
    remaining: Vec<T>,
    last: Option<T>,
}

impl<T: Clone + PartialEq> ShuffleBag<T> {
    /// An empty bag that refills with `count` copies of each outcome. Outcomes with a zero count are
    /// allowed (they never come out); the bag must hold at least one item when full.
    pub fn new(contents: Vec<(T, u32)>, no_repeat: bool) -> ShuffleBag<T> {
        assert!(contents.iter().any(|(_, n)| *n > 0), "a shuffle bag needs at least one item");
        ShuffleBag { contents, no_repeat, remaining: Vec::new(), last: None }
    }

    /// A bag restored from storage: its items still to draw (next first) and the last item drawn.
    pub fn restore(contents: Vec<(T, u32)>, no_repeat: bool, remaining: Vec<T>, last: Option<T>) -> ShuffleBag<T> {
        let mut bag = ShuffleBag::new(contents, no_repeat);
        bag.remaining = remaining;
        bag.last = last;
        bag
    }

    /// The items still to draw, next first.
    pub fn remaining(&self) -> &[T] {
        &self.remaining
    }

    /// The last item drawn, if any.
    pub fn last(&self) -> Option<&T> {
        self.last.as_ref()
    }

    /// The number of items in a full bag.
    pub fn size(&self) -> usize {
        self.contents.iter().map(|(_, n)| *n as usize).sum()
    }

    /// Draws the next item, refilling (and shuffling with `chooser`) when the bag is empty.
    pub fn draw(&mut self, chooser: &mut impl Chooser) -> T {
        if self.remaining.is_empty() {
            self.refill(chooser);
        }
        let item = self.remaining.remove(0);
        self.last = Some(item.clone());
        item
    }

    fn refill(&mut self, chooser: &mut impl Chooser) {
        let mut items: Vec<T> = Vec::with_capacity(self.size());
        for (item, count) in &self.contents {
            items.extend(std::iter::repeat_n(item.clone(), *count as usize));
        }
        fisher_yates(&mut items, chooser);
        if self.no_repeat {
            if let Some(last) = &self.last {
                if items[0] == *last {
                    let others: Vec<usize> = (1..items.len()).filter(|&i| items[i] != *last).collect();
                    if !others.is_empty() {
                        let pick = others[chooser.below(others.len() as u32) as usize];
                        items.swap(0, pick);
                    }
                }
            }
        }
        self.remaining = items;
    }
}
