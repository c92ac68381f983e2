//! Super Times Pay on the phone: a level-12 profile turns it on at Jacks or Better and plays 10
//! lines for chips (six chips a line for every five of the bet). Nothing shows before the deal (the
//! multiplier is drawn with it); while the hand is played each line's badge is the multiplier its
//! seed drew (the hand's own, as `vpoker play state` says), lit above 1×; the history says each
//! line's multiplier at the deal and the app's verification of the hand shows them and verifies. In
//! every language at 390 × 844 and 320 × 568 (screenshots `st-*`): nothing wider than the screen,
//! the lines' texts whole. After the draw each line keeps the badge it was paid at.

use serde_json::Value;
use vpoker_e2e::*;

const JACKS: &str = "jacks-or-better";

/// Each line's badge on the machine screen, first line first (`data-now`), empty when none shows.
async fn badges(app: &Session) -> Result<Vec<String>> {
    let script = r#"
        const bar = document.querySelector('[data-testid=ux-bar] [data-testid=ux-badge]');
        const extras = [...document.querySelectorAll('.extras [data-testid=extra-hand]')].reverse();
        const all = [bar, ...extras.map((row) => row.querySelector('[data-testid=ux-badge]'))].filter(Boolean);
        return all.map((b) => [b.dataset.now, b.classList.contains('high')]);"#;
    let value = app.client().execute(script, vec![]).await?;
    let pairs = value.as_array().ok_or("badges")?;
    Ok(pairs.iter().map(|p| format!("{}{}", p[0].as_str().unwrap_or(""), if p[1] == Value::Bool(true) { "!" } else { "" })).collect())
}

/// The hand's multipliers as the badges write them: the value, and "!" on a lit one (above 1×).
fn expected(multipliers: &Value) -> Vec<String> {
    multipliers
        .as_array()
        .map(|a| a.iter().map(|m| format!("{m}{}", if m.as_u64() > Some(1) { "!" } else { "" })).collect())
        .unwrap_or_default()
}

#[tokio::test]
#[ignore = "drives the built app: scripts/test.sh runs it (VPOKER_E2E=1, --include-ignored)"]
async fn super_times_pay_shows_each_line_s_drawn_multiplier_on_a_phone_in_every_language() -> Result<()> {
    require_e2e()?;
    let data = DataHome::new()?;
    let db = data.db_path();
    std::fs::create_dir_all(db.parent().ok_or("no parent")?)?;
    crate::app::prepare_level(&db, 12)?;
    let driver = Driver::start(&data)?;
    let app = driver.launch().await?;
    app.phone_size().await?;
    app.wait_loaded().await?;
    let mut found = Vec::new();
    let mut multiplied = 0;
    let mut before: Vec<String> = Vec::new();
    for lang in ["en", "de", "pt", "ja"] {
        app.set_language(lang).await?;
        app.open_machine(JACKS).await?;
        if app.attr("super-times", "aria-pressed").await?.as_deref() != Some("true") {
            app.click("super-times").await?;
        }
        app.click("bet-5").await?;
        app.click("hands-10").await?;
        app.wait_ready().await?;
        // Before a deal nothing new is shown: no badge before the first, the last hand's after it.
        assert_eq!(badges(&app).await?, before, "[{lang}] before the deal");
        app.screenshot(&format!("st-10-ready-{lang}")).await?;
        let chips = app.chips().await?;
        app.deal().await?;
        let state = play(&db, None, &["state"])?;
        assert_eq!(state["hand"]["table"], "super-times:jacks-or-better", "{state}");
        assert_eq!(state["hand"]["stake"], 60, "[{lang}] 5 chips × 10 lines × 6/5: {state}");
        app.wait_chips(chips - 60).await?;
        let want = expected(&state["hand"]["multipliers"]);
        let _ = app.wait_until("the badges show the hand's multipliers", || { let want = want.clone(); let app = &app; async move { Ok(badges(app).await? == want) } }).await;
        assert_eq!(badges(&app).await?, want, "[{lang}] the hand's own multipliers while it is played");
        multiplied += want.iter().filter(|b| b.ends_with('!')).count();
        let bet_line = app.text("win-total").await?;
        assert!(bet_line.contains("60"), "[{lang}] the bet line gives the stake: {bet_line}");
        app.wait_hint().await?;
        app.screenshot(&format!("st-10-dealt-{lang}")).await?;
        found.extend(crate::lines::problems(&app).await?.into_iter().map(|p| format!("[{lang}] dealt: {p}")));
        app.draw().await?;
        app.wait_ready().await?;
        // After the draw each line keeps the badge it was paid at (the finished hand's `screen`).
        let _ = app.wait_until("the badges stay after the draw", || { let want = want.clone(); let app = &app; async move { Ok(badges(app).await? == want) } }).await;
        assert_eq!(badges(&app).await?, want, "[{lang}] what each line was paid at, after the draw");
        app.screenshot(&format!("st-10-drawn-{lang}")).await?;
        found.extend(crate::lines::problems(&app).await?.into_iter().map(|p| format!("[{lang}] drawn: {p}")));
        let wide = crate::phone::overflow(&app).await?;
        assert!(wide.is_empty(), "[{lang}] wider than the screen at 390 px: {wide:?}");
        app.window_size(320, 568).await?;
        app.wait_still().await?;
        app.screenshot(&format!("st-10-drawn-{lang}-320")).await?;
        let wide = crate::phone::overflow(&app).await?;
        assert!(wide.is_empty(), "[{lang}] wider than the screen at 320 px: {wide:?}");
        found.extend(crate::lines::problems(&app).await?.into_iter().map(|p| format!("[{lang}] 320 px: {p}")));
        app.phone_size().await?;
        before = want;
    }
    // The history names each line's multiplier at the deal; the app's verification shows them.
    let last = &play(&db, None, &["history", "--limit", "1"])?["hands"][0];
    app.set_language("en").await?;
    app.open_tab("history").await?;
    app.wait_visible(&tid("history-ux")).await?;
    let shown = app.text("history-ux").await?;
    assert!(shown.starts_with("Super Times Pay: multipliers at the deal "), "{shown}");
    let badges_text: Vec<String> = last["multipliers"].as_array().ok_or("multipliers")?.iter().map(|m| format!("{m}×")).collect();
    assert!(shown.contains(&badges_text.join(" ")), "{shown} against {last}");
    app.screenshot("st-history-en").await?;
    println!("super times pay: {multiplied} of 40 lines dealt with a multiplier");
    assert!(found.is_empty(), "{found:#?}");
    Ok(())
}
