//! Statistics per machine, real and practice hands kept apart, and the ledger audit's report.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::machine::MachineId;

use super::history::HandRecord;

/// Statistics of every finished hand, real and practice apart.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Stats {
    /// Real hands per machine (machines never played are listed with zeros).
    pub real: Vec<MachineStats>,
    /// Practice hands per machine.
    pub practice: Vec<MachineStats>,
}

/// One machine's statistics.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MachineStats {
    /// The machine.
    pub machine: MachineId,
    /// Deals drawn.
    pub deals: u64,
    /// Hands played (a Five Play deal counts 5).
    pub hands: u64,
    /// Chips wagered (bet × hands; for practice, what it would have cost).
    pub wagered: u64,
    /// Chips won (for practice, what it would have paid).
    pub won: u64,
    /// won / wagered, or null before any hand.
    #[serde(rename = "return")]
    pub return_rate: Option<f64>,
    /// How many final hands landed on each paytable row id (and "nothing").
    pub final_hands: BTreeMap<String, u64>,
    /// Deals where the best hold was played.
    pub best_holds: u64,
    /// best_holds / deals, or null before any deal.
    pub accuracy: Option<f64>,
    /// EV given up per coin, summed over deals.
    pub ev_given_up: f64,
    /// EV given up in chips (per coin × bet × hands), summed over deals.
    pub ev_given_up_chips: f64,
    /// Deals a kind deal nudged.
    pub nudged: u64,
}

impl MachineStats {
    fn empty(machine: MachineId) -> MachineStats {
        MachineStats {
            machine,
            deals: 0,
            hands: 0,
            wagered: 0,
            won: 0,
            return_rate: None,
            final_hands: BTreeMap::new(),
            best_holds: 0,
            accuracy: None,
            ev_given_up: 0.0,
            ev_given_up_chips: 0.0,
            nudged: 0,
        }
    }

    fn add(&mut self, hand: &HandRecord) {
        self.deals += 1;
        self.hands += u64::from(hand.hands);
        self.wagered += u64::from(hand.bet) * u64::from(hand.hands);
        self.won += hand.won.unwrap_or(0);
        for result in &hand.results {
            *self.final_hands.entry(result.outcome.clone()).or_insert(0) += 1;
        }
        let given_up = hand.ev_given_up.unwrap_or(0.0);
        if given_up <= 1e-9 {
            self.best_holds += 1;
        }
        self.ev_given_up += given_up;
        self.ev_given_up_chips += given_up * f64::from(hand.bet) * f64::from(hand.hands);
        if hand.nudge.is_some() {
            self.nudged += 1;
        }
        self.return_rate = Some(self.won as f64 / self.wagered as f64);
        self.accuracy = Some(self.best_holds as f64 / self.deals as f64);
    }
}

/// Adds up finished hands.
pub fn compute(hands: &[HandRecord]) -> Stats {
    let mut real: Vec<MachineStats> = MachineId::ALL.into_iter().map(MachineStats::empty).collect();
    let mut practice = real.clone();
    for hand in hands.iter().filter(|h| h.drawn) {
        let list = if hand.practice { &mut practice } else { &mut real };
        if let Some(stats) = list.iter_mut().find(|s| s.machine == hand.machine) {
            stats.add(hand);
        }
    }
    Stats { real, practice }
}

/// The ledger check: balance = 1,000 + daily chips + payouts − bets, and everything that must agree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Audit {
    /// Whether every check passed.
    pub ok: bool,
    /// The stored balance.
    pub chips: i64,
    /// The balance the ledger gives.
    pub ledger_balance: i64,
    /// Starting chips in the ledger.
    pub start: i64,
    /// Daily chips collected.
    pub daily: i64,
    /// Chips bet (positive).
    pub bets: i64,
    /// Chips paid out.
    pub payouts: i64,
    /// The stored XP.
    pub xp: i64,
    /// Real hands dealt.
    pub real_hands: i64,
    /// Practice hands dealt.
    pub practice_hands: i64,
    /// The hand in progress, if any.
    pub hand_in_progress: Option<i64>,
    /// What did not add up (empty when `ok`).
    pub problems: Vec<String>,
}
