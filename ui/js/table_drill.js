// Drills on a casino table (#/table-drill/ID): the table's own hard decisions, dealt by the core
// from a fresh seed, judged at once by that table's exact EVs (right or not, the EV given up in
// chips, the best hold lit, every hold's EV a tap away) and tallied apart per table. No chips, no
// XP. The UI keeps only the cards the player holds; the answer names the question's seed and the
// core deals the same hand again.

import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { t, plural, formatInt, formatDec } from "./i18n.js";
import { cardFace, cardName, miniCard } from "./cards.js";

const s = { table: null, question: null, tally: null, loading: false, failed: false, hold: 0, verdict: null, busy: false };

export function enter() {
  // Each visit starts with a fresh question (the table comes again from the route).
  s.table = null;
}

async function next(app) {
  s.busy = true;
  s.loading = true;
  s.verdict = null;
  s.hold = 0;
  app.render();
  const question = await app.run(() => api.tableDrill(s.table), { quiet: true });
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
  const verdict = await app.run(() => api.tableDrillAnswer(q.table, q.seed, s.hold));
  s.busy = false;
  if (verdict) {
    s.verdict = verdict;
    s.tally = verdict.tally;
    app.announce(verdict.correct ? t("train.right") : plural("train.wrong", verdict.ev_given_up_chips, { chips: formatDec(verdict.ev_given_up_chips, 2) }, 2));
  }
  app.render();
  if (verdict) app.milestoneNews();
}

function card(app, i) {
  const text = s.question.cards[i];
  const held = Boolean((s.hold >> i) & 1);
  const best = s.verdict ? Boolean((s.verdict.best_hold >> i) & 1) : false;
  return h("button", {
    type: "button", class: "card", "data-testid": `table-drill-card-${i}`, "data-card": text,
    "aria-pressed": held ? "true" : "false", "data-hint": best ? "true" : "false",
    "aria-disabled": s.verdict ? "true" : "false",
    onclick: () => { if (!s.verdict) { s.hold ^= 1 << i; app.render(); } },
  }, cardFace(text), h("span", { class: "held-tag", "aria-hidden": "true" }, t("card.held-tag")),
  h("span", { class: "visually-hidden" },
    `${t("card.position", { n: i + 1 })}: ${cardName(text)}${held ? `, ${t("card.held")}` : ""}${best ? `, ${t("train.best-card")}` : ""}`));
}

function tallyLine(tally) {
  if (!tally) return null;
  return h("p", { class: "train-tally", "data-testid": "table-drill-tally", "data-answered": String(tally.answered), "data-correct": String(tally.correct), "data-streak": String(tally.streak) },
    plural("train.tally", tally.streak, { correct: formatInt(tally.correct), answered: formatInt(tally.answered), streak: formatInt(tally.streak), best: formatInt(tally.best_streak) }));
}

function verdictView() {
  const v = s.verdict;
  const bestCards = v.cards.filter((_, i) => (v.best_hold >> i) & 1);
  return h("section", { class: `review ${v.correct ? "good" : "mistake"}`, "data-testid": "table-drill-verdict", "data-correct": String(v.correct), "data-best-hold": String(v.best_hold) },
    h("p", {}, v.correct ? t("train.right") : plural("train.wrong", v.ev_given_up_chips, { chips: formatDec(v.ev_given_up_chips, 2) }, 2)),
    h("p", { class: "review-best" }, t("hint.review.best"), " ",
      bestCards.length ? bestCards.map((c) => miniCard(c)) : t("train.draw-five")),
    h("p", { class: "small muted", "data-testid": "table-drill-reason" }, t(`tabledrill.reason.${v.reason}`)),
    h("details", { class: "train-evs" },
      h("summary", {}, t("train.ev-table")),
      h("ol", { class: "hint-list" }, v.holds.map((hold) => h("li", { class: hold.hold === v.hold ? "chosen" : "" },
        h("span", { class: "hold-cards" }, hold.cards.length ? hold.cards.map((c) => miniCard(c, { held: true })) : t("train.draw-five")),
        h("span", { class: "small" }, plural("train.ev", hold.ev_chips, { chips: formatDec(hold.ev_chips, 2), ev: formatDec(hold.ev, 3) }, 2)))))));
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
    tallyLine(s.tally));
}
