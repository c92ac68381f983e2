//! The schema: an append-only list of migrations, applied in one transaction with `user_version`.
//!
//! Never edit or reorder a migration that has shipped: add a new one at the end. A file whose
//! `user_version` is above [`LATEST`] was written by a newer version and is refused untouched.
//! Per-connection pragmas (WAL, foreign keys, busy timeout) live in `open.rs`, not here.
//! A migration is SQL, or SQL followed by a Rust step (`steps.rs`) for what SQL cannot do. A step
//! carries the SQL of its own schema and calls only the pure hand pipeline, never today's storage
//! helpers, so a later schema change cannot alter how an old file is upgraded.
//!
//! The migrations own the truth: hands, claims, the ledger, settings, bags, the review queue, drill
//! tallies, lab tables. The running sums are derived tables: migration 9 dropped the old ones, and
//! the sums room (`game/sums/`) creates and fills its own from the hands whenever its definition
//! changes (after any migration too), so migrations never fill sums. Migrations 3, 5, 6 and 8 still
//! create the sum tables of their time (an upgrade runs them in order); migration 9 drops them.

/// One migration: SQL, then optionally a Rust step run in the same transaction.
#[derive(Clone, Copy, Debug)]
pub struct Migration {
    /// The SQL, run first.
    pub sql: &'static str,
    /// The Rust step run after the SQL, if any.
    pub(crate) step: Option<super::steps::Step>,
}

impl Migration {
    /// Runs the migration (its SQL, then its step) inside `tx`; `Err` says why it refused or failed.
    pub fn apply(&self, tx: &rusqlite::Transaction<'_>) -> Result<(), String> {
        self.run(tx).map_err(|failure| match failure {
            super::Failure::Refused(error) => error.to_string(),
            super::Failure::Sql(error) => error.to_string(),
            super::Failure::Corrupt(detail) => detail,
        })
    }

    pub(crate) fn run(&self, tx: &rusqlite::Transaction<'_>) -> super::Res<()> {
        tx.execute_batch(self.sql)?;
        match self.step {
            Some(step) => step(tx),
            None => Ok(()),
        }
    }
}

const fn sql(sql: &'static str) -> Migration {
    Migration { sql, step: None }
}

/// The migrations, oldest first; migration i brings `user_version` from i to i + 1.
pub const MIGRATIONS: &[Migration] = &[
    sql(
    // 1: the first schema, with the new player's profile and the starting chips in the ledger.
    r#"
CREATE TABLE profile (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    chips INTEGER NOT NULL CHECK (chips >= 0),
    xp INTEGER NOT NULL CHECK (xp >= 0),
    losing_streak INTEGER NOT NULL CHECK (losing_streak >= 0)
);
CREATE TABLE hands (
    id INTEGER PRIMARY KEY,
    day TEXT NOT NULL,
    machine TEXT NOT NULL,
    bet INTEGER NOT NULL CHECK (bet > 0),
    n_hands INTEGER NOT NULL CHECK (n_hands IN (1, 3, 5)),
    practice INTEGER NOT NULL CHECK (practice IN (0, 1)),
    cost INTEGER NOT NULL CHECK (cost >= 0),
    seed TEXT NOT NULL,
    situation TEXT,
    dead INTEGER NOT NULL CHECK (dead IN (0, 1)),
    nudge TEXT,
    dealt TEXT NOT NULL,
    evs BLOB NOT NULL,
    best_hold INTEGER NOT NULL CHECK (best_hold BETWEEN 0 AND 31),
    best_ev REAL NOT NULL,
    drawn INTEGER NOT NULL DEFAULT 0 CHECK (drawn IN (0, 1)),
    hold INTEGER CHECK (hold BETWEEN 0 AND 31),
    hold_ev REAL,
    ev_given_up REAL,
    results TEXT,
    won INTEGER,
    payout INTEGER
);
CREATE UNIQUE INDEX hands_one_in_progress ON hands (drawn) WHERE drawn = 0;
CREATE TABLE ledger (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('start', 'daily', 'bet', 'payout')),
    amount INTEGER NOT NULL,
    hand_id INTEGER REFERENCES hands (id),
    day TEXT
);
CREATE UNIQUE INDEX ledger_once_per_hand ON ledger (hand_id, kind) WHERE hand_id IS NOT NULL;
CREATE TABLE daily_claims (
    day TEXT PRIMARY KEY,
    amount INTEGER NOT NULL,
    streak INTEGER NOT NULL CHECK (streak >= 1)
);
CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE bags (situation TEXT PRIMARY KEY, remaining TEXT NOT NULL, last TEXT);
CREATE TABLE machine_prefs (
    machine TEXT PRIMARY KEY,
    last_bet INTEGER NOT NULL,
    last_hands INTEGER NOT NULL
);
INSERT INTO profile (id, chips, xp, losing_streak) VALUES (1, 1000, 0, 0);
INSERT INTO ledger (kind, amount) VALUES ('start', 1000);
"#),
    // 2: the local date and time each hand was dealt (NULL for hands dealt before it existed).
    sql(r#"
ALTER TABLE hands ADD COLUMN played_at TEXT;
"#),
    // 3: lean storage. A hand keeps only what cannot be derived (seed, nudge, dealt cards, hold, win,
    // date and time, compactly); EVs, results, costs and payouts are recomputed from it. A hand's
    // cost and win are its entries in the ledger, so the ledger table keeps the start and daily
    // chips; the profile keeps the running sums and `totals` the statistics, updated in the same
    // transaction as each hand. The Rust step copies and checks every old hand.
    Migration { sql: MIGRATION_3, step: Some(super::steps::lean_hands) },
    sql(
    // 4: each hand's commitment to its seed, SHA-256 of the 32 seed bytes, stored at deal time
    // (hands stored before have none: NULL).
    "ALTER TABLE hands ADD COLUMN commitment BLOB CHECK (commitment IS NULL OR length(commitment) = 32);",
    ),
    sql(
    // 5: per kind-deal situation, the dead real deals that consulted its bag and how many it nudged
    // (what the Fairness screen shows of the player's own history), counted from the hands once.
    r#"
CREATE TABLE kind_totals (
    situation INTEGER PRIMARY KEY CHECK (situation BETWEEN 0 AND 2),
    dead_deals INTEGER NOT NULL CHECK (dead_deals >= 0),
    nudged INTEGER NOT NULL CHECK (nudged >= 0 AND nudged <= dead_deals)
) WITHOUT ROWID;
INSERT INTO kind_totals (situation, dead_deals, nudged)
    SELECT situation, COUNT(*), COUNT(nudge) FROM hands WHERE situation IS NOT NULL GROUP BY situation;
"#,
    ),
    // 6: the coach. Running sums the statistics do not hold (the best holds' wins on the same cards,
    // the nudged deals' sums), the downsampled chips-over-hands series, sessions, the review queue of
    // mistaken deals and the drills' tallies. The Rust step queues every stored mistaken hand (the
    // sums are derived: see migration 9).
    Migration { sql: MIGRATION_6, step: Some(super::steps::review_queue) },
    sql(
    // 7: the paytable lab's tables, saved by name for study (the four machines' own never change).
    r#"
CREATE TABLE lab_tables (
    name TEXT PRIMARY KEY CHECK (length(name) BETWEEN 1 AND 40),
    base TEXT NOT NULL,
    pays TEXT NOT NULL
) WITHOUT ROWID;
"#,
    ),
    // 8: each session's running sums per machine and practice flag (the card's, the same-cards wins
    // and the nudged deals' sums), added at each draw, so a session's figures cost the same however
    // long the session (derived: see migration 9).
    sql(MIGRATION_8),
    // 9: the running sums become derived tables owned by `game/sums/`: one list of sums, one table
    // for every scope (all time, each session), rebuilt from the hands by today's code whenever the
    // list changes. The tables of migrations 3, 5, 6 and 8 that held sums go.
    sql(r#"
DROP TABLE IF EXISTS totals;
DROP TABLE IF EXISTS outcome_totals;
DROP TABLE IF EXISTS coach_totals;
DROP TABLE IF EXISTS session_totals;
DROP TABLE IF EXISTS kind_totals;
DROP TABLE IF EXISTS chart_series;
DROP TABLE IF EXISTS chart_points;
"#),
    // 10: where each daily claim fell among the hands (`after_hand`: the newest hand's id when it was
    // made, 0 before any; NULL for claims made before this version, whose place is not known), and
    // the first hand that must carry a commitment (`committed_from`: hands stored before migration 4
    // have none; a later hand without one was stripped), so the whole history can be replayed in
    // order (`vpoker verify --all`) and a missing commitment never reads as an older hand's.
    sql(r#"
ALTER TABLE daily_claims ADD COLUMN after_hand INTEGER CHECK (after_hand IS NULL OR after_hand >= 0);
ALTER TABLE profile ADD COLUMN committed_from INTEGER NOT NULL DEFAULT 1 CHECK (committed_from >= 1);
UPDATE profile SET committed_from = COALESCE(
    (SELECT MIN(id) FROM hands WHERE commitment IS NOT NULL),
    (SELECT MAX(id) + 1 FROM hands),
    1);
"#),
    // 11: today's ten deals (`game/daily_deals.rs`): the hold played on each deal of each date (the
    // cards and every result come from the date's seeds), and each finished date's score and the
    // run of consecutive dates played it closed, so the strip, the streak and the best score cost
    // the same however many days were played.
    sql(r#"
CREATE TABLE daily_deals (
    day TEXT NOT NULL,
    idx INTEGER NOT NULL CHECK (idx BETWEEN 0 AND 9),
    hold INTEGER NOT NULL CHECK (hold BETWEEN 0 AND 31),
    PRIMARY KEY (day, idx)
) WITHOUT ROWID;
CREATE TABLE daily_days (
    day TEXT PRIMARY KEY,
    best_holds INTEGER NOT NULL CHECK (best_holds BETWEEN 0 AND 10),
    ev_given_up REAL NOT NULL CHECK (ev_given_up >= 0),
    streak INTEGER NOT NULL CHECK (streak >= 1)
) WITHOUT ROWID;
CREATE INDEX daily_days_score ON daily_days (best_holds DESC, ev_given_up);
"#),
    // 12: milestones (`game/milestones.rs`): those the game has announced (and those marked by an
    // event it keeps nowhere else, such as a drill queue emptied, waiting to be announced); the
    // longest run of today's deals read from an index, at constant cost.
    sql(r#"
CREATE TABLE milestones (
    id TEXT PRIMARY KEY,
    reached_on TEXT,
    announced INTEGER NOT NULL CHECK (announced IN (0, 1))
) WITHOUT ROWID;
CREATE INDEX daily_days_streak ON daily_days (streak);
"#),
    // 13: practice on any table (then `game/table_practice.rs`, now the one play path): each practice hand dealt on a library or
    // lab table (its id, its base and pays at the deal, the bet, the seed, the hold once drawn), one
    // in progress at a time; and each table's figures, derived from those hands.
    sql(r#"
CREATE TABLE table_hands (
    id INTEGER PRIMARY KEY,
    table_id TEXT NOT NULL,
    base TEXT NOT NULL,
    pays TEXT NOT NULL,
    bet INTEGER NOT NULL CHECK (bet > 0),
    seed TEXT NOT NULL,
    hold INTEGER CHECK (hold IS NULL OR hold BETWEEN 0 AND 31)
);
CREATE UNIQUE INDEX table_hands_one_in_progress ON table_hands ((hold IS NULL)) WHERE hold IS NULL;
CREATE TABLE table_sums (
    table_id TEXT PRIMARY KEY,
    hands INTEGER NOT NULL CHECK (hands >= 1),
    best_holds INTEGER NOT NULL CHECK (best_holds BETWEEN 0 AND hands),
    won INTEGER NOT NULL CHECK (won >= 0),
    best_won INTEGER NOT NULL CHECK (best_won >= 0),
    ev_given_up REAL NOT NULL CHECK (ev_given_up >= 0)
) WITHOUT ROWID;
"#),
    // 14: drills of hard decisions on any table (`game/training/table_drills.rs`): each table's
    // tally, primary data like `drill_totals` (no hand is stored for a drill answer); and an index
    // so a table's last practice bet is found at constant cost.
    sql(r#"
CREATE TABLE table_drill_totals (
    table_id TEXT PRIMARY KEY,
    answered INTEGER NOT NULL CHECK (answered >= 1),
    correct INTEGER NOT NULL CHECK (correct >= 0 AND correct <= answered),
    streak INTEGER NOT NULL CHECK (streak >= 0 AND streak <= correct),
    best_streak INTEGER NOT NULL CHECK (best_streak >= streak AND best_streak <= correct),
    ev_given_up_chips REAL NOT NULL CHECK (ev_given_up_chips >= 0)
) WITHOUT ROWID;
CREATE INDEX table_hands_by_table ON table_hands (table_id, id);
"#),
    // 15: one store of played hands. Every hand — a machine's for chips or practice, a library or lab
    // table's practice — is a row of `hands`, keyed by its table's code in the registry `tables`
    // (stable text id, base and pays: the four machines are codes 0–3, other tables get a code the
    // first time they are played), never by an enum index in a CHECK; a table hand may have any
    // line count the table allows. The Rust step moves the practice table hands of migration 13
    // into it (after the machines' hands, in their order; they were never committed and carry no
    // date) and sets `bound_from`: from there on every hand's commitment binds its seed, table, bet
    // and line count (`pipeline/commit.rs`). The practised tables' figures (`table_sums`) become one
    // of the derived tables of `game/sums/`, rebuilt from `hands` like the machines' sums.
    Migration { sql: MIGRATION_15, step: Some(super::steps::one_store) },
    // 16: one encoding of a date in every table: the day number from 0001-01-01 (day 1) that `hands`
    // has kept since migration 3 (`store::codes::day_code`), in the ledger, the daily claims,
    // today's deals and the milestones, where it was `YYYY-MM-DD` text. The Rust step converts each
    // stored date strictly (a text that is not a real date written as the game writes it refuses the
    // file). `daily_days`, a cache, is dropped: from now on `game/daily_deals.rs` defines it and
    // rebuilds it from the deals whenever it is not today's (`game::derived`). The review queue and
    // the drill tallies key a game by its code in the table registry (`tables`, migration 15), not
    // by an index checked against the four machines, so a new game needs no migration.
    Migration { sql: MIGRATION_16, step: Some(super::steps::integer_days) },
    // 17: one drill over every table (`game/training/drills.rs`). The machines' tallies (by registry
    // code) and the other tables' hard-decision tallies (`table_drill_totals`, migration 14) become
    // the rows of one `drill_totals` keyed by the table's stable id and the source; the review queue
    // names its column for what it holds, the code of the hand's table in the registry (`tbl`, as
    // in `hands`).
    sql(MIGRATION_17),
    // 18: where each hand's seed came from (`chosen`: 1 when whoever dealt chose it, the command
    // line's `--seed`; 0 when the game drew it from the system's entropy, as for every hand before).
    sql("ALTER TABLE hands ADD COLUMN chosen INTEGER NOT NULL DEFAULT 0 CHECK (chosen IN (0, 1));"),
    // 19: how many daily claims have no place among the hands (`unplaced_claims`): those made before
    // migration 10 recorded places, counted once here. No claim is written without a place since,
    // so the count never changes: a claim stripped of its place later is one too many (the audit,
    // `verify --all` and `verify_hand.py` compare). Also the first schema whose hands may be dealt
    // 10, 50 or 100 at once, and practised tables several at once: an older build opening such a
    // file says it is newer instead of reading a line count it does not know as damage.
    sql(r#"
ALTER TABLE profile ADD COLUMN unplaced_claims INTEGER NOT NULL DEFAULT 0 CHECK (unplaced_claims >= 0);
UPDATE profile SET unplaced_claims = (SELECT COUNT(*) FROM daily_claims WHERE after_hand IS NULL);
"#),
    // 20: a version mark, no table changes: the first schema whose hands may be Joker Poker's (the
    // fifth machine, machine code 4, a 53-card deck whose joker is card byte 52) and whose settings
    // may hold `chart-tier`. An older build opening such a file says it is newer (`newer-database`,
    // the file untouched) instead of reading the joker, the machine or the setting as damage.
    sql("-- a version mark only (see above)"),
    // 21: a hand on a variant table whose rules show a multiplier on each line before a deal
    // (registry id `RULES:ID`, docs/VERIFY.md) keeps the multiplier each line was paid at, one
    // byte per line, in `multipliers` (NULL on every other table). Which multipliers a hand must carry follows from
    // the hand before it (`rules::carry`); an older build opening such a file says it is newer.
    sql("ALTER TABLE hands ADD COLUMN multipliers BLOB CHECK (multipliers IS NULL OR length(multipliers) = n_hands);"),
    // 22: the review queue by dates (`game/training/schedule.rs`, docs/TRAINING.md): each queued
    // mistake is a card with its due date (a day number, `store::codes`), the date of its last
    // drill answer, its answers and wrong answers, and FSRS's stability and difficulty, instead of
    // a due count of drill answers and a streak. A queued mistake becomes a new card due the date
    // its hand was dealt (day 1, 0001-01-01, for a practice table hand of schemas 13–14, which
    // carries no date): due at once, as it was. The drill answer count (`profile.drill_clock`),
    // which only timed the old queue, goes.
    sql(MIGRATION_22),
    // 23: the proficiency check (`game/training/proficiency.rs`, docs/TRAINING.md): each hold the
    // player answered to question `idx` (0–24) of the check of a table (its code in the registry
    // `tables`, so the check replays on the table as it was) on a date (a day number,
    // `store::codes`). The questions are dealt again from the date and the table's id; the checks'
    // scores are a derived table of the training room (`proficiency_days`), rebuilt from these.
    sql(r#"
CREATE TABLE proficiency_answers (
    tbl INTEGER NOT NULL CHECK (tbl >= 0),
    day INTEGER NOT NULL CHECK (typeof(day) = 'integer'),
    idx INTEGER NOT NULL CHECK (idx BETWEEN 0 AND 24),
    hold INTEGER NOT NULL CHECK (hold BETWEEN 0 AND 31),
    PRIMARY KEY (tbl, day, idx)
) WITHOUT ROWID;
"#),
    // 24: a proficiency check is kept as it was drawn and answered, so a later strategy, hardness
    // rule or table never re-scores it: each of its 25 questions (`proficiency_questions`: the hand
    // seed, the five cards, the multipliers on screen on a variant, why the hand was hard, the best
    // hold and all 32 EVs per coin), written whole at the check's first answer, and each answer
    // with its verdict at answer time (the EV per coin given up and the mark `best`, `close` or
    // `costly`). The Rust step deals each stored check's questions as the code of schema 23 did
    // (on the table of its registry code, from the seed of that table's id and the date) and
    // judges each stored hold on them once; a check it cannot deal refuses the file.
    Migration { sql: MIGRATION_24, step: Some(super::steps::proficiency_questions) },
    // 25: the warm-up taken (`game/training/warm_up.rs`): the date, the table it drills (its id),
    // the hard decisions it is and how many of them are answered, so the core counts them (one
    // row, the last warm-up taken; a new one replaces it).
    sql(r#"
CREATE TABLE warm_up (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    day INTEGER NOT NULL CHECK (typeof(day) = 'integer'),
    tbl TEXT NOT NULL,
    decisions INTEGER NOT NULL CHECK (decisions BETWEEN 1 AND 100),
    answered INTEGER NOT NULL CHECK (answered BETWEEN 0 AND decisions)
);
"#),
    // 26: every hand dealt from here on commits to whether it is practice and where its seed came
    // from too (`origin_from`, the next hand's id when it ran: "video-poker/3", `pipeline/commit.rs`),
    // so neither can be flipped later without the commitment failing.
    sql(r#"
ALTER TABLE profile ADD COLUMN origin_from INTEGER NOT NULL DEFAULT 1 CHECK (origin_from >= 1);
UPDATE profile SET origin_from = (SELECT COALESCE(MAX(id), 0) + 1 FROM hands);
"#),
    // 27: the history's chain (`game/chain.rs`, `pipeline/chain.rs`, docs/VERIFY.md): every record in
    // the order it happened, `seq` from 1 — each finished hand (`ref` its id, appended at its draw),
    // each daily claim (`ref` its day number), each change of the setting that decides deals (`ref`
    // the newest hand dealt, with its `key` and `value`). The past is appended here in the history's
    // order: the claims without a place first, then the finished hands by id, each claim after the
    // hand it was placed after (`after_hand`, then in the order made), then the kind-deal setting in
    // force. The leaves and the peaks of its range are derived (rebuilt by the chain's room).
    sql(MIGRATION_27),
];

const MIGRATION_24: &str = r#"
ALTER TABLE proficiency_answers RENAME TO proficiency_answers_v23;
CREATE TABLE proficiency_questions (
    tbl INTEGER NOT NULL CHECK (tbl >= 0),
    day INTEGER NOT NULL CHECK (typeof(day) = 'integer'),
    idx INTEGER NOT NULL CHECK (idx BETWEEN 0 AND 24),
    seed BLOB NOT NULL CHECK (typeof(seed) = 'blob' AND length(seed) = 32),
    dealt BLOB NOT NULL CHECK (typeof(dealt) = 'blob' AND length(dealt) = 5),
    multipliers BLOB CHECK (multipliers IS NULL OR (typeof(multipliers) = 'blob' AND length(multipliers) BETWEEN 1 AND 100)),
    reason TEXT NOT NULL CHECK (reason IN ('plain-rule-differs', 'close-call', 'multipliers-change-it')),
    best INTEGER NOT NULL CHECK (best BETWEEN 0 AND 31),
    evs BLOB NOT NULL CHECK (typeof(evs) = 'blob' AND length(evs) = 256),
    PRIMARY KEY (tbl, day, idx)
) WITHOUT ROWID;
CREATE TABLE proficiency_answers (
    tbl INTEGER NOT NULL CHECK (tbl >= 0),
    day INTEGER NOT NULL CHECK (typeof(day) = 'integer'),
    idx INTEGER NOT NULL CHECK (idx BETWEEN 0 AND 24),
    hold INTEGER NOT NULL CHECK (hold BETWEEN 0 AND 31),
    ev_given_up REAL NOT NULL CHECK (typeof(ev_given_up) = 'real' AND ev_given_up >= 0),
    mark TEXT NOT NULL CHECK (mark IN ('best', 'close', 'costly')),
    PRIMARY KEY (tbl, day, idx)
) WITHOUT ROWID;
"#;

const MIGRATION_27: &str = r#"
CREATE TABLE chain (
    seq INTEGER PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('hand', 'claim', 'setting')),
    ref INTEGER NOT NULL,
    key TEXT CHECK (key IS NULL OR key = 'kind-deals'),
    value TEXT CHECK (value IS NULL OR value IN ('on', 'off')),
    CHECK ((kind = 'setting') = (key IS NOT NULL AND value IS NOT NULL))
);
INSERT INTO chain (kind, ref)
    SELECT kind, ref FROM (
        SELECT 'claim' AS kind, day AS ref, 0 AS grp, 0 AS place, 1 AS within, rowid AS made FROM daily_claims WHERE after_hand IS NULL
        UNION ALL
        SELECT 'hand', id, 1, id, 0, 0 FROM hands WHERE hold IS NOT NULL
        UNION ALL
        SELECT 'claim', day, 1, after_hand, 1, rowid FROM daily_claims WHERE after_hand IS NOT NULL
    ) ORDER BY grp, place, within, made;
INSERT INTO chain (kind, ref, key, value)
    SELECT 'setting', COALESCE((SELECT MAX(id) FROM hands), 0), 'kind-deals',
        CASE (SELECT value FROM settings WHERE key = 'kind-deals') WHEN 'off' THEN 'off' ELSE 'on' END;
"#;

const MIGRATION_22: &str = r#"
DROP INDEX review_due;
ALTER TABLE review RENAME TO review_v21;
CREATE TABLE review (
    hand_id INTEGER PRIMARY KEY,
    tbl INTEGER NOT NULL CHECK (tbl >= 0),
    due INTEGER NOT NULL,
    last_review INTEGER,
    reps INTEGER NOT NULL CHECK (reps >= 0),
    lapses INTEGER NOT NULL CHECK (lapses >= 0 AND lapses <= reps),
    stability REAL NOT NULL CHECK (stability >= 0),
    difficulty REAL NOT NULL CHECK (difficulty >= 0),
    CHECK ((last_review IS NULL) = (reps = 0))
);
CREATE INDEX review_due ON review (tbl, due, hand_id);
INSERT INTO review (hand_id, tbl, due, last_review, reps, lapses, stability, difficulty)
    SELECT r.hand_id, r.tbl, COALESCE((SELECT h.day FROM hands h WHERE h.id = r.hand_id), 1), NULL, 0, 0, 0, 0 FROM review_v21 r;
DROP TABLE review_v21;
ALTER TABLE profile DROP COLUMN drill_clock;
"#;

const MIGRATION_17: &str = r#"
DROP INDEX review_due;
ALTER TABLE review RENAME TO review_v16;
CREATE TABLE review (
    hand_id INTEGER PRIMARY KEY,
    tbl INTEGER NOT NULL CHECK (tbl >= 0),
    due INTEGER NOT NULL CHECK (due >= 0),
    streak INTEGER NOT NULL CHECK (streak IN (0, 1))
);
CREATE INDEX review_due ON review (tbl, due, hand_id);
INSERT INTO review (hand_id, tbl, due, streak) SELECT hand_id, machine, due, streak FROM review_v16;
DROP TABLE review_v16;
ALTER TABLE drill_totals RENAME TO drill_totals_v16;
CREATE TABLE drill_totals (
    table_id TEXT NOT NULL,
    source TEXT NOT NULL CHECK (source IN ('hard', 'mistakes')),
    answered INTEGER NOT NULL CHECK (answered >= 0),
    correct INTEGER NOT NULL CHECK (correct >= 0 AND correct <= answered),
    streak INTEGER NOT NULL CHECK (streak >= 0),
    best_streak INTEGER NOT NULL CHECK (best_streak >= streak),
    ev_given_up_chips REAL NOT NULL,
    PRIMARY KEY (table_id, source)
) WITHOUT ROWID;
INSERT INTO drill_totals
    SELECT t.id, d.source, d.answered, d.correct, d.streak, d.best_streak, d.ev_given_up_chips
    FROM drill_totals_v16 d JOIN tables t ON t.code = d.machine;
INSERT INTO drill_totals
    SELECT table_id, 'hard', answered, correct, streak, best_streak, ev_given_up_chips FROM table_drill_totals;
DROP TABLE drill_totals_v16;
DROP TABLE table_drill_totals;
"#;

const MIGRATION_16: &str = r#"
DROP TABLE daily_days;
DROP INDEX review_due;
ALTER TABLE ledger RENAME TO ledger_v15;
ALTER TABLE daily_claims RENAME TO daily_claims_v15;
ALTER TABLE daily_deals RENAME TO daily_deals_v15;
ALTER TABLE milestones RENAME TO milestones_v15;
ALTER TABLE review RENAME TO review_v15;
ALTER TABLE drill_totals RENAME TO drill_totals_v15;
CREATE TABLE ledger (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('start', 'daily')),
    amount INTEGER NOT NULL CHECK (amount > 0),
    day INTEGER CHECK (typeof(day) IN ('integer', 'null'))
);
CREATE TABLE daily_claims (
    day INTEGER NOT NULL UNIQUE CHECK (typeof(day) = 'integer'),
    amount INTEGER NOT NULL,
    streak INTEGER NOT NULL CHECK (streak >= 1),
    after_hand INTEGER CHECK (after_hand IS NULL OR after_hand >= 0)
);
CREATE TABLE daily_deals (
    day INTEGER NOT NULL CHECK (typeof(day) = 'integer'),
    idx INTEGER NOT NULL CHECK (idx BETWEEN 0 AND 9),
    hold INTEGER NOT NULL CHECK (hold BETWEEN 0 AND 31),
    PRIMARY KEY (day, idx)
) WITHOUT ROWID;
CREATE TABLE milestones (
    id TEXT PRIMARY KEY,
    reached_on INTEGER CHECK (typeof(reached_on) IN ('integer', 'null')),
    announced INTEGER NOT NULL CHECK (announced IN (0, 1))
) WITHOUT ROWID;
CREATE TABLE review (
    hand_id INTEGER PRIMARY KEY,
    machine INTEGER NOT NULL CHECK (machine >= 0),
    due INTEGER NOT NULL CHECK (due >= 0),
    streak INTEGER NOT NULL CHECK (streak IN (0, 1))
);
CREATE INDEX review_due ON review (machine, due, hand_id);
INSERT INTO review (hand_id, machine, due, streak) SELECT hand_id, machine, due, streak FROM review_v15;
DROP TABLE review_v15;
CREATE TABLE drill_totals (
    machine INTEGER NOT NULL CHECK (machine >= 0),
    source TEXT NOT NULL CHECK (source IN ('hard', 'mistakes')),
    answered INTEGER NOT NULL CHECK (answered >= 0),
    correct INTEGER NOT NULL CHECK (correct >= 0 AND correct <= answered),
    streak INTEGER NOT NULL CHECK (streak >= 0),
    best_streak INTEGER NOT NULL CHECK (best_streak >= streak),
    ev_given_up_chips REAL NOT NULL,
    PRIMARY KEY (machine, source)
) WITHOUT ROWID;
INSERT INTO drill_totals SELECT machine, source, answered, correct, streak, best_streak, ev_given_up_chips FROM drill_totals_v15;
DROP TABLE drill_totals_v15;
"#;

const MIGRATION_15: &str = r#"
CREATE TABLE tables (
    code INTEGER PRIMARY KEY,
    id TEXT NOT NULL,
    base TEXT NOT NULL,
    pays TEXT NOT NULL,
    UNIQUE (id, base, pays)
);
INSERT INTO tables (code, id, base, pays) VALUES
    (0, 'jacks-or-better', 'jacks-or-better', '800,50,25,9,6,4,3,2,1'),
    (1, 'deuces-wild', 'deuces-wild', '800,200,25,15,9,5,3,2,2,1'),
    (2, 'bonus-poker', 'bonus-poker', '800,80,50,40,25,8,5,4,3,2,1'),
    (3, 'double-bonus', 'double-bonus', '800,160,80,50,50,10,7,5,3,1,1');
DROP INDEX hands_one_in_progress;
ALTER TABLE hands RENAME TO hands_v14;
CREATE TABLE hands (
    id INTEGER PRIMARY KEY,
    tbl INTEGER NOT NULL,
    bet INTEGER NOT NULL CHECK (bet > 0),
    n_hands INTEGER NOT NULL CHECK (n_hands >= 1),
    practice INTEGER NOT NULL CHECK (practice IN (0, 1)),
    seed BLOB NOT NULL CHECK (length(seed) = 32),
    situation INTEGER CHECK (situation BETWEEN 0 AND 2),
    nudge BLOB CHECK (length(nudge) = 5),
    dealt BLOB NOT NULL CHECK (length(dealt) = 5),
    day INTEGER,
    time INTEGER CHECK (time BETWEEN 0 AND 86399),
    hold INTEGER CHECK (hold BETWEEN 0 AND 31),
    won INTEGER CHECK (won >= 0),
    commitment BLOB CHECK (commitment IS NULL OR length(commitment) = 32),
    CHECK ((hold IS NULL) = (won IS NULL)),
    CHECK (day IS NOT NULL OR time IS NULL)
);
INSERT INTO hands (id, tbl, bet, n_hands, practice, seed, situation, nudge, dealt, day, time, hold, won, commitment)
    SELECT id, machine, bet, n_hands, practice, seed, situation, nudge, dealt, day, time, hold, won, commitment FROM hands_v14;
DROP TABLE hands_v14;
CREATE UNIQUE INDEX hands_one_in_progress ON hands ((hold IS NULL)) WHERE hold IS NULL;
CREATE INDEX hands_by_table ON hands (tbl, id);
ALTER TABLE profile ADD COLUMN bound_from INTEGER NOT NULL DEFAULT 1 CHECK (bound_from >= 1);
DROP TABLE table_sums;
"#;

const MIGRATION_8: &str = r#"
CREATE TABLE session_totals (
    session INTEGER NOT NULL,
    machine INTEGER NOT NULL CHECK (machine BETWEEN 0 AND 3),
    practice INTEGER NOT NULL CHECK (practice IN (0, 1)),
    deals INTEGER NOT NULL CHECK (deals >= 1),
    wagered INTEGER NOT NULL CHECK (wagered >= 0),
    won INTEGER NOT NULL CHECK (won >= 0),
    expected REAL NOT NULL,
    perfect REAL NOT NULL,
    best_holds INTEGER NOT NULL CHECK (best_holds BETWEEN 0 AND deals),
    given_up REAL NOT NULL,
    best_hand INTEGER,
    best_outcome TEXT,
    best_hand_won INTEGER CHECK (best_hand_won IS NULL OR best_hand_won > 0),
    best_holds_won INTEGER NOT NULL CHECK (best_holds_won >= 0),
    nudged_deals INTEGER NOT NULL CHECK (nudged_deals BETWEEN 0 AND deals),
    nudged_wagered INTEGER NOT NULL CHECK (nudged_wagered BETWEEN 0 AND wagered),
    nudged_won INTEGER NOT NULL CHECK (nudged_won BETWEEN 0 AND won),
    nudged_expected REAL NOT NULL,
    nudged_perfect REAL NOT NULL,
    PRIMARY KEY (session, machine, practice)
) WITHOUT ROWID;
"#;

const MIGRATION_6: &str = r#"
CREATE TABLE coach_totals (
    machine INTEGER NOT NULL CHECK (machine BETWEEN 0 AND 3),
    practice INTEGER NOT NULL CHECK (practice IN (0, 1)),
    best_won INTEGER NOT NULL CHECK (best_won >= 0),
    nudged_deals INTEGER NOT NULL CHECK (nudged_deals >= 0),
    nudged_wagered INTEGER NOT NULL CHECK (nudged_wagered >= 0),
    nudged_won INTEGER NOT NULL CHECK (nudged_won >= 0),
    nudged_expected REAL NOT NULL,
    nudged_perfect REAL NOT NULL,
    PRIMARY KEY (machine, practice)
) WITHOUT ROWID;
CREATE TABLE chart_series (
    machine INTEGER NOT NULL,
    practice INTEGER NOT NULL,
    stride INTEGER NOT NULL CHECK (stride >= 1),
    PRIMARY KEY (machine, practice)
) WITHOUT ROWID;
CREATE TABLE chart_points (
    machine INTEGER NOT NULL,
    practice INTEGER NOT NULL,
    deal INTEGER NOT NULL CHECK (deal >= 1),
    actual INTEGER NOT NULL,
    expected REAL NOT NULL,
    PRIMARY KEY (machine, practice, deal)
) WITHOUT ROWID;
CREATE TABLE sessions (
    id INTEGER PRIMARY KEY,
    started INTEGER NOT NULL,
    first_hand INTEGER NOT NULL CHECK (first_hand >= 1),
    last_seen INTEGER NOT NULL
);
CREATE TABLE review (
    hand_id INTEGER PRIMARY KEY,
    machine INTEGER NOT NULL CHECK (machine BETWEEN 0 AND 3),
    due INTEGER NOT NULL CHECK (due >= 0),
    streak INTEGER NOT NULL CHECK (streak IN (0, 1))
);
CREATE INDEX review_due ON review (machine, due, hand_id);
CREATE TABLE drill_totals (
    machine INTEGER NOT NULL CHECK (machine BETWEEN 0 AND 3),
    source TEXT NOT NULL CHECK (source IN ('hard', 'mistakes')),
    answered INTEGER NOT NULL CHECK (answered >= 0),
    correct INTEGER NOT NULL CHECK (correct >= 0 AND correct <= answered),
    streak INTEGER NOT NULL CHECK (streak >= 0),
    best_streak INTEGER NOT NULL CHECK (best_streak >= streak),
    ev_given_up_chips REAL NOT NULL,
    PRIMARY KEY (machine, source)
) WITHOUT ROWID;
ALTER TABLE profile ADD COLUMN drill_clock INTEGER NOT NULL DEFAULT 0 CHECK (drill_clock >= 0);
"#;

const MIGRATION_3: &str = r#"
DROP INDEX hands_one_in_progress;
DROP INDEX ledger_once_per_hand;
ALTER TABLE hands RENAME TO hands_v2;
ALTER TABLE ledger RENAME TO ledger_v2;
CREATE TABLE hands (
    id INTEGER PRIMARY KEY,
    machine INTEGER NOT NULL CHECK (machine BETWEEN 0 AND 3),
    bet INTEGER NOT NULL CHECK (bet > 0),
    n_hands INTEGER NOT NULL CHECK (n_hands IN (1, 3, 5)),
    practice INTEGER NOT NULL CHECK (practice IN (0, 1)),
    seed BLOB NOT NULL CHECK (length(seed) = 32),
    situation INTEGER CHECK (situation BETWEEN 0 AND 2),
    nudge BLOB CHECK (length(nudge) = 5),
    dealt BLOB NOT NULL CHECK (length(dealt) = 5),
    day INTEGER NOT NULL,
    time INTEGER CHECK (time BETWEEN 0 AND 86399),
    hold INTEGER CHECK (hold BETWEEN 0 AND 31),
    won INTEGER CHECK (won >= 0),
    CHECK ((hold IS NULL) = (won IS NULL))
);
CREATE UNIQUE INDEX hands_one_in_progress ON hands ((hold IS NULL)) WHERE hold IS NULL;
CREATE TABLE ledger (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('start', 'daily')),
    amount INTEGER NOT NULL CHECK (amount > 0),
    day TEXT
);
INSERT INTO ledger (id, kind, amount, day) SELECT id, kind, amount, day FROM ledger_v2 WHERE kind IN ('start', 'daily');
CREATE TABLE totals (
    machine INTEGER NOT NULL CHECK (machine BETWEEN 0 AND 3),
    practice INTEGER NOT NULL CHECK (practice IN (0, 1)),
    deals INTEGER NOT NULL,
    hands INTEGER NOT NULL,
    wagered INTEGER NOT NULL,
    won INTEGER NOT NULL,
    best_holds INTEGER NOT NULL,
    nudged INTEGER NOT NULL,
    ev_given_up REAL NOT NULL,
    ev_given_up_chips REAL NOT NULL,
    hold_ev_chips REAL NOT NULL,
    best_ev_chips REAL NOT NULL,
    PRIMARY KEY (machine, practice)
) WITHOUT ROWID;
CREATE TABLE outcome_totals (
    machine INTEGER NOT NULL,
    practice INTEGER NOT NULL,
    outcome TEXT NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (machine, practice, outcome)
) WITHOUT ROWID;
ALTER TABLE profile ADD COLUMN bet_total INTEGER NOT NULL DEFAULT 0 CHECK (bet_total >= 0);
ALTER TABLE profile ADD COLUMN paid_total INTEGER NOT NULL DEFAULT 0 CHECK (paid_total >= 0);
ALTER TABLE profile ADD COLUMN daily_total INTEGER NOT NULL DEFAULT 0 CHECK (daily_total >= 0);
"#;


/// The schema version this build writes.
pub const LATEST: i64 = MIGRATIONS.len() as i64;

/// The tables the migrations create (the truth). A game database has these and the derived tables
/// whose rooms define them (`game::derived`): `game::all_tables`.
pub const TABLES: [&str; 18] = [
    "profile",
    "hands",
    "ledger",
    "daily_claims",
    "settings",
    "bags",
    "machine_prefs",
    "sessions",
    "review",
    "drill_totals",
    "lab_tables",
    "daily_deals",
    "milestones",
    "tables",
    "proficiency_answers",
    "proficiency_questions",
    "warm_up",
    "chain",
];
