//! The one least-squares line of the progress screen: fitted to (x, y) points, every point weighing
//! the same — the days' series (x the calendar days since the first day shown) and the sessions'
//! (x the session's place among those shown) both use it.

use serde::Serialize;

/// Which way a trend goes: `flat` when the line moves by less than [`FLAT`] EV per 100 decisions
/// from the first point shown to the last, else `down` (less given up: better) or `up`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Direction {
    /// Less EV given up over the points shown.
    Down,
    /// About the same.
    Flat,
    /// More EV given up over the points shown.
    Up,
}

/// The smallest change of a trend line over the points shown (EV per coin per 100 decisions)
/// that is not called flat.
pub const FLAT: f64 = 0.01;

/// A fitted line: its slope, its values at the first and the last point's x, and its direction.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Line {
    pub slope: f64,
    pub first: f64,
    pub last: f64,
    pub direction: Direction,
}

/// The least-squares line through `points` (x from 0 at the first point, increasing); `None` with
/// fewer than two points or when every x is the same.
pub(crate) fn fit(points: &[(f64, f64)]) -> Option<Line> {
    if points.len() < 2 {
        return None;
    }
    let (x0, x1) = (points.first()?.0, points.last()?.0);
    let n = points.len() as f64;
    let mean_x = points.iter().map(|p| p.0).sum::<f64>() / n;
    let mean_y = points.iter().map(|p| p.1).sum::<f64>() / n;
    let sxx: f64 = points.iter().map(|p| (p.0 - mean_x) * (p.0 - mean_x)).sum();
    if sxx == 0.0 {
        return None;
    }
    let sxy: f64 = points.iter().map(|p| (p.0 - mean_x) * (p.1 - mean_y)).sum();
    let slope = sxy / sxx;
    let intercept = mean_y - slope * mean_x;
    let (first, last) = (intercept + slope * x0, intercept + slope * x1);
    let direction = if (last - first).abs() < FLAT {
        Direction::Flat
    } else if last < first {
        Direction::Down
    } else {
        Direction::Up
    };
    Some(Line { slope, first, last, direction })
}
