//! The warm-up offer and the chart drill, through the built app: a game whose last hand was 8 days
//! ago shows the offer in the lobby (the days `vpoker play warm-up` says), taking it runs five hard
//! decisions and goes back to the machine, and the offer is gone for the day; the drill's *By my
//! chart* source deals a hand the player's tier gets wrong (checked against `vpoker hint`) and its
//! verdict names the chart's line. Axe and 44 px on each screen, photographed at 390 × 844 in four languages.

use vpoker_e2e::{cli, cli_best_hold, play, tid, DataHome, Driver, Result, Session};

const JACKS: &str = "jacks-or-better";

/// Days since 1970-01-01 of a date written YYYY-MM-DD (Hinnant's days_from_civil).
fn day_number(date: &str) -> Result<i64> {
    let parts: Vec<i64> = date.split('-').map(str::parse).collect::<std::result::Result<_, _>>()?;
    let (y, m, d) = (parts[0] - i64::from(parts[1] <= 2), parts[1], parts[2]);
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * (m + if m > 2 { -3 } else { 9 }) + 2) / 5 + d - 1;
    Ok(era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468)
}

/// The date `days` after day number `z` (Hinnant's civil_from_days), written YYYY-MM-DD.
fn date_of(z: i64) -> String {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    format!("{:04}-{m:02}-{d:02}", yoe + era * 400 + i64::from(m <= 2))
}

/// One hand on Jacks or Better 8 days before today (the device's date, as the CLI reads it), and the
/// beginner chart chosen. Returns today.
fn prepared(data: &DataHome) -> Result<String> {
    let db = data.db_path();
    std::fs::create_dir_all(db.parent().ok_or("no parent")?)?;
    let today = play(&db, None, &["review"])?["today"].as_str().ok_or("today")?.to_string();
    let away = date_of(day_number(&today)? - 8);
    assert_eq!(day_number(&date_of(day_number(&today)?))?, day_number(&today)?);
    let seed = format!("{:064x}", 0x3a7u32);
    play(&db, Some(&away), &["deal", "--game", JACKS, "--bet", "5", "--practice", "--seed", &seed])?;
    play(&db, Some(&away), &["draw", "0"])?;
    play(&db, None, &["set", "chart-tier", "beginner"])?;
    Ok(today)
}

/// Holds `mask` on the drill screen of `prefix` and answers; returns the verdict's `data-correct`.
async fn answer(app: &Session, prefix: &str, mask: u8) -> Result<String> {
    for i in 0..5 {
        if mask & (1 << i) != 0 {
            app.click(&format!("{prefix}-card-{i}")).await?;
        }
    }
    app.click(&format!("{prefix}-answer")).await?;
    let verdict = app.wait_visible(&tid(&format!("{prefix}-verdict"))).await?;
    Ok(verdict.attr("data-correct").await?.unwrap_or_default())
}

/// The question's five cards on the drill screen of `prefix`.
async fn cards(app: &Session, prefix: &str) -> Result<Vec<String>> {
    app.wait_visible(&tid(&format!("{prefix}-answer"))).await?;
    let mut cards = Vec::new();
    for i in 0..5 {
        cards.push(app.attr(&format!("{prefix}-card-{i}"), "data-card").await?.unwrap_or_default());
    }
    Ok(cards)
}

/// Axe finds nothing, and every control is at least 44 px.
async fn axe_clean(app: &Session, what: &str) -> Result<()> {
    let violations = app.axe().await?;
    assert!(violations.is_empty(), "axe on {what}: {violations:?}");
    let small = app.small_targets().await?;
    assert!(small.is_empty(), "controls under 44 px on {what}: {small:?}");
    Ok(())
}

#[tokio::test]
#[ignore = "drives the built app: scripts/test.sh runs it (VPOKER_E2E=1, --include-ignored)"]
async fn a_week_away_offers_a_warm_up_of_five_hard_decisions_then_the_game() -> Result<()> {
    let data = DataHome::new()?;
    prepared(&data)?;
    let db = data.db_path();
    let offer = play(&db, None, &["warm-up", "--game", JACKS])?;
    assert_eq!(offer["warm_up"]["days_away"], 8, "{offer}");
    let decisions = offer["warm_up"]["decisions"].as_u64().ok_or("decisions")?;

    let driver = Driver::start(&data)?;
    let app = driver.launch().await?;
    app.phone_size().await?;
    let tile = app.wait_visible(&tid("lobby-warm-up-jacks-or-better")).await?;
    assert_eq!(tile.attr("data-days").await?.as_deref(), Some("8"));
    let script = "document.querySelector('[data-testid=lobby-warm-up]').scrollIntoView()";
    app.client().execute(script, vec![]).await?;
    axe_clean(&app, "the lobby's warm-up offer").await?;
    app.screenshot("warm-up-lobby-en").await?;

    // Taken: the hard decisions the offer names, each judged against the solver, then the game.
    app.click("lobby-warm-up-jacks-or-better").await?;
    for round in 0..decisions {
        let shown = cards(&app, "warm-up").await?;
        let count = app.wait_visible(&tid("warm-up-count")).await?;
        assert_eq!(count.attr("data-answered").await?, Some(round.to_string()));
        if round == 0 {
            axe_clean(&app, "the warm-up's question").await?;
            app.screenshot("warm-up-question-en").await?;
        }
        assert_eq!(answer(&app, "warm-up", cli_best_hold(JACKS, &shown)?).await?, "true", "round {round}");
        if round + 1 < decisions {
            app.click("warm-up-next").await?;
        }
    }
    app.wait_visible(&tid("warm-up-done")).await?;
    axe_clean(&app, "the warm-up's end").await?;
    app.screenshot("warm-up-done-en").await?;
    app.click("warm-up-play").await?;
    app.wait_visible(&tid("deal-draw")).await?;
    // Counted as hard decisions (no chips, no XP); the offer answered for today.
    let question = play(&db, None, &["drill", "--table", JACKS, "--source", "hard"])?;
    assert_eq!(question["tally"]["answered"].as_u64(), Some(decisions));
    assert_eq!(play(&db, None, &["warm-up", "--game", JACKS])?["warm_up"], serde_json::Value::Null);
    app.click("nav-lobby").await?;
    app.wait_visible(&tid("machine-jacks-or-better")).await?;
    assert!(!app.is_visible(&tid("lobby-warm-up")).await?, "no offer again today");

    // The chart drill by the beginner tier: a hand its chart gets wrong, and the chart's line.
    app.click("machine-jacks-or-better").await?;
    app.click("machine-train").await?;
    app.click("train-source-chart").await?;
    let shown = cards(&app, "train").await?;
    assert_eq!(answer(&app, "train", cli_best_hold(JACKS, &shown)?).await?, "true");
    let chart = app.wait_visible(&tid("train-chart")).await?;
    assert_eq!(chart.attr("data-tier").await?.as_deref(), Some("beginner"));
    assert_eq!(chart.attr("data-followed").await?.as_deref(), Some("false"));
    let chart_hold: u64 = chart.attr("data-hold").await?.ok_or("data-hold")?.parse()?;
    let hint = cli(&["hint", "--game", JACKS, "--json", &shown.join(" ")])?;
    let holds = hint["holds"].as_array().ok_or("holds")?;
    let ev = |mask: u64| holds.iter().find(|h| h["mask"].as_u64() == Some(mask)).and_then(|h| h["ev"].as_f64());
    let best = holds[0]["ev"].as_f64().ok_or("best ev")?;
    assert!(ev(chart_hold).ok_or("the chart's hold")? < best - 1e-6, "the chart's hold is not a best hold: {chart_hold} {hint}");
    axe_clean(&app, "the chart drill's verdict").await?;
    app.screenshot("chart-drill-verdict-en").await?;

    // The other languages: the offer made again (its answer reset through the CLI), its first
    // question, and a chart verdict.
    for lang in ["de", "pt", "ja"] {
        play(&db, None, &["set", "warm-up-answered", "never"])?;
        app.set_language(lang).await?;
        app.click("nav-lobby").await?;
        app.wait_visible(&tid("lobby-warm-up-jacks-or-better")).await?;
        app.client().execute(script, vec![]).await?;
        axe_clean(&app, &format!("the warm-up offer in {lang}")).await?;
        app.screenshot(&format!("warm-up-lobby-{lang}")).await?;
        app.click("lobby-warm-up-jacks-or-better").await?;
        let shown = cards(&app, "warm-up").await?;
        answer(&app, "warm-up", cli_best_hold(JACKS, &shown)?).await?;
        axe_clean(&app, &format!("the warm-up in {lang}")).await?;
        app.screenshot(&format!("warm-up-question-{lang}")).await?;
        app.click("warm-up-back").await?;
        app.click("machine-train").await?;
        app.click("train-source-chart").await?;
        let shown = cards(&app, "train").await?;
        answer(&app, "train", cli_best_hold(JACKS, &shown)?).await?;
        app.wait_visible(&tid("train-chart")).await?;
        axe_clean(&app, &format!("the chart drill in {lang}")).await?;
        app.screenshot(&format!("chart-drill-verdict-{lang}")).await?;
    }
    app.close().await
}
