//! Playing a chart: on any dealt hand, the first line that matches one of its holds, and the hold
//! that line's card rule picks; the hint's answer (which line the chart plays, which line the
//! exact best hold belongs to); and the chart's return by playing every suit class, the second
//! way of computing it (the first is the ranking's own total).

use serde::Serialize;

use crate::card::Card;
use crate::hold::Hold;
use crate::machine::{MachineId, Paytable};
use crate::strategy::analyze::canonical_classes;
use crate::strategy::exact::ratio;
use crate::strategy::solver::{category_of, draw_pay_totals};
use crate::strategy::tables::{family_tables, subset_ranks, MachineTables};
use crate::strategy::{hand_evs, HandEvs};

use super::hands::family_hands;
use super::shape::HoldShape;
use super::{machine_chart, Chart};

/// A chart line, as the hint names it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LineRef {
    /// 1 for the first line.
    pub rank: usize,
    /// The class id.
    pub class: String,
    /// The English label.
    pub label: String,
}

/// What a chart says about one dealt hand, beside the exact best hold.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Advice {
    /// The line the chart plays (the first line matching one of the hand's holds).
    pub line: LineRef,
    /// The hold that line plays (bit i keeps the i-th card as given).
    pub hold: Hold,
    /// The exact best hold (the solver's, ties by the solver's tie rule).
    pub best_hold: Hold,
    /// The first line whose class the best hold belongs to, if any line does.
    pub best_line: Option<LineRef>,
    /// Whether the chart's hold is worth as much as the best hold (not a mistake).
    pub agrees: bool,
    /// What the chart's hold gives up against the best hold, per coin (0 when it agrees).
    pub cost: f64,
}

impl Chart {
    /// The line (index into [`Chart::lines`]) that plays `cards` and its hold, as a mask over
    /// the cards as given.
    pub fn play(&self, hand: &[Card; 5]) -> (usize, Hold) {
        let (line, mask) = self.play_indices(&hand.map(Card::index));
        (line, Hold::from_mask(u32::from(mask)).unwrap_or(Hold::NONE))
    }

    pub(crate) fn play_indices(&self, cards: &[usize; 5]) -> (usize, u8) {
        let hands = family_hands(self.vocabulary);
        let mut scratch = vec![None; hands.matcher.defs().len()];
        let mut present = Vec::new();
        hands.matcher.classify(cards, &mut scratch, &mut present);
        self.classes
            .iter()
            .enumerate()
            .find_map(|(line, class)| present.iter().find(|(c, _)| c == class).map(|&(_, mask)| (line, mask)))
            .expect("every hand matches a chart's last-resort line (discard everything, deuces only)")
    }

    /// The first line whose class the hold belongs to, if any.
    pub(crate) fn line_of_hold(&self, hand: &[Card; 5], hold: Hold) -> Option<usize> {
        let defs = family_hands(self.vocabulary).matcher.defs();
        let shape = HoldShape::of(self.family, &hand.map(Card::index), hold.mask());
        self.classes.iter().position(|&class| defs[class as usize].matches(&shape))
    }

    pub(crate) fn line_ref(&self, line: usize) -> LineRef {
        let l = &self.lines[line];
        LineRef { rank: l.rank, class: l.class.clone(), label: l.label.clone() }
    }

    /// The chart's exact return under `table` (the one it was made for, or any other of its
    /// family) by playing every suit class by the chart and weighing each by the deals it stands
    /// for: the second way of computing [`Chart::chart_return`].
    pub fn return_by_play(&self, table: &Paytable) -> f64 {
        let tables = MachineTables::for_paytable(table, family_tables(table.family()));
        let tables = &tables;
        let deck = tables.deck();
        let mut total = 0u128;
        for class in canonical_classes(deck) {
            let cards = class.card_indices();
            let (_, mask) = self.play_indices(&cards);
            let ranks = subset_ranks(&cards);
            let dealt = tables.pay_of_category(category_of(self.family, cards));
            let totals = draw_pay_totals(tables, &ranks, dealt);
            let mask = usize::from(mask);
            total += u128::from(class.weight()) * (totals[mask] * deck.ev_scale[mask]) as u128;
        }
        ratio(total, deck.denominator())
    }
}

/// The chart's advice on a hand, given the hand's exact EVs (from [`hand_evs`] or a lab table's
/// solver).
pub fn advise(chart: &Chart, hand: &[Card; 5], evs: &HandEvs) -> Advice {
    let (line, hold) = chart.play(hand);
    let best_hold = evs.best();
    Advice {
        line: chart.line_ref(line),
        hold,
        best_hold,
        best_line: chart.line_of_hold(hand, best_hold).map(|l| chart.line_ref(l)),
        agrees: !evs.is_mistake(hold),
        cost: evs.cost(hold),
    }
}

/// The hint's chart answer on one of the five machines: its chart's line and hold for the hand,
/// and the line of the exact best hold.
pub fn hint(machine: MachineId, hand: &[Card; 5]) -> Advice {
    advise(machine_chart(machine), hand, &hand_evs(machine, hand))
}
