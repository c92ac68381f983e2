// The shuffle lab (#/fairness/shuffle): the classic shuffle experiments (docs/LAB.md, "Where the
// experiments come from"), run by the core.
// 1. every run of a shuffle of 3–6 cards, counted per ordering (bars);
// 2. a card-by-position heat map over up to a million shuffles, with the χ² test (a long run:
//    progress polled from Rust, cancellable, one at a time);
// 3. dealt hands by category against the exact counts, with kind deals off or on (long run too);
// 4. the big numbers behind a shuffle (52!, 2^128, 2^256, …).
// The UI computes nothing: it draws the counts and figures the core returns.

import { api } from "./api.js";
import { h } from "./dom.js";
import { t, plural, has, formatInt, formatDec } from "./i18n.js";
import { line, DROPPED } from "./ask.js";

const ALGORITHMS = ["fisher-yates", "biased", "sort-keys"];
const CARDS = [3, 4, 5, 6];
const SAMPLES = [10000, 100000, 1000000];
const DEALS = [10000, 100000, 1000000];
const KIND_DEALS = ["off", "normal", "losing-streak", "low-balance"];

const s = {
  exact: { algorithm: "biased", cards: 3, result: null, key: null, answered: null },
  heat: { algorithm: "fisher-yates", samples: 100000, result: null },
  deals: { machine: null, kind: "normal", deals: 100000, result: null },
  numbers: null,
  running: null, // "heat" | "deals" while a long run is going
  progress: { done: 0, total: 0 },
  timer: null,
};
/** The exact runs of the options chosen: newer options drop an older answer still out. */
const exacts = line();
/** A long run's progress, polled. */
const progress = line();
const runs = line();
const facts = line();

export function leave() {
  if (s.running) api.labCancel().catch(() => {});
  stopPolling();
  // What is still out is dropped with the screen: the next visit asks again.
  s.exact.key = s.exact.answered;
  if (s.numbers === "loading") s.numbers = null;
}

function stopPolling() {
  if (s.timer) window.clearInterval(s.timer);
  s.timer = null;
}

/** A p-value as text: tiny ones as "< 10⁻¹⁰" rather than 0. */
function pText(p) {
  if (p >= 0.001) return formatDec(p, 3);
  if (p > 0) return `${formatDec(p * 10 ** Math.ceil(-Math.log10(p)), 1)} × 10^${-Math.ceil(-Math.log10(p))}`;
  return t("lab.p-zero");
}

function seg(label, testid, values, current, name, onpick) {
  return h("div", { class: "field" },
    h("span", { id: `${testid}-label` }, label),
    h("div", { class: "seg wrap", role: "group", "aria-labelledby": `${testid}-label` },
      values.map((v) => h("button", {
        type: "button", "data-testid": `${testid}-${v}`, "aria-pressed": v === current ? "true" : "false",
        disabled: s.running ? true : undefined, onclick: () => onpick(v),
      }, name(v)))));
}

// 1. Exact runs -------------------------------------------------------------------------------

async function loadExact(app) {
  const { algorithm, cards } = s.exact;
  const key = `${algorithm}/${cards}`;
  if (s.exact.key === key) return;
  s.exact.key = key;
  const result = await exacts.ask(app, () => api.labExact(algorithm, cards), { quiet: true });
  if (result !== DROPPED && result) {
    s.exact.result = result;
    s.exact.answered = key;
    app.render();
  }
}

function exactBars(r) {
  const width = 340;
  const height = 120;
  const n = r.orderings.length;
  const gap = n <= 24 ? 2 : 0;
  const bar = width / n;
  const top = r.max_runs;
  const mean = r.runs / n;
  const y = (runs) => height - (runs / top) * (height - 6);
  return h("svg", {
    class: "lab-bars", viewBox: `0 0 ${width} ${height}`, role: "img", "data-testid": "exact-bars",
    "aria-label": plural("lab.exact.bars", n, { orderings: formatInt(n), min: formatInt(r.min_runs), max: formatInt(r.max_runs) }),
  },
  r.orderings.map((o, i) => h("rect", {
    x: i * bar + gap / 2, y: y(o.runs), width: Math.max(bar - gap, 0.5), height: height - y(o.runs),
    class: o.runs === r.min_runs && r.min_runs !== r.max_runs ? "bar low" : o.runs === r.max_runs && r.min_runs !== r.max_runs ? "bar high" : "bar",
  })),
  h("line", { x1: 0, x2: width, y1: y(mean), y2: y(mean), class: "mean-line" }));
}

/** "27 runs over 6 orderings: each ordering comes out 4 to 5 times" (or "exactly 1 time"). */
function exactSummary(r) {
  const n = r.orderings.length;
  const times = r.min_runs === r.max_runs
    ? plural("lab.exact.times-exact", r.max_runs, { n: formatInt(r.max_runs) })
    : plural("lab.exact.times", r.max_runs, { min: formatInt(r.min_runs), max: formatInt(r.max_runs) });
  return t("lab.exact.summary", {
    runs: plural("lab.exact.runs", r.runs, { n: formatInt(r.runs) }),
    orderings: plural("lab.exact.orderings", n, { n: formatInt(n) }),
    times,
  });
}

function exactSection(app) {
  loadExact(app);
  const r = s.exact.result;
  return h("section", { class: "lab-block", "aria-labelledby": "exact-title" },
    h("h3", { id: "exact-title" }, t("lab.exact.title")),
    h("p", { class: "small" }, t("lab.exact.explain")),
    seg(t("lab.algorithm"), "exact-alg", ALGORITHMS, s.exact.algorithm, (a) => t(`lab.alg.${a}`), (a) => { s.exact.algorithm = a; app.render(); }),
    seg(t("lab.cards"), "exact-cards", CARDS, s.exact.cards, (n) => formatInt(n), (n) => { s.exact.cards = n; app.render(); }),
    r ? [
      h("p", { class: "lab-figure", "data-testid": "exact-summary", "data-runs": String(r.runs), "data-min": String(r.min_runs), "data-max": String(r.max_runs) },
        exactSummary(r)),
      exactBars(r),
      r.restarted ? h("p", { class: "small muted" }, plural("lab.exact.restarted", r.restarted, { restarted: formatInt(r.restarted), keys: formatInt(r.key_space) })) : null,
      h("p", { class: "small" }, t(r.min_runs === r.max_runs ? "lab.exact.uniform" : "lab.exact.biased")),
    ] : h("p", { class: "notice" }, t("app.loading")));
}

// Long runs (heat map, deals) -----------------------------------------------------------------

async function runLong(app, which, call) {
  if (s.running) return;
  s.running = which;
  s.progress = { done: 0, total: 0 };
  app.showError(null);
  app.render();
  s.timer = window.setInterval(async () => {
    try {
      const p = await progress.get(app, () => api.labProgress());
      if (p !== DROPPED && p.running) {
        s.progress = { done: p.done, total: p.total };
        const bar = document.querySelector("[data-testid=lab-progress]");
        if (bar) { bar.max = p.total || 1; bar.value = p.done; }
      }
    } catch { /* the result call reports errors */ }
  }, 120);
  try {
    // Left meanwhile (leave cancels the run): no result to show. The run itself ends either way.
    const result = await runs.get(app, call);
    if (result !== DROPPED) s[which].result = result;
  } catch (error) {
    if (error.kind !== "lab-cancelled") app.showError(error);
  } finally {
    stopPolling();
    s.running = null;
    app.render();
  }
}

function runControls(app, which, start) {
  if (s.running === which) {
    return h("div", { class: "lab-run" },
      h("progress", { "data-testid": "lab-progress", max: s.progress.total || 1, value: s.progress.done, "aria-label": t("lab.running") }),
      h("button", { type: "button", class: "btn", "data-testid": "lab-cancel", onclick: () => api.labCancel().catch(() => {}) }, t("app.cancel")));
  }
  return h("button", {
    type: "button", class: "btn primary", "data-testid": `${which}-run`, disabled: s.running ? true : undefined,
    onclick: () => start(),
  }, t("lab.run"));
}

// 2. Heat map ---------------------------------------------------------------------------------

/** The 52 × 52 counts as coloured cells: blue below the expected count, red above (z-scores). */
function heatCanvas(r) {
  const cell = 6;
  const canvas = h("canvas", {
    class: "heat", width: 52 * cell, height: 52 * cell, role: "img", "data-testid": "heat-map",
    "aria-label": plural("lab.heat.map", r.samples, { samples: formatInt(r.samples) }),
  });
  const ctx = canvas.getContext("2d");
  const sd = Math.sqrt(r.expected);
  for (let card = 0; card < 52; card++) {
    for (let pos = 0; pos < 52; pos++) {
      const z = Math.max(-4, Math.min(4, (r.counts[card][pos] - r.expected) / sd));
      // Red above, blue below, white at the expected count; full colour at 4 standard deviations.
      ctx.fillStyle = `hsl(${z >= 0 ? 0 : 215}, 85%, ${(100 - 45 * Math.abs(z) / 4).toFixed(1)}%)`;
      ctx.fillRect(pos * cell, card * cell, cell, cell);
    }
  }
  return canvas;
}

function heatSection(app) {
  const r = s.heat.result;
  const start = () => runLong(app, "heat", () => api.labPositions(s.heat.algorithm, s.heat.samples));
  return h("section", { class: "lab-block", "aria-labelledby": "heat-title" },
    h("h3", { id: "heat-title" }, t("lab.heat.title")),
    h("p", { class: "small" }, t("lab.heat.explain")),
    seg(t("lab.algorithm"), "heat-alg", ALGORITHMS, s.heat.algorithm, (a) => t(`lab.alg.${a}`), (a) => { s.heat.algorithm = a; app.render(); }),
    seg(t("lab.shuffles"), "heat-samples", SAMPLES, s.heat.samples, (n) => formatInt(n), (n) => { s.heat.samples = n; app.render(); }),
    runControls(app, "heat", start),
    r ? [
      h("p", { class: "lab-figure", "data-testid": "heat-summary", "data-p": String(r.p_value), "data-algorithm": r.algorithm },
        plural("lab.heat.summary", r.samples, { algorithm: t(`lab.alg.${r.algorithm}`), samples: formatInt(r.samples), chi2: formatDec(r.chi2, 1), dof: formatInt(r.dof), p: pText(r.p_value) })),
      h("div", { class: "heat-wrap" }, heatCanvas(r)),
      h("p", { class: "small muted" }, t("lab.heat.legend")),
      h("p", { class: "small" }, t(r.p_value < 0.001 ? "lab.heat.biased" : "lab.heat.uniform")),
      h("p", { class: "small muted hex" }, t("lab.seed", { seed: r.seed })),
    ] : null);
}

// 3. Deal table -------------------------------------------------------------------------------

function categoryName(id) {
  return has(`lab.deal.${id}`) ? t(`lab.deal.${id}`) : t(`row.${id}`);
}

function dealsSection(app) {
  const machines = app.state ? app.state.machines.map((m) => m.id) : [];
  if (!machines.includes(s.deals.machine)) s.deals.machine = machines[0];
  const r = s.deals.result;
  const start = () => runLong(app, "deals", () => api.labDeals(s.deals.machine, s.deals.deals, s.deals.kind));
  return h("section", { class: "lab-block", "aria-labelledby": "deals-title" },
    h("h3", { id: "deals-title" }, t("lab.deals.title")),
    h("p", { class: "small" }, t("lab.deals.explain")),
    h("label", { class: "field" }, h("span", {}, t("verify.form.machine")),
      h("select", { "data-testid": "deals-machine", disabled: s.running ? true : undefined, onchange: (e) => { s.deals.machine = e.target.value; } },
        machines.map((id) => h("option", { value: id, selected: id === s.deals.machine ? true : undefined }, app.machineName(id))))),
    seg(t("lab.kind-deals"), "deals-kind", KIND_DEALS, s.deals.kind, (k) => t(`lab.kind.${k}`), (k) => { s.deals.kind = k; app.render(); }),
    h("p", { class: "small muted" }, t(`lab.kind.${s.deals.kind}.explain`)),
    seg(t("lab.deals.count"), "deals-count", DEALS, s.deals.deals, (n) => formatInt(n), (n) => { s.deals.deals = n; app.render(); }),
    runControls(app, "deals", start),
    r ? [
      h("table", { class: "counts lab-table", "data-testid": "deals-table" },
        h("thead", {}, h("tr", {},
          h("th", { scope: "col" }, t("lab.deal.category")),
          h("th", { scope: "col" }, t("lab.deal.count")),
          h("th", { scope: "col" }, t("lab.deal.expected")),
          h("th", { scope: "col" }, t("lab.deal.deviation")))),
        h("tbody", {}, r.categories.map((c) => h("tr", { class: Math.abs(c.z) > 4 ? "off" : "" },
          h("th", { scope: "row" }, categoryName(c.id)),
          h("td", {}, formatInt(c.count)),
          h("td", {}, formatDec(c.expected, 1)),
          h("td", {}, c.relative === null ? "–" : `${c.relative >= 0 ? "+" : ""}${formatDec(c.relative * 100, 1)} %`))))),
      h("p", { class: "lab-figure", "data-testid": "deals-summary", "data-p": String(r.p_value), "data-nudged": String(r.nudged) },
        plural("lab.deals.summary", r.dead, { chi2: formatDec(r.chi2, 1), dof: formatInt(r.dof), p: pText(r.p_value), nudged: formatInt(r.nudged), dead: formatInt(r.dead) })),
      h("p", { class: "small" }, t(r.kind_deals === "off" ? "lab.deals.pure" : "lab.deals.kind")),
      h("p", { class: "small muted hex" }, t("lab.seed", { seed: r.seed })),
    ] : null);
}

// 4. Numbers ----------------------------------------------------------------------------------

async function loadNumbers(app) {
  if (s.numbers) return;
  s.numbers = "loading";
  const answer = await facts.ask(app, () => api.labFacts(), { quiet: true });
  if (answer === DROPPED) return;
  s.numbers = answer ? answer.numbers : null;
  app.render();
}

function numberValue(f) {
  if (f.exact && f.exact.length <= 12) return formatInt(Number(f.exact));
  if (f.exact) return h("span", { class: "hex" }, f.exact);
  const [mantissa, exponent] = f.value.toExponential(3).split("e");
  return Math.abs(Number(exponent)) < 6 ? formatDec(f.value, f.value < 10 ? 4 : 2) : `${formatDec(Number(mantissa), 3)} × 10^${Number(exponent)}`;
}

function numbersSection(app) {
  loadNumbers(app);
  const numbers = s.numbers && s.numbers !== "loading" ? s.numbers : null;
  return h("section", { class: "lab-block", "aria-labelledby": "numbers-title" },
    h("h3", { id: "numbers-title" }, t("lab.numbers.title")),
    h("p", { class: "small" }, t("lab.numbers.explain")),
    numbers ? h("dl", { class: "lab-numbers", "data-testid": "lab-numbers" }, numbers.figures.map((f) => h("div", { class: "number" },
      h("dt", {}, t(`lab.number.${f.id}`)),
      h("dd", { "data-id": f.id }, numberValue(f))))) : h("p", { class: "notice" }, t("app.loading")));
}

export function view(app) {
  return h("div", { class: "lab", "data-testid": "shuffle-lab" },
    exactSection(app),
    heatSection(app),
    dealsSection(app),
    numbersSection(app));
}
