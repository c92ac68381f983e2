// The hand analyser (#/analyse[/TABLE]): the player picks a table (and, on one with a variant, the
// variant's line count and the multipliers on screen), taps any five cards, and the core answers
// every hold best first with its EV, its final-hand distribution, the chart's line and what a
// chosen hold gives up (`analyse_hand`). Reached from the lobby, a drill screen and a finished
// hand on the play screen ("Analyse this hand": `analyseHand`). The screen keeps only the
// player's choices; every figure is the core's (analyser_view.js draws them).

import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { t, plural, formatInt } from "./i18n.js";
import { line, DROPPED } from "./ask.js";
import { miniCard, cardName, parseCard } from "./cards.js";
import { resultsView } from "./analyser_view.js";

/** The picker's order (presentation only: the cards are the deck the core sends): a suit to a
 * run, ace first; a card without rank or suit last. */
const RANKS = "AKQJT98765432";
const SUITS = "shdc";

/** The player's choices (kept across visits) and the core's last answer. */
const s = {
  list: null,
  table: null,
  /** The deck of the table chosen, as the core sends it (`table_view`'s `deck`), and whose. */
  deck: null,
  deckOf: null,
  /** The variant's table id and line count chosen, or null for the plain game. */
  variant: null,
  lines: null,
  /** The multipliers as typed ("" until the player types: the core then answers the start). */
  multipliers: "",
  picked: [],
  hold: null,
  analysis: null,
  /** When the tap that completed the question was made (performance.now()), for `data-ms`. */
  tappedAt: null,
};
/** A hand handed over by the play screen, taken when the screen is entered. */
let handed = null;
const loads = line();
const decks = line();
const answers = line();

/** Opens the analyser on a finished hand: its table, its dealt cards, the line count and the
 * multipliers it was dealt with, and the hold the player made (weighed against the best). */
export function analyseHand(app, record, plainTable) {
  handed = {
    table: plainTable,
    variant: record.multipliers ? record.table : null,
    lines: record.multipliers ? record.hands : null,
    multipliers: record.multipliers ? record.multipliers.join(",") : "",
    picked: record.dealt.slice(),
    hold: record.hold,
  };
  app.go("analyse", plainTable);
}

export function enter(app) {
  if (handed) {
    Object.assign(s, handed, { analysis: null });
    handed = null;
  } else if (app.route.arg && app.route.arg !== s.table) {
    Object.assign(s, { table: app.route.arg, variant: null, lines: null, multipliers: "", hold: null, analysis: null });
  }
  load(app);
}

export function leave() {}

async function load(app) {
  if (!s.list) {
    const list = await loads.ask(app, () => api.library());
    if (list === DROPPED) return;
    if (list) s.list = list;
  }
  if (s.list && !s.table) s.table = s.list[0].id;
  await loadDeck(app);
  app.render();
  ask(app);
}

/** The chosen table's deck (asked again when the table changes); a card it lacks leaves the hand. */
async function loadDeck(app) {
  if (!s.table || s.deckOf === s.table) return;
  const table = s.table;
  const view = await decks.ask(app, () => api.tableView(table));
  if (view === DROPPED || !view) return;
  s.deck = view.deck;
  s.deckOf = table;
  s.picked = s.picked.filter((card) => s.deck.includes(card));
}

/** The library's entry of the table chosen (a saved lab table reached from its play screen has
 * none: its name is its id's). */
function entry() {
  return s.list ? s.list.find((one) => one.id === s.table) || null : null;
}

/** Asks the core once five cards are picked; an answer overtaken by a newer question is dropped. */
async function ask(app) {
  if (!s.table || s.picked.length !== 5) {
    answers.drop();
    s.analysis = null;
    return;
  }
  const table = s.variant || s.table;
  const lines = s.variant ? s.lines : null;
  const multipliers = s.variant && s.multipliers.trim() ? s.multipliers.trim() : null;
  const answer = await answers.ask(app, () => api.analyseHand(table, s.picked.join(" "), lines, multipliers, s.hold));
  if (answer === DROPPED) return;
  s.analysis = answer || null;
  drawAnswer(app);
  if (s.analysis && s.tappedAt !== null) {
    const since = s.tappedAt;
    s.tappedAt = null;
    // After the frame that shows the answer: the tap's whole round trip, as the player sees it.
    window.requestAnimationFrame(() => {
      const shown = document.querySelector("[data-testid=analyser-results]");
      if (shown) shown.dataset.ms = String(Math.round(performance.now() - since));
    });
  }
}

/** Draws the answer into the screen already shown (the hand, the multipliers the core answered
 * with and the results), leaving the table, game and deck as they are: the tap's wait is one
 * small redraw, not the whole screen's. The whole screen when it is not shown yet. */
function drawAnswer(app) {
  const slot = document.getElementById("analyser-answer");
  const hand = document.getElementById("analyser-hand");
  if (!slot || !hand || !s.analysis) return app.render();
  hand.replaceWith(handRow(app));
  const typed = document.querySelector("[data-testid=analyser-multipliers]");
  if (typed && !s.multipliers && s.analysis.screen) typed.value = s.analysis.screen.multipliers.join(",");
  // Five cards: the deck and the explanation make way for the answer (a card of the hand put
  // back brings them again).
  for (const gone of document.querySelectorAll("[data-testid=analyser-count], [data-testid=analyser-picker], [data-testid=analyser-explain]")) gone.remove();
  replace(slot, resultsView(app, s.analysis, s.hold, weigh(app)));
}

/** Weighs a hold against the best (until another is weighed or the cards change). */
function weigh(app) {
  return (hold) => {
    if (s.hold === hold) return;
    s.hold = hold;
    ask(app);
  };
}

function changed(app) {
  s.hold = null;
  s.analysis = null;
  app.render();
  ask(app);
}

function tap(app, card) {
  const at = s.picked.indexOf(card);
  if (at >= 0) s.picked.splice(at, 1);
  else if (s.picked.length >= 5) return app.announce(t("analyser.full"));
  else s.picked.push(card);
  s.tappedAt = performance.now();
  if (s.picked.length < 5) return changed(app);
  // The fifth card: marked at once, the screen drawn once, with the answer (a whole redraw now
  // would put a second layout of the screen between the tap and the answer).
  const button = document.querySelector(`[data-testid="analyser-card-${card}"]`);
  if (button) button.setAttribute("aria-pressed", "true");
  s.hold = null;
  ask(app);
}

function tableChooser(app) {
  const listed = s.list.some((one) => one.id === s.table);
  return h("label", { class: "analyser-field" },
    h("span", { class: "analyser-label" }, t("analyser.table")),
    h("select", {
      "data-testid": "analyser-table",
      onchange: (event) => {
        Object.assign(s, { table: event.target.value, variant: null, lines: null, multipliers: "" });
        loadDeck(app).then(() => changed(app));
      },
    },
    listed ? null : h("option", { value: s.table, selected: true }, app.tableIdName(s.table)),
    s.list.map((one) => h("option", { value: one.id, selected: one.id === s.table ? true : undefined }, app.tableName(one.label)))));
}

/** The plain game and, on a table with variants, each variant at each of its line counts (a
 * select: one row on the smallest phone). */
function gameChooser(app) {
  const table = entry();
  if (!table || table.variants.length === 0) return null;
  const chosen = s.variant ? `${s.variant}|${s.lines}` : "plain";
  const option = (value, text) => h("option", { value, selected: value === chosen ? true : undefined }, text);
  return h("label", { class: "analyser-field" },
    h("span", { class: "analyser-label" }, t("analyser.game")),
    h("select", {
      "data-testid": "analyser-game",
      onchange: (event) => {
        const [variant, lines] = event.target.value.split("|");
        const picked = table.variants.find((one) => one.table === variant);
        Object.assign(s, { variant: picked ? picked.table : null, lines: picked ? Number(lines) : null, multipliers: "" });
        changed(app);
      },
    },
    option("plain", t("analyser.plain")),
    table.variants.map((variant) => variant.lines.map((lines) =>
      option(`${variant.table}|${lines}`, plural("analyser.variant-lines", lines, { rules: t(`rules.${variant.rules}`), n: formatInt(lines) }))))));
}

/** The multipliers on screen, one per line: as typed, else what the core answered with. */
function multipliersField(app) {
  if (!s.variant) return null;
  const shown = s.multipliers || (s.analysis && s.analysis.screen ? s.analysis.screen.multipliers.join(",") : "");
  return h("label", { class: "analyser-field" },
    h("span", { class: "analyser-label" }, t("analyser.multipliers")),
    h("input", {
      type: "text", inputmode: "numeric", autocomplete: "off", "data-testid": "analyser-multipliers", value: shown,
      onchange: (event) => {
        s.multipliers = event.target.value;
        s.tappedAt = performance.now();
        changed(app);
      },
    }));
}

/** The five cards picked (each a button that puts it back) and the way to start again. */
function handRow(app) {
  const slots = [0, 1, 2, 3, 4].map((i) => {
    const card = s.picked[i];
    return card
      // Named by its card (the card's own spoken name); what a tap does is its description.
      ? h("button", { type: "button", class: "analyser-slot", "data-testid": `analyser-slot-${i}`, "data-card": card, title: t("analyser.remove", { card: cardName(card) }), onclick: () => tap(app, card) }, miniCard(card))
      : h("span", { class: "analyser-slot empty", "aria-hidden": "true" }, "·");
  });
  return h("div", { class: "analyser-hand", id: "analyser-hand" },
    h("div", { class: "analyser-slots", role: "group", "aria-label": t("analyser.hand") }, slots),
    h("button", { type: "button", class: "btn small", "data-testid": "analyser-clear", disabled: s.picked.length === 0 ? true : undefined,
      onclick: () => { s.picked = []; changed(app); } }, t("analyser.clear")));
}

/** Every card of the table's deck, as the core sends it, a suit to a run. */
function picker(app) {
  if (!s.deck) return null;
  const place = (text) => {
    const card = parseCard(text);
    return card && card.suit ? SUITS.indexOf(card.suit) * 13 + RANKS.indexOf(card.rank) : 52;
  };
  const cards = s.deck.slice().sort((a, b) => place(a) - place(b));
  return h("div", { class: "analyser-picker", role: "group", "aria-label": t("analyser.pick"), "data-testid": "analyser-picker" },
    cards.map((card) => h("button", {
      type: "button", class: "analyser-card", "data-testid": `analyser-card-${card}`, "data-card": card,
      "aria-pressed": s.picked.includes(card) ? "true" : "false",
      onclick: () => tap(app, card),
    }, miniCard(card))));
}

export function render(app) {
  const head = h("div", { class: "machine-head" },
    h("button", { type: "button", class: "back", "data-testid": "analyser-back", "aria-label": t("verify.back"), onclick: () => history.back() }, "‹"),
    h("h2", { class: "machine-title" }, t("analyser.title")));
  if (!s.list) return replace(app.main, head, h("p", { class: "notice" }, t("app.loading")));
  replace(app.main, h("div", { class: "analyser" },
    head,
    s.picked.length === 5 ? null : h("p", { class: "small muted", "data-testid": "analyser-explain" }, t("analyser.explain")),
    tableChooser(app),
    gameChooser(app),
    multipliersField(app),
    handRow(app),
    s.picked.length === 5 ? null : h("p", { class: "small", "data-testid": "analyser-count" }, t("analyser.count", { n: formatInt(s.picked.length) })),
    s.picked.length === 5 ? null : picker(app),
    h("div", { id: "analyser-answer" }, s.analysis ? resultsView(app, s.analysis, s.hold, weigh(app)) : null)));
}
