// Every call into Rust goes through this module. The UI computes no rule:
// it sends what the player chose and shows what Rust returns.

/** True when the page runs inside the Tauri app (withGlobalTauri). */
export function hasBackend() {
  return Boolean(window.__TAURI__ && window.__TAURI__.core && window.__TAURI__.core.invoke);
}

/** An error as the UI handles it: a stable kind, the raw message, and any data. */
export class ApiError extends Error {
  constructor(kind, message, data) {
    super(message || kind);
    this.kind = kind;
    this.data = data || {};
  }
}

function toApiError(raw) {
  if (raw && typeof raw === "object" && typeof raw.kind === "string") {
    const { kind, message, ...data } = raw;
    return new ApiError(kind, message, data);
  }
  return new ApiError("unknown", typeof raw === "string" ? raw : String(raw && raw.message || raw));
}

async function call(name, args) {
  if (!hasBackend()) throw new ApiError("no-backend", "window.__TAURI__ is missing");
  try {
    return await window.__TAURI__.core.invoke(name, args || {});
  } catch (raw) {
    throw toApiError(raw);
  }
}

export const api = {
  getState: () => call("get_state"),
  claimDaily: () => call("claim_daily"),
  /** Deals on any table: a machine's id (or one of its variants' tables, `machines[].variants`) for chips
   * or in practice, a library or saved lab table in practice. Answers the state (its `hand`). */
  deal: (table, bet, hands, practice) => call("deal", { table, bet, hands, practice }),
  /** What the next deal of these choices shows before it, line by line ([{paid, next, lit}]), or null. */
  nextScreen: (table, bet, hands, practice) => call("next_screen", { table, bet, hands, practice }),
  draw: (hold) => call("draw", { hold }),
  hint: () => call("hint"),
  /** Finished hands, newest first; `before` (a hand id) pages to older hands. */
  history: (limit, before = null) => call("history", { limit, before }),
  stats: () => call("stats"),
  /** A finished hand replayed from its seed, with the checks against its record. */
  verifyHand: (id) => call("verify_hand", { id }),
  /** Today's ten deals on the local date; dailyDraw holds and draws the current one. */
  dailyDeals: () => call("daily_deals"),
  dailyDraw: (hold) => call("daily_draw", { hold }),
  /** Every milestone with its progress; milestoneNews the ones reached since the last call (once each). */
  milestones: () => call("milestones"),
  milestoneNews: () => call("milestone_news"),
  /** The daily reminder: its time (or null) and whether this platform can schedule one. */
  reminder: () => call("reminder"),
  setReminder: (time, title, body) => call("set_reminder", { time, title, body }),
  /** The casino tables: the library (each table's exact return) and practice hands on one. */
  library: () => call("library"),
  tableView: (table) => call("table_view", { table }),
  /** A table's practice figures from the running sums (a former id's are its one table's). */
  tableStats: (table) => call("table_stats", { table, practice: true }),
  /** A library table's three charts (beginner, intermediate, expert), as chartTiers gives a machine's. */
  tableTiers: (table) => call("table_tiers", { table }),
  /** What a library table's chart gives up against the best holds (generated once per run). */
  libraryChartCost: (table) => call("library_chart_cost", { table }),
  /** The hand analyser: five cards ("Ah Kh …") on any table (a variant's with its line count and
   * the multipliers typed, null for its start), every hold best first with its EV and final-hand
   * distribution, the chart's line, and what `hold` (a mask, or null) gives up. */
  analyseHand: (table, cards, lines, multipliers, hold) => call("analyse_hand", { table, cards, lines, multipliers, hold }),
  /** Copies text to the clipboard (Tauri's clipboard plugin: the one plugin command the page may call). */
  copyText: (text) => call("plugin:clipboard-manager|write_text", { text }),
  /** The whole history checked, every hand and every kind-deal decision (a long run: labProgress, labCancel). */
  checkHistory: () => call("check_history"),
  /** Any seed replayed (the Verify form): deck, deal and each hand's next cards. */
  verifySeed: (seed, machine, hands, commitment) => call("verify_seed", { seed, machine, hands, commitment }),
  // The fairness labs. labPositions and labDeals are long: one runs at a time (a new one cancels the
  // one before), labProgress says how far it is, labCancel stops it (it then answers lab-cancelled).
  labExact: (algorithm, cards) => call("lab_exact", { algorithm, cards }),
  labPositions: (algorithm, samples) => call("lab_positions", { algorithm, samples }),
  labDeals: (machine, deals, kindDeals) => call("lab_deals", { machine, deals, kindDeals }),
  labProgress: () => call("lab_progress"),
  labCancel: () => call("lab_cancel"),
  labBag: (kinds, copies, draws, avoidRepeat) => call("lab_bag", { kinds, copies, draws, avoidRepeat }),
  labPity: (rate, pity) => call("lab_pity", { rate, pity }),
  // Strategy charts and the paytable lab (pays as [{row, pay}] with the pay as typed).
  chart: (machine) => call("chart", { machine }),
  /** A machine's charts in three tiers, beginner first: [{tier, max_lines, chart, added}]. */
  chartTiers: (machine) => call("chart_tiers", { machine }),
  /** A variant's own chart on some lines (by its table's id, `machines[].variants`), and in tiers. */
  variantChart: (table, lines) => call("variant_chart", { table, lines }),
  variantChartTiers: (table, lines) => call("variant_chart_tiers", { table, lines }),
  paytableAnalyze: (base, pays) => call("paytable_analyze", { base, pays }),
  paytableChart: (base, pays) => call("paytable_chart", { base, pays }),
  /** The saved lab tables ({id, name, base, pays}); a table command names one by its id. */
  labTables: () => call("lab_tables"),
  labTableSave: (name, base, pays) => call("lab_table_save", { name, base, pays }),
  labTableDelete: (name) => call("lab_table_delete", { name }),
  // The coach.
  coach: () => call("coach"),
  sessionCard: (machine, practice) => call("session_card", { machine, practice }),
  foreground: () => call("foreground"),
  background: () => call("background"),
  /** Drills on any table (a machine's id is its table's): the question names its table, source and
   * seed or hand, and is sent back whole with the answer; the core finds the hand again. */
  drillNext: (table, source) => call("drill_next", { table, source }),
  drillAnswer: (question, hold) => call("drill_answer", { question, hold }),
  drillTallies: (table) => call("drill_tallies", { table }),
  mistakes: (limit) => call("mistakes", { limit }),
  /** What is due for review today: {today, games: [{table, label, due, queued}], due: [cards]}. */
  review: (limit) => call("review", { limit }),
  /** A game's daily series and trend line: {table, label, days: [...], trend}. */
  progress: (table, days) => call("progress", { table, days }),
  /** Answers today's warm-up offers (taken or declined): the new State, with none offered today. */
  answerWarmUp: () => call("answer_warm_up"),
  /** Takes today's warm-up offer on a machine: the new State, its `warm_up_run` counted by the core. */
  takeWarmUp: (table) => call("take_warm_up", { table }),
  /** A game's proficiency check of today: {table, label, date, total, next, questions, done, score, curve}. */
  proficiency: (table) => call("proficiency", { table }),
  /** Answers question `index` of the check of `date` (the check's own date) with a hold mask. */
  proficiencyAnswer: (table, date, index, hold) => call("proficiency_answer", { table, date, index, hold }),
  /** The big numbers (52!, 2^128, …), the game's kind-deal bags and the player's own kind-deal record. */
  labFacts: () => call("lab_facts"),
  setSetting: (key, value) => call("set_setting", { key, value }),
  resetDatabase: () => call("reset_database"),
  /** Rust opens the save dialog and writes a copy: {path}, or null when the player cancelled. */
  exportProgress: () => call("export_progress"),
  /** Rust opens the open dialog, checks the file and switches to it: {state, kept_aside}, or null. */
  importProgress: () => call("import_progress"),
};
