// Casino tables: the library (#/tables: each table as players know it, with its exact return from
// Rust) and practice on one (#/table/ID): practice hands only — no chips, no XP, counted apart per
// table — with the table's exact hint, the mistake warning before a draw, the same cards with the
// best hold after it, the table's figures, its generated chart, its drills (hard decisions and the
// player's mistaken practice hands: train.js); each library table's chart cost fills in on the list; and "Copy to the lab", which opens
// the paytable lab on the table's base with its pays (as the core's library lists them) to edit.
// Every number comes from Rust; the UI keeps only the cards the player has tapped.

import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { t, plural, formatInt, formatDec, formatPercent, joinParts, afterPart } from "./i18n.js";
import { cardFace, cardName, miniCard } from "./cards.js";
import { warnBeforeDraw } from "./machine.js";
import { copyToLab } from "./chart.js";
import { line, DROPPED } from "./ask.js";
import { openLines, tallyBox } from "./lines_view.js";

const s = { ahead: { key: null, lines: null }, hands: 1, rules: null, list: null, table: null, hand: null, hint: null, drawn: null, held: 0, busy: false, sums: null, labs: null, chart: null, tier: "expert", showHint: false, costs: {}, costing: null };
/** What a visit reads first: the library, then the table's hand and figures. */
const loads = line();
/** The chart costs, one table at a time. */
const costs = line();
/** The hint of the hand dealt now. */
const hints = line();
/** A deal or a draw, from the tap to its answer (the hint and the warning included). */
const plays = line();
const charts = line();
/** What the next deal shows before it (a variant's multipliers). */
const screens = line();

function enter(app) {
  s.hand = null; s.hint = null; s.drawn = null; s.held = 0; s.sums = null; s.chart = null; s.showHint = false;
  // What was still out belongs to the visit before (its answers are dropped).
  s.busy = false; s.costing = null;
  load(app);
}

async function load(app) {
  const ticket = loads.start(app);
  if (!s.list) {
    const list = await ticket.ask(() => api.library());
    if (list === DROPPED) return;
    if (list) s.list = list;
  }
  if (app.route.name === "tables") loadCosts(app);
  if (app.route.name === "table" && app.route.arg) {
    // A variant's table (the lobby names a resumed hand's) is shown as its plain table's screen,
    // with the variant chosen: the library lists the variants under the plain table.
    const owner = (s.list || []).find((table) => table.variants.some((v) => v.table === app.route.arg));
    if (owner) s.rules = owner.variants.find((v) => v.table === app.route.arg).rules;
    s.table = owner ? owner.id : app.route.arg;
    const [sums, labs] = await Promise.all([
      ticket.ask(() => api.tableStats(s.table), { quiet: true }),
      ticket.ask(() => api.labTables(), { quiet: true })]);
    if (!ticket.wanted()) return;
    if (labs) s.labs = labs;
    // A hand in progress on another table is that table's: show it there.
    // The table's own hand, or one of its variants' (the core names their tables in the library).
    const hand = app.state && app.state.hand;
    const listed = listedOf(s.table);
    const played = hand && listed ? listed.variants.find((v) => v.table === hand.table) : null;
    s.hand = hand && (hand.table === s.table || played) ? hand : null;
    if (s.hand) s.rules = played ? played.rules : null;
    // A hand resumed keeps its own line count on the selector.
    if (s.hand) s.hands = s.hand.hands;
    if (s.hand) fetchHint(app);
    if (sums) s.sums = sums;
  }
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

function listedOf(id) {
  return (s.list || []).find((table) => table.id === id);
}

/** The variant of the listed table the player plays (one of the tables the core lists), or null for the
 * plain game. */
function variantOf(listed) {
  return listed ? listed.variants.find((v) => v.rules === s.rules) || null : null;
}

async function deal(app) {
  if (s.busy) return;
  s.busy = true;
  // The figures are shown at the smallest bet Rust offers (nothing is staked).
  const listed = listedOf(s.table);
  const variant = variantOf(listed);
  const table = variant ? variant.table : s.table;
  // The one deal of every table, in practice: it answers the state, whose hand is this one.
  const state = await plays.ask(app, () => api.deal(table, app.state.default_bet, s.hands, true));
  if (state === DROPPED) return;
  s.busy = false;
  if (state && state.hand) {
    s.hand = state.hand; s.hint = null; s.drawn = null; s.held = 0; s.showHint = false;
    fetchHint(app);
  }
  app.render();
}

/** Asks Rust for the hand's hint (all 32 EVs on this table) ahead of the player's tap. */
function fetchHint(app) {
  hints.get(app, () => api.hint()).then((hint) => {
    if (hint !== DROPPED && s.hand && hint.hand_id === s.hand.id) { s.hint = hint; app.render(); }
  }).catch((error) => app.showError(error));
}

async function draw(app) {
  if (s.busy || !s.hand) return;
  const ticket = plays.start(app);
  const hint = s.hint || await ticket.ask(() => api.hint());
  if (hint === DROPPED) return;
  const mine = hint && hint.holds.find((entry) => entry.hold === s.held);
  if (mine && mine.mistake && app.state.settings.mistake_warnings) {
    const best = hint.holds[0];
    const choice = await warnBeforeDraw(s.hand.cards, best, mine);
    if (!ticket.wanted() || choice === "cancel") return;
    if (choice === "best") s.held = best.hold;
  }
  s.busy = true;
  const state = await ticket.ask(() => api.draw(s.held));
  if (state === DROPPED) return;
  s.busy = false;
  // The one draw of every table answers the state; its last hand is this one, settled.
  const drawn = state && state.last_hand;
  if (drawn) {
    s.drawn = drawn; s.hand = null; s.hint = null;
    app.announce(outcomeText(drawn.results[0].outcome));
    // The figures of the table the hand was dealt on (a variant's are its own).
    const sums = await ticket.ask(() => api.tableStats(drawn.table), { quiet: true });
    if (sums === DROPPED) return;
    if (sums) s.sums = sums;
  }
  app.render();
  if (drawn) app.milestoneNews();
}

async function showChart(app) {
  s.chart = "loading";
  app.render();
  const tiers = await charts.ask(app, () => api.tableTiers(s.table));
  if (tiers === DROPPED) return;
  s.chart = tiers || null;
  app.render();
}

function outcomeText(outcome) {
  return outcome === "nothing" ? t("daily.nothing") : t(`row.${outcome}`);
}

function rowName(row) {
  return t(`row.${row}`);
}

function libraryScreen(app) {
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

function cardsRow(app, cards, interactive, mask) {
  return h("div", { class: "hand daily-cards", role: "group", "aria-label": t("daily.cards") },
    cards.map((card, i) => {
      const held = Boolean(mask >> i & 1);
      return h("button", {
        type: "button", class: "card", "data-testid": `table-card-${i}`,
        "aria-pressed": held ? "true" : "false",
        disabled: interactive ? undefined : true,
        onclick: () => { s.held ^= 1 << i; app.render(); },
      }, cardFace(card), h("span", { class: "held-tag", "aria-hidden": "true" }, t("card.held-tag")),
          // The name is the button's content (as on the machine): no aria-label the visible tag is missing from.
          h("span", { class: "card-name visually-hidden" }, cardName(card), held ? `, ${t("card.held")}` : ""));
    }));
}

function hintBlock(app) {
  if (!s.hand) return null;
  if (!s.showHint) {
    return h("button", { type: "button", class: "btn quiet", "data-testid": "table-hint", onclick: () => { s.showHint = true; app.render(); } }, t("tables.show-hint"));
  }
  if (!s.hint) return h("p", { class: "small" }, t("app.loading"));
  const best = s.hint.holds[0];
  return h("section", { class: "table-hint", "data-testid": "table-hint-best", "data-hold": String(best.hold) },
    h("p", {}, t("hint.review.best"), " ",
      h("span", { class: "hold-cards" }, s.hand.cards.map((c, i) => miniCard(c, { held: (best.hold >> i) & 1 }))),
      " ", t("daily.ev", { ev: formatDec(best.ev, 4) })),
    h("details", {}, h("summary", {}, t("daily.all-holds")),
      h("ol", { class: "daily-evs" }, s.hint.holds.map((entry) =>
        h("li", {}, h("span", { class: "hold-cards" }, s.hand.cards.map((c, i) => miniCard(c, { held: (entry.hold >> i) & 1 }))), " ", formatDec(entry.ev, 4))))));
}

function resultBlock() {
  const d = s.drawn;
  if (!d) return null;
  return h("section", { class: "table-result", "data-testid": "table-result", "data-mistake": String(d.mistake) },
    h("p", { class: `verdict ${d.mistake ? "warn" : "ok"}`, role: "status" },
      d.mistake ? t("tables.result.mistake", { ev: formatDec(d.ev_given_up, 4) }) : t("tables.result.best")),
    h("p", {}, t("tables.result.yours"), " ", h("span", { class: "hr-cards" }, d.results[0].cards.map((c) => miniCard(c))), " ", outcomeText(d.results[0].outcome)),
    d.mistake ? h("p", {}, t("tables.result.same-cards"), " ", h("span", { class: "hr-cards" }, d.best_results[0].cards.map((c) => miniCard(c))), " ", outcomeText(d.best_results[0].outcome)) : null,
    // Several hands: every hand counted by outcome, as the core sends it.
    d.results.length > 1 ? tallyBox(d.tally, d.results.length, "table-tally") : null);
}

/** What the next practice deal on `table` at the lines chosen shows before it, line by line, as
 * Rust answers (`next_screen`: the carry rule is the core's); asked once per choice and finished
 * hand, null until the answer is in. */
function aheadOf(app, table) {
  const key = [table, app.state.default_bet, s.hands, app.state.last_hand ? app.state.last_hand.id : 0].join("|");
  if (s.ahead.key === key) return s.ahead.lines;
  s.ahead = { key, lines: null };
  screens.get(app, () => api.nextScreen(table, app.state.default_bet, s.hands, true)).then((lines) => {
    if (lines === DROPPED || s.ahead.key !== key) return;
    s.ahead.lines = lines;
    app.render();
  }, (error) => app.showError(error));
  return null;
}

/** The variants of this table: a toggle each (where the table's game has them), and each line's multiplier
 * as the core sends it: the hand's own while it is played; else what the core says the next deal
 * shows (after a draw on a variant, what each line was paid at and earned when the next deal
 * continues it; else the start multiplier). */
function uxBlock(app) {
  const listed = listedOf(s.table);
  if (!listed || !listed.variants.length) return null;
  const variant = variantOf(listed);
  // A toggle per variant the core lists, named by its rules' id.
  const toggles = listed.variants.map((one) => h("button", {
    type: "button", class: "toggle", "data-testid": `table-${one.rules}`, "aria-pressed": one === variant ? "true" : "false",
    disabled: s.hand || s.busy ? true : undefined,
    onclick: () => { s.rules = one === variant ? null : one.rules; s.drawn = null; app.render(); },
  }, t(`rules.${one.rules}`)));
  if (!variant) return h("div", { class: "control-row" }, toggles);
  const ahead = s.hand ? null : aheadOf(app, variant.table);
  const lines = s.hand ? s.hand.multipliers.map((m) => [m, null, m > variant.start])
    : ahead ? ahead.map((l) => [l.paid, l.next, l.lit]) : [];
  return h("div", { class: "ux-bar", "data-testid": "table-ux" }, toggles,
    lines.map(([now, next, lit], i) => {
      const text = now !== null && next !== null ? t("ux.badge-earned", { now: formatInt(now), next: formatInt(next) })
        : now !== null ? t("ux.badge", { m: formatInt(now) }) : t("ux.badge-next", { m: formatInt(next) });
      const label = now !== null && next !== null ? t("ux.line-earned", { n: i + 1, now: formatInt(now), next: formatInt(next) })
        : now !== null ? t("ux.line-now", { n: i + 1, m: formatInt(now) }) : t("ux.line-next", { n: i + 1, m: formatInt(next) });
      return h("span", { class: `ux-badge${lit ? " high" : ""}`, "data-testid": "ux-badge",
        "data-now": now === null ? "" : String(now), "data-next": next === null ? "" : String(next), role: "img", "aria-label": label }, text);
    }));
}

/** The line counts the player's level opens (as on the machines), when there is more than one
 * (on a variant, those it is dealt at). */
function linesChoice(app) {
  const variant = variantOf(listedOf(s.table));
  const open = openLines(app.state).filter((n) => !variant || variant.lines.includes(n));
  if (open.length < 2) return null;
  if (!open.includes(s.hands)) s.hands = 1;
  return h("div", { class: "seg table-lines", role: "group", "aria-label": t("machine.hands") },
    open.map((count) => h("button", {
      type: "button", "data-testid": `table-hands-${count}`, "aria-pressed": count === s.hands ? "true" : "false",
      disabled: s.hand || s.busy ? true : undefined,
      onclick: () => { s.hands = count; app.render(); },
    }, formatInt(count))));
}

function figures() {
  const sums = s.sums;
  if (!sums || !sums.deals) return h("p", { class: "small muted", "data-testid": "table-figures" }, t("tables.figures.none"));
  return h("p", { class: "small", "data-testid": "table-figures", "data-hands": String(sums.deals) },
    t("tables.figures", { hands: formatInt(sums.deals), best: formatInt(sums.best_holds), ev: formatDec(sums.ev_given_up, 3) }));
}

/** The table's charts in three tiers as the core sends them (beginner first), the chosen one shown:
 * its cost, its lines and, above the beginner's, the lines it adds over the tier below marked new. */
function chartBlock(app) {
  if (s.chart === null) {
    return h("button", { type: "button", class: "btn quiet", "data-testid": "table-chart", onclick: () => showChart(app) }, t("tables.chart"));
  }
  if (s.chart === "loading") return h("p", { class: "small", "data-testid": "table-chart-loading" }, t("tables.chart.loading"));
  const tier = s.chart.find((x) => x.tier === s.tier) || s.chart[s.chart.length - 1];
  const added = tier === s.chart[0] ? null : tier.added;
  return h("section", { class: "table-chart" },
    h("h3", { class: "section-title" }, t("tables.chart")),
    h("div", { class: "seg tier-choice", role: "group", "aria-label": t("chart.tier.label") },
      s.chart.map((x) => h("button", {
        type: "button", class: "seg-btn", "data-testid": `table-tier-${x.tier}`, "aria-pressed": String(x === tier),
        onclick: () => { s.tier = x.tier; app.render(); },
      }, t(`chart.tier.${x.tier}`)))),
    tier.tier === "expert" ? null
      : h("p", { class: "small" }, t(`chart.tier.${tier.tier}-explain`, { lines: plural("chart.lines", tier.max_lines, { n: formatInt(tier.max_lines) }) })),
    h("p", { class: "small" }, t("tables.chart.cost", { pct: formatPercent(tier.chart.cost, 3) })),
    h("ol", { class: "chart-lines", "data-testid": "table-chart-lines", "data-tier": tier.tier, "data-lines": String(tier.chart.lines.length) },
      tier.chart.lines.map((line) => h("li", { "data-class": line.class, class: added && added.includes(line.class) ? "added" : null },
        h("span", { class: "chart-rank" }, formatInt(line.rank)), " ",
        h("span", { class: "chart-label" }, t(`chart.class.${line.class}`),
          added && added.includes(line.class) ? h("span", { class: "tier-new", "data-testid": "tier-new" }, afterPart(t("chart.tier.new"))) : null)))));
}

function tableScreen(app) {
  const listed = listedOf(s.table);
  // A saved lab table is named by its name (the core sends its id with it); the library's by theirs.
  const saved = (s.labs || []).find((table) => table.id === s.table);
  const title = listed ? app.tableName(listed.label) : saved ? saved.name : app.tableIdName(s.table);
  const head = h("div", { class: "machine-head" },
    h("button", { type: "button", class: "back", "data-testid": "table-back", "aria-label": t("verify.back"), onclick: () => app.go("tables") }, "‹"),
    h("h2", { class: "machine-title" }, title));
  if (!s.list) return replace(app.main, head, h("p", { class: "notice" }, t("app.loading")));
  // While a hand waits: its dealt cards and the player's taps; once drawn: the final cards, the
  // held ones still marked.
  const cards = s.hand ? s.hand.cards : s.drawn ? s.drawn.results[0].cards : null;
  const mask = s.hand ? s.held : s.drawn ? s.drawn.hold : 0;
  replace(app.main, head,
    listed ? h("p", { class: "small", "data-testid": "table-return" }, joinParts([t("tables.return", { pct: formatPercent(listed.return, 2) }), t("tables.practice-only")])) : null,
    listed ? h("details", { class: "table-pays" }, h("summary", {}, t("tables.pays")),
      h("ul", {}, listed.pays.map((p) => h("li", {}, rowName(p.row), " ", formatInt(p.pay))))) : null,
    uxBlock(app),
    cards ? cardsRow(app, cards, Boolean(s.hand), mask) : h("p", { class: "small" }, t("tables.deal-first")),
    linesChoice(app),
    s.hand
      ? h("button", { type: "button", class: "btn primary", "data-testid": "table-draw", disabled: s.busy ? true : undefined, onclick: () => draw(app) }, t("machine.draw"))
      : h("button", { type: "button", class: "btn primary", "data-testid": "table-deal", disabled: s.busy ? true : undefined, onclick: () => deal(app) }, t("machine.deal")),
    hintBlock(app),
    resultBlock(),
    figures(),
    // Drills on this table (#/table-drill/ID): its hard decisions and the player's mistakes on it.
    h("button", { type: "button", class: "btn quiet", "data-testid": "table-drill", onclick: () => app.go("table-drill", s.table) }, t("tables.drill")),
    listed ? chartBlock(app) : h("p", { class: "small muted" }, t("tables.lab-chart")),
    // A copy of this table in the paytable lab: its pays to change, analyse, chart, save and practise.
    listed ? h("button", { type: "button", class: "btn quiet", "data-testid": "table-copy-lab", onclick: () => copyToLab(app, listed) }, t("tables.copy-to-lab")) : null);
}

/** The library (#/tables) and one table's practice (#/table/ID): two screens, so that opening a
 * table from the list enters it afresh. */
export const library = { enter, leave() {}, render: libraryScreen };
export const practice = { enter, leave() {}, render: tableScreen };
