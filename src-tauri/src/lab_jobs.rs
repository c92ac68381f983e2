//! The fairness labs' one current long run (a million shuffles or deals), which the app's state
//! holds: a new run cancels the one before it, its progress is read by `lab_progress` and its
//! cancel flag set by `lab_cancel` (`labs.rs`).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use serde::Serialize;
use vpoker::lab::Control;

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
    /// Runs `lab` as the current job, cancelling the one before it: `lab` reports its progress and
    /// reads its cancel flag through the [`Control`] it is given.
    pub(crate) fn run<T>(&self, lab: impl FnOnce(&Control<'_>) -> T) -> T {
        let job = self.start();
        let progress = |done: u64, total: u64| {
            job.done.store(done, Ordering::SeqCst);
            job.total.store(total, Ordering::SeqCst);
        };
        let result = lab(&Control::new(&progress, &job.cancel));
        self.finish(&job);
        result
    }

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

    /// How far the current job is.
    pub(crate) fn progress(&self) -> LabProgress {
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

    /// Stops the current job (it answers `lab-cancelled`).
    pub(crate) fn cancel(&self) {
        if let Some(job) = self.current.lock().unwrap_or_else(std::sync::PoisonError::into_inner).as_ref() {
            job.cancel.store(true, Ordering::SeqCst);
        }
    }
}
