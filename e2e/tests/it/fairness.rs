//! End-to-end: verifying a hand and the Fairness screens in the real app (see app.rs for how the
//! tests run). The verification on screen is compared with `vpoker verify` on the app's database.

use serde_json::Value;
use fantoccini::key::Key;
use vpoker_e2e::*;

/// Plays one hand of Jacks or Better at bet 5 holding nothing; returns the commitment the machine
/// screen showed while the hand was in progress.
async fn play_one_hand(app: &Session) -> Result<String> {
    app.open_machine("jacks-or-better").await?;
    app.click("bet-5").await?;
    app.deal().await?;
    app.wait_visible(&tid("commitment")).await?;
    let commitment = app.text_content("commitment-hex").await?;
    app.draw().await?;
    Ok(commitment)
}

fn cards_of(value: &Value) -> String {
    value.as_array().map(|a| a.iter().filter_map(Value::as_str).collect::<Vec<_>>().join(" ")).unwrap_or_default()
}

#[tokio::test]
#[ignore = "drives the built app: scripts/test.sh runs it (VPOKER_E2E=1, --include-ignored)"]
async fn a_hand_verifies_from_the_history_as_vpoker_verify_says() -> Result<()> {
    let (data, _driver, app) = launch_phone().await?;
    let commitment = play_one_hand(&app).await?;
    assert_eq!(commitment.len(), 64, "the commitment is 64 hex digits: {commitment:?}");

    app.click("nav-history").await?;
    app.wait_visible(&tid("history-verify")).await?;
    let id = app.attr("history-row", "data-hand").await?.ok_or("a history row with its id")?;
    app.click("history-verify").await?;
    app.wait_until("the verification is shown", || async {
        Ok(app.attr("verification", "data-verified").await?.as_deref() == Some("true"))
    })
    .await?;
    for check in ["commitment", "deal", "draws"] {
        assert_eq!(app.attr(&format!("check-{check}"), "data-value").await?.as_deref(), Some("true"), "{check}");
    }
    let deck = app.attr("verify-deck", "data-cards").await?.unwrap_or_default();
    let seed = app.text_content("verify-seed").await?;
    let on_screen_commitment = app.text_content("verify-commitment").await?;

    // The command-line verifier, on the same database, says the same.
    let db = data.db_path();
    let cli = cli(&["verify", "--db", db.to_str().ok_or("utf-8 path")?, "--hand", &id, "--json"])?;
    assert_eq!(cli["verified"], true, "{cli}");
    assert_eq!(cards_of(&cli["deck"]), deck);
    assert_eq!(cli["seed"].as_str(), Some(seed.as_str()));
    assert_eq!(cli["commitment"].as_str(), Some(commitment.as_str()));
    assert_eq!(on_screen_commitment, commitment);
    let dealt = app.attr("verify-dealt", "data-cards").await?.unwrap_or_default();
    assert_eq!(cards_of(&cli["dealt"]), dealt);

    // The Fairness form replays the same seed to the same deck.
    app.click("nav-lobby").await?;
    app.click("lobby-fairness").await?;
    app.click("fair-verify").await?;
    let input = app.wait_visible(&tid("verify-seed-input")).await?;
    input.send_keys(&seed).await?;
    app.click("verify-go").await?;
    app.wait_visible(&tid("verification")).await?;
    assert_eq!(app.attr("verify-deck", "data-cards").await?.unwrap_or_default(), deck);
    assert_eq!(app.attr("check-commitment", "data-value").await?.as_deref(), Some("null"));

    // A bad seed is refused in words and changes nothing.
    let input = app.wait_visible(&tid("verify-seed-input")).await?;
    input.clear().await?;
    input.send_keys("not a seed").await?;
    app.click("verify-go").await?;
    app.wait_visible(&tid("error")).await?;
    assert_eq!(app.attr("error", "data-kind").await?.as_deref(), Some("invalid-seed"));

    // The whole history, checked on a worker with progress, says what `vpoker verify --all` says.
    app.click("fairness-back").await?;
    app.click("fair-history").await?;
    app.click("history-check-run").await?;
    let verdict = wait_attr(&app, "history-check-verdict", "data-verified").await?;
    let whole = vpoker_e2e::cli(&["verify", "--db", db.to_str().ok_or("utf-8 path")?, "--all", "--json"])?;
    assert_eq!((verdict.as_str(), whole["verified"].as_bool()), ("true", Some(true)), "{whole}");
    assert_eq!(app.text_content("history-check-hands").await?, whole["hands"].to_string());
    app.screenshot("history-check").await?;
    app.close().await
}

/// Waits until the element `testid` has attribute `name`, and returns it.
async fn wait_attr(app: &Session, testid: &str, name: &str) -> Result<String> {
    app.wait_until(&format!("{testid} has {name}"), || async {
        Ok(app.attr(testid, name).await.ok().flatten().is_some())
    })
    .await?;
    Ok(app.attr(testid, name).await?.unwrap_or_default())
}

#[tokio::test]
#[ignore = "drives the built app: scripts/test.sh runs it (VPOKER_E2E=1, --include-ignored)"]
async fn the_shuffle_lab_runs_each_experiment() -> Result<()> {
    let (_data, _driver, app) = launch_phone().await?;
    app.click("lobby-fairness").await?;
    app.click("fair-shuffle").await?;

    // Every run of the whole-deck swap over 3 cards: 27 runs, 4 or 5 per ordering (the classic experiment, docs/LAB.md).
    app.click("exact-alg-biased").await?;
    app.click("exact-cards-3").await?;
    app.wait_until("27 runs are counted", || async {
        Ok(app.attr("exact-summary", "data-runs").await?.as_deref() == Some("27"))
    })
    .await?;
    assert_eq!(app.attr("exact-summary", "data-min").await?.as_deref(), Some("4"));
    assert_eq!(app.attr("exact-summary", "data-max").await?.as_deref(), Some("5"));
    app.click("exact-alg-fisher-yates").await?;
    app.click("exact-cards-4").await?;
    app.wait_until("Fisher–Yates gives each of 24 orderings once", || async {
        Ok(app.attr("exact-summary", "data-runs").await?.as_deref() == Some("24")
            && app.attr("exact-summary", "data-max").await?.as_deref() == Some("1"))
    })
    .await?;

    // A million Fisher–Yates shuffles look like noise; the biased swap does not.
    app.click("heat-samples-1000000").await?;
    app.click("heat-run").await?;
    let p: f64 = wait_attr(&app, "heat-summary", "data-p").await?.parse()?;
    assert!(p > 1e-4, "Fisher–Yates p-value {p}");
    app.screenshot("shuffle-lab-en").await?;
    app.click("heat-alg-biased").await?;
    app.click("heat-samples-100000").await?;
    app.click("heat-run").await?;
    app.wait_until("the biased run is shown", || async {
        Ok(app.attr("heat-summary", "data-algorithm").await?.as_deref() == Some("biased"))
    })
    .await?;
    let p: f64 = wait_attr(&app, "heat-summary", "data-p").await?.parse()?;
    assert!(p < 1e-10, "biased p-value {p}");

    // A long run can be cancelled: the progress bar goes and nothing is shown as an error.
    app.click("heat-samples-1000000").await?;
    app.click("heat-alg-sort-keys").await?;
    app.click("heat-run").await?;
    if app.is_visible(&tid("lab-cancel")).await? {
        app.click("lab-cancel").await?;
    }
    app.wait_visible(&tid("heat-run")).await?;
    assert!(!app.is_visible(&tid("error")).await?, "a cancelled run is not an error");

    // Kind deals on: dead deals are nudged and the table says so.
    app.click("deals-kind-low-balance").await?;
    app.click("deals-count-100000").await?;
    app.click("deals-run").await?;
    let nudged: u64 = wait_attr(&app, "deals-summary", "data-nudged").await?.parse()?;
    assert!(nudged > 10_000, "1 in 2 of ~50,000 dead deals nudged: {nudged}");
    app.wait_visible(&tid("lab-numbers")).await?;
    app.screenshot("shuffle-lab-deals-en").await?;
    app.close().await
}

#[tokio::test]
#[ignore = "drives the built app: scripts/test.sh runs it (VPOKER_E2E=1, --include-ignored)"]
async fn the_bag_lab_shows_the_figures_vpoker_lab_bag_gives() -> Result<()> {
    let (_data, _driver, app) = launch_phone().await?;
    app.click("lobby-fairness").await?;
    // Once the lab's first figures are in: each arrival draws the controls anew.
    app.open_lab("bag").await?;
    app.click("bag-kinds-5").await?;
    app.click("bag-copies-2").await?;
    app.wait_visible(&tid("bag-figures")).await?;
    app.wait_until("the run for 5 kinds × 2 is shown", || async {
        let seed = app.attr("bag-seed", "data-seed").await?.unwrap_or_default();
        Ok(app.text("bag-seed").await?.contains("--kinds 5 --copies 2") && seed.len() == 64)
    })
    .await?;
    let seed = app.attr("bag-seed", "data-seed").await?.unwrap_or_default();
    let lab = cli(&["lab", "bag", "--kinds", "5", "--copies", "2", "--draws", "6000", "--seed", &seed, "--json"])?;
    let longest = app.text("bag-fig-longest-gap").await?;
    for side in ["pure", "bag"] {
        let gap = lab[side]["longest_gap"].as_u64().ok_or("a longest gap")?.to_string();
        assert!(longest.contains(&gap), "{side} longest gap {gap} in {longest:?}");
    }
    assert!(lab["bag"]["longest_gap"].as_u64() <= Some(16), "M = 2, N = 5: gap ≤ 2M(N − 1) = 16");
    app.screenshot("bag-lab-en").await?;
    // Draw again: a new seed.
    app.click("bag-again").await?;
    app.wait_until("a new seed", || async {
        Ok(app.attr("bag-seed", "data-seed").await?.as_deref() != Some(seed.as_str()))
    })
    .await?;
    app.wait_visible(&tid("bag-kind-normal")).await?;
    app.wait_visible(&tid("bag-pity")).await?;
    // Any count of draws: 1,234 is run; 2,000,000 is the core's to refuse (lab-out-of-range).
    let field = app.wait_visible(&tid("bag-draws-other")).await?;
    field.clear().await?;
    field.send_keys(&format!("1234{}", char::from(Key::Enter))).await?;
    app.wait_until("a run of 1,234 draws", || async { Ok(app.text("bag-seed").await?.contains("--draws 1234 ")) })
        .await?;
    // "1,5" is not read as 15: digits only, said beside the field.
    let field = app.wait_visible(&tid("bag-draws-other")).await?;
    field.clear().await?;
    field.send_keys(&format!("1,5{}", char::from(Key::Enter))).await?;
    app.wait_visible(&tid("bag-draws-other-note")).await?;
    assert!(app.text("bag-seed").await?.contains("--draws 1234 "), "the last run stays");
    let field = app.wait_visible(&tid("bag-draws-other")).await?;
    field.clear().await?;
    field.send_keys(&format!("2000000{}", char::from(Key::Enter))).await?;
    app.wait_visible(&tid("error")).await?;
    assert_eq!(app.attr("error", "data-kind").await?.as_deref(), Some("lab-out-of-range"));
    let said = app.text("error").await?;
    assert!(said.contains("The number of draws") && said.contains("1,000,000"), "in words, in the language: {said}");
    app.screenshot("bag-lab-count-refused-en").await?;
    app.close().await
}
