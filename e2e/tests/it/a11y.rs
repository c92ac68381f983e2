//! End-to-end accessibility audit: axe-core (e2e/node_modules, pinned in e2e/package.json) runs in
//! the real app on every screen and state a player can reach, in all four languages, and every shown
//! control's hit area is measured. One test per language (the same tour, each on its own copy of
//! one prepared profile), so that two test threads share the work. Any serious or critical
//! violation fails its language's test; the moderate and minor ones of every language run so far
//! are written together to target/e2e/axe.txt (the README lists them with the reasons they stay).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};
use std::time::Instant;

use vpoker_e2e::*;

const JACKS: &str = "jacks-or-better";

/// What the audit found, per rule: its impact, help text and where (language and state).
#[derive(Default)]
struct Findings {
    blocking: Vec<String>,
    lesser: BTreeMap<String, (String, String, Vec<String>)>,
    small: Vec<String>,
    states: usize,
}

/// Runs axe and the hit-area check on the page as it is now.
async fn audit(app: &Session, found: &mut Findings, lang: &str, state: &str) -> Result<()> {
    // Let a screen's animations (a card flip, a dialog) settle, as a player would see it.
    app.wait_still().await?;
    found.states += 1;
    for violation in app.axe().await? {
        let id = violation["id"].as_str().unwrap_or("?").to_string();
        let impact = violation["impact"].as_str().unwrap_or("?").to_string();
        let nodes: Vec<String> = violation["nodes"]
            .as_array()
            .map(|nodes| nodes.iter().map(|n| format!("{} ({})", n["target"], n["html"])).collect())
            .unwrap_or_default();
        if impact == "serious" || impact == "critical" {
            found.blocking.push(format!(
                "[{lang}] {state}: {id} ({impact}): {}\n    {}",
                violation["help"],
                nodes.join("\n    ")
            ));
        } else {
            let entry = found.lesser.entry(id).or_insert_with(|| (impact, violation["help"].to_string(), Vec::new()));
            entry.2.push(format!("[{lang}] {state}: {}", nodes.join("; ")));
        }
    }
    for target in app.small_targets().await? {
        found.small.push(format!("[{lang}] {state}: {} × {} {}", target["width"], target["height"], target["html"]));
    }
    Ok(())
}

/// Every screen and state, in one language, on the app as [`launch_prepared`] left it.
async fn tour(app: &Session, found: &mut Findings, lang: &str) -> Result<()> {
    app.click("nav-lobby").await?;
    app.wait_visible(&tid("machine-jacks-or-better")).await?;
    audit(app, found, lang, "lobby").await?;
    // The hand analyser: five cards tapped, every hold with the best one's distribution open.
    app.click("lobby-analyser").await?;
    app.wait_visible(&tid("analyser-picker")).await?;
    for card in ["Ah", "Kh", "Qh", "Jh", "9c"] {
        app.click(&format!("analyser-card-{card}")).await?;
    }
    app.wait_visible(&tid("analyser-results")).await?;
    crate::analyser::compare(app, 31).await?;
    audit(app, found, lang, "the hand analyser").await?;
    app.click("analyser-back").await?;
    app.wait_visible(&tid("machine-jacks-or-better")).await?;

    app.open_machine(JACKS).await?;
    app.click("hands-1").await?;
    app.click("bet-5").await?;
    audit(app, found, lang, "machine, ready to deal").await?;

    // The mistake dialog: a hold that gives EV up, then Draw (dealt again if it happens to tie).
    let mut warned = false;
    for _ in 0..6 {
        let cards = app.deal().await?;
        app.wait_hint().await?;
        if !warned {
            audit(app, found, lang, "machine, dealt with the hint").await?;
        }
        let best = cli_best_hold(JACKS, &cards)?;
        app.hold(best ^ 0b00001).await?;
        app.click("deal-draw").await?;
        let shown = app.wait_until("the mistake warning or the draw", || async {
            Ok(app.is_visible(&tid("warn-cancel")).await? || app.phase().await? == "deal")
        });
        shown.await?;
        if app.is_visible(&tid("warn-cancel")).await? {
            audit(app, found, lang, "the mistake dialog").await?;
            app.click("warn-cancel").await?;
            app.wait_until("the dialog closes", || async { Ok(!app.is_visible(&tid("warn-cancel")).await?) }).await?;
            app.hold(best).await?;
            app.draw().await?;
            warned = true;
            break;
        }
        app.wait_ready().await?;
    }
    if !warned {
        return Err("no hold gave EV up in six deals: the mistake dialog was never shown".into());
    }
    audit(app, found, lang, "machine, drawn").await?;

    app.click("hands-5").await?;
    let cards = app.deal().await?;
    app.wait_hint().await?;
    audit(app, found, lang, "Five Play, dealt").await?;
    app.hold(cli_best_hold(JACKS, &cards)?).await?;
    app.draw().await?;
    audit(app, found, lang, "Five Play, drawn").await?;
    app.click("hands-1").await?;

    // Leaving the machine after 10 or more deals in the session shows the session card.
    app.click("machine-train").await?;
    app.wait_visible(&tid("session-card")).await?;
    audit(app, found, lang, "the session card on leaving a machine").await?;
    app.click("session-card-close").await?;
    app.wait_until("the card closes", || async { Ok(!app.is_visible(&tid("session-card")).await?) }).await?;
    app.wait_visible(&tid("train-answer")).await?;
    audit(app, found, lang, "training").await?;
    app.click("train-answer").await?;
    app.wait_visible(&tid("train-verdict")).await?;
    audit(app, found, lang, "training, answered").await?;

    // The machine's strategy chart and the paytable lab.
    app.open_machine(JACKS).await?;
    app.click("machine-chart").await?;
    app.wait_visible(&tid("chart-lines")).await?;
    audit(app, found, lang, "the strategy chart").await?;
    app.click("chart-lab").await?;
    app.wait_visible(&tid("paylab-chart-lines")).await?;
    audit(app, found, lang, "the paytable lab").await?;

    app.click("nav-history").await?;
    app.wait_visible(&tid("history-row")).await?;
    audit(app, found, lang, "history").await?;
    app.click("history-verify").await?;
    app.wait_visible(&tid("verification")).await?;
    audit(app, found, lang, "a hand verified").await?;

    app.click("nav-stats").await?;
    app.wait_visible(&tid("coach-chart-jacks-or-better")).await?;
    audit(app, found, lang, "statistics (luck and skill, chart)").await?;
    app.click("session-card-jacks-or-better").await?;
    app.wait_visible(&tid("session-card")).await?;
    audit(app, found, lang, "the session card").await?;
    app.click("session-card-close").await?;
    app.wait_until("the card closes", || async { Ok(!app.is_visible(&tid("session-card")).await?) }).await?;

    app.open_tab("settings").await?;
    app.wait_visible(&tid("language-select")).await?;
    audit(app, found, lang, "settings").await?;
    // The reminder: a desktop says it cannot schedule one.
    let reminder = app.wait_visible(&tid("setting-reminder-row")).await?;
    app.client().execute("arguments[0].scrollIntoView({ block: 'center' })", vec![serde_json::to_value(&reminder)?]).await?;
    app.wait_visible(&tid("reminder-unavailable")).await?;
    app.screenshot(&format!("settings-reminder-{lang}")).await?;
    app.open_tab("help").await?;
    audit(app, found, lang, "help").await?;
    // The daily-chips rule, as the player reads it.
    let daily = app.wait_visible(&tid("help-daily")).await?;
    app.client().execute("arguments[0].scrollIntoView({ block: 'center' })", vec![serde_json::to_value(&daily)?]).await?;
    app.screenshot(&format!("help-daily-{lang}")).await?;
    // Today's ten deals and "no pressure, nothing for sale", as the player reads them.
    let honest = app.wait_visible(&tid("help-honest")).await?;
    app.client().execute("arguments[0].scrollIntoView({ block: 'center' })", vec![serde_json::to_value(&honest)?]).await?;
    app.screenshot(&format!("help-honest-{lang}")).await?;

    // Today's ten deals: played, and the summary audited.
    app.click("nav-lobby").await?;
    app.click("lobby-daily").await?;
    app.wait_visible(&tid("daily-machine")).await?;
    crate::daily::play_today(app, false).await?;
    audit(app, found, lang, "today's ten deals").await?;
    app.screenshot(&format!("daily-{lang}")).await?;
    app.click("daily-back").await?;
    // The lobby draws again when Rust's summary of today arrives (the card then says the ten are
    // done, a line longer): a tap before that could land where the tables button was.
    app.wait_until("the lobby shows today's ten done", || async {
        Ok(app.attr("lobby-daily", "data-done").await?.as_deref() == Some("true"))
    })
    .await?;
    // A casino table: the library and a hand with its hint, drawn with the best hold.
    app.click("lobby-tables").await?;
    app.wait_visible(&tid("tables-list")).await?;
    audit(app, found, lang, "casino tables").await?;
    app.click("table-jacks-or-better-8-5").await?;
    app.wait_visible(&tid("deal-draw")).await?;
    app.deal().await?;
    app.wait_hint().await?;
    audit(app, found, lang, "a casino table, the hint shown").await?;
    app.screenshot(&format!("table-{lang}")).await?;
    crate::tables::draw_best(app).await?;
    audit(app, found, lang, "a casino table, drawn").await?;
    // The table's drill: a hard decision, then its verdict with the EV table open.
    app.click("table-drill").await?;
    app.wait_visible(&tid("table-drill-answer")).await?;
    audit(app, found, lang, "a casino table's drill").await?;
    app.click("table-drill-answer").await?;
    app.wait_visible(&tid("table-drill-verdict")).await?;
    app.client().execute("document.querySelector('.train-evs').open = true", vec![]).await?;
    audit(app, found, lang, "a casino table's drill, answered").await?;
    app.screenshot(&format!("table-drill-{lang}")).await?;
    // Its mistakes: none on this table yet (its one hand was drawn with the best hold).
    app.click("table-drill-source-mistakes").await?;
    app.wait_visible(&tid("table-drill-empty")).await?;
    audit(app, found, lang, "a casino table's drill, no mistakes").await?;
    app.click("table-drill-back").await?;
    app.wait_visible(&tid("table-drill")).await?;
    app.click("play-back").await?;
    // The library with the chart costs filled in (generated by the app on this first visit).
    // (25 charts on a busy machine may take longer than one wait: a few waits in a row.)
    let mut waited = Err("not yet".into());
    for _ in 0..4 {
        waited = app
            .wait_until("the library lists every chart cost", || async {
                Ok(app.attr("table-cost-not-so-ugly-deuces", "data-cost").await?.is_some_and(|c| !c.is_empty()))
            })
            .await;
        if waited.is_ok() {
            break;
        }
    }
    waited?;
    audit(app, found, lang, "casino tables with the chart costs").await?;
    app.screenshot(&format!("tables-{lang}")).await?;
    app.click("tables-back").await?;
    app.click("lobby-milestones").await?;
    app.wait_visible(&tid("milestones-count")).await?;
    audit(app, found, lang, "milestones").await?;
    app.screenshot(&format!("milestones-{lang}")).await?;
    app.click("milestones-back").await?;

    app.click("nav-lobby").await?;
    app.click("lobby-fairness").await?;
    app.wait_visible(&tid("fair-verify")).await?;
    audit(app, found, lang, "fairness").await?;
    app.click("fair-verify").await?;
    app.wait_visible(&tid("verify-form")).await?;
    audit(app, found, lang, "the verify form").await?;
    app.click("fairness-back").await?;
    app.click("fair-history").await?;
    app.click("history-check-run").await?;
    app.wait_visible(&tid("history-check-result")).await?;
    audit(app, found, lang, "the whole-history check").await?;
    app.screenshot(&format!("history-check-{lang}")).await?;
    app.click("fairness-back").await?;
    for lab in ["shuffle", "bag"] {
        app.open_lab(lab).await?;
        audit(app, found, lang, &format!("the {lab} lab")).await?;
        app.click("fairness-back").await?;
    }
    Ok(())
}

/// The profile every language's tour starts from, made once per run of the test binary by the CLI
/// in `target/e2e/a11y-profile/PID/` (each test copies it: building it takes seconds of the
/// solver's autoplay): Level 10, so Five Play is open, and chips enough for a tour. Profiles of
/// runs that have ended are removed then.
fn prepared_profile() -> Result<&'static Path> {
    static PROFILE: OnceLock<std::result::Result<PathBuf, String>> = OnceLock::new();
    let made = PROFILE.get_or_init(|| {
        let make = || -> Result<PathBuf> {
            let all = repo_root().join("target").join("e2e").join("a11y-profile");
            if let Ok(entries) = std::fs::read_dir(&all) {
                for entry in entries.flatten() {
                    let pid = entry.file_name().to_string_lossy().into_owned();
                    if !Path::new("/proc").join(&pid).exists() {
                        let _ = std::fs::remove_dir_all(entry.path());
                    }
                }
            }
            let home = all.join(std::process::id().to_string());
            if home.exists() {
                std::fs::remove_dir_all(&home)?; // an earlier run's, under a process id used again
            }
            let db = home.join(IDENTIFIER).join(DATABASE_FILE);
            std::fs::create_dir_all(db.parent().ok_or("no parent")?)?;
            let mut day = 0;
            loop {
                let state = play(&db, None, &["state"])?;
                let chips = state["chips"].as_u64().unwrap_or(0);
                if state["level"].as_u64().unwrap_or(0) >= 10 && chips >= 1000 {
                    break;
                }
                if chips < 1000 {
                    play(&db, Some(&format!("2001-{:02}-{:02}", 1 + day / 28, 1 + day % 28)), &["claim-daily"])?;
                    day += 1;
                    continue;
                }
                play(&db, None, &["autoplay", "--hands", "20", "--game", JACKS, "--bet", "50"])?;
            }
            Ok(home)
        };
        make().map_err(|e| format!("preparing the accessibility profile: {e}"))
    });
    made.as_deref().map_err(|e| e.clone().into())
}

/// A data home holding a copy of the prepared profile (the database and any journal beside it),
/// its driver, and the app launched on it at a phone's size.
async fn launch_prepared() -> Result<(DataHome, Driver, Session)> {
    let from = prepared_profile()?.join(IDENTIFIER);
    let data = DataHome::new()?;
    let to = data.db_path().parent().ok_or("no parent")?.to_path_buf();
    std::fs::create_dir_all(&to)?;
    for entry in std::fs::read_dir(&from)? {
        let entry = entry?;
        if entry.file_type()?.is_file() {
            std::fs::copy(entry.path(), to.join(entry.file_name()))?;
        }
    }
    let driver = Driver::start(&data)?;
    let app = driver.launch().await?;
    app.phone_size().await?;
    Ok((data, driver, app))
}

/// What one language's tour found, kept for the report of the run.
struct Tour {
    states: usize,
    seconds: f64,
    blocking: usize,
    lesser: BTreeMap<String, (String, String, Vec<String>)>,
}

/// The version of axe-core installed in e2e/node_modules (the one `npm ci` put there).
fn axe_version() -> String {
    let path = repo_root().join("e2e/node_modules/axe-core/package.json");
    std::fs::read_to_string(&path)
        .ok()
        .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
        .and_then(|package| package["version"].as_str().map(String::from))
        .unwrap_or_else(|| format!("(no version in {})", path.display()))
}

/// The languages, in the report's order.
const LANGUAGES: [&str; 4] = ["en", "de", "pt", "ja"];

/// Adds one language's tour to the run's report and rewrites target/e2e/axe.txt with every
/// language toured so far (the tests run in parallel: each rewrites it whole when it ends).
fn report(lang: &'static str, tour: Tour) -> Result<()> {
    static TOURS: Mutex<BTreeMap<usize, (&'static str, Tour)>> = Mutex::new(BTreeMap::new());
    let mut tours = TOURS.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let order = LANGUAGES.iter().position(|l| *l == lang).ok_or("an unknown language")?;
    tours.insert(order, (lang, tour));
    let mut lesser: BTreeMap<&str, (&str, &str, Vec<&str>)> = BTreeMap::new();
    for (_, tour) in tours.values() {
        for (id, (impact, help, places)) in &tour.lesser {
            let entry = lesser.entry(id).or_insert_with(|| (impact, help, Vec::new()));
            entry.2.extend(places.iter().map(String::as_str));
        }
    }
    let langs: Vec<&str> = tours.values().map(|(lang, _)| *lang).collect();
    let each: Vec<String> = tours
        .values()
        .map(|(lang, tour)| {
            format!("{lang} {} states in {:.0} s, {} serious/critical", tour.states, tour.seconds, tour.blocking)
        })
        .collect();
    let mut lines = vec![
        format!(
            "axe-core {} on {} states ({} languages: {}): {} serious/critical, {} lesser rules",
            axe_version(),
            tours.values().map(|(_, tour)| tour.states).sum::<usize>(),
            langs.len(),
            langs.join(" "),
            tours.values().map(|(_, tour)| tour.blocking).sum::<usize>(),
            lesser.len()
        ),
        format!("  {}", each.join("; ")),
    ];
    for (id, (impact, help, places)) in &lesser {
        lines.push(format!("{id} ({impact}): {help}, {} times; first: {}", places.len(), places[0]));
    }
    let dir = repo_root().join("target").join("e2e");
    std::fs::create_dir_all(&dir)?;
    std::fs::write(dir.join("axe.txt"), lines.join("\n") + "\n")?;
    Ok(())
}

/// The whole tour in `lang` on a fresh copy of the prepared profile: every state audited, the
/// findings added to the report, and a failure for any serious or critical violation or any control
/// under 44 × 44 px.
async fn audit_every_screen_in(lang: &'static str) -> Result<()> {
    let started = Instant::now();
    let (_data, _driver, app) = launch_prepared().await?;
    let mut found = Findings::default();
    app.set_language(lang).await?;
    tour(&app, &mut found, lang).await?;
    app.close().await?;

    let tour = Tour {
        states: found.states,
        seconds: started.elapsed().as_secs_f64(),
        blocking: found.blocking.len(),
        lesser: std::mem::take(&mut found.lesser),
    };
    eprintln!(
        "axe-core {} on {} states in {lang} in {:.0} s: {} serious/critical, {} lesser rules",
        axe_version(),
        tour.states,
        tour.seconds,
        tour.blocking,
        tour.lesser.len()
    );
    report(lang, tour)?;
    assert!(found.blocking.is_empty(), "serious or critical axe violations:\n{}", found.blocking.join("\n"));
    assert!(found.small.is_empty(), "controls under 44 × 44 px:\n{}", found.small.join("\n"));
    Ok(())
}

/// One language's tour as its own test (named for scripts/test.sh's filters).
macro_rules! tour_test {
    ($name:ident, $lang:literal) => {
        #[tokio::test]
#[ignore = "drives the built app: scripts/test.sh runs it (VPOKER_E2E=1, --include-ignored)"]
        async fn $name() -> Result<()> {
            audit_every_screen_in($lang).await
        }
    };
}

tour_test!(every_screen_passes_axe_and_every_control_is_44_px_in_english, "en");
tour_test!(every_screen_passes_axe_and_every_control_is_44_px_in_german, "de");
tour_test!(every_screen_passes_axe_and_every_control_is_44_px_in_portuguese, "pt");
tour_test!(every_screen_passes_axe_and_every_control_is_44_px_in_japanese, "ja");
