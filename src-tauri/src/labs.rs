//! The fairness labs' commands. Each is one call into `vpoker::lab` on a blocking worker, with a
//! fresh OS seed where the lab is random (the result carries its seed, so a run can be repeated with
//! `vpoker lab … --seed`).
//!
//! The two long labs (a million shuffles, a million deals) run as the one current *lab job*: a new
//! run cancels the one before it, `lab_progress` reports how far the current one is (the UI polls it:
//! no event permission is needed), and `lab_cancel` stops it. A cancelled run answers `lab-cancelled`.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

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
use vpoker::lab::Control;
use vpoker::machine::MachineId;
use vpoker::shuffle::Algorithm;

use crate::commands::{os_seed, worker, CommandError, CommandResult};
use crate::AppState;

/// The current long lab run, if any.
#[derive(Default)]
pub struct LabJobs {
    next_id: AtomicU64,
    current: Mutex<Option<Arc<Job>>>,
}

struct Job {
    id: u64,
    done: AtomicU64,
    total: AtomicU64,
    cancel: AtomicBool,
}

/// How far the current lab run is.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct LabProgress {
    /// The run's id (increasing), or null when nothing has run.
    pub job: Option<u64>,
    /// Units done (shuffles or deals).
    pub done: u64,
    /// Units in all.
    pub total: u64,
    /// Whether it is still running.
    pub running: bool,
}

impl LabJobs {
    /// Starts a job, cancelling the one before it.
    fn start(&self) -> Arc<Job> {
        let id = self.next_id.fetch_add(1, Ordering::SeqCst) + 1;
        let job =
            Arc::new(Job { id, done: AtomicU64::new(0), total: AtomicU64::new(0), cancel: AtomicBool::new(false) });
        let mut current = self.current.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(old) = current.replace(job.clone()) {
            old.cancel.store(true, Ordering::SeqCst);
        }
        job
    }

    fn finish(&self, job: &Job) {
        let mut current = self.current.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if current.as_ref().is_some_and(|j| j.id == job.id) {
            *current = None;
        }
    }

    fn progress(&self) -> LabProgress {
        let current = self.current.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        match current.as_ref() {
            Some(job) => LabProgress {
                job: Some(job.id),
                done: job.done.load(Ordering::SeqCst),
                total: job.total.load(Ordering::SeqCst),
                running: true,
            },
            None => LabProgress { job: None, done: 0, total: 0, running: false },
        }
    }

    fn cancel(&self) {
        if let Some(job) = self.current.lock().unwrap_or_else(std::sync::PoisonError::into_inner).as_ref() {
            job.cancel.store(true, Ordering::SeqCst);
        }
    }
}

/// Runs `lab` as the current job on a blocking worker, with its progress and cancel flag.
pub(crate) async fn as_job<R, T, F>(app: AppHandle<R>, lab: F) -> CommandResult<T>
where
    R: Runtime,
    T: Send + 'static,
    F: FnOnce(&Control<'_>) -> Result<T, GameError> + Send + 'static,
{
    worker(move || {
        let state = app.state::<AppState>();
        let jobs = state.labs();
        let job = jobs.start();
        let progress = |done: u64, total: u64| {
            job.done.store(done, Ordering::SeqCst);
            job.total.store(total, Ordering::SeqCst);
        };
        let result = lab(&Control::new(&progress, &job.cancel));
        jobs.finish(&job);
        result.map_err(CommandError::from)
    })
    .await
}

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
    let history = crate::commands::with_game(app, |game| game.kind_stats()).await?;
    Ok(LabFacts { numbers: numbers(), kind_bags: kind_bags(), history })
}
