// A game's progress over time (#/progress/ID, from its drill screen): the days the core sends —
// decisions, mistakes, accuracy and EV given up per 100 decisions — drawn as points, and the trend
// line the core fitted, drawn between the two ends it sent. Nothing is computed here but the
// drawing scale; back goes to the game's drill screen.

import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { t, plural, formatInt, formatDec, formatPercent, formatDay } from "./i18n.js";
import { line, DROPPED } from "./ask.js";

/** The days asked for: about three months of play. */
const DAYS = 90;

const s = { id: null, data: null, loading: false };
const ask = line();

export function enter() {
  s.id = null;
  s.data = null;
}

export function leave() {}

async function load(app, id) {
  s.id = id;
  s.data = null;
  s.loading = true;
  app.render();
  const data = await ask.ask(app, () => api.progress(id, DAYS));
  if (data === DROPPED) return;
  s.loading = false;
  s.data = data || null;
  app.render();
}

/** Whether the id is a machine's (its drill is the machine's training), else a table's drill. */
function drillRoute(app, id) {
  return app.state && app.state.machines.some((m) => m.id === id) ? "train" : "table-drill";
}

function value(v) {
  return formatDec(v, 2);
}

/** The points (EV given up per 100 decisions by day) and the core's trend line. */
function chart(days, trend) {
  const W = 320;
  const H = 150;
  const pad = 8;
  const first = Date.parse(`${days[0].day}T00:00:00Z`);
  const span = Math.max(1, (Date.parse(`${days[days.length - 1].day}T00:00:00Z`) - first) / 86400000);
  const values = days.map((d) => d.ev_given_up_per_100).concat(trend ? [trend.first, trend.last] : []);
  const low = Math.min(0, ...values);
  let high = Math.max(0, ...values);
  if (high === low) high = low + 1;
  const x = (day) => pad + ((Date.parse(`${day}T00:00:00Z`) - first) / 86400000 / span) * (W - 2 * pad);
  const y = (v) => H - pad - ((v - low) / (high - low)) * (H - 2 * pad);
  const label = trend
    ? plural("progress.chart", days.length, { n: formatInt(days.length), first: value(trend.first), last: value(trend.last) })
    : t("progress.chart.one-day", { value: value(days[0].ev_given_up_per_100) });
  return h("figure", { class: "coach-chart progress-chart", "data-testid": "progress-chart", "data-points": String(days.length) },
    h("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": label },
      h("line", { class: "zero", x1: pad, x2: W - pad, y1: y(0), y2: y(0) }),
      trend ? h("line", {
        class: "trend", "data-testid": "progress-trend",
        x1: x(days[0].day), y1: y(trend.first), x2: x(days[days.length - 1].day), y2: y(trend.last),
      }) : null,
      days.map((d) => h("circle", { class: "point", cx: x(d.day).toFixed(1), cy: y(d.ev_given_up_per_100).toFixed(1), r: 3.5 }))),
    h("figcaption", { class: "small" },
      h("span", { class: "key points" }, t("progress.key.points")), " ",
      trend ? h("span", { class: "key trend" }, t("progress.key.trend")) : null));
}

function trendText(trend) {
  if (!trend) return null;
  // The core says which way it goes; the words give the slope's size.
  return h("p", { class: "small", "data-testid": "progress-trend-text", "data-direction": trend.direction },
    t(`progress.trend.${trend.direction}`, { value: formatDec(Math.abs(trend.per_day), 3) }));
}

function table(days, label) {
  const head = ["day", "decisions", "mistakes", "accuracy", "ev"].map((k) => h("th", { scope: "col" }, t(`progress.col.${k}`)));
  // Newest first, as the history lists hands.
  const rows = days.slice().reverse().map((d) => h("tr", { "data-testid": "progress-day", "data-day": d.day },
    h("th", { scope: "row" }, formatDay(d.day)),
    h("td", {}, formatInt(d.decisions)),
    h("td", {}, formatInt(d.mistakes)),
    h("td", {}, formatPercent(d.accuracy, 1)),
    h("td", {}, value(d.ev_given_up_per_100))));
  // A region the keyboard can scroll when the days are wider than the screen.
  return h("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": label }, h("table", { class: "progress-table" }, h("thead", {}, h("tr", {}, head)), h("tbody", {}, rows)));
}

export function render(app) {
  const id = app.route.arg;
  if (s.id !== id) load(app, id);
  const data = s.data;
  const name = data ? app.tableName(data.label) : app.tableIdName(id);
  replace(app.main,
    h("div", { class: "machine-head" },
      h("button", { type: "button", class: "back", "data-testid": "progress-back", "aria-label": t("verify.back"), onclick: () => app.go(drillRoute(app, id), id) }, "‹"),
      h("h2", { class: "machine-title" }, t("progress.title", { game: name }))),
    h("p", { class: "small muted" }, t("progress.explain")),
    h("button", { type: "button", class: "btn quiet", "data-testid": "progress-proficiency", onclick: () => app.go("proficiency", id) }, t("proficiency.open")),
    s.loading ? h("p", { class: "notice" }, t("app.loading"))
      : !data ? null
        : data.days.length === 0 ? h("p", { class: "notice", "data-testid": "progress-none" }, t("progress.none"))
          : [chart(data.days, data.trend), trendText(data.trend), table(data.days, t("progress.title", { game: name }))]);
}
