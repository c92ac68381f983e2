// The table library (#/tables): each casino table as players know it, with its exact return from
// Rust and, filling in one table at a time, what its generated chart gives up. A table opens on the
// one play screen (play.js, #/table/ID), in practice.

import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { t, formatPercent } from "./i18n.js";
import { line, DROPPED } from "./ask.js";

const s = { list: null, costs: {}, costing: null };
/** The library, read once a run. */
const loads = line();
/** The chart costs, one table at a time. */
const costs = line();

export function enter(app) {
  // A cost still out belongs to the visit before (its answer is dropped).
  s.costing = null;
  load(app);
}

export function leave() {}

async function load(app) {
  if (!s.list) {
    const list = await loads.ask(app, () => api.library());
    if (list === DROPPED) return;
    if (list) s.list = list;
  }
  loadCosts(app);
  app.render();
}

/** Each library table's chart cost, asked of Rust one table at a time while the list is shown (each
 * chart is generated once per run and kept there, so a second visit fills at once). Each answer
 * fills its own line in place: the list is not redrawn under the player's finger. */
async function loadCosts(app) {
  if (s.costing || !s.list) return;
  for (const table of s.list) {
    if (app.route.name !== "tables") break;
    if (s.costs[table.id]) continue;
    s.costing = table.id;
    showCost(table.id);
    const cost = await costs.ask(app, () => api.libraryChartCost(table.id), { quiet: true });
    // Gone or overtaken (the next visit asks again; the core keeps each chart once generated).
    if (cost === DROPPED) return;
    if (!cost) break;
    s.costs[table.id] = cost;
    showCost(table.id);
  }
  s.costing = null;
}

function showCost(id) {
  const span = document.querySelector(`[data-testid="table-cost-${id}"]`);
  if (!span) return;
  span.textContent = costText(id);
  span.dataset.cost = s.costs[id] ? String(s.costs[id].cost) : "";
}

function costText(id) {
  const cost = s.costs[id];
  if (cost) return t("tables.chart-cost", { pct: formatPercent(cost.cost, 3) });
  return s.costing === id ? t("tables.chart-cost.working") : "";
}

export function render(app) {
  const head = h("div", { class: "machine-head" },
    h("button", { type: "button", class: "back", "data-testid": "tables-back", "aria-label": t("verify.back"), onclick: () => app.go("lobby") }, "‹"),
    h("h2", { class: "machine-title" }, t("tables.title")));
  if (!s.list) return replace(app.main, head, h("p", { class: "notice" }, t("app.loading")));
  replace(app.main, head,
    h("p", { class: "small muted" }, t("tables.explain")),
    h("ul", { class: "tables-list", "data-testid": "tables-list" }, s.list.map((table) =>
      h("li", { class: "tables-item" },
        h("button", { type: "button", class: "tile", "data-testid": `table-${table.id}`, onclick: () => app.go("table", table.id) },
          h("span", { class: "tile-name" }, app.tableName(table.label)),
          h("span", { class: "tile-pays" }, t("tables.return", { pct: formatPercent(table.return, 2) })),
          h("span", { class: "tile-pays", "data-testid": `table-cost-${table.id}`, "data-cost": s.costs[table.id] ? String(s.costs[table.id].cost) : "" }, costText(table.id)))))));
}

