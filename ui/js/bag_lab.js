// The shuffle-bag lab (#/fairness/bag): the shuffle-bag demonstration (docs/LAB.md, "Where the
// experiments come from"). Pure chance and a shuffle bag drawn with one seed, side by side: the
// first draws of each row (with the bag's boundaries and the chance of each kind before each draw),
// the gaps between draws of a kind, every figure measured beside its exact value, the pity timer
// for a 1 % prize, and the game's own kind-deal bags with the player's record. Every figure comes
// from Rust (lab_bag, lab_pity, lab_facts); this module only lays them out. The texts beside each
// part explain it in our own words.

import { api } from "./api.js";
import { h } from "./dom.js";
import { t, plural, formatInt, formatDec, formatPercent } from "./i18n.js";
import { line as askLine, DROPPED } from "./ask.js";

// The choices offered (the inputs of a run, as in the published shuffle-bag demonstration; the core
// takes wider ranges).
const KINDS = [3, 4, 5, 6];
const COPIES = [1, 2, 3, 5];
const DRAWS = [600, 6000, 60000];
/** The demonstration's pity example: a prize won with chance 1 % per draw, a pity after 99 misses. */
const PITY_EXAMPLE = { rate: 0.01, pity: 99 };
/** Draws per line of the rows: the window of 48 fits a phone in two lines of 24. */
const PER_LINE = 24;

/** Each kind's shape (SVG path around 0,0 in a cell of 10) — the colour is never the only cue. */
const SHAPES = [
  "M0,-3.9A3.9,3.9 0 1 1 0,3.9A3.9,3.9 0 1 1 0,-3.9Z", // circle
  "M0,-4.4L4.2,3.3L-4.2,3.3Z", // triangle up
  "M-3.4,-3.4H3.4V3.4H-3.4Z", // square
  "M0,-4.6L4.6,0L0,4.6L-4.6,0Z", // diamond
  "M0,4.4L4.2,-3.3L-4.2,-3.3Z", // triangle down
  "M-1.4,-4.3H1.4V-1.4H4.3V1.4H1.4V4.3H-1.4V1.4H-4.3V-1.4H-1.4Z", // plus
];

const options = { kinds: 4, copies: 1, draws: 6000, avoidRepeat: false };
let round = 0; // "Draw again" asks for a new run (a fresh seed) with the same options
let lab = null; // the last lab_bag answer
let labFor = null; // the options (and round) last asked for
let labFailed = false;
let busy = false;
const runs = askLine(); // a lab_bag answer to an older request, or after leave(), is dropped
const pities = askLine();
const factsAsk = askLine();
let pity = null;
let pityAsked = false;
let facts = null;
let factsAsked = false;
let drawsField = null; // kept across renders, so typing keeps its focus

/** Leaving the Fairness screens: the next visit draws afresh and reads the player's record again. */
export function leave() {
  // What is still out is dropped with the screen (ask.js): the next visit asks again.
  lab = null;
  labFor = null;
  labFailed = false;
  busy = false;
  pity = null;
  pityAsked = false;
  facts = null;
  factsAsked = false;
  drawsField = null;
}

function wanted() {
  return `${options.kinds}|${options.copies}|${options.draws}|${options.avoidRepeat}|${round}`;
}

async function loadLab(app) {
  const { kinds, copies, draws, avoidRepeat } = options;
  busy = true;
  const result = await runs.ask(app, () => api.labBag(kinds, copies, draws, avoidRepeat));
  if (result === DROPPED) return;
  busy = false;
  labFailed = result === undefined;
  lab = result === undefined ? null : result; // a failed run shows no figures for other options
  if (result !== undefined) {
    app.announce(t("bag.announce", { draws: formatInt(result.request.draws) }));
  }
  app.render();
}

// A failed call leaves `false` (its error is shown; the part is left out until the next visit).
async function loadPity(app) {
  const result = await pities.ask(app, () => api.labPity(PITY_EXAMPLE.rate, PITY_EXAMPLE.pity), { quiet: true });
  if (result === DROPPED) return;
  pity = result === undefined ? false : result;
  app.render();
}

async function loadFacts(app) {
  const result = await factsAsk.ask(app, () => api.labFacts(), { quiet: true });
  if (result === DROPPED) return;
  facts = result === undefined ? false : result;
  app.render();
}

const pct = (share) => formatPercent(share, 1);
const hidden = (text) => h("span", { class: "visually-hidden" }, text);

// ---------------------------------------------------------------------------------------------
// Controls

function segmented(id, label, values, current, show, pick) {
  return h("div", { class: "bag-control" },
    h("span", { class: "bag-control-label", id: `bag-${id}-label` }, label),
    h("div", { class: "seg", role: "group", "aria-labelledby": `bag-${id}-label` },
      values.map((value) => h("button", {
        type: "button", "data-testid": `bag-${id}-${value}`, "aria-pressed": value === current ? "true" : "false",
        onclick: () => pick(value),
      }, show(value)))));
}

function controls(app) {
  const set = (name) => (value) => {
    if (options[name] === value) return;
    options[name] = value;
    app.render();
  };
  return h("section", { class: "bag-part bag-controls", "aria-labelledby": "bag-controls-title" },
    h("h3", { class: "section-title", id: "bag-controls-title" }, t("bag.controls.title")),
    segmented("kinds", t("bag.controls.kinds"), KINDS, options.kinds, formatInt, set("kinds")),
    segmented("copies", t("bag.controls.copies"), COPIES, options.copies, formatInt, set("copies")),
    h("p", { class: "small" }, t("bag.explain.copies")),
    segmented("draws", t("bag.controls.draws"), DRAWS, options.draws, formatInt, set("draws")),
    drawsOther(set("draws")),
    h("button", {
      type: "button", class: "toggle bag-avoid", "data-testid": "bag-avoid", "aria-pressed": options.avoidRepeat ? "true" : "false",
      onclick: () => set("avoidRepeat")(!options.avoidRepeat),
    }, t("bag.controls.avoid")),
    h("p", { class: "small" }, t("bag.explain.avoid")),
    h("button", {
      type: "button", class: "btn primary bag-again", "data-testid": "bag-again",
      onclick: () => { round += 1; app.render(); },
    }, t("bag.controls.again")),
    seedLine());
}

/** Any count of draws: a whole number is asked of the core, which says when it is out of range. */
function drawsOther(pick) {
  if (!drawsField) {
    const id = "bag-draws-other";
    const input = h("input", {
      id, type: "text", inputmode: "numeric", autocomplete: "off", class: "bag-draws-field", "data-testid": id,
      onchange: (e) => {
        // Digits only (a grouping mark or a decimal point would change the number's meaning).
        const text = e.target.value.trim();
        const whole = /^\d+$/.test(text);
        e.target.setAttribute("aria-invalid", whole ? "false" : "true");
        drawsField.querySelector(".bag-draws-note").hidden = whole;
        if (whole) pick(Number(text));
      },
    });
    input.setAttribute("aria-describedby", `${id}-note`);
    drawsField = h("div", { class: "bag-control bag-draws-other" },
      h("label", { class: "bag-control-label", for: id }, t("bag.controls.draws-other")), input,
      h("p", { class: "small bag-draws-note", id: `${id}-note`, "data-testid": `${id}-note`, hidden: true }));
  }
  const input = drawsField.querySelector("input");
  if (document.activeElement !== input && input.getAttribute("aria-invalid") !== "true") input.value = String(options.draws);
  drawsField.querySelector("label").textContent = t("bag.controls.draws-other");
  drawsField.querySelector(".bag-draws-note").textContent = t("bag.controls.draws-digits");
  return drawsField;
}

function seedLine() {
  if (!lab) return null;
  const { kinds, copies, draws, avoid_repeat: avoid } = lab.request;
  const command = `vpoker lab bag --kinds ${kinds} --copies ${copies} --draws ${draws} --seed ${lab.seed}${avoid ? " --avoid-repeat" : ""}`;
  return h("div", { class: "bag-seed" },
    h("p", { class: "small" }, t("bag.seed.note")),
    h("code", { class: "hex", "data-testid": "bag-seed", "data-seed": lab.seed }, command));
}

// ---------------------------------------------------------------------------------------------
// The two rows of draws

function kindName(kind) {
  return t("bag.kind-name", { n: formatInt(kind + 1) });
}

function shape(kind, x, y) {
  return h("path", { class: `bag-k bag-k${kind}`, d: SHAPES[kind % SHAPES.length], transform: `translate(${x} ${y})` });
}

function legend(kinds) {
  return h("ul", { class: "bag-legend" },
    Array.from({ length: kinds }, (_, kind) => h("li", {},
      h("svg", { class: "bag-swatch", viewBox: "-6 -6 12 12", "aria-hidden": "true", focusable: "false" }, shape(kind, 0, 0)),
      kindName(kind))));
}

/** One line of a row: up to PER_LINE draws from `from`, the repeats underlined; for the bag also
 * the boundaries and, under each draw, the chance of each kind before it. */
function line(row, from, { kinds, name, withChances }) {
  const w = row.window;
  const draws = w.draws.slice(from, from + PER_LINE);
  const symbolsH = 14;
  const chanceTop = symbolsH + 2;
  const chanceH = 22;
  const height = withChances ? chanceTop + chanceH : symbolsH;
  const parts = [];
  draws.forEach((kind, i) => {
    const index = from + i;
    if (index > 0 && w.draws[index - 1] === kind && i > 0) {
      parts.push(h("line", { class: "bag-repeat", x1: (i - 1) * 10 + 5, x2: i * 10 + 5, y1: 12.2, y2: 12.2 }));
    }
    parts.push(shape(kind, i * 10 + 5, 5.5));
  });
  if (from > 0 && draws.length && w.draws[from - 1] === draws[0]) {
    // A repeat across the line break: a stub on the left of this line.
    parts.push(h("line", { class: "bag-repeat", x1: -1, x2: 5, y1: 12.2, y2: 12.2 }));
  }
  const certain = [];
  if (withChances) {
    draws.forEach((_, i) => {
      const chances = w.chances[from + i] || [];
      let y = chanceTop + chanceH;
      const segments = [];
      chances.forEach((chance, kind) => {
        if (chance <= 0) return;
        const hgt = chance * chanceH;
        y -= hgt;
        segments.push(h("rect", { class: `bag-k${kind}`, x: i * 10 + 1.5, y, width: 7, height: hgt }));
      });
      if (chances.some((c) => c === 1)) certain.push(formatInt(w.start + from + i + 1));
      const text = chances.map((c, kind) => `${kindName(kind)} ${pct(c)}`).join(", ");
      parts.push(h("g", {}, h("title", {}, t("bag.chance.one", { n: formatInt(w.start + from + i + 1), chances: text })), segments));
    });
    parts.push(h("line", { class: "bag-chance-base", x1: 0, x2: draws.length * 10, y1: chanceTop + chanceH, y2: chanceTop + chanceH }));
  }
  for (const b of w.boundaries) {
    const at = b - w.start - from;
    if (at >= 0 && at < draws.length) parts.push(h("line", { class: "bag-boundary", x1: at * 10, x2: at * 10, y1: -1, y2: height + 1 }));
  }
  const first = w.start + from + 1;
  const last = w.start + from + draws.length;
  const list = draws.map((kind, i) => (w.boundaries.includes(w.start + from + i) && i > 0 ? `| ${kind + 1}` : String(kind + 1))).join(" ");
  const label = [t("bag.row.label", { name, from: formatInt(first), to: formatInt(last), draws: list })];
  if (withChances) {
    label.push(certain.length ? plural("bag.chance.certain", certain.length, { draws: certain.join(", ") }) : t("bag.chance.none-certain"));
  }
  return h("svg", {
    class: `bag-line${withChances ? " with-chances" : ""}`, viewBox: `-1.5 -1.5 ${PER_LINE * 10 + 3} ${height + 3}`,
    role: "img", "aria-label": label.join(" "), "data-testid": "bag-line",
  }, parts);
}

function rows(data) {
  const kinds = data.request.kinds;
  const shown = data.pure.window.draws.length;
  const starts = [];
  for (let from = 0; from < shown; from += PER_LINE) starts.push(from);
  const uniform = data.pure.window.chances[0] ? data.pure.window.chances[0][0] : null;
  return h("section", { class: "bag-part", "aria-labelledby": "bag-rows-title", "data-testid": "bag-rows" },
    h("h3", { class: "section-title", id: "bag-rows-title" }, plural("bag.lines.title", shown, { n: formatInt(shown) })),
    legend(kinds),
    h("h4", { class: "bag-row-name" }, t("bag.pure")),
    h("div", { class: "bag-lines", "data-testid": "bag-row-pure" }, starts.map((from) => line(data.pure, from, { kinds, name: t("bag.pure"), withChances: false }))),
    uniform === null ? null : h("p", { class: "small" }, t("bag.lines.pure-chance", { chance: pct(uniform) })),
    h("p", { class: "small" }, t("bag.explain.pure")),
    h("h4", { class: "bag-row-name" }, t("bag.bag")),
    h("div", { class: "bag-lines", "data-testid": "bag-row-bag" }, starts.map((from) => line(data.bag, from, { kinds, name: t("bag.bag"), withChances: true }))),
    h("ul", { class: "bag-legend bag-marks", "aria-hidden": "true" },
      h("li", {}, h("span", { class: "mark-boundary" }), t("bag.legend.boundary")),
      h("li", {}, h("span", { class: "mark-repeat" }), t("bag.legend.repeat")),
      h("li", {}, h("span", { class: "mark-chance" }), t("bag.legend.chance"))),
    h("p", { class: "small" }, t("bag.explain.bag")));
}

// ---------------------------------------------------------------------------------------------
// The gap histogram

function histogram(data) {
  // Each bar's height is the core's share of the row's gaps; the table beside it gives the counts.
  const pure = data.pure.gap_shares;
  const bag = data.bag.gap_shares;
  const bound = data.exact.bag.gap_bound;
  const longest = Math.max(pure.length, bag.length, bound === null ? 0 : bound + 1);
  const top = Math.max(...pure, ...bag, 0.05);
  const yStep = top > 0.25 ? 0.1 : 0.05;
  // Whole ticks (the rounding keeps 0.30000000000000004 / 0.1 from making a fourth tick).
  const ticks = Math.ceil(Math.round((top / yStep) * 1000) / 1000);
  const yMax = ticks * yStep;
  const W = 320, H = 210, L = 36, R = 6, T = 20, B = 36;
  const pw = W - L - R, ph = H - T - B;
  const step = pw / longest;
  const x = (g) => L + g * step;
  const y = (s) => T + ph - (s / yMax) * ph;
  const parts = [];
  for (let i = 0; i <= ticks; i++) {
    const v = i * yStep;
    parts.push(h("line", { class: "hist-grid", x1: L, x2: W - R, y1: y(v), y2: y(v) }));
    parts.push(h("text", { class: "hist-tick", x: L - 4, y: y(v) + 3.5, "text-anchor": "end" }, formatPercent(v, 0)));
  }
  const bar = (s, g, cls) => {
    if (!(s > 0)) return null;
    const height = Math.max(1, y(0) - y(s));
    return h("rect", { class: cls, x: x(g) + step * 0.12, y: y(0) - height, width: step * 0.76, height });
  };
  bag.forEach((s, g) => parts.push(bar(s, g, "hist-bag")));
  pure.forEach((s, g) => parts.push(bar(s, g, "hist-pure")));
  const xStep = [1, 2, 5, 10, 20, 50].find((k) => longest / k <= 8) || 100;
  for (let g = 0; g < longest; g += xStep) {
    parts.push(h("text", { class: "hist-tick", x: x(g) + step / 2, y: T + ph + 13, "text-anchor": "middle" }, formatInt(g)));
  }
  parts.push(h("line", { class: "hist-axis", x1: L, x2: W - R, y1: y(0), y2: y(0) }));
  parts.push(h("text", { class: "hist-axis-title", x: L + pw / 2, y: H - 4, "text-anchor": "middle" }, t("bag.hist.x")));
  const mean = (m, cls) => h("line", { class: `hist-mean ${cls}`, x1: x(m) + step / 2, x2: x(m) + step / 2, y1: T - 2, y2: y(0) });
  parts.push(mean(data.pure.mean_gap, "pure"), mean(data.bag.mean_gap, "bag"));
  if (bound !== null) {
    const bx = x(bound + 1);
    const right = bx + 60 < W;
    parts.push(h("line", { class: "hist-bound", x1: bx, x2: bx, y1: T - 6, y2: y(0) }));
    parts.push(h("text", { class: "hist-bound-label", x: right ? bx + 3 : bx - 3, y: T - 8, "text-anchor": right ? "start" : "end" },
      t("bag.hist.bound-label", { n: formatInt(bound) })));
  }
  const label = t("bag.hist.label", {
    pure_max: formatInt(data.pure.longest_gap), pure_mean: formatDec(data.pure.mean_gap, 2),
    bag_max: formatInt(data.bag.longest_gap), bag_mean: formatDec(data.bag.mean_gap, 2),
    bound: bound === null ? "–" : formatInt(bound),
  });
  const table = h("details", { class: "bag-details" },
    h("summary", {}, t("bag.hist.table")),
    h("table", { class: "counts bag-hist-table" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("bag.hist.gap")), h("th", { scope: "col" }, t("bag.pure")), h("th", { scope: "col" }, t("bag.bag")))),
      h("tbody", {}, Array.from({ length: longest }, (_, g) => h("tr", {},
        h("th", { scope: "row" }, formatInt(g)),
        h("td", {}, pct(pure[g] || 0)),
        h("td", {}, pct(bag[g] || 0)))))));
  return h("section", { class: "bag-part", "aria-labelledby": "bag-hist-title", "data-testid": "bag-histogram" },
    h("h3", { class: "section-title", id: "bag-hist-title" }, t("bag.hist.title")),
    h("p", { class: "small" }, t("bag.gap.define")),
    h("ul", { class: "bag-legend bag-marks", "aria-hidden": "true" },
      h("li", {}, h("span", { class: "mark-pure" }), t("bag.pure")),
      h("li", {}, h("span", { class: "mark-bag" }), t("bag.bag")),
      h("li", {}, h("span", { class: "mark-mean" }), t("bag.hist.mean")),
      bound === null ? null : h("li", {}, h("span", { class: "mark-bound" }), t("bag.hist.bound"))),
    h("svg", { class: "bag-hist", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": label }, parts),
    h("p", { class: "small" }, t("bag.hist.means", {
      pure: formatDec(data.pure.mean_gap, 2), bag: formatDec(data.bag.mean_gap, 2), exact: formatDec(data.exact.bag.mean_gap, 2),
    })),
    h("p", { class: "small" }, t("bag.explain.hist")),
    table);
}

// ---------------------------------------------------------------------------------------------
// Every figure, measured beside its exact value

function cell(measured, exact) {
  return h("td", {},
    h("span", { class: "fig-measured" }, hidden(`${t("bag.figs.measured")}: `), measured),
    h("span", { class: "fig-exact" }, hidden(`${t("bag.figs.exact")}: `), exact));
}

function countsText(counts) {
  // The range of the core's counts, for the text only.
  const low = counts.reduce((a, b) => (b < a ? b : a));
  const high = counts.reduce((a, b) => (b > a ? b : a));
  const text = low === high ? t("bag.figs.counts-each", { n: formatInt(low) }) : t("bag.figs.counts-range", { min: formatInt(low), max: formatInt(high) });
  return [text, hidden(` (${counts.map((c, kind) => `${kindName(kind)}: ${formatInt(c)}`).join(", ")})`)];
}

function figures(data) {
  const { pure, bag, exact } = data;
  const only = new Set(exact.measured_only || []);
  const ex = (side, field, format) => {
    if (only.has(`${side}.${field}`)) return t("bag.measured-only");
    const value = exact[side][field];
    return value === null || value === undefined ? t("bag.measured-only") : format(value);
  };
  const bound = (value) => (value === null || value === undefined ? t("bag.no-limit") : t("bag.at-most", { n: formatInt(value) }));
  const row = (testid, label, pureCell, bagCell) => h("tr", { "data-testid": `bag-fig-${testid}` }, h("th", { scope: "row" }, label), pureCell, bagCell);
  const share = (field) => [cell(pct(pure[field]), ex("pure", field, pct)), cell(pct(bag[field]), ex("bag", field, pct))];
  return h("section", { class: "bag-part", "aria-labelledby": "bag-figs-title", "data-testid": "bag-figures" },
    h("h3", { class: "section-title", id: "bag-figs-title" }, t("bag.figs.title")),
    h("p", { class: "small" }, plural("bag.figs.intro", data.request.draws, { draws: formatInt(data.request.draws) })),
    h("table", { class: "bag-figs" },
      h("thead", {}, h("tr", {},
        h("th", { scope: "col" }, hidden(t("bag.figs.figure"))),
        ...[t("bag.pure"), t("bag.bag")].map((name) => h("th", { scope: "col" }, name,
          h("span", { class: "fig-head" }, h("span", { class: "fig-measured" }, t("bag.figs.measured")), h("span", { class: "fig-exact" }, t("bag.figs.exact"))))))),
      h("tbody", {},
        row("counts", t("bag.figs.counts"),
          cell(countsText(pure.counts), t("bag.figs.counts-pure-exact")),
          cell(countsText(bag.counts), t("bag.figs.counts-bag-exact"))),
        row("repeat", t("bag.figs.repeat"), ...share("repeat_rate")),
        row("longest-gap", t("bag.figs.longest-gap"),
          cell(formatInt(pure.longest_gap), bound(exact.pure.gap_bound)),
          cell(formatInt(bag.longest_gap), bound(exact.bag.gap_bound))),
        row("longest-run", t("bag.figs.longest-run"),
          cell(formatInt(pure.longest_run), bound(exact.pure.run_bound)),
          cell(formatInt(bag.longest_run), bound(exact.bag.run_bound))),
        row("mean-gap", t("bag.figs.mean-gap"),
          cell(formatDec(pure.mean_gap, 2), ex("pure", "mean_gap", (v) => formatDec(v, 2))),
          cell(formatDec(bag.mean_gap, 2), ex("bag", "mean_gap", (v) => formatDec(v, 2)))),
        row("long-gaps", t("bag.figs.long-gaps", { n: formatInt(exact.long_gap_from) }), ...share("long_gap_rate")),
        row("run3", plural("bag.figs.run3", data.run_window, { n: formatInt(data.run_window) }), ...share("run3_windows")),
        row("certain", t("bag.figs.certain"), ...share("certain_next_rate")),
        row("guess", t("bag.figs.guess"), ...share("guess_rate")))),
    h("p", { class: "small" }, t("bag.explain.read")));
}

// ---------------------------------------------------------------------------------------------
// Pity timer, bag and pure chance for a rare prize

function pityPart() {
  if (pity === false) return null;
  if (!pity) return h("section", { class: "bag-part" }, h("p", { class: "notice" }, t("app.loading")));
  const rate = (r) => formatPercent(r, 2);
  const cap = formatInt(pity.bag_longest_drought);
  const row = (testid, label, ...cells) => h("tr", { "data-testid": `bag-pity-${testid}` },
    h("th", { scope: "row" }, label), cells.map((value) => h("td", {}, value)));
  return h("section", { class: "bag-part", "aria-labelledby": "bag-pity-title", "data-testid": "bag-pity" },
    h("h3", { class: "section-title", id: "bag-pity-title" }, t("bag.pity.title")),
    h("p", { class: "small" }, t("bag.pity.intro", { rate: rate(pity.rate) })),
    h("table", { class: "bag-figs bag-pity" },
      h("thead", {}, h("tr", {},
        h("th", { scope: "col" }, hidden(t("bag.figs.figure"))),
        h("th", { scope: "col" }, t("bag.pure")),
        h("th", { scope: "col" }, t("bag.pity.row-pity", { pity: formatInt(pity.pity) })),
        h("th", { scope: "col" }, t("bag.pity.row-bag", { size: formatInt(pity.bag_size) })))),
      h("tbody", {},
        row("rate", t("bag.pity.rate"), rate(pity.rate), rate(pity.pity_rate), rate(pity.bag_rate)),
        row("longest", t("bag.pity.longest"), t("bag.no-limit"), formatInt(pity.pity_longest_drought), formatInt(pity.bag_longest_drought)),
        row("beyond", t("bag.pity.beyond", { cap }), pct(pity.pure_droughts_beyond_bag),
          pct(pity.pity_droughts_beyond_bag),
          t("bag.pity.at-cap", { cap, share: pct(pity.bag_droughts_at_cap) })))),
    h("ul", { class: "bag-sentences" },
      h("li", {}, plural("bag.pity.say-pure", pity.pure_mean_drought, {
        mean: formatInt(pity.pure_mean_drought), beyond: pct(pity.pure_droughts_beyond_bag), cap,
        beyond_pity: pct(pity.pure_droughts_beyond_pity), pity: formatInt(pity.pity),
      })),
      h("li", {}, plural("bag.pity.say-pity", pity.pity, { pity: formatInt(pity.pity), forced: pct(pity.pity_forced_share), rate: rate(pity.pity_rate) })),
      h("li", {}, plural("bag.pity.say-bag", pity.bag_size, { size: formatInt(pity.bag_size), rate: rate(pity.bag_rate), cap }))),
    h("p", { class: "small" }, t("bag.explain.pity")));
}

// ---------------------------------------------------------------------------------------------
// The game's own kind-deal bags and the player's record

const SITUATIONS = {
  normal: () => t("bag.situation.normal"),
  "losing-streak": () => t("bag.situation.losing-streak"),
  "low-balance": () => t("bag.situation.low-balance"),
};

function situationName(id) {
  return SITUATIONS[id] ? SITUATIONS[id]() : id;
}

function kindBag(bagInfo, mine) {
  const kv = (label, value, testid) => [h("dt", {}, label), h("dd", { "data-testid": testid }, value)];
  return h("li", { class: "bag-kind", "data-testid": `bag-kind-${bagInfo.situation}` },
    h("h4", {}, situationName(bagInfo.situation)),
    h("dl", { class: "kv" },
      kv(t("bag.kind.bag"), t("bag.kind.ratio", { nudges: formatInt(bagInfo.nudges), size: formatInt(bagInfo.size) }), "bag-kind-ratio"),
      kv(t("bag.kind.longest-run"), formatInt(bagInfo.nudge.longest_run), "bag-kind-run"),
      kv(t("bag.kind.longest-gap"), formatInt(bagInfo.nudge.longest_gap), "bag-kind-gap")),
    mine ? h("p", { class: "bag-kind-yours" }, t("bag.kind.yours")) : null,
    mine && mine.dead_deals === 0 ? h("p", { class: "small" }, t("bag.kind.none-yet")) : null,
    mine && mine.dead_deals > 0 ? h("dl", { class: "kv" },
      kv(t("bag.kind.dead"), formatInt(mine.dead_deals), "bag-kind-dead"),
      kv(t("bag.kind.nudged"), mine.rate === null
        ? formatInt(mine.nudged)
        : t("bag.kind.nudged-rate", { n: formatInt(mine.nudged), rate: pct(mine.rate) }), "bag-kind-nudged")) : null);
}

function kindPart() {
  if (facts === false) return null;
  if (!facts) return h("section", { class: "bag-part" }, h("p", { class: "notice" }, t("app.loading")));
  const history = new Map((facts.history || []).map((entry) => [entry.situation, entry]));
  return h("section", { class: "bag-part", "aria-labelledby": "bag-kind-title", "data-testid": "bag-kind-bags" },
    h("h3", { class: "section-title", id: "bag-kind-title" }, t("bag.kind.title")),
    h("p", { class: "small" }, t("bag.explain.kind")),
    h("ul", { class: "bag-kinds" }, facts.kind_bags.map((entry) => kindBag(entry, history.get(entry.situation)))),
    h("p", { class: "small" }, t("bag.kind.secret")));
}

// ---------------------------------------------------------------------------------------------

export function view(app) {
  const key = wanted();
  if (labFor !== key) {
    labFor = key;
    loadLab(app);
  }
  if (!pityAsked) {
    pityAsked = true;
    loadPity(app);
  }
  if (!factsAsked) {
    factsAsked = true;
    loadFacts(app);
  }
  const results = lab
    ? h("div", { class: `bag-results${busy ? " busy" : ""}`, "aria-busy": busy ? "true" : "false" }, rows(lab), histogram(lab), figures(lab))
    : labFailed ? null : h("p", { class: "notice", role: "status" }, t("app.loading"));
  return h("div", { class: "bag-lab", "data-testid": "bag-lab" },
    h("p", {}, t("bag.intro")),
    controls(app),
    busy && lab ? h("p", { class: "small bag-busy", role: "status" }, t("bag.busy")) : null,
    results,
    pityPart(),
    kindPart());
}
