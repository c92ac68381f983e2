//! The steps every end-to-end test module shares: launching the app on a fresh profile, and playing a
//! hand the way a player does (open a machine, deal, tap cards to hold, draw, turn the hint on),
//! plus the solver's best hold asked of the `vpoker` CLI.

use crate::{cli, tid, DataHome, Driver, Result, Session};

/// A fresh profile (its own data home), its tauri-driver and the app launched on it. Keep all three:
/// dropping the data home or the driver ends the app.
pub async fn launch_fresh() -> Result<(DataHome, Driver, Session)> {
    let data = DataHome::new()?;
    let driver = Driver::start(&data)?;
    let app = driver.launch().await?;
    Ok((data, driver, app))
}

/// [`launch_fresh`] at a phone's size, once the lobby shows the first start's 1,000 chips.
pub async fn launch_phone() -> Result<(DataHome, Driver, Session)> {
    let (data, driver, app) = launch_fresh().await?;
    app.phone_size().await?;
    app.wait_chips(1000).await?;
    Ok((data, driver, app))
}

/// The exact best hold of `cards` on `machine` (a 5-bit mask), from `vpoker hint --json`.
pub fn cli_best_hold(machine: &str, cards: &[String]) -> Result<u8> {
    let hint = cli(&["hint", "--game", machine, "--json", &cards.join(" ")])?;
    Ok(hint["holds"][0]["mask"].as_u64().or_else(|| hint["best"].as_u64()).ok_or("a best hold")? as u8)
}

/// The solver's worst hold of `cards` on `machine` (its EV is below the best's: a sure mistake).
pub fn cli_worst_hold(machine: &str, cards: &[String]) -> Result<u8> {
    let hint = cli(&["hint", "--game", machine, "--json", &cards.join(" ")])?;
    let last = hint["holds"].as_array().and_then(|holds| holds.last()).and_then(|h| h["mask"].as_u64());
    Ok(last.ok_or("vpoker hint printed no holds")? as u8)
}

impl Session {
    /// Opens a machine from the lobby and waits for its Deal/Draw button to be ready.
    pub async fn open_machine(&self, machine: &str) -> Result<()> {
        self.click("nav-lobby").await?;
        self.click(&format!("machine-{machine}")).await?;
        self.wait_visible(&tid("deal-draw")).await?;
        self.wait_ready().await
    }

    /// What the Deal/Draw button does next: "deal" or "draw".
    pub async fn phase(&self) -> Result<String> {
        Ok(self.attr("deal-draw", "data-phase").await?.unwrap_or_default())
    }

    /// Presses Deal and waits for the five dealt cards.
    pub async fn deal(&self) -> Result<Vec<String>> {
        self.wait_ready().await?;
        if self.phase().await? != "deal" {
            return Err("expected a Deal button".into());
        }
        self.click("deal-draw").await?;
        self.wait_until("the hand is dealt", || async { Ok(self.phase().await? == "draw") }).await?;
        self.wait_ready().await?;
        self.cards().await
    }

    /// Taps cards until the held ones are `mask`, and checks the screen shows that.
    pub async fn hold(&self, mask: u8) -> Result<()> {
        for card_idx in 0..5 {
            let held = self.held_mask().await? & (1 << card_idx) != 0;
            if held != (mask & (1 << card_idx) != 0) {
                self.click(&format!("card-{card_idx}")).await?;
            }
        }
        let shown = self.held_mask().await?;
        if shown != mask {
            return Err(format!("tapped cards to hold {mask:05b} but the screen holds {shown:05b}").into());
        }
        Ok(())
    }

    /// Presses Draw (confirming a mistake warning if one appears) and waits for the final cards.
    pub async fn draw(&self) -> Result<Vec<String>> {
        self.click("deal-draw").await?;
        self.wait_until("the hand is drawn", || async {
            if self.is_visible(&tid("warn-draw")).await? {
                self.click("warn-draw").await?;
            }
            Ok(self.phase().await? == "deal")
        })
        .await?;
        self.wait_ready().await?;
        self.cards().await
    }

    /// Waits until the hint panel shows the solver's answer (not its "working" state).
    pub async fn wait_hint(&self) -> Result<()> {
        self.wait_until("the hint panel has its holds", || async {
            Ok(self.is_visible(&tid("hint-panel")).await?
                && self.attr("hint-panel", "aria-busy").await?.as_deref() != Some("true"))
        })
        .await
    }

    /// Picks a language in Settings (once the screen has loaded: see [`Session::wait_loaded`]) and
    /// waits until the page is in it.
    pub async fn set_language(&self, lang: &str) -> Result<()> {
        self.open_tab("settings").await?;
        let select = self.wait_visible(&tid("language-select")).await?;
        // Choosing an option clicks it: a milestone toast (five seconds, low on the screen) can be
        // over the select once it is scrolled into view, as it would be under a player's finger.
        self.wait_until("the language select can be clicked", || async {
            self.is_clickable(&tid("language-select")).await
        })
        .await?;
        select.select_by_value(lang).await?;
        let html = self.client().find(fantoccini::Locator::Css("html")).await?;
        self.wait_until("the language changes", || async { Ok(html.attr("lang").await?.as_deref() == Some(lang)) })
            .await
    }

    /// The screen `<main>` shows: its `data-screen`, the route's name ("lobby", "history", …; a lab
    /// is on "fairness").
    pub async fn screen(&self) -> Result<String> {
        let value = self.client().execute("return document.querySelector('main').dataset.screen || ''", vec![]).await?;
        Ok(value.as_str().unwrap_or_default().to_string())
    }

    /// Waits until `<main>` shows `screen` and has loaded what it shows (see [`Session::wait_loaded`]).
    pub async fn wait_screen(&self, screen: &str) -> Result<()> {
        self.wait_until(&format!("the {screen} screen is shown"), || async { Ok(self.screen().await? == screen) })
            .await?;
        self.wait_loaded().await
    }

    /// Opens a screen from the tab bar (`nav-{screen}`) and waits until it is shown and loaded.
    pub async fn open_tab(&self, screen: &str) -> Result<()> {
        self.click(&format!("nav-{screen}")).await?;
        self.wait_screen(screen).await
    }

    /// Opens a lab from the Fairness hub (`fair-{lab}`: "shuffle" or "bag") and waits until its
    /// first figures are shown (the exact runs and the numbers; the bag's draws, pity and kind bags).
    pub async fn open_lab(&self, lab: &str) -> Result<()> {
        self.click(&format!("fair-{lab}")).await?;
        self.wait_visible(&tid(&format!("{lab}-lab"))).await?;
        self.wait_loaded().await
    }

    /// Turns the hint on (if it is off) and waits for its answer.
    pub async fn hint_on(&self) -> Result<()> {
        if self.attr("hint-toggle", "aria-pressed").await?.as_deref() != Some("true") {
            self.click("hint-toggle").await?;
        }
        self.wait_hint().await
    }
}
