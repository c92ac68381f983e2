//! End-to-end: today's ten deals in the real app — the lobby card, a whole day played, the
//! summary and review, what `vpoker play daily` says on the app's own database, and no chips moved.

use vpoker_e2e::*;

/// Plays the rest of today's ten from the daily screen, holding `hold_first` (the first card) or
/// nothing, waiting for each draw to come back before the next.
pub async fn play_today(app: &Session, hold_first: bool) -> Result<()> {
    loop {
        // How many deals the screen shows played (`data-played`, from the state Rust sent).
        let before = app.attr("daily-machine", "data-played").await?.unwrap_or_default();
        if before == "10" {
            break;
        }
        if hold_first {
            app.click("daily-card-0").await?;
        }
        app.click("daily-draw").await?;
        app.wait_until("the draw comes back", || async {
            Ok(app.attr("daily-machine", "data-played").await?.is_some_and(|now| now != before))
        })
        .await?;
    }
    app.wait_visible(&tid("daily-score")).await?;
    Ok(())
}

/// The local date `days` days before today, as `date` (the one the app reads) writes it.
fn days_ago(days: u32) -> Result<String> {
    let out = std::process::Command::new("date").args(["-d", &format!("-{days} day"), "+%F"]).output()?;
    Ok(String::from_utf8(out.stdout)?.trim().to_string())
}

/// What the X clipboard holds (the app's own selection, read as any other program reads it).
fn clipboard() -> Result<String> {
    let out = std::process::Command::new("xclip").args(["-selection", "clipboard", "-o"]).output()
        .map_err(|e| format!("xclip (apt install xclip; scripts/deps.sh installs it): {e}"))?;
    Ok(String::from_utf8(out.stdout)?)
}

#[tokio::test]
#[ignore = "drives the built app: scripts/test.sh runs it (VPOKER_E2E=1, --include-ignored)"]
async fn a_whole_day_of_ten_deals_plays_in_the_app_as_vpoker_says() -> Result<()> {
    // The six days before today played with the CLI: today's ten close a run of seven.
    let data = DataHome::new()?;
    std::fs::create_dir_all(data.db_path().parent().ok_or("no parent")?)?;
    for back in (1..=6).rev() {
        let day = days_ago(back)?;
        for _ in 0..10 {
            play(&data.db_path(), Some(&day), &["daily-draw", "--hold", "0"])?;
        }
    }
    // The game's language setting: the share text the app shows is the core's in that language, the
    // one `vpoker play daily` gives under `share.de`.
    play(&data.db_path(), None, &["set", "language", "de"])?;
    let driver = Driver::start(&data)?;
    let app = driver.launch().await?;
    app.phone_size().await?;
    app.wait_chips(1000).await?;
    let chips = app.text_content("chips").await?;
    app.wait_visible(&tid("lobby-daily")).await?;
    app.screenshot("daily-lobby").await?;
    app.click("lobby-daily").await?;
    app.wait_visible(&tid("daily-draw")).await?;
    app.screenshot("daily-deal").await?;
    play_today(&app, true).await?;
    // The seventh day in a row: a quiet toast, once.
    let toast = app.wait_visible(&tid("milestone-toast")).await?;
    assert!(!toast.text().await?.is_empty());
    app.screenshot("milestone-toast").await?;
    let best = app.attr("daily-score", "data-best").await?.unwrap_or_default();
    let grade = app.attr("daily-score", "data-grade").await?.unwrap_or_default();
    let share = app.text_content("daily-share").await?;
    let db = data.db_path();
    let cli = cli(&["play", "--db", db.to_str().ok_or("utf-8 path")?, "daily"])?;
    assert_eq!(cli["done"], true, "{cli}");
    assert_eq!(cli["streak"], 7, "{cli}");
    assert_eq!((best, grade), (cli["score"]["best_holds"].to_string(), cli["score"]["grade"].as_str().unwrap_or("").to_string()));
    assert_eq!(share.trim(), cli["share"]["de"].as_str().unwrap_or("").trim());
    // Its date is the one the UI writes (Intl's medium date of the page's language).
    let today = days_ago(0)?;
    let script = "const [y, m, d] = arguments[0].split('-').map(Number); return new Intl.DateTimeFormat(document.documentElement.lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));";
    let shown_day = app.client().execute(script, vec![serde_json::json!(today)]).await?;
    let shown_day = shown_day.as_str().ok_or("a formatted date")?;
    assert!(share.contains(&format!(" · {shown_day} · ")), "the share text {share:?} holds the date as the UI writes it, {shown_day:?}");
    for i in 0..10 {
        let mark = app.attr(&format!("daily-review-{i}"), "data-mark").await?;
        assert_eq!(mark.as_deref(), cli["results"][i]["review"]["mark"].as_str(), "deal {i}");
    }
    app.screenshot("daily-done").await?;
    // Share: the text lands on the clipboard through the clipboard plugin.
    let label = app.text_content("daily-copy").await?;
    app.click("daily-copy").await?;
    app.wait_until("the copy button says copied", || async { Ok(app.text_content("daily-copy").await? != label) }).await?;
    assert_eq!(clipboard()?.trim(), cli["share"]["de"].as_str().unwrap_or("").trim(), "the share text on the clipboard");
    app.click("daily-back").await?;
    app.wait_until("the lobby card says the day is done", || async {
        Ok(app.attr("lobby-daily", "data-done").await?.as_deref() == Some("true"))
    })
    .await?;
    assert_eq!(app.text_content("chips").await?, chips, "no chips moved");
    // The milestones screen agrees with `vpoker play milestones`.
    app.click("lobby-milestones").await?;
    app.wait_visible(&tid("milestones-count")).await?;
    let listed = cli_play(&db, &["milestones"])?;
    let reached = listed.as_array().ok_or("a list")?.iter().filter(|m| m["reached"] == true).count();
    assert_eq!(app.attr("milestones-count", "data-reached").await?, Some(reached.to_string()));
    assert_eq!(app.attr("milestone-daily-7", "data-reached").await?.as_deref(), Some("true"));
    assert_eq!(app.attr("milestone-daily-30", "data-reached").await?.as_deref(), Some("false"));
    app.screenshot("milestones").await?;
    // The day's screen, the lobby and the milestones in Portuguese and Japanese, to look at: the
    // share text in the language shown, as `vpoker play daily` writes it there.
    for lang in ["pt", "ja"] {
        app.set_language(lang).await?;
        app.screenshot(&format!("settings-{lang}")).await?;
        app.open_tab("lobby").await?;
        app.wait_visible(&tid("lobby-daily")).await?;
        app.screenshot(&format!("daily-lobby-{lang}")).await?;
        app.click("lobby-daily").await?;
        app.wait_visible(&tid("daily-share")).await?;
        assert_eq!(app.text_content("daily-share").await?.trim(), cli["share"][lang].as_str().unwrap_or("").trim(), "{lang}");
        app.screenshot(&format!("daily-done-{lang}")).await?;
        let problems = crate::phone::overflow(&app).await?;
        assert!(problems.is_empty(), "the day's screen at 390 px ({lang}): {problems:?}");
        app.click("daily-back").await?;
        app.click("lobby-milestones").await?;
        app.wait_visible(&tid("milestones-count")).await?;
        app.screenshot(&format!("milestones-{lang}")).await?;
    }
    app.close().await
}

fn cli_play(db: &std::path::Path, command: &[&str]) -> Result<serde_json::Value> {
    play(db, None, command)
}
