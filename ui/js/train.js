// Training (#/train/ID): drills on one machine, no chips and no XP. Two sources the core draws
// from: hard decisions, and the player's own mistakes (until answered right twice in a row). Each
// answer is judged at once by the core: right or not, the EV given up in chips, the best hold lit,
// the EV table a tap away, and the tally and streak. The UI keeps only the cards the player holds.

import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { t, plural, formatInt } from "./i18n.js";
import { drillCard, drillTally, drillVerdict, verdictText } from "./drill_view.js";
import { line, DROPPED } from "./ask.js";

const SOURCES = ["hard", "mistakes"];

const s = { machine: null, source: "hard", question: null, loading: false, failed: false, hold: 0, verdict: null, tallies: null, busy: false, key: null };

/** A question (with the tallies) and its answer: a new question (another machine or source,
 * "next") drops an answer still out. */
const drill = line();

export function enter() {
  // Each visit starts with a fresh question (the machine is chosen again from the route).
  s.machine = null;
  s.key = null;
  s.busy = false;
}

async function next(app) {
  s.busy = true;
  s.loading = true;
  s.verdict = null;
  s.hold = 0;
  app.render();
  const ticket = drill.start(app);
  const [question, tallies] = await Promise.all([
    ticket.ask(() => api.drillNext(s.machine, s.source), { quiet: true }),
    ticket.ask(() => api.drillTallies(s.machine), { quiet: true }),
  ]);
  if (!ticket.wanted()) return;
  s.failed = question === undefined;
  s.question = question || null;
  s.tallies = tallies || s.tallies;
  s.busy = false;
  s.loading = false;
  app.render();
}

async function answer(app) {
  if (!s.question || s.verdict || s.busy) return;
  s.busy = true;
  app.render();
  const verdict = await drill.ask(app, () => api.drillAnswer(s.question, s.hold));
  if (verdict === DROPPED) return;
  s.busy = false;
  if (verdict) {
    s.verdict = verdict;
    s.tallies = { ...s.tallies, [s.source]: verdict.tally };
    app.announce(verdictText(verdict));
  }
  app.render();
  if (verdict) app.milestoneNews();
}

function card(app, i) {
  const toggle = (j) => { s.hold ^= 1 << j; app.render(); };
  return drillCard({ prefix: "train", cards: s.question.cards, hold: s.hold, verdict: s.verdict, onToggle: toggle }, i);
}

/** How many of the player's mistakes on this machine wait for review. */
function queueText(queue) {
  return plural("train.queue", queue, { n: formatInt(queue) });
}

function tallyLine() {
  return drillTally("train", s.tallies && s.tallies[s.source]);
}

function verdictView() {
  const v = s.verdict;
  const reason = v.reason ? h("p", { class: "small muted", "data-testid": "train-reason" }, t(`tabledrill.reason.${v.reason}`)) : null;
  const left = v.left_queue ? h("p", { class: "small" }, t("train.left-queue")) : null;
  return drillVerdict("train", v, v.cards, [reason, left]);
}

export function render(app) {
  const id = app.route.arg;
  const machine = app.state && app.state.machines.find((m) => m.id === id);
  if (!machine) return replace(app.main, h("p", { class: "notice" }, t("machine.unknown")));
  const key = `${id}/${s.source}`;
  if (s.key !== key) {
    s.key = key;
    s.machine = id;
    s.question = null;
    s.loading = true;
    next(app);
  }
  const q = s.question;
  replace(app.main,
    h("div", { class: "machine-head" },
      h("button", { type: "button", class: "back", "data-testid": "train-back", "aria-label": t("machine.back"), onclick: () => app.go("machine", id) }, "‹"),
      h("h2", { class: "machine-title" }, t("train.title", { machine: app.machineName(id) }))),
    h("div", { class: "seg", role: "group", "aria-label": t("train.source") },
      SOURCES.map((source) => h("button", {
        type: "button", "data-testid": `train-source-${source}`, "aria-pressed": s.source === source ? "true" : "false",
        onclick: () => { s.source = source; app.render(); },
      }, t(`train.source.${source}`)))),
    h("p", { class: "small muted" }, t(`train.explain.${s.source}`)),
    s.loading ? h("p", { class: "notice" }, t("app.loading"))
      : s.failed ? null
        : !q ? h("p", { class: "notice", "data-testid": "train-empty" }, t("train.no-mistakes"))
          : [
            s.source === "mistakes" ? h("p", { class: "small" }, queueText(s.verdict ? s.verdict.queue : q.queue)) : null,
            h("div", { class: "hand", role: "group", "aria-label": t("machine.your-hand") }, [0, 1, 2, 3, 4].map((i) => card(app, i))),
            s.verdict ? verdictView() : h("p", { class: "small" }, t("train.choose")),
            h("button", {
              type: "button", class: "btn primary", "data-testid": s.verdict ? "train-next" : "train-answer",
              disabled: s.busy ? true : undefined,
              onclick: () => (s.verdict ? next(app) : answer(app)),
            }, s.verdict ? t("train.next") : t("train.answer")),
          ],
    tallyLine());
}
