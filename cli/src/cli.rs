//! The command line as clap sees it: every subcommand and flag, each with its one-line help.
//!
//! Values are parsed by the core's own parsers (`FromStr`, `from_id`; those the subcommands share
//! are in `values.rs`), so a bad value is refused by clap with a message naming the flag. Two
//! values are deliberately kept as text: `play deal --game` and `play draw`'s hold, because the
//! game itself refuses those (`invalid-machine`, `invalid-hold`: JSON on standard output and exit
//! 1, not a usage error); like `set KEY VALUE`, they also take values that start with `-`, which
//! the game then refuses, as before clap.
//!
//! Usage errors are printed on one line, `vpoker: MESSAGE`, with exit status 2 ([`usage_error`]).

use std::path::PathBuf;
use std::process::ExitCode;

use vpoker::game::Day;
use clap::error::ErrorKind;
use clap::{value_parser, ArgAction, ArgGroup, Args, Parser, Subcommand};
use clap_complete::Shell;
use vpoker::pipeline::nudge::Situation;
use vpoker::hold::Hold;
use vpoker::library::Base;
use vpoker::shuffle::{Algorithm, Seed};
use vpoker::table::{Table, ULTIMATE_X_PREFIX, ULTIMATE_X_RULES};

use crate::values::{algorithm, game_id, machine_game_id, machine_ids, table_id, CoreValue};

/// The most `simulate --hands`: ten times the README's measured runs (10,000,000 hands, 10–35 s on
/// two cores), so a run stays minutes, not days; a typo like 2^64 − 1 is refused, not started.
pub const MAX_SIMULATE_HANDS: u64 = 100_000_000;
/// The most worker threads (`simulate --threads`), as the labs' `--threads`.
pub const MAX_THREADS: u64 = 256;
/// The most `play fill --hands`: ten times the storage benchmark's million-hand history.
pub const MAX_FILL_HANDS: u64 = 10_000_000;
/// The most `play fill --per-day` (hands in one transaction; their seeds are held in memory).
pub const MAX_PER_DAY: u64 = 100_000;
/// The most `play autoplay --hands` (a transaction per deal and per draw, as in the app).
pub const MAX_AUTOPLAY_HANDS: u64 = 1_000_000;
/// The most `shuffle --count`, as the shuffle lab's `--samples`.
pub const MAX_SHUFFLES: u64 = 10_000_000;
/// The most `bench-storage --runs` (each figure keeps every run's time for its median).
pub const MAX_BENCH_RUNS: u64 = 1_000;

/// Video poker from the command line: hand values, shuffles, exact hints, returns, and the game itself.
#[derive(Parser)]
#[command(name = "vpoker", version, arg_required_else_help = false)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands of `vpoker`.
#[derive(Subcommand)]
pub enum Command {
    /// Evaluate five cards on a machine: the paying row (or "nothing") and the pay per coin.
    Eval(EvalArgs),
    /// Print N orderings of the first K cards of the fresh deck, all from one ChaCha20 stream.
    Shuffle(ShuffleArgs),
    /// The exact EV of every hold of a hand, best first (hands from standard input without CARDS).
    Hint(HintArgs),
    /// The return of optimal play and the final-hand probabilities over all 2,598,960 deals.
    Analyze(AnalyzeArgs),
    /// The strategy chart generated from the exact solver, with its exact return beside optimal play's.
    Chart(crate::chart::ChartArgs),
    /// Deal N single hands as the game does, hold the best, and report returns and deal rates as JSON.
    Simulate(SimulateArgs),
    /// Run one game command against a database and print one JSON object (exit 1 when refused).
    Play(PlayArgs),
    /// Replay a hand from its seed and check it: a finished hand of a database, or any seed.
    Verify(VerifyArgs),
    /// Today's ten deals of a date, as everyone gets them: the machine of the day and each deal's
    /// seed and cards (docs/DAILY.md).
    Daily(DailyArgs),
    /// The table library: the casino tables players meet (Jacks or Better 8/5, Double Double Bonus
    /// 9/6, Not So Ugly Deuces …), each with its exact return computed over all deals.
    Tables(TablesArgs),
    /// Print the shell completion script for SHELL to standard output.
    Completions(CompletionsArgs),
    /// Time the game's commands in this process on a database (build one with `play fill`) and print
    /// the medians and the peak memory as JSON.
    BenchStorage(BenchArgs),
    /// The fairness labs: exact shuffle runs, position counts, deal tables, shuffle bags, pity, numbers.
    Lab(crate::lab::LabArgs),
    /// Hands to drill: hard decisions dealt from a seed, or the player's own mistakes from a database.
    Drill(crate::drill::DrillArgs),
}

/// `bench-storage --db FILE [--runs N]`
#[derive(Args)]
pub struct BenchArgs {
    /// The database to time (it is opened and read, never written).
    #[arg(long, value_name = "FILE")]
    pub db: std::path::PathBuf,
    /// Runs per figure, 1 to 1,000; the median is reported.
    #[arg(long, value_name = "N", default_value = "25", value_parser = value_parser!(u64).range(1..=MAX_BENCH_RUNS))]
    pub runs: u64,
}

/// `vpoker eval --game ID [--json] "Ah Kh Qh Jh Th"`
#[derive(Args)]
pub struct EvalArgs {
    /// Game to evaluate on, by id: a machine (e.g. jacks-or-better) or a kicker game
    /// (double-double-bonus, triple-double-bonus).
    #[arg(long, value_name = "ID", value_parser = game_id())]
    pub game: Base,
    /// Print one JSON object {"game","hand","category","pay"} instead of text.
    #[arg(long)]
    pub json: bool,
    /// Five cards like Ah or 10h: one quoted argument "Ah Kh Qh Jh Th" or five separate arguments.
    #[arg(value_name = "CARDS", required = true, num_args = 1..)]
    pub hand: Vec<String>,
}

/// `vpoker shuffle --seed HEX64 --count N [--cards K] [--algorithm A]`
#[derive(Args)]
pub struct ShuffleArgs {
    /// Seed of the ChaCha20 stream: 64 hex digits.
    #[arg(long, value_name = "HEX64")]
    pub seed: Seed,
    /// Number of orderings to print, one per line: 1 to 10,000,000.
    #[arg(long, value_name = "N", value_parser = value_parser!(u64).range(1..=MAX_SHUFFLES))]
    pub count: u64,
    /// Number of cards taken from the start of the fresh deck (2c 2d 2h 2s 3c …): 1 to 52.
    #[arg(long, value_name = "K", default_value = "52", value_parser = card_count)]
    pub cards: usize,
    /// Shuffle algorithm; sort-keys and biased exist for the fairness lab only.
    #[arg(long, value_name = "ALGORITHM", default_value = "fisher-yates", value_parser = algorithm())]
    pub algorithm: Algorithm,
}

/// `vpoker verify --db FILE --hand ID [--json]` or `vpoker verify --seed HEX64 [--game ID] [--hands N]
/// [--hold MASK] [--commitment HEX] [--json]`
#[derive(Args)]
#[command(group(ArgGroup::new("what").required(true).args(["hand", "seed", "all", "proof"])))]
pub struct VerifyArgs {
    /// The game database holding the hand (opened, never changed).
    #[arg(long, value_name = "FILE")]
    pub db: Option<PathBuf>,
    /// The finished hand's id, as `vpoker play history` lists it.
    #[arg(long, value_name = "ID", requires = "db", conflicts_with = "all")]
    pub hand: Option<i64>,
    /// Every hand of the database in order, each as --hand checks it, and every kind-deal decision:
    /// the situation from the balance and losing streak, each bag's draws from empty (refills from
    /// the refilling hand's seed); names the first hand the history does not give.
    #[arg(long, requires = "db")]
    pub all: bool,
    /// With --all: a head shown before (64 hex digits); refused (exit 1) unless the history had it
    /// after some record, so a past rewritten below it fails.
    #[arg(long, value_name = "HEX64", requires = "all", value_parser = commitment)]
    pub head: Option<String>,
    /// A proof of one hand's record (`vpoker play proof`, a JSON file): checked by the chain's rule
    /// alone, no database needed.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["hand", "all", "seed"])]
    pub proof: Option<PathBuf>,
    /// Any seed instead (64 hex digits): its deck, deal and draws, nothing recorded to compare with
    /// (a --db given with it is only read for a lab table's pays).
    #[arg(long, value_name = "HEX64", conflicts_with_all = ["hand", "all"])]
    pub seed: Option<Seed>,
    /// With --seed: the table dealt on, by id: a machine (e.g. jacks-or-better), a kicker game, a table of `vpoker tables` or lab:NAME with --db (any but a machine dealt as its practised table is: one hand, never nudged).
    #[arg(long, value_name = "ID", value_parser = table_id(), default_value = "jacks-or-better", requires = "seed")]
    pub game: vpoker::game::TableId,
    /// With --seed: hands played at once, 1, 3, 5, 10, 50 or 100 (on any table).
    #[arg(long, value_name = "N", default_value = "1", value_parser = hand_count, requires = "seed")]
    pub hands: u8,
    /// With --seed: the hold drawn with (0-31 or five 0/1); without it each hand shows its next five cards.
    #[arg(long, value_name = "MASK", requires = "seed")]
    pub hold: Option<Hold>,
    /// With --seed, on a machine: the dead deal was nudged by a kind deal; show the nudge the rule gives this seed.
    #[arg(long, requires = "seed")]
    pub nudged: bool,
    /// With --seed: the commitment shown while the hand was in progress, to check against the seed
    /// (64 hex digits; anything else is refused before any check).
    #[arg(long, value_name = "HEX64", requires = "seed", value_parser = commitment)]
    pub commitment: Option<String>,
    /// With --seed on an Ultimate X table (`--game ultimate-x:ID`): the multiplier of each line at
    /// the deal, `M1,M2,…` (default: 1 on every line); they enter the commitment and the wins.
    #[arg(long, value_name = "M1,M2,…", requires = "seed")]
    pub multipliers: Option<String>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// `vpoker hint --game ID [--json] ["HAND"]`
#[derive(Args)]
pub struct HintArgs {
    /// Table whose paytable and strategy apply, by id: a machine (e.g. jacks-or-better), a kicker
    /// game (double-double-bonus, triple-double-bonus) or a table of `vpoker tables`.
    #[arg(long, value_name = "ID", value_parser = table_id())]
    pub game: vpoker::game::TableId,
    /// Print one JSON object per hand {"game","hand","best","holds"} instead of a table.
    #[arg(long)]
    pub json: bool,
    /// The table's Ultimate X table: the same as `--game ultimate-x:ID`.
    #[arg(long, requires = "lines")]
    pub ultimate_x: bool,
    /// On a variant table (`RULES:ID`, e.g. `ultimate-x:ID`): the lines dealt (Ultimate X: 1, 3, 5
    /// or 10); every hold is valued with what is on screen.
    #[arg(long, value_name = "N")]
    pub lines: Option<u8>,
    /// With --lines: what is on screen, one value per line, comma-separated (Ultimate X: each
    /// line's multiplier; default: the start, 1, on every line).
    #[arg(long, value_name = "M1,M2,...", requires = "lines")]
    pub multipliers: Option<String>,
    /// Five cards, quoted or separate; without them, one hand per line is read from standard input.
    #[arg(value_name = "CARDS")]
    pub hand: Vec<String>,
}

/// `vpoker analyze (--game ID|all | --family natural|deuces --pays P1,P2,...) [--json]`
#[derive(Args)]
#[command(group(ArgGroup::new("table").required(true).args(["game", "pays"])))]
pub struct AnalyzeArgs {
    /// Game to analyse, by id: a machine, a kicker game (double-double-bonus, triple-double-bonus), a table of `vpoker tables`, or "all" for the five machines one after another.
    #[arg(long, value_name = "ID|all", value_parser = analyze_games())]
    pub game: Option<AnalyzeGames>,
    /// With --pays: the game family of the lab paytable, natural or deuces.
    #[arg(long, value_name = "natural|deuces", value_parser = crate::chart::family(), requires = "pays")]
    pub family: Option<vpoker::eval::Family>,
    /// A lab paytable: pays per coin, best row first, comma-separated (natural 9, 11 or 13 values, 13 in the kicker games' rows; deuces 10).
    #[arg(long, value_name = "P1,P2,...", requires = "family", allow_hyphen_values = true)]
    pub pays: Option<String>,
    /// Print one JSON object per table {"game","return","variance","sd","probabilities","seconds"} (lab: "family","pays",…,"variance").
    #[arg(long)]
    pub json: bool,
    /// The --game table's Ultimate X table: the same as `--game ultimate-x:ID`.
    #[arg(long, requires = "game", requires = "lines")]
    pub ultimate_x: bool,
    /// On a variant table (`RULES:ID`): the lines dealt (Ultimate X: 1, 3, 5 or 10); prints the
    /// return with perfect play (what is on screen considered) and with the best single strategy,
    /// per unit bet (the whole bet).
    #[arg(long, value_name = "N", requires = "game")]
    pub lines: Option<u8>,
}

impl HintArgs {
    /// `table`, or with `--ultimate-x` its Ultimate X table.
    pub fn flagged(&self, table: Table) -> Result<Table, String> {
        flagged(table, self.ultimate_x)
    }
}

impl AnalyzeArgs {
    /// `table`, or with `--ultimate-x` its Ultimate X table.
    pub fn flagged(&self, table: Table) -> Result<Table, String> {
        flagged(table, self.ultimate_x)
    }
}

impl DealArgs {
    /// The id `id`, or with `--ultimate-x` its Ultimate X table's id (`ultimate-x:ID`).
    pub fn flagged_id(&self, id: String) -> String {
        match self.ultimate_x {
            false => id,
            true => format!("{ULTIMATE_X_PREFIX}{id}"),
        }
    }
}

/// The table `table` names, or with `flagged` (the `--ultimate-x` of `hint`, `analyze` and `play
/// deal`; `chart --ultimate-x-lines` is `chart.rs`') its Ultimate X table: the CLI's spelling of a
/// variant besides its id.
fn flagged(table: Table, flagged: bool) -> Result<Table, String> {
    match flagged {
        false => Ok(table),
        true => table.variant(ULTIMATE_X_RULES).ok_or_else(|| format!("--ultimate-x: {} has no Ultimate X table", table.id())),
    }
}


/// What `analyze --game` names: one game (a machine or a kicker game) or all five machines.
#[derive(Clone, Debug)]
pub enum AnalyzeGames {
    /// `all`: every machine, in unlock order (the kicker games are not machines: name them one by one).
    All,
    /// One machine or kicker game.
    One(Base),
    /// A table of the library (`vpoker tables`).
    Library(&'static vpoker::library::Preset),
    /// A variant of one of them (`RULES:ID`).
    Variant(Table),
}

/// `vpoker simulate --game ID --hands N [--situation S] [--kind-deals on|off] --seed HEX64 [--threads T]`
// `--situation` and `--kind-deals` are the machines' kind deals: left out, a machine deals with
// kind deals on in the normal situation; a kicker game has no kind deals (pure deals, as a
// practised table) and refuses `--kind-deals on` and `--situation` (`simulate.rs`).
#[derive(Args)]
pub struct SimulateArgs {
    /// Game to deal for, by id: a machine (e.g. jacks-or-better) or a kicker game (double-double-bonus, triple-double-bonus).
    #[arg(long, value_name = "ID", value_parser = game_id())]
    pub game: Base,
    /// Number of single hands to deal: 1 to 100,000,000.
    #[arg(long, value_name = "N", value_parser = value_parser!(u64).range(1..=MAX_SIMULATE_HANDS))]
    pub hands: u64,
    /// Machines only: situation whose kind-deal bag applies, normal (the default, 1 in 6), losing (1 in 3), low-balance (1 in 2).
    #[arg(long, value_name = "SITUATION", value_parser = situation())]
    pub situation: Option<Situation>,
    /// Machines only: kind deals on (the default: dead deals nudged as the game does) or off (pure deals).
    #[arg(long, value_name = "on|off", action = ArgAction::Set, value_parser = on_off())]
    pub kind_deals: Option<bool>,
    /// Seed from which every hand's seed is drawn: 64 hex digits.
    #[arg(long, value_name = "HEX64")]
    pub seed: Seed,
    /// Number of worker threads, 1 to 256 (default: one per CPU); the result does not depend on it.
    #[arg(long, value_name = "T", value_parser = value_parser!(u64).range(1..=MAX_THREADS))]
    pub threads: Option<u64>,
}

/// `vpoker play --db FILE [--today YYYY-MM-DD[THH:MM:SS]] COMMAND ...`
#[derive(Args)]
#[command(arg_required_else_help = false)]
pub struct PlayArgs {
    /// SQLite file holding the game (created when missing).
    #[arg(long, value_name = "FILE")]
    pub db: PathBuf,
    /// Today's date as YYYY-MM-DD, or the date and time as YYYY-MM-DDTHH:MM:SS (recorded with each
    /// hand, and the player being there: sessions); default: the local date and time.
    #[arg(long, value_name = "YYYY-MM-DD[THH:MM:SS]", value_parser = moment)]
    pub today: Option<vpoker::game::Moment>,
    /// Print JSON (what every play command prints anyway; accepted anywhere, e.g. `history --json`).
    #[arg(long, global = true)]
    pub json: bool,
    #[command(subcommand)]
    pub command: PlayCommand,
}

/// The game commands of `vpoker play`.
#[derive(Subcommand)]
pub enum PlayCommand {
    /// Print the game state: chips, level, XP, daily chips, settings, the hand in progress, machines.
    State,
    /// Claim today's 200 daily chips (once per date).
    ClaimDaily,
    /// Take the bet and deal a hand (the seed comes from OS entropy unless --seed is given).
    Deal(DealArgs),
    /// The proof that a finished hand is a record of the history's chain under its head (the head
    /// now, or after the first --head-records records): `{"format","text","index","records","path",
    /// "left_peaks","right_peaks","head"}`, checked by `vpoker verify --proof FILE`.
    Proof(ProofArgs),
    /// What the next deal of these choices shows before it, line by line (`[{paid, next, lit}]`:
    /// on an Ultimate X table each line's multiplier, carried from the hand before when the deal
    /// continues it), or null on a table that shows nothing. The --bet, --hands, --practice and
    /// table of `deal` (--seed is not read). Reads only.
    NextScreen(DealArgs),
    /// Draw the hand in progress with a hold, and pay it.
    Draw(DrawArgs),
    /// All 32 holds of the hand in progress with their exact EVs per coin, best first.
    Hint,
    /// The last finished hands, newest first, with seed, nudge, hold and results.
    History(HistoryArgs),
    /// Statistics per machine, real and practice hands apart.
    Stats,
    /// Luck against skill, same cards with the best hold and the chips-over-hands chart, per machine.
    Coach,
    /// The player's mistaken deals on the review queue, newest first, each with its schedule (`due`
    /// date, `last_review`, `reps`, `lapses`, `stability`, `difficulty`; docs/TRAINING.md).
    Mistakes(MistakesArgs),
    /// What is due for review on --today's date: `games` (each game with mistakes queued: `table`,
    /// `label`, `due` today, `queued`) and `due` (the cards due, in the order drills bring them
    /// back: `table`, `hand`, `cards` and the schedule). Reads only.
    Review(ReviewArgs),
    /// A game's progress over its last days played: `days` (each `day` as `history` writes it,
    /// `decisions`, `mistakes`, `ev_given_up` per coin as history's, `accuracy`,
    /// `ev_given_up_per_100`), oldest first, and `trend` (the least-squares line through the days'
    /// EV given up per 100 decisions: `per_day`, `first`, `last`); its last 30 `sessions` the same
    /// way (`session`, `started`, `minutes`, `chips_given_up`) with `session_trend`
    /// (`per_session`, …) and `per_hour` (`sessions`, `hours`, `decisions`, `chips_given_up`: what
    /// mistakes cost per hour at the player's pace; null under 15 minutes). Reads only.
    Progress(ProgressArgs),
    /// A game's proficiency check of --today's date (25 hard decisions from a seed of the date and
    /// the game: docs/TRAINING.md): `questions` (each `index`, `seed`, `cards`, `hold` once answered,
    /// and once all are answered `reason` and `review`), `next`, `done`, `score` (`best_holds`,
    /// `ev_given_up`, `grade`) once done, and `curve` (the game's completed checks by date and their
    /// `trend`). With --answer N --hold MASK: answers question N (0-24, the next one) and prints the
    /// check after it.
    Proficiency(ProficiencyArgs),
    /// Change one setting, e.g. `set kind-deals off`.
    Set(SetArgs),
    /// Check the ledger (exit 1 if it does not add up).
    Audit,
    /// Move a corrupt or newer database aside to FILE.corrupt-N and start afresh (a game that opens
    /// and audits healthy is refused: not-corrupt).
    ResetCorrupt,
    /// Play N hands with the best hold, first finishing a hand left in progress.
    Autoplay(AutoplayArgs),
    /// Build a long history quickly: N hands through the real pipeline, a day's play per transaction,
    /// collecting each day's daily chips (from --today on) and moving to the next day when short.
    Fill(FillArgs),
    /// Write a consistent copy of the game to FILE (SQLite's online backup); FILE must not exist.
    Export(FileArgs),
    /// Replace the game with the one in FILE, after checking it as opening does and auditing it;
    /// the current file is kept aside as DB.before-import-N (the newest three are kept).
    Import(FileArgs),
    /// Today's ten deals (--today's date): the deal to hold, the deals played, and once the ten are
    /// played the score, the review and the share text; the streak and the last 30 days.
    Daily,
    /// Hold and draw the current deal of today's ten (a refusal after the tenth: daily-deals-done).
    DailyDraw(DrawArgs),
    /// Every milestone (`id`, `reached`, `progress` of `goal`, `reached_on`): skill and habit, never
    /// spending. Reads only.
    Milestones,
    /// A hand to drill on any table (`table`, `source`, `seed` or `hand`, a chart hand's `tier`,
    /// `name`, `cards`, `bet`, `queue`, `tally`), or null when the mistakes queue is empty; reads only
    /// (a hard or chart hand's seed comes from OS entropy unless --seed is given).
    Drill(DrillArgs),
    /// Answer a drill: the hand --seed deals on --table (hard; chart with --tier) or queued hand
    /// --hand (mistakes), found again by the core, judged and counted (no chips, no XP); a chart
    /// hand's verdict has `chart`: the tier's line, its hold and what following it gives up.
    DrillAnswer(DrillAnswerArgs),
    /// The warm-up offered on --game on --today's date (`{"table","warm_up"}`: `last_played`,
    /// `days_away`, `decisions`, or null): the game last played a week or more before. Reads only.
    /// With --take: takes it (the day's offers answered, its hard decisions counted by the core:
    /// the state's `warm_up_run`); `no-warm-up` when none is offered.
    WarmUp(WarmUpArgs),
    /// Answer --today's warm-up offers (taken or declined alike): none is made again that date.
    AnswerWarmUp,
}

/// `warm-up --game ID [--take]`
#[derive(Args)]
pub struct WarmUpArgs {
    /// Any table: a machine, a kicker game, a library id, `lab:NAME` or `ultimate-x:ID`.
    #[arg(long, value_name = "ID")]
    pub game: String,
    /// Take the offer and print the state.
    #[arg(long)]
    pub take: bool,
}

/// `drill --table ID [--source hard|mistakes|chart] [--tier T] [--seed HEX64]`
#[derive(Args)]
pub struct DrillArgs {
    /// Any table: a machine, a kicker game, a library id (`vpoker tables`) or a saved lab table (`lab:NAME`).
    #[arg(long, value_name = "ID")]
    pub table: String,
    /// Where the hand comes from: hard (dealt from a seed), mistakes (the table's review queue) or chart (dealt from a seed, where the tier's chart holds no best hold).
    #[arg(long, value_name = "SOURCE", default_value = "hard")]
    pub source: String,
    /// With --source hard or chart: the drill run's seed, to reproduce a question: 64 hex digits (default: from OS entropy).
    #[arg(long, value_name = "HEX64")]
    pub seed: Option<Seed>,
    /// With --source chart: the chart's tier, beginner, intermediate or expert (default: the player's chart-tier setting).
    #[arg(long, value_name = "TIER")]
    pub tier: Option<String>,
}

/// `drill-answer --table ID (--seed HEX64 [--tier T] | --hand ID) --hold MASK`
#[derive(Args)]
#[command(group(ArgGroup::new("which").required(true).args(["seed", "hand"])))]
pub struct DrillAnswerArgs {
    /// The question's table.
    #[arg(long, value_name = "ID")]
    pub table: String,
    /// A hard or chart question's seed (the core deals the same hand again).
    #[arg(long, value_name = "HEX64")]
    pub seed: Option<Seed>,
    /// With --seed: a chart question's tier (beginner, intermediate or expert); without it the seed is a hard question's.
    #[arg(long, value_name = "TIER", requires = "seed")]
    pub tier: Option<String>,
    /// A mistakes question's hand (it must be on the table's review queue).
    #[arg(long, value_name = "ID")]
    pub hand: Option<i64>,
    /// Cards to keep: a mask 0-31 (bit i keeps card i) or five 0/1 characters like 10110.
    #[arg(long, value_name = "MASK", allow_hyphen_values = true)]
    pub hold: String,
}

/// `tables [--json] [--charts]`
#[derive(Args)]
pub struct TablesArgs {
    /// Print JSON (`[{"id","name","family","base","pays","return"}…]`) instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also generate each table's strategy chart and give its cost against optimal play (JSON:
    /// `"chart": {"lines","chart_return","optimal_return","cost"}`; about half a second a table).
    #[arg(long)]
    pub charts: bool,
}

/// `daily --date YYYY-MM-DD [--json]`
#[derive(Args)]
pub struct DailyArgs {
    /// The date, YYYY-MM-DD.
    #[arg(long, value_name = "YYYY-MM-DD", value_parser = date)]
    pub date: Day,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// `fill --hands N [--game ID] [--bet N] [--per-day N] --seed HEX64`
#[derive(Args)]
pub struct FillArgs {
    /// Number of hands to play: 1 to 10,000,000.
    #[arg(long, value_name = "N", value_parser = value_parser!(u64).range(1..=MAX_FILL_HANDS))]
    pub hands: u64,
    /// Machine to play, by id (a kicker game is refused: it is not a machine; practise it with `play deal --practice --table`).
    #[arg(long, value_name = "ID", default_value = "jacks-or-better", value_parser = machine_game_id())]
    pub game: Base,
    /// Bet per hand in chips: 5, 10, 20 or 50.
    #[arg(long, value_name = "N", default_value = "5")]
    pub bet: u32,
    /// Hands played per day (one transaction each): 1 to 100,000.
    #[arg(long, value_name = "N", default_value = "300", value_parser = value_parser!(u64).range(1..=MAX_PER_DAY))]
    pub per_day: u64,
    /// Lines per deal: 1, 3, 5, 10, 50 or 100 (each deal costs bet × lines; refused below its level).
    #[arg(long, value_name = "N", default_value = "1", value_parser = hand_count)]
    pub lines: u8,
    /// Seed from which every hand's seed is drawn: 64 hex digits (recorded as chosen; each hand's
    /// seed is derived from it and the hand's id, so the same --seed never deals a seed twice).
    #[arg(long, value_name = "HEX64")]
    pub seed: Seed,
}

/// `export FILE` / `import FILE`
#[derive(Args)]
pub struct FileArgs {
    /// The file.
    #[arg(value_name = "FILE")]
    pub file: std::path::PathBuf,
}

/// `deal --game ID --bet N [--hands N] [--practice] [--seed HEX64]`, or
/// `deal --practice --table ID --bet N [--seed HEX64]`
#[derive(Args)]
#[command(group(ArgGroup::new("where").required(true).args(["game", "table"])))]
pub struct DealArgs {
    /// Machine to play, by id, or a variant of one by its table id (`super-times:jacks-or-better`);
    /// an unknown or locked machine is refused by the game.
    #[arg(long, value_name = "ID", allow_hyphen_values = true, value_parser = machine_text())]
    pub game: Option<String>,
    /// With --practice: a table to practise instead of a machine — a library id (`vpoker tables`)
    /// or a saved lab table (`lab:NAME`). One hand; `play hint` and `play draw` work on it.
    #[arg(long, value_name = "ID", requires = "practice", conflicts_with = "game")]
    pub table: Option<String>,
    /// Bet per hand in chips: 5, 10, 20 or 50.
    #[arg(long, value_name = "N")]
    pub bet: u32,
    /// Hands played at once: 1, 3, 5, 10, 50 or 100 (Triple and Five Play open at level 10, Ten,
    /// Fifty and Hundred Play at 12, 17 and 20).
    #[arg(long, value_name = "N", default_value = "1")]
    pub hands: u8,
    /// Practice hand: moves no chips and no XP, always a pure deal.
    #[arg(long)]
    pub practice: bool,
    /// Ultimate X: the game's Ultimate X table (two coins a line, 1, 3, 5 or 10 lines, each line
    /// paid at the multiplier the previous hand earned it; docs/ULTIMATE-X.md). With --table, the
    /// same as naming `ultimate-x:ID`.
    #[arg(long)]
    pub ultimate_x: bool,
    /// Seed of the deal, to reproduce one: 64 hex digits (default: from OS entropy); a chosen seed
    /// deals practice only (`chosen-seed-for-chips`).
    #[arg(long, value_name = "HEX64")]
    pub seed: Option<Seed>,
}

/// `draw --hold MASK` or `draw MASK`
#[derive(Args)]
#[command(group(ArgGroup::new("one-hold").required(true).args(["hold", "mask"])))]
pub struct DrawArgs {
    /// Cards to keep: a mask 0-31 (bit i keeps card i) or five 0/1 characters like 10110.
    #[arg(long, value_name = "MASK", allow_hyphen_values = true)]
    pub hold: Option<String>,
    /// The hold given without --hold: a mask 0-31 or five 0/1 characters like 10110.
    #[arg(value_name = "MASK", allow_hyphen_values = true)]
    pub mask: Option<String>,
}

/// `mistakes [--limit N]`
#[derive(Args)]
pub struct MistakesArgs {
    /// Number of mistakes to list, newest first: 1 to 500 (each is a replayed hand, like a history page).
    #[arg(long, value_name = "N", default_value = "20", value_parser = value_parser!(u32).range(1..=i64::from(vpoker::game::rules::HISTORY_PAGE_MAX)))]
    pub limit: u32,
}

/// `review [--game ID] [--limit N]`
#[derive(Args)]
pub struct ReviewArgs {
    /// Only this game's cards (any table: a machine, a kicker game, a library id or `lab:NAME`);
    /// `games` still lists every game.
    #[arg(long, value_name = "ID")]
    pub game: Option<String>,
    /// Cards to list at most: 0 to 500 (each is a hand read from the history, like a history page).
    #[arg(long, value_name = "N", default_value = "100", value_parser = value_parser!(u32).range(0..=i64::from(vpoker::game::rules::HISTORY_PAGE_MAX)))]
    pub limit: u32,
}

/// `progress --game ID [--days N]`
#[derive(Args)]
pub struct ProgressArgs {
    /// Any table: a machine, a kicker game, a library id, `lab:NAME` or `ultimate-x:ID`.
    #[arg(long, value_name = "ID")]
    pub game: String,
    /// The last N days played (the game refuses more than 366: progress-limit).
    #[arg(long, value_name = "N", default_value = "90")]
    pub days: u32,
}

/// `proficiency --game ID [--answer N --hold MASK [--date YYYY-MM-DD]]`
#[derive(Args)]
pub struct ProficiencyArgs {
    /// Any table a drill takes: a machine, a kicker game, a library id, `lab:NAME` or `ultimate-x:ID`.
    #[arg(long, value_name = "ID")]
    pub game: String,
    /// Answer question N (0-24; the check's `next`).
    #[arg(long, value_name = "N", requires = "hold")]
    pub answer: Option<usize>,
    /// The answer's hold: a mask 0-31 (bit i keeps card i) or five 0/1 characters like 10110.
    #[arg(long, value_name = "MASK", requires = "answer", allow_hyphen_values = true)]
    pub hold: Option<String>,
    /// With --answer: the date of the check the question is from (default: --today; only today's
    /// check is answered: proficiency-other-day).
    #[arg(long, value_name = "YYYY-MM-DD", value_parser = date, requires = "answer")]
    pub date: Option<Day>,
}

/// `history [--limit N]`
#[derive(Args)]
pub struct HistoryArgs {
    /// Number of hands to list, newest first (the game refuses more than 500 at once: history-limit).
    #[arg(long, value_name = "N", default_value = "20")]
    pub limit: u32,
    /// Only hands with an id below this one (the next page of a long history).
    #[arg(long, value_name = "ID")]
    pub before: Option<i64>,
    /// The whole history instead, oldest first, with what a verifier needs to replay its kind-deal
    /// decisions: `{"start","committed_from","bound_from","claims":[{"day","amount","after_hand"}…],"hands":[…]}`
    /// (streamed: memory stays flat; see docs/VERIFY.md).
    #[arg(long, conflicts_with = "before")]
    pub all: bool,
    /// With --all: each hand as one JSON array of what was stored, nothing the verifier derives
    /// (about 210 bytes a hand instead of about 800; docs/VERIFY.md, "The compact form").
    #[arg(long, requires = "all")]
    pub compact: bool,
}

/// `set KEY VALUE`
#[derive(Args)]
pub struct SetArgs {
    /// Setting: kind-deals, hints, mistake-warnings, animation, sound, haptics, language, reminder or
    /// chart-tier (the chart the hint names its line from).
    #[arg(value_name = "KEY", allow_hyphen_values = true)]
    pub key: String,
    /// New value: on|off, animation normal|fast|off, language auto|en|de|pt|ja, reminder off|HH:MM,
    /// chart-tier expert|intermediate|beginner.
    #[arg(value_name = "VALUE", allow_hyphen_values = true)]
    pub value: String,
}

/// `proof --hand ID [--head-records N]`
#[derive(Args)]
pub struct ProofArgs {
    /// The finished hand's id.
    #[arg(long, value_name = "ID")]
    pub hand: i64,
    /// The head after this many records (one shown before); default the head now.
    #[arg(long, value_name = "N")]
    pub head_records: Option<u64>,
}

/// `autoplay --hands N [--game ID] [--bet N] [--practice] [--seed HEX64]`
#[derive(Args)]
pub struct AutoplayArgs {
    /// Number of hands to play: 1 to 1,000,000.
    #[arg(long, value_name = "N", value_parser = value_parser!(u64).range(1..=MAX_AUTOPLAY_HANDS))]
    pub hands: u64,
    /// Machine to play, by id (a kicker game is refused: it is not a machine; practise it with `play deal --practice --table`).
    #[arg(long, value_name = "ID", default_value = "jacks-or-better", value_parser = machine_game_id())]
    pub game: Base,
    /// Bet per hand in chips: 5, 10, 20 or 50.
    #[arg(long, value_name = "N", default_value = "5")]
    pub bet: u32,
    /// Play practice hands: no chips, no XP, pure deals.
    #[arg(long)]
    pub practice: bool,
    /// Seed from which every hand's seed is drawn, for a reproducible run: 64 hex digits (for
    /// chips, as `fill` does: each hand's seed derived from it and the hand's id, marked chosen).
    #[arg(long, value_name = "HEX64")]
    pub seed: Option<Seed>,
}

/// `completions SHELL`
#[derive(Args)]
pub struct CompletionsArgs {
    /// Shell to write the script for: bash, zsh, fish, powershell or elvish.
    #[arg(value_name = "SHELL")]
    pub shell: Shell,
}

/// Reports a parse failure: `--help` and `--version` print as usual (exit 0); a usage error prints
/// one line on standard error, `vpoker: ` and clap's message without its `error: ` prefix, and
/// exits with status 2.
pub fn usage_error(error: clap::Error) -> ExitCode {
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = error.print();
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!("vpoker: {}", one_line(&error.to_string()));
            ExitCode::from(2)
        }
    }
}

/// clap's message on one line, without the `error: ` prefix: its first paragraph (a missing
/// argument's name follows on the next line), then any `tip: …` line after `; `. The usage and the
/// "try --help" lines are left out.
fn one_line(rendered: &str) -> String {
    let message = rendered.strip_prefix("error: ").unwrap_or(rendered);
    let mut lines = message.lines().map(str::trim);
    let first: Vec<&str> = lines.by_ref().take_while(|line| !line.is_empty()).collect();
    let mut text = first.join(" ");
    for tip in lines.filter(|line| line.starts_with("tip:")) {
        text.push_str("; ");
        text.push_str(tip);
    }
    text
}

/// `play deal --game`: any text (the game refuses an unknown machine), machine ids for completion.
fn machine_text() -> CoreValue<String> {
    CoreValue { parse: |text| Ok(text.to_string()), ids: machine_ids() }
}

/// `analyze --game`: [`game_id`]'s games, or `all` (the five machines).
fn analyze_games() -> CoreValue<AnalyzeGames> {
    CoreValue {
        parse: |text| match text {
            "all" => Ok(AnalyzeGames::All),
            id if Table::variant_id(id).is_some() => {
                Table::named(id).map(AnalyzeGames::Variant).ok_or_else(|| format!("'{id}' is not a table of `vpoker tables` dealt under these rules"))
            }
            id => (game_id().parse)(id).map(AnalyzeGames::One).or_else(|error| {
                vpoker::library::Preset::find(id).map(AnalyzeGames::Library).map_err(|_| {
                    format!("{error}; or all, or a table of `vpoker tables`")
                })
            }),
        },
        ids: game_id().ids.into_iter().chain(["all"]).collect(),
    }
}

fn situation() -> CoreValue<Situation> {
    CoreValue {
        parse: |text| Situation::from_id(text).ok_or_else(|| format!("'{text}' is not normal, losing or low-balance")),
        ids: vec!["normal", "losing", "low-balance"],
    }
}

fn on_off() -> CoreValue<bool> {
    CoreValue {
        parse: |text| match text {
            "on" => Ok(true),
            "off" => Ok(false),
            other => Err(format!("'{other}' is not on or off")),
        },
        ids: vec!["on", "off"],
    }
}

fn card_count(text: &str) -> Result<usize, String> {
    let n_cards: usize = text.parse().map_err(|e: std::num::ParseIntError| e.to_string())?;
    if !(1..=52).contains(&n_cards) {
        return Err(format!("{n_cards} is not between 1 and 52"));
    }
    Ok(n_cards)
}

fn hand_count(text: &str) -> Result<u8, String> {
    text.parse::<u8>()
        .ok()
        .filter(|&n| vpoker::game::rules::Lines::new(n).is_ok() && n.to_string() == text)
        .ok_or_else(|| format!("'{text}' is not 1, 3, 5, 10, 50 or 100"))
}

/// A commitment as the game shows it: 64 hex digits (read in either case, compared in lower case).
fn commitment(text: &str) -> Result<String, String> {
    match text.len() == 64 && text.bytes().all(|b| b.is_ascii_hexdigit()) {
        true => Ok(text.to_ascii_lowercase()),
        false => Err(format!("'{text}' is not a commitment (64 hex digits, as the hand showed it)")),
    }
}

/// A day by the game's one rule (`Day::parse`): exactly `YYYY-MM-DD`, nothing trimmed, from
/// 0001-01-01 to 9999-12-31.
fn date(text: &str) -> Result<Day, String> {
    Day::parse(text).map_err(|_| format!("'{text}' is not a date (YYYY-MM-DD from 0001-01-01 to 9999-12-31, e.g. 2026-12-08)"))
}

/// A date, or a date and a local time of day (`YYYY-MM-DDTHH:MM:SS`).
fn moment(text: &str) -> Result<vpoker::game::Moment, String> {
    if let Ok(day) = Day::parse(text) {
        return Ok(day.into());
    }
    chrono::NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M:%S")
        .ok()
        .filter(|at| at.format("%Y-%m-%dT%H:%M:%S").to_string() == text)
        .and_then(|at| Day::moment(at).ok())
        .ok_or_else(|| format!("'{text}' is not a date (YYYY-MM-DD from 0001-01-01 to 9999-12-31, e.g. 2026-12-08) or a date and time (YYYY-MM-DDTHH:MM:SS)"))
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::*;

    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }

    /// Every subcommand and every flag or positional has its one-line help.
    #[test]
    fn everything_has_one_line_of_help() {
        fn check(cmd: &clap::Command, path: &str) {
            let about = cmd.get_about().map(|a| a.to_string()).unwrap_or_default();
            assert!(!about.is_empty() && !about.contains('\n'), "{path}: about {about:?}");
            for arg in cmd.get_arguments() {
                let help = arg.get_help().map(|h| h.to_string()).unwrap_or_default();
                assert!(!help.is_empty() && !help.contains('\n'), "{path} {}: help {help:?}", arg.get_id());
            }
            for sub in cmd.get_subcommands() {
                check(sub, &format!("{path} {}", sub.get_name()));
            }
        }
        let mut cmd = Cli::command();
        cmd.build();
        check(&cmd, "vpoker");
    }

    /// Every count takes its largest value and refuses one more (the integration tests check the
    /// messages; these values are too big to run there).
    #[test]
    fn counts_take_their_largest_value_and_refuse_one_more() {
        let seed = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
        let cases: [(&[&str], u64); 9] = [
            (&["simulate", "--game", "jacks-or-better", "--seed", seed, "--hands"], MAX_SIMULATE_HANDS),
            (&["simulate", "--game", "jacks-or-better", "--seed", seed, "--hands", "1", "--threads"], MAX_THREADS),
            (&["play", "--db", "x.db", "fill", "--seed", seed, "--hands"], MAX_FILL_HANDS),
            (&["play", "--db", "x.db", "fill", "--seed", seed, "--hands", "1", "--per-day"], MAX_PER_DAY),
            (&["play", "--db", "x.db", "autoplay", "--hands"], MAX_AUTOPLAY_HANDS),
            (&["play", "--db", "x.db", "mistakes", "--limit"], u64::from(vpoker::game::rules::HISTORY_PAGE_MAX)),
            (&["shuffle", "--seed", seed, "--count"], MAX_SHUFFLES),
            (&["bench-storage", "--db", "x.db", "--runs"], MAX_BENCH_RUNS),
            (&["drill", "--game", "jacks-or-better", "--source", "hard", "--seed", seed, "--count"], 1_000_000),
        ];
        for (args, max) in cases {
            let with = |n: u64| {
                let n = n.to_string();
                let mut line = vec!["vpoker"];
                line.extend_from_slice(args);
                line.push(&n);
                Cli::try_parse_from(line).map(drop).map_err(|e| e.kind())
            };
            assert_eq!(with(max), Ok(()), "{args:?} {max}");
            assert_eq!(with(1), Ok(()), "{args:?} 1");
            assert_eq!(with(max + 1), Err(ErrorKind::ValueValidation), "{args:?} {}", max + 1);
            assert_eq!(with(0), Err(ErrorKind::ValueValidation), "{args:?} 0");
        }
    }

    #[test]
    fn clap_messages_become_one_line() {
        let rendered = "error: the following required arguments were not provided:\n  --bet <N>\n\n\
            Usage: vpoker play --db <FILE> deal --game <ID> --bet <N>\n\nFor more information, try '--help'.\n";
        assert_eq!(one_line(rendered), "the following required arguments were not provided: --bet <N>");
        let rendered = "error: unexpected argument '--jsn' found\n\n  tip: a similar argument exists: '--json'\n\n\
            Usage: vpoker eval --game <ID> <CARDS>...\n\nFor more information, try '--help'.\n";
        assert_eq!(one_line(rendered), "unexpected argument '--jsn' found; tip: a similar argument exists: '--json'");
    }
}
