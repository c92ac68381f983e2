//! Verify a hand: replay it from its seed through the one dealing pipeline and check every step
//! against what was recorded.
//!
//! Three checks, each `true`, `false` or `null` (nothing recorded to compare with):
//!
//! - **commitment**: the commitment shown while the hand was in progress is SHA-256 of the seed (a
//!   hand stored after commitments began must carry one: a missing one fails, never reads as old);
//! - **deal**: the seed's shuffled deck, with the recorded nudge re-derived by the kind-deal rule from
//!   the same seed (the deal must be dead, the card out and in are the rule's, chosen on stream 2),
//!   gives the recorded five cards;
//! - **draws**: the recorded hold, drawn from the replayed deck (and from each extra hand's own
//!   reshuffled deck), gives the recorded replacement cards, final hands and win.
//!
//! Never trusts stored cards: the deck, the nudge and the draws always come from the seed. Only the
//! decision *whether* a dead deal was nudged cannot be checked from one hand alone (it came from the
//! kind-deal bag); the record discloses it, the nudge it discloses is checked here, and the decision
//! itself by replaying the whole history ([`super::decisions`]).
//! The exact derivation, for rebuilding a hand in another language, is `docs/VERIFY.md`.

use serde::Serialize;

use crate::card::Card;
use crate::hold::Hold;
use crate::shuffle::{hex, Seed, SeedFrom};
use crate::table::Table;
use crate::rules::Screen;

use super::commit::{CommitRule, Terms};

use super::deal::{nudge_rng, Deal, NudgeSource};
use super::nudge::{plan_nudge, Nudge, NudgeKind};
use super::settle::{results, HandResult};

/// What a record says about a hand; every field but the seed, table, hand count and commitment
/// rule is optional (a pasted seed has nothing recorded to compare with).
#[derive(Clone, Debug, PartialEq)]
pub struct Claim {
    /// The hand's id in the history, if it comes from one.
    pub hand: Option<i64>,
    /// The revealed seed.
    pub seed: Seed,
    /// Where a stored hand's seed came from (the system's entropy, or chosen by whoever dealt);
    /// `None` for a pasted seed.
    pub seed_from: Option<SeedFrom>,
    /// The table it was dealt on.
    pub table: Table,
    /// Hands dealt at once (1, 3, 5, 10, 50 or 100 on a machine).
    pub n_hands: u8,
    /// Chips per hand (for the win; 1 when unknown).
    pub bet: u32,
    /// A practice hand (it enters the commitment from schema 26 on; false for a pasted seed
    /// unless its commitment says otherwise).
    pub practice: bool,
    /// What was on screen at the deal, line by line (`None` on a table whose rules show nothing).
    /// It enters the commitment and the win.
    pub multipliers: Option<Screen>,
    /// The commitment shown while the hand was in progress, as recorded (hex).
    pub commitment: Option<String>,
    /// The rule the commitment was made under (fixed by the hand's place in its history): a rule
    /// that requires one makes a missing commitment fail instead of reading as an older hand's.
    pub rule: CommitRule,
    /// The five cards dealt, as recorded.
    pub dealt: Option<[Card; 5]>,
    /// The nudge the record discloses.
    pub nudge: Option<Nudge>,
    /// The hold, as recorded.
    pub hold: Option<Hold>,
    /// Each hand's replacement cards, as recorded.
    pub drawn: Option<Vec<Vec<Card>>>,
    /// Each hand's final cards, as recorded.
    pub finals: Option<Vec<[Card; 5]>>,
    /// The total win, as recorded.
    pub won: Option<u64>,
}

impl Claim {
    /// A bare seed: nothing recorded, `n_hands` hands on `table` (with what its rules show at the
    /// start, or draw from the seed with the deal: `rules::on_deal`).
    pub fn seed(seed: Seed, table: Table, n_hands: u8) -> Claim {
        let multipliers = crate::rules::on_deal(&table, n_hands, &seed);
        Claim {
            multipliers,
            hand: None,
            seed,
            seed_from: None,
            table,
            n_hands,
            bet: 1,
            practice: false,
            commitment: None,
            rule: CommitRule::Legacy,
            dealt: None,
            nudge: None,
            hold: None,
            drawn: None,
            finals: None,
            won: None,
        }
    }
}

impl Claim {
    /// A pasted seed with the commitment the player noted, if any: a commitment that is the bound
    /// one (of schema 26 on, with practice and the seed's origin, or of schemas 15–25) for one of
    /// `bets` (the game's bets) on `table` at `n_hands` is checked by that rule at that bet (so the
    /// hands are drawn at it); any other is read as an older hand's, SHA-256 of the seed alone. The hand is dealt with `multipliers` on screen (the table's start when
    /// `None`), which enter the commitment and the wins.
    pub fn pasted(seed: Seed, table: Table, n_hands: u8, commitment: Option<String>, bets: &[u32], multipliers: Option<Screen>) -> Claim {
        let commitment_noted = commitment.clone();
        let seeded = Claim::seed(seed, table, n_hands);
        let multipliers = multipliers.or(seeded.multipliers.clone());
        let claim = Claim { commitment, multipliers, ..seeded };
        let origin = commitment_noted.as_deref().and_then(|noted| {
            let mut found = None;
            for &bet in bets {
                for practice in [false, true] {
                    for seed_from in [SeedFrom::System, SeedFrom::Chosen] {
                        let terms = Terms { table: &claim.table, bet, lines: n_hands, practice, seed_from, on_screen: claim.multipliers.as_ref() };
                        if found.is_none() && noted.eq_ignore_ascii_case(&hex(&super::commit::origin(&seed, &terms))) {
                            found = Some((bet, practice, seed_from));
                        }
                    }
                }
            }
            found
        });
        if let Some((bet, practice, seed_from)) = origin {
            return Claim { bet, practice, seed_from: Some(seed_from), rule: CommitRule::Origin, ..claim };
        }
        let bound = commitment_noted.as_deref().and_then(|noted| {
            bets.iter().copied().find(|&bet| {
                let bound = super::commit::bound(&seed, &claim.table, bet, n_hands, claim.multipliers.as_ref());
                noted.eq_ignore_ascii_case(&hex(&bound))
            })
        });
        match bound {
            Some(bet) => Claim { bet, rule: CommitRule::Bound, ..claim },
            None => claim,
        }
    }
}

/// A nudge as the verification shows it: which dealt position, which card out, which card in, and
/// the deck position the added card came from (where the removed card now lies).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct NudgeStep {
    /// "four-flush" or "pair".
    pub kind: NudgeKind,
    /// The dealt position 0..5.
    pub position: usize,
    /// The card the shuffle put there.
    pub out: Card,
    /// The card put there instead.
    #[serde(rename = "in")]
    pub added: Card,
    /// The deck position 5..52 the added card came from.
    pub from: usize,
}

/// The three checks: `Some(true)` passed, `Some(false)` failed, `None` nothing recorded to check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Checks {
    /// Commitment = the one its rule gives (SHA-256 of the seed, or of the seed and the choices).
    pub commitment: Option<bool>,
    /// Replayed deal = recorded deal (nudge included).
    pub deal: Option<bool>,
    /// Replayed draws = recorded draws.
    pub draws: Option<bool>,
}

/// A hand replayed from its seed, with the checks against its record.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Verification {
    /// The hand's id, or null for a pasted seed.
    pub hand: Option<i64>,
    /// The table (its id).
    pub game: Table,
    /// The seed, 64 hex digits.
    pub seed: Seed,
    /// Where a stored hand's seed came from: "system" (drawn from the system's entropy) or
    /// "chosen" (whoever dealt chose it); null for a pasted seed.
    pub seed_from: Option<SeedFrom>,
    /// What was on screen at the deal, line by line (absent on a table whose rules show nothing).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub multipliers: Option<Vec<u8>>,
    /// The recorded commitment, or null (a hand stored before commitments, or a pasted seed).
    pub commitment: Option<String>,
    /// The commitment the rule gives, computed now (SHA-256 of the seed's 32 bytes, or of the
    /// seed and the bound text), or null for a hand that was never committed.
    pub sha256: Option<String>,
    /// The rule the commitment was made under.
    pub commitment_rule: CommitRule,
    /// The deck (52 cards, or 53: the table's `Deck`) as the seed's shuffle leaves them, before any nudge; the deal is positions 0–4.
    pub deck: Vec<Card>,
    /// The five cards dealt (after the nudge).
    pub dealt: [Card; 5],
    /// The nudge, if the record disclosed one and the rule gives it.
    pub nudge: Option<NudgeStep>,
    /// The hold drawn with, or null (a pasted seed: the hands then show the five cards each would
    /// draw for a hold of nothing).
    pub hold: Option<Hold>,
    /// Each hand's final cards and replacement cards, first hand first.
    pub hands: Vec<HandResult>,
    /// The checks.
    pub checks: Checks,
    /// What failed, in words (empty when verified).
    pub failures: Vec<String>,
    /// No check failed.
    pub verified: bool,
}

/// The nudge the kind-deal rule gives the deal of `seed` on `table` (when it is dead and a bag
/// says "nudge"), or `None` when the deal is not dead: what `vpoker verify --seed … --nudged` shows.
pub fn rule_nudge(seed: &Seed, table: &Table) -> Option<Nudge> {
    plan_nudge(table, &seed.deck_of(table.deck()), &mut nudge_rng(seed))
}

/// Replays `claim` from its seed and checks it. Costs one deal and one settle: no EVs.
pub fn verify(claim: &Claim) -> Verification {
    let Claim { seed, n_hands, rule, .. } = *claim;
    let table = &claim.table;
    let mut failures = Vec::new();
    let on_screen = claim.multipliers.as_ref();
    let terms = Terms {
        table,
        bet: claim.bet,
        lines: n_hands,
        practice: claim.practice,
        seed_from: claim.seed_from.unwrap_or_default(),
        on_screen,
    };
    let sha256 = rule.commitment(&seed, &terms).map(|c| hex(&c));
    // A stored hand below `committed_from` was stored before commitments existed: it carries none
    // (one it carries means the mark moved, turning committed hands into legacy ones).
    let stored_legacy = claim.hand.is_some() && rule == CommitRule::Legacy;
    let commitment = match (&claim.commitment, &sha256) {
        (Some(_), _) if stored_legacy => Some(false),
        (Some(c), Some(expected)) => Some(c.eq_ignore_ascii_case(expected)),
        (Some(_), None) => Some(false),
        (None, _) if rule.required() => Some(false),
        (None, _) => None,
    };
    match (&claim.commitment, commitment) {
        (Some(_), Some(false)) if stored_legacy => failures
            .push("the hand was stored before commitments began (below committed_from), but carries one".to_string()),
        (Some(_), Some(false)) if rule == CommitRule::Uncommitted => failures
            .push("a practice table hand stored before commitments covered tables carries a commitment".to_string()),
        (Some(_), Some(false)) if rule == CommitRule::Bound => failures
            .push("the commitment is not SHA-256 of the seed with the table, bet and line count".to_string()),
        (Some(_), Some(false)) if rule == CommitRule::Origin => failures.push(
            "the commitment is not SHA-256 of the seed with the table, bet, line count, practice flag and seed origin".to_string(),
        ),
        (Some(_), Some(false)) => failures.push("the commitment is not SHA-256 of the seed".to_string()),
        (None, Some(false)) => {
            failures.push("the hand was stored after commitments began, but carries none".to_string())
        }
        _ => {}
    }

    let deck = seed.deck_of(table.deck());
    let (deal, deal_check) = replay_deal(&seed, table, n_hands, claim.dealt.as_ref(), claim.nudge.as_ref());
    let deal_check = (claim.dealt.is_some() || claim.nudge.is_some()).then(|| match deal_check {
        Ok(()) => true,
        Err(mismatch) => {
            failures.push(mismatch.to_string());
            false
        }
    });
    // On rules that draw what is on screen with the deal, it is the seed's too.
    let drawn_check = (!crate::rules::shows_before_deal(table))
        .then(|| crate::rules::on_deal(table, n_hands, &seed))
        .flatten()
        .map(|drawn| {
            let same = on_screen.map(Screen::values) == Some(drawn.values());
            if !same {
                let text = |values: &[u8]| values.iter().map(u8::to_string).collect::<Vec<_>>().join(",");
                failures.push(format!(
                    "the hand is recorded with multipliers {}, the seed draws {}",
                    on_screen.map_or_else(|| "none".to_string(), |m| text(m.values())),
                    text(drawn.values())
                ));
            }
            same
        });
    let deal_check = match (deal_check, drawn_check) {
        (None, None) => None,
        (a, b) => Some(a.unwrap_or(true) && b.unwrap_or(true)),
    };

    let shown_hold = claim.hold.unwrap_or(Hold::NONE);
    let hands = results(&deal, claim.bet, shown_hold, on_screen);
    let draws = claim.hold.and((claim.drawn.is_some() || claim.finals.is_some() || claim.won.is_some()).then_some(()));
    let draws_check = draws.map(|()| {
        let mut ok = true;
        if let Some(drawn) = &claim.drawn {
            if drawn.len() != hands.len() || drawn.iter().zip(&hands).any(|(d, h)| *d != h.drawn) {
                failures.push("the recorded replacement cards are not the seed's".to_string());
                ok = false;
            }
        }
        if let Some(finals) = &claim.finals {
            if finals.len() != hands.len() || finals.iter().zip(&hands).any(|(f, h)| *f != h.cards) {
                failures.push("the recorded final hands are not the seed's".to_string());
                ok = false;
            }
        }
        if let Some(won) = claim.won {
            let paid: u64 = hands.iter().map(|h| h.win).sum();
            if won != paid {
                failures.push(format!("the record says the hand won {won}, the replayed cards pay {paid}"));
                ok = false;
            }
        }
        ok
    });

    let checks = Checks { commitment, deal: deal_check, draws: draws_check };
    Verification {
        hand: claim.hand,
        game: table.clone(),
        seed,
        seed_from: claim.seed_from,
        multipliers: on_screen.map(|m| m.values().to_vec()),
        commitment: claim.commitment.clone(),
        sha256,
        commitment_rule: rule,
        deck: deck.to_vec(),
        dealt: deal.dealt(),
        nudge: deal.nudge().map(|n| NudgeStep {
            kind: n.kind,
            position: n.position,
            out: n.removed,
            added: n.added,
            from: n.deck_position,
        }),
        hold: claim.hold,
        hands,
        verified: failures.is_empty(),
        checks,
        failures,
    }
}

/// Why a record's deal is not what its seed gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DealMismatch {
    /// The record discloses a nudge, but the seed's deal was not dead.
    #[error("the record discloses a nudge, but the seed's deal was not dead")]
    NotDead,
    /// The record discloses a nudge the rule does not give this seed's dead deal.
    #[error("the disclosed nudge is not the one the seed gives")]
    OtherNudge,
    /// The record discloses no nudge, yet its cards are the rule's nudged ones, or other cards.
    #[error("the seed does not deal the recorded cards")]
    Cards,
}

/// The one replay of a record's deal, used by verification, the history and the audit alike: the
/// seed's deal, nudged by the rule when (and only when) the record discloses a nudge, and whether
/// the record's nudge and dealt cards are that replay's. The stored nudge is a claim to check, like
/// the dealt cards: it is never applied as stored.
pub fn replay_deal(
    seed: &Seed,
    table: &Table,
    n_hands: u8,
    dealt: Option<&[Card; 5]>,
    nudge: Option<&Nudge>,
) -> (Deal, Result<(), DealMismatch>) {
    let deal = Deal::deal(seed, table, n_hands, NudgeSource::Disclosed(nudge.is_some()));
    let check = if nudge.is_some() && deal.nudge().is_none() && !deal.dead() {
        Err(DealMismatch::NotDead)
    } else if deal.nudge() != nudge {
        Err(DealMismatch::OtherNudge)
    } else if dealt.is_some_and(|dealt| *dealt != deal.dealt()) {
        Err(DealMismatch::Cards)
    } else {
        Ok(())
    };
    (deal, check)
}
