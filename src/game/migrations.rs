//! The schema: an append-only list of migrations, applied in one transaction with `user_version`.
//!
//! Never edit or reorder a migration that has shipped: add a new one at the end. A file whose
//! `user_version` is above [`LATEST`] was written by a newer version and is refused untouched.
//! Per-connection pragmas (WAL, foreign keys, busy timeout) live in `storage.rs`, not here.

/// The migrations, oldest first; migration i brings `user_version` from i to i + 1.
pub const MIGRATIONS: &[&str] = &[
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
"#,
    // 2: the local date and time each hand was dealt (NULL for hands dealt before it existed).
    r#"
ALTER TABLE hands ADD COLUMN played_at TEXT;
"#,
];

/// The schema version this build writes.
pub const LATEST: i64 = MIGRATIONS.len() as i64;

/// The tables a game database has (for audits and tests).
pub const TABLES: [&str; 7] = ["profile", "hands", "ledger", "daily_claims", "settings", "bags", "machine_prefs"];
