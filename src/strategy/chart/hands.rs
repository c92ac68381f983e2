//! What a chart needs to know about the deals that does not depend on the pays, built once per
//! vocabulary: for each suit class of its deck (134,459 of the 52 cards, 150,891 of a
//! 53-card deck), the classes present in its canonical hand and
//! the hold each one names (the tie rule is a card rule), and the hands grouped by the set of
//! classes present. Any chart plays every hand of a group by the same line, so the ranking works
//! on the groups' summed EVs instead of on hands.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::eval::Family;
use crate::strategy::analyze::{canonical_classes, SuitClass};
use crate::strategy::deck::DeckMath;

use super::class_lists::family_classes;
use super::classes::Vocabulary;
use super::tie::Matcher;

/// The family's suit classes seen through its hold classes.
pub(crate) struct FamilyHands {
    pub family: Family,
    pub vocabulary: Vocabulary,
    pub matcher: Matcher,
    pub hands: &'static [SuitClass],
    /// Per hand: its group.
    pub group_of: Vec<u32>,
    /// Per hand and class present (in the group's class order): the hold, a mask over the
    /// canonical hand's cards in increasing order. Hand h's masks start at `h_start[h]`.
    pub masks: Vec<u8>,
    pub h_start: Vec<u32>,
    /// Per group: its classes (sorted by class number) start at `g_start[g]` in `g_classes`.
    pub g_start: Vec<u32>,
    pub g_classes: Vec<u16>,
    /// Per group: the deals it stands for.
    pub g_weight: Vec<u64>,
}

impl FamilyHands {
    /// The number of groups.
    pub(crate) fn n_groups(&self) -> usize {
        self.g_weight.len()
    }

    /// The classes of group `g`.
    pub(crate) fn group(&self, g: usize) -> &[u16] {
        &self.g_classes[self.g_start[g] as usize..self.g_start[g + 1] as usize]
    }

    fn build(vocabulary: Vocabulary) -> FamilyHands {
        let family = vocabulary.family();
        let matcher = Matcher::new(family, family_classes(vocabulary));
        let hands = canonical_classes(DeckMath::of_family(family));
        let n_threads = std::thread::available_parallelism().map_or(2, |n| n.get()).clamp(1, 16);
        let chunk = hands.len().div_ceil(n_threads);
        // Each thread classifies a contiguous run of hands; the runs are joined in order.
        let parts: Vec<(Vec<u32>, Vec<u16>, Vec<u8>)> = std::thread::scope(|scope| {
            let workers: Vec<_> = hands
                .chunks(chunk)
                .map(|run| {
                    let matcher = &matcher;
                    scope.spawn(move || {
                        let mut scratch = vec![None; matcher.defs().len()];
                        let mut out = Vec::new();
                        let (mut lens, mut classes, mut masks) = (Vec::new(), Vec::new(), Vec::new());
                        for hand in run {
                            matcher.classify(&hand.card_indices(), &mut scratch, &mut out);
                            lens.push(out.len() as u32);
                            classes.extend(out.iter().map(|&(class, _)| class));
                            masks.extend(out.iter().map(|&(_, mask)| mask));
                        }
                        (lens, classes, masks)
                    })
                })
                .collect();
            workers.into_iter().map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).collect()
        });
        let mut fh = FamilyHands {
            family,
            vocabulary,
            matcher,
            hands,
            group_of: Vec::with_capacity(hands.len()),
            masks: Vec::new(),
            h_start: vec![0],
            g_start: vec![0],
            g_classes: Vec::new(),
            g_weight: Vec::new(),
        };
        let mut index: HashMap<Vec<u16>, u32> = HashMap::new();
        let mut hand_idx = 0;
        for (lens, classes, masks) in parts {
            let mut at = 0usize;
            for len in lens {
                let present = &classes[at..at + len as usize];
                let group = *index.entry(present.to_vec()).or_insert_with(|| {
                    fh.g_classes.extend_from_slice(present);
                    fh.g_start.push(fh.g_classes.len() as u32);
                    fh.g_weight.push(0);
                    fh.g_weight.len() as u32 - 1
                });
                fh.g_weight[group as usize] += u64::from(hands[hand_idx].weight());
                fh.group_of.push(group);
                at += len as usize;
                hand_idx += 1;
            }
            fh.masks.extend_from_slice(&masks);
        }
        let mut start = 0u32;
        for &group in &fh.group_of {
            let len = fh.g_start[group as usize + 1] - fh.g_start[group as usize];
            start += len;
            fh.h_start.push(start);
        }
        fh
    }
}

/// The vocabulary's hand data, built on first use (about half a second on two cores).
pub(crate) fn family_hands(vocabulary: Vocabulary) -> &'static FamilyHands {
    static HANDS: [OnceLock<FamilyHands>; Vocabulary::ALL.len()] = [const { OnceLock::new() }; Vocabulary::ALL.len()];
    HANDS[vocabulary.index()].get_or_init(|| FamilyHands::build(vocabulary))
}
