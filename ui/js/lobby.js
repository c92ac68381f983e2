// The lobby: machines (locked ones say which level opens them), level and
// progress to the next unlock, daily chips with the streak, today's ten deals, what is due for
// review today per game (a count and the way in; never a countdown), a warm-up offered on each
// machine not played for a week (the state's `machines[].warm_up`: take it, or "not now" for the
// day; no countdown, no streak), and the way into practice hands. Every figure, and whether the player is broke, comes from
// the state Rust returned.

import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { t, plural, formatInt } from "./i18n.js";
import { play } from "./sound.js";
import { dealsOf } from "./daily.js";
import { line, DROPPED } from "./ask.js";

let today = null; // today's ten deals, as Rust sent them for the card
let review = null; // what is due for review today, per game, as Rust sent it
const todayAsk = line();
const reviewAsk = line();

export function enter(app) {
  // The lobby's own copy of the day (the day's screen keeps its own): the card only, no error box.
  todayAsk.get(app, () => api.dailyDeals()).catch(() => null).then((state) => {
    if (state === DROPPED) return;
    today = state;
    if (state) app.render();
  });
  // What is due today per game: the counts only (no cards).
  reviewAsk.get(app, () => api.review(0)).catch(() => null).then((due) => {
    if (due === DROPPED) return;
    review = due;
    if (due) app.render();
  });
}

export function leave() {}

// No countdown to the next chips (Help, "No pressure, nothing for sale"): a plain "tomorrow".

function dailyBlock(app, state) {
  const daily = state.daily;
  const streak = daily.streak;
  // The chips come back as a State (app.run applies it); the sound and the words go before it, so
  // that a celebration the State brings is said last.
  const claim = () => app.run(async () => {
    const next = await api.claimDaily();
    play("win");
    app.announce(plural("lobby.daily.claimed", daily.amount, { amount: formatInt(daily.amount) }));
    return next;
  });
  return h("section", { class: "daily", "aria-labelledby": "daily-title" },
    h("h2", { id: "daily-title", class: "section-title" }, t("lobby.daily.title")),
    h("button", {
      type: "button",
      class: `btn ${daily.available ? "primary glow" : "quiet"}`,
      "data-testid": "daily-claim",
      "data-available": daily.available ? "true" : "false",
      onclick: claim,
    }, daily.available
      ? plural("lobby.daily.claim", daily.amount, { amount: formatInt(daily.amount) })
      : t("lobby.daily.done")),
    h("p", { class: "small" },
      streak > 0 ? plural("lobby.daily.streak", streak, { days: formatInt(streak) }) : null,
      streak > 0 && !daily.available ? t("list.parts") : null,
      !daily.available ? h("span", {}, t("lobby.daily.next")) : null));
}

/** Today's ten deals: the machine of the day and how far the player is, or the score. */
function todayCard(app) {
  const st = today;
  const line = !st ? t("daily.lobby.explain")
    : st.done ? plural("daily.score.best", st.score.best_holds, { best: formatInt(st.score.best_holds), total: formatInt(dealsOf(st)) })
      : st.index > 0 ? t("daily.lobby.progress", { n: formatInt(st.index), total: formatInt(dealsOf(st)) })
        : t("daily.lobby.explain");
  return h("section", { class: "today", "aria-labelledby": "today-title" },
    h("h2", { id: "today-title", class: "section-title" }, t("daily.title")),
    h("button", { type: "button", class: "tile today-tile", "data-testid": "lobby-daily", "data-done": st && st.done ? "true" : "false", onclick: () => app.go("daily") },
      h("span", { class: "tile-name" }, st ? nameOf(st.machine) : t("daily.title")),
      h("span", { class: "tile-pays" }, line),
      st && st.streak > 0 ? h("span", { class: "tile-badge" }, plural("daily.streak", st.streak, { days: formatInt(st.streak) })) : null),
    h("button", { type: "button", class: "btn quiet", "data-testid": "lobby-milestones", onclick: () => app.go("milestones") }, t("milestone.title")));
}

/** The games with mistakes due today, each a way into its drill: "7 hands to review". */
function reviewCard(app) {
  const games = review ? review.games.filter((g) => g.due > 0) : [];
  if (!games.length) return null;
  const route = (id) => (app.state.machines.some((m) => m.id === id) ? "train" : "table-drill");
  return h("section", { class: "today review-due", "aria-labelledby": "review-title", "data-testid": "lobby-review" },
    h("h2", { id: "review-title", class: "section-title" }, t("review.lobby.title")),
    h("ul", { class: "tiles" }, games.map((g) => h("li", {},
      h("button", { type: "button", class: "tile", "data-testid": `lobby-review-${g.table}`, "data-due": String(g.due), onclick: () => app.go(route(g.table), g.table) },
        h("span", { class: "tile-name" }, app.tableName(g.label)),
        h("span", { class: "tile-pays" }, plural("review.lobby.due", g.due, { n: formatInt(g.due) })))))),
    h("p", { class: "small" }, t("review.lobby.explain")));
}

/** The machines the core offers a warm-up on: each a way into its warm-up, and "not now" for the day. */
function warmUpCard(app) {
  const offered = app.state.machines.filter((m) => m.warm_up);
  if (!offered.length) return null;
  const later = () => app.run(() => api.answerWarmUp());
  return h("section", { class: "today warm-up", "aria-labelledby": "warm-up-title", "data-testid": "lobby-warm-up" },
    h("h2", { id: "warm-up-title", class: "section-title" }, t("warmup.lobby.title")),
    h("ul", { class: "tiles" }, offered.map((m) => h("li", {},
      h("button", { type: "button", class: "tile", "data-testid": `lobby-warm-up-${m.id}`, "data-days": String(m.warm_up.days_away), onclick: () => app.go("warm-up", m.id) },
        h("span", { class: "tile-name" }, nameOf(m.id)),
        h("span", { class: "tile-pays" }, plural("warmup.lobby.away", m.warm_up.days_away, { days: formatInt(m.warm_up.days_away) })),
        h("span", { class: "tile-badge" }, plural("warmup.lobby.take", m.warm_up.decisions, { n: formatInt(m.warm_up.decisions) })))))),
    h("button", { type: "button", class: "btn quiet", "data-testid": "lobby-warm-up-later", onclick: later }, t("warmup.lobby.later")));
}

function progressBlock(state) {
  const next = state.next_unlock;
  // The bars place the XP Rust sent between the thresholds it sent.
  const children = [
    h("p", { class: "progress-line" },
      t("lobby.xp", { xp: formatInt(state.xp), next: formatInt(state.next_level_xp), level: formatInt(state.level + 1) })),
    h("progress", { class: "bar", max: state.next_level_xp - state.level_start_xp, value: state.xp - state.level_start_xp, "aria-label": t("lobby.level-progress") }),
  ];
  if (next) {
    const what = next.kind === "multi-play" ? t("lobby.unlock.multi-play")
      : next.kind === "lines" ? t(`lines.name.${next.lines}`) : nameOf(next.machine);
    children.push(
      h("p", { class: "progress-line" }, plural("lobby.unlock.next", next.xp_needed, { what, level: formatInt(next.level), xp: formatInt(next.xp_needed) })),
      h("progress", { class: "bar unlock", max: state.xp + next.xp_needed, value: state.xp, "aria-label": t("lobby.unlock.progress", { what }) }));
  } else {
    children.push(h("p", { class: "progress-line" }, t("lobby.unlock.all")));
  }
  return h("section", { class: "progress", "aria-label": t("lobby.progress") }, children);
}

let nameOf = (id) => id;

function machineTile(app, machine) {
  const locked = !machine.unlocked;
  const top = machine.paytable.slice(0, 3).map((row) => t("lobby.row-pay", { row: t(`row.${row.id}`), pay: formatInt(row.pay) })).join(t("list.parts"));
  const inProgress = app.state.hand && app.state.hand.machine === machine.id;
  return h("li", {},
    h("button", {
      type: "button",
      class: `tile${locked ? " locked" : ""}`,
      "data-testid": `machine-${machine.id}`,
      "data-locked": locked ? "true" : "false",
      onclick: () => app.go("machine", machine.id),
    },
      h("span", { class: "tile-name" }, nameOf(machine.id)),
      h("span", { class: "tile-pays" }, top),
      locked
        ? h("span", { class: "tile-lock" }, t("lobby.locked", { level: formatInt(machine.unlock_level) }))
        : inProgress ? h("span", { class: "tile-badge" }, t("lobby.resume")) : null));
}

export function render(app) {
  const state = app.state;
  if (!state) return replace(app.main);
  nameOf = app.machineName;
  const first = state.machines.find((m) => m.unlocked);
  // A hand waiting on a practised table (not a machine's) blocks every deal: where it is, one tap away.
  const tableHand = state.hand && !state.hand.machine ? state.hand : null;
  const startPractice = () => {
    app.prefs.practice = true;
    app.go("machine", state.hand && state.hand.machine ? state.hand.machine : first.id);
  };
  replace(app.main,
    h("h2", { class: "visually-hidden" }, t("nav.lobby")),
    state.broke ? h("section", { class: "broke", role: "status" },
      h("p", { class: "broke-title" }, t("lobby.broke.title")),
      h("p", {}, state.daily.available ? t("lobby.broke.daily-now") : t("lobby.daily.next")),
      h("p", { class: "small" }, t("lobby.broke.practice")),
      h("button", { type: "button", class: "btn", "data-testid": "broke-practice", onclick: startPractice }, t("lobby.practice"))) : null,
    tableHand ? h("section", { class: "broke", role: "status" },
      h("p", {}, t("tables.waiting", { table: app.tableName(tableHand.label) })),
      h("button", { type: "button", class: "btn", "data-testid": "lobby-table-resume", onclick: () => app.go("table", tableHand.table) }, t("tables.resume"))) : null,
    dailyBlock(app, state),
    progressBlock(state),
    warmUpCard(app),
    todayCard(app),
    reviewCard(app),
    h("section", { "aria-labelledby": "machines-title" },
      h("h2", { id: "machines-title", class: "section-title" }, t("lobby.machines")),
      h("ul", { class: "tiles" }, state.machines.map((m) => machineTile(app, m)))),
    h("section", { class: "practice-entry" },
      h("button", {
        type: "button",
        class: "btn",
        "data-testid": "lobby-practice",
        onclick: startPractice,
      }, t("lobby.practice")),
      h("p", { class: "small" }, t("lobby.practice.explain")),
      h("button", { type: "button", class: "btn", "data-testid": "lobby-tables", onclick: () => app.go("tables") }, t("tables.open")),
      h("p", { class: "small" }, t("tables.explain")),
      h("button", { type: "button", class: "btn", "data-testid": "lobby-analyser", onclick: () => app.go("analyse") }, t("analyser.open")),
      h("p", { class: "small" }, t("analyser.lobby"))),
    h("section", { class: "practice-entry fairness-entry", "aria-labelledby": "fairness-title" },
      h("h2", { id: "fairness-title", class: "section-title" }, t("lobby.fairness.title")),
      h("button", { type: "button", class: "btn", "data-testid": "lobby-fairness", onclick: () => app.go("fairness") }, t("lobby.fairness.open")),
      h("p", { class: "small" }, t("lobby.fairness.explain"))));
}
