//! End-to-end: the app on a small phone. A whole hand (bet, deal, the hint's best hold with its EV,
//! hold, draw, result) plays without scrolling at 360 × 640 and 320 × 568 portrait and 640 × 360
//! landscape, in English, German, Portuguese (the longest labels) and Japanese, and German in a wide
//! font, with screenshots of each; at 200 % text, in the four languages, nothing sticks out sideways
//! or is cut off; the screens whose words the native review changed fit 390 × 844 in the four
//! languages, with a screenshot of each changed text; the platform's back (history.back() as
//! Android's back does, Escape and Alt+← on a desktop) walks back through dialogs and screens to the
//! lobby and no further, also when the app's own back step's popstate comes seconds late; haptics are asked of the plugin on hold and win when the setting is on,
//! never when off.

use std::time::Duration;

use fantoccini::key::Key;
use serde_json::{json, Value};
use vpoker_e2e::*;

const JACKS: &str = "jacks-or-better";

/// Where the element is, and whether the page has scrolled: `{inside, covered, scrolled, rect}`.
/// Inside: wholly within the window; covered: the point at its centre belongs to another element.
async fn placement(app: &Session, testid: &str) -> Result<Value> {
    let script = r#"
        const el = document.querySelector(arguments[0]);
        if (!el) return { missing: true };
        const r = el.getBoundingClientRect();
        const inside = r.width > 0 && r.height > 0 && r.top >= -0.5 && r.left >= -0.5
          && r.bottom <= window.innerHeight + 0.5 && r.right <= window.innerWidth + 0.5;
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        const main = document.querySelector("main");
        return {
          inside, covered: !(hit && (hit === el || el.contains(hit))),
          scrolled: main.scrollTop + document.scrollingElement.scrollTop + window.scrollY,
          rect: [Math.round(r.left), Math.round(r.top), Math.round(r.right), Math.round(r.bottom)],
        };
    "#;
    Ok(app.client().execute(script, vec![json!(tid(testid))]).await?)
}

/// Asserts the element is in view, uncovered, with nothing scrolled, then taps it (WebDriver's click
/// does not scroll an element that is already in view).
async fn tap_in_view(app: &Session, testid: &str, size: &str) -> Result<()> {
    assert_in_view(app, testid, size).await?;
    app.wait_visible(&tid(testid)).await?.click().await?;
    let after = placement(app, testid).await?;
    if after["scrolled"].as_f64() != Some(0.0) {
        return Err(format!("{size}: tapping {testid} scrolled the page ({after})").into());
    }
    Ok(())
}

async fn assert_in_view(app: &Session, testid: &str, size: &str) -> Result<()> {
    app.wait_visible(&tid(testid)).await?;
    let at = placement(app, testid).await?;
    if at["inside"] != json!(true) || at["covered"] != json!(false) || at["scrolled"].as_f64() != Some(0.0) {
        return Err(format!("{size}: {testid} is not in view without scrolling: {at}").into());
    }
    Ok(())
}

/// Leaves the machine by a tap on `testid` after a hand drawn on this visit: once the session has
/// ten deals, that opens the session card, which is closed here.
async fn leave_after_a_hand(app: &Session, testid: &str) -> Result<()> {
    let card = app.invoke("session_card", json!({ "machine": JACKS, "practice": false })).await?;
    app.click(testid).await?;
    if card["ok"]["worth_showing"] == json!(true) {
        app.wait_visible(&tid("session-card")).await?;
        app.click("session-card-close").await?;
        app.wait_until("the session card closes", || async { Ok(!app.is_visible(&tid("session-card")).await?) })
            .await?;
    }
    Ok(())
}

/// One hand from bet to result on the machine screen, every step in view; then back to the lobby.
async fn hand_without_scrolling(app: &Session, size: &str, shots: &str) -> Result<()> {
    app.wait_ready().await?;
    tap_in_view(app, "bet-5", size).await?;
    tap_in_view(app, "deal-draw", size).await?;
    app.wait_until("the hand is dealt", || async { Ok(app.phase().await? == "draw") }).await?;
    app.wait_ready().await?;
    app.wait_until("the hint has its answer", || async {
        Ok(app.is_visible(&tid("hint-best")).await?
            && app.attr("hint-panel", "aria-busy").await?.as_deref() != Some("true"))
    })
    .await?;
    assert_in_view(app, "hint-best", size).await?;
    let best = app.inner_text(&tid("hint-best")).await?;
    assert!(best.chars().any(|c| c.is_ascii_digit()), "{size}: the best hold shows no EV: {best:?}");
    // Hold what the hint lights.
    let lit = app.hint_mask().await?;
    for i in 0..5 {
        assert_in_view(app, &format!("card-{i}"), size).await?;
        if lit & (1 << i) != 0 {
            tap_in_view(app, &format!("card-{i}"), size).await?;
        }
    }
    assert_eq!(app.held_mask().await?, lit, "{size}: the taps held the hint's cards");
    app.screenshot(&format!("{shots}-dealt")).await?;
    tap_in_view(app, "deal-draw", size).await?;
    app.wait_until("the hand is drawn", || async { Ok(app.phase().await? == "deal") }).await?;
    app.wait_ready().await?;
    assert_in_view(app, "win-total", size).await?;
    let result = app.text("win-total").await?;
    assert!(!result.trim().is_empty(), "{size}: no result line");
    app.screenshot(&format!("{shots}-drawn")).await?;
    leave_after_a_hand(app, "nav-lobby").await
}

#[tokio::test]
#[ignore = "drives the built app: scripts/test.sh runs it (VPOKER_E2E=1, --include-ignored)"]
async fn a_whole_hand_plays_without_scrolling_on_small_phones() -> Result<()> {
    let (_data, _driver, app) = launch_fresh().await?;
    // German again in DejaVu Sans (installed by scripts/deps.sh), a wide font: the layout must not
    // hang on which font a machine or phone happens to pick (a CI machine's wider default font once
    // pushed the landscape Draw button 3 px off screen).
    let mut current = "en";
    for (lang, font) in [("en", ""), ("de", ""), ("pt", ""), ("ja", ""), ("de", "\"DejaVu Sans\", sans-serif")] {
        if lang != current {
            app.phone_size().await?;
            app.set_language(lang).await?;
            current = lang;
        }
        app.client().execute("document.documentElement.style.fontFamily = arguments[0]", vec![json!(font)]).await?;
        let lang = if font.is_empty() { lang.to_string() } else { format!("{lang}-wide") };
        for (width, height) in [(360, 640), (320, 568), (640, 360)] {
            let size = format!("{width}x{height} {lang}");
            app.window_size(width, height).await?;
            app.click("nav-lobby").await?;
            app.click(&format!("machine-{JACKS}")).await?;
            app.wait_visible(&tid("deal-draw")).await?;
            hand_without_scrolling(&app, &size, &format!("phone-{width}x{height}-{lang}")).await?;
        }
    }
    app.close().await
}

/// What sticks out of the window sideways or is cut off (clipped text, an ellipsis), on the page as
/// it is: a list of descriptions, empty when all is well.
pub(crate) async fn overflow(app: &Session) -> Result<Vec<String>> {
    let script = r#"
        const width = document.documentElement.clientWidth;
        const issues = [];
        if (document.documentElement.scrollWidth > width + 1) issues.push(`the page is ${document.documentElement.scrollWidth} px wide`);
        const scrolls = (el) => { for (let p = el.parentElement; p; p = p.parentElement) {
          const o = getComputedStyle(p).overflowX; if (o === "auto" || o === "scroll") return true; } return false; };
        for (const el of document.querySelectorAll("body *")) {
          if (el.closest(".visually-hidden, .live, [hidden], dialog:not([open]), svg")) continue;
          // The one deliberate ellipsis: a hand's commitment (64 hex digits), shown whole a tap away.
          if (el.closest(".commit:not([open]) summary")) continue;
          const r = el.getBoundingClientRect();
          if (r.width <= 1 || r.height <= 1 || !el.checkVisibility({ visibilityProperty: true })) continue;
          const name = `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} "${(el.textContent || "").trim().slice(0, 40)}"`;
          if ((r.right > width + 1 || r.left < -1) && !scrolls(el)) issues.push(`${name} sticks out (${Math.round(r.left)}–${Math.round(r.right)})`);
          const style = getComputedStyle(el);
          const clips = style.overflowX === "hidden" || style.overflowX === "clip" || style.textOverflow === "ellipsis";
          if (clips && el !== document.body && el.tagName !== "MAIN" && el.scrollWidth > el.clientWidth + 1) issues.push(`${name} is cut off (${el.scrollWidth} > ${el.clientWidth})`);
          // An ellipsis shows as soon as the text is wider than its box, which scrollWidth (rounded) can miss.
          else if (style.textOverflow === "ellipsis" && style.whiteSpace === "nowrap") {
            const range = document.createRange();
            range.selectNodeContents(el);
            const text = range.getBoundingClientRect().width;
            if (text > r.width + 0.01) issues.push(`${name} is cut off with an ellipsis (${text.toFixed(1)} > ${r.width.toFixed(1)})`);
          }
        }
        return issues;
    "#;
    let issues = app.client().execute(script, vec![]).await?;
    Ok(issues
        .as_array()
        .map(|a| a.iter().map(|v| v.as_str().unwrap_or_default().to_string()).collect())
        .unwrap_or_default())
}

#[tokio::test]
#[ignore = "drives the built app: scripts/test.sh runs it (VPOKER_E2E=1, --include-ignored)"]
async fn at_200_percent_text_nothing_overflows_or_is_cut_off() -> Result<()> {
    let (_data, _driver, app) = launch_fresh().await?;
    let mut problems = Vec::new();
    for lang in ["en", "de", "pt", "ja"] {
        app.window_size(360, 640).await?;
        if lang != "en" {
            app.set_language(lang).await?;
        }
        // The platform's text size: every size in the UI is relative to the root's.
        app.client().execute("document.documentElement.style.fontSize = '32px'", vec![]).await?;
        let mut check = |screen: String, issues: Vec<String>| {
            problems.extend(issues.into_iter().map(|i| format!("[{lang}] {screen}: {i}")));
        };
        for screen in ["lobby", "history", "stats", "settings", "help"] {
            app.open_tab(screen).await?;
            check(screen.to_string(), overflow(&app).await?);
        }
        app.click("nav-lobby").await?;
        app.click(&format!("machine-{JACKS}")).await?;
        app.wait_ready().await?;
        check("machine".into(), overflow(&app).await?);
        app.deal().await?;
        app.wait_visible(&tid("hint-best")).await?;
        check("machine, dealt".into(), overflow(&app).await?);
        app.screenshot(&format!("text-200-machine-{lang}")).await?;
        app.draw().await?;
        check("machine, drawn".into(), overflow(&app).await?);
        leave_after_a_hand(&app, "machine-train").await?;
        app.wait_visible(&tid("train-answer")).await?;
        check("training".into(), overflow(&app).await?);
        app.open_machine(JACKS).await?;
        app.click("machine-chart").await?;
        app.wait_visible(&tid("chart-lines")).await?;
        check("strategy chart".into(), overflow(&app).await?);
        app.click("chart-lab").await?;
        app.wait_visible(&tid("paylab-chart-lines")).await?;
        check("paytable lab".into(), overflow(&app).await?);
        app.click("nav-lobby").await?;
        app.click("lobby-fairness").await?;
        app.wait_visible(&tid("fair-verify")).await?;
        check("fairness".into(), overflow(&app).await?);
        app.click("fair-verify").await?;
        app.wait_visible(&tid("verify-form")).await?;
        check("verify form".into(), overflow(&app).await?);
        app.click("fairness-back").await?;
        for lab in ["shuffle", "bag"] {
            app.open_lab(lab).await?;
            check(format!("{lab} lab"), overflow(&app).await?);
            app.click("fairness-back").await?;
        }
        // Sideways and on the smallest phone, a hand dealt.
        for (width, height) in [(640, 360), (320, 568)] {
            app.window_size(width, height).await?;
            app.open_machine(JACKS).await?;
            app.deal().await?;
            app.wait_visible(&tid("hint-best")).await?;
            check(format!("machine {width}x{height}, dealt"), overflow(&app).await?);
            app.screenshot(&format!("text-200-machine-{width}x{height}-{lang}")).await?;
            app.draw().await?;
            leave_after_a_hand(&app, "nav-lobby").await?;
        }
        app.window_size(360, 640).await?;
        app.click("nav-lobby").await?;
        app.screenshot(&format!("text-200-lobby-{lang}")).await?;
        app.client().execute("document.documentElement.style.fontSize = ''", vec![]).await?;
    }
    assert!(problems.is_empty(), "at 200 % text:\n{}", problems.join("\n"));
    app.close().await
}

/// The text of `key` in `lang`'s table (a counted key's `other` form) up to its first placeholder:
/// what the screen must show of it.
fn shown_part(lang: &str, key: &str) -> Result<String> {
    let path = repo_root().join("ui").join("i18n").join(format!("{lang}.json"));
    let table: Value =
        serde_json::from_str(&std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?)?;
    let entry = &table[key];
    let text = entry.as_str().or_else(|| entry["other"].as_str()).ok_or_else(|| format!("{lang}.json has no {key}"))?;
    Ok(text.split('{').next().unwrap_or_default().trim().to_string())
}

/// Scrolls `<main>` to the innermost element that shows `key`'s text; an error when the screen
/// does not show it. (scrollIntoView also scrolls the page itself, whose overflow is hidden and
/// which the player cannot scroll: that is put back.)
async fn scroll_to_text(app: &Session, lang: &str, key: &str) -> Result<()> {
    let part = shown_part(lang, key)?;
    let script = r#"
        const part = arguments[0];
        const all = [...document.querySelectorAll("main *")].filter((el) => el.textContent.includes(part));
        const inner = all.filter((el) => ![...el.children].some((c) => c.textContent.includes(part)));
        if (!inner.length) return false;
        inner[0].scrollIntoView({ block: "center" });
        document.scrollingElement.scrollTop = 0;
        return true;
    "#;
    if app.client().execute(script, vec![json!(part)]).await? != json!(true) {
        return Err(format!("[{lang}] the screen does not show {key} (“{part}”)").into());
    }
    Ok(())
}

/// Scrolls `<main>` to the element `testid`, as [`scroll_to_text`] does.
async fn scroll_to(app: &Session, testid: &str) -> Result<()> {
    let el = app.wait_visible(&tid(testid)).await?;
    let script = "arguments[0].scrollIntoView({ block: 'center' }); document.scrollingElement.scrollTop = 0";
    app.client().execute(script, vec![serde_json::to_value(&el)?]).await?;
    Ok(())
}

/// The texts the native review of German, Portuguese and Japanese changed, on their screens at
/// 390 × 844 in the four languages (Portuguese has the longest labels): nothing sticks out or is
/// cut off, and each is left as `screenshots/reviewed-SCREEN-LANG.png`. The player first makes one
/// mistake, so that the review queue, the history and the coach have something to say.
#[tokio::test]
#[ignore = "drives the built app: scripts/test.sh runs it (VPOKER_E2E=1, --include-ignored)"]
async fn reviewed_texts_fit_a_phone_in_every_language() -> Result<()> {
    let (data, _driver, app) = launch_phone().await?;
    app.open_machine(JACKS).await?;
    app.click("bet-5").await?;
    // One mistake for each language's drill: a mistake answered comes back on a later day (the
    // review schedule), so each language answers its own.
    let mut mistakes = 0;
    for _ in 0..40 {
        let cards = app.deal().await?;
        // The drill below answers with nothing held in each of the four languages: a mistake whose
        // best hold is to draw five would be answered right twice and leave the queue before the
        // third language (seen once: a timeout in Portuguese). Such a deal is played right instead.
        let best = cli_best_hold(JACKS, &cards)?;
        app.hold(if best == 0 { best } else { best ^ 0b00001 }).await?;
        app.click("deal-draw").await?;
        app.wait_until("the mistake warning or the draw", || async {
            Ok(app.is_visible(&tid("warn-draw")).await? || app.phase().await? == "deal")
        })
        .await?;
        if app.is_visible(&tid("warn-draw")).await? {
            app.click("warn-draw").await?;
            app.wait_until("the hand is drawn", || async { Ok(app.phase().await? == "deal") }).await?;
            mistakes += 1;
            if mistakes == 4 {
                break;
            }
            app.wait_ready().await?;
            continue;
        }
        app.wait_ready().await?;
    }
    assert_eq!(mistakes, 4, "four holds that gave EV up in forty deals");
    app.wait_ready().await?;

    let mut problems = Vec::new();
    for lang in ["en", "de", "pt", "ja"] {
        app.set_language(lang).await?;
        let mut shot = |screen: &str, issues: Vec<String>| {
            problems.extend(issues.into_iter().map(|i| format!("[{lang}] {screen}: {i}")));
            format!("reviewed-{screen}-{lang}")
        };

        app.open_tab("lobby").await?;
        scroll_to_text(&app, lang, "lobby.daily.title").await?;
        app.screenshot(&shot("lobby", overflow(&app).await?)).await?;

        app.open_machine(JACKS).await?;
        app.click("machine-train").await?;
        app.click("train-source-mistakes").await?;
        app.wait_visible(&tid("train-answer")).await?;
        app.click("train-answer").await?;
        app.wait_visible(&tid("train-verdict")).await?;
        scroll_to(&app, "train-tally").await?;
        app.screenshot(&shot("training", overflow(&app).await?)).await?;

        app.open_machine(JACKS).await?;
        app.click("machine-chart").await?;
        app.wait_visible(&tid("chart-lines")).await?;
        app.screenshot(&shot("chart", overflow(&app).await?)).await?;

        app.open_tab("history").await?;
        app.screenshot(&shot("history", overflow(&app).await?)).await?;
        // The history's head as the core has it (`vpoker play state`), here and in settings, on
        // both phone sizes.
        let head = play(&data.db_path(), None, &["state"])?["head"]["hex"].as_str().unwrap_or("none").to_string();
        for (width, height) in [(390, 844), (320, 568)] {
            app.window_size(width, height).await?;
            scroll_to(&app, "history-head").await?;
            assert_eq!(app.text_content("history-head-hex").await?.trim(), head, "[{lang}] the history's head");
            app.screenshot(&shot(&format!("history-head-{width}"), overflow(&app).await?)).await?;
        }
        app.phone_size().await?;

        app.open_tab("stats").await?;
        app.wait_visible(&tid("stats-jacks-or-better")).await?;
        scroll_to_text(&app, lang, "coach.title").await?;
        app.screenshot(&shot("coach", overflow(&app).await?)).await?;
        // The pure and kind deals, and what luck and skill mean, are a tap away.
        app.client()
            .execute("for (const d of document.querySelectorAll('main details')) d.open = true", vec![])
            .await?;
        scroll_to_text(&app, lang, "coach.explain").await?;
        app.screenshot(&shot("coach-explain", overflow(&app).await?)).await?;

        app.open_tab("settings").await?;
        scroll_to(&app, "setting-animation").await?;
        app.screenshot(&shot("settings", overflow(&app).await?)).await?;
        scroll_to_text(&app, lang, "settings.kind-deals.explain1").await?;
        app.screenshot(&shot("settings-kind-deals", overflow(&app).await?)).await?;
        for (width, height) in [(390, 844), (320, 568)] {
            app.window_size(width, height).await?;
            scroll_to(&app, "history-head").await?;
            assert_eq!(app.text_content("history-head-hex").await?.trim(), head, "[{lang}] the head in settings");
            app.screenshot(&shot(&format!("settings-head-{width}"), overflow(&app).await?)).await?;
        }
        app.phone_size().await?;

        app.open_tab("lobby").await?;
        app.click("lobby-fairness").await?;
        app.wait_visible(&tid("fair-verify")).await?;
        scroll_to_text(&app, lang, "fairness.kind-deals").await?;
        app.screenshot(&shot("fairness", overflow(&app).await?)).await?;
        app.open_lab("shuffle").await?;
        scroll_to(&app, "exact-summary").await?;
        app.screenshot(&shot("shuffle-lab", overflow(&app).await?)).await?;
        app.click("fairness-back").await?;
        app.open_lab("bag").await?;
        scroll_to(&app, "bag-pity").await?;
        app.screenshot(&shot("bag-lab", overflow(&app).await?)).await?;
        app.click("fairness-back").await?;
    }
    assert!(problems.is_empty(), "at 390 × 844:\n{}", problems.join("\n"));
    app.close().await
}

async fn route(app: &Session) -> Result<(String, u64, bool)> {
    let script =
        "return [location.hash, (history.state && history.state.depth) || 0, document.getElementById('dialog').open]";
    let value = app.client().execute(script, vec![]).await?;
    Ok((value[0].as_str().unwrap_or_default().to_string(), value[1].as_u64().unwrap_or(99), value[2] == json!(true)))
}

async fn wait_route(app: &Session, hash: &str, dialog: bool) -> Result<()> {
    app.wait_until(&format!("the route is {hash} (dialog open: {dialog})"), || async {
        let (now, _, open) = route(app).await?;
        Ok(now == hash && open == dialog)
    })
    .await?;
    // The screen drawn is the route's.
    let screen = hash.trim_start_matches("#/").split('/').next().unwrap_or_default().to_string();
    app.wait_until(&format!("the {screen} screen is drawn"), || async { Ok(app.screen().await? == screen) }).await
}

/// Android's back: the webview's goBack() while it can go back, which is history.back().
async fn android_back(app: &Session) -> Result<()> {
    app.client().execute("history.back()", vec![]).await?;
    Ok(())
}

#[tokio::test]
#[ignore = "drives the built app: scripts/test.sh runs it (VPOKER_E2E=1, --include-ignored)"]
async fn back_walks_through_dialogs_and_screens_to_the_lobby_and_keeps_the_hand() -> Result<()> {
    let (_data, _driver, app) = launch_fresh().await?;
    wait_route(&app, "#/lobby", false).await?;
    assert_eq!(route(&app).await?.1, 0, "the lobby is the first entry");
    // At the lobby the desktop's back keys do nothing.
    app.press(&[Key::Escape.into()]).await?;
    app.press(&[Key::Alt.into(), Key::Left.into()]).await?;
    // A fixed pause, the one in these tests: what is checked is that nothing happens (the keys
    // call no history.back(), whose popstate would come later), and there is no event to wait for.
    tokio::time::sleep(Duration::from_millis(300)).await;
    wait_route(&app, "#/lobby", false).await?;

    // A hand in progress survives back: the machine → the lobby → the machine again.
    app.click(&format!("machine-{JACKS}")).await?;
    wait_route(&app, "#/machine/jacks-or-better", false).await?;
    app.click("bet-10").await?;
    app.wait_ready().await?;
    app.click("deal-draw").await?;
    app.wait_until("the hand is dealt", || async { Ok(app.phase().await? == "draw") }).await?;
    app.wait_ready().await?;
    let dealt = app.cards().await?;
    app.click("card-0").await?;
    app.press(&[Key::Escape.into()]).await?;
    wait_route(&app, "#/lobby", false).await?;
    app.wait_chips(990).await?;
    app.click(&format!("machine-{JACKS}")).await?;
    assert_eq!(app.cards().await?, dealt, "the same hand after back");
    assert_eq!(app.phase().await?, "draw");
    assert_eq!(app.held_mask().await?, 1, "the held card is still held");

    // The mistake dialog closes on back and the hand stays on the machine; back again leaves it.
    let hint = app.invoke("hint", json!({})).await?;
    let worst = hint["ok"]["holds"].as_array().and_then(|h| h.last()).cloned().ok_or("hint holds")?;
    let worst = worst["hold"].as_u64().ok_or("a hold")? as u8;
    for i in 0..5 {
        let held = app.held_mask().await? & (1 << i) != 0;
        if held != (worst & (1 << i) != 0) {
            app.click(&format!("card-{i}")).await?;
        }
    }
    app.click("deal-draw").await?;
    app.wait_visible(&tid("warn-cancel")).await?;
    wait_route(&app, "#/machine/jacks-or-better", true).await?;
    android_back(&app).await?;
    wait_route(&app, "#/machine/jacks-or-better", false).await?;
    assert_eq!(app.phase().await?, "draw", "back from the dialog kept the hand undrawn");
    app.click("deal-draw").await?;
    app.wait_visible(&tid("warn-cancel")).await?;
    app.press(&[Key::Escape.into()]).await?;
    wait_route(&app, "#/machine/jacks-or-better", false).await?;
    android_back(&app).await?;
    wait_route(&app, "#/lobby", false).await?;
    assert_eq!(route(&app).await?.1, 0);

    // Tabs replace each other: three tabs, one back to the lobby.
    for tab in ["history", "stats", "settings"] {
        app.click(&format!("nav-{tab}")).await?;
        wait_route(&app, &format!("#/{tab}"), false).await?;
    }
    android_back(&app).await?;
    wait_route(&app, "#/lobby", false).await?;
    assert_eq!(route(&app).await?.1, 0, "back from a tab reaches the first entry");

    // A dialog on a tab: back closes it, the next back leaves the tab.
    app.click("nav-settings").await?;
    app.click("reset").await?;
    app.wait_visible(&tid("reset-confirm")).await?;
    wait_route(&app, "#/settings", true).await?;
    app.press(&[Key::Alt.into(), Key::Left.into()]).await?;
    wait_route(&app, "#/settings", false).await?;
    app.press(&[Key::Escape.into()]).await?;
    wait_route(&app, "#/lobby", false).await?;

    // Two levels: the fairness hub → a lab → back → the hub → back → the lobby; training the same.
    app.click("lobby-fairness").await?;
    wait_route(&app, "#/fairness", false).await?;
    app.click("fair-bag").await?;
    wait_route(&app, "#/fairness/bag", false).await?;
    android_back(&app).await?;
    wait_route(&app, "#/fairness", false).await?;
    android_back(&app).await?;
    wait_route(&app, "#/lobby", false).await?;
    app.click(&format!("machine-{JACKS}")).await?;
    app.click("machine-train").await?;
    wait_route(&app, "#/train/jacks-or-better", false).await?;
    app.press(&[Key::Escape.into()]).await?;
    wait_route(&app, "#/machine/jacks-or-better", false).await?;
    // The screen's own ‹ button goes back the same way.
    app.click("play-back").await?;
    wait_route(&app, "#/lobby", false).await?;
    assert_eq!(route(&app).await?.1, 0);
    app.wait_chips(990).await?;

    // A busy phone: the popstate of the app's own back step comes 2.5 s late. A dialog closed by
    // its button takes its entry away (a back step); the tab tapped meanwhile is the one shown once
    // that popstate has come, and stays: the late popstate neither undoes it nor draws the old screen.
    app.click("nav-settings").await?;
    app.click("reset").await?;
    wait_route(&app, "#/settings", true).await?;
    let slow = r#"
        const go = history.go.bind(history);
        window.__pops = 0;
        window.__going = 0;
        window.__gone = 0;
        window.addEventListener("popstate", () => { window.__pops += 1; });
        history.go = (n) => {
          window.__going += 1;
          window.setTimeout(() => { window.__going -= 1; window.__gone += 1; go(n); }, 2500);
        };
        document.getElementById("dialog").close();
    "#;
    app.client().execute(slow, vec![]).await?;
    app.click("nav-stats").await?;
    // Every back step asked for has been taken and its popstate has come.
    let settled = "return window.__going === 0 && window.__gone > 0 && window.__pops === window.__gone";
    app.wait_until("the late popstates have come", || async { Ok(app.client().execute(settled, vec![]).await? == json!(true)) })
        .await?;
    wait_route(&app, "#/stats", false).await?;
    assert_eq!(route(&app).await?.1, 1, "the stats tab replaced the settings tab");
    android_back(&app).await?;
    wait_route(&app, "#/lobby", false).await?;
    assert_eq!(route(&app).await?.1, 0, "one back from the tab reaches the lobby");
    app.close().await
}

/// Replaces the haptics plugin's JavaScript (present on phones only) with one that counts calls.
async fn stub_haptics(app: &Session) -> Result<()> {
    let script = r#"
        window.__hapticCalls = [];
        const record = (name) => (arg) => { window.__hapticCalls.push([name, arg]); return Promise.resolve(); };
        window.__TAURI__.haptics = {
          vibrate: record("vibrate"), impactFeedback: record("impactFeedback"),
          notificationFeedback: record("notificationFeedback"), selectionFeedback: record("selectionFeedback"),
        };
    "#;
    app.client().execute(script, vec![]).await?;
    Ok(())
}

async fn haptic_calls(app: &Session) -> Result<Vec<Value>> {
    let calls =
        app.client().execute("const c = window.__hapticCalls; window.__hapticCalls = []; return c", vec![]).await?;
    Ok(calls.as_array().cloned().unwrap_or_default())
}

/// Deals and draws with the best hold until a hand pays; returns the calls the draw made.
async fn play_until_a_win(app: &Session) -> Result<Vec<Value>> {
    for _ in 0..40 {
        let cards = app.deal().await?;
        app.hold(cli_best_hold(JACKS, &cards)?).await?;
        haptic_calls(app).await?;
        app.draw().await?;
        if app.attr("win-total", "data-value").await?.unwrap_or_default().parse::<u64>().unwrap_or(0) > 0 {
            return haptic_calls(app).await;
        }
    }
    Err("no winning hand in 40 deals".into())
}

#[tokio::test]
#[ignore = "drives the built app: scripts/test.sh runs it (VPOKER_E2E=1, --include-ignored)"]
async fn haptics_tap_on_hold_and_buzz_on_a_win_unless_turned_off() -> Result<()> {
    let (_data, _driver, app) = launch_fresh().await?;
    // On this desktop the plugin is not there: nothing is called and nothing fails.
    let present = app.client().execute("return Boolean(window.__TAURI__.haptics)", vec![]).await?;
    assert_eq!(present, json!(false), "the haptics plugin is registered on phones only");
    stub_haptics(&app).await?;
    app.click(&format!("machine-{JACKS}")).await?;
    app.click("bet-5").await?;
    app.deal().await?;
    haptic_calls(&app).await?;
    app.click("card-2").await?;
    app.click("card-2").await?;
    assert_eq!(
        haptic_calls(&app).await?,
        vec![json!(["impactFeedback", "light"]), json!(["impactFeedback", "light"])],
        "a light tap on each hold and release"
    );
    app.draw().await?;
    let calls = play_until_a_win(&app).await?;
    assert_eq!(calls, vec![json!(["notificationFeedback", "success"])], "the success pattern on a win");

    // Off: the setting (the core's, default on) silences both.
    // Once Settings has loaded: its second drawing (the reminder row) would replace the switch.
    app.open_tab("settings").await?;
    let switch = app.wait_visible(&tid("setting-haptics")).await?;
    assert_eq!(switch.attr("aria-checked").await?.as_deref(), Some("true"), "haptics are on by default");
    app.click("setting-haptics").await?;
    app.wait_until("the setting is off", || async {
        Ok(app.attr("setting-haptics", "aria-checked").await?.as_deref() == Some("false"))
    })
    .await?;
    let state = app.invoke("get_state", json!({})).await?;
    assert_eq!(state["ok"]["settings"]["haptics"], json!(false));
    app.click("nav-lobby").await?;
    app.click(&format!("machine-{JACKS}")).await?;
    let calls = play_until_a_win(&app).await?;
    assert!(calls.is_empty(), "haptics off, yet the plugin was called: {calls:?}");
    app.click("deal-draw").await?;
    app.wait_until("the hand is dealt", || async { Ok(app.phase().await? == "draw") }).await?;
    app.wait_ready().await?;
    app.click("card-0").await?;
    assert!(haptic_calls(&app).await?.is_empty(), "haptics off, yet a hold buzzed");
    app.close().await
}

/// The platform's "reduce motion": the page asks `matchMedia("(prefers-reduced-motion: reduce)")`
/// each time it applies the settings (WebKitWebDriver cannot emulate the preference, so a stand-in
/// answers) and turns animation off whatever the setting says; answering no restores the setting.
#[tokio::test]
#[ignore = "drives the built app: scripts/test.sh runs it (VPOKER_E2E=1, --include-ignored)"]
async fn reduced_motion_turns_animation_off() -> Result<()> {
    let (_data, _driver, app) = launch_phone().await?;
    let anim = || async {
        let value = app.client().execute("return document.documentElement.dataset.anim || ''", vec![]).await?;
        Ok::<_, Error>(value.as_str().unwrap_or_default().to_string())
    };
    assert_eq!(anim().await?, "normal", "the setting's default");
    let script = r#"
        const reduce = arguments[0];
        const real = window.__realMatchMedia || window.matchMedia.bind(window);
        window.__realMatchMedia = real;
        window.matchMedia = (query) => query.includes("prefers-reduced-motion")
          ? { matches: reduce, media: query, addEventListener() {}, removeEventListener() {} } : real(query);
    "#;
    app.client().execute(script, vec![json!(true)]).await?;
    app.open_machine(JACKS).await?;
    app.deal().await?;
    app.wait_until("animation is off", || async { Ok(anim().await? == "off") }).await?;
    let running = app.client().execute("return document.getAnimations().length", vec![]).await?;
    assert_eq!(running, json!(0), "nothing moves");
    app.draw().await?;
    app.client().execute(script, vec![json!(false)]).await?;
    app.deal().await?;
    app.wait_until("animation is back", || async { Ok(anim().await? == "normal") }).await?;
    app.close().await
}
