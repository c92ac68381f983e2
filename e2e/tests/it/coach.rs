//! End-to-end: the coach in the real app. Same cards with the best hold after a draw, luck and
//! skill with the chart on the stats screen, the session card on leaving a machine, and a training
//! round of five hard decisions with one wrong answer.

use serde_json::{json, Value};
use vpoker_e2e::*;

const JACKS: &str = "jacks-or-better";

async fn deal_and_draw(app: &Session, mask: u8) -> Result<Vec<String>> {
    let cards = app.deal().await?;
    app.hold(mask).await?;
    app.draw().await?;
    Ok(cards)
}

#[tokio::test]
#[ignore = "drives the built app: scripts/test.sh runs it (VPOKER_E2E=1, --include-ignored)"]
async fn the_coach_shows_same_cards_luck_and_skill_and_a_training_round() -> Result<()> {
    let (_data, _driver, app) = launch_phone().await?;
    app.click("machine-jacks-or-better").await?;
    app.wait_visible(&tid("deal-draw")).await?;
    app.click("bet-5").await?;

    // Holding everything is usually not the best hold: the same-cards line shows what it would have made.
    let mut seen = false;
    for _ in 0..12 {
        deal_and_draw(&app, 0b11111).await?;
        if !seen && app.is_visible(&tid("same-cards")).await? {
            let history = app.invoke("history", json!({ "limit": 1 })).await?;
            let last = &history["ok"][0];
            assert_ne!(last["hold"], last["best_hold"]);
            let shown = app.attr("same-cards", "data-best-won").await?.unwrap_or_default();
            assert_eq!(shown, last["best_won"].to_string());
            app.screenshot("same-cards-en").await?;
            seen = true;
        }
    }
    assert!(seen, "in 12 hands held whole, one was not the best hold");

    // Leaving the machine after 10+ deals in the session shows the session card.
    app.click("nav-lobby").await?;
    app.wait_visible(&tid("session-card")).await?;
    let grade = app.attr("session-card", "data-grade").await?.unwrap_or_default();
    assert!(!grade.is_empty());
    app.screenshot("session-card-en").await?;
    app.click("session-card-close").await?;

    // Stats: luck and skill from the core, and the chart.
    app.click("nav-stats").await?;
    let figures = app.wait_visible(&tid("coach-all-jacks-or-better")).await?;
    let coach = app.invoke("coach", json!({})).await?;
    let jacks = coach["ok"]["real"].as_array().ok_or("coach.real")?.iter().find(|m| m["machine"] == JACKS).cloned();
    let jacks: Value = jacks.ok_or("jacks in coach")?;
    assert_eq!(figures.attr("data-luck").await?.unwrap_or_default(), jacks["all"]["luck_chips"].to_string());
    app.wait_visible(&tid("coach-chart-jacks-or-better")).await?;
    app.screenshot("stats-coach-en").await?;
    // This session's figures, pure and kind deals apart, as the core sends them.
    let session = coach["ok"]["session_real"].as_array().ok_or("session_real")?.iter().find(|e| e[0] == JACKS).cloned();
    let session: Value = session.ok_or("jacks in session_real")?[1].clone();
    let script = "document.querySelector('[data-testid=coach-jacks-or-better] details').open = true";
    app.client().execute(script, vec![]).await?;
    let shown = app.wait_visible(&tid("coach-session-jacks-or-better")).await?;
    assert_eq!(shown.attr("data-luck").await?.unwrap_or_default(), session["all"]["luck_chips"].to_string());
    let split = app.text("coach-session-split-jacks-or-better").await?;
    let deals = session["pure"]["deals"].as_u64().ok_or("pure deals")?;
    assert!(split.contains(&format!("({deals})")), "{split}");
    let script = "document.querySelector('[data-testid=coach-session-jacks-or-better]').scrollIntoView()";
    app.client().execute(script, vec![]).await?;
    app.screenshot("stats-session-en").await?;

    // Training: five hard decisions, one answered wrong on purpose.
    app.click("nav-lobby").await?;
    app.click("machine-jacks-or-better").await?;
    app.click("machine-train").await?;
    app.click("train-source-hard").await?;
    for round in 0..5 {
        app.wait_visible(&tid("train-answer")).await?;
        let mut cards = Vec::new();
        for i in 0..5 {
            cards.push(app.attr(&format!("train-card-{i}"), "data-card").await?.unwrap_or_default());
        }
        // Round 2 holds the solver's worst hold (its EV is below the best's): a sure mistake.
        let mask = if round == 2 { cli_worst_hold(JACKS, &cards)? } else { cli_best_hold(JACKS, &cards)? };
        for i in 0..5 {
            if mask & (1 << i) != 0 {
                app.click(&format!("train-card-{i}")).await?;
            }
        }
        app.click("train-answer").await?;
        let verdict = app.wait_visible(&tid("train-verdict")).await?;
        let correct = verdict.attr("data-correct").await?.unwrap_or_default();
        if round == 2 {
            assert_eq!(correct, "false", "the worst hold is judged a mistake");
            app.screenshot("train-verdict-en").await?;
        } else {
            assert_eq!(correct, "true", "round {round}: the solver's best hold is right");
        }
        if round < 4 {
            app.click("train-next").await?;
        }
    }
    let tally = app.wait_visible(&tid("train-tally")).await?;
    assert_eq!(tally.attr("data-answered").await?.as_deref(), Some("5"));
    assert_eq!(tally.attr("data-correct").await?.as_deref(), Some("4"));
    app.screenshot("train-en").await?;
    app.close().await
}
