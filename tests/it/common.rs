//! What several test files check against.

/// The published probability of each final outcome of 9/6 Jacks or Better under optimal play
/// (Wizard of Odds), best row first.
pub const JACKS_96_OUTCOMES: [(&str, f64); 10] = [
    ("royal-flush", 0.00002476),
    ("straight-flush", 0.00010931),
    ("four-of-a-kind", 0.00236255),
    ("full-house", 0.01151221),
    ("flush", 0.01101451),
    ("straight", 0.01122937),
    ("three-of-a-kind", 0.07444870),
    ("two-pair", 0.12927890),
    ("jacks-or-better", 0.21458503),
    ("nothing", 0.54543467),
];

/// Every finished hand of `game`, newest first, a page of [`vpoker::game::rules::HISTORY_PAGE_MAX`]
/// at a time (one call may not ask for more).
pub fn all_history(game: &vpoker::game::Game) -> Vec<vpoker::game::HandRecord> {
    let page = vpoker::game::rules::HISTORY_PAGE_MAX;
    let mut all: Vec<vpoker::game::HandRecord> = Vec::new();
    loop {
        let next = game.history(page, all.last().map(|h| h.id)).unwrap();
        let done = next.len() < page as usize;
        all.extend(next);
        if done {
            return all;
        }
    }
}

/// A practice hand on `table` (any table's id) through the one deal, as the table screen deals it:
/// the hand in progress.
pub fn practise(
    game: &mut vpoker::game::Game,
    table: &str,
    bet: vpoker::game::Bet,
    lines: vpoker::game::Lines,
    seed: vpoker::shuffle::Seed,
    now: impl Into<vpoker::game::Moment>,
) -> Result<vpoker::game::HandView, vpoker::game::GameError> {
    let request = vpoker::game::DealRequest { table: vpoker::game::TableId::new(table)?, bet, hands: lines, practice: true };
    Ok(game.deal(request.clone(), seed, now)?.hand.expect("a deal leaves its hand in progress"))
}

/// Draws the hand in progress through the one draw: the hand settled (the state's last hand).
pub fn draw_hand(
    game: &mut vpoker::game::Game,
    hold: vpoker::hold::Hold,
    now: impl Into<vpoker::game::Moment>,
) -> Result<vpoker::game::HandRecord, vpoker::game::GameError> {
    Ok(game.draw(hold, now)?.last_hand.expect("a drawn hand is the history's last"))
}

/// A test's date as the game takes a day (checked: the tests' dates are days it keeps).
pub fn d(date: chrono::NaiveDate) -> vpoker::game::Day {
    vpoker::game::Day::new(date).expect("a day the game keeps")
}

/// A test's table id as the game takes it (checked for its form).
pub fn t(id: &str) -> vpoker::game::TableId {
    vpoker::game::TableId::new(id).expect("a table id of a possible form")
}

/// What a test passes as "now" (a date, a date and time, or a day), as the game takes it.
pub fn m(now: impl Now) -> vpoker::game::Moment {
    now.moment()
}

/// A test's "now" in any of its forms.
pub trait Now {
    /// As the game takes it (checked).
    fn moment(self) -> vpoker::game::Moment;
}

impl Now for chrono::NaiveDateTime {
    fn moment(self) -> vpoker::game::Moment {
        vpoker::game::Day::moment(self).expect("a day the game keeps")
    }
}

impl Now for chrono::NaiveDate {
    fn moment(self) -> vpoker::game::Moment {
        d(self).into()
    }
}

impl Now for vpoker::game::Day {
    fn moment(self) -> vpoker::game::Moment {
        self.into()
    }
}

impl Now for vpoker::game::Moment {
    fn moment(self) -> vpoker::game::Moment {
        self
    }
}

/// The commitment the game binds a real hand of `seed` to, on `table` at `bet` chips and `lines`
/// lines, a system seed, with `screen` on screen (`commit::origin`): what a crafted row carries to
/// look consistent.
pub fn origin_commitment(
    table: &vpoker::table::Table,
    seed: &vpoker::shuffle::Seed,
    bet: u32,
    lines: u8,
    screen: Option<&vpoker::rules::Screen>,
) -> [u8; 32] {
    let terms = vpoker::pipeline::commit::Terms {
        table,
        bet,
        lines,
        practice: false,
        seed_from: vpoker::shuffle::SeedFrom::System,
        on_screen: screen,
    };
    vpoker::pipeline::commit::origin(seed, &terms)
}
