//! A variant's answer asked of a plain table (`hint` and `analyze --lines`, `chart --lines-dealt`):
//! refused in words that name the tables it is also dealt as (`library::variants`), so the CLI
//! names no family of its own.

use vpoker::table::{Rules, Table};

/// Refuses a plain table where a variant's answer is asked for (`flag`: `--lines`, or
/// `--lines-dealt`): the plain table shows nothing on screen before a deal, so there is nothing to
/// value with; the refusal names the tables it is also dealt as (`library::variants`), whose ids
/// `--game` takes.
pub fn shows_something(table: &Table, flag: &str) -> Result<(), String> {
    if table.rules() != Rules::Plain {
        return Ok(());
    }
    // Every plain table is also dealt under other rules (Super Times Pay at least): name them.
    let variants: Vec<String> = vpoker::library::variants(table.base(), table.id()).into_iter().map(|v| format!("--game {}", v.table)).collect();
    Err(format!(
        "{}: the plain table shows nothing on screen before a deal, so {flag} has nothing to value with; the table it is also dealt as does: {}",
        table.id(),
        variants.join(" or ")
    ))
}
