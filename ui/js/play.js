// The one play screen of every table (#/machine/ID and #/table/ID): a machine's, for chips or in
// practice, and a library or saved lab table's, in practice only. It reads the core's view of the
// table (`table_view`: the paytable at every bet, the plain game and the variants offered with
// the line counts open, the bet and line count to start at), deals, hints and draws through the
// one set of commands, and shows paytable, extra hands (Triple/Five Play and on), the main hand,
// the Deal/Draw button, bet/hands/practice selectors, a toggle per variant offered (each line's
// multiplier as the core sends it: `next_screen` before a deal, the hand's `screen` during it)
// and the hint. A table that is not a machine's adds its practice figures, its chart (a library
// table's tiers), its drill and its copy to the lab. The UI keeps only the player's choices (bet,
// hands, practice, rules, which cards to hold); every result, payout, balance, EV, chips figure,
// default, lit line and mistake verdict is read from what Rust returns.

import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { t, plural, formatInt, formatDec, formatPercent, joinParts, afterPart } from "./i18n.js";
import { tallyBox } from "./lines_view.js";
import { cardFace, cardName, miniCard } from "./cards.js";
import { paytable } from "./paytable.js";
import { copyToLab } from "./chart.js";
import { hintPanel, reviewPanel, entryFor, bestEntry } from "./hint.js";
import { analyseHand } from "./analyser.js";
import { play } from "./sound.js";
import { buzz } from "./haptics.js";
import { showSessionCard } from "./stats.js";
import { line, DROPPED } from "./ask.js";

/** The table id the route names (a machine's, a library or lab table's, or a variant's). */
let tableId = null;
/** The core's view of that table (`table_view`), null until it answers; `viewKey` says for what. */
let view = null;
let viewKey = null;
let viewFailed = false;
/** The table's practice figures (a table that is not a machine's), its chart tiers when asked. */
let sums = null;
let chart = null;
let tier = "expert";
let hold = 0;
let handKey = null;
let hint = null;
let hintFor = null;
let hintPromise = null;
let bet = null;
let hands = null;
let busy = false;
let shownCards = [];
let app = null;
/** The hint of the hand dealt now (a new hand drops the one before's). */
const hints = line();
/** A deal or a draw, from the tap to its answer (the wait for the hint and the warning included). */
const plays = line();
/** What the next deal shows before it, as Rust sent it for the choices of `key` (`lines` null until
 * it answers, or on a table that shows nothing). */
let ahead = { key: null, lines: null };
const screens = line();
const views = line();
const figures = line();
const charts = line();

function settings() {
  return app.state.settings;
}

/** Whether a hand or record was dealt on this screen's table: its plain game, a variant, or the id
 * the route names. */
function dealtHere(record) {
  return Boolean(record && view && (record.table === view.plain.table || record.table === tableId
    || view.variants.some((v) => v.table === record.table)));
}

function handHere(state) {
  return dealtHere(state.hand) ? state.hand : null;
}

function lastHere(state) {
  return dealtHere(state.last_hand) ? state.last_hand : null;
}

/** Asks the core for the view of the table at the player's level (again when the level, the
 * hand or the last hand changes: what is open and remembered may have). */
function loadView(state) {
  const key = [tableId, state.level, state.hand ? state.hand.id : 0, state.last_hand ? state.last_hand.id : 0].join("|");
  if (viewKey === key) return;
  viewKey = key;
  const id = tableId;
  views.get(app, () => api.tableView(id)).then((answer) => {
    if (answer === DROPPED || id !== tableId) return;
    const first = !view || view.id !== answer.id;
    view = answer;
    viewFailed = false;
    if (first && view.chosen) app.prefs.rules = view.chosen;
    if (first && view.practice_only) loadSums(game().table);
    app.render();
  }, (error) => {
    if (id !== tableId) return;
    viewFailed = true;
    app.showError(error);
    app.render();
  });
}

/** A practised table's figures: those of the table the hand was dealt on (a variant's are its own). */
function loadSums(table) {
  figures.get(app, () => api.tableStats(table)).then((answer) => {
    if (answer === DROPPED || !answer) return;
    sums = answer;
    app.render();
  }, () => {});
}

function keyOf(hand) {
  return hand ? hand.id : null;
}

export function enter(appRef) {
  app = appRef;
  // Each visit reads the table's view afresh (the level, the remembered choices).
  viewKey = null;
  chart = null;
  // A deal or draw still out belongs to the visit before (its answer is dropped; app.run has applied its State).
  busy = false;
  // A hint still out was dropped with the visit before: the hand's hint is asked again.
  if (!hint) { hintFor = null; hintPromise = null; }
  document.addEventListener("keydown", onKey);
}

/** Hands drawn on this visit to the machine: leaving after some shows the session card when the
 * core says it is worth showing (10 or more deals in the session). */
let drawnHere = 0;

export function leave() {
  document.removeEventListener("keydown", onKey);
  leaveTable();
}

/** Leaving a table (for another screen, or for another table on this one): a machine played on
 * offers its session card; practice is a choice made on each visit. */
function leaveTable() {
  const left = view ? view.machine : null;
  const practice = Boolean(app && app.prefs && app.prefs.practice);
  app && app.prefs && (app.prefs.practice = false);
  tableId = null;
  view = null;
  sums = null;
  if (left && drawnHere > 0) offerSessionCard(left, practice);
  drawnHere = 0;
}

async function offerSessionCard(machine, practice) {
  const card = await app.run(() => api.sessionCard(machine, practice), { quiet: true });
  if (card && card.worth_showing) showSessionCard(app, machine, practice);
}

/** The pending choices: the hand's own while one is dealt, else the core's start (the bet and line
 * count last played on this machine, else the game's defaults) until the player chooses. */
function chooseDefaults(state) {
  const hand = handHere(state);
  if (hand) {
    bet = hand.bet;
    hands = hand.hands;
    app.prefs.practice = hand.practice;
    // The hand's own game: the plain table's, or one of its variants (the core names each).
    const played = view.variants.find((v) => v.table === hand.table);
    if (played || hand.table === view.plain.table) app.prefs.rules = played ? played.rules : null;
    return;
  }
  if (bet === null) bet = view.bet;
  // Only a count the core says is open in the game chosen (a count chosen on another game may not be).
  if (hands === null || !game().lines.includes(hands)) hands = game().hands;
}

/** The game the player plays here: the variant whose rules the player chose, where the table
 * offers it, else the plain game (each with the table it is dealt on and the line counts open). */
function game() {
  return view.variants.find((v) => v.rules === app.prefs.rules) || view.plain;
}

/** The line counts to choose from, as the core lists them open in the game chosen. */
function lineChoices() {
  return game().lines;
}

/** A hand on this table is practice when the player chose it, or always on a table the core says
 * is played in practice only. */
function practising() {
  return view.practice_only || Boolean(app.prefs.practice);
}

/** The table a deal here is dealt on: the chosen game's (by the id the core names it with). */
function dealTable() {
  return game().table;
}

/** The rules a variant's bar names: the hand's game while one is played, else the chosen one. */
function rulesShown(state) {
  const hand = handHere(state);
  const played = hand ? view.variants.find((v) => v.table === hand.table) : null;
  return played ? played.rules : hand && hand.table !== view.plain.table ? view.chosen : game().rules;
}

/** What the next deal of the choices shown will show before it, line by line, as Rust answers
 * (`next_screen`: the carry rule is the core's); asked once per choice and finished hand, null
 * until the answer is in. */
function aheadOf(state) {
  const practice = practising();
  const table = dealTable();
  const key = [table, bet, hands, practice, state.last_hand ? state.last_hand.id : 0].join("|");
  if (ahead.key === key) return ahead.lines;
  ahead = { key, lines: null };
  screens.get(app, () => api.nextScreen(table, bet, hands, practice)).then((lines) => {
    if (lines === DROPPED || ahead.key !== key) return;
    ahead.lines = lines;
    app.render();
  }, (error) => app.showError(error));
  return null;
}

/** A variant's screen (each line's multiplier): what each line shows, first line first, or null on
 * a game that shows nothing. Each entry's `now` is the multiplier the line is (or was) paid at and
 * `next` what the next deal of these choices is dealt with: the hand in progress's own (its
 * `screen`, as the core sends it); else what the core says the next deal shows (what each line was
 * paid at and earned when the deal continues the hand before, else the start); on rules that show
 * nothing before a deal, the finished hand's own lines. Lit as the core says. */
function uxLines(state) {
  const hand = handHere(state);
  if (hand) return hand.screen ? hand.screen.map((l) => ({ now: l.next, next: null, lit: l.lit })) : null;
  const lines = aheadOf(state);
  if (lines) return lines.map((l) => ({ now: l.paid, next: l.next, lit: l.lit }));
  // Rules that show nothing before a deal: the finished hand's own lines, as it was paid.
  const last = lastHere(state);
  return last && last.screen ? last.screen.map((l) => ({ now: l.next, next: null, lit: l.lit })) : null;
}

/** One line's multiplier badge: "4×" (paid at), "4× → 2×" (paid at, earned for the next deal) or
 * "next 2×" (what the next deal starts at); `compact` (Ten Play's rows, two to a line) shows one
 * figure: the one paid at while the hand is played, else the next deal's ("→ 2×"). The label says
 * all of it. */
function uxBadge(line, index, compact = false) {
  if (!line) return null;
  const text = compact
    ? (line.next !== null ? t("ux.badge-to", { m: formatInt(line.next) }) : t("ux.badge", { m: formatInt(line.now) }))
    : line.now !== null && line.next !== null
      ? t("ux.badge-earned", { now: formatInt(line.now), next: formatInt(line.next) })
      : line.now !== null ? t("ux.badge", { m: formatInt(line.now) }) : t("ux.badge-next", { m: formatInt(line.next) });
  const label = line.now !== null && line.next !== null
    ? t("ux.line-earned", { n: index + 1, now: formatInt(line.now), next: formatInt(line.next) })
    : line.now !== null ? t("ux.line-now", { n: index + 1, m: formatInt(line.now) }) : t("ux.line-next", { n: index + 1, m: formatInt(line.next) });
  // Lit when the line is or will be paid above the start multiplier (the core's `lit`).
  return h("span", { class: `ux-badge${line.lit ? " high" : ""}`, "data-testid": "ux-badge", "data-now": line.now === null ? "" : String(line.now), "data-next": line.next === null ? "" : String(line.next), role: "img", "aria-label": label }, text);
}

// ---- actions ---------------------------------------------------------------

async function deal() {
  if (busy) return;
  busy = true;
  updateControls();
  play("deal");
  const next = await plays.ask(app, () => api.deal(dealTable(), bet, hands, practising()));
  if (next === DROPPED) return;
  busy = false;
  if (next && next.hand) {
    // render() (run by app.run) has already reset the hold and asked for the new hand's hint.
    app.announce(t("machine.dealt", { cards: next.hand.cards.map(cardName).join(", ") }));
  } else {
    play("error");
  }
  app.render();
}

function requestHint() {
  const state = app.state;
  const hand = handHere(state);
  if (!hand) return null;
  if (!settings().hints && !settings().mistake_warnings) return null;
  const key = keyOf(hand);
  if (hintFor === key && hintPromise) return hintPromise;
  hintFor = key;
  hintPromise = hints.get(app, () => api.hint()).then((result) => {
    if (result === DROPPED) return null;
    hint = result;
    app.render();
    return result;
  }, (error) => {
    app.showError(error);
    return null;
  });
  return hintPromise;
}

function warningsOn() {
  return settings().mistake_warnings;
}

async function draw() {
  if (busy) return;
  const state = app.state;
  const hand = handHere(state);
  if (!hand) return;
  const ticket = plays.start(app);
  if (warningsOn()) {
    // The hint names the verdict for every hold; without it in time, the draw goes ahead unwarned.
    const result = hint || await Promise.race([requestHint(), new Promise((r) => setTimeout(() => r(null), 1500))]);
    if (!ticket.wanted()) return;
    const mine = result && result.hand_id === hand.id ? entryFor(result, hold) : null;
    if (mine && mine.mistake) {
      const best = bestEntry(result);
      const choice = await warn(result, best, mine);
      if (!ticket.wanted()) return;
      if (choice === "best") { hold = best.hold; render(app); }
      if (choice === "cancel") return;
    }
  }
  busy = true;
  updateControls();
  const next = await ticket.ask(() => api.draw(hold));
  if (next === DROPPED) return;
  busy = false;
  if (next) drawnHere += 1;
  if (next && next.last_hand) {
    if (next.last_hand.payout > 0) { play("win"); buzz("win"); }
    app.announce(resultSpeech(next.last_hand));
    if (view.practice_only) loadSums(next.last_hand.table);
  }
  app.render();
  if (next) app.milestoneNews();
}

function warn(hint, best, mine) {
  const dialog = document.getElementById("dialog");
  return new Promise((resolve) => {
    const done = (value) => { dialog.close(); resolve(value); };
    replace(dialog,
      h("form", { method: "dialog", class: "sheet-body", onsubmit: (e) => e.preventDefault() },
        h("h2", {}, t("warn.title")),
        h("p", {}, plural("warn.body", mine.cost_chips, { chips: formatDec(mine.cost_chips, 2) }, 2)),
        h("p", { class: "review-best" }, t("hint.review.best"), " ",
          h("span", { class: "hold-cards" }, hint.cards.map((c, i) => miniCard(c, { held: (best.hold >> i) & 1 })))),
        h("div", { class: "sheet-actions" },
          h("button", { type: "button", class: "btn", "data-testid": "warn-cancel", onclick: () => done("cancel") }, t("warn.change")),
          h("button", { type: "button", class: "btn", "data-testid": "warn-best", onclick: () => done("best") }, t("warn.use-best")),
          h("button", { type: "button", class: "btn primary", "data-testid": "warn-draw", onclick: () => done("draw") }, t("warn.draw-anyway")))));
    dialog.addEventListener("cancel", (e) => { e.preventDefault(); done("cancel"); }, { once: true });
    dialog.showModal();
    dialog.querySelector("[data-testid=warn-cancel]").focus();
  });
}

function toggleHold(i) {
  const hand = handHere(app.state);
  if (!hand || busy) return;
  hold ^= 1 << i;
  play("hold");
  buzz("hold");
  updateCards();
  updateExtraHands();
  updateHintMarks();
  const name = document.querySelector(`[data-testid=card-${i}] .card-name`);
  app.announce(name ? name.textContent : "");
}

function onKey(event) {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  if (document.getElementById("dialog").open) return;
  const target = event.target;
  const tag = target && target.tagName;
  if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
  if (/^[1-5]$/.test(event.key)) {
    event.preventDefault();
    toggleHold(Number(event.key) - 1);
    return;
  }
  if (event.key === "Enter" || event.key === " ") {
    // A focused button keeps its own meaning (a card toggles, a bet selects).
    if (tag === "BUTTON" || tag === "A") return;
    event.preventDefault();
    dealOrDraw();
  }
}

function dealOrDraw() {
  if (handHere(app.state)) draw(); else deal();
}

// ---- rendering -------------------------------------------------------------

function resultSpeech(last) {
  const results = last.results;
  const parts = results.map((r, i) => {
    const what = t(`row.${r.outcome}`);
    const text = r.win > 0 ? t("machine.hand-win", { what, win: formatInt(r.win) }) : what;
    return results.length > 1 ? t("machine.hand-n", { n: i + 1, text }) : text;
  });
  parts.push(last.payout > 0 ? plural("machine.total-win", last.payout, { win: formatInt(last.payout) }) : t("machine.no-win"));
  return parts.join(". ");
}

/** The paytable rows the last draw lit, with how many hands made each: the core's tally. */
function litRows(state) {
  const last = handHere(state) ? null : lastHere(state);
  return new Map(last ? last.tally.map((row) => [row.outcome, row.hands]) : []);
}

/** The cards on the main line (null for a face-down card). */
function mainCards(state) {
  const hand = handHere(state);
  if (hand) return hand.cards;
  const last = lastHere(state);
  if (last) return last.results[0].cards;
  return [null, null, null, null, null];
}

function hintOn() {
  return settings().hints;
}

function cardButton(i) {
  return h("button", {
    type: "button",
    class: "card",
    "data-testid": `card-${i}`,
    onclick: () => toggleHold(i),
    // A mouse or finger press must not move focus onto the card, so Enter still deals/draws.
    onmousedown: (e) => e.preventDefault(),
  });
}

function updateCards() {
  const state = app.state;
  const hand = handHere(state);
  const cards = mainCards(state);
  const hintHold = hand && hintOn() && hint && hintFor === keyOf(hand) ? hint.best_hold : null;
  for (let i = 0; i < 5; i += 1) {
    const el = document.querySelector(`[data-testid=card-${i}]`);
    if (!el) continue;
    const card = cards[i];
    const held = Boolean(hand && (hold >> i) & 1);
    const changed = shownCards.length === 5 && shownCards[i] !== card;
    if (changed || !el.firstChild) {
      const animate = changed && document.documentElement.dataset.anim !== "off";
      el.replaceChildren(cardFace(card), h("span", { class: "held-tag", "aria-hidden": "true" }, t("card.held-tag")),
        h("span", { class: "card-name visually-hidden" }));
      if (animate) {
        el.style.setProperty("--i", String(i));
        el.classList.remove("flip");
        void el.offsetWidth;
        el.classList.add("flip");
      }
    }
    if (card) el.dataset.card = card; else delete el.dataset.card;
    el.setAttribute("aria-pressed", held ? "true" : "false");
    el.setAttribute("aria-disabled", hand ? "false" : "true");
    if (hintHold !== null && (hintHold >> i) & 1) el.dataset.hint = "true"; else el.dataset.hint = "false";
    const label = card
      ? `${t("card.position", { n: i + 1 })}: ${cardName(card)}${held ? `, ${t("card.held")}` : ""}${el.dataset.hint === "true" ? `, ${t("card.hinted")}` : ""}`
      : `${t("card.position", { n: i + 1 })}: ${t("card.back")}`;
    // The button's name is its content (the picture is hidden from the accessibility tree), so what
    // is said is all there is: no aria-label for the visible "K♣" to be missing from.
    const name = el.querySelector(".card-name");
    if (name) name.textContent = label;
    const tag = el.querySelector(".held-tag");
    if (tag) tag.textContent = t("card.held-tag");
  }
  shownCards = cards.slice();
}

function updateHintMarks() {
  for (const li of document.querySelectorAll(".hint-panel .hint-list > li")) li.classList.toggle("chosen", Number(li.dataset.hold) === hold);
}

/** Whether the hint shows every hold or only the best one (the player's choice, kept while the app runs). */
let hintMore = false;

/**
 * The paytable with its bar: on a short screen (machine.css) the table folds to the rows the last
 * draw lit, and the bar's button opens it whole; the bar also holds the hand's commitment.
 */
function paytableBox(lit, hand) {
  const open = Boolean(app.prefs.paytableOpen);
  const table = paytable(view.paytable, view.bets, bet, lit);
  table.id = "paytable";
  return h("div", { class: `pt-box${open ? " open" : ""}${lit.size ? " has-lit" : ""}` },
    h("div", { class: "pt-bar" },
      h("button", {
        type: "button", class: "btn small pt-toggle", "data-testid": "paytable-toggle",
        "aria-expanded": open ? "true" : "false", "aria-controls": "paytable",
        onclick: () => { app.prefs.paytableOpen = !open; render(app); },
      }, t("machine.paytable")),
      hand && hand.commitment ? commitmentLine(hand.commitment) : null,
      // Each variant the core offers here on or off between hands, in the paytable's bar (the
      // controls keep one row on a small phone); while a hand is played its bar above the cards
      // says it. Named by its rules' id, in the player's language.
      !hand ? view.variants.map((variant) => h("button", {
        type: "button", class: "toggle", "data-testid": variant.rules,
        "aria-pressed": game() === variant ? "true" : "false",
        disabled: busy ? true : undefined,
        onclick: () => {
          app.prefs.rules = game() === variant ? null : variant.rules;
          render(app);
        },
      }, t(`rules.${variant.rules}`))) : null),
    table);
}

/** One extra hand as a row of small cards and its result; `compact` (Ten Play: two to a line) shows
 * only the win, the outcome in its label and in the tally. */
function extraRow(index, cards, result, compact, ux) {
  const win = result ? result.win : 0;
  const row = result ? result.outcome : null;
  const text = result ? (win > 0 ? `${t(`row.${row}`)} ${formatInt(win)}` : t(`row.${row}`)) : "";
  const label = result ? t("machine.hand-n", { n: index + 1, text }) : t("machine.hand-label", { n: index + 1 });
  return h("li", { class: `extra${win > 0 ? " won" : ""}`, "data-testid": "extra-hand", "data-outcome": row || "", "aria-label": label },
    ux ? uxBadge(ux[index], index, compact) : null,
    h("span", { class: "extra-cards" }, cards.map((c) => c ? miniCard(c) : h("span", { class: "mini back", "aria-label": t("card.back"), role: "img" }, ""))),
    h("span", { class: "extra-result" }, compact ? (win > 0 ? formatInt(win) : "") : text));
}

/** From this many hands on, the extra hands' rows stand two to a line. */
const COMPACT_FROM = 10;

function updateExtraHands() {
  const box = document.querySelector(".extras");
  if (!box) return;
  const state = app.state;
  if (updateLinesGrid(state)) {
    box.replaceChildren();
    box.hidden = true;
    return;
  }
  const hand = handHere(state);
  const last = lastHere(state);
  let rows = [];
  const count = hand ? hand.hands : (last && last.results.length > 1 ? last.results.length : hands);
  const compact = count >= COMPACT_FROM;
  const ux = uxLines(state);
  if (hand && hand.hands > 1) {
    const held = hand.cards.map((c, i) => ((hold >> i) & 1 ? c : null));
    for (let n = 1; n < hand.hands; n += 1) rows.push(extraRow(n, held, null, compact, ux));
  } else if (!hand && last && last.results.length > 1 && (!ux || ux.length === last.results.length)) {
    rows = last.results.slice(1).map((r, n) => extraRow(n + 1, r.cards, r, compact, ux));
  } else if (!hand && hands > 1) {
    for (let n = 1; n < hands; n += 1) rows.push(extraRow(n, [null, null, null, null, null], null, compact, ux));
  }
  box.classList.toggle("compact", compact);
  box.classList.toggle("ux", Boolean(ux));
  box.replaceChildren(...rows.reverse());
  box.hidden = rows.length === 0;
}

/** From this many hands on, the extra hands are a grid of cells with a tally, not rows of cards. */
const GRID_FROM = 50;

/** One extra hand of a many-line deal as a grid cell: lit once drawn when it won; its outcome and win
 * in its label (the tally below the hand gives the counts and wins at a glance). */
function lineCell(index, result) {
  const win = result ? result.win : 0;
  const label = result
    ? t("machine.hand-n", { n: index + 1, text: win > 0 ? `${t(`row.${result.outcome}`)} ${formatInt(win)}` : t(`row.${result.outcome}`) })
    : t("machine.hand-label", { n: index + 1 });
  return h("li", { class: `line-cell${win > 0 ? " won" : ""}`, "data-testid": "line-cell", "data-outcome": result ? result.outcome : "", "aria-label": label, title: label });
}

function updateLinesGrid(state) {
  const box = document.querySelector(".lines-grid");
  const tally = document.querySelector(".tally-slot");
  if (!box || !tally) return false;
  const hand = handHere(state);
  const last = lastHere(state);
  // As the extra hands count them: the hand's, else the last deal's when it had several, else the choice.
  const count = hand ? hand.hands : (last && last.results.length > 1 ? last.results.length : hands);
  const drawn = !hand && last && last.results.length >= GRID_FROM;
  const grid = count >= GRID_FROM;
  box.hidden = !grid;
  box.dataset.hands = String(count);
  box.replaceChildren(...(grid
    ? Array.from({ length: count - 1 }, (_, n) => lineCell(n + 1, drawn ? last.results[n + 1] : null))
    : []));
  const showTally = !hand && last && last.results.length >= 10;
  tally.replaceChildren(...(showTally ? [tallyBox(last.tally, last.results.length, "tally")] : []));
  return grid;
}

function selector(kind, values, current, disabled, label) {
  return h("div", { class: "seg", role: "group", "aria-label": label },
    values.map((v) => h("button", {
      type: "button",
      "data-testid": `${kind}-${v}`,
      "aria-pressed": v === current ? "true" : "false",
      disabled: disabled ? true : undefined,
      onclick: () => {
        if (kind === "bet") bet = v; else hands = v;
        render(app);
      },
    }, formatInt(v))));
}

function updateControls() {
  const state = app.state;
  const hand = handHere(state);
  const button = document.querySelector("[data-testid=deal-draw]");
  if (button) {
    button.textContent = hand ? t("machine.draw") : t("machine.deal");
    button.dataset.phase = hand ? "draw" : "deal";
    button.disabled = busy;
    button.setAttribute("aria-busy", busy ? "true" : "false");
  }
}

/** The variant's bar above the main hand: its name and the first line's multiplier (null on the
 * plain game; the other lines' are on their rows). */
function uxMain(state) {
  const ux = uxLines(state);
  if (!ux) return null;
  return h("div", { class: "ux-bar", "data-testid": "ux-bar" },
    h("span", { class: "ux-name" }, t(`rules.${rulesShown(state)}`)),
    uxBadge(ux[0], 0));
}

/** Same cards, best hold: what the best hold would have made from the very same decks. */
function sameCardsLine(last) {
  const results = last.best_results;
  const text = results.length === 1
    ? t("coach.same-cards", { outcome: t(`row.${results[0].outcome}`), win: formatInt(last.best_won) })
    : t("coach.same-cards-multi", { best: formatInt(last.best_won), won: formatInt(last.won) });
  return h("p", { class: "same-cards small", "data-testid": "same-cards", "data-best-won": String(last.best_won) }, text);
}

/** The in-progress hand's commitment to its hidden seed, its explanation a tap away. */
function commitmentLine(commitment) {
  return h("details", { class: "commit", "data-testid": "commitment" },
    h("summary", {}, t("machine.commitment"), " ", h("span", { class: "hex", "data-testid": "commitment-hex" }, commitment)),
    h("p", { class: "small" }, t("machine.commitment.explain")));
}

function winLine(state) {
  const hand = handHere(state);
  const last = lastHere(state);
  if (hand) {
    // A div, not a paragraph: a short bold line before the smaller ones reads to axe's
    // p-as-heading rule as a heading styled by hand (it fired on "Hand 1: No win · No win").
    return h("div", { class: "win-line playing", "data-testid": "win-total", "data-value": "" },
      h("span", {}, hand.practice ? t("machine.practice-hand")
        : hand.multipliers ? plural(`bet-line.${rulesShown(state)}`, hand.hands, { bet: formatInt(hand.bet), hands: formatInt(hand.hands), stake: formatInt(hand.stake) })
          : t("machine.bet-line", { bet: formatInt(hand.bet), hands: formatInt(hand.hands) })),
      hand.nudged ? h("span", { class: "kind-badge" }, t("machine.kind-deal")) : null,
      h("span", { class: "small" }, t("machine.choose-hold")));
  }
  if (last) {
    const payout = last.payout;
    const results = last.results;
    const main = results[0];
    const rowText = t(`row.${main.outcome}`);
    return h("div", { class: `win-line${payout > 0 ? " won" : ""}`, "data-testid": "win-total", "data-value": String(payout) },
      joinParts([
        results.length === 1 && main.row !== null ? rowText : null,
        results.length > 1 ? t("machine.hand-n", { n: 1, text: main.win > 0 ? `${rowText} ${formatInt(main.win)}` : rowText }) : null,
        payout > 0 ? t("machine.win", { win: formatInt(payout) }) : results.length > 1 ? t("machine.total-none") : t("machine.no-win"),
        last.practice ? t("machine.practice-tag") : null,
      ].filter((part) => part !== null)));
  }
  return h("div", { class: "win-line", "data-testid": "win-total", "data-value": "" }, t("machine.ready"));
}

/** A practised table's figures (the core's sums of its practice hands). */
function figuresLine() {
  if (!sums || !sums.deals) return h("p", { class: "small muted", "data-testid": "table-figures" }, t("tables.figures.none"));
  return h("p", { class: "small", "data-testid": "table-figures", "data-hands": String(sums.deals) },
    t("tables.figures", { hands: formatInt(sums.deals), best: formatInt(sums.best_holds), ev: formatDec(sums.ev_given_up, 3) }));
}

async function showChart() {
  chart = "loading";
  render(app);
  const id = view.id;
  const answer = await charts.ask(app, () => api.tableTiers(id));
  if (answer === DROPPED || !view || view.id !== id) return;
  chart = answer || null;
  render(app);
}

/** A library table's charts in three tiers as the core sends them (beginner first), the chosen one
 * shown: its cost, its lines and, above the beginner's, the lines it adds over the tier below marked
 * new. */
function chartBlock() {
  if (chart === null) {
    return h("button", { type: "button", class: "btn quiet", "data-testid": "table-chart", onclick: showChart }, t("tables.chart"));
  }
  if (chart === "loading") return h("p", { class: "small", "data-testid": "table-chart-loading" }, t("tables.chart.loading"));
  const shown = chart.find((x) => x.tier === tier) || chart[chart.length - 1];
  const added = shown === chart[0] ? null : shown.added;
  return h("section", { class: "table-chart" },
    h("h3", { class: "section-title" }, t("tables.chart")),
    h("div", { class: "seg tier-choice", role: "group", "aria-label": t("chart.tier.label") },
      chart.map((x) => h("button", {
        type: "button", class: "seg-btn", "data-testid": `table-tier-${x.tier}`, "aria-pressed": String(x === shown),
        onclick: () => { tier = x.tier; render(app); },
      }, t(`chart.tier.${x.tier}`)))),
    shown.tier === "expert" ? null
      : h("p", { class: "small" }, t(`chart.tier.${shown.tier}-explain`, { lines: plural("chart.lines", shown.max_lines, { n: formatInt(shown.max_lines) }) })),
    h("p", { class: "small" }, t("tables.chart.cost", { pct: formatPercent(shown.chart.cost, 3) })),
    h("ol", { class: "chart-lines", "data-testid": "table-chart-lines", "data-tier": shown.tier, "data-lines": String(shown.chart.lines.length) },
      shown.chart.lines.map((l) => h("li", { "data-class": l.class, class: added && added.includes(l.class) ? "added" : null },
        h("span", { class: "chart-rank" }, formatInt(l.rank)), " ",
        h("span", { class: "chart-label" }, t(`chart.class.${l.class}`),
          added && added.includes(l.class) ? h("span", { class: "tier-new", "data-testid": "tier-new" }, afterPart(t("chart.tier.new"))) : null)))));
}

/** What a table that is not a machine's adds below the play: its figures, its drill, its chart (a
 * library table's tiers; a lab table's is the lab's) and its copy to the paytable lab. */
function tableExtras() {
  if (view.machine) return null;
  return h("div", { class: "table-extras" },
    figuresLine(),
    // Drills on this table (#/table-drill/ID): its hard decisions and the player's mistakes on it.
    h("button", { type: "button", class: "btn quiet", "data-testid": "table-drill", onclick: () => app.go("table-drill", view.id) }, t("tables.drill")),
    view.library ? chartBlock() : h("p", { class: "small muted" }, t("tables.lab-chart")),
    // A copy of this table in the paytable lab: its pays to change, analyse, chart, save and practise.
    view.library ? h("button", { type: "button", class: "btn quiet", "data-testid": "table-copy-lab",
      onclick: () => copyToLab(app, { base: view.base, pays: view.paytable.map((row) => ({ row: row.id, pay: row.pay })), label: view.label }) }, t("tables.copy-to-lab")) : null);
}

/** The head: back (a machine to the lobby, another table to the library), the table's name, and a
 * machine's chart and training (or its lock). */
function head() {
  const machine = view.machine;
  return h("div", { class: "machine-head" },
    h("button", { type: "button", class: "back", "data-testid": "play-back", "aria-label": t(machine ? "machine.back" : "verify.back"), onclick: () => app.go(machine ? "lobby" : "tables") }, "‹"),
    h("h2", { class: "machine-title" }, machine ? app.machineName(machine) : app.tableName(view.label)),
    !machine ? null
      : !view.unlocked ? h("span", { class: "tile-lock" }, t("lobby.locked", { level: formatInt(view.unlock_level) }))
        : h("span", { class: "head-actions" },
          h("button", { type: "button", class: "btn small", "data-testid": "machine-chart", onclick: () => app.go("chart", machine) }, t("chart.open")),
          // On a variant, the drill is of the hands whose best hold what is on screen changes.
          h("button", { type: "button", class: "btn small train", "data-testid": "machine-train", onclick: () => app.go("train", machine) }, t("train.open"))));
}

export function render(appRef) {
  app = appRef;
  const state = app.state;
  if (!state) return replace(app.main);
  const id = app.route.arg;
  if (id !== tableId) {
    if (tableId !== null) leaveTable();
    tableId = id;
    view = null;
    viewKey = null;
    viewFailed = false;
    sums = null;
    chart = null;
    bet = null;
    hands = null;
    shownCards = [];
  }
  loadView(state);
  if (!view) {
    replace(app.main, h("p", { class: "notice" }, viewFailed ? t("machine.unknown") : t("app.loading")));
    return;
  }
  chooseDefaults(state);
  const hand = handHere(state);
  if (keyOf(hand) !== handKey) {
    handKey = keyOf(hand);
    // With auto-hold on, a deal arrives with the core's best hold held (the player may change it).
    hold = hand && hand.auto_held !== null ? hand.auto_held : 0;
    hint = null;
    hintFor = null;
    hintPromise = null;
    // A hint still out is the hand before's.
    hints.drop();
  }
  if (hand && !hint) requestHint();
  const last = lastHere(state);
  const showHint = hintOn() && hand;
  const otherHand = state.hand && !hand ? state.hand : null;
  const choices = lineChoices();

  replace(app.main, h("div", { class: "machine-play" },
    head(),
    // A library table: its exact return, and that it is played in practice only.
    view.practice_only ? h("p", { class: "small", "data-testid": "table-return" },
      joinParts([view.return !== null ? t("tables.return", { pct: formatPercent(view.return, 2) }) : null, t("tables.practice-only")].filter((part) => part !== null))) : null,
    // A hand waits on another table: where it is, one tap away.
    otherHand ? h("p", { class: "notice small" }, t("machine.other-hand", { machine: app.tableName(otherHand.label) }), " ",
      h("button", { type: "button", class: "btn small", onclick: () => app.go(otherHand.machine ? "machine" : "table", otherHand.machine || otherHand.table) }, t("lobby.resume"))) : null,
    paytableBox(litRows(state), hand),
    h("ol", { class: "extras", "aria-label": t("machine.extra-hands") }),
    h("ol", { class: "lines-grid", "data-testid": "lines-grid", "aria-label": t("machine.extra-hands"), hidden: true }),
    uxMain(state),
    h("div", { class: "hand", role: "group", "aria-label": t("machine.your-hand") },
      [0, 1, 2, 3, 4].map(cardButton)),
    winLine(state),
    h("div", { class: "tally-slot" }),
    !hand && last && last.held_best === false ? sameCardsLine(last) : null,
    showHint ? hintPanel(hint && hintFor === keyOf(hand) ? hint : null, hold,
      { more: hintMore, onMore: () => { hintMore = !hintMore; render(app); } }) : null,
    !hand && last && (hintOn() || warningsOn()) ? reviewPanel(last) : null,
    !hand && last ? h("button", { type: "button", class: "btn small", "data-testid": "analyse-hand", onclick: () => analyseHand(app, last, view.plain.table) }, t("analyser.this-hand")) : null,
    tableExtras()),
    h("div", { class: "controls" },
      // The line counts share the bets' row while there are three at most; from Ten Play on they
      // get a row of their own, so every button keeps a thumb's width.
      h("div", { class: "control-row" },
        selector("bet", view.bets, bet, Boolean(hand) || busy, t("machine.bet")),
        choices.length > 1 && choices.length <= 3 ? selector("hands", choices, hands, Boolean(hand) || busy, t("machine.hands")) : null),
      choices.length > 3
        ? h("div", { class: "control-row lines-row" }, selector("hands", choices, hands, Boolean(hand) || busy, t("machine.hands")))
        : null,
      h("div", { class: "control-row" },
        // Practice is a choice on a machine; any other table is played in practice only.
        view.practice_only ? null : h("button", {
          type: "button", class: "toggle", "data-testid": "practice",
          "aria-pressed": app.prefs.practice ? "true" : "false",
          disabled: hand ? true : undefined,
          onclick: () => { app.prefs.practice = !app.prefs.practice; render(app); },
        }, t("machine.practice")),
        h("button", {
          type: "button", class: "toggle", "data-testid": "hint-toggle",
          "aria-pressed": hintOn() ? "true" : "false",
          onclick: () => app.run(() => api.setSetting("hints", hintOn() ? "off" : "on")).then(() => requestHint()),
        }, t("machine.hint")),
        h("button", { type: "button", class: "btn primary deal", "data-testid": "deal-draw", onclick: dealOrDraw }, ""))));
  updateCards();
  updateExtraHands();
  updateControls();
}
