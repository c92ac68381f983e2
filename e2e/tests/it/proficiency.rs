//! End-to-end: a game's proficiency check in the real app — reached from the drill screen and from
//! the progress screen, today's 25 questions played through the UI, the score, each question's
//! review and the curve against what `vpoker play proficiency` says on the app's own database;
//! axe on the screen playing and complete, photographed at 390 × 844 in the four languages (and
//! 320 × 568 while playing).

use vpoker_e2e::*;

const GAME: &str = "jacks-or-better";

/// The local date `days` days before today, as `date` (the one the app reads) writes it.
fn days_ago(days: u32) -> Result<String> {
    let out = std::process::Command::new("date").args(["-d", &format!("-{days} day"), "+%F"]).output()?;
    Ok(String::from_utf8(out.stdout)?.trim().to_string())
}

/// Opens the check from the machine's drill screen and waits for it.
async fn open_from_drill(app: &Session) -> Result<()> {
    app.open_tab("lobby").await?;
    app.open_machine(GAME).await?;
    app.click("machine-train").await?;
    app.click("train-proficiency").await?;
    app.wait_visible(&tid("proficiency-curve")).await?;
    app.wait_loaded().await
}

/// Axe and nothing wider than the screen, then a photograph.
async fn checked(app: &Session, name: &str) -> Result<()> {
    app.wait_still().await?;
    let violations = app.axe().await?;
    assert!(violations.is_empty(), "axe on {name}: {violations:?}");
    let wide = crate::phone::overflow(app).await?;
    assert!(wide.is_empty(), "{name}: wider than the screen: {wide:?}");
    app.screenshot(name).await?;
    Ok(())
}

#[tokio::test]
#[ignore = "drives the built app: scripts/test.sh runs it (VPOKER_E2E=1, --include-ignored)"]
async fn a_proficiency_check_plays_in_the_app_as_vpoker_says() -> Result<()> {
    // Two earlier checks played with the CLI (more mistakes on the first): the curve has points
    // and a trend before today's.
    let data = DataHome::new()?;
    let db = data.db_path();
    std::fs::create_dir_all(db.parent().ok_or("no parent")?)?;
    for (back, nothing) in [(3, 12), (1, 6)] {
        let day = days_ago(back)?;
        let check = play(&db, Some(&day), &["proficiency", "--game", GAME])?;
        for i in 0..25usize {
            let q = &check["questions"][i];
            let cards: Vec<String> = q["cards"].as_array().ok_or("cards")?.iter().map(|c| c.as_str().unwrap_or_default().to_string()).collect();
            let hold = if i < nothing { 0 } else { cli_best_hold(GAME, &cards)? };
            play(&db, Some(&day), &["proficiency", "--game", GAME, "--answer", &i.to_string(), "--hold", &hold.to_string()])?;
        }
    }
    let before = play(&db, None, &["proficiency", "--game", GAME])?;
    assert_eq!(before["curve"]["checks"].as_array().map(Vec::len), Some(2));

    let driver = Driver::start(&data)?;
    let app = driver.launch().await?;
    app.phone_size().await?;
    app.wait_chips(1000).await?;
    // The first question in each language (from the drill screen; in German also from progress).
    for lang in ["en", "de", "pt", "ja"] {
        app.set_language(lang).await?;
        if lang == "de" {
            app.open_tab("lobby").await?;
            app.open_machine(GAME).await?;
            app.click("machine-train").await?;
            app.click("train-progress").await?;
            app.click("progress-proficiency").await?;
            app.wait_visible(&tid("proficiency-curve")).await?;
            app.wait_loaded().await?;
        } else {
            open_from_drill(&app).await?;
        }
        assert_eq!(app.attr("proficiency-date", "data-date").await?.as_deref(), before["date"].as_str(), "[{lang}] today's check");
        assert_eq!(app.attr("proficiency-progress", "data-next").await?.as_deref(), Some("0"));
        assert_eq!(app.attr("proficiency-curve", "data-checks").await?.as_deref(), Some("2"));
        checked(&app, &format!("proficiency-{lang}")).await?;
        app.window_size(320, 568).await?;
        checked(&app, &format!("proficiency-{lang}-320")).await?;
        app.phone_size().await?;
    }
    // Play the 25 in English: the first card held on every third question, nothing otherwise.
    app.set_language("en").await?;
    open_from_drill(&app).await?;
    let mut holds = Vec::new();
    for i in 0..25usize {
        assert_eq!(app.attr("proficiency-progress", "data-next").await?, Some(i.to_string()));
        let cards: Vec<Option<String>> = question_cards(&app).await?;
        assert_eq!(
            cards.iter().map(|c| c.clone().unwrap_or_default()).collect::<Vec<_>>(),
            before["questions"][i]["cards"].as_array().ok_or("cards")?.iter().map(|c| c.as_str().unwrap_or_default().to_string()).collect::<Vec<_>>(),
            "question {i}: the CLI's cards"
        );
        let hold = if i % 3 == 0 { 1 } else { 0 };
        if hold == 1 {
            app.click("proficiency-card-0").await?;
        }
        holds.push(hold);
        app.click("proficiency-answer").await?;
        app.wait_until("the answer comes back", || async {
            // The next question, or after the last the score (the question's line is gone): one look
            // at the page for both, so a redraw between two looks cannot leave the wait on an element
            // that is gone for good.
            let now = app
                .client()
                .execute(
                    "const score = document.querySelector('[data-testid=proficiency-score]');
                     const next = document.querySelector('[data-testid=proficiency-progress]');
                     return score ? 'score' : next ? next.dataset.next : null;",
                    vec![],
                )
                .await?;
            let expected = if i == 24 { "score".to_string() } else { (i + 1).to_string() };
            Ok(now.as_str() == Some(expected.as_str()))
        })
        .await?;
    }
    app.wait_visible(&tid("proficiency-score")).await?;
    // What the app shows is what `vpoker play proficiency` says on the same database.
    let after = play(&db, None, &["proficiency", "--game", GAME])?;
    assert_eq!(after["done"], true);
    for (i, hold) in holds.iter().enumerate() {
        assert_eq!(after["questions"][i]["hold"].as_u64(), Some(*hold), "question {i}");
        assert_eq!(
            app.attr(&format!("proficiency-review-{i}"), "data-mark").await?.as_deref(),
            after["questions"][i]["review"]["mark"].as_str(),
            "question {i}'s mark"
        );
    }
    assert_eq!(app.attr("proficiency-score", "data-best").await?, after["score"]["best_holds"].as_u64().map(|n| n.to_string()));
    assert_eq!(app.attr("proficiency-score", "data-grade").await?.as_deref(), after["score"]["grade"].as_str());
    assert_eq!(app.attr("proficiency-curve", "data-checks").await?.as_deref(), Some("3"));
    assert_eq!(app.attr("proficiency-chart", "data-points").await?.as_deref(), Some("3"));
    assert_eq!(app.attr("proficiency-trend-text", "data-direction").await?.as_deref(), after["curve"]["trend"]["direction"].as_str());
    for lang in ["en", "de", "pt", "ja"] {
        if lang != "en" {
            app.set_language(lang).await?;
            open_from_drill(&app).await?;
        }
        app.wait_visible(&tid("proficiency-score")).await?;
        checked(&app, &format!("proficiency-done-{lang}")).await?;
    }
    app.close().await
}

/// The five cards of the question on screen (`data-card`).
async fn question_cards(app: &Session) -> Result<Vec<Option<String>>> {
    let mut out = Vec::new();
    for i in 0..5 {
        out.push(app.attr(&format!("proficiency-card-{i}"), "data-card").await?);
    }
    Ok(out)
}
