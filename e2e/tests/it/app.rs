//! End-to-end tests of the real app: each test starts the built binary through tauri-driver with its
//! own empty data directory and plays it through the UI. Run by scripts/test.sh (VPOKER_E2E=1, under
//! xvfb-run, one test at a time).

use serde_json::{json, Value};
use vpoker_e2e::*;

const JACKS: &str = "jacks-or-better";

/// The English (or other language's) translation table the UI ships.
fn translations(lang: &str) -> Result<Value> {
    let path = repo_root().join("ui").join("i18n").join(format!("{lang}.json"));
    Ok(serde_json::from_str(&std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?)?)
}

/// One entry of a translation table, whether the file is flat ("error.x") or nested.
fn lookup<'a>(table: &'a Value, key: &str) -> Option<&'a str> {
    if let Some(text) = table.get(key).and_then(Value::as_str) {
        return Some(text);
    }
    let mut node = table;
    for part in key.split('.') {
        node = node.get(part)?;
    }
    node.as_str()
}

/// The literal parts of a template like "Level {level} opens it": each must appear in the text.
fn fragments(template: &str) -> Vec<String> {
    let mut parts = Vec::new();
    let mut current = String::new();
    let mut in_placeholder = false;
    for c in template.chars() {
        match c {
            '{' => {
                in_placeholder = true;
                parts.push(std::mem::take(&mut current));
            }
            '}' if in_placeholder => in_placeholder = false,
            _ if !in_placeholder => current.push(c),
            _ => {}
        }
    }
    parts.push(current);
    parts.into_iter().map(|p| p.trim().to_string()).filter(|p| !p.is_empty()).collect()
}

fn assert_shows_template(text: &str, table: &Value, key: &str) -> Result<()> {
    let template = lookup(table, key).ok_or_else(|| format!("the translation table has no {key}"))?;
    for part in fragments(template) {
        if !text.contains(&part) {
            return Err(format!("expected the text of {key} ({template:?}); the screen shows {text:?}").into());
        }
    }
    Ok(())
}

/// The per-coin pay of five cards on a machine, from `vpoker eval --json`.
fn pay_per_coin(machine: &str, cards: &[String]) -> Result<u64> {
    let result = cli(&["eval", "--game", machine, "--json", &cards.join(" ")])?;
    result["pay"].as_u64().ok_or_else(|| format!("vpoker eval gave no pay: {result}").into())
}

/// Plays hands through the CLI's `fill` (the game's own deal and draw with the solver's best hold,
/// one transaction per day, collecting each day's daily chips on past dates from 2001-01-01) until
/// the profile reaches `level`. A fixed seed makes the prepared profile the same on every run.
pub(crate) fn prepare_level(db: &std::path::Path, level: u64) -> Result<Value> {
    const SEED: &str = "e2e0000000000000000000000000000000000000000000000000000000000010";
    let mut state = play(db, None, &["state"])?;
    let mut days = chrono_like_day(2001, 1, 1);
    let mut round = 0u64;
    while state["level"].as_u64().unwrap_or(0) < level {
        round += 1;
        if round > 100 {
            return Err(format!("level {level} not reached after 100 fills: {state}").into());
        }
        let day = days.next();
        let seed = format!("{}{round:02}", &SEED[..62]);
        let filled = play(db, Some(&day), &["fill", "--hands", "40", "--bet", "50", "--per-day", "40", "--seed", &seed])?;
        if filled.get("error").is_some() {
            return Err(format!("fill refused: {filled}").into());
        }
        // fill moved on one day per day played; the next round starts after the last of them.
        for _ in 0..filled["days"].as_u64().unwrap_or(0) {
            days.next();
        }
        state = filled["state"].clone();
    }
    Ok(state)
}

/// Consecutive calendar days as text (real month lengths), without a date library.
struct Days {
    year: u32,
    month: u32,
    day: u32,
}

fn chrono_like_day(year: u32, month: u32, day: u32) -> Days {
    Days { year, month, day }
}

impl Days {
    fn next(&mut self) -> String {
        let text = format!("{:04}-{:02}-{:02}", self.year, self.month, self.day);
        let leap = self.year % 4 == 0 && (self.year % 100 != 0 || self.year % 400 == 0);
        let length = match self.month {
            2 if leap => 29,
            2 => 28,
            4 | 6 | 9 | 11 => 30,
            _ => 31,
        };
        self.day += 1;
        if self.day > length {
            self.day = 1;
            self.month += 1;
            if self.month > 12 {
                self.month = 1;
                self.year += 1;
            }
        }
        text
    }
}

#[tokio::test]
#[ignore = "drives the built app: scripts/test.sh runs it (VPOKER_E2E=1, --include-ignored)"]
async fn first_start_shows_1000_chips_at_level_1() -> Result<()> {
    let (_data, _driver, app) = launch_fresh().await?;
    app.wait_chips(1000).await?;
    assert_eq!(digits(&app.text("level").await?), Some(1));
    assert!(app.is_visible(&tid("machine-jacks-or-better")).await?);
    app.close().await
}

#[tokio::test]
#[ignore = "drives the built app: scripts/test.sh runs it (VPOKER_E2E=1, --include-ignored)"]
async fn daily_chips_give_1200_and_a_second_claim_is_refused_in_words() -> Result<()> {
    let (_data, _driver, app) = launch_fresh().await?;
    app.wait_chips(1000).await?;
    app.click("daily-claim").await?;
    app.wait_chips(1200).await?;
    app.click("daily-claim").await?;
    let error = app.wait_visible(&tid("error")).await?;
    app.wait_until("the error has text", || async { Ok(!app.text("error").await?.trim().is_empty()) }).await?;
    let text = app.text("error").await?;
    assert_eq!(error.attr("data-kind").await?.as_deref(), Some("daily-already-claimed"), "{text}");
    assert_shows_template(&text, &translations("en")?, "error.daily-already-claimed")?;
    assert!(!text.contains("daily-already-claimed"), "the raw id leaked into the UI: {text}");
    app.wait_chips(1200).await?;
    app.close().await
}

#[tokio::test]
#[ignore = "drives the built app: scripts/test.sh runs it (VPOKER_E2E=1, --include-ignored)"]
async fn deal_hold_draw_pays_what_the_paytable_says_and_history_agrees() -> Result<()> {
    let (_data, _driver, app) = launch_fresh().await?;
    app.wait_chips(1000).await?;
    app.open_machine(JACKS).await?;
    app.click("bet-5").await?;
    let mut balance = 1000;
    for round in 0..3u8 {
        let dealt = app.deal().await?;
        balance -= 5;
        app.wait_chips(balance).await?;
        let mask = [0b00101u8, 0b11000, 0b00000][usize::from(round)];
        app.hold(mask).await?;
        let final_cards = app.draw().await?;
        for card_idx in 0..5 {
            if mask & (1 << card_idx) != 0 {
                assert_eq!(final_cards[card_idx], dealt[card_idx], "a held card changed");
            }
        }
        let payout = 5 * pay_per_coin(JACKS, &final_cards)?;
        balance += payout;
        app.wait_chips(balance).await?;
        assert_eq!(app.attr("win-total", "data-value").await?.as_deref(), Some(payout.to_string().as_str()));

        // The app's own record of the hand says the same.
        let history = app.invoke("history", json!({ "limit": 1 })).await?;
        let last = history["ok"].as_array().and_then(|a| a.first()).cloned().unwrap_or(history["ok"].clone());
        let last = if last.is_array() { last[0].clone() } else { last };
        assert_eq!(last["payout"].as_u64(), Some(payout), "history: {history}");
        assert_eq!(last["hold"].as_u64(), Some(u64::from(mask)), "history: {history}");

        // And the history screen shows it, newest first.
        app.click("nav-history").await?;
        let row = app.wait_visible(&tid("history-row")).await?;
        app.wait_until("the newest history row is this hand", || async {
            Ok(row.attr("data-hand").await? == last["id"].as_i64().map(|id| id.to_string()))
        })
        .await?;
        let rows = app.client().find_all(fantoccini::Locator::Css(&tid("history-row"))).await?;
        assert_eq!(rows.len(), usize::from(round) + 1);
        let text = app.inner_text(&tid("history-row")).await?;
        assert!(text.contains(&payout.to_string()), "history row {text:?} lacks the payout {payout}");
        app.open_machine(JACKS).await?;
    }
    app.close().await
}

#[tokio::test]
#[ignore = "drives the built app: scripts/test.sh runs it (VPOKER_E2E=1, --include-ignored)"]
async fn locked_machines_say_which_level_opens_them() -> Result<()> {
    let (_data, _driver, app) = launch_fresh().await?;
    let en = translations("en")?;
    assert_eq!(app.attr("machine-jacks-or-better", "data-locked").await?.as_deref(), Some("false"));
    for (machine, level) in [("deuces-wild", 3), ("bonus-poker", 8), ("double-bonus", 15)] {
        let testid = format!("machine-{machine}");
        assert_eq!(app.attr(&testid, "data-locked").await?.as_deref(), Some("true"), "{machine}");
        let text = app.text(&testid).await?;
        assert!(text.contains(&level.to_string()), "{machine} tile {text:?} does not name level {level}");
        assert_shows_template(&text, &en, "lobby.locked")?;
    }
    // Trying to play one anyway is refused with the unlock level, in words.
    app.click("machine-deuces-wild").await?;
    app.wait_visible(&tid("deal-draw")).await?;
    app.wait_ready().await?;
    app.click("deal-draw").await?;
    let error = app.wait_visible(&tid("error")).await?;
    app.wait_until("the error has text", || async { Ok(!app.text("error").await?.trim().is_empty()) }).await?;
    assert_eq!(error.attr("data-kind").await?.as_deref(), Some("machine-locked"));
    assert!(app.text("error").await?.contains('3'));
    app.wait_chips(1000).await?;
    app.close().await
}

#[tokio::test]
#[ignore = "drives the built app: scripts/test.sh runs it (VPOKER_E2E=1, --include-ignored)"]
async fn the_hint_lights_the_hold_the_solver_names() -> Result<()> {
    let (_data, _driver, app) = launch_fresh().await?;
    app.open_machine(JACKS).await?;
    for _ in 0..4 {
        let cards = app.deal().await?;
        app.hint_on().await?;
        let expected = cli_best_hold(JACKS, &cards)?;
        app.wait_until("the hint lights the solver's hold", || async { Ok(app.hint_mask().await? == expected) })
            .await
            .map_err(|e| format!("cards {cards:?}: vpoker hint says {expected:05b}: {e}"))?;
        app.hold(expected).await?;
        app.draw().await?;
    }
    app.close().await
}

#[tokio::test]
#[ignore = "drives the built app: scripts/test.sh runs it (VPOKER_E2E=1, --include-ignored)"]
async fn closing_mid_hand_and_starting_again_shows_the_same_cards_and_balance() -> Result<()> {
    let data = DataHome::new()?;
    let driver = Driver::start(&data)?;
    let app = driver.launch().await?;
    app.open_machine(JACKS).await?;
    app.click("bet-10").await?;
    let dealt = app.deal().await?;
    app.wait_chips(990).await?;
    app.close().await?;

    let app = driver.launch().await?;
    app.wait_chips(990).await?;
    app.open_machine(JACKS).await?;
    assert_eq!(app.cards().await?, dealt);
    assert_eq!(app.phase().await?, "draw");
    app.hold(0b11111).await?;
    assert_eq!(app.draw().await?, dealt);
    let payout = 10 * pay_per_coin(JACKS, &dealt)?;
    app.wait_chips(990 + payout).await?;
    app.close().await
}

#[tokio::test]
#[ignore = "drives the built app: scripts/test.sh runs it (VPOKER_E2E=1, --include-ignored)"]
async fn switching_to_japanese_shows_japanese() -> Result<()> {
    let data = DataHome::new()?;
    let driver = Driver::start(&data)?;
    let app = driver.launch().await?;
    let ja = translations("ja")?;
    // Once Settings has loaded: its second drawing (the reminder row) would replace the select.
    app.open_tab("settings").await?;
    let select = app.wait_visible(&tid("language-select")).await?;
    select.select_by_value("ja").await?;
    let html = app.client().find(fantoccini::Locator::Css("html")).await?;
    app.wait_until("<html lang> is ja", || async { Ok(html.attr("lang").await?.as_deref() == Some("ja")) }).await?;
    let lobby = lookup(&ja, "nav.lobby").ok_or("ja.json has no nav.lobby")?.to_string();
    app.wait_until("the tab bar speaks Japanese", || async {
        Ok(app.text_content("nav-lobby").await?.contains(&lobby))
    })
    .await?;
    let body = app.body_text().await?;
    let japanese = body.chars().filter(|c| matches!(*c as u32, 0x3040..=0x30FF | 0x4E00..=0x9FFF)).count();
    assert!(japanese >= 10, "too little Japanese on the settings screen: {body}");

    // The choice is kept: the next start is in Japanese too.
    app.close().await?;
    let app = driver.launch().await?;
    let html = app.client().find(fantoccini::Locator::Css("html")).await?;
    app.wait_until("<html lang> is still ja", || async { Ok(html.attr("lang").await?.as_deref() == Some("ja")) })
        .await?;
    app.close().await
}

#[tokio::test]
#[ignore = "drives the built app: scripts/test.sh runs it (VPOKER_E2E=1, --include-ignored)"]
async fn the_page_runs_locked_down_with_no_way_out() -> Result<()> {
    let (_data, _driver, app) = launch_fresh().await?;
    let script = r#"
        const done = arguments[0];
        (async () => {
          const inline = document.createElement("script");
          inline.textContent = "window.__inlineRan = true";
          document.body.appendChild(inline);
          let fetched = "refused";
          try { await fetch("https://example.com/"); fetched = "fetched"; } catch (e) { fetched = "refused"; }
          let plugin = "refused";
          try { await window.__TAURI__.core.invoke("plugin:app|version"); plugin = "allowed"; } catch (e) { plugin = "refused"; }
          done({ inline: window.__inlineRan === true, fetched, plugin, origin: location.origin });
        })();
    "#;
    let result = app.client().execute_async(script, vec![]).await?;
    assert_eq!(result["inline"], false, "an inline script ran: the CSP is missing ({result})");
    assert_eq!(result["fetched"], "refused", "the page reached the network ({result})");
    assert_eq!(result["plugin"], "refused", "a core plugin command was allowed ({result})");
    app.close().await
}

#[tokio::test]
#[ignore = "drives the built app: scripts/test.sh runs it (VPOKER_E2E=1, --include-ignored)"]
async fn five_play_shows_five_hands_at_level_10() -> Result<()> {
    let data = DataHome::new()?;
    std::fs::create_dir_all(data.db_path().parent().ok_or("no parent")?)?;
    let prepared = prepare_level(&data.db_path(), 10)?;
    let chips = prepared["chips"].as_u64().ok_or("state without chips")?;
    let driver = Driver::start(&data)?;
    let app = driver.launch().await?;
    app.wait_chips(chips).await?;
    app.open_machine(JACKS).await?;
    app.click("bet-5").await?;
    app.click("hands-5").await?;
    app.wait_until("five extra-hand placeholders minus the main one", || async {
        Ok(app.client().find_all(fantoccini::Locator::Css(&tid("extra-hand"))).await?.len() == 4)
    })
    .await?;
    app.deal().await?;
    app.wait_chips(chips - 25).await?;
    app.hold(0b00011).await?;
    let main = app.draw().await?;
    let extras = app.client().find_all(fantoccini::Locator::Css(&tid("extra-hand"))).await?;
    assert_eq!(extras.len(), 4, "Five Play shows the main hand and four extra hands");
    let last = app.invoke("get_state", json!({})).await?;
    let results = last["ok"]["last_hand"]["results"].as_array().cloned().unwrap_or_default();
    assert_eq!(results.len(), 5, "{last}");
    let mut payout = 0;
    for result in &results {
        let cards: Vec<String> =
            result["cards"].as_array().ok_or("no cards")?.iter().filter_map(|c| c.as_str().map(String::from)).collect();
        assert_eq!(&cards[..2], &main[..2], "every hand keeps the held cards");
        payout += 5 * pay_per_coin(JACKS, &cards)?;
    }
    app.wait_chips(chips - 25 + payout).await?;
    app.close().await
}

/// Screenshots at 390×844 of every screen, in English and Japanese, on a level-10 profile.
#[tokio::test]
#[ignore = "drives the built app: scripts/test.sh runs it (VPOKER_E2E=1, --include-ignored)"]
async fn screenshots_in_english_and_japanese() -> Result<()> {
    let data = DataHome::new()?;
    std::fs::create_dir_all(data.db_path().parent().ok_or("no parent")?)?;
    prepare_level(&data.db_path(), 10)?;
    let driver = Driver::start(&data)?;
    let app = driver.launch().await?;
    app.phone_size().await?;

    for lang in ["en", "ja"] {
        if lang != "en" {
            app.set_language(lang).await?;
        }
        app.click("nav-lobby").await?;
        app.wait_visible(&tid("machine-jacks-or-better")).await?;
        app.screenshot(&format!("lobby-{lang}")).await?;

        app.open_machine(JACKS).await?;
        app.click("hands-1").await?;
        app.click("bet-5").await?;
        // At least 8 deals here, 10 with the two below: leaving the machine then shows the session card.
        let mut won = false;
        for played in 1..=80 {
            let cards = app.deal().await?;
            app.hint_on().await?;
            app.hold(cli_best_hold(JACKS, &cards)?).await?;
            let final_cards = app.draw().await?;
            if played >= 8 && pay_per_coin(JACKS, &final_cards)? >= 2 {
                won = true;
                break;
            }
        }
        assert!(won, "no win of two pairs or better in 80 hands");
        app.screenshot(&format!("machine-win-{lang}")).await?;
        // Same cards: a hand held as the solver's worst shows what the best hold would have made.
        let cards = app.deal().await?;
        app.hold(cli_worst_hold(JACKS, &cards)?).await?;
        app.draw().await?;
        app.wait_visible(&tid("same-cards")).await?;
        app.screenshot(&format!("same-cards-{lang}")).await?;

        app.click("hands-5").await?;
        let cards = app.deal().await?;
        app.hold(cli_best_hold(JACKS, &cards)?).await?;
        app.draw().await?;
        app.screenshot(&format!("five-play-{lang}")).await?;

        for screen in ["history", "stats", "settings"] {
            app.click(&format!("nav-{screen}")).await?;
            if screen == "history" {
                // Leaving the machine after 10+ deals in the session shows the session card.
                app.wait_visible(&tid("session-card")).await?;
                app.screenshot(&format!("session-card-{lang}")).await?;
                app.click("session-card-close").await?;
                app.wait_until("the card closes", || async { Ok(!app.is_visible(&tid("session-card")).await?) })
                    .await?;
            }
            app.wait_screen(screen).await?;
            if screen == "history" {
                app.wait_visible(&tid("history-row")).await?;
            }
            app.screenshot(&format!("{screen}-{lang}")).await?;
            if screen == "stats" {
                app.wait_visible(&tid("coach-all-jacks-or-better")).await?;
                let script = "document.querySelector('[data-testid=coach-all-jacks-or-better]').scrollIntoView()";
                app.client().execute(script, vec![]).await?;
                app.screenshot(&format!("stats-coach-{lang}")).await?;
            }
            if screen == "history" {
                app.click("history-verify").await?;
                app.wait_visible(&tid("verification")).await?;
                app.screenshot(&format!("verify-{lang}")).await?;
            }
        }
        app.open_machine(JACKS).await?;
        app.click("machine-train").await?;
        app.wait_visible(&tid("train-answer")).await?;
        app.screenshot(&format!("train-{lang}")).await?;
        let mut cards = Vec::new();
        for i in 0..5 {
            cards.push(app.attr(&format!("train-card-{i}"), "data-card").await?.unwrap_or_default());
        }
        let worst = cli_worst_hold(JACKS, &cards)?;
        for i in 0..5 {
            if worst & (1 << i) != 0 {
                app.click(&format!("train-card-{i}")).await?;
            }
        }
        app.click("train-answer").await?;
        let verdict = app.wait_visible(&tid("train-verdict")).await?;
        assert_eq!(verdict.attr("data-correct").await?.as_deref(), Some("false"));
        app.screenshot(&format!("train-verdict-{lang}")).await?;
        app.click("nav-lobby").await?;
        app.click("lobby-fairness").await?;
        app.wait_visible(&tid("fair-verify")).await?;
        app.screenshot(&format!("fairness-{lang}")).await?;
        for lab in ["shuffle", "bag"] {
            app.open_lab(lab).await?;
            app.screenshot(&format!("{lab}-lab-top-{lang}")).await?;
            app.click("fairness-back").await?;
        }
    }
    app.close().await
}

/// The figures for the report: start-up, memory, command round trip. Written to
/// target/e2e/figures.txt (set VPOKER_APP=target/release/video-poker to measure the release build).
#[tokio::test]
#[ignore = "drives the built app: scripts/test.sh runs it (VPOKER_E2E=1, --include-ignored)"]
async fn figures() -> Result<()> {
    let data = DataHome::new()?;
    let driver = Driver::start(&data)?;
    let app = driver.launch().await?;
    let mut figures = vec![format!("app: {}", app_binary().display())];
    figures.push(startup_figure(&app).await?);
    figures.push(format!("WebDriver session request to balance on screen: {} ms", app.launched_in().as_millis()));
    // Let the strategy warm-up finish before measuring memory.
    let warming = std::time::Instant::now();
    app.wait_until("the strategy warm-up finishes", || async { Ok(!warm_up_running()) }).await?;
    eprintln!("figures: the strategy warm-up was still running for {} ms", warming.elapsed().as_millis());
    figures.push(format!("memory after start-up: {}", memory_figure()));
    figures.push(format!("command round trip: {}", round_trip_figure(&app).await?));
    app.open_machine(JACKS).await?;
    for _ in 0..5 {
        app.deal().await?;
        app.draw().await?;
    }
    figures.push(format!("memory after five hands: {}", memory_figure()));
    app.close().await?;
    let report = figures.join("\n");
    eprintln!("{report}");
    let figures_dir = repo_root().join("target").join("e2e");
    std::fs::create_dir_all(&figures_dir)?;
    std::fs::write(figures_dir.join("figures.txt"), report + "\n")?;
    Ok(())
}

/// Resident memory of the running app and its WebKit helper processes.
fn memory_figure() -> String {
    let app_pids = app_pids();
    let mut lines = Vec::new();
    let Ok(entries) = std::fs::read_dir("/proc") else { return "no /proc".into() };
    let mut all = Vec::new();
    for entry in entries.flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else { continue };
        let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) else { continue };
        let field = |name: &str| {
            status.lines().find(|l| l.starts_with(name)).map(|l| l[name.len()..].trim().to_string()).unwrap_or_default()
        };
        let ppid: u32 = field("PPid:").parse().unwrap_or(0);
        let rss_kb: u64 = field("VmRSS:").trim_end_matches("kB").trim().parse().unwrap_or(0);
        let name = field("Name:");
        // Proportional set size: shared libraries counted once across the app and its helpers.
        let pss_kb: u64 = std::fs::read_to_string(format!("/proc/{pid}/smaps_rollup"))
            .ok()
            .and_then(|text| {
                let line = text.lines().find(|l| l.starts_with("Pss:"))?.to_string();
                line["Pss:".len()..].trim().trim_end_matches("kB").trim().parse().ok()
            })
            .unwrap_or(0);
        all.push((pid, ppid, name, rss_kb, pss_kb));
    }
    let (mut total_rss, mut total_pss) = (0, 0);
    for (pid, ppid, name, rss_kb, pss_kb) in &all {
        if app_pids.contains(pid) || app_pids.contains(ppid) {
            total_rss += rss_kb;
            total_pss += pss_kb;
            lines.push(format!("{name} RSS {} MiB / PSS {} MiB", rss_kb / 1024, pss_kb / 1024));
        }
    }
    format!("RSS {} MiB, PSS {} MiB in total ({})", total_rss / 1024, total_pss / 1024, lines.join(", "))
}

/// The time of a `get_state` call from JavaScript to Rust and back: 200 calls one after another
/// (WebKit rounds `performance.now()` to whole milliseconds, so the mean is taken over the batch).
async fn round_trip_figure(app: &Session) -> Result<String> {
    let script = r#"
        const done = arguments[0];
        (async () => {
          const n = 200;
          const start = performance.now();
          for (let i = 0; i < n; i += 1) await window.__TAURI__.core.invoke("get_state");
          const total = performance.now() - start;
          const bytes = JSON.stringify(await window.__TAURI__.core.invoke("get_state")).length;
          done({ mean: total / n, n, bytes });
        })().catch((e) => done({ error: String(e) }));
    "#;
    let times = app.client().execute_async(script, vec![]).await?;
    Ok(format!(
        "get_state mean {:.2} ms over {} sequential calls (state JSON {} bytes)",
        times["mean"].as_f64().unwrap_or(f64::NAN),
        times["n"],
        times["bytes"]
    ))
}

/// From the app's process start to the page's navigation, first contentful paint and load event.
/// The process's age comes from the kernel (`/proc/PID/stat` start time against `/proc/uptime`, 10 ms
/// ticks), the page's from its own clock (`performance.now()`), read back to back.
async fn startup_figure(app: &Session) -> Result<String> {
    let pid = app_pids().into_iter().next().ok_or("the app's process was not found")?;
    let tick_rate = std::process::Command::new("getconf").arg("CLK_TCK").output()?;
    let tick_rate: f64 = String::from_utf8_lossy(&tick_rate.stdout).trim().parse()?;
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat"))?;
    // Field 22 (starttime, clock ticks after boot), counted from after the ")" closing the name.
    let after_name = &stat[stat.rfind(')').ok_or("odd /proc stat")? + 2..];
    let start_ticks: f64 = after_name.split_whitespace().nth(19).ok_or("no starttime")?.parse()?;
    let script = r#"
        const paint = performance.getEntriesByType("paint").find((e) => e.name === "first-contentful-paint");
        const nav = performance.getEntriesByType("navigation")[0] || {};
        const balance = performance.getEntriesByName("balance-shown")[0];
        return { now: performance.now(), fcp: paint ? paint.startTime : null, load: nav.loadEventEnd || null,
          balance: balance ? balance.startTime : null };
    "#;
    let page = app.client().execute(script, vec![]).await?;
    let uptime: f64 = std::fs::read_to_string("/proc/uptime")?.split_whitespace().next().ok_or("no uptime")?.parse()?;
    let process_age_ms = (uptime - start_ticks / tick_rate) * 1000.0;
    let navigation_at = process_age_ms - page["now"].as_f64().ok_or("no performance.now()")?;
    let at = |key: &str| {
        page[key].as_f64().map(|ms| format!("{:.0} ms", navigation_at + ms)).unwrap_or_else(|| "n/a".into())
    };
    Ok(format!(
        "cold start, from the process's start (±10 ms): page navigation at {navigation_at:.0} ms, \
         first contentful paint at {}, load event at {}, balance on screen at {}",
        at("fcp"),
        at("load"),
        at("balance")
    ))
}

/// Whether the app's strategy warm-up thread (named "strategy-warm-up", which Linux cuts to 15
/// bytes) is still running: it starts on the first `get_state` and ends once the tables are built.
fn warm_up_running() -> bool {
    app_pids().into_iter().any(|pid| {
        let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else { return false };
        tasks.flatten().any(|task| {
            std::fs::read_to_string(task.path().join("comm")).is_ok_and(|name| name.starts_with("strategy-warm"))
        })
    })
}

/// The pids of running processes whose executable is the app binary.
fn app_pids() -> Vec<u32> {
    let app = app_binary();
    let Ok(entries) = std::fs::read_dir("/proc") else { return Vec::new() };
    entries
        .flatten()
        .filter_map(|e| e.file_name().to_string_lossy().parse::<u32>().ok())
        .filter(|pid| std::fs::read_link(format!("/proc/{pid}/exe")).ok().as_deref() == Some(app.as_path()))
        .collect()
}
