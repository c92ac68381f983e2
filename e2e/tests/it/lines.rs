//! Ten, Fifty and Hundred Play on the phone: a profile at level 20 (every line count open) plays 10
//! and 100 lines for chips; Ten Play shows its nine extra hands as small hands, Hundred Play its 99
//! as a grid of cells with the tally by outcome the core sends (lines per row and their win). In
//! every language: the screen at 390 × 844 and 320 × 568 (screenshots `lines-*`), axe with no
//! serious or critical finding, every control at least 44 px, nothing wider than the screen. The
//! round trip of a hundred-line deal and of its draw, tap to rendered screen, is written to
//! target/e2e/figures-lines.txt (a figure, not a timed assertion).

use serde_json::Value;
use vpoker_e2e::*;

const JACKS: &str = "jacks-or-better";

/// Axe's serious and critical findings and the controls under 44 px, on the page as it is.
pub(crate) async fn problems(app: &Session) -> Result<Vec<String>> {
    app.wait_still().await?;
    let mut out = Vec::new();
    for violation in app.axe().await? {
        let impact = violation["impact"].as_str().unwrap_or("?");
        if impact == "serious" || impact == "critical" {
            out.push(format!("axe {}: {}", violation["id"], violation["nodes"]));
        }
    }
    for target in app.small_targets().await? {
        out.push(format!("small target {} × {} {}", target["width"], target["height"], target["html"]));
    }
    Ok(out)
}

/// Milliseconds from a tap on Deal/Draw to the screen showing its result (`until`: a CSS selector
/// that exists once rendered), measured in the page.
async fn tap_to_render(app: &Session, until: &str) -> Result<f64> {
    let script = r#"
        const [until, done] = arguments;
        const start = performance.now();
        document.querySelector('[data-testid="deal-draw"]').click();
        const check = () => {
          const warn = document.querySelector('[data-testid="warn-draw"]');
          if (warn) warn.click();
          if (document.querySelector(until)) requestAnimationFrame(() => done(performance.now() - start));
          else requestAnimationFrame(check);
        };
        check();
    "#;
    let ms = app.client().execute_async(script, vec![Value::String(until.to_string())]).await?;
    ms.as_f64().ok_or_else(|| format!("no time measured: {ms}").into())
}

#[tokio::test]
#[ignore = "drives the built app: scripts/test.sh runs it (VPOKER_E2E=1, --include-ignored)"]
async fn ten_and_a_hundred_lines_on_a_phone_in_every_language() -> Result<()> {
    require_e2e()?;
    let data = DataHome::new()?;
    let db = data.db_path();
    std::fs::create_dir_all(db.parent().ok_or("no parent")?)?;
    let state = crate::app::prepare_level(&db, 20)?;
    // Chips for several hundred-line deals at the smallest bet (500 chips each).
    let mut day = 0;
    while play(&db, None, &["state"])?["chips"].as_u64().unwrap_or(0) < 4000 {
        play(&db, Some(&format!("2030-{:02}-{:02}", 1 + day / 28, 1 + day % 28)), &["claim-daily"])?;
        day += 1;
    }
    assert!(state["lines"].as_array().ok_or("lines")?.iter().all(|l| l["unlocked"] == true), "{state}");
    let driver = Driver::start(&data)?;
    let app = driver.launch().await?;
    app.phone_size().await?;
    app.wait_loaded().await?;
    let mut found = Vec::new();
    let mut figures = Vec::new();

    // Ten Play: nine extra hands as small hands, and the tally.
    app.open_machine(JACKS).await?;
    app.click("bet-5").await?;
    app.click("hands-10").await?;
    app.deal().await?;
    app.draw().await?;
    app.wait_visible(&tid("tally")).await?;
    let extras = app.client().find_all(fantoccini::Locator::Css("[data-testid=extra-hand]")).await?;
    assert_eq!(extras.len(), 9, "Ten Play shows the main hand and nine extra hands");
    app.screenshot("lines-10-en").await?;
    found.extend(problems(&app).await?.into_iter().map(|p| format!("[en] ten: {p}")));

    for (k, lang) in ["en", "de", "pt", "ja"].into_iter().enumerate() {
        app.set_language(lang).await?;
        app.open_machine(JACKS).await?;
        app.click("hands-100").await?;
        app.wait_ready().await?;
        if k == 0 {
            let deal_ms = tap_to_render(&app, "[data-testid=deal-draw][data-phase=draw]").await?;
            app.wait_ready().await?;
            let draw_ms = tap_to_render(&app, "[data-testid=tally]").await?;
            figures.push(format!("hundred lines at 390 x 844: deal {deal_ms:.0} ms, draw {draw_ms:.0} ms (tap to rendered screen)"));
            app.wait_ready().await?;
            app.click("hands-100").await?;
        }
        app.deal().await?;
        let cells = app.client().find_all(fantoccini::Locator::Css("[data-testid=line-cell]")).await?;
        assert_eq!(cells.len(), 99, "[{lang}] Hundred Play shows 99 extra hands as cells before the draw");
        app.screenshot(&format!("lines-100-dealt-{lang}")).await?;
        found.extend(problems(&app).await?.into_iter().map(|p| format!("[{lang}] dealt: {p}")));
        app.draw().await?;
        app.wait_visible(&tid("tally")).await?;
        let rows = app.client().find_all(fantoccini::Locator::Css("[data-testid=tally-row]")).await?;
        let mut lines = 0u64;
        for row in &rows {
            lines += row.attr("data-hands").await?.and_then(|n| n.parse().ok()).unwrap_or(0);
        }
        assert_eq!(lines, 100, "[{lang}] the tally counts all hundred hands");
        let won = app.client().find_all(fantoccini::Locator::Css("[data-testid=line-cell].won")).await?;
        let won_cells = app.client().find_all(fantoccini::Locator::Css("[data-testid=line-cell]:not([data-outcome=nothing])")).await?;
        assert!(won.len() <= won_cells.len(), "[{lang}] only hands with a row are lit");
        app.screenshot(&format!("lines-100-{lang}")).await?;
        found.extend(problems(&app).await?.into_iter().map(|p| format!("[{lang}] drawn: {p}")));
        let wide = crate::phone::overflow(&app).await?;
        assert!(wide.is_empty(), "[{lang}] wider than the screen at 390 px: {wide:?}");
        app.window_size(320, 568).await?;
        app.wait_still().await?;
        app.screenshot(&format!("lines-100-{lang}-320")).await?;
        let wide = crate::phone::overflow(&app).await?;
        assert!(wide.is_empty(), "[{lang}] wider than the screen at 320 px: {wide:?}");
        found.extend(problems(&app).await?.into_iter().map(|p| format!("[{lang}] 320 px: {p}")));
        app.phone_size().await?;
    }
    // A practised casino table deals the same line counts: a hundred hands and their tally.
    app.set_language("en").await?;
    app.open_tab("lobby").await?;
    app.click("lobby-tables").await?;
    app.wait_visible(&tid("tables-list")).await?;
    app.click("table-double-double-bonus").await?;
    app.wait_visible(&tid("deal-draw")).await?;
    app.click("hands-100").await?;
    app.deal().await?;
    app.draw().await?;
    app.wait_visible(&tid("tally")).await?;
    let rows = app.client().find_all(fantoccini::Locator::Css("[data-testid=tally] [data-testid=tally-row]")).await?;
    let mut lines = 0u64;
    for row in &rows {
        lines += row.attr("data-hands").await?.and_then(|n| n.parse().ok()).unwrap_or(0);
    }
    assert_eq!(lines, 100, "the table's tally counts all hundred hands");
    app.screenshot("lines-table-100-en").await?;
    found.extend(problems(&app).await?.into_iter().map(|p| format!("[en] table: {p}")));
    // The history: the hundred-line hand by its tally, and the profile's filled hands marked as
    // dealt from a chosen seed (the CLI's `fill --seed`), the app's own not.
    app.open_tab("history").await?;
    app.wait_visible(&tid("history-tally")).await?;
    let tally = app.text("history-tally").await?;
    assert!(tally.contains('×'), "{tally}");
    app.screenshot("lines-history-en").await?;
    let rows = app.client().find_all(fantoccini::Locator::Css("[data-testid=history-row]")).await?;
    let mut chosen = None;
    for row in &rows {
        if row.text().await?.contains("seed chosen") {
            chosen = Some(row);
            break;
        }
    }
    let chosen = chosen.ok_or("no hand of the filled profile is marked as dealt from a chosen seed")?;
    app.client().execute("arguments[0].scrollIntoView({block: 'center'})", vec![serde_json::to_value(chosen)?]).await?;
    app.wait_still().await?;
    app.screenshot("lines-history-chosen-en").await?;
    for row in rows.iter().take(6) {
        assert!(!row.text().await?.contains("seed chosen"), "the app's own hands are dealt from the system's seeds");
    }
    found.extend(problems(&app).await?.into_iter().map(|p| format!("[en] history: {p}")));
    let report = figures.join("\n");
    eprintln!("{report}");
    let dir = repo_root().join("target").join("e2e");
    std::fs::create_dir_all(&dir)?;
    std::fs::write(dir.join("figures-lines.txt"), report + "\n")?;
    app.close().await?;
    assert!(found.is_empty(), "{}", found.join("\n"));
    Ok(())
}
