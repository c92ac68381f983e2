//! End-to-end: practising a casino table in the real app — the library, a Double Double Bonus 9/6
//! hand with the table's hint (as `vpoker play hint` gives it on the app's file), the mistake
//! warning before a draw, the same cards with the best hold after it, and the table's chart. No chips.

use vpoker_e2e::*;

/// Holds the cards of `mask` on the practice screen (bit i = card i), from nothing held.
pub async fn hold_mask(app: &Session, mask: u64) -> Result<()> {
    for i in 0..5 {
        if mask >> i & 1 == 1 {
            app.click(&format!("table-card-{i}")).await?;
        }
    }
    Ok(())
}

/// Shows the hint of the table hand on screen, holds its best hold and draws (no warning: the best
/// hold is never a mistake); returns when the result is shown.
pub async fn draw_best(app: &Session) -> Result<()> {
    if !app.is_visible(&tid("table-hint-best")).await? {
        app.click("table-hint").await?;
        app.wait_visible(&tid("table-hint-best")).await?;
    }
    let best: u64 = app.attr("table-hint-best", "data-hold").await?.ok_or("no hold")?.parse()?;
    hold_mask(app, best).await?;
    app.click("table-draw").await?;
    app.wait_visible(&tid("table-result")).await?;
    Ok(())
}

#[tokio::test]
async fn a_casino_table_is_practised_with_its_hint_warning_and_chart() -> Result<()> {
    if !enabled("a_casino_table_is_practised_with_its_hint_warning_and_chart") {
        return Ok(());
    }
    let (data, _driver, app) = launch_phone().await?;
    let chips = app.text_content("chips").await?;
    app.click("lobby-tables").await?;
    app.wait_visible(&tid("tables-list")).await?;
    app.screenshot("tables-library").await?;
    app.click("table-double-double-bonus-9-6").await?;
    app.wait_visible(&tid("table-deal")).await?;
    app.click("table-deal").await?;
    app.wait_visible(&tid("table-draw")).await?;
    app.click("table-hint").await?;
    app.wait_visible(&tid("table-hint-best")).await?;
    let shown: u64 = app.attr("table-hint-best", "data-hold").await?.ok_or("no hold")?.parse()?;
    // The app's hint is the core's on the app's own file.
    let db = data.db_path();
    let hint = play(&db, None, &["hint"])?;
    assert_eq!(hint["hand"]["table"], "double-double-bonus-9-6", "{hint}");
    assert_eq!(hint["best_hold"].as_u64(), Some(shown), "{hint}");
    app.screenshot("table-hint").await?;
    // A hold that gives EV up: the warning comes before the draw.
    let worse = if shown == 31 { 0 } else { 31 };
    hold_mask(&app, worse).await?;
    app.click("table-draw").await?;
    app.wait_visible(&tid("warn-draw")).await?;
    app.screenshot("table-warning").await?;
    app.click("warn-draw").await?;
    app.wait_visible(&tid("table-result")).await?;
    assert_eq!(app.attr("table-result", "data-mistake").await?.as_deref(), Some("true"));
    assert_eq!(app.attr("table-figures", "data-hands").await?.as_deref(), Some("1"));
    app.screenshot("table-result").await?;
    app.click("table-chart").await?;
    app.wait_visible(&tid("table-chart-lines")).await?;
    app.screenshot("table-chart").await?;
    assert_eq!(app.text_content("chips").await?, chips, "no chips moved");
    // A hand left waiting: the lobby says where it is and takes the player back to it.
    app.click("table-deal").await?;
    app.wait_visible(&tid("table-draw")).await?;
    app.click("table-back").await?;
    app.click("tables-back").await?;
    app.wait_visible(&tid("lobby-table-resume")).await?;
    app.screenshot("lobby-table-waiting").await?;
    app.click("lobby-table-resume").await?;
    app.wait_visible(&tid("table-draw")).await?;
    draw_best(&app).await?;
    assert_eq!(app.attr("table-figures", "data-hands").await?.as_deref(), Some("2"));
    app.close().await
}
