//! End-to-end: practising a casino table in the real app — the library, a Double Double Bonus 9/6
//! hand with the table's hint (as `vpoker play hint` gives it on the app's file), the mistake
//! warning before a draw, the same cards with the best hold after it, and the table's chart. No chips.
//! And a library table copied into the paytable lab (a kicker game's and a machine's): its pays
//! loaded on its base, one changed and re-solved (as `vpoker analyze --pays` gives it), saved and
//! practised as a lab table; screenshots of the kicker lab at phone size in English and Japanese.
//! A table's drill: its hard decisions judged by the table's EVs, and the player's own mistaken
//! practice hands on it under "My mistakes", as a machine's training has them.

use vpoker_e2e::*;

/// Holds the cards of `mask` on the play screen (bit i = card i).
pub async fn hold_mask(app: &Session, mask: u64) -> Result<()> {
    app.hold(u8::try_from(mask)?).await
}

/// The best hold the hint panel shows for the hand on screen (the hint is on by default).
pub async fn hint_best(app: &Session) -> Result<u64> {
    app.wait_hint().await?;
    Ok(app.attr("hint-best", "data-hold").await?.ok_or("no hold")?.parse()?)
}

/// Waits until the hand is drawn and the core's verdict on the hold is shown.
pub async fn drawn(app: &Session) -> Result<()> {
    app.wait_until("the hand is drawn", || async { Ok(app.phase().await? == "deal") }).await?;
    app.wait_visible(&tid("review")).await?;
    Ok(())
}

/// Waits until the table's figures count `hands` practised hands (they are asked of the core once
/// the draw is in), then checks they do.
pub async fn figures_count(app: &Session, hands: &str) -> Result<()> {
    let _ = app.wait_until("the table's figures", || async { Ok(app.attr("table-figures", "data-hands").await?.as_deref() == Some(hands)) }).await;
    assert_eq!(app.attr("table-figures", "data-hands").await?.as_deref(), Some(hands));
    Ok(())
}

/// Holds the best hold the hint shows and draws (no warning: the best hold is never a mistake);
/// returns when the verdict is shown.
pub async fn draw_best(app: &Session) -> Result<()> {
    let best = hint_best(app).await?;
    hold_mask(app, best).await?;
    app.click("deal-draw").await?;
    drawn(app).await
}

#[tokio::test]
#[ignore = "drives the built app: scripts/test.sh runs it (VPOKER_E2E=1, --include-ignored)"]
async fn a_casino_table_is_practised_with_its_hint_warning_and_chart() -> Result<()> {
    let (data, _driver, app) = launch_phone().await?;
    let chips = app.text_content("chips").await?;
    app.click("lobby-tables").await?;
    app.wait_visible(&tid("tables-list")).await?;
    app.screenshot("tables-library").await?;
    app.click("table-double-double-bonus").await?;
    app.wait_visible(&tid("deal-draw")).await?;
    app.deal().await?;
    let shown = hint_best(&app).await?;
    // The app's hint is the core's on the app's own file.
    let db = data.db_path();
    let hint = play(&db, None, &["hint"])?;
    assert_eq!(hint["table"], "double-double-bonus", "{hint}");
    assert_eq!(hint["best_hold"].as_u64(), Some(shown), "{hint}");
    app.screenshot("table-hint").await?;
    // A hold that gives EV up: the warning comes before the draw.
    let worse = if shown == 31 { 0 } else { 31 };
    hold_mask(&app, worse).await?;
    app.click("deal-draw").await?;
    app.wait_visible(&tid("warn-draw")).await?;
    app.screenshot("table-warning").await?;
    app.click("warn-draw").await?;
    drawn(&app).await?;
    assert_eq!(app.attr("review", "data-mistake").await?.as_deref(), Some("true"));
    // The same cards with the best hold, beside the player's.
    assert!(app.is_visible(&tid("same-cards")).await?, "the same cards with the best hold");
    figures_count(&app, "1").await?;
    app.screenshot("table-result").await?;
    app.click("table-chart").await?;
    app.wait_visible(&tid("table-chart-lines")).await?;
    app.screenshot("table-chart").await?;
    // Its charts in three tiers, each as `vpoker chart --tiers` gives it: the lines, and those a tier
    // adds over the one below marked new.
    let tiers = cli(&["chart", "--game", "double-double-bonus", "--tiers", "--json"])?;
    for tier in tiers["tiers"].as_array().ok_or("no tiers")? {
        let name = tier["tier"].as_str().ok_or("a tier")?;
        app.click(&format!("table-tier-{name}")).await?;
        app.wait_until("the tier's chart is shown", || async {
            Ok(app.attr("table-chart-lines", "data-tier").await?.as_deref() == Some(name))
        })
        .await?;
        let lines = tier["lines"].as_array().ok_or("lines")?.len();
        assert_eq!(app.attr("table-chart-lines", "data-lines").await?, Some(lines.to_string()), "{name}");
        let new = app.client().find_all(fantoccini::Locator::Css(&tid("tier-new"))).await?.len();
        let added = if name == "beginner" { 0 } else { tier["added"].as_array().ok_or("added")?.len() };
        assert_eq!(new, added, "{name}: the lines it adds are marked new");
        app.screenshot(&format!("table-chart-{name}")).await?;
    }
    assert_eq!(app.text_content("chips").await?, chips, "no chips moved");
    // A hand left waiting: the lobby says where it is and takes the player back to it.
    app.deal().await?;
    app.click("play-back").await?;
    app.click("tables-back").await?;
    app.wait_visible(&tid("lobby-table-resume")).await?;
    app.screenshot("lobby-table-waiting").await?;
    app.click("lobby-table-resume").await?;
    app.wait_until("the waiting hand is on its table's screen", || async { Ok(app.phase().await? == "draw") }).await?;
    draw_best(&app).await?;
    figures_count(&app, "2").await?;
    // Both practised hands are in the one history under the table's name, and verify from it.
    let history = play(&db, None, &["history", "--limit", "5"])?;
    let hands = history["hands"].as_array().ok_or("no hands")?;
    assert_eq!(hands.len(), 2, "{history}");
    assert!(hands.iter().all(|h| h["table"] == "double-double-bonus" && h["commitment_rule"] == "origin"), "{history}");
    app.click("nav-history").await?;
    app.wait_visible(&tid("history-row")).await?;
    let text = app.inner_text(&tid("history-row")).await?;
    assert!(text.contains("Double Double Bonus 9/6"), "history row {text:?} names the table");
    app.screenshot("history-table").await?;
    let id = hands[0]["id"].as_i64().ok_or("no id")?.to_string();
    let verified = cli(&["verify", "--db", db.to_str().ok_or("path")?, "--hand", &id, "--json"])?;
    assert_eq!(verified["verified"], true, "{verified}");
    // The library, a table's screen and the history in the other languages: each name composed in
    // the language (no Latin letters in Japanese), to look at.
    let names = [("de", "Deuces Wild (Full Pay)", "Double Double Bonus 9/6"), ("pt", "Deuces Wild (pagamento completo)", "Double Double Bonus 9/6"), ("ja", "デュース・ワイルド（フルペイ）", "ダブル・ダブル・ボーナス 9/6")];
    for (lang, deuces, ddb) in names {
        app.set_language(lang).await?;
        app.click("nav-history").await?;
        app.wait_visible(&tid("history-row")).await?;
        let text = app.inner_text(&tid("history-row")).await?;
        assert!(text.contains(ddb), "history row {text:?} names the table in {lang}");
        app.screenshot(&format!("history-table-{lang}")).await?;
        app.click("nav-lobby").await?;
        app.click("lobby-tables").await?;
        app.wait_visible(&tid("tables-list")).await?;
        let tile = app.text("table-deuces-wild").await?;
        assert!(tile.contains(deuces), "the library names {tile:?} as {deuces:?}");
        let problems = crate::phone::overflow(&app).await?;
        assert!(problems.is_empty(), "the library at 390 px ({lang}): {problems:?}");
        app.screenshot(&format!("tables-library-{lang}")).await?;
        app.click("table-double-double-bonus").await?;
        app.wait_visible(&tid("deal-draw")).await?;
        assert!(app.body_text().await?.contains(ddb), "the table's title in {lang}");
        app.screenshot(&format!("table-{lang}")).await?;
    }
    app.close().await
}

/// Types `text` into the lab's field for `row` until the field holds it and the lab has answered
/// (`answered`; the lab re-solves a moment after the last keystroke, and a re-render racing the
/// typing may put the old value back: then it is typed again).
async fn type_lab_pay<F, Fut>(app: &Session, row: &str, text: &str, what: &str, answered: F) -> Result<()>
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = Result<bool>>,
{
    let field = tid(&format!("paylab-{row}"));
    let holds = || async {
        let value = app.wait_visible(&field).await?.prop("value").await?;
        Ok::<_, Error>(value.as_deref() == Some(text))
    };
    for _ in 0..3 {
        let input = app.wait_visible(&field).await?;
        input.clear().await?;
        input.send_keys(text).await?;
        app.wait_until(what, || async { Ok(!holds().await? || answered().await?) }).await?;
        if holds().await? {
            return Ok(());
        }
    }
    Err(format!("the {row} field would not hold {text:?}").into())
}

/// The return the lab shows, once it shows one.
async fn lab_return(app: &Session) -> Result<Option<f64>> {
    let shown = app.attr("paylab-analysis", "data-return").await.ok().flatten().unwrap_or_default();
    Ok(shown.parse::<f64>().ok())
}

/// From the lobby: the library, the table `id`, and its "Copy to the lab"; returns when the lab
/// shows the copy's rows and its analysis.
async fn copy_to_lab(app: &Session, id: &str) -> Result<()> {
    app.click("nav-lobby").await?;
    app.click("lobby-tables").await?;
    app.wait_visible(&tid("tables-list")).await?;
    app.click(&format!("table-{id}")).await?;
    app.click("table-copy-lab").await?;
    app.wait_visible(&tid("paylab-rows")).await?;
    app.wait_visible(&tid("paylab-analysis")).await?;
    Ok(())
}

/// No serious or critical axe-core violation and no control under 44 × 44 px on the page as it is.
async fn accessible(app: &Session, state: &str) -> Result<()> {
    app.wait_still().await?;
    let blocking: Vec<String> = app
        .axe()
        .await?
        .iter()
        .filter(|v| matches!(v["impact"].as_str(), Some("serious" | "critical")))
        .map(|v| format!("{}: {}", v["id"], v["nodes"]))
        .collect();
    assert!(blocking.is_empty(), "{state}: {blocking:?}");
    let small = app.small_targets().await?;
    assert!(small.is_empty(), "{state}: controls under 44 px: {small:?}");
    Ok(())
}

#[tokio::test]
#[ignore = "drives the built app: scripts/test.sh runs it (VPOKER_E2E=1, --include-ignored)"]
async fn a_library_table_is_copied_into_the_lab_changed_saved_and_practised() -> Result<()> {
    let (data, _driver, app) = launch_phone().await?;
    let library = cli(&["tables", "--json"])?;
    let listed = |id: &str| library.as_array().and_then(|tables| tables.iter().find(|t| t["id"] == id)).cloned();
    // A kicker game's table (13 rows) and a machine's, each with one pay changed into another
    // library table: Double Double Bonus 9/6 → 9/5, Jacks or Better 8/5 → 9/5.
    let cases = [
        ("double-double-bonus", "flush", "5", "double-double-bonus-9-5", "DDB 9/5"),
        ("jacks-or-better-8-5", "full-house", "9", "jacks-or-better-9-5", "JoB 9/5"),
    ];
    for (id, row, pay, becomes, name) in cases {
        let table = listed(id).ok_or(id)?;
        copy_to_lab(&app, id).await?;
        let base = app.wait_visible(&tid("paylab-base")).await?.prop("value").await?;
        assert_eq!(base.as_deref(), table["base"].as_str(), "{id}: the base picker shows the table's base");
        assert!(app.text("paylab-source").await?.contains(table["name"].as_str().ok_or("name")?));
        // Every pay as the library lists it, and the library's exact return for it.
        let pays = table["pays"].as_array().ok_or("pays")?;
        for p in pays {
            let field = app.wait_visible(&tid(&format!("paylab-{}", p["row"].as_str().ok_or("row")?))).await?;
            assert_eq!(field.prop("value").await?, Some(p["pay"].to_string()), "{id}: {p}");
        }
        let library_return = table["return"].as_f64().ok_or("return")?;
        app.wait_until("the copy's return", || async { Ok(lab_return(&app).await? == Some(library_return)) }).await?;

        // One pay changed: the lab's return is the core's for the changed table.
        let changed: Vec<String> =
            pays.iter().map(|p| if p["row"] == row { pay.to_string() } else { p["pay"].to_string() }).collect();
        let expected = cli(&["analyze", "--family", "natural", "--pays", &changed.join(","), "--json"])?;
        let expected = expected["return"].as_f64().ok_or("return")?;
        let other = listed(becomes).ok_or(becomes)?["return"].as_f64().ok_or("return")?;
        assert!((expected - other).abs() < 1e-12, "{id} with {row} {pay} is {becomes}");
        type_lab_pay(&app, row, pay, "the changed table's return", || async {
            Ok(lab_return(&app).await?.is_some_and(|r| (r - expected).abs() < 1e-12))
        })
        .await?;
        app.wait_visible(&tid("paylab-chart-lines")).await?;
        if id.starts_with("double-double") {
            app.screenshot("paylab-kicker-en").await?;
            accessible(&app, "the lab with a kicker table copied in").await?;
        }

        // Saved, then practised as a lab table: the hint is the core's for that table.
        let field = app.wait_visible(&tid("paylab-name")).await?;
        field.send_keys(name).await?;
        // Save reads the name the field's input events gave: once the field holds all of it.
        app.wait_until("the name field holds the name", || async {
            Ok(field.prop("value").await?.as_deref() == Some(name))
        })
        .await?;
        app.click("paylab-save").await?;
        let entry = format!("{name} · ");
        app.wait_until("the table is saved", || async { Ok(app.body_text().await?.contains(&entry)) }).await?;
        app.click(&format!("paylab-practise-{name}")).await?;
        app.deal().await?;
        let shown = hint_best(&app).await?;
        let hint = play(&data.db_path(), None, &["hint"])?;
        assert_eq!(hint["table"], format!("lab:{name}"), "{hint}");
        assert_eq!(hint["best_hold"].as_u64(), Some(shown), "{hint}");
        draw_best(&app).await?;
        figures_count(&app, "1").await?;
    }

    // The library's practice screen with its copy button, and the kicker lab in Japanese.
    app.click("nav-lobby").await?;
    app.click("lobby-tables").await?;
    app.click("table-triple-double-bonus").await?;
    app.wait_visible(&tid("table-copy-lab")).await?;
    accessible(&app, "a library table's practice screen").await?;
    app.set_language("ja").await?;
    copy_to_lab(&app, "double-double-bonus").await?;
    app.wait_visible(&tid("paylab-chart-lines")).await?;
    app.screenshot("paylab-kicker-ja").await?;
    let script = "document.querySelector('[data-testid=\"paylab-save\"]').scrollIntoView({ block: 'center' })";
    app.client().execute(script, vec![]).await?;
    app.screenshot("paylab-kicker-saved-ja").await?;
    accessible(&app, "the lab with a kicker table copied in (ja)").await?;
    app.close().await
}

#[tokio::test]
#[ignore = "drives the built app: scripts/test.sh runs it (VPOKER_E2E=1, --include-ignored)"]
async fn a_tables_hard_decisions_are_drilled_and_the_library_lists_chart_costs() -> Result<()> {
    let (data, _driver, app) = launch_phone().await?;
    let chips = app.text_content("chips").await?;
    app.click("lobby-tables").await?;
    app.wait_visible(&tid("tables-list")).await?;
    // The first tables' chart costs fill in, each the core's (`vpoker tables --charts`).
    let listed = cli(&["tables", "--json", "--charts"])?;
    for id in ["jacks-or-better", "jacks-or-better-8-5"] {
        app.wait_until(&format!("{id}'s chart cost is shown"), || async {
            Ok(app.attr(&format!("table-cost-{id}"), "data-cost").await?.is_some_and(|c| !c.is_empty()))
        })
        .await?;
        let shown: f64 = app.attr(&format!("table-cost-{id}"), "data-cost").await?.ok_or("no cost")?.parse()?;
        let table = listed.as_array().ok_or("a list")?.iter().find(|t| t["id"] == id).ok_or("listed")?;
        let expected = table["chart"]["cost"].as_f64().ok_or("a cost")?;
        assert!((shown - expected).abs() < 1e-15, "{id}: {shown} vs {expected}");
    }
    app.screenshot("tables-chart-costs").await?;
    // A Double Double Bonus 9/6 drill: a hard hand, a wrong answer, then the best hold.
    app.click("table-double-double-bonus").await?;
    app.click("table-drill").await?;
    app.wait_visible(&tid("table-drill-answer")).await?;
    let mut cards = Vec::new();
    for i in 0..5 {
        cards.push(app.attr(&format!("table-drill-card-{i}"), "data-card").await?.ok_or("a card")?);
    }
    let best = cli_best_hold("double-double-bonus", &cards)?;
    let worst = cli_worst_hold("double-double-bonus", &cards)?;
    for i in 0..5 {
        if worst >> i & 1 == 1 {
            app.click(&format!("table-drill-card-{i}")).await?;
        }
    }
    app.click("table-drill-answer").await?;
    app.wait_visible(&tid("table-drill-verdict")).await?;
    assert_eq!(app.attr("table-drill-verdict", "data-correct").await?.as_deref(), Some("false"));
    assert_eq!(app.attr("table-drill-verdict", "data-best-hold").await?, Some(best.to_string()), "the core's best hold");
    assert_eq!(app.attr("table-drill-tally", "data-answered").await?.as_deref(), Some("1"));
    app.screenshot("table-drill-verdict").await?;
    app.click("table-drill-next").await?;
    app.wait_visible(&tid("table-drill-answer")).await?;
    let mut cards = Vec::new();
    for i in 0..5 {
        cards.push(app.attr(&format!("table-drill-card-{i}"), "data-card").await?.ok_or("a card")?);
    }
    let best = cli_best_hold("double-double-bonus", &cards)?;
    for i in 0..5 {
        if best >> i & 1 == 1 {
            app.click(&format!("table-drill-card-{i}")).await?;
        }
    }
    app.click("table-drill-answer").await?;
    app.wait_visible(&tid("table-drill-verdict")).await?;
    assert_eq!(app.attr("table-drill-verdict", "data-correct").await?.as_deref(), Some("true"));
    assert_eq!(app.attr("table-drill-tally", "data-correct").await?.as_deref(), Some("1"));
    // The tally is the core's, on the app's own file; no chips moved.
    let question = play(&data.db_path(), None, &["drill", "--table", "double-double-bonus"])?;
    assert_eq!((question["tally"]["answered"].as_u64(), question["tally"]["correct"].as_u64()), (Some(2), Some(1)), "{question}");
    app.click("table-drill-back").await?;
    app.wait_visible(&tid("table-drill")).await?;
    assert_eq!(app.text_content("chips").await?, chips, "no chips moved");
    app.close().await
}

/// The cards of the drill question on screen (`table-drill-card-0` … `-4`).
async fn drill_cards(app: &Session) -> Result<Vec<String>> {
    let mut cards = Vec::new();
    for i in 0..5 {
        cards.push(app.attr(&format!("table-drill-card-{i}"), "data-card").await?.ok_or("a card")?);
    }
    Ok(cards)
}

/// Opens the drill of the table on screen and shows its mistakes source; returns when a question
/// or the empty queue's notice is shown.
async fn open_drill_mistakes(app: &Session) -> Result<()> {
    app.click("table-drill").await?;
    app.wait_visible(&tid("table-drill-source-mistakes")).await?;
    app.click("table-drill-source-mistakes").await?;
    app.wait_until("the mistakes source is shown", || async {
        Ok(app.attr("table-drill-source-mistakes", "aria-pressed").await?.as_deref() == Some("true")
            && (app.is_visible(&tid("table-drill-answer")).await? || app.is_visible(&tid("table-drill-empty")).await?))
    })
    .await
}

#[tokio::test]
#[ignore = "drives the built app: scripts/test.sh runs it (VPOKER_E2E=1, --include-ignored)"]
async fn a_practised_tables_mistake_comes_back_in_its_drill() -> Result<()> {
    const TABLE: &str = "double-double-bonus";
    let (data, _driver, app) = launch_phone().await?;
    let db = data.db_path();
    let chips = app.text_content("chips").await?;
    app.click("lobby-tables").await?;
    app.wait_visible(&tid("tables-list")).await?;

    // No hand yet: the drill's mistakes are empty, the title names the table (from the library
    // when no question has named it: a table whose drill opens on its mistakes).
    app.click("table-jacks-or-better-8-6").await?;
    open_drill_mistakes(&app).await?;
    assert!(app.is_visible(&tid("table-drill-empty")).await?, "no mistake on a table never practised");
    app.click("table-drill-back").await?;
    app.click("play-back").await?;
    app.click(&format!("table-{TABLE}")).await?;
    open_drill_mistakes(&app).await?;
    assert!(app.is_visible(&tid("table-drill-empty")).await?, "no mistake on a table never practised");
    app.wait_until("the title names the table", || async {
        Ok(app.body_text().await?.contains("Double Double Bonus 9/6"))
    })
    .await?;
    app.click("table-drill-back").await?;
    app.wait_visible(&tid("deal-draw")).await?;

    // A practice hand whose best hold keeps cards, all five thrown away: a mistake (the warning
    // says so before the draw). A deal whose best hold is to draw five is played right instead.
    let mut mistake = None;
    for _ in 0..20 {
        app.deal().await?;
        let hint = play(&db, None, &["hint"])?;
        assert_eq!(hint["table"], TABLE, "{hint}");
        let best = hint["best_hold"].as_u64().ok_or("no best hold")?;
        let cards: Vec<String> = serde_json::from_value(hint["cards"].clone())?;
        if best == 0 {
            draw_best(&app).await?;
            continue;
        }
        app.click("deal-draw").await?;
        app.wait_until("the mistake warning or the result", || async {
            Ok(app.is_visible(&tid("warn-draw")).await? || app.is_visible(&tid("review")).await?)
        })
        .await?;
        if app.is_visible(&tid("warn-draw")).await? {
            app.click("warn-draw").await?;
        }
        drawn(&app).await?;
        if app.attr("review", "data-mistake").await?.as_deref() == Some("true") {
            mistake = Some((cards, best));
            break;
        }
    }
    let (cards, best) = mistake.ok_or("no deal in twenty kept cards in its best hold and gave EV up when thrown away")?;

    // The table's drill, its mistakes: the same five cards, one on the queue.
    open_drill_mistakes(&app).await?;
    app.wait_visible(&tid("table-drill-answer")).await?;
    assert_eq!(drill_cards(&app).await?, cards, "the practised hand comes back");
    assert_eq!(app.attr("table-drill-queue", "data-queue").await?.as_deref(), Some("1"));
    let problems = crate::phone::overflow(&app).await?;
    assert!(problems.is_empty(), "the table drill's mistakes at 390 px: {problems:?}");
    accessible(&app, "a table's drill, its mistakes").await?;
    app.screenshot("table-drill-mistakes-en").await?;

    // Answered with the best hold: right, the core's best hold, no "why hard" line (a queued
    // mistake has none), and the mistakes tally counts it.
    for i in 0..5 {
        if best >> i & 1 == 1 {
            app.click(&format!("table-drill-card-{i}")).await?;
        }
    }
    app.click("table-drill-answer").await?;
    app.wait_visible(&tid("table-drill-verdict")).await?;
    assert_eq!(app.attr("table-drill-verdict", "data-correct").await?.as_deref(), Some("true"));
    assert_eq!(app.attr("table-drill-verdict", "data-best-hold").await?, Some(best.to_string()), "the core's best hold");
    assert!(!app.is_visible(&tid("table-drill-reason")).await?, "a queued mistake has no hard reason");
    assert_eq!(app.attr("table-drill-tally", "data-answered").await?.as_deref(), Some("1"));
    assert_eq!(app.attr("table-drill-tally", "data-correct").await?.as_deref(), Some("1"));
    app.screenshot("table-drill-mistakes-verdict-en").await?;
    // The core agrees on the app's own file: the hand stays queued, due again on a later day (the
    // review schedule, docs/TRAINING.md), so nothing of this table is due today.
    assert!(app.is_visible(&tid("table-drill-next-due")).await?, "the verdict says when it comes back");
    let question = play(&db, None, &["drill", "--table", TABLE, "--source", "mistakes"])?;
    assert!(question.is_null(), "{question}");
    let review = play(&db, None, &["review"])?;
    assert!(review.to_string().contains(TABLE), "{review}");
    // The hard decisions keep their own tally.
    app.click("table-drill-source-hard").await?;
    app.wait_visible(&tid("table-drill-answer")).await?;
    assert!(!app.is_visible(&tid("table-drill-tally")).await?
        || app.attr("table-drill-tally", "data-answered").await?.as_deref() == Some("0"));
    app.click("table-drill-back").await?;
    app.wait_visible(&tid("table-drill")).await?;
    assert_eq!(app.text_content("chips").await?, chips, "no chips moved");

    // The same in Japanese, at phone size: answered today, the mistake is not due again today (the
    // review schedule); the switch and the words of an empty day fit.
    app.set_language("ja").await?;
    app.click("nav-lobby").await?;
    app.click("lobby-tables").await?;
    app.wait_visible(&tid("tables-list")).await?;
    app.click(&format!("table-{TABLE}")).await?;
    open_drill_mistakes(&app).await?;
    app.wait_visible(&tid("table-drill-empty")).await?;
    let problems = crate::phone::overflow(&app).await?;
    assert!(problems.is_empty(), "the table drill's mistakes at 390 px (ja): {problems:?}");
    app.screenshot("table-drill-mistakes-ja").await?;
    app.close().await
}
