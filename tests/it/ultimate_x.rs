//! Ultimate X: the published returns and the published single-line state values, reproduced
//! exactly from the multiplier tables (src/ultimate_x/multipliers.rs) by the exact solver.

use vpoker::table::Table;
use vpoker::ultimate_x::{self, mdp::Game, multipliers::Multipliers};

fn table(id: &str) -> Table {
    Table::named(id).expect("a library table")
}

fn multipliers(table: &Table, lines: u8) -> Multipliers {
    Multipliers::of(table.base(), table.paytable(), lines).expect("an Ultimate X game")
}

/// Percentage points.
fn pct(rate: f64) -> f64 {
    100.0 * rate
}

/// The Wizard of Odds' single-line 8/6 Jacks or Better page (as quoted in docs/ULTIMATE-X.md):
/// per multiplier, how often a hand starts with it and that state's value per unit (the pay at
/// that multiplier plus the multiplier earned, less 1). Six decimals each, and the return 98.57 %.
#[test]
fn single_line_jacks_or_better_matches_the_published_states() {
    let table = table("jacks-or-better-8-6");
    let multipliers = multipliers(&table, 1);
    let game: Game = ultimate_x::game(&table, &multipliers);
    let solution = game.solve();
    assert!((pct(solution.return_rate()) - 98.57).abs() < 0.005, "{}", pct(solution.return_rate()));
    let (reward, transition) = game.evaluate(&solution.values);
    let published = [
        (1, 0.5629, 1.990482),
        (2, 0.1993, 2.970095),
        (3, 0.1253, 3.951610),
        (4, 0.0724, 4.933877),
        (7, 0.0138, 7.882715),
        (10, 0.0150, 10.833378),
        (12, 0.0113, 12.801031),
    ];
    for (m, probability, value) in published {
        let state = m - 1;
        let earned: f64 = transition[state].iter().enumerate().map(|(i, p)| (i + 1) as f64 * p).sum();
        let ours = reward[state] + earned - 1.0;
        assert!((ours - value).abs() < 5e-7, "state {m}: {ours:.7} against {value}");
        assert!((solution.stationary[state] - probability).abs() < 5e-5, "state {m}: {}", solution.stationary[state]);
    }
    let never: f64 = [5, 6, 8, 9, 11].iter().map(|&m| solution.stationary[m - 1]).sum();
    assert!(never < 1e-12, "a multiplier the table does not award has probability {never}");
    // The forum's run of the Wizard's analyser with the best single strategy: 98.4971 %.
    let single = game.single_strategy();
    assert!((pct(single.return_rate()) - 98.4971).abs() < 0.00005, "{}", pct(single.return_rate()));
}

/// The Wizard of Odds' 10-play strategy pages (perfect play, then one single strategy), and the
/// 99.87 % Las Vegas Advisor gives for 9/6 Double Double Bonus, within 0.02 percentage points.
#[test]
fn ten_play_returns_match_the_published_figures() {
    let cases = [
        ("jacks-or-better-8-6", 99.42, Some(99.38)),
        ("double-bonus-9-6", 99.04, Some(99.01)),
        ("bonus-poker-7-5", 99.40, Some(99.32)),
        ("double-double-bonus-9-6", 99.87, None),
    ];
    for (id, perfect, single) in cases {
        let table = table(id);
        let multipliers = multipliers(&table, 10);
        let game = ultimate_x::game(&table, &multipliers);
        let ours = pct(game.solve().return_rate());
        assert!((ours - perfect).abs() <= 0.02, "{id}: perfect {ours:.4} against {perfect}");
        if let Some(single) = single {
            let ours_single = pct(game.single_strategy().return_rate());
            assert!((ours_single - single).abs() <= 0.02, "{id}: single {ours_single:.4} against {single}");
            assert!(ours_single < ours, "{id}: one strategy cannot beat playing the multipliers");
        }
    }
}

/// The hint's value of every hold, for a hand and multipliers on screen, equals a brute-force
/// enumeration: every draw of every hold evaluated, each line's earned multiplier counted, the
/// value of the next hand's sum taken over every combination of the lines' outcomes.
#[test]
fn hint_values_equal_a_brute_force_enumeration() {
    use vpoker::card::parse_hand;
    use vpoker::ultimate_x::hint::{hint, OnScreen};
    let table = table("jacks-or-better-8-6");
    let multipliers = multipliers(&table, 3);
    let (_, solved) = vpoker::ultimate_x::hint::solution(&table, 3).unwrap();
    for (cards, screen) in [("Kh Qh Jh 9h 4c", "1,1,1"), ("Ah Kh 7h 3h 3c", "12,2,1"), ("8c 9d Td Jd 2s", "4,3,11")] {
        let hand = parse_hand(cards).unwrap();
        let on_screen = OnScreen::parse(screen, &multipliers).unwrap();
        let answer = hint(&table, &on_screen, &hand).unwrap();
        let average = f64::from(on_screen.total()) / 3.0;
        let rest: Vec<_> = table.deck().fresh().into_iter().filter(|c| !hand.contains(c)).collect();
        for hold in vpoker::hold::Hold::all() {
            let kept: Vec<_> = (0..5).filter(|&i| hold.holds(i)).map(|i| hand[i]).collect();
            // One line's outcomes: (pay, earned multiplier) counted over every draw.
            let mut by_multiplier = [0u64; 13];
            let (mut pay_total, mut draws) = (0u64, 0u64);
            let need = 5 - kept.len();
            let mut pick: Vec<usize> = (0..need).collect();
            loop {
                let mut final_hand = [hand[0]; 5];
                for (slot, card) in final_hand.iter_mut().zip(kept.iter().chain(pick.iter().map(|&i| &rest[i]))) {
                    *slot = *card;
                }
                let category = table.family().category_index(&final_hand);
                pay_total += u64::from(table.paytable().pay_by_category()[category]);
                by_multiplier[usize::from(multipliers.of_category(category))] += 1;
                draws += 1;
                // The next combination of `need` of the 47 cards, in lexicographic order.
                let mut i = need;
                while i > 0 && pick[i - 1] == rest.len() - need + i - 1 {
                    i -= 1;
                }
                if i == 0 {
                    break;
                }
                pick[i - 1] += 1;
                for j in i..need {
                    pick[j] = pick[j - 1] + 1;
                }
            }
            let p = |k: usize| by_multiplier[k] as f64 / draws as f64;
            let mut future = 0.0;
            for a in 1..13 {
                for b in 1..13 {
                    for c in 1..13 {
                        future += p(a) * p(b) * p(c) * solved.values[a + b + c - 3];
                    }
                }
            }
            let brute = average * pay_total as f64 / draws as f64 + future / 3.0;
            let ours = answer.holds.iter().find(|v| v.hold == hold).unwrap().ev;
            assert!((ours - brute).abs() < 1e-9, "{cards} {screen} hold {hold}: {ours} against {brute}");
        }
    }
}

/// Multipliers move the best hold: among the first deals of a fixed order, some hand's best hold
/// at 1× on every line differs from its best at 12× (and from the plain game's), and the plain
/// game's hold then gives up value that the hint states.
#[test]
fn multipliers_change_the_best_hold() {
    use vpoker::ultimate_x::hint::{hint, OnScreen};
    let table = table("jacks-or-better-8-6");
    let multipliers = multipliers(&table, 3);
    let (low, high) = (OnScreen::ones(&multipliers), OnScreen::parse("12,12,12", &multipliers).unwrap());
    let mut found = Vec::new();
    for class in vpoker::strategy::suit_classes().iter().take(134_459).step_by(97) {
        let hand = class.card_indices().map(|i| vpoker::card::Card::from_index(i).unwrap());
        let (at_one, at_twelve) = (hint(&table, &low, &hand).unwrap(), hint(&table, &high, &hand).unwrap());
        if at_one.best != at_twelve.best {
            assert!(at_one.plain_gives_up > 0.0 || at_twelve.plain_gives_up > 0.0);
            found.push(format!("{} {} {}", vpoker::card::cards_to_string(&hand), at_one.best, at_twelve.best));
        }
    }
    eprintln!("{}", found.join("\n"));
    assert!(found.len() >= 3, "{found:?}");
    // Multipliers checked for one table are not taken for another's.
    let double = Table::named("double-bonus-9-6").unwrap();
    let eleven = OnScreen::parse("11,1,1", &multipliers).unwrap();
    let hand = vpoker::card::parse_hand("3c 4d 5c 6c 6d").unwrap();
    assert!(matches!(hint(&double, &eleven, &hand), Err(vpoker::ultimate_x::hint::UxError::OtherTable { .. })));
}

/// Every fixed table's Ultimate X game (a machine's, a kicker game's, a library table's), each line
/// count once per base and pays, in the order the source keeps them: machines first.
fn fixed_games() -> Vec<(Table, u8)> {
    use vpoker::kicker::KickerGame;
    use vpoker::library::{Base, PRESETS};
    use vpoker::machine::MachineId;
    let tables = MachineId::ALL
        .into_iter()
        .map(Table::machine)
        .chain(KickerGame::ALL.into_iter().map(|game| Table::from(Base::Kicker(game))))
        .chain(PRESETS.iter().map(Table::preset));
    let mut seen = Vec::new();
    let mut games = Vec::new();
    for ux in tables.filter_map(|table| table.ultimate_x()) {
        let key = (ux.base().id(), ux.pays());
        if seen.contains(&key) {
            continue;
        }
        seen.push(key);
        for lines in vpoker::ultimate_x::multipliers::UX_LINES {
            games.push((ux.clone(), lines));
        }
    }
    games
}

/// Every fixed table's game comes solved with the source (`src/ultimate_x/solved.rs`), so neither
/// the app's first Ultimate X hint nor a read of the history (an export, `history --all`, the audit)
/// waits for a solve: one kept solution per base, pays and line count, none for a table that is
/// gone. The machines' are solved again and compared (the solver's check; all of them with
/// `VPOKER_SOLVE_ALL=1`, about five minutes on two cores); with `UPDATE_SOLVED=1` the file is
/// written afresh from the solver.
#[test]
fn kept_solutions() {
    use vpoker::machine::MachineId;
    use vpoker::ultimate_x::solved::SOLVED;
    let games = fixed_games();
    let solve = |(ux, lines): &(Table, u8)| (ux.base().id(), ux.pays(), *lines, ultimate_x::game(ux, &multipliers(ux, *lines)).solve());
    if std::env::var_os("UPDATE_SOLVED").is_some() {
        let mut out = String::from("//! Every fixed table's Ultimate X game, solved: the machines', the kicker games' and the library's\n//! (written by `UPDATE_SOLVED=1 cargo test -p vpoker --test it ultimate_x::kept_solutions`; the\n//! same test solves the machines' again and compares, all of them with `VPOKER_SOLVE_ALL=1`). Do\n//! not edit.\n\nuse super::mdp::Solved;\n\n/// Every fixed table with a multiplier table, once per base and pays, on 1, 3, 5 and 10 lines.\npub const SOLVED: &[Solved] = &[\n");
        let floats = |v: &[f64]| v.iter().map(|x| format!("{x:?}")).collect::<Vec<_>>().join(", ");
        // A game kept already is written again as kept (solved again only with
        // `VPOKER_SOLVE_ALL=1`): adding a table solves only its own games.
        let again = std::env::var_os("VPOKER_SOLVE_ALL").is_some();
        for game in &games {
            let (base, pays, lines) = (game.0.base().id(), game.0.pays(), game.1);
            let kept = SOLVED.iter().find(|k| !again && k.base == base && k.pays == pays.as_slice() && k.lines == lines);
            let (gain, rounds, values, stationary) = match kept {
                Some(k) => (k.gain, k.rounds, k.values.to_vec(), k.stationary.to_vec()),
                None => {
                    let (_, _, _, s) = solve(game);
                    (s.gain, s.rounds, s.values, s.stationary)
                }
            };
            let pays = pays.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
            out.push_str(&format!(
                "    Solved {{\n        base: \"{base}\",\n        pays: &[{pays}],\n        lines: {lines},\n        gain: {gain:?},\n        rounds: {rounds},\n        values: &[{}],\n        stationary: &[{}],\n    }},\n",
                floats(&values), floats(&stationary)
            ));
        }
        out.push_str("];\n");
        std::fs::write(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ultimate_x/solved.rs"), out).unwrap();
        return;
    }
    let keys: Vec<(&str, Vec<u32>, u8)> = games.iter().map(|(ux, lines)| (ux.base().id(), ux.pays(), *lines)).collect();
    let kept: Vec<(&str, Vec<u32>, u8)> = SOLVED.iter().map(|k| (k.base, k.pays.to_vec(), k.lines)).collect();
    assert_eq!(kept, keys, "one kept solution per fixed table's base, pays and line count, in order");
    let all = std::env::var_os("VPOKER_SOLVE_ALL").is_some();
    let machines: Vec<&str> = MachineId::ALL.iter().map(|m| m.id()).collect();
    let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * (1.0 + b.abs());
    let mut compared = 0;
    for (kept, game) in SOLVED.iter().zip(&games) {
        let is_machine = machines.contains(&game.0.base().id()) && game.0.pays() == Table::machine(game.0.base().id().parse().unwrap()).pays();
        if !(all || is_machine) {
            continue;
        }
        let (base, _, lines, s) = solve(game);
        compared += 1;
        assert!(close(kept.gain, s.gain), "{base} {lines}: gain {} kept, {} solved", kept.gain, s.gain);
        assert_eq!(kept.values.len(), s.values.len());
        for (k, v) in kept.values.iter().zip(&s.values).chain(kept.stationary.iter().zip(&s.stationary)) {
            assert!(close(*k, *v), "{base} {lines}: {k} kept, {v} solved");
        }
    }
    assert!(compared >= 16, "the machines' games are solved again: {compared}");
}

/// Reading a casino table's Ultimate X hands solves nothing: the solution is the kept one.
#[test]
fn a_library_tables_solution_is_kept() {
    let ux = table("double-double-bonus-9-5").ultimate_x().unwrap();
    let (_, solution) = vpoker::ultimate_x::hint::solution(&ux, 10).unwrap();
    let kept = vpoker::ultimate_x::solved::SOLVED
        .iter()
        .find(|k| k.base == ux.base().id() && k.pays == ux.pays().as_slice() && k.lines == 10)
        .expect("kept");
    assert_eq!(solution.values, kept.values);
}

/// The best single strategy's chart (one line of 8/6 Jacks or Better): at most 40 lines, its return
/// measured by playing it is at most the single strategy's and close to it, below perfect play's;
/// the exceptions at each average multiplier are what the hint says for their example hands (the
/// exact hold there, not the chart's), and the chart departs least near the mean multiplier (2×).
#[test]
fn the_single_strategy_chart_and_its_exceptions() {
    use vpoker::ultimate_x::hint::{hint, OnScreen};
    let table = table("jacks-or-better-8-6");
    let ux = vpoker::ultimate_x::chart::chart(&table, 1).unwrap();
    assert!(ux.chart.lines().len() <= 40);
    assert!(ux.return_chart <= ux.return_single_strategy + 1e-12, "{} {}", ux.return_chart, ux.return_single_strategy);
    assert!(ux.return_single_strategy - ux.return_chart < 0.0002, "{} {}", ux.return_chart, ux.return_single_strategy);
    assert!(ux.return_single_strategy < ux.return_perfect);
    let shown: Vec<u8> = ux.by_multiplier.iter().map(|at| at.multiplier).collect();
    assert_eq!(shown, [1, 2, 3, 4, 7, 10, 12], "one line shows the table's own multipliers");
    let least = ux.by_multiplier.iter().min_by(|a, b| a.cost.total_cmp(&b.cost)).unwrap();
    assert_eq!(least.multiplier, 2, "the chart is best where the mean multiplier is");
    let multipliers = multipliers(&table, 1);
    for at in &ux.by_multiplier {
        assert!(!at.exceptions.is_empty() && at.frequency > 0.0 && at.cost > 0.0, "{}x", at.multiplier);
        let listed: f64 = at.exceptions.iter().map(|e| e.frequency * e.cost).sum();
        assert!(listed <= at.cost + 1e-12, "{}x: the listed exceptions cost at most the whole", at.multiplier);
        for e in &at.exceptions {
            let on_screen = OnScreen::parse(&at.multiplier.to_string(), &multipliers).unwrap();
            let answer = hint(&table, &on_screen, &e.example.cards).unwrap();
            assert_eq!(answer.best, e.example.best_hold, "{}x {:?}", at.multiplier, e.example);
            let chart_value = answer.holds.iter().find(|v| v.hold == e.example.chart_hold).unwrap().ev;
            assert!(answer.holds[0].ev - chart_value > 1e-9, "{}x {:?}: the chart's hold is not best", at.multiplier, e.example);
        }
    }
    // At 1× a low pair gives way to four to an outside straight (the straight earns 7×).
    let at_one = &ux.by_multiplier[0];
    assert!(at_one
        .exceptions
        .iter()
        .any(|e| e.line.class == "low-pair" && e.instead.as_ref().is_some_and(|l| l.class == "to-straight-4-open")));
}
