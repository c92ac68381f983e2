//! The one list of derived tables: each group with its tables, whether they are today's, its
//! rebuild and its comparison. Open brings every group up to date ([`DERIVED`] is handed to the
//! store), the full audit compares every group with its rebuild ([`Comparison`], fed by the audit's
//! one walk of the history), and the repair rebuilds them ([`rebuild_all`]). Each group's room
//! defines its tables (a migration never creates a derived table; migration 16 dropped the last
//! one a migration had made, `daily_days`), recreating them whenever they are not today's. A table
//! the game creates is either one of the migrations' (`migrations::TABLES`, the truth) or listed
//! here ([`crate::game::all_tables`]); a test fails on one that is neither.
//!
//! A derived table is a cache: one that disagrees with its rebuild, or cannot be read, is reported
//! and rebuilt, never a reason to refuse the file.

use rusqlite::Connection;

use super::hands::{each_hand, solved, HandRecord};
use super::store::{corrupt, player, Derived, Res};
use super::training::proficiency;
use super::{daily_deals, sums};

/// How the audit compares a group with its rebuild.
pub(crate) enum Compare {
    /// Rebuilt from the replayed hands, given one at a time in id order by the audit's walk.
    Hands(fn(&Connection) -> Res<Box<dyn FromHands>>),
    /// Compared with a rebuild from the rows it is derived from: what differs, in words.
    Rows(fn(&Connection) -> Res<Vec<String>>),
}

/// A group's rebuild from the hands, being filled.
pub(crate) trait FromHands {
    /// Adds a replayed hand, as its deal and (once drawn) its draw added it.
    fn add(&mut self, hand: &HandRecord);
    /// What differs between the rebuild and the stored tables, in words (empty when they agree bit
    /// for bit); `Err(Corrupt)` when the stored tables cannot be read.
    fn differences(self: Box<Self>, conn: &Connection) -> Res<Vec<String>>;
}

/// Every group of derived tables.
pub(crate) const DERIVED: [Derived<Compare>; 5] = [
    Derived {
        name: "the running sums",
        tables: sums::TABLES,
        former: sums::FORMER,
        is_current: sums::is_current,
        rebuild: sums::rebuild,
        compare: Compare::Hands(sums_from_hands),
    },
    Derived {
        name: "the days of today's deals",
        tables: daily_deals::DAYS_TABLES,
        former: &[],
        is_current: daily_deals::days_current,
        rebuild: daily_deals::rebuild_days,
        compare: Compare::Rows(daily_deals::day_differences),
    },
    Derived {
        name: "the proficiency checks' scores",
        tables: proficiency::DAYS_TABLES,
        former: &[],
        is_current: proficiency::days_current,
        rebuild: proficiency::rebuild_days,
        compare: Compare::Rows(proficiency::day_differences),
    },
    Derived {
        name: "the solved games",
        tables: solved::SOLVED_TABLES,
        former: &[],
        is_current: solved::solved_current,
        rebuild: solved::rebuild_solved,
        compare: Compare::Rows(solved::solved_differences),
    },
    Derived {
        name: "the history chain's leaves, peaks and kept roots",
        tables: super::hands::chain::TABLES,
        former: &[],
        is_current: super::hands::chain::is_current,
        rebuild: super::hands::chain::rebuild,
        compare: Compare::Rows(super::hands::chain::differences),
    },
];

/// The running sums' rebuild from the hands (`sums::Rebuild`, the code the draw adds with).
fn sums_from_hands(conn: &Connection) -> Res<Box<dyn FromHands>> {
    Ok(Box::new(sums::Rebuild::new(conn)?))
}

impl FromHands for sums::Rebuild {
    fn add(&mut self, hand: &HandRecord) {
        sums::Rebuild::add(self, hand);
    }

    fn differences(self: Box<Self>, conn: &Connection) -> Res<Vec<String>> {
        Ok(self.built().differences(&sums::Rebuilt::stored(conn)?))
    }
}

/// Every derived table, group by group.
pub(crate) fn tables() -> impl Iterator<Item = &'static str> {
    DERIVED.iter().flat_map(|group| group.tables.iter().copied())
}

/// Every group's comparison with its rebuild, filled by one walk of the hands.
pub(crate) struct Comparison {
    from_hands: Vec<(&'static str, Box<dyn FromHands>)>,
}

impl Comparison {
    /// Starts every group's rebuild, with no hand added.
    pub fn new(conn: &Connection) -> Res<Comparison> {
        let mut from_hands = Vec::new();
        for group in &DERIVED {
            if let Compare::Hands(start) = group.compare {
                from_hands.push((group.name, start(conn)?));
            }
        }
        Ok(Comparison { from_hands })
    }

    /// Adds a replayed hand (in id order) to every group built from the hands.
    pub fn add(&mut self, hand: &HandRecord) {
        for (_, rebuild) in &mut self.from_hands {
            rebuild.add(hand);
        }
    }

    /// What differs in every group, in words: empty when every derived table agrees with its
    /// rebuild. A group whose tables cannot be read is one line saying so.
    pub fn differences(self, conn: &Connection) -> Res<Vec<String>> {
        let mut out = Vec::new();
        let mut report = |name: &str, found: Res<Vec<String>>| match found {
            Ok(differences) => {
                out.extend(differences);
                Ok(())
            }
            Err(failure) => match failure.unreadable() {
                Some(detail) => {
                    out.push(format!("{name} could not be read: {detail}"));
                    Ok(())
                }
                None => Err(failure),
            },
        };
        for (name, rebuild) in self.from_hands {
            report(name, rebuild.differences(conn))?;
        }
        for group in &DERIVED {
            if let Compare::Rows(differences) = group.compare {
                report(group.name, differences(conn))?;
            }
        }
        Ok(out)
    }
}

/// Every derived table compared with its rebuild (a walk of the hands, each replayed): what
/// differs, in words. A hand that does not replay is corrupt.
pub(crate) fn differences(conn: &Connection) -> Res<Vec<String>> {
    let mut comparison = Comparison::new(conn)?;
    let marks = player::commit_marks(conn)?;
    each_hand(conn, 0, |row| {
        comparison.add(&row.map_err(corrupt)?.record(marks)?);
        Ok(())
    })?;
    comparison.differences(conn)
}

/// Rebuilds every group from the truth (inside the caller's transaction).
pub(crate) fn rebuild_all(conn: &Connection) -> Res<()> {
    DERIVED.iter().try_for_each(|group| (group.rebuild)(conn))
}
