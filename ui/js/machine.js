// One machine: paytable, extra hands (Triple/Five Play), the main hand, the
// Deal/Draw button, bet/hands/practice selectors, a toggle per variant the core
// lists (each line's multiplier on screen as the core sends it) and the hint. The UI keeps
// only the player's choices (bet, hands, practice, which cards to hold); every
// result, payout, balance, EV, chips figure and mistake verdict is read from
// what Rust returns.

import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { t, plural, formatInt, formatDec, joinParts } from "./i18n.js";
import { openLines, tallyBox } from "./lines_view.js";
import { cardFace, cardName, miniCard } from "./cards.js";
import { paytable } from "./paytable.js";
import { hintPanel, reviewPanel, entryFor, bestEntry } from "./hint.js";
import { play } from "./sound.js";
import { buzz } from "./haptics.js";
import { showSessionCard } from "./stats.js";
import { line, DROPPED } from "./ask.js";

let machineId = null;
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

function settings() {
  return app.state.settings;
}

function machineOf(state) {
  return state.machines.find((m) => m.id === machineId);
}

function handHere(state) {
  return state.hand && state.hand.machine === machineId ? state.hand : null;
}

function lastHere(state) {
  const last = state.last_hand;
  return last && last.machine === machineId ? last : null;
}

function keyOf(hand) {
  return hand ? hand.id : null;
}

export function enter(appRef) {
  app = appRef;
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
  const left = machineId;
  const practice = Boolean(app && app.prefs && app.prefs.practice);
  app && app.prefs && (app.prefs.practice = false);
  machineId = null;
  if (left && drawnHere > 0) offerSessionCard(left, practice);
  drawnHere = 0;
}

async function offerSessionCard(machine, practice) {
  const card = await app.run(() => api.sessionCard(machine, practice), { quiet: true });
  if (card && card.worth_showing) showSessionCard(app, machine, practice);
}

/** The pending choices: the hand's own while one is dealt, else the last ones on this machine. */
function chooseDefaults(state) {
  const hand = handHere(state);
  if (hand) {
    bet = hand.bet;
    hands = hand.hands;
    app.prefs.practice = hand.practice;
    // The hand's own table: the machine's, or one of its variants (the core names each).
    const played = machineOf(state).variants.find((v) => v.table === hand.table);
    app.prefs.rules = played ? played.rules : null;
    return;
  }
  if (bet === null) bet = state.last_bet[machineId] ?? state.default_bet;
  if (hands === null) hands = state.last_hands[machineId] ?? state.hand_counts[0];
  // Only a count the core says is open at this level (a remembered one may be above it).
  if (!lineChoices(state).includes(hands)) hands = state.hand_counts[0];
}

/** The variant of this machine the player plays (one of the tables the core lists), or null for the
 * plain game: the one whose rules the player chose, where the machine has it. */
function variantOf(state) {
  return machineOf(state).variants.find((v) => v.rules === app.prefs.rules) || null;
}

/** The line counts to choose from: the open ones, and on a variant those it is dealt at. */
function lineChoices(state) {
  const open = openLines(state);
  const variant = variantOf(state);
  return variant ? open.filter((n) => variant.lines.includes(n)) : open;
}

/** The table a deal on this machine is dealt on: the machine's, or the variant's (by the id the
 * core names it with). */
function dealTable(state) {
  const variant = variantOf(state);
  return variant ? variant.table : machineId;
}

/** What the next deal of the choices shown will show before it, line by line, as Rust answers
 * (`next_screen`: the carry rule is the core's); asked once per choice and finished hand, null
 * until the answer is in. */
function aheadOf(state) {
  const practice = Boolean(app.prefs.practice);
  const table = dealTable(state);
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
 * the plain game. Each entry's `now`
 * is the multiplier the line is (or was) paid at and `next` what the next deal of these choices is
 * dealt with: the hand in progress's own; else what the core says the next deal shows (what each
 * line was paid at and earned when the deal continues the hand before, else the start). */
function uxLines(state) {
  const hand = handHere(state);
  const variant = variantOf(state);
  if (hand) return hand.multipliers && variant ? hand.multipliers.map((m) => ({ now: m, next: null, lit: m > variant.start })) : null;
  if (!variant) return null;
  const lines = aheadOf(state);
  return lines ? lines.map((l) => ({ now: l.paid, next: l.next, lit: l.lit })) : null;
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
  const next = await plays.ask(app, () => api.deal(dealTable(app.state), bet, hands, Boolean(app.prefs.practice)));
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
  }
  app.render();
  if (next) app.milestoneNews();
}

/** The mistake warning before a draw, for another screen's hand (a practice table's): "cancel",
 * "best" or "draw". */
export function warnBeforeDraw(cards, best, mine) {
  return warn({ cards }, best, mine);
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

function litRows(state) {
  const lit = new Map();
  if (handHere(state)) return lit;
  const last = lastHere(state);
  for (const result of last ? last.results : []) {
    if (result.row !== null) lit.set(result.outcome, (lit.get(result.outcome) || 0) + 1);
  }
  return lit;
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
function paytableBox(machine, bets, lit, hand) {
  const open = Boolean(app.prefs.paytableOpen);
  const table = paytable(machine, bets, bet, lit);
  table.id = "paytable";
  return h("div", { class: `pt-box${open ? " open" : ""}${lit.size ? " has-lit" : ""}` },
    h("div", { class: "pt-bar" },
      h("button", {
        type: "button", class: "btn small pt-toggle", "data-testid": "paytable-toggle",
        "aria-expanded": open ? "true" : "false", "aria-controls": "paytable",
        onclick: () => { app.prefs.paytableOpen = !open; render(app); },
      }, t("machine.paytable")),
      hand && hand.commitment ? commitmentLine(hand.commitment) : null,
      // Each variant of the machine on or off between hands, in the paytable's bar
      // (the controls keep one row on a small phone), offered once the level opens several lines
      // (`multi_play`, where a player meets multi-line games); while a hand is played its bar above
      // the cards says it. Named by its rules' id, in the player's language.
      !hand && app.state.multi_play && machine.unlocked ? machine.variants.map((variant) => h("button", {
        type: "button", class: "toggle", "data-testid": variant.rules,
        "aria-pressed": app.prefs.rules === variant.rules ? "true" : "false",
        onclick: () => {
          app.prefs.rules = app.prefs.rules === variant.rules ? null : variant.rules;
          if (!lineChoices(app.state).includes(hands)) hands = lineChoices(app.state)[0];
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
        if (!lineChoices(app.state).includes(hands)) hands = lineChoices(app.state)[0];
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
    h("span", { class: "ux-name" }, t(`rules.${variantOf(state).rules}`)),
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
        : hand.multipliers ? plural("ux.bet-line", hand.hands, { bet: formatInt(hand.bet), hands: formatInt(hand.hands), stake: formatInt(hand.stake) })
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

export function render(appRef) {
  app = appRef;
  const state = app.state;
  if (!state) return replace(app.main);
  const id = app.route.arg;
  if (id !== machineId) {
    machineId = id;
    bet = null;
    hands = null;
    shownCards = [];
  }
  const machine = machineOf(state);
  if (!machine) {
    replace(app.main, h("p", { class: "notice" }, t("machine.unknown")));
    return;
  }
  chooseDefaults(state);
  const hand = handHere(state);
  if (keyOf(hand) !== handKey) {
    handKey = keyOf(hand);
    hold = 0;
    hint = null;
    hintFor = null;
    hintPromise = null;
    // A hint still out is the hand before's.
    hints.drop();
  }
  if (hand && !hint) requestHint();
  const last = lastHere(state);
  const bets = state.bets;
  const showHint = hintOn() && hand;
  const otherHand = state.hand && !hand ? state.hand : null;

  replace(app.main, h("div", { class: "machine-play" },
    h("div", { class: "machine-head" },
      h("button", { type: "button", class: "back", "data-testid": "machine-back", "aria-label": t("machine.back"), onclick: () => app.go("lobby") }, "‹"),
      h("h2", { class: "machine-title" }, app.machineName(machine.id)),
      !machine.unlocked ? h("span", { class: "tile-lock" }, t("lobby.locked", { level: formatInt(machine.unlock_level) }))
        : h("span", { class: "head-actions" },
          h("button", { type: "button", class: "btn small", "data-testid": "machine-chart", onclick: () => app.go("chart", machine.id) }, t("chart.open")),
          // On a variant, the drill is of the hands whose best hold what is on screen changes.
          h("button", { type: "button", class: "btn small train", "data-testid": "machine-train", onclick: () => app.go("train", machine.id) }, t("train.open")))),
    // A hand waits on another machine or a practised table: where it is, one tap away.
    otherHand ? h("p", { class: "notice small" }, t("machine.other-hand", { machine: app.tableName(otherHand.label) }), " ",
      h("button", { type: "button", class: "btn small", onclick: () => otherHand.machine ? app.go("machine", otherHand.machine) : app.go("table", otherHand.table) }, t("lobby.resume"))) : null,
    paytableBox(machine, bets, litRows(state), hand),
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
    !hand && last && (hintOn() || warningsOn()) ? reviewPanel(last) : null),
    h("div", { class: "controls" },
      // The line counts share the bets' row while there are three at most; from Ten Play on they
      // get a row of their own, so every button keeps a thumb's width.
      h("div", { class: "control-row" },
        selector("bet", bets, bet, Boolean(hand) || busy, t("machine.bet")),
        lineChoices(state).length > 1 && lineChoices(state).length <= 3 ? selector("hands", lineChoices(state), hands, Boolean(hand) || busy, t("machine.hands")) : null),
      lineChoices(state).length > 3
        ? h("div", { class: "control-row lines-row" }, selector("hands", lineChoices(state), hands, Boolean(hand) || busy, t("machine.hands")))
        : null,
      h("div", { class: "control-row" },
        h("button", {
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
