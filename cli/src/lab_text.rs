//! The short readable text of `vpoker lab …` without `--json`.

use vpoker::lab::bags::{BagLab, DrawStats};
use vpoker::lab::deals::DealTable;
use vpoker::lab::kind_bags::KindBag;
use vpoker::lab::pity::PityLab;

fn percent(share: f64) -> String {
    format!("{:.2} %", share * 100.0)
}

/// The deal-frequency table.
pub fn deals(table: &DealTable) -> Vec<String> {
    let mut text = vec![
        format!("{} deals on {}, kind deals {}", table.deals, table.game, table.kind_deals.id()),
        format!("{:<22} {:>9} {:>12} {:>8}", "category", "dealt", "expected", "z"),
    ];
    for c in &table.categories {
        text.push(format!("{:<22} {:>9} {:>12.1} {:>8.2}", c.id, c.count, c.expected, c.z));
    }
    text.push(format!(
        "χ² {:.1} with {} degrees of freedom, p = {:.4}{}",
        table.chi2,
        table.dof,
        table.p_value,
        if table.merged.is_empty() { String::new() } else { format!(" (pooled: {})", table.merged.join(", ")) }
    ));
    text.push(format!(
        "dead deals {} (expected {:.0}), nudged {} ({} four-flush, {} pair)",
        table.dead, table.expected_dead, table.nudged, table.four_flush_nudges, table.pair_nudges
    ));
    text
}

/// The bag demo: each figure measured and exact, pure and bag side by side.
pub fn bag(lab: &BagLab) -> Vec<String> {
    let r = &lab.request;
    let (pure, bag, ep, eb) = (&lab.pure, &lab.bag, &lab.exact.pure, &lab.exact.bag);
    let mut text = vec![
        format!(
            "{} kinds, {} of each per bag{}, {} draws",
            r.kinds,
            r.copies,
            if r.avoid_repeat { ", avoiding repeats" } else { "" },
            r.draws
        ),
        format!("{:<20} {:>10} {:>10} {:>10} {:>10}", "", "pure", "exact", "bag", "exact"),
    ];
    let row = |name: &str, f: &dyn Fn(&DrawStats) -> f64, p: f64, b: f64| {
        format!("{name:<20} {:>10} {:>10} {:>10} {:>10}", percent(f(pure)), percent(p), percent(f(bag)), percent(b))
    };
    text.push(row("repeats", &|s| s.repeat_rate, ep.repeat_rate, eb.repeat_rate));
    text.push(row(&format!("gaps >= {}", 2 * r.kinds - 1), &|s| s.long_gap_rate, ep.long_gap_rate, eb.long_gap_rate));
    text.push(row("certain next", &|s| s.certain_next_rate, ep.certain_next_rate, eb.certain_next_rate));
    text.push(row("best guess hits", &|s| s.guess_rate, ep.guess_rate, eb.guess_rate));
    text.push(format!(
        "{:<20} {:>10.3} {:>10.3} {:>10.3} {:>10.3}",
        "mean gap", pure.mean_gap, ep.mean_gap, bag.mean_gap, eb.mean_gap
    ));
    let bound = |b: Option<u64>| b.map_or("-".to_string(), |b| format!("<= {b}"));
    text.push(format!(
        "{:<20} {:>10} {:>10} {:>10} {:>10}",
        "longest gap",
        pure.longest_gap,
        bound(ep.gap_bound),
        bag.longest_gap,
        bound(eb.gap_bound)
    ));
    text.push(format!(
        "{:<20} {:>10} {:>10} {:>10} {:>10}",
        "longest run",
        pure.longest_run,
        bound(ep.run_bound),
        bag.longest_run,
        bound(eb.run_bound)
    ));
    text.push(format!(
        "{:<20} {:>10} {:>10} {:>10} {:>10}",
        "24-draw runs of 3",
        percent(pure.run3_windows),
        ep.run3_windows.map_or("-".into(), percent),
        percent(bag.run3_windows),
        "measured"
    ));
    let counts = |s: &DrawStats| s.counts.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
    text.push(format!("counts: pure {}; bag {}", counts(pure), counts(bag)));
    text
}

/// The pity timer.
pub fn pity(lab: &PityLab) -> Vec<String> {
    let mut text = vec![
        format!(
            "{} chance, pity after {} misses: rate {}, no drought over {} ({} of wins forced)",
            percent(lab.rate),
            lab.pity,
            percent(lab.pity_rate),
            lab.pity_longest_drought,
            percent(lab.pity_forced_share)
        ),
        format!(
            "bag of {} (one win): rate {}, no drought over {}",
            lab.bag_size,
            percent(lab.bag_rate),
            lab.bag_longest_drought
        ),
        format!(
            "pure chance: mean drought {:.1}; {} of droughts reach {}, {} exceed {}",
            lab.pure_mean_drought,
            percent(lab.pure_droughts_beyond_bag),
            lab.bag_longest_drought,
            percent(lab.pure_droughts_beyond_pity),
            lab.pity
        ),
    ];
    if let Some(sim) = &lab.simulation {
        for (name, row) in [("pure", &sim.pure), ("pity", &sim.pity), ("bag", &sim.bag)] {
            text.push(format!(
                "simulated {name:<5} {} draws: {} wins ({}), longest drought {}, {} of droughts reach {}",
                sim.draws,
                row.wins,
                percent(row.rate),
                row.longest_drought,
                percent(row.droughts_beyond_bag),
                lab.bag_longest_drought
            ));
        }
    }
    text
}

/// The game's kind-deal bags.
pub fn kind_bags(bags: &[KindBag]) -> Vec<String> {
    bags.iter()
        .map(|b| {
            format!(
                "{:<14} {} nudge + {} plain per bag: {} of dead deals nudged, at most {} nudges in a row, \
                 at most {} plain dead deals between nudges, at most {} in a row",
                b.situation.id(),
                b.nudges,
                b.plain,
                percent(b.nudge.rate),
                b.nudge.longest_run,
                b.nudge.longest_gap,
                b.plain_deal.longest_run
            )
        })
        .collect()
}
