// Drills on any table, one screen for three routes: a machine's training (#/train/ID, back to the
// machine), a casino table's drill (#/table-drill/ID: a library table or a saved lab table, back
// to the table's practice screen) and a machine's warm-up (#/warm-up/ID: the hard decisions the
// lobby offered after a week away, counted by the core until it says they are done, then back to
// the machine). No chips
// and no XP. Three sources the core draws from: hard decisions (dealt from a fresh seed on the
// table's own EVs), hands where the player's chart tier holds something that is not a best hold
// (the verdict says the chart's line and what following it gives up) and the player's own mistakes
// on that table (its review queue: a machine's hands and a table's practice hands alike), when the
// core's schedule says they are due today (it says when each comes back). Each answer is judged at once by the core: right or not, the EV given up in
// chips, the best hold lit, why a hard hand is hard, the EV table a tap away, and the tally and
// streak per source. The UI keeps only the cards the player holds; the answer sends the question
// back and the core finds the same hand again. Each route names its parts with its own prefix
// (`train-…`, `table-drill-…`), which the tests look for.

import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { t, plural, formatInt, formatDay, formatDec, sentences } from "./i18n.js";
import { drillCard, drillTally, drillVerdict, verdictText } from "./drill_view.js";
import { line, DROPPED } from "./ask.js";

const SOURCES = ["hard", "chart", "mistakes"];

/** What differs between the two routes: the prefix of the test ids, where back goes, the texts. */
const KINDS = {
  train: {
    prefix: "train",
    back: "machine",
    /** A machine the state does not list is no machine. */
    unknown: (app, id) => !(app.state && app.state.machines.some((m) => m.id === id)),
    title: (app, id) => t("train.title", { machine: app.machineName(id) }),
    explain: (source) => (source === "hard" ? t("train.explain.hard") : t("review.explain")),
    queue: (n) => plural("train.queue", n, { n: formatInt(n) }),
    empty: () => t("review.none-due"),
    sources: SOURCES,
  },
  "warm-up": {
    prefix: "warm-up",
    back: "machine",
    unknown: (app, id) => !(app.state && app.state.machines.some((m) => m.id === id)),
    title: (app, id) => t("warmup.title", { machine: app.machineName(id) }),
    explain: () => t("warmup.explain"),
    queue: (n) => plural("train.queue", n, { n: formatInt(n) }),
    empty: () => t("review.none-due"),
    sources: ["hard"],
  },
  "table-drill": {
    prefix: "table-drill",
    back: "table",
    // The core refuses a table it does not know (the error is shown): nothing to check here.
    unknown: () => false,
    title: (app, id) => t("tabledrill.title", { table: names.has(id) ? app.tableName(names.get(id)) : app.tableIdName(id) }),
    explain: (source) => (source === "hard" ? t("tabledrill.explain") : t("review.explain")),
    queue: (n) => plural("tabledrill.queue", n, { n: formatInt(n) }),
    empty: () => t("review.none-due"),
    sources: SOURCES,
  },
};

const s = { kind: "train", id: null, table: null, question: null, loading: false, failed: false, hold: 0, verdict: null, tallies: null, busy: false, key: null };
/** The source each route shows (kept between visits): a machine's and a table's apart. */
const sources = { train: "hard", "table-drill": "hard", "warm-up": "hard" };
/** The warm-up as the core last sent it on this screen: a counted answer's `warm_up` (the state's
 * `warm_up_run` before the first), and whether its offer is being taken. The core counts its
 * decisions; the screen shows the count it sends. */
const warm = { sent: null, taking: false };
/** Table id → its label as the core sent it with a question (the title of a table's drill). */
const names = new Map();

/** A question (with the tallies) and its answer: a new question (another table or source, "next")
 * drops an answer still out. */
const drill = line();

function enter(app) {
  // Each visit starts with a fresh question (the table is chosen again from the route).
  s.id = null;
  s.key = null;
  s.busy = false;
  warm.sent = null;
  if (app.route.name === "warm-up") startWarmUp(app, app.route.arg);
}

/** Opening a warm-up takes the offer the state holds for the machine (once: taking it answers every
 * offer of the day, so a visit again later that day finds the warm-up the core counts). */
async function startWarmUp(app, id) {
  const machine = app.state && app.state.machines.find((m) => m.id === id);
  if (!machine || !machine.warm_up) return;
  warm.taking = true;
  await app.run(() => api.takeWarmUp(id), { quiet: true });
  warm.taking = false;
  app.render();
}

/** The warm-up on machine `id` as the core last sent it (taken today), or null. */
function warmUp(app, id) {
  const run = warm.sent || app.state.warm_up_run;
  return run && run.table === id ? run : null;
}

function source() {
  return sources[s.kind];
}

async function next(app) {
  s.busy = true;
  s.loading = true;
  s.verdict = null;
  s.hold = 0;
  app.render();
  const ticket = drill.start(app);
  const id = s.id;
  const table = s.table;
  const [question, tallies] = await Promise.all([
    ticket.ask(() => api.drillNext(table, source()), { quiet: true }),
    ticket.ask(() => api.drillTallies(table), { quiet: true }),
  ]);
  if (!ticket.wanted()) return;
  s.failed = question === undefined;
  s.question = question || null;
  s.tallies = tallies || s.tallies;
  if (question) names.set(id, question.label);
  s.busy = false;
  s.loading = false;
  app.render();
  // A table's drill with no mistake to show and no question seen yet: its name from the library or
  // the saved lab tables, for the title.
  if (!question && s.kind === "table-drill" && !names.has(id)) nameOf(app, ticket, id);
}

async function nameOf(app, ticket, id) {
  const [library, labs] = await Promise.all([
    ticket.ask(() => api.library(), { quiet: true }),
    ticket.ask(() => api.labTables(), { quiet: true }),
  ]);
  if (!ticket.wanted()) return;
  // A library table comes with its label; a saved lab table is named by its saved name.
  const listed = (library || []).find((table) => table.id === id);
  const saved = (labs || []).find((table) => table.id === id);
  if (!listed && !saved) return;
  names.set(id, listed ? listed.label : { kind: "lab", name: saved.name });
  app.render();
}

async function answer(app) {
  if (!s.question || s.verdict || s.busy) return;
  s.busy = true;
  app.render();
  const q = s.question;
  const verdict = await drill.ask(app, () => api.drillAnswer(q, s.hold));
  if (verdict === DROPPED) return;
  s.busy = false;
  if (verdict) {
    s.verdict = verdict;
    s.tallies = { ...s.tallies, [q.source]: verdict.tally };
    if (verdict.warm_up) warm.sent = verdict.warm_up;
    app.announce(verdictText(verdict));
  }
  app.render();
  if (verdict) app.milestoneNews();
}

function card(app, prefix, i) {
  const toggle = (j) => { s.hold ^= 1 << j; app.render(); };
  return drillCard({ prefix, cards: s.question.cards, hold: s.hold, verdict: s.verdict, onToggle: toggle }, i);
}

function verdictView(prefix) {
  const v = s.verdict;
  // Why a hard hand is hard (a queued mistake has no reason).
  const reason = v.reason ? h("p", { class: "small muted", "data-testid": `${prefix}-reason` }, t(`tabledrill.reason.${v.reason}`)) : null;
  // A chart hand: the line the player's chart plays it by, and what following it gives up here.
  const chart = v.chart ? h("p", { class: "small", "data-testid": `${prefix}-chart`, "data-followed": String(v.chart.followed), "data-line": String(v.chart.line.rank), "data-hold": String(v.chart.hold), "data-tier": v.chart.tier },
    sentences(t("drill.chart.line", { tier: t(`chart.tier.${v.chart.tier}`), line: t("chart.line-named", { label: t(`chart.class.${v.chart.line.class}`), n: formatInt(v.chart.line.rank) }) }),
      plural("drill.chart.cost", v.chart.ev_given_up_chips, { chips: formatDec(v.chart.ev_given_up_chips, 2) }, 2),
      v.chart.followed ? t("drill.chart.followed") : null)) : null;
  const left = v.left_queue ? h("p", { class: "small", "data-testid": `${prefix}-left-queue` }, t("review.left-queue")) : null;
  // When a queued mistake comes back, as the core scheduled it.
  const back = v.next_due ? h("p", { class: "small", "data-testid": `${prefix}-next-due`, "data-next-due": v.next_due }, t("review.next-due", { date: formatDay(v.next_due) })) : null;
  return drillVerdict(prefix, v, v.cards, [reason, chart, left, back], { "data-best-hold": String(v.best_hold) });
}

function render(app) {
  const kind = KINDS[app.route.name];
  const id = app.route.arg;
  if (kind.unknown(app, id)) return replace(app.main, h("p", { class: "notice" }, t("machine.unknown")));
  const { prefix } = kind;
  // A machine's drill on one of its variants when the player plays that variant there (the core
  // names each variant's table: `machines[].variants`).
  const machine = app.route.name === "train" ? app.state.machines.find((m) => m.id === id) : null;
  const variants = machine ? machine.variants : [];
  const variant = variants.find((v) => v.rules === app.prefs.rules) || null;
  const table = variant ? variant.table : id;
  const key = `${app.route.name}/${table}/${sources[app.route.name]}`;
  const run = app.route.name === "warm-up" ? warmUp(app, id) : null;
  if (app.route.name === "warm-up" && warm.taking) return replace(app.main, h("p", { class: "notice" }, t("app.loading")));
  if (app.route.name === "warm-up" && !run) {
    // No warm-up was taken on this machine today (none offered, or "not now"): nothing to drill here.
    return replace(app.main,
      h("div", { class: "machine-head" },
        h("button", { type: "button", class: "back", "data-testid": "warm-up-back", "aria-label": t("verify.back"), onclick: () => app.go("machine", id) }, "‹"),
        h("h2", { class: "machine-title" }, kind.title(app, id))),
      h("p", { class: "notice", "data-testid": "warm-up-none" }, t("warmup.none")),
      h("button", { type: "button", class: "btn primary", "data-testid": "warm-up-play", onclick: () => app.go("machine", id) }, t("warmup.play")));
  }
  if (s.key !== key) {
    s.key = key;
    s.kind = app.route.name;
    if (s.table !== table) s.tallies = null;
    s.id = id;
    s.table = table;
    s.question = null;
    s.failed = false;
    s.loading = true;
    next(app);
  }
  const q = s.question;
  const warming = app.route.name === "warm-up";
  const done = warming && run.done;
  // The tally the core sent with the question or the verdict (a chart hand's is the hard decisions'),
  // else the table's tally of that source.
  const tally = s.verdict ? s.verdict.tally : q ? q.tally : s.tallies && s.tallies[source()];
  const explain = table !== id && source() === "hard" ? t("ux.drill-explain")
    : source() === "chart" ? t("drill.chart.explain", { tier: t(`chart.tier.${app.state.settings.chart_tier}`) })
      : kind.explain(source());
  replace(app.main,
    h("div", { class: "machine-head" },
      h("button", { type: "button", class: "back", "data-testid": `${prefix}-back`, "aria-label": t("verify.back"), onclick: () => app.go(kind.back, id) }, "‹"),
      h("h2", { class: "machine-title" }, kind.title(app, id))),
    warming ? h("p", { class: "small", "data-testid": "warm-up-count", "data-answered": String(run.answered), "data-goal": String(run.decisions) },
      t("warmup.count", { n: formatInt(run.answered), total: formatInt(run.decisions) })) : null,
    warming ? null : h("div", { class: "seg", role: "group", "aria-label": t("train.source") },
      kind.sources.map((one) => h("button", {
        type: "button", "data-testid": `${prefix}-source-${one}`, "aria-pressed": source() === one ? "true" : "false",
        onclick: () => { sources[s.kind] = one; app.render(); },
      }, t(`train.source.${one}`)))),
    warming ? null : variants.map((one) => h("button", {
      type: "button", class: "toggle", "data-testid": `${prefix}-${one.rules}`, "aria-pressed": one === variant ? "true" : "false",
      onclick: () => { app.prefs.rules = one === variant ? null : one.rules; app.render(); },
    }, t(`rules.${one.rules}`))),
    h("p", { class: "small muted" }, explain),
    warming ? null : h("button", { type: "button", class: "btn quiet", "data-testid": `${prefix}-progress`, onclick: () => app.go("progress", id) }, t("progress.open")),
    warming ? null : h("button", { type: "button", class: "btn quiet", "data-testid": `${prefix}-proficiency`, onclick: () => app.go("proficiency", table) }, t("proficiency.open")),
    warming ? null : h("button", { type: "button", class: "btn quiet", "data-testid": `${prefix}-analyser`, onclick: () => app.go("analyse", id) }, t("analyser.open")),
    s.loading ? h("p", { class: "notice" }, t("app.loading"))
      : s.failed ? null
        : !q ? h("p", { class: "notice", "data-testid": `${prefix}-empty` }, kind.empty())
          : [
            q.source === "mistakes" ? h("p", { class: "small", "data-testid": `${prefix}-queue`, "data-queue": String(s.verdict ? s.verdict.queue : q.queue) }, kind.queue(s.verdict ? s.verdict.queue : q.queue)) : null,
            // On a variant: the multipliers on screen the hand is valued with, line by line, lit as
            // the core says.
            q.screen ? h("div", { class: "ux-bar", "data-testid": `${prefix}-ux` },
              variant ? h("span", { class: "ux-name" }, t(`rules.${variant.rules}`)) : null,
              q.screen.map((l, i) => h("span", { class: `ux-badge${l.lit ? " high" : ""}`, role: "img", "aria-label": t("ux.line-now", { n: i + 1, m: formatInt(l.next) }) }, t("ux.badge", { m: formatInt(l.next) })))) : null,
            h("div", { class: "hand", role: "group", "aria-label": t("machine.your-hand") }, [0, 1, 2, 3, 4].map((i) => card(app, prefix, i))),
            s.verdict ? verdictView(prefix) : h("p", { class: "small" }, t("train.choose")),
            done ? h("p", { class: "small", "data-testid": "warm-up-done" }, t("warmup.done")) : null,
            h("button", {
              type: "button", class: "btn primary", "data-testid": done ? "warm-up-play" : s.verdict ? `${prefix}-next` : `${prefix}-answer`,
              disabled: s.busy ? true : undefined,
              onclick: () => (done ? app.go("machine", id) : s.verdict ? next(app) : answer(app)),
            }, done ? t("warmup.play") : s.verdict ? t("train.next") : t("train.answer")),
          ],
    drillTally(prefix, tally));
}

/** The three routes: three screens (as the library and a table's practice are), so that going from
 * one to another enters afresh. */
export const machineDrill = { enter, render };
export const tableDrill = { enter, render };
export const warmUpDrill = { enter, render };
