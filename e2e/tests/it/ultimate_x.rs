//! Ultimate X on the phone: a level-12 profile turns Ultimate X on at Jacks or Better and plays 3
//! and 10 lines for chips. Each line's multiplier shows before the deal (what the next deal of these
//! choices is dealt with), while the hand is played (what it pays at: the hand's own, as `vpoker
//! play state` says) and after the draw (paid at → earned, as `vpoker play history` says); the hint
//! says whether the multipliers change the best hold. In every language at 390 × 844 and 320 × 568
//! (screenshots `ux-*`): axe with no serious or critical finding, every control at least 44 px,
//! nothing wider than the screen; the drill of the hands whose best hold the multipliers change, and
//! the single strategy's chart with its exceptions and its beginner and intermediate tiers (the CLI's
//! lines and returns), in each language. The history shows each hand's multipliers and what it earned, and
//! the app's verification of the newest hand shows them and verifies.

use serde_json::Value;
use vpoker_e2e::*;

const JACKS: &str = "jacks-or-better";

/// Each line's badge on the machine screen, first line first: (`data-now`, `data-next`), empty
/// when not shown.
async fn badges(app: &Session) -> Result<Vec<(String, String)>> {
    read_badges(app, r#"
        const bar = document.querySelector('[data-testid=ux-bar] [data-testid=ux-badge]');
        const extras = [...document.querySelectorAll('.extras [data-testid=extra-hand]')].reverse();
        const all = [bar, ...extras.map((row) => row.querySelector('[data-testid=ux-badge]'))].filter(Boolean);
        return all.map((b) => [b.dataset.now, b.dataset.next]);
    "#)
    .await
}

/// The buttons of every choice (`.seg`) on the screen that the choice's box cuts off (it hides what
/// overflows), by test id: the Ultimate X tab's line counts and tiers must all show.
async fn cut_off(app: &Session) -> Result<Vec<String>> {
    let script = r#"
        return [...document.querySelectorAll('main .seg')].flatMap((seg) => {
            const box = seg.getBoundingClientRect();
            return [...seg.querySelectorAll('button')].filter((b) => {
                const r = b.getBoundingClientRect();
                return r.bottom > box.bottom + 1 || r.top < box.top - 1 || r.right > box.right + 1;
            }).map((b) => b.dataset.testid || b.textContent);
        });"#;
    Ok(serde_json::from_value(app.client().execute(script, vec![]).await?)?)
}

/// Waits until the play screen's badges read `expected`: the badges before a deal are drawn once
/// the core's `next_screen` answers. Then they must.
async fn badges_become(app: &Session, expected: &[(String, String)]) -> Result<()> {
    let _ = app.wait_until("the badges show what the core says", || async move { Ok(badges(app).await? == expected) }).await;
    assert_eq!(badges(app).await?, expected);
    Ok(())
}

/// What `script` returns: pairs of texts.
async fn read_badges(app: &Session, script: &str) -> Result<Vec<(String, String)>> {
    let value = app.client().execute(script, vec![]).await?;
    Ok(value
        .as_array()
        .ok_or("badges")?
        .iter()
        .map(|pair| (pair[0].as_str().unwrap_or("").to_string(), pair[1].as_str().unwrap_or("").to_string()))
        .collect())
}

fn numbers(values: &Value) -> Vec<String> {
    values.as_array().map(|a| a.iter().map(|v| v.to_string()).collect()).unwrap_or_default()
}

#[tokio::test]
#[ignore = "drives the built app: scripts/test.sh runs it (VPOKER_E2E=1, --include-ignored)"]
async fn ultimate_x_shows_every_line_s_multiplier_on_a_phone_in_every_language() -> Result<()> {
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

    app.open_machine(JACKS).await?;
    app.click("ultimate-x").await?;
    app.click("bet-5").await?;
    app.click("hands-3").await?;
    app.wait_ready().await?;
    // Before the first deal: every line starts at the core's start multiplier.
    let start = play(&db, None, &["state"])?["machines"][0]["variants"][0]["start"].to_string();
    badges_become(&app, &vec![(String::new(), start.clone()); 3]).await?;
    let chips = app.chips().await?;
    app.deal().await?;
    let state = play(&db, None, &["state"])?;
    assert_eq!(state["hand"]["stake"], 30, "two coins a line: {state}");
    app.wait_chips(chips - 30).await?;
    let shown: Vec<String> = badges(&app).await?.into_iter().map(|(now, _)| now).collect();
    assert_eq!(shown, numbers(&state["hand"]["multipliers"]), "the hand's own multipliers while it is played");
    app.wait_hint().await?;
    app.wait_visible(&tid("hint-ux")).await?;
    // Play the hint's hold (the value with these multipliers, as `vpoker play hint` ranks it).
    let hint = play(&db, None, &["hint"])?;
    assert_eq!(hint["screen"]["multipliers"], state["hand"]["multipliers"]);
    app.hold(hint["best_hold"].as_u64().ok_or("best_hold")? as u8).await?;
    app.draw().await?;
    let last = &play(&db, None, &["history", "--limit", "1"])?["hands"][0];
    let paid: Vec<String> = last["results"].as_array().ok_or("results")?.iter().map(|r| r["multiplier"].to_string()).collect();
    let earned: Vec<String> = last["results"].as_array().ok_or("results")?.iter().map(|r| r["earned"].to_string()).collect();
    let expected: Vec<(String, String)> = paid.into_iter().zip(earned.clone()).collect();
    // After the draw: paid at → earned, line by line.
    badges_become(&app, &expected).await?;
    app.screenshot("ux-3-drawn-en").await?;
    found.extend(crate::lines::problems(&app).await?.into_iter().map(|p| format!("[en] three drawn: {p}")));
    // The next deal of the same choices is dealt with what each line earned.
    app.deal().await?;
    let next = play(&db, None, &["state"])?;
    assert_eq!(numbers(&next["hand"]["multipliers"]), earned, "carried to the next deal");
    app.draw().await?;

    // The Ultimate X chart's tiers on one line (the chart screen's first count), as the CLI makes them.
    let tiers = cli(&["chart", "--game", JACKS, "--ultimate-x-lines", "1", "--tiers", "--json"])?;
    for lang in ["en", "de", "pt", "ja"] {
        app.set_language(lang).await?;
        app.open_machine(JACKS).await?;
        app.click("hands-10").await?;
        app.wait_ready().await?;
        let ten = || async { Ok(badges(&app).await?.len() == 10) };
        let _ = app.wait_until("ten badges before the deal", ten).await;
        assert_eq!(badges(&app).await?.len(), 10, "[{lang}] ten lines, ten multipliers before the deal");
        app.screenshot(&format!("ux-10-ready-{lang}")).await?;
        found.extend(crate::lines::problems(&app).await?.into_iter().map(|p| format!("[{lang}] ready: {p}")));
        app.deal().await?;
        app.wait_hint().await?;
        app.screenshot(&format!("ux-10-dealt-{lang}")).await?;
        found.extend(crate::lines::problems(&app).await?.into_iter().map(|p| format!("[{lang}] dealt: {p}")));
        app.draw().await?;
        let _ = app.wait_until("ten badges after the draw", ten).await;
        assert_eq!(badges(&app).await?.len(), 10, "[{lang}] ten lines after the draw");
        app.screenshot(&format!("ux-10-drawn-{lang}")).await?;
        found.extend(crate::lines::problems(&app).await?.into_iter().map(|p| format!("[{lang}] drawn: {p}")));
        let wide = crate::phone::overflow(&app).await?;
        assert!(wide.is_empty(), "[{lang}] wider than the screen at 390 px: {wide:?}");
        let widest = widest_wins_fit(&app).await?;
        assert!(widest.is_empty(), "[{lang}] a five-digit win on every line at 390 px: {widest:?}");
        app.window_size(320, 568).await?;
        app.wait_still().await?;
        app.screenshot(&format!("ux-10-drawn-{lang}-320")).await?;
        let wide = crate::phone::overflow(&app).await?;
        assert!(wide.is_empty(), "[{lang}] wider than the screen at 320 px: {wide:?}");
        found.extend(crate::lines::problems(&app).await?.into_iter().map(|p| format!("[{lang}] 320 px: {p}")));
        app.phone_size().await?;
        // The drill with Ultimate X on: a hand whose best hold the multipliers on screen change.
        app.click("machine-train").await?;
        app.wait_visible(&tid("train-ux")).await?;
        app.screenshot(&format!("ux-drill-{lang}")).await?;
        found.extend(crate::lines::problems(&app).await?.into_iter().map(|p| format!("[{lang}] drill: {p}")));
        // The single strategy's chart (one line, the first count) and where the multipliers change
        // the hold.
        app.open_machine(JACKS).await?;
        app.click("machine-chart").await?;
        app.click("chart-tier-ultimate-x").await?;
        app.wait_visible(&tid("ux-chart-exceptions")).await?;
        app.screenshot(&format!("ux-chart-{lang}")).await?;
        found.extend(crate::lines::problems(&app).await?.into_iter().map(|p| format!("[{lang}] chart: {p}")));
        let cut = cut_off(&app).await?;
        assert!(cut.is_empty(), "[{lang}] the chart screen's choices cut off: {cut:?}");
        // Its tiers: the beginner's and the intermediate's lines and returns are the CLI's, the
        // intermediate's new lines marked.
        for (index, name) in [(0, "beginner"), (1, "intermediate")] {
            app.click(&format!("ux-chart-tier-{name}")).await?;
            app.wait_visible(&tid("ux-tier-lines")).await?;
            let tier = &tiers["tiers"][index];
            let shown = app.attr("ux-tier-lines", "data-lines").await?;
            assert_eq!(shown, Some(tier["lines"].as_array().map_or(0, Vec::len).to_string()), "[{lang}] {name}: the CLI's lines");
            let shown: f64 = app.attr("ux-tier-summary", "data-chart-return").await?.unwrap_or_default().parse()?;
            // The same sums in another process: equal to the last bits' rounding.
            let cli_return = tier["chart_return"].as_f64().unwrap_or_default();
            assert!((shown - cli_return).abs() < 1e-12, "[{lang}] {name}: the CLI's return {cli_return}, shown {shown}");
            app.screenshot(&format!("ux-chart-{name}-{lang}")).await?;
            let cut = cut_off(&app).await?;
            assert!(cut.is_empty(), "[{lang}] {name}: the chart screen's choices cut off: {cut:?}");
            found.extend(crate::lines::problems(&app).await?.into_iter().map(|p| format!("[{lang}] {name} chart: {p}")));
        }
        assert!(app.is_visible(&tid("tier-new")).await?, "[{lang}] the intermediate's new lines are marked");
        app.click("ux-chart-tier-expert").await?;
        app.wait_visible(&tid("ux-chart-exceptions")).await?;
    }
    // Practice on a casino table's Ultimate X game (8/6 Jacks or Better, the cabinets' table): the
    // multiplier before the deal, while playing and after the draw, as the CLI's history says.
    app.set_language("en").await?;
    app.open_tab("lobby").await?;
    app.click("lobby-tables").await?;
    app.wait_visible(&tid("tables-list")).await?;
    app.click("table-jacks-or-better-8-6").await?;
    app.wait_visible(&tid("deal-draw")).await?;
    // The variant the player chose on the machine stays chosen on the next table that offers it.
    if app.attr("ultimate-x", "aria-pressed").await?.as_deref() != Some("true") {
        app.click("ultimate-x").await?;
    }
    app.click("hands-1").await?;
    app.wait_visible(&tid("ux-bar")).await?;
    app.deal().await?;
    let hand = play(&db, None, &["hint"])?;
    assert_eq!(hand["table"], "ultimate-x:jacks-or-better-8-6", "{hand}");
    let shown: Vec<(String, String)> = badges(&app).await?;
    assert_eq!(shown, vec![(numbers(&hand["screen"]["multipliers"])[0].clone(), String::new())]);
    // Resumed from the lobby, the variant's hand opens on its table's screen, the variant chosen.
    app.open_tab("lobby").await?;
    app.click("lobby-table-resume").await?;
    app.wait_visible(&tid("ux-bar")).await?;
    app.wait_until("the waiting hand is on its table's screen", || async { Ok(app.phase().await? == "draw") }).await?;
    assert_eq!(badges(&app).await?, shown, "the same hand and lines after the resume");
    app.draw().await?;
    let last = &play(&db, None, &["history", "--limit", "1"])?["hands"][0];
    let result = &last["results"][0];
    badges_become(&app, &[(result["multiplier"].to_string(), result["earned"].to_string())]).await?;
    // The figures shown after the draw are the variant's own table's: this hand is its first.
    crate::tables::figures_count(&app, "1").await?;
    app.screenshot("ux-table-en").await?;
    found.extend(crate::lines::problems(&app).await?.into_iter().map(|p| format!("[en] table: {p}")));
    // The history names each line's multiplier and what it earned; the newest hand verifies in the
    // app with its multipliers shown.
    app.open_tab("history").await?;
    app.wait_visible(&tid("history-ux")).await?;
    app.screenshot("ux-history-en").await?;
    found.extend(crate::lines::problems(&app).await?.into_iter().map(|p| format!("[en] history: {p}")));
    app.click("history-verify").await?;
    app.wait_visible(&tid("verify-ux")).await?;
    assert_eq!(app.attr("verification", "data-verified").await?.as_deref(), Some("true"));
    app.screenshot("ux-verify-en").await?;
    found.extend(crate::lines::problems(&app).await?.into_iter().map(|p| format!("[en] verify: {p}")));
    // Every hand the app dealt verifies, multipliers included, by the whole history's replay.
    let all = cli(&["verify", "--db", db.to_str().ok_or("path")?, "--all", "--json"])?;
    assert_eq!(all["verified"], true, "{all}");
    assert!(found.is_empty(), "{}", found.join("\n"));
    app.close().await
}

/// Writes the widest win a Ten Play line can show (a royal at the top multiplier, five digits in
/// the player's number format) into every line's result, checks nothing is cut or sticks out, and
/// puts the screen back as the core sent it.
async fn widest_wins_fit(app: &Session) -> Result<Vec<String>> {
    let script = r#"
        const cells = [...document.querySelectorAll(".extras.compact .extra-result")];
        const before = cells.map((c) => c.textContent);
        const wide = new Intl.NumberFormat(document.documentElement.lang).format(48000);
        cells.forEach((c) => { c.textContent = wide; });
        return before;
    "#;
    let before = app.client().execute(script, vec![]).await?;
    let problems = crate::phone::overflow(app).await?;
    let restore = "const cells = [...document.querySelectorAll('.extras.compact .extra-result')];
        arguments[0].forEach((text, i) => { cells[i].textContent = text; });";
    app.client().execute(restore, vec![before]).await?;
    Ok(problems)
}
