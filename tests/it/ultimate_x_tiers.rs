//! The Ultimate X single strategy's chart in three tiers (`ultimate_x::tiers`): within their line
//! budgets, returns measured on the Ultimate X game that do not fall from beginner to expert, costs
//! against perfect play and the single strategy, the expert tier the single strategy's chart.

use vpoker::strategy::chart::TIERS;
use vpoker::table::Table;
use vpoker::ultimate_x;

fn table(id: &str) -> Table {
    Table::named(id).expect("a library table")
}

/// 8/6 Jacks or Better on one line: the three tiers within 10, 20 and 40 lines; each return at most
/// the single strategy's and not falling from tier to tier; each cost perfect play's return less
/// the tier's; the lines a tier adds are the ones the tier below has not; the expert tier is the
/// single strategy's chart (the same lines, the same measured return), and the tiers are kept.
#[test]
fn jacks_or_better_one_line_tiers() {
    let table = table("jacks-or-better-8-6");
    let tiers = ultimate_x::tiers::kept(&table, 1).unwrap();
    let chart = ultimate_x::chart::chart(&table, 1).unwrap();
    assert_eq!(tiers.lines(), 1);
    assert_eq!(tiers.optimal_return(), chart.return_perfect);
    assert_eq!(tiers.single_strategy_return(), chart.return_single_strategy);
    let names: Vec<(&str, usize)> = tiers.tiers().iter().map(|t| (t.plain().name(), t.plain().max_lines())).collect();
    assert_eq!(names, TIERS);
    let mut below: Option<&ultimate_x::tiers::UxTier> = None;
    for tier in tiers.tiers() {
        let lines = tier.plain().chart().lines();
        assert!(!lines.is_empty() && lines.len() <= tier.plain().max_lines(), "{}: {} lines", tier.plain().name(), lines.len());
        assert!(tier.chart_return() <= tiers.single_strategy_return() + 1e-12, "{}", tier.plain().name());
        assert!((tier.cost() - (tiers.optimal_return() - tier.chart_return())).abs() < 1e-15);
        assert!((tier.cost_single_strategy() - (tiers.single_strategy_return() - tier.chart_return())).abs() < 1e-15);
        assert!(tier.cost() > tier.cost_single_strategy() && tier.cost_single_strategy() >= -1e-12);
        let added: Vec<&str> = lines
            .iter()
            .map(|l| l.class.as_str())
            .filter(|class| !below.is_some_and(|b| b.plain().chart().lines().iter().any(|l| l.class == *class)))
            .collect();
        assert_eq!(tier.plain().added(), added.as_slice(), "{}", tier.plain().name());
        if let Some(below) = below {
            assert!(tier.chart_return() >= below.chart_return(), "{} below {}", tier.plain().name(), below.plain().name());
            assert!(!tier.plain().added().is_empty(), "{} adds lines", tier.plain().name());
        }
        below = Some(tier);
    }
    let expert = &tiers.tiers()[2];
    assert!(chart.chart.lines().len() <= 40);
    let classes = |c: &vpoker::strategy::chart::Chart| c.lines().iter().map(|l| l.class.clone()).collect::<Vec<_>>();
    assert_eq!(classes(expert.plain().chart()), classes(&chart.chart), "the expert tier is the single strategy's chart");
    assert_eq!(expert.chart_return(), chart.return_chart, "measured the same way");
    // The expert tier is within 0.02 percentage points of the single strategy it charts.
    assert!(expert.cost_single_strategy() < 0.0002, "{}", expert.cost_single_strategy());
    assert!(std::sync::Arc::ptr_eq(&tiers, &ultimate_x::tiers::kept(&table, 1).unwrap()), "kept per process");
}

/// Deuces Wild on ten lines (another family, another multiplier table, the most lines): the returns
/// do not fall from beginner to expert, and a line count the game does not deal is refused.
#[test]
fn deuces_wild_ten_lines_tiers() {
    let table = table("deuces-wild-full-pay");
    let tiers = ultimate_x::tiers::tiers(&table, 10).unwrap();
    let returns: Vec<f64> = tiers.tiers().iter().map(|t| t.chart_return()).collect();
    assert!(returns.windows(2).all(|w| w[0] <= w[1]), "{returns:?}");
    assert!(returns.iter().all(|&r| r > 0.85 && r <= tiers.single_strategy_return() + 1e-12), "{returns:?}");
    assert!(ultimate_x::tiers::tiers(&table, 4).is_err());
}
