//! Running a lab's chunks on worker threads, with progress and cancel.
//!
//! A long lab splits its work into fixed-size chunks; chunk k always gets the same randomness
//! (its own ChaCha20 stream), whichever thread runs it, and the chunks' tallies are integer sums,
//! which do not depend on the order they are added in. So the result never depends on the number
//! of threads.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

use super::LabError;

static NEVER_CANCELLED: AtomicBool = AtomicBool::new(false);

fn no_progress(_done: u64, _total: u64) {}

/// How a long lab runs: on how many threads, whom it tells its progress, and what can stop it.
#[derive(Clone, Copy)]
pub struct Control<'a> {
    /// Worker threads (at least one is used). The result does not depend on it.
    pub threads: usize,
    /// Called with (units done, units in all) after each chunk (units: shuffles or deals), from the
    /// worker threads, one call at a time, with `done` never going down.
    pub progress: &'a (dyn Fn(u64, u64) + Sync),
    /// Checked before each chunk: once it is `true`, the lab stops with [`LabError::Cancelled`].
    pub cancel: &'a AtomicBool,
}

impl Control<'static> {
    /// One thread per CPU (`available_parallelism`), no progress, never cancelled.
    pub fn quiet() -> Control<'static> {
        Control { threads: default_threads(), progress: &no_progress, cancel: &NEVER_CANCELLED }
    }
}

impl<'a> Control<'a> {
    /// One thread per CPU, with this progress callback and cancel flag.
    pub fn new(progress: &'a (dyn Fn(u64, u64) + Sync), cancel: &'a AtomicBool) -> Control<'a> {
        Control { threads: default_threads(), progress, cancel }
    }

    /// The same control on `threads` threads.
    pub fn with_threads(self, threads: usize) -> Control<'a> {
        Control { threads, ..self }
    }
}

fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Runs `total` units in chunks of `chunk_size`: `work(acc, chunk, start, len)` adds chunk `chunk`
/// (units `start..start + len`) to the running thread's accumulator, made by `init`. Returns the
/// accumulators of the threads that ran (to be summed by the caller), or `Cancelled`.
pub fn run_chunks<A: Send>(
    total: u64,
    chunk_size: u64,
    control: &Control<'_>,
    init: impl Fn() -> A + Sync,
    work: impl Fn(&mut A, u64, u64, u64) + Sync,
) -> Result<Vec<A>, LabError> {
    let n_chunks = total.div_ceil(chunk_size);
    let next = AtomicU64::new(0);
    let done = Mutex::new(0u64);
    let n_threads = control.threads.clamp(1, n_chunks.max(1) as usize);
    let worker = || {
        let mut acc = init();
        loop {
            if control.cancel.load(Ordering::Relaxed) {
                return None;
            }
            let chunk = next.fetch_add(1, Ordering::Relaxed);
            if chunk >= n_chunks {
                return Some(acc);
            }
            let start = chunk * chunk_size;
            let len = chunk_size.min(total - start);
            work(&mut acc, chunk, start, len);
            if let Ok(mut done) = done.lock() {
                *done += len;
                (control.progress)(*done, total);
            }
        }
    };
    let results: Vec<Option<A>> = if n_threads == 1 {
        vec![worker()]
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..n_threads).map(|_| scope.spawn(worker)).collect();
            handles.into_iter().map(|h| h.join().expect("a lab worker thread panicked")).collect()
        })
    };
    if control.cancel.load(Ordering::Relaxed) {
        return Err(LabError::Cancelled);
    }
    results.into_iter().map(|acc| acc.ok_or(LabError::Cancelled)).collect()
}
