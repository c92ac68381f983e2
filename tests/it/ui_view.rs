//! The UI is a view of the core's JSON (`ui/js/*.js`): it holds no rule value as a fallback (the bets, the hand counts, the daily amount, a
//! default machine, an EV threshold) and tolerates no shape the core never sends (other names for
//! the hint's holds or their EVs, wrapped history lists, paytable `rows`, kebab-case settings, a
//! `Number(x) || 0` guard). A missing field must show as a bug, not be papered over.
//!
//! It decides nothing either: beyond the forbidden texts, the code (comments and the text of its
//! strings left out) is read for the shapes of a rule worked out in the UI — a comparison with a
//! best hold or the hint's first hold (whether a hold was best is the core's `held_best`,
//! `correct`, `mark`, `mistake`), an index into the bets or the hand counts (the bet and line count
//! a deal starts at are the table view's `bet` and `hands`), a comparison with a start (which lines
//! are lit is the core's `lit`), a payout formed from a pay and a bet (the paytable's `at_bets`),
//! the exceptions cut to a count (the core sends those to show), the remembered or default
//! choices read directly (`last_bet`, `last_hands`, `default_bet`) and a count of answered
//! decisions kept or judged (a warm-up's `answered` added to or compared: how many are answered
//! and whether it is done are the core's `warm_up_run` and a verdict's `warm_up`).

use std::fs;
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Text that must not appear in the code once whitespace is removed (comments are not code).
const FORBIDDEN: [(&str, &str); 27] = [
    ("[5,10,20,50]", "the bets are state.bets"),
    ("[1,3,5]", "the hand counts are state.hand_counts"),
    ("\"jacks-or-better\"", "a machine id is the core's (state.machines), never a default"),
    ("'jacks-or-better'", "a machine id is the core's (state.machines), never a default"),
    ("`jacks-or-better`", "a machine id is the core's (state.machines), never a default"),
    ("1e-9", "whether a hold is a mistake is the core's verdict (mistake)"),
    ("ev_per_coin", "a hint entry's EV is `ev`"),
    (".options||", "the hint's entries are `holds`"),
    (".evs", "the hint's entries are `holds`"),
    (".mask", "a hint entry's mask is `hold`"),
    (".items", "history returns an array"),
    (".hands||", "`hands` is always sent"),
    (".rows", "a machine's paytable is `paytable`, an array"),
    ("[\"kind-deals\"]", "state.settings has snake_case fields only"),
    ("[\"mistake-warnings\"]", "state.settings has snake_case fields only"),
    ("['kind-deals']", "state.settings has snake_case fields only"),
    ("['mistake-warnings']", "state.settings has snake_case fields only"),
    ("replace(/-/g", "state.settings has snake_case fields only (no kebab-to-snake lookups)"),
    ("hintEntries(", "the hint is read as sent, not normalised"),
    ("Math.min(...", "whether the player is broke is state.broke"),
    ("bets[0]", "the bet a game starts at is state.default_bet"),
    ("!==last.best_hold", "whether the hold was the best hold is the record's held_best"),
    ("!==hand.best_hold", "whether the hold was the best hold is the record's held_best"),
    (".carried", "what the next deal shows is the core's next_screen (the carry rule is not the UI's)"),
    ("last_bet", "the bet a deal starts at is the table view's bet"),
    ("last_hands", "the line count a deal starts at is the table view's hands"),
    ("default_bet", "the bet a deal starts at is the table view's bet"),
];

/// Why a count of answered decisions is never the UI's.
const COUNTED: &str = "how many decisions are answered and whether they are all is the core's count (warm_up_run, a verdict's warm_up)";

/// Operands that must never be compared: (what the operand contains, why).
const NEVER_COMPARED: [(&str, &str); 6] = [
    ("best_hold", "whether a hold was the best is the core's verdict (held_best, correct, mark, mistake)"),
    ("best.hold", "whether a hold was the best is the core's verdict (held_best, correct, mark, mistake)"),
    ("holds[0]", "whether a hold was the best is the core's verdict (held_best, correct, mark, mistake)"),
    (".start", "which lines are lit is the core's `lit` (next_screen, a hand's or a drill question's screen)"),
    ("answered", COUNTED),
    ("decisions", COUNTED),
];

/// Operands that must never be added to, taken from or stepped (`+`, `-`, `++`, `+=`, …): a count
/// the core keeps.
const NEVER_COUNTED: [&str; 2] = ["answered", "decisions"];

/// Lists the UI must not index: a choice's default is the core's.
const NEVER_INDEXED: [(&str, &str); 2] = [
    ("bets[", "the bet a deal starts at is the table view's bet"),
    ("hand_counts[", "the line count a deal starts at is the table view's hands"),
];

/// Operands that must never be multiplied: a payout is the core's.
const NEVER_MULTIPLIED: [&str; 4] = ["pay", "bet", "stake", "multiplier"];

/// Lists the UI must not cut to a count of its own.
const NEVER_CUT: [&str; 2] = ["exceptions.slice(", "exceptions.splice("];

/// Number literals that are rule values (the daily chips) and must come from the state.
const FORBIDDEN_NUMBERS: [(&str, &str); 1] = [("200", "the daily amount is state.daily.amount")];

/// The source without comments, keeping string and template literals and every newline (so
/// positions keep their line). Regular expression literals are not recognised; the UI's contain
/// no quote and no `//`.
fn strip_comments(source: &str) -> String {
    let chars: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i += 2;
            while i < chars.len() && !(chars[i] == '*' && chars.get(i + 1) == Some(&'/')) {
                if chars[i] == '\n' {
                    out.push('\n');
                }
                i += 1;
            }
            i += 2;
        } else if c == '"' || c == '\'' || c == '`' {
            out.push(c);
            i += 1;
            while i < chars.len() && chars[i] != c {
                if chars[i] == '\\' && i + 1 < chars.len() {
                    out.push(chars[i]);
                    i += 1;
                }
                out.push(chars[i]);
                i += 1;
            }
            if i < chars.len() {
                out.push(c);
                i += 1;
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// The code without the text of its strings (template literals keep their `${…}` code), every
/// newline kept: what is left is what the UI computes.
fn strip_strings(code: &str) -> String {
    let chars: Vec<char> = code.chars().collect();
    let mut out = String::with_capacity(code.len());
    let mut i = 0;
    // Each open template literal: the depth of braces inside its innermost `${`.
    let mut templates: Vec<usize> = Vec::new();
    let mut in_template_text = false;
    while i < chars.len() {
        let c = chars[i];
        if in_template_text {
            if c == '\\' {
                i += 2;
            } else if c == '`' {
                out.push(c);
                in_template_text = false;
                templates.pop();
                i += 1;
            } else if c == '$' && chars.get(i + 1) == Some(&'{') {
                out.push_str("${");
                in_template_text = false;
                if let Some(depth) = templates.last_mut() {
                    *depth = 1;
                }
                i += 2;
            } else {
                if c == '\n' {
                    out.push('\n');
                }
                i += 1;
            }
            continue;
        }
        match c {
            '"' | '\'' => {
                out.push(c);
                i += 1;
                while i < chars.len() && chars[i] != c {
                    if chars[i] == '\n' {
                        out.push('\n');
                    }
                    i += if chars[i] == '\\' { 2 } else { 1 };
                }
                out.push(c);
                i += 1;
            }
            '`' => {
                out.push(c);
                templates.push(0);
                in_template_text = true;
                i += 1;
            }
            '{' => {
                if let Some(depth) = templates.last_mut() {
                    *depth += 1;
                }
                out.push(c);
                i += 1;
            }
            '}' => {
                out.push(c);
                i += 1;
                if let Some(depth) = templates.last_mut() {
                    *depth -= 1;
                    if *depth == 0 {
                        in_template_text = true;
                    }
                }
            }
            _ => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

/// Whether `c` may be part of an operand as the checks read one: a name, a member, an index.
fn operand_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.' | '[' | ']')
}

/// The operands either side of the operator at `at..end` in `chars` (maximal runs of operand
/// characters; a call's closing parenthesis ends the left one).
fn operands(chars: &[char], at: usize, end: usize) -> (String, String) {
    let mut start = at;
    while start > 0 && operand_char(chars[start - 1]) {
        start -= 1;
    }
    let mut stop = end;
    while stop < chars.len() && operand_char(chars[stop]) {
        stop += 1;
    }
    (chars[start..at].iter().collect(), chars[end..stop].iter().collect())
}

/// Whether `operand` names `word`: a member (`.start`: `x.start`, never `x.started` or a local
/// `start`), a whole name (`pay`: `pay`, `row.pay`, never `payout`), or a marked part matched as
/// text (`best_hold`, `best.hold`, `holds[0]`).
fn names(operand: &str, word: &str) -> bool {
    if let Some(member) = word.strip_prefix('.') {
        return operand.split('.').skip(1).any(|part| part.split(['[', ']']).next() == Some(member));
    }
    if !word.chars().all(|c| c.is_ascii_alphanumeric()) {
        return operand.contains(word);
    }
    operand
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$'))
        .any(|part| part == word)
}

/// The rule shapes of the module's code (comments and string text already left out), each as
/// (index into `chars`, what, why).
fn rule_shapes(chars: &[char]) -> Vec<(usize, String, &'static str)> {
    let mut found = Vec::new();
    let code: String = chars.iter().collect();
    let mut i = 0;
    while i < chars.len() {
        let is_operator = |c: char| matches!(c, '=' | '!' | '<' | '>' | '*');
        if !is_operator(chars[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && is_operator(chars[i]) {
            i += 1;
        }
        let op: String = chars[start..i].iter().collect();
        // A `!` before a name is a negation, not part of the operator after it.
        let op = op.trim_end_matches('!').to_string();
        let end = start + op.chars().count();
        let (left, right) = operands(chars, start, end);
        match op.as_str() {
            "===" | "!==" | "==" | "!=" | "<" | ">" | "<=" | ">=" => {
                for (word, why) in NEVER_COMPARED {
                    if names(&left, word) || names(&right, word) {
                        found.push((start, format!("{left} {op} {right}"), why));
                    }
                }
            }
            "*" => {
                for word in NEVER_MULTIPLIED {
                    if names(&left, word) || names(&right, word) {
                        found.push((start, format!("{left} * {right}"), "a payout at a bet is the core's (a paytable's at_bets, a result's win)"));
                    }
                }
            }
            _ => {}
        }
    }
    // A count worked out: a sum, a difference or a step of a count the core keeps.
    let mut i = 0;
    while i < chars.len() {
        if !matches!(chars[i], '+' | '-') {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && matches!(chars[i], '+' | '-' | '=') {
            i += 1;
        }
        let op: String = chars[start..i].iter().collect();
        let (left, right) = operands(chars, start, i);
        for word in NEVER_COUNTED {
            if names(&left, word) || names(&right, word) {
                found.push((start, format!("{left} {op} {right}"), COUNTED));
            }
        }
    }
    for (text, why) in NEVER_INDEXED {
        for (at, _) in code.match_indices(text) {
            // `bets[` as a whole name or member, not `at_bets[`.
            let before = code[..at].chars().next_back();
            if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
                continue;
            }
            found.push((code[..at].chars().count(), text.to_string(), why));
        }
    }
    for text in NEVER_CUT {
        for (at, _) in code.match_indices(text) {
            found.push((code[..at].chars().count(), text.to_string(), "the core sends the exceptions to show (the rest are counted in `listed`)"));
        }
    }
    found
}

/// Every forbidden thing in one file's source, as "line N: what (why)".
fn violations(source: &str) -> Vec<String> {
    let code = strip_comments(source);
    let mut found = Vec::new();
    {
        // The rule shapes, on the code without its strings and without whitespace.
        let bare = strip_strings(&code);
        let mut squeezed = Vec::new();
        let mut lines = Vec::new();
        let mut line = 1;
        for c in bare.chars() {
            if c == '\n' {
                line += 1;
            }
            if !c.is_whitespace() {
                squeezed.push(c);
                lines.push(line);
            }
        }
        for (at, what, why) in rule_shapes(&squeezed) {
            found.push(format!("line {}: {what} ({why})", lines[at]));
        }
    }
    // The code without whitespace, and for each of its characters the line it came from.
    let mut squeezed = String::new();
    let mut lines = Vec::new();
    let mut line = 1;
    for c in code.chars() {
        if c == '\n' {
            line += 1;
        }
        if !c.is_whitespace() {
            squeezed.push(c);
            lines.push(line);
        }
    }
    let chars: Vec<char> = squeezed.chars().collect();
    let line_at = |byte: usize| lines[squeezed[..byte].chars().count()];
    for (text, why) in FORBIDDEN {
        for (at, _) in squeezed.match_indices(text) {
            // `.rows` is a member; `...rows` spreads a local array.
            if text.starts_with('.') && squeezed[..at].ends_with('.') {
                continue;
            }
            found.push(format!("line {}: {text} ({why})", line_at(at)));
        }
    }
    // `Number(…)` followed by `|| 0` or `?? 0`: a guard on a field the contract always sends.
    for (at, _) in squeezed.match_indices("Number(") {
        let start = squeezed[..at].chars().count() + "Number(".len();
        let mut depth = 1;
        let mut end = start;
        while end < chars.len() && depth > 0 {
            match chars[end] {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ => {}
            }
            end += 1;
        }
        let after: String = chars[end.min(chars.len())..].iter().take(3).collect();
        if after == "||0" || after == "??0" {
            found.push(format!("line {}: Number(…) || 0 (the field is always sent)", lines[start]));
        }
    }
    // Number literals: a maximal run of identifier characters, digits and dots equal to the value.
    let mut i = 0;
    while i < chars.len() {
        let is_word = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '$' || c == '.';
        if is_word(chars[i]) {
            let start = i;
            while i < chars.len() && is_word(chars[i]) {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            for (number, why) in FORBIDDEN_NUMBERS {
                if word == number {
                    found.push(format!("line {}: the number {number} ({why})", lines[start]));
                }
            }
        } else {
            i += 1;
        }
    }
    found
}

#[test]
fn the_ui_holds_no_rule_value_and_tolerates_no_other_shape() {
    let dir = root().join("ui/js");
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "js"))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "expected the UI's modules in {}", dir.display());
    let mut problems = Vec::new();
    for file in &files {
        let source = fs::read_to_string(file).unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        problems.extend(violations(&source).into_iter().map(|v| format!("ui/js/{name} {v}")));
    }
    assert!(problems.is_empty(), "the UI decides or tolerates what the core sends:\n{}", problems.join("\n"));
}

#[test]
fn the_scanner_finds_what_it_should() {
    let bad = [
        "const bets = state.bets || [5, 10, 20, 50];",
        "const counts = [1,\n 3, 5];",
        "amount: daily.amount ?? 200,",
        "app.go(\"machine\", first || \"jacks-or-better\");",
        "if (best - mine > 1e-9) warn();",
        "const ev = item.ev ?? item.ev_per_coin;",
        "const list = hint.holds || hint.options || [];",
        "const mask = item.mask;",
        "return result.items;",
        "return machine.rows;",
        "on(s[\"mistake-warnings\"])",
        "const n = Number(hand.hands) || 0;",
        "const n = hand.hands || 1;",
        "const broke = state.chips < Math.min(...state.bets);",
        "if (bet === null) bet = state.bets[0];",
        "last && last.hold !== last.best_hold ? same() : null",
        "const c = state.ultimate_x.carried; if (c && c.bet === bet) show(c.multipliers);",
    ];
    for line in bad {
        assert!(!violations(line).is_empty(), "the scanner misses {line:?}");
    }
    let good = [
        "// a comment may say [5, 10, 20, 50] or 200",
        "const bets = state.bets; const amount = state.daily.amount;",
        "const ms = anim ? 2200 : 2600; const x = 1.200; const y = x200;",
        "const url = \"http://www.w3.org/2000/svg\"; /* 200 */",
        "const help = t(`help.${id}`); const n = Number(event.key) - 1;",
        "switchRow(app, \"mistake-warnings\", s.mistake_warnings);",
        "box.replaceChildren(...rows.reverse());",
    ];
    for line in good {
        assert!(violations(line).is_empty(), "the scanner flags {line:?}: {:?}", violations(line));
    }
    assert_eq!(violations("a;\nb;\nconst x = [1, 3, 5];"), vec!["line 3: [1,3,5] (the hand counts are state.hand_counts)"]);
}

/// Each rule check fails on a rule worked out in the UI, wherever the code puts it (spaces, new
/// lines, either side of the operator), and passes what only shows what the core sent.
#[test]
fn the_rule_checks_find_a_rule_worked_out_in_the_ui() {
    let bad = [
        // A hold judged against the best hold, or against the hint's first hold.
        ("const same = hold === verdict.best_hold;", "best_hold"),
        ("if (last.best_hold != mine) warn();", "best_hold"),
        ("const mistake = s.held !==\n  best.hold;", "best.hold"),
        ("const wrong = hint.holds[0].hold !== s.held;", "holds[0]"),
        // A default picked from the lists.
        ("bet = state.bets[0];", "bets["),
        ("hands = app.state.hand_counts[0];", "hand_counts["),
        ("bet = state.last_bet[id] ?? 5;", "last_bet"),
        ("const bet = app.state.default_bet;", "default_bet"),
        // A line lit by comparing its multiplier with the start.
        ("const lit = m > variant.start;", "start"),
        ("class: `ux-badge${variant && m>variant.start ? \" high\" : \"\"}`", "start"),
        ("const lit = line.start < m;", "start"),
        ("const lines = ms.map((m) => [m, null, m > variant.start]);", "start"),
        // A payout formed in the UI.
        ("cell(row.pay * b)", "pay"),
        ("const won = bet*row.multiplier;", "bet"),
        // The exceptions cut to a count of the UI's own.
        ("at.exceptions.slice(0, 3).map(show)", "exceptions.slice("),
        // A warm-up's answers counted, or judged done, in the UI.
        ("if (s.kind === \"warm-up\") warm.answered += 1;", "answered"),
        ("warm.answered++;", "answered"),
        ("t(\"warmup.count\", { n: formatInt(Math.min(warm.answered + (s.verdict ? 0 : 1), warm.goal)) })", "answered"),
        ("const left = run.decisions - run.answered;", "decisions"),
        ("return warm.answered >= warm.goal;", "answered"),
        ("const done = run.answered === run.decisions;", "answered"),
    ];
    for (line, what) in bad {
        let found = violations(line);
        assert!(found.iter().any(|v| v.contains(what)), "the checks miss {what:?} in {line:?}: {found:?}");
    }
    let good = [
        // Showing which cards a mask keeps, and which entry is the player's own choice.
        "const best = verdict ? Boolean((verdict.best_hold >> i) & 1) : false;",
        "h(\"li\", { class: hold.hold === v.hold ? \"chosen\" : \"\" })",
        "const mine = hint.holds.find((entry) => entry.hold === hold);",
        // What the core says, read.
        "const lit = line.lit; bet = view.bet; hands = game().hands;",
        "row.at_bets.map((at) => td(at.bet === bet, at.pay))",
        "at.exceptions.map((e) => li(e))",
        // Text in strings is not code; arithmetic on a window's start is not a comparison.
        "t(\"a > x.start\"); const x = `hand_counts[0] ${y}`; const first = w.start + from + 1;",
        "const best = (x) => x.started > 1; for (let start = 0; start < 52; start += 13) row(start);",
        "const won = payout > 0; const b = row.payout * 1;",
        // A warm-up's count and its end as the core sent them, shown.
        "h(\"p\", { \"data-answered\": String(run.answered) }, t(\"warmup.count\", { n: formatInt(run.answered), total: formatInt(run.decisions) }))",
        "const done = warming && run.done; if (verdict.warm_up) warm.sent = verdict.warm_up;",
    ];
    for line in good {
        assert!(violations(line).is_empty(), "the checks flag {line:?}: {:?}", violations(line));
    }
    // The line is the one the shape starts on.
    assert_eq!(violations("a;\nb;\nif (x === y.best_hold) z();"), vec!["line 3: x === y.best_hold (whether a hold was the best is the core's verdict (held_best, correct, mark, mistake))"]);
}

/// Every quoted name in `text` that follows `before` (`call("get_state"` gives `get_state`).
fn quoted_after(text: &str, before: &str) -> Vec<String> {
    text.match_indices(before)
        .filter_map(|(at, _)| {
            let rest = &text[at + before.len()..];
            rest.find('"').map(|end| rest[..end].to_string())
        })
        .collect()
}

/// The UI asks the core only through `api.js`, and only for commands the app has: every `api.NAME(`
/// in the UI is a function of `api.js`, and every command `api.js` calls is one the shell
/// registers (`src-tauri/src/command_names.rs`), so a command that goes (the table screen's own
/// deal, hint and draw, now the one set every table plays through) cannot stay behind in a screen.
#[test]
fn the_ui_calls_only_what_api_js_defines_and_the_shell_registers() {
    let api = fs::read_to_string(root().join("ui/js/api.js")).expect("ui/js/api.js");
    let names = fs::read_to_string(root().join("src-tauri/src/command_names.rs")).expect("command_names.rs");
    let registered: Vec<String> = names.lines().filter_map(|l| l.trim().strip_prefix('"')?.strip_suffix("\",").map(str::to_string)).collect();
    assert!(registered.len() >= 50, "the shell's command names: {registered:?}");
    let called = quoted_after(&api, "call(\"");
    assert!(called.len() >= 50, "api.js's calls: {called:?}");
    // A plugin's command (`plugin:NAME|COMMAND`) is the plugin's, granted by the capabilities.
    let unknown: Vec<&String> = called.iter().filter(|name| !name.starts_with("plugin:") && !registered.contains(name)).collect();
    assert!(unknown.is_empty(), "api.js calls commands the shell does not have: {unknown:?}");
    // The functions api.js defines: `  name: (…) =>` inside `export const api = { … }`.
    let body = &api[api.find("export const api").expect("the api object")..];
    let defined: Vec<&str> = body
        .lines()
        .filter_map(|l| {
            let (name, rest) = l.trim().split_once(':')?;
            (rest.trim_start().starts_with('(') && name.chars().all(|c| c.is_ascii_alphanumeric())).then_some(name)
        })
        .collect();
    let mut missing = Vec::new();
    for entry in fs::read_dir(root().join("ui/js")).expect("ui/js") {
        let path = entry.expect("directory entry").path();
        if path.extension().is_none_or(|ext| ext != "js") {
            continue;
        }
        let code = strip_comments(&fs::read_to_string(&path).expect("a UI module"));
        for (at, _) in code.match_indices("api.") {
            let name: String = code[at + 4..].chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
            if code[at + 4 + name.len()..].starts_with('(') && !defined.contains(&name.as_str()) {
                missing.push(format!("{}: api.{name}", path.file_name().unwrap().to_string_lossy()));
            }
        }
    }
    assert!(missing.is_empty(), "the UI calls what api.js does not define: {missing:?}");
}
