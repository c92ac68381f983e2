//! What is due for review and a game's progress: the lobby's count agrees with `vpoker play review`,
//! the progress screen draws the days `vpoker play progress` prints, axe finds nothing on it, and it
//! is photographed at 390 × 844 in the four languages.

use vpoker_e2e::{play, tid, DataHome, Driver, Result};

/// Three dates before `today` (YYYY-MM-DD): the 10th, 12th and 15th of the month before.
fn earlier_days(today: &str) -> Result<Vec<String>> {
    let parts: Vec<u32> = today.split('-').map(str::parse).collect::<std::result::Result<_, _>>()?;
    let (year, month) = if parts[1] == 1 { (parts[0] - 1, 12) } else { (parts[0], parts[1] - 1) };
    Ok([10, 12, 15].iter().map(|d| format!("{year:04}-{month:02}-{d:02}")).collect())
}

/// Hands on Jacks or Better over three earlier days and today, every third thrown away whole (a
/// mistake): a history with days to show and mistakes due.
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
            let state = play(&db, day.as_deref(), &["deal", "--game", "jacks-or-better", "--bet", "5", "--practice", "--seed", &seed])?;
            let best = state["hand"]["best_hold"].as_u64().ok_or("best_hold")?.to_string();
            let hold = if k % 3 == 0 { "0".to_string() } else { best };
            play(&db, day.as_deref(), &["draw", &hold])?;
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
    for lang in ["de", "pt", "ja"] {
        app.set_language(lang).await?;
        app.click("nav-lobby").await?;
        app.click("lobby-review-jacks-or-better").await?;
        app.click("train-progress").await?;
        app.wait_visible(&tid("progress-chart")).await?;
        let violations = app.axe().await?;
        assert!(violations.is_empty(), "axe on the progress screen in {lang}: {violations:?}");
        app.screenshot(&format!("progress-{lang}")).await?;
    }
    app.close().await
}
