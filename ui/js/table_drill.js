// Drills on a casino table (#/table-drill/ID): the table's own hard decisions, dealt by the core
// from a fresh seed, judged at once by that table's exact EVs (right or not, the EV given up in
// chips, the best hold lit, every hold's EV a tap away) and tallied apart per table. No chips, no
// XP. The UI keeps only the cards the player holds; the answer sends the question back (its table
// and seed) and the core deals the same hand again. The machines' training (train.js) asks the same
// commands with a machine's id.

import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";
import { drillCard, drillTally, drillVerdict, verdictText } from "./drill_view.js";
import { line, DROPPED } from "./ask.js";

const s = { table: null, question: null, tally: null, loading: false, failed: false, hold: 0, verdict: null, busy: false };
/** A question and its answer: a new question (another table, "next") drops an answer still out. */
const drill = line();

export function enter() {
  // Each visit starts with a fresh question (the table comes again from the route).
  s.table = null;
  s.busy = false;
}

async function next(app) {
  s.busy = true;
  s.loading = true;
  s.verdict = null;
  s.hold = 0;
  app.render();
  const question = await drill.ask(app, () => api.drillNext(s.table, "hard"), { quiet: true });
  if (question === DROPPED) return;
  s.failed = question === undefined;
  s.question = question || null;
  if (question) s.tally = question.tally;
  s.busy = false;
  s.loading = false;
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
    s.tally = verdict.tally;
    app.announce(verdictText(verdict));
  }
  app.render();
  if (verdict) app.milestoneNews();
}

function card(app, i) {
  const toggle = (j) => { s.hold ^= 1 << j; app.render(); };
  return drillCard({ prefix: "table-drill", cards: s.question.cards, hold: s.hold, verdict: s.verdict, onToggle: toggle }, i);
}

function verdictView() {
  const v = s.verdict;
  const reason = h("p", { class: "small muted", "data-testid": "table-drill-reason" }, t(`tabledrill.reason.${v.reason}`));
  return drillVerdict("table-drill", v, v.cards, reason, { "data-best-hold": String(v.best_hold) });
}

export function render(app) {
  const id = app.route.arg;
  if (s.table !== id) {
    s.table = id;
    s.question = null;
    s.tally = null;
    s.failed = false;
    s.loading = true;
    next(app);
  }
  const q = s.question;
  replace(app.main,
    h("div", { class: "machine-head" },
      h("button", { type: "button", class: "back", "data-testid": "table-drill-back", "aria-label": t("machine.back"), onclick: () => app.go("table", id) }, "‹"),
      h("h2", { class: "machine-title" }, t("tabledrill.title", { table: q ? q.name : id }))),
    h("p", { class: "small muted" }, t("tabledrill.explain")),
    s.loading ? h("p", { class: "notice" }, t("app.loading"))
      : s.failed || !q ? null
        : [
          h("div", { class: "hand", role: "group", "aria-label": t("machine.your-hand") }, [0, 1, 2, 3, 4].map((i) => card(app, i))),
          s.verdict ? verdictView() : h("p", { class: "small" }, t("train.choose")),
          h("button", {
            type: "button", class: "btn primary", "data-testid": s.verdict ? "table-drill-next" : "table-drill-answer",
            disabled: s.busy ? true : undefined,
            onclick: () => (s.verdict ? next(app) : answer(app)),
          }, s.verdict ? t("train.next") : t("train.answer")),
        ],
    drillTally("table-drill", s.tally));
}
