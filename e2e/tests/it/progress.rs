//! What is due for review and a game's progress: the lobby's count agrees with `vpoker play review`,
//! the progress screen draws the days `vpoker play progress` prints and, switched to by session, its
//! sessions and what mistakes cost per hour as the CLI prints them; axe finds nothing on either view,
//! the switch's targets are 44 px, and both are photographed at 390 × 844 in the four languages.

use vpoker_e2e::{play, tid, DataHome, Driver, Result};

/// Three dates before `today` (YYYY-MM-DD): the 10th, 12th and 15th of the month before.
fn earlier_days(today: &str) -> Result<Vec<String>> {
    let parts: Vec<u32> = today.split('-').map(str::parse).collect::<std::result::Result<_, _>>()?;
    let (year, month) = if parts[1] == 1 { (parts[0] - 1, 12) } else { (parts[0], parts[1] - 1) };
    Ok([10, 12, 15].iter().map(|d| format!("{year:04}-{month:02}-{d:02}")).collect())
}

/// Hands on Jacks or Better over three earlier days and today, every third thrown away whole (a
/// mistake): a history with days to show and mistakes due. The earlier days' hands are dealt at
/// given times, a deal every two minutes from 09:00 (a session each day, 16 minutes long), today's
/// at the clock's: four sessions.
fn prepared(data: &DataHome) -> Result<String> {
    let db = data.db_path();
    std::fs::create_dir_all(db.parent().ok_or("no parent")?)?;
    let today = play(&db, None, &["review"])?["today"].as_str().ok_or("today")?.to_string();
    let mut days: Vec<Option<String>> = earlier_days(&today)?.into_iter().map(Some).collect();
    days.push(None);
    let mut n = 0u32;
    for day in &days {
        for k in 0..9 {
            n += 1;
            let seed = format!("{n:064x}");
            let at = day.as_ref().map(|day| format!("{day}T09:{:02}:00", 2 * k));
            let state = play(&db, at.as_deref(), &["deal", "--game", "jacks-or-better", "--bet", "5", "--practice", "--seed", &seed])?;
            let best = state["hand"]["best_hold"].as_u64().ok_or("best_hold")?.to_string();
            let hold = if k % 3 == 0 { "0".to_string() } else { best };
            play(&db, at.as_deref(), &["draw", &hold])?;
        }
    }
    Ok(today)
}

#[tokio::test]
#[ignore = "drives the built app: scripts/test.sh runs it (VPOKER_E2E=1, --include-ignored)"]
async fn the_lobby_says_what_is_due_and_progress_draws_the_days() -> Result<()> {
    let data = DataHome::new()?;
    prepared(&data)?;
    let db = data.db_path();
    let review = play(&db, None, &["review", "--limit", "0"])?;
    let due = review["games"]
        .as_array()
        .and_then(|games| games.iter().find(|g| g["table"] == "jacks-or-better"))
        .and_then(|g| g["due"].as_u64())
        .ok_or("jacks-or-better has mistakes due")?;
    assert!(due > 0);
    let progress = play(&db, None, &["progress", "--game", "jacks-or-better"])?;
    let n_days = progress["days"].as_array().ok_or("days")?.len();
    assert_eq!(n_days, 4);
    let n_sessions = progress["sessions"].as_array().ok_or("sessions")?.len();
    assert_eq!(n_sessions, 4);
    let pace = progress["per_hour"]["decisions"].as_f64().ok_or("a figure per hour")?.round();
    let cost = progress["per_hour"]["chips_given_up"].as_f64().ok_or("chips given up per hour")?.round();

    let driver = Driver::start(&data)?;
    let app = driver.launch().await?;
    app.phone_size().await?;
    app.wait_visible(&tid("lobby-review-jacks-or-better")).await?;
    // The lobby's count is the CLI's, for the same date.
    assert_eq!(app.attr("lobby-review-jacks-or-better", "data-due").await?, Some(due.to_string()));
    app.screenshot("review-lobby-en").await?;
    app.click("lobby-review-jacks-or-better").await?;
    app.wait_visible(&tid("train-progress")).await?;
    app.click("train-progress").await?;
    app.wait_visible(&tid("progress-chart")).await?;
    assert_eq!(app.attr("progress-chart", "data-points").await?, Some(n_days.to_string()));
    assert_eq!(app.attr("progress-trend-text", "data-direction").await?.as_deref(), progress["trend"]["direction"].as_str());
    let violations = app.axe().await?;
    assert!(violations.is_empty(), "axe on the progress screen: {violations:?}");
    app.screenshot("progress-en").await?;
    // By session: the sessions the CLI prints, the trend's direction, the cost per hour as sent.
    assert_eq!(app.attr("progress-view-day", "aria-pressed").await?.as_deref(), Some("true"));
    app.click("progress-view-session").await?;
    app.wait_visible(&format!("{}[data-view=session]", tid("progress-chart"))).await?;
    assert_eq!(app.attr("progress-view-session", "aria-pressed").await?.as_deref(), Some("true"));
    assert_eq!(app.attr("progress-chart", "data-points").await?, Some(n_sessions.to_string()));
    assert_eq!(
        app.attr("progress-trend-text", "data-direction").await?.as_deref(),
        progress["session_trend"]["direction"].as_str()
    );
    let line = app.text("progress-per-hour").await?;
    assert!(line.contains(&format!("({pace} decisions an hour)")) && line.contains(&format!("about {cost} chips")), "{line}");
    let small = app.small_targets().await?;
    assert!(small.is_empty(), "targets under 44 px on the progress screen: {small:?}");
    let violations = app.axe().await?;
    assert!(violations.is_empty(), "axe on the progress screen by session: {violations:?}");
    app.screenshot("progress-sessions-en").await?;
    for lang in ["de", "pt", "ja"] {
        app.set_language(lang).await?;
        app.click("nav-lobby").await?;
        app.click("lobby-review-jacks-or-better").await?;
        app.click("train-progress").await?;
        app.click("progress-view-day").await?;
        app.wait_visible(&format!("{}[data-view=day]", tid("progress-chart"))).await?;
        let violations = app.axe().await?;
        assert!(violations.is_empty(), "axe on the progress screen in {lang}: {violations:?}");
        app.screenshot(&format!("progress-{lang}")).await?;
        app.click("progress-view-session").await?;
        app.wait_visible(&format!("{}[data-view=session]", tid("progress-chart"))).await?;
        let violations = app.axe().await?;
        assert!(violations.is_empty(), "axe on the progress screen by session in {lang}: {violations:?}");
        app.screenshot(&format!("progress-sessions-{lang}")).await?;
    }
    app.close().await
}
