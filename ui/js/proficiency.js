// A game's proficiency check (#/proficiency/ID, from its drill and progress screens): today's 25
// hard decisions, the same for everyone on the date (docs/TRAINING.md, "The proficiency check").
// The player holds and answers them one by one; as on today's ten deals, no verdict until all are
// answered, then the score, the grade and a review of each. Below, the curve of the game's checks
// by date: the points and the core's trend line, drawn between the two ends it sent. Everything
// comes from Rust; the UI keeps only which cards are tapped and computes only the drawing scale.

import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { t, plural, formatInt, formatDec, formatDay } from "./i18n.js";
import { cardFace, cardName, miniCard } from "./cards.js";
import { line, DROPPED } from "./ask.js";
import { daysFrom, trendPlot } from "./trend_plot.js";

const s = { id: null, data: null, held: 0, busy: false };
/** The check as the core sends it, read or answered: an answer asked after a read makes the read stale. */
const check = line();

export function enter() {
  s.id = null;
  s.data = null;
  s.held = 0;
  // An answer still out belongs to the visit before (its reply is dropped).
  s.busy = false;
}

export function leave() {}

async function load(app, id) {
  s.id = id;
  s.data = null;
  s.held = 0;
  app.render();
  const data = await check.ask(app, () => api.proficiency(id));
  if (data === DROPPED || !data) return;
  s.data = data;
  app.render();
}

async function answer(app) {
  const data = s.data;
  if (s.busy || !data || data.next === null) return;
  s.busy = true;
  const next = await check.ask(app, () => api.proficiencyAnswer(data.table, data.date, data.next, s.held));
  if (next === DROPPED) return;
  s.busy = false;
  if (next) {
    s.data = next;
    s.held = 0;
    app.announce(next.done ? t("proficiency.done") : t("proficiency.question", { n: formatInt(next.next + 1), total: formatInt(next.total) }));
  }
  app.render();
}

/** Whether the id is a machine's or one of its variants' (its drill is the machine's training),
 * else a table's drill: the machines and their variants' tables as the core lists them. */
function drillRoute(app, id) {
  const machine = app.state && app.state.machines.find((m) => m.id === id || m.variants.some((v) => v.table === id));
  return machine ? ["train", machine.id] : ["table-drill", id];
}

/** The name of the variant whose table is `table` (one of a machine's), as the core lists
 * the machines' variants; null for another table. */
function variantName(app, table) {
  const variant = app.state.machines.flatMap((m) => m.variants).find((v) => v.table === table);
  return variant ? h("span", { class: "ux-name" }, t(`rules.${variant.rules}`)) : null;
}

function heldCards(cards, mask) {
  return cards.map((c, i) => miniCard(c, { held: Boolean(mask >> i & 1) }));
}

function playing(app, data) {
  const q = data.questions[data.next];
  return [
    h("p", { class: "small", "data-testid": "proficiency-progress", "data-next": String(data.next) },
      t("proficiency.question", { n: formatInt(data.next + 1), total: formatInt(data.total) }), t("list.parts"), t("proficiency.hold-hint")),
    q.multipliers ? h("div", { class: "ux-bar", "data-testid": "proficiency-ux" },
      variantName(app, data.table),
      q.multipliers.map((m, i) => h("span", { class: "ux-badge", role: "img", "aria-label": t("ux.line-now", { n: i + 1, m: formatInt(m) }) }, t("ux.badge", { m: formatInt(m) })))) : null,
    h("div", { class: "hand daily-cards", role: "group", "aria-label": t("machine.your-hand") },
      q.cards.map((card, i) => {
        const held = Boolean(s.held >> i & 1);
        return h("button", {
          type: "button", class: "card", "data-testid": `proficiency-card-${i}`, "data-card": card,
          "aria-pressed": held ? "true" : "false",
          onclick: () => { s.held ^= 1 << i; app.render(); },
        }, cardFace(card), h("span", { class: "held-tag", "aria-hidden": "true" }, t("card.held-tag")),
          // The name is the button's content (as on the machine): no aria-label the visible tag is missing from.
          h("span", { class: "card-name visually-hidden" }, cardName(card), held ? `, ${t("card.held")}` : ""));
      })),
    h("button", { type: "button", class: "btn primary", "data-testid": "proficiency-answer", disabled: s.busy ? true : undefined, onclick: () => answer(app) },
      t("train.answer")),
  ];
}

function review(q) {
  const r = q.review;
  return h("li", { class: `daily-review ${r.mark}`, "data-testid": `proficiency-review-${q.index}`, "data-mark": r.mark, "data-hold": String(q.hold) },
    h("p", {},
      h("span", { class: `daily-mark ${r.mark}` }, t(`daily.mark.${r.mark}`)), " ",
      t("proficiency.question-short", { n: formatInt(q.index + 1) })),
    h("p", { class: "small" }, t("daily.your-hold"), " ", heldCards(q.cards, q.hold), " ",
      h("span", { class: "daily-ev" }, t("daily.ev", { ev: formatDec(r.ev, 4) }))),
    r.mark === "best" ? null : h("p", { class: "small" }, t("daily.best-hold"), " ", heldCards(q.cards, r.best_hold), " ",
      h("span", { class: "daily-ev" }, t("daily.ev", { ev: formatDec(r.best_ev, 4) }))),
    h("details", {}, h("summary", {}, t("daily.all-holds")),
      // Best first, as the core ranks them (its tie rule), like the hint's list.
      h("ol", { class: "daily-evs" }, r.holds.map((entry) => h("li", {}, heldCards(q.cards, entry.hold), " ", formatDec(entry.ev, 4))))));
}

function finished(data) {
  const score = data.score;
  return [
    h("section", { class: "daily-score", "data-testid": "proficiency-score", "data-best": String(score.best_holds), "data-grade": score.grade, "data-ev": String(score.ev_given_up) },
      h("p", { class: "verdict ok", role: "status" }, plural("daily.score.best", score.best_holds, { best: formatInt(score.best_holds), total: formatInt(data.total) })),
      h("p", {}, t("daily.score.given-up", { ev: formatDec(score.ev_given_up, 3) }), t("list.parts"), t("daily.score.grade", { grade: score.grade }))),
    h("h3", { class: "section-title" }, t("proficiency.review")),
    h("ol", { class: "daily-reviews" }, data.questions.map(review)),
    h("p", { class: "small" }, t("proficiency.come-back")),
  ];
}

function value(v) {
  return formatDec(v, 2);
}

/** The checks' points (EV given up per 100 decisions by date) and the core's trend line. */
function chart(checks, trend) {
  const points = checks.map((c) => ({ x: daysFrom(checks[0].date, c.date), y: c.ev_given_up_per_100 }));
  const label = trend
    ? plural("proficiency.chart", checks.length, { n: formatInt(checks.length), first: value(trend.first), last: value(trend.last) })
    : t("proficiency.chart.one", { value: value(checks[0].ev_given_up_per_100) });
  return trendPlot(points, points[points.length - 1].x, trend, label, "proficiency");
}

function curve(data) {
  const { checks, trend } = data.curve;
  return h("section", { class: "proficiency-curve", "data-testid": "proficiency-curve", "data-checks": String(checks.length) },
    h("h3", { class: "section-title" }, t("proficiency.curve")),
    checks.length === 0 ? h("p", { class: "small", "data-testid": "proficiency-curve-none" }, t("proficiency.curve.none")) : [
      chart(checks, trend),
      // The core says which way it goes; the words give the slope's size.
      trend ? h("p", { class: "small", "data-testid": "proficiency-trend-text", "data-direction": trend.direction },
        t(`progress.trend.${trend.direction}`, { value: formatDec(Math.abs(trend.per_day), 3) })) : null,
      h("ul", { class: "daily-days", "aria-label": t("proficiency.curve") },
        checks.slice().reverse().map((c) => h("li", { "data-testid": "proficiency-check", "data-date": c.date, "data-best": String(c.best_holds) },
          formatDay(c.date), t("list.parts"), plural("daily.score.best", c.best_holds, { best: formatInt(c.best_holds), total: formatInt(data.total) }),
          t("list.parts"), t("daily.score.grade", { grade: c.grade })))),
    ]);
}

export function render(app) {
  const id = app.route.arg;
  if (s.id !== id) load(app, id);
  const data = s.data;
  const name = data ? app.tableName(data.label) : app.tableIdName(id);
  const [back, backArg] = drillRoute(app, id);
  replace(app.main,
    h("div", { class: "machine-head" },
      h("button", { type: "button", class: "back", "data-testid": "proficiency-back", "aria-label": t("verify.back"), onclick: () => app.go(back, backArg) }, "‹"),
      h("h2", { class: "machine-title" }, t("proficiency.title", { game: name }))),
    !data ? h("p", { class: "notice" }, t("app.loading")) : [
      h("p", { class: "small", "data-testid": "proficiency-date", "data-date": data.date, "data-table": data.table }, t("proficiency.date", { date: formatDay(data.date) })),
      h("p", { class: "small muted" }, plural("proficiency.explain", data.total, { total: formatInt(data.total) })),
      data.done ? finished(data) : playing(app, data),
      curve(data),
    ]);
}
