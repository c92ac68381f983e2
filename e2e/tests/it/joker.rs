//! Joker Poker on the phone: a profile at level 18 (where the machine opens) has a hand in progress
//! dealt from a chosen seed whose deal holds the joker (`6d Jk Ad Th 9h`, the Three Play vector of
//! docs/VERIFY.md dealt as one line). The app shows the joker's face and names it, the hint lights
//! the solver's best hold (the command line's `vpoker hint --game joker-poker` on the same cards),
//! the lobby, the paytable and the chart (the joker's hold classes) name the game, its rows and its
//! lines, in every language at 390 × 844 and 320 × 568 (screenshots `joker-*`, axe with no serious
//! or critical finding, 44 px targets, nothing wider than the screen); the hand is then drawn and
//! verifies, and a drill of a hard Joker decision judges the solver's best hold right.

use vpoker_e2e::*;

use crate::lines::problems;

const JOKER: &str = "joker-poker";
/// The seed whose deal is `6d Jk Ad Th 9h` (docs/VERIFY.md's Joker Poker vector).
const SEED: &str = "0000000000000000000000000000000000000000000000000000000070ce0006";

#[tokio::test]
#[ignore = "drives the built app: scripts/test.sh runs it (VPOKER_E2E=1, --include-ignored)"]
async fn joker_poker_on_a_phone_in_every_language() -> Result<()> {
    require_e2e()?;
    let data = DataHome::new()?;
    let db = data.db_path();
    std::fs::create_dir_all(db.parent().ok_or("no parent")?)?;
    let state = crate::app::prepare_level(&db, 18)?;
    assert!(state["unlocked"].as_array().ok_or("unlocked")?.iter().any(|m| m == JOKER), "{state}");
    let dealt = play(&db, None, &["deal", "--game", JOKER, "--bet", "5", "--practice", "--seed", SEED])?;
    let cards: Vec<String> =
        serde_json::from_value(dealt["hand"]["cards"].clone()).map_err(|e| format!("{e}: {dealt}"))?;
    assert_eq!(cards, ["6d", "Jk", "Ad", "Th", "9h"], "{dealt}");
    let best = cli_best_hold(JOKER, &cards)?;

    let driver = Driver::start(&data)?;
    let app = driver.launch().await?;
    app.phone_size().await?;
    app.wait_loaded().await?;
    let mut found = Vec::new();
    for lang in ["en", "de", "pt", "ja"] {
        app.set_language(lang).await?;
        app.open_tab("lobby").await?;
        app.wait_visible(&tid(&format!("machine-{JOKER}"))).await?;
        app.screenshot(&format!("joker-lobby-{lang}")).await?;
        app.open_machine(JOKER).await?;
        assert_eq!(app.cards().await?, cards, "[{lang}] the hand in progress is shown");
        // The joker is drawn as the joker and named in the player's language.
        let face = app.text_content("card-1").await?;
        let name = match lang {
            "en" | "de" => "Joker",
            "pt" => "Curinga",
            _ => "ジョーカー",
        };
        assert!(face.contains(name), "[{lang}] the joker's card is named: {face:?}");
        app.hint_on().await?;
        assert_eq!(app.hint_mask().await?, best, "[{lang}] the hint lights the solver's best hold");
        app.screenshot(&format!("joker-dealt-{lang}")).await?;
        found.extend(problems(&app).await?.into_iter().map(|p| format!("[{lang}] dealt: {p}")));
        let wide = crate::phone::overflow(&app).await?;
        assert!(wide.is_empty(), "[{lang}] wider than the screen at 390 px: {wide:?}");
        app.window_size(320, 568).await?;
        app.wait_still().await?;
        app.screenshot(&format!("joker-dealt-{lang}-320")).await?;
        let wide = crate::phone::overflow(&app).await?;
        assert!(wide.is_empty(), "[{lang}] wider than the screen at 320 px: {wide:?}");
        found.extend(problems(&app).await?.into_iter().map(|p| format!("[{lang}] 320 px: {p}")));
        app.phone_size().await?;
        // Its chart: the joker's hold classes in the player's language, with the chart's exact cost.
        app.click("machine-chart").await?;
        app.wait_visible(&tid("chart-lines")).await?;
        let lines = app.inner_text(&tid("chart-lines")).await?;
        assert!(lines.to_lowercase().contains(&name.to_lowercase()), "[{lang}] the chart names the joker: {lines}");
        app.screenshot(&format!("joker-chart-{lang}")).await?;
        found.extend(problems(&app).await?.into_iter().map(|p| format!("[{lang}] chart: {p}")));
        let wide = crate::phone::overflow(&app).await?;
        assert!(wide.is_empty(), "[{lang}] the chart is wider than the screen: {wide:?}");
        // The chart in tiers: the beginner's ten lines, then the intermediate's with its new lines marked.
        for (tier, most) in [("beginner", 10), ("intermediate", 20)] {
            app.click(&format!("chart-tier-{tier}")).await?;
            app.wait_visible(&tid("chart-tier-explain")).await?;
            app.wait_until("the tier's lines are shown", || async {
                let n = app.attr("chart-lines", "data-lines").await?.and_then(|n| n.parse::<usize>().ok()).unwrap_or(0);
                Ok(n > 0 && n <= most)
            })
            .await?;
            if tier == "intermediate" {
                app.wait_visible(&tid("tier-new")).await?;
            }
            app.screenshot(&format!("joker-chart-{tier}-{lang}")).await?;
            found.extend(problems(&app).await?.into_iter().map(|p| format!("[{lang}] {tier} chart: {p}")));
            let wide = crate::phone::overflow(&app).await?;
            assert!(wide.is_empty(), "[{lang}] the {tier} chart is wider than the screen: {wide:?}");
        }
        app.window_size(320, 568).await?;
        app.wait_still().await?;
        app.screenshot(&format!("joker-chart-intermediate-{lang}-320")).await?;
        let wide = crate::phone::overflow(&app).await?;
        assert!(wide.is_empty(), "[{lang}] the tiers are wider than the screen at 320 px: {wide:?}");
        app.phone_size().await?;
        app.click("chart-tier-expert").await?;
        app.wait_visible(&tid("chart-lab")).await?;
        app.click("chart-back").await?;
        app.wait_visible(&tid("deal-draw")).await?;
    }
    // Hold the best hold and draw: the result is on screen and the hand verifies.
    app.set_language("en").await?;
    app.open_machine(JOKER).await?;
    app.hold(best).await?;
    app.draw().await?;
    app.screenshot("joker-drawn-en").await?;
    found.extend(problems(&app).await?.into_iter().map(|p| format!("[en] drawn: {p}")));
    // A drill of a hard Joker Poker decision: the solver's best hold is judged right.
    app.click("machine-train").await?;
    app.wait_visible(&tid("train-answer")).await?;
    let mut drill = Vec::new();
    for i in 0..5 {
        drill.push(app.attr(&format!("train-card-{i}"), "data-card").await?.unwrap_or_default());
    }
    let right = cli_best_hold(JOKER, &drill)?;
    for i in (0..5).filter(|i| right & (1 << i) != 0) {
        app.click(&format!("train-card-{i}")).await?;
    }
    app.click("train-answer").await?;
    let verdict = app.wait_visible(&tid("train-verdict")).await?;
    assert_eq!(verdict.attr("data-correct").await?.as_deref(), Some("true"), "{drill:?} held {right:05b}");
    app.screenshot("joker-train-en").await?;
    found.extend(problems(&app).await?.into_iter().map(|p| format!("[en] drill: {p}")));
    // Play by chart: with the beginner tier chosen in Settings, the hint names the beginner chart's line.
    app.open_tab("settings").await?;
    let select = app.wait_visible(&tid("setting-chart-tier")).await?;
    // A milestone toast (five seconds, low on the screen) may be over the select: wait it out.
    app.wait_until("the chart tier select can be clicked", || async { app.is_clickable(&tid("setting-chart-tier")).await })
        .await?;
    select.select_by_value("beginner").await?;
    app.wait_until("the setting is saved", || async {
        Ok(play(&db, None, &["state"])?["settings"]["chart_tier"] == "beginner")
    })
    .await?;
    app.open_machine(JOKER).await?;
    app.deal().await?;
    app.hint_on().await?;
    app.wait_visible(&tid("hint-chart")).await?;
    assert_eq!(app.attr("hint-chart", "data-tier").await?.as_deref(), Some("beginner"));
    // The line of the best hold, when one of the beginner chart's ten lines plays it (a dealt hand
    // whose best hold no beginner line names says so instead: `data-line` is then empty).
    let line = app.attr("hint-chart", "data-line").await?.unwrap_or_default();
    assert!(line.is_empty() || line.parse::<u64>().is_ok_and(|n| (1..=10).contains(&n)), "the beginner chart's line {line:?}");
    app.screenshot("joker-hint-beginner-en").await?;
    found.extend(problems(&app).await?.into_iter().map(|p| format!("[en] beginner hint: {p}")));
    app.draw().await?;
    app.close().await?;
    drop(driver);
    let history = play(&db, None, &["history", "--limit", "5"])?;
    let hands = history["hands"].as_array().ok_or("hands")?;
    let hand = hands.iter().find(|h| h["dealt"] == serde_json::json!(cards)).ok_or("the vector's hand")?;
    assert_eq!((hand["machine"].as_str(), hand["hold"].as_u64()), (Some(JOKER), Some(u64::from(best))), "{hand}");
    let verified = cli(&["verify", "--db", db.to_str().ok_or("path")?, "--hand", &hand["id"].to_string(), "--json"])?;
    assert_eq!(verified["verified"], true, "{verified}");
    assert!(found.is_empty(), "{found:#?}");
    Ok(())
}
