// Statistics per machine as Rust computed them: return, final-hand counts,
// accuracy and EV given up; practice hands shown apart.

import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { t, formatInt, formatDec, formatPercent } from "./i18n.js";
import { machineCoach, sessionCard } from "./coach_view.js";
import { line } from "./ask.js";

let stats = null;
let coach = null;
let failed = false;
let loadedFor = null;
/** The figures: a newer read (a hand played meanwhile) drops an older one still out. */
const figuresAsk = line();

export function enter() {
  stats = null;
  coach = null;
  failed = false;
  loadedFor = null;
}

async function load(app) {
  const ticket = figuresAsk.start(app);
  const [result, figures] = await Promise.all([
    ticket.ask(() => api.stats(), { quiet: true }),
    ticket.ask(() => api.coach(), { quiet: true }),
  ]);
  if (!ticket.wanted()) return;
  failed = result === undefined || figures === undefined;
  if (!failed) {
    stats = result;
    coach = figures;
  }
  app.render();
}

/** Opens the current session's card for a machine in the dialog (the card on request). */
export async function showSessionCard(app, machine, practice) {
  const card = await app.run(() => api.sessionCard(machine, practice));
  if (!card) return;
  const dialog = document.getElementById("dialog");
  dialog.replaceChildren(h("div", { class: "sheet-body" },
    h("h2", {}, t("coach.card.title")),
    sessionCard(app, card),
    h("div", { class: "sheet-actions" },
      h("button", { type: "button", class: "btn primary", "data-testid": "session-card-close", onclick: () => dialog.close() }, t("app.dismiss")))));
  dialog.showModal();
}

function coachOf(entry, practice) {
  const list = practice ? coach.practice : coach.real;
  const sessions = practice ? coach.session_practice : coach.session_real;
  const session = sessions.find(([id]) => id === entry.machine);
  return [list.find((c) => c.machine === entry.machine), session ? session[1] : null];
}

function block(app, entry, practice) {
  const [own, session] = coachOf(entry, practice);
  const machine = app.state.machines.find((m) => m.id === entry.machine);
  // Paytable order, then "nothing", then any other id the core counted.
  const order = machine.paytable.map((r) => r.id).concat(["nothing"]);
  const counts = entry.final_hands;
  const ids = order.filter((id) => counts[id]).concat(Object.keys(counts).filter((id) => !order.includes(id)));
  const dash = "–";
  return h("section", { class: "stats-block", "data-testid": `stats-${entry.machine}` },
    h("h3", {}, app.machineName(entry.machine)),
    h("dl", { class: "kv" },
      h("dt", {}, t("stats.deals")), h("dd", {}, formatInt(entry.deals)),
      h("dt", {}, t("stats.hands")), h("dd", {}, formatInt(entry.hands)),
      h("dt", {}, t("stats.wagered")), h("dd", {}, formatInt(entry.wagered)),
      h("dt", {}, t("stats.won")), h("dd", {}, formatInt(entry.won)),
      h("dt", {}, t("stats.return")), h("dd", {}, entry.return == null ? dash : formatPercent(entry.return, 1)),
      h("dt", {}, t("stats.accuracy")), h("dd", {}, entry.accuracy == null ? dash : formatPercent(entry.accuracy, 0)),
      h("dt", {}, t("stats.ev-lost")), h("dd", {}, formatDec(entry.ev_given_up_chips, 2)),
      h("dt", {}, t("stats.nudged")), h("dd", {}, formatInt(entry.nudged))),
    ids.length ? h("table", { class: "counts", "aria-label": t("stats.final-hands") },
      h("caption", { class: "small" }, t("stats.final-hands")),
      h("tbody", {}, ids.map((id) => h("tr", {}, h("th", { scope: "row" }, t(`row.${id}`)), h("td", {}, formatInt(counts[id])))))) : null,
    own ? machineCoach(own, session) : null,
    session && session.all.deals ? h("button", {
      type: "button", class: "btn small", "data-testid": `session-card-${entry.machine}`,
      onclick: () => showSessionCard(app, entry.machine, practice),
    }, t("coach.card.show")) : null);
}

function part(app, title, list, testid, practice) {
  const played = list.filter((entry) => entry.deals > 0);
  return h("section", { class: "stats-part", "data-testid": testid },
    h("h3", { class: "section-title" }, title),
    played.length ? played.map((entry) => block(app, entry, practice)) : h("p", { class: "notice" }, t("stats.empty")));
}

export function render(app) {
  const key = app.state ? `${app.state.last_hand && app.state.last_hand.id}` : "";
  if (app.state && loadedFor !== key) {
    loadedFor = key;
    load(app);
  }
  replace(app.main,
    h("h2", { class: "screen-title" }, t("stats.title")),
    failed ? null : stats === null ? h("p", { class: "notice" }, t("app.loading")) : [
      part(app, t("stats.real"), stats.real, "stats-real", false),
      part(app, t("stats.practice"), stats.practice, "stats-practice", true),
      h("p", { class: "small muted" }, t("stats.note")),
    ]);
}
