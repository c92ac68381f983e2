// Recent hands: dealt cards with the hold, the final cards and result, the
// core's verdict on the hold, and the kind-deal marker naming the swapped card.
// Read-only; Rust keeps the record. Pages of PAGE hands, older ones on request.

import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { t, plural, formatInt, formatDec, formatDay, afterPart } from "./i18n.js";
import { miniCard, cardName } from "./cards.js";
import { line, DROPPED } from "./ask.js";

/** How many hands one request asks for (a page size, not a rule). */
const PAGE = 50;

let hands = null;
let failed = false;
let more = false;
let loadingOlder = false;
let loadedFor = null;
/** The pages: a fresh first page (a hand played meanwhile) drops an older page still out. */
const pages = line();

async function load(app) {
  const page = await pages.ask(app, () => api.history(PAGE, null), { quiet: true });
  if (page === DROPPED) return;
  loadingOlder = false;
  failed = page === undefined;
  if (failed) return;
  hands = page;
  more = page.length === PAGE;
  app.render();
}

async function loadOlder(app) {
  if (loadingOlder || !hands.length) return;
  loadingOlder = true;
  app.render();
  const before = hands[hands.length - 1].id;
  const page = await pages.ask(app, () => api.history(PAGE, before));
  if (page === DROPPED) return;
  loadingOlder = false;
  if (page !== undefined) {
    hands = hands.concat(page);
    more = page.length === PAGE;
  }
  app.render();
}

export function enter(app) {
  hands = null;
  failed = false;
  more = false;
  loadingOlder = false;
  loadedFor = null;
}

function nudgeLine(nudge) {
  const kind = t(`history.nudge.${nudge.kind}`);
  return h("p", { class: "kind-line" },
    h("span", { class: "kind-badge" }, t("history.kind")), " ",
    t("history.nudge", { n: nudge.position + 1, removed: cardName(nudge.removed), added: cardName(nudge.added), kind }));
}

function row(app, hand) {
  const nudge = hand.nudge;
  const results = hand.results;
  const main = results[0];
  return h("li", { class: "history-row", "data-testid": "history-row", "data-hand": hand.id },
    h("p", { class: "hr-head" },
      // A hand practised on a casino or lab table has no machine: its table's name from its label.
      h("span", { class: "hr-machine" }, hand.machine === null ? app.tableName(hand.table_label) : app.machineName(hand.machine)),
      h("span", { class: "small" },
        t("history.bet", { bet: formatInt(hand.bet), hands: formatInt(hand.hands) }),
        hand.practice ? afterPart(t("machine.practice-tag")) : "",
        // A hand whose seed was chosen (the command line's --seed) could be known in advance: said so.
        hand.seed_from === "chosen" ? afterPart(t("history.seed-chosen")) : "",
        hand.played_at === null ? "" : afterPart(formatDay(hand.played_at)))),
    h("p", { class: "hr-cards" },
      h("span", { class: "hr-label" }, t("history.dealt")),
      hand.dealt.map((c, i) => miniCard(c, { held: (hand.hold >> i) & 1, swapped: nudge && nudge.position === i }))),
    h("p", { class: "hr-cards" },
      h("span", { class: "hr-label" }, t("history.final")),
      main.cards.map((c) => miniCard(c))),
    // Up to five hands each by name; from Ten Play on the core's tally (hands per row and their win).
    results.length >= 10 ? h("p", { class: "small", "data-testid": "history-tally" },
      hand.tally.map((r) => `${t(`row.${r.outcome}`)} ${t("machine.tally-hands", { n: formatInt(r.hands) })}${r.win ? `: ${formatInt(r.win)}` : ""}`).join(t("list.parts")))
      : results.length > 1 ? h("p", { class: "small" },
        results.map((r, i) => `${t("machine.hand-n", { n: i + 1, text: t(`row.${r.outcome}`) })}${r.win ? ` ${formatInt(r.win)}` : ""}`).join(t("list.parts"))) : null,
    h("p", { class: "hr-result" },
      h("span", {}, results.length > 1
        ? t("machine.hand-n", { n: 1, text: t(`row.${main.outcome}`) })
        : t(`row.${main.outcome}`)),
      h("span", { class: hand.payout > 0 || (hand.practice && hand.won > 0) ? "hr-win won" : "hr-win" },
        hand.practice ? t("history.practice-won", { won: formatInt(hand.won) }) : t("history.paid", { paid: formatInt(hand.payout), cost: formatInt(hand.cost) }))),
    h("p", { class: "small" },
      hand.mistake ? plural("history.ev-lost", hand.ev_given_up_chips, { chips: formatDec(hand.ev_given_up_chips, 2) }, 2) : t("history.ev-best")),
    nudge ? nudgeLine(nudge) : null,
    // What each line showed at the deal (its multiplier) and, on rules that carry one, what it
    // earned for the next hand (absent on rules that carry nothing).
    hand.multipliers ? h("p", { class: "small", "data-testid": "history-ux" }, results.some((r) => r.earned === undefined)
      ? t("screen.history-drawn", { rules: t(`rules.${hand.rules}`), now: hand.multipliers.map((m) => t("ux.badge", { m: formatInt(m) })).join(" ") })
      : t("ux.history", {
        now: hand.multipliers.map((m) => t("ux.badge", { m: formatInt(m) })).join(" "),
        next: results.map((r) => t("ux.badge", { m: formatInt(r.earned) })).join(" "),
      })) : null,
    hand.held_best === false ? h("p", { class: "small" },
      hand.best_results.length === 1
        ? t("coach.same-cards", { outcome: t(`row.${hand.best_results[0].outcome}`), win: formatInt(hand.best_won) })
        : t("coach.same-cards-multi", { best: formatInt(hand.best_won), won: formatInt(hand.won) })) : null,
    h("p", { class: "hr-verify" },
      h("button", { type: "button", class: "btn small", "data-testid": "history-verify", onclick: () => app.go("verify", String(hand.id)) }, t("history.verify"))));
}

/** The head of the history's chain as the core sends it: noted once, it fixes the past it covers. */
export function headNote(head) {
  return h("div", { class: "history-head", "data-testid": "history-head" },
    h("p", { class: "small" }, t("history.head", { records: formatInt(head.records) })),
    h("p", { class: "hex", "data-testid": "history-head-hex" }, head.hex),
    h("p", { class: "small muted" }, t("history.head.explain")));
}

export function render(app) {
  const key = app.state ? `${app.state.chips}|${app.state.last_hand && app.state.last_hand.id}|${app.state.hand && app.state.hand.id}` : "";
  if (app.state && loadedFor !== key) {
    loadedFor = key;
    load(app);
  }
  replace(app.main,
    h("h2", { class: "screen-title" }, t("history.title")),
    app.state ? headNote(app.state.head) : null,
    failed ? null
      : hands === null ? h("p", { class: "notice" }, t("app.loading"))
        : hands.length === 0 ? h("p", { class: "notice" }, t("history.empty"))
          : h("ol", { class: "history" }, hands.map((hand) => row(app, hand))),
    !failed && hands && more ? h("button", {
      type: "button", class: "btn history-older", "data-testid": "history-older",
      disabled: loadingOlder ? true : undefined, "aria-busy": loadingOlder ? "true" : "false",
      onclick: () => loadOlder(app),
    }, loadingOlder ? t("app.loading") : t("history.older")) : null,
    h("p", { class: "small muted" }, t("history.note")));
}
