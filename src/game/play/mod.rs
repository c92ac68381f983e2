//! Play: daily chips, deals, draws, hints and the state the UI reads. Each function runs inside the
//! caller's transaction (the façade opens it) and calls the hand pipeline for every rule of dealing
//! and paying, the rules for every number, and the rooms below for storage.

pub mod daily;
pub mod state;
pub mod table_view;

use std::collections::BTreeMap;

use chrono::NaiveDate;
use rusqlite::Connection;
use serde::{Deserialize, Serialize};

use crate::hold::Hold;
use crate::machine::MachineId;
use crate::rules::{self as table_rules, ScreenHint, ScreenLine};
use crate::pipeline::commit::{origin, Terms};
use crate::pipeline::settle::{hint_holds, settle_with};
use crate::pipeline::{Deal, NudgeSource, Situation};
use crate::pipeline::seeds::chosen_for_chips;
use crate::shuffle::{DealSeed, SeedFrom};

use super::error::GameError;
use super::table_id::{self, TableId};
use super::hands::{self, HandRecord, StoredHand};
use super::moment::Moment;
use super::rules::{self, Bet, Lines};
use super::store::{player, Res};
use super::sums;
use super::training::{review, warm_up};
use state::{HandView, Hint, MachineView, State};

/// What a deal asks for: the one request for any table, for chips or in practice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealRequest {
    /// The table: a machine's id, one of a machine's variants (`MachineView::variants`), a table
    /// of the library or a saved lab table (`lab:NAME`; those two in practice only), or a variant
    /// of one of those.
    pub table: TableId,
    /// Chips per hand (per line): 5, 10, 20 or 50.
    pub bet: Bet,
    /// Hands dealt at once: one of the table's line counts (`Table::lines`), each open from its
    /// level (`rules::lines_unlock_level`).
    pub hands: Lines,
    /// A practice hand: no chips, no XP, always a pure deal.
    pub practice: bool,
}

impl DealRequest {
    /// A deal on `machine`'s own table.
    pub fn machine(machine: MachineId, bet: Bet, hands: Lines, practice: bool) -> DealRequest {
        DealRequest { table: TableId::machine(machine), bet, hands, practice }
    }
}

/// What the next deal of `request`'s choices will show, line by line (what each line was paid at
/// when the deal continues the hand before, what it is dealt with, whether it is lit), or `None`
/// on a table whose rules show nothing: the carry rule applied by the core, never by a UI.
pub(crate) fn next_screen(conn: &Connection, request: &DealRequest) -> Res<Option<Vec<ScreenLine>>> {
    let table = request_table(conn, request)?;
    let lines = request.hands.count();
    let last = hands::last_screen(conn)?;
    let (carry, paid) = match &last {
        Some((carry, paid)) => (Some(carry), paid.as_ref()),
        None => (None, None),
    };
    Ok(table_rules::ahead(carry, paid, &table, request.bet.chips(), lines, request.practice))
}

/// The table `request` names, resolved, and refused (`table-lines`) when its rules do not deal
/// the line count asked for: the one check of a request's table, for a deal and for what the next
/// deal shows.
fn request_table(conn: &Connection, request: &DealRequest) -> Res<crate::table::Table> {
    let table = table_id::resolve(conn, request.table.as_str())?;
    let lines = request.hands.count();
    if !table.lines().contains(&lines) {
        return Err(GameError::TableLines { lines }.into());
    }
    Ok(table)
}

/// Collects the daily chips for `today`.
pub(crate) fn claim_daily(conn: &Connection, today: NaiveDate) -> Res<()> {
    daily::check_claim(player::claims_around(conn, today)?, today)?;
    let (streak, later) = rules::record_streak(today, |day| player::claim_streak(conn, day))?;
    for (day, streak) in later {
        player::set_claim_streak(conn, day, streak)?;
    }
    let mut profile = player::profile(conn)?;
    let after_hand = hands::next_hand_id(conn)? - 1;
    player::insert_claim(conn, today, rules::DAILY_CHIPS, streak, after_hand)?;
    super::hands::chain::append_claim(conn, today, rules::DAILY_CHIPS as i64, Some(after_hand))?;
    player::add_ledger(conn, "daily", rules::DAILY_CHIPS, today)?;
    profile.chips = player::add(profile.chips, rules::DAILY_CHIPS, "the balance")?;
    profile.daily_total = player::add(profile.daily_total, rules::DAILY_CHIPS, "the daily chips collected")?;
    player::write_profile(conn, &profile)
}


/// A deal on any table, for chips or in practice: rules, chips, the kind-deal bag, the pipeline,
/// the row. Returns the events to celebrate. A seed chosen by whoever deals moves no chips: such a
/// deal for chips is refused (`chosen-seed-for-chips`); practice with a chosen seed is dealt.
pub(crate) fn deal(conn: &Connection, request: &DealRequest, seed: DealSeed, now: Moment) -> Res<Vec<String>> {
    deal_from(conn, request, seed, now, false)
}

/// [`deal`]; with `derived`, a chosen seed deals for chips: for [`play_best`], which derives the
/// seed of such a hand from the chosen one and the hand's id first.
fn deal_from(conn: &Connection, request: &DealRequest, seed: DealSeed, now: Moment, derived: bool) -> Res<Vec<String>> {
    let DealSeed { seed, from: seed_from } = seed;
    let DealRequest { bet, hands: lines, practice, .. } = *request;
    let table = request_table(conn, request)?;
    let hands = lines.count();
    // One hand in progress across the game, on any table.
    if let Some(hand_id) = hands::in_progress_id(conn)? {
        return Err(GameError::HandInProgress { hand_id }.into());
    }
    let mut profile = player::profile(conn)?;
    let level_before = rules::level_for_xp(profile.xp);
    // A machine opens for chips at its level; any other table is played in practice only; every
    // table is practised at any level (a library table that is a machine's own is that machine).
    let machine = table.as_machine();
    match machine {
        Some(machine) if !practice => rules::check_deal(machine, lines, level_before)?,
        None if !practice => return Err(GameError::PracticeOnly { table: table.id().to_string() }.into()),
        _ => rules::check_lines(lines, level_before)?,
    }
    if seed_from == SeedFrom::Chosen && !practice && !derived {
        return Err(GameError::ChosenSeedForChips.into());
    }
    let cost = if practice { 0 } else { table.stake(bet.chips(), hands) };
    if cost > profile.chips {
        return Err(GameError::InsufficientChips { needed: cost, available: profile.chips }.into());
    }
    // Practice hands are always pure deals and never touch the bags: practice is for drilling real
    // decisions, and the bags' rates are about real play. A bag is read only for a dead real deal.
    let kind_deals = !practice && player::settings(conn)?.kind_deals;
    let situation = Situation::of(profile.chips - cost, profile.losing_streak);
    let mut bag = None;
    let on_screen = table_rules::on_screen(hands::last_carry(conn)?.as_ref(), &table, bet.chips(), hands, practice, &seed);
    let dealt = if kind_deals {
        let mut stored = player::bag(conn, situation)?;
        let dealt = Deal::deal(&seed, &table, hands, NudgeSource::Bag(&mut stored));
        if dealt.dead() {
            bag = Some(stored);
        }
        dealt
    } else {
        Deal::deal(&seed, &table, hands, NudgeSource::Never)
    };
    let stored = StoredHand {
        id: 0,
        commitment: Some(origin(
            &seed,
            &Terms { table: &table, bet: bet.chips(), lines: hands, practice, seed_from, on_screen: on_screen.as_ref() },
        )),
        table,
        bet,
        n_hands: hands,
        practice,
        seed,
        seed_from,
        situation: bag.as_ref().map(|_| situation),
        nudge: dealt.nudge().copied(),
        dealt: dealt.dealt(),
        moment: Some(now),
        drawn: None,
        multipliers: on_screen,
    };
    if let Some(bag) = &bag {
        player::write_bag(conn, situation, bag)?;
        sums::add_deal(conn, situation, dealt.nudge().is_some())?;
    }
    hands::insert_deal(conn, &stored)?;
    if cost > 0 {
        profile.chips -= cost;
        profile.xp = player::add(profile.xp, cost, "the XP")?;
        profile.bet_total = player::add(profile.bet_total, cost, "the chips bet")?;
        player::write_profile(conn, &profile)?;
    }
    if let Some(machine) = machine {
        player::write_prefs(conn, machine, bet, lines)?;
    }
    let mut events = level_events(level_before, rules::level_for_xp(profile.xp));
    if dealt.nudge().is_some() {
        events.push("nudged".to_string());
    }
    Ok(events)
}

/// A draw: the stored hand replayed, settled, paid, and added to the running sums and the review
/// queue. Returns the finished hand.
pub(crate) fn draw(conn: &Connection, hold: Hold) -> Res<HandRecord> {
    let hand = hands::open_hand(conn)?.ok_or(GameError::NoHandInProgress)?;
    let marks = player::commit_marks(conn)?;
    let replayed = hand.replay()?;
    let settlement = settle_with(&replayed.deal, hand.bet.chips(), hold, hand.multipliers.as_ref(), &replayed.evs);
    let payout = if hand.practice { 0 } else { settlement.won };
    hands::record_draw(conn, hand.id, hold, settlement.won)?;
    let drawn = StoredHand { drawn: Some((hold, settlement.won)), ..hand.clone() };
    super::hands::chain::append_hand(conn, &drawn)?;
    let record = drawn.record_of(replayed, marks)?;
    sums::add_draw(conn, &record)?;
    review::enqueue(conn, record.id, record.mistake == Some(true))?;
    if !hand.practice {
        let mut profile = player::profile(conn)?;
        profile.chips = player::add(profile.chips, payout, "the balance")?;
        profile.paid_total = player::add(profile.paid_total, payout, "the chips paid")?;
        profile.losing_streak = if payout < hand.cost() { profile.losing_streak.saturating_add(1) } else { 0 };
        player::write_profile(conn, &profile)?;
    }
    Ok(record)
}

/// Deals and draws the hands of `seeds` with the best hold, exactly as [`deal`] and [`draw`] do,
/// except that a chosen seed may deal for chips: the hand is dealt from the seed derived from it and
/// the hand's id ([`chosen_for_chips`]), marked chosen, so no seed is dealt twice for chips. Stops
/// early, keeping what was played, at the first deal refused for want of chips; returns how many
/// hands were played.
pub(crate) fn play_best(conn: &Connection, request: &DealRequest, seeds: &[DealSeed], now: Moment) -> Res<usize> {
    let mut played = 0;
    for &seed in seeds {
        let seed = match seed.from {
            SeedFrom::Chosen if !request.practice => {
                DealSeed::chosen(chosen_for_chips(&seed.seed, hands::next_hand_id(conn)?))
            }
            _ => seed,
        };
        match deal_from(conn, request, seed, now, true) {
            Ok(_) => {}
            Err(super::store::Failure::Refused(GameError::InsufficientChips { .. })) => break,
            Err(other) => return Err(other),
        }
        let hand = hands::open_hand(conn)?.ok_or(GameError::NoHandInProgress)?;
        draw(conn, hand.evs()?.best())?;
        played += 1;
    }
    Ok(played)
}

/// The hint for the hand in progress on any table: all 32 holds with their EVs per coin and in
/// chips at the stake, best first, each with the core's verdict, what the screen adds (`ScreenHint`)
/// and, on a machine, its chart on the hand.
pub(crate) fn hint(conn: &Connection) -> Res<Hint> {
    let hand = hands::open_hand(conn)?.ok_or(GameError::NoHandInProgress)?;
    let tier = player::settings(conn)?.chart_tier;
    let evs = hand.evs()?;
    let stake = hand.stake();
    let best = evs.best();
    let screen = ScreenHint::of(&hand.table, hand.multipliers.as_ref(), &hand.dealt, &evs, stake);
    let machine = hand.machine();
    Ok(Hint {
        screen,
        hand_id: hand.id,
        table: hand.table.id().to_string(),
        label: hand.table.label().clone(),
        machine,
        cards: hand.dealt,
        bet: hand.bet.chips(),
        hands: hand.n_hands,
        stake,
        holds: hint_holds(&evs, &hand.dealt, stake),
        best_hold: best,
        best_ev: evs.ev(best),
        chart: machine.map(|machine| crate::strategy::chart::advise(tier_chart(machine, &tier).chart(), &hand.dealt, &evs)),
        chart_tier: tier,
    })
}

/// The machine's chart of the tier the player chose (`chart-tier`), as `TierChart` gives every
/// table's (the machine's plain table: a hand on one of its variants names the machine's chart too).
/// Another table's chart is generated on request (a second or two), never inside a hint.
fn tier_chart(machine: MachineId, tier: &str) -> crate::table_chart::TierChart {
    use crate::strategy::chart::ChartTier;
    let tier = ChartTier::from_id(tier).unwrap_or(ChartTier::Expert);
    crate::table_chart::TierChart::of(&crate::table::Table::machine(machine), tier)
        .expect("a machine's plain table has every tier's chart")
}

/// Up to `limit` finished hands, newest first, replayed; with `before`, only older ids. A limit
/// above [`rules::HISTORY_PAGE_MAX`] is refused (`history-limit`) before anything is read.
pub(crate) fn history(conn: &Connection, limit: u32, before: Option<i64>) -> Res<Vec<HandRecord>> {
    rules::check_history_limit(limit)?;
    let marks = player::commit_marks(conn)?;
    let page = hands::finished_hands(conn, limit, before)?;
    if page.len() > crate::strategy::cold::COLD_HANDS as usize {
        crate::strategy::cold::expect_many_hands();
    }
    page.iter().map(|hand| hand.record(marks)).collect()
}

/// The state on `today`, with the events of the command that returns it.
pub(crate) fn state(conn: &Connection, today: NaiveDate, events: Vec<String>) -> Res<State> {
    let profile = player::profile(conn)?;
    let level = rules::level_for_xp(profile.xp);
    let around = player::claims_around(conn, today)?;
    let last_claimed = player::last_claimed(conn)?;
    let mut last_bet = BTreeMap::new();
    let mut last_hands = BTreeMap::new();
    for (machine, bet, hands) in player::prefs(conn)? {
        last_bet.insert(machine.id().to_string(), bet);
        last_hands.insert(machine.id().to_string(), hands);
    }
    let settings = player::settings(conn)?;
    let hand = match hands::open_hand(conn)? {
        None => None,
        Some(h) => Some((h.evs()?, h)),
    };
    let hand = hand.map(|(evs, h)| {
        let best_hold = evs.best();
        HandView {
            id: h.id,
            table: h.table.id().to_string(),
            label: h.table.label().clone(),
            machine: h.machine(),
            bet: h.bet.chips(),
            hands: h.n_hands,
            multipliers: h.multipliers.as_ref().map(|m| m.values().to_vec()),
            screen: h.multipliers.as_ref().map(table_rules::dealt_with),
            practice: h.practice,
            stake: h.stake(),
            cards: h.dealt,
            nudged: h.nudge.is_some(),
            commitment: h.commitment.map(|c| crate::shuffle::hex(&c)),
            best_hold,
            best_ev: evs.ev(best_hold),
            auto_held: settings.auto_hold.then_some(best_hold),
        }
    });
    let last_hand = history(conn, 1, None)?.into_iter().next();
    // Each unlocked machine's warm-up offer: one indexed read of its last date played.
    let mut machines = Vec::with_capacity(MachineId::ALL.len());
    for m in MachineId::ALL {
        let unlocked = rules::machine_unlocked(m, level);
        let warm_up = match unlocked {
            true => warm_up::warm_up_on(warm_up::last_played(conn, m.id(), today)?, settings.warm_up_answered, today),
            false => None,
        };
        machines.push(MachineView {
            id: m,
            unlock_level: m.unlock_level(),
            unlocked,
            paytable: m.paytable().rows().to_vec(),
            variants: crate::library::variants(crate::library::Base::Machine(m), m.id()),
            warm_up,
        });
    }
    Ok(State {
        chips: profile.chips,
        level,
        xp: profile.xp,
        level_start_xp: rules::level_start_xp(level),
        next_level_xp: rules::level_start_xp(level + 1),
        unlocked: MachineId::ALL.into_iter().filter(|&m| rules::machine_unlocked(m, level)).collect(),
        multi_play: level >= rules::MULTI_PLAY_LEVEL,
        lines: rules::line_choices(level),
        next_unlock: rules::next_unlock(profile.xp),
        daily: daily::view(around, last_claimed, today),
        settings,
        last_bet,
        last_hands,
        broke: hand.is_none() && rules::broke(profile.chips),
        read_only: false,
        hand,
        last_hand,
        losing_streak: profile.losing_streak,
        machines,
        bets: rules::BETS,
        default_bet: rules::DEFAULT_BET,
        hand_counts: rules::HAND_COUNTS,
        warm_up_run: warm_up::run(conn, today)?,
        head: super::hands::chain::head(conn)?,
        events,
    })
}

/// The events of a level change: "level-up" and each unlock reached.
fn level_events(before: u32, after: u32) -> Vec<String> {
    if after <= before {
        return Vec::new();
    }
    let mut events = vec!["level-up".to_string()];
    events.extend(rules::unlocked_between(before, after).into_iter().map(rules::Unlock::event));
    events
}
