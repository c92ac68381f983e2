// A game's progress over time (#/progress/ID, from its drill screen): by day or by session (a
// segmented switch), the series the core sends — decisions, mistakes, accuracy and EV given up per
// 100 decisions, and a session's minutes — drawn as points, with the trend line the core fitted
// drawn between the two ends it sent, and what mistakes cost per hour at the player's pace as the
// core gave it. Nothing is computed here but the drawing scale; back goes to the game's drill screen.

import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { t, plural, formatInt, formatDec, formatPercent, formatDay } from "./i18n.js";
import { line, DROPPED } from "./ask.js";
import { daysFrom, trendPlot } from "./trend_plot.js";

/** The days asked for: about three months of play. */
const DAYS = 90;

/** The two views, the switch's order. */
const VIEWS = ["day", "session"];

const s = { id: null, data: null, loading: false, view: "day" };
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

function dayChart(days, trend) {
  const points = days.map((d) => ({ x: daysFrom(days[0].day, d.day), y: d.ev_given_up_per_100 }));
  const label = trend
    ? plural("progress.chart", days.length, { n: formatInt(days.length), first: value(trend.first), last: value(trend.last) })
    : t("progress.chart.one-day", { value: value(days[0].ev_given_up_per_100) });
  return trendPlot(points, points[points.length - 1].x, trend, label, "progress", "day");
}

function sessionChart(sessions, trend) {
  const points = sessions.map((x, i) => ({ x: i, y: x.ev_given_up_per_100 }));
  const label = trend
    ? plural("progress.sessions.chart", sessions.length, { n: formatInt(sessions.length), first: value(trend.first), last: value(trend.last) })
    : t("progress.sessions.chart.one", { value: value(sessions[0].ev_given_up_per_100) });
  return trendPlot(points, sessions.length - 1, trend, label, "progress", "session");
}

/** The trend in words: the core says which way it goes; the words give the slope's size. */
function trendText(trend, key, slope) {
  if (!trend) return null;
  return h("p", { class: "small", "data-testid": "progress-trend-text", "data-direction": trend.direction },
    t(`${key}.${trend.direction}`, { value: formatDec(Math.abs(slope), 3) }));
}

/** A table the keyboard can scroll when it is wider than the screen; rows newest first. */
function table(cols, rows, label) {
  const head = cols.map((k) => h("th", { scope: "col" }, t(`progress.col.${k}`)));
  return h("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": label },
    h("table", { class: "progress-table" }, h("thead", {}, h("tr", {}, head)), h("tbody", {}, rows)));
}

function dayTable(days, label) {
  const rows = days.slice().reverse().map((d) => h("tr", { "data-testid": "progress-day", "data-day": d.day },
    h("th", { scope: "row" }, formatDay(d.day)),
    h("td", {}, formatInt(d.decisions)),
    h("td", {}, formatInt(d.mistakes)),
    h("td", {}, formatPercent(d.accuracy, 1)),
    h("td", {}, value(d.ev_given_up_per_100))));
  return table(["day", "decisions", "mistakes", "accuracy", "ev"], rows, label);
}

function sessionTable(sessions, label) {
  const rows = sessions.slice().reverse().map((x) => h("tr", { "data-testid": "progress-session", "data-session": String(x.session) },
    h("th", { scope: "row", class: "started" }, formatDay(x.started)),
    h("td", {}, x.minutes === null ? t("progress.minutes.unknown") : formatInt(x.minutes)),
    h("td", {}, formatInt(x.decisions)),
    h("td", {}, formatPercent(x.accuracy, 1)),
    h("td", {}, value(x.ev_given_up_per_100))));
  return table(["started", "minutes", "decisions", "accuracy", "ev"], rows, label);
}

/** What mistakes cost per hour at the player's pace, as the core sent it (or why not yet). */
function perHour(p) {
  if (!p) return h("p", { class: "small muted", "data-testid": "progress-per-hour-none" }, t("progress.per-hour.none"));
  // Counted as shown: the plural rules round the pace as formatInt does.
  return h("div", { class: "progress-per-hour", "data-testid": "progress-per-hour" },
    h("p", { class: "per-hour-line" },
      plural("progress.per-hour", p.decisions, {
        n: formatInt(p.decisions),
        cost: plural("progress.per-hour.cost", p.chips_given_up, { chips: formatInt(p.chips_given_up) }),
      })),
    h("p", { class: "small muted" },
      plural("progress.per-hour.over", p.sessions, { n: formatInt(p.sessions), hours: formatDec(p.hours, 1) })));
}

function viewSwitch(app) {
  return h("div", { class: "seg progress-view", role: "group", "aria-label": t("progress.view.label") },
    VIEWS.map((view) => h("button", {
      type: "button", class: "seg-btn", "data-testid": `progress-view-${view}`, "aria-pressed": String(view === s.view),
      onclick: () => { s.view = view; app.render(); },
    }, t(`progress.view.${view}`))));
}

function byDay(data, label) {
  if (data.days.length === 0) return h("p", { class: "notice", "data-testid": "progress-none" }, t("progress.none"));
  return [dayChart(data.days, data.trend), trendText(data.trend, "progress.trend", data.trend && data.trend.per_day), dayTable(data.days, label)];
}

function bySession(data, label) {
  if (data.sessions.length === 0) return h("p", { class: "notice", "data-testid": "progress-sessions-none" }, t("progress.sessions.none"));
  const trend = data.session_trend;
  return [perHour(data.per_hour), sessionChart(data.sessions, trend),
    trendText(trend, "progress.sessions.trend", trend && trend.per_session), sessionTable(data.sessions, label)];
}

export function render(app) {
  const id = app.route.arg;
  if (s.id !== id) load(app, id);
  const data = s.data;
  const name = data ? app.tableName(data.label) : app.tableIdName(id);
  const label = t("progress.title", { game: name });
  replace(app.main,
    h("div", { class: "machine-head" },
      h("button", { type: "button", class: "back", "data-testid": "progress-back", "aria-label": t("verify.back"), onclick: () => app.go(drillRoute(app, id), id) }, "‹"),
      h("h2", { class: "machine-title" }, label)),
    h("p", { class: "small muted" }, t(s.view === "day" ? "progress.explain" : "progress.sessions.explain")),
    h("button", { type: "button", class: "btn quiet", "data-testid": "progress-proficiency", onclick: () => app.go("proficiency", id) }, t("proficiency.open")),
    viewSwitch(app),
    s.loading ? h("p", { class: "notice" }, t("app.loading"))
      : !data ? null
        : s.view === "day" ? byDay(data, label) : bySession(data, label));
}
