// Fairness → "Check my whole history" (#/fairness/history): every hand the player has played,
// replayed by the core in order — each from its seed, each kind-deal decision from the balance,
// the losing streak and the bags before it — as one long run (progress polled, cancellable, like
// the labs'). The UI shows what the core sends: the counts, and the first hand it does not give.

import { api } from "./api.js";
import { h } from "./dom.js";
import { t, plural, formatInt } from "./i18n.js";
import { line, DROPPED } from "./ask.js";

const s = { result: null, running: false, progress: { done: 0, total: 0 }, timer: null };
/** The run's progress, polled: a newer reading drops an older one still out. */
const progress = line();
const checks = line();

export function leave() {
  if (s.running) api.labCancel().catch(() => {});
  stopPolling();
}

function stopPolling() {
  if (s.timer) window.clearInterval(s.timer);
  s.timer = null;
}

async function run(app) {
  if (s.running) return;
  s.running = true;
  s.result = null;
  s.progress = { done: 0, total: 0 };
  app.showError(null);
  app.render();
  s.timer = window.setInterval(async () => {
    try {
      const p = await progress.get(app, () => api.labProgress());
      if (p !== DROPPED && p.running) {
        s.progress = { done: p.done, total: p.total };
        const bar = document.querySelector("[data-testid=history-check-progress]");
        if (bar) { bar.max = p.total || 1; bar.value = p.done; }
      }
    } catch { /* the result call reports errors */ }
  }, 120);
  try {
    // Left meanwhile (leave cancels the run): no result to show. The run itself ends either way.
    const result = await checks.get(app, () => api.checkHistory());
    if (result !== DROPPED) s.result = result;
  } catch (error) {
    if (error.kind !== "lab-cancelled") app.showError(error);
  } finally {
    stopPolling();
    s.running = false;
    app.render();
  }
}

function verdict(r) {
  if (r.verified) {
    return h("p", { class: "verdict ok", role: "status", "data-testid": "history-check-verdict", "data-verified": "true" },
      plural("fairness.history.ok", r.hands, { hands: formatInt(r.hands) }));
  }
  const f = r.failure;
  // No hand: the stored bags, the stored profile, or a claim of the daily chips (a record with no
  // hand: docs/VERIFY.md) is what the history does not give.
  const text = f.hand !== null ? t("fairness.history.failed", { hand: formatInt(f.hand) })
    : f.check === "bags" ? t("fairness.history.failed-bags")
      : f.check === "profile" ? t("fairness.history.failed-profile")
        : t("fairness.history.failed-claims");
  return [
    h("p", { class: "verdict bad", role: "status", "data-testid": "history-check-verdict", "data-verified": "false", "data-hand": String(f.hand ?? "") }, text),
    f.hand === null ? null : h("p", {}, t(`fairness.history.check.${f.check}`)),
    // The core's own words (English, and labelled so), for a reader checking with docs/VERIFY.md.
    h("details", {}, h("summary", {}, t("fairness.history.detail")), h("p", { class: "small" }, f.detail)),
  ];
}

function figures(r) {
  // A row under another ("of them …") is indented beneath it.
  const row = (key, value, testid, sub = false) => h("tr", { class: sub ? "sub" : undefined },
    h("th", { scope: "row" }, t(key)), h("td", { "data-testid": testid }, formatInt(value)));
  return h("table", { class: "figures", "data-testid": "history-check-figures" },
    h("tbody", {},
      row("fairness.history.hands", r.hands, "history-check-hands"),
      row("fairness.history.practice", r.practice, "history-check-practice", true),
      row("fairness.history.bag-draws", r.bag_draws, "history-check-bag-draws"),
      row("fairness.history.nudged", r.nudged, "history-check-nudged", true),
      row("fairness.history.kind-off", r.kind_deals_off, "history-check-kind-off"),
      row("fairness.history.claims", r.claims, "history-check-claims"),
      r.unordered_claims ? row("fairness.history.unordered", r.unordered_claims, "history-check-unordered") : null,
      r.unchecked_situations ? row("fairness.history.unchecked", r.unchecked_situations, "history-check-unchecked", true) : null));
}

/** The page below the Fairness head. */
export function view(app) {
  const controls = s.running
    ? h("div", { class: "lab-run" },
      h("progress", { "data-testid": "history-check-progress", max: s.progress.total || 1, value: s.progress.done, "aria-label": t("lab.running") }),
      h("button", { type: "button", class: "btn", "data-testid": "history-check-cancel", onclick: () => api.labCancel().catch(() => {}) }, t("app.cancel")))
    : h("button", { type: "button", class: "btn primary", "data-testid": "history-check-run", onclick: () => run(app) }, t("fairness.history.run"));
  const r = s.result;
  return [
    h("p", { class: "small" }, t("fairness.history.intro")),
    controls,
    r ? h("section", { class: "history-check", "data-testid": "history-check-result" }, verdict(r), figures(r)) : null,
  ];
}
