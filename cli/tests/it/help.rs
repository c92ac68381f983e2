//! clap's `--help` on every subcommand, the completion scripts, and usage errors on one line
//! naming the flag, run through the real binary.

use crate::common::{text, usage_error, vpoker};
/// Runs `args` (ending in `--help`), checks exit 0 and help on standard output, and that it names
/// every word of `expected`.
fn help_mentions(args: &[&str], expected: &[&str]) {
    let out = vpoker(args);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", text(&out.stderr));
    assert!(out.stderr.is_empty(), "{args:?}: {}", text(&out.stderr));
    let help = text(&out.stdout);
    assert!(help.contains("Usage: vpoker"), "{args:?}: {help}");
    for word in expected {
        assert!(help.contains(word), "{args:?} does not mention {word}: {help}");
    }
}

const COMMANDS: [&str; 7] = ["eval", "shuffle", "hint", "analyze", "simulate", "play", "completions"];

const PLAY_COMMANDS: [&str; 11] =
    ["state", "claim-daily", "deal", "draw", "hint", "history", "stats", "set", "audit", "reset-corrupt", "autoplay"];

#[test]
fn top_level_help_lists_every_subcommand() {
    help_mentions(&["--help"], &COMMANDS);
    help_mentions(&["-h"], &COMMANDS);
    help_mentions(&["help"], &COMMANDS);
}

#[test]
fn play_help_lists_its_options_and_every_game_command() {
    help_mentions(&["play", "--help"], &[&["--db <FILE>", "--today <YYYY-MM-DD[THH:MM:SS]>"][..], &PLAY_COMMANDS].concat());
}

#[test]
fn every_subcommand_help_names_its_flags_and_value_forms() {
    let cases: [(&[&str], &[&str]); 19] = [
        (&["eval", "--help"], &["--game <ID>", "--json", "<CARDS>", "jacks-or-better", "double-bonus"]),
        (
            &["shuffle", "--help"],
            &[
                "--seed <HEX64>",
                "--count <N>",
                "--cards <K>",
                "--algorithm <ALGORITHM>",
                "fisher-yates",
                "sort-keys",
                "biased",
            ],
        ),
        (&["hint", "--help"], &["--game <ID>", "--json", "[CARDS]", "standard input"]),
        (&["analyze", "--help"], &["--game <ID|all>", "--json", "all"]),
        (
            &["simulate", "--help"],
            &[
                "--game <ID>",
                "--hands <N>",
                "--situation <SITUATION>",
                "normal",
                "losing",
                "low-balance",
                "--kind-deals <on|off>",
                "--seed <HEX64>",
                "--threads <T>",
            ],
        ),
        (&["completions", "--help"], &["<SHELL>", "bash", "zsh", "fish", "powershell", "elvish"]),
        (&["play", "state", "--help"], &["play --db <FILE> state"]),
        (&["play", "claim-daily", "--help"], &["200"]),
        (&["play", "deal", "--help"], &["--game <ID>", "--bet <N>", "--hands <N>", "--practice", "--seed <HEX64>"]),
        (&["play", "draw", "--help"], &["--hold <MASK>", "[MASK]", "0-31", "10110"]),
        (&["play", "hint", "--help"], &["32 holds"]),
        (&["play", "history", "--help"], &["--limit <N>", "[default: 20]"]),
        (&["play", "stats", "--help"], &["practice"]),
        (&["play", "set", "--help"], &["<KEY>", "<VALUE>", "kind-deals", "language"]),
        (&["play", "audit", "--help"], &["ledger"]),
        (&["play", "reset-corrupt", "--help"], &["corrupt"]),
        (&["play", "autoplay", "--help"], &["--hands <N>", "--game <ID>", "--bet <N>", "--practice", "--seed <HEX64>"]),
        // Help comes before any check of the other arguments, as with `--db` given.
        (&["play", "--db", "unused.db", "deal", "--help"], &["--bet <N>"]),
        (&["help", "play", "draw"], &["--hold <MASK>"]),
    ];
    for (args, expected) in cases {
        help_mentions(args, expected);
    }
}

#[test]
fn version_prints_the_crate_version() {
    let out = vpoker(&["--version"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout).trim(), format!("vpoker {}", env!("CARGO_PKG_VERSION")));
}

#[test]
fn completion_scripts_name_the_subcommands() {
    let out = vpoker(&["completions", "bash"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(out.stderr.is_empty());
    let script = text(&out.stdout);
    assert!(script.contains("complete -F _vpoker"), "a bash completion function for vpoker");
    for word in COMMANDS.iter().chain(&PLAY_COMMANDS) {
        assert!(script.contains(word), "bash script lacks {word}");
    }
    for flag in ["--game", "--seed", "--db", "--today", "--hold", "--kind-deals", "--situation", "--algorithm"] {
        assert!(script.contains(flag), "bash script lacks {flag}");
    }
    assert!(script.contains("jacks-or-better"), "machine ids are offered as values");
    for shell in ["zsh", "fish", "powershell", "elvish"] {
        let out = vpoker(&["completions", shell]);
        assert_eq!(out.status.code(), Some(0), "{shell}: {}", text(&out.stderr));
        let script = text(&out.stdout);
        for word in ["claim-daily", "reset-corrupt", "kind-deals"] {
            assert!(script.contains(word), "{shell} script lacks {word}");
        }
    }
}

#[test]
fn a_bad_value_is_refused_on_one_line_naming_the_flag() {
    let line = usage_error(&["eval", "--game", "nope", "Ah Kh Qh Jh Th"]);
    assert!(line.contains("--game"), "{line}");
    assert!(line.contains("'nope'"), "{line}");
    let seed = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
    for (args, flag) in [
        (&["hint", "--game", "poker", "Ah Kh Qh Jh 9c"][..], "--game"),
        (&["analyze", "--game", "poker"][..], "--game"),
        (&["shuffle", "--seed", "abc", "--count", "1"][..], "--seed"),
        (&["shuffle", "--seed", seed, "--count", "many"][..], "--count"),
        (&["shuffle", "--seed", seed, "--count", "1", "--cards", "0"][..], "--cards"),
        (&["shuffle", "--seed", seed, "--count", "1", "--cards", "53"][..], "--cards"),
        (&["shuffle", "--seed", seed, "--count", "1", "--algorithm", "riffle"][..], "--algorithm"),
        (
            &["simulate", "--game", "jacks-or-better", "--hands", "10", "--seed", seed, "--situation", "sad"][..],
            "--situation",
        ),
        (
            &["simulate", "--game", "jacks-or-better", "--hands", "10", "--seed", seed, "--kind-deals", "maybe"][..],
            "--kind-deals",
        ),
        (
            &["simulate", "--game", "jacks-or-better", "--hands", "10", "--seed", seed, "--threads", "two"][..],
            "--threads",
        ),
        (&["play", "--db", "unused.db", "--today", "30.11.2026", "state"][..], "--today"),
        (&["play", "--db", "unused.db", "deal", "--game", "jacks-or-better", "--bet", "five"][..], "--bet"),
        (
            &["play", "--db", "unused.db", "deal", "--game", "jacks-or-better", "--bet", "5", "--seed", "xyz"][..],
            "--seed",
        ),
        (&["play", "--db", "unused.db", "autoplay", "--hands", "1", "--game", "poker"][..], "--game"),
        (&["play", "--db", "unused.db", "history", "--limit", "ten"][..], "--limit"),
        // A missing required flag is named on the same line.
        (&["shuffle", "--seed", seed][..], "--count"),
        (&["play", "state"][..], "--db"),
        (&["play", "--db", "unused.db", "deal", "--game", "jacks-or-better"][..], "--bet"),
        (&["play", "--db", "unused.db", "draw"][..], "--hold"),
        (&["completions", "tcsh"][..], "SHELL"),
    ] {
        let line = usage_error(args);
        assert!(line.contains(flag), "{args:?}: {line}");
    }
}

#[test]
fn other_usage_errors_are_one_line_too() {
    assert!(usage_error(&[]).contains("requires a subcommand"));
    assert!(usage_error(&["play", "--db", "unused.db"]).contains("claim-daily"), "the game commands are listed");
    assert!(usage_error(&["frobnicate"]).contains("'frobnicate'"));
    // clap's suggestion is kept, after the message on the same line.
    let line = usage_error(&["eval", "--game", "jacks-or-better", "--jsn", "Ah Kh Qh Jh Th"]);
    assert!(line.contains("'--jsn'") && line.contains("'--json'"), "{line}");
    assert!(usage_error(&["eval", "--game", "jacks-or-better", "--game", "deuces-wild", "Ah Kh Qh Jh Th"])
        .contains("--game"));
    assert!(usage_error(&["eval", "--game", "jacks-or-better"]).contains("CARDS"));
    assert!(usage_error(&["play", "--db", "unused.db", "draw", "1", "--hold", "2"]).contains("--hold"));
    // Bad cards are the CLI's own check after parsing: still one line, naming the card.
    assert!(usage_error(&["eval", "--game", "jacks-or-better", "Ah Kh Qh Jh 1h"]).contains("'1h'"));
}

/// Every command that takes `--game ID` (one parser, `cli::game_id`) lists the machines and the
/// kicker games as its possible values; a bad id names both on one line. The machines-only flags
/// say so in their help.
#[test]
fn every_game_flag_lists_the_kicker_games() {
    let listed = "[possible values: jacks-or-better, deuces-wild, bonus-poker, double-bonus, joker-poker, \
                  double-double-bonus, triple-double-bonus";
    for command in ["eval", "hint", "analyze", "chart", "simulate", "drill"] {
        let out = vpoker(&[command, "--help"]);
        assert_eq!(out.status.code(), Some(0), "{command}");
        let help = text(&out.stdout);
        assert!(help.contains("--game <ID") && help.contains(listed), "{command}: {help}");
    }
    // `verify --seed` takes them too; `play fill`, `play autoplay` and `lab deals` play a machine:
    // their help lists the machines and says a kicker game is refused.
    let help = text(&vpoker(&["verify", "--help"]).stdout);
    assert!(help.contains(listed) && help.contains("never nudged"), "verify: {help}");
    let machines = "[possible values: jacks-or-better, deuces-wild, bonus-poker, double-bonus, joker-poker]";
    for args in [&["play", "fill", "--help"][..], &["play", "autoplay", "--help"], &["lab", "deals", "--help"]] {
        let out = vpoker(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let help = text(&out.stdout);
        assert!(help.contains(machines) && help.contains("a kicker game is refused"), "{args:?}: {help}");
    }
    let seed = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
    for args in [
        &["analyze", "--game", "double-double"][..],
        &["chart", "--game", "double-double"][..],
        &["simulate", "--game", "double-double", "--hands", "1", "--seed", seed][..],
        &["drill", "--game", "double-double", "--source", "hard", "--count", "1", "--seed", seed][..],
    ] {
        let line = usage_error(args);
        assert!(line.contains("--game") && line.contains("triple-double-bonus"), "{args:?}: {line}");
    }
}
