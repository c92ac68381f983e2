//! The fairness labs' commands. Each is one call into `vpoker::lab` on a blocking worker, with a
//! fresh OS seed where the lab is random (the result carries its seed, so a run can be repeated with
//! `vpoker lab … --seed`).
//!
//! The two long labs (a million shuffles, a million deals) run as the one current *lab job*: a new
//! run cancels the one before it, `lab_progress` reports how far the current one is (the UI polls it:
//! no event permission is needed), and `lab_cancel` stops it. A cancelled run answers `lab-cancelled`.

use serde::Serialize;
use tauri::{AppHandle, Manager, Runtime};
use vpoker::game::KindStats;
use vpoker::game::GameError;
use vpoker::lab::bags::{bag_lab, BagLab, BagRequest};
use vpoker::lab::deals::{deal_table, DealTable, KindDeals};
use vpoker::lab::exact::{exact_runs, ExactRuns};
use vpoker::lab::kind_bags::{kind_bags, KindBag};
use vpoker::lab::numbers::{numbers, Numbers};
use vpoker::lab::pity::{pity_lab, PityLab};
use vpoker::lab::positions::{position_counts, PositionCounts};
use vpoker::machine::MachineId;
use vpoker::shuffle::Algorithm;

pub use crate::lab_jobs::{LabJobs, LabProgress};
use crate::commands::os_seed;
use crate::error::CommandResult;
use crate::worker::{as_job, with_game, worker};
use crate::AppState;

fn algorithm(text: &str) -> Result<Algorithm, GameError> {
    Algorithm::from_id(text).ok_or_else(|| GameError::LabUnknown { name: "algorithm".into(), value: text.into() })
}

/// Every run of a shuffle of 3 to 7 cards, counted per ordering.
#[tauri::command]
pub async fn lab_exact(algorithm: String, cards: usize) -> CommandResult<ExactRuns> {
    worker(move || Ok(exact_runs(self::algorithm(&algorithm)?, cards).map_err(GameError::from)?)).await
}

/// Card-by-position counts of `samples` shuffles with a χ² test (the current lab job).
#[tauri::command]
pub async fn lab_positions<R: Runtime>(
    app: AppHandle<R>,
    algorithm: String,
    samples: u64,
) -> CommandResult<PositionCounts> {
    let algorithm = self::algorithm(&algorithm)?;
    let seed = os_seed()?;
    as_job(app, move |control| Ok(position_counts(algorithm, samples, &seed, control)?)).await
}

/// `deals` deals through the dealing pipeline, by dealt category against the exact counts (the
/// current lab job).
#[tauri::command]
pub async fn lab_deals<R: Runtime>(
    app: AppHandle<R>,
    machine: String,
    deals: u64,
    kind_deals: String,
) -> CommandResult<DealTable> {
    let machine: MachineId = machine.parse().map_err(GameError::from)?;
    let kind = KindDeals::from_id(&kind_deals)
        .ok_or_else(|| GameError::LabUnknown { name: "kind-deals".into(), value: kind_deals.clone() })?;
    let seed = os_seed()?;
    as_job(app, move |control| Ok(deal_table(machine, deals, kind, &seed, control)?)).await
}

/// How far the current lab job is.
#[tauri::command]
pub async fn lab_progress<R: Runtime>(app: AppHandle<R>) -> CommandResult<LabProgress> {
    Ok(app.state::<AppState>().labs().progress())
}

/// Stops the current lab job (it answers `lab-cancelled`).
#[tauri::command]
pub async fn lab_cancel<R: Runtime>(app: AppHandle<R>) -> CommandResult<()> {
    app.state::<AppState>().labs().cancel();
    Ok(())
}

/// The shuffle-bag demonstration (docs/LAB.md): pure chance and a shuffle bag drawn side by side,
/// with the exact figures.
#[tauri::command]
pub async fn lab_bag(kinds: u32, copies: u32, draws: u64, avoid_repeat: bool) -> CommandResult<BagLab> {
    let seed = os_seed()?;
    worker(move || Ok(bag_lab(&BagRequest::new(kinds, copies, draws, avoid_repeat), &seed).map_err(GameError::from)?))
        .await
}

/// The pity timer against a bag and pure chance for a prize of `rate`.
#[tauri::command]
pub async fn lab_pity(rate: f64, pity: u64) -> CommandResult<PityLab> {
    worker(move || Ok(pity_lab(rate, pity, None).map_err(GameError::from)?)).await
}

/// The fixed figures: the big numbers (52!, 2^128, …), the game's kind-deal bags, and the player's
/// own record.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LabFacts {
    /// 52!, 2^128, … (exact where integers).
    pub numbers: Numbers,
    /// Each situation's bag and its bounds.
    pub kind_bags: Vec<KindBag>,
    /// What the player's own history shows per situation (never what is left in a bag).
    pub history: Vec<KindStats>,
}

/// The labs' fixed figures and the player's kind-deal record.
#[tauri::command]
pub async fn lab_facts<R: Runtime>(app: AppHandle<R>) -> CommandResult<LabFacts> {
    let history = with_game(app, |game| game.kind_stats()).await?;
    Ok(LabFacts { numbers: numbers(), kind_bags: kind_bags(), history })
}
