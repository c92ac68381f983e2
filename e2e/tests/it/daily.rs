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

#[tokio::test]
async fn a_whole_day_of_ten_deals_plays_in_the_app_as_vpoker_says() -> Result<()> {
    if !enabled("a_whole_day_of_ten_deals_plays_in_the_app_as_vpoker_says") {
        return Ok(());
    }
    let (data, _driver, app) = launch_phone().await?;
    let chips = app.text_content("chips").await?;
    app.wait_visible(&tid("lobby-daily")).await?;
    app.screenshot("daily-lobby").await?;
    app.click("lobby-daily").await?;
    app.wait_visible(&tid("daily-draw")).await?;
    app.screenshot("daily-deal").await?;
    play_today(&app, true).await?;
    let best = app.attr("daily-score", "data-best").await?.unwrap_or_default();
    let grade = app.attr("daily-score", "data-grade").await?.unwrap_or_default();
    let share = app.text_content("daily-share").await?;
    let db = data.db_path();
    let cli = cli(&["play", "--db", db.to_str().ok_or("utf-8 path")?, "daily"])?;
    assert_eq!(cli["done"], true, "{cli}");
    assert_eq!((best, grade), (cli["score"]["best_holds"].to_string(), cli["score"]["grade"].as_str().unwrap_or("").to_string()));
    assert_eq!(share.trim(), cli["share"].as_str().unwrap_or("").trim());
    for i in 0..10 {
        let mark = app.attr(&format!("daily-review-{i}"), "data-mark").await?;
        assert_eq!(mark.as_deref(), cli["results"][i]["review"]["mark"].as_str(), "deal {i}");
    }
    app.screenshot("daily-done").await?;
    app.click("daily-back").await?;
    app.wait_until("the lobby card says the day is done", || async {
        Ok(app.attr("lobby-daily", "data-done").await?.as_deref() == Some("true"))
    })
    .await?;
    assert_eq!(app.text_content("chips").await?, chips, "no chips moved");
    app.close().await
}
