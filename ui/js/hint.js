// The hint panel: the best holds for the hand on screen with their expected
// value as Rust computed it (per coin; shown in chips for the current bet).

import { h } from "./dom.js";
import { t, formatDec } from "./i18n.js";
import { miniCard } from "./cards.js";

/** Normalises the hint result to [{hold, ev}] best first, plus best. */
export function hintEntries(hint) {
  if (!hint) return { entries: [], best: null };
  const list = hint.holds || hint.options || hint.evs || [];
  const entries = list.map((item) => ({
    hold: Number(item.hold ?? item.mask ?? 0),
    ev: Number(item.ev ?? item.ev_per_coin ?? item.value ?? 0),
  }));
  const bestHold = Number(hint.best_hold ?? (entries[0] && entries[0].hold) ?? 0);
  const bestEv = Number(hint.best_ev ?? (entries.find((e) => e.hold === bestHold) || entries[0] || {}).ev ?? 0);
  return { entries, best: { hold: bestHold, ev: bestEv } };
}

/** The EV Rust gave for one hold, or null if it is not in the list. */
export function evOf(hint, hold) {
  const found = hintEntries(hint).entries.find((e) => e.hold === hold);
  return found ? found.ev : null;
}

function holdCards(cards, hold) {
  return h("span", { class: "hold-cards" }, cards.map((card, i) => miniCard(card, { held: (hold >> i) & 1 })));
}

export function holdLabel(cards, hold) {
  const held = cards.filter((_, i) => (hold >> i) & 1);
  return held.length ? held.join(" ") : t("hint.discard-all");
}

export function hintPanel(hint, cards, bet, currentHold) {
  const { entries, best } = hintEntries(hint);
  if (!hint) {
    return h("section", { class: "hint-panel", "data-testid": "hint-panel", "aria-busy": "true" }, h("p", { class: "small" }, t("hint.loading")));
  }
  const top = entries.slice(0, 5);
  if (best && !top.some((e) => e.hold === best.hold)) top.unshift(best);
  return h("section", { class: "hint-panel", "data-testid": "hint-panel", "aria-label": t("hint.title") },
    h("h3", { class: "section-title" }, t("hint.title")),
    h("ol", { class: "hint-list" }, top.map((entry) => h("li", {
      class: `${entry.hold === best.hold ? "best" : ""}${entry.hold === currentHold ? " chosen" : ""}`,
      "data-hold": entry.hold,
    },
      holdCards(cards, entry.hold),
      h("span", { class: "hint-ev" },
        entry.hold === best.hold ? h("span", { class: "hint-best" }, t("hint.best")) : null,
        t("hint.ev", { ev: formatDec(entry.ev, 3), chips: formatDec(entry.ev * bet, 2) }))))),
    h("p", { class: "small" }, t("hint.explain")));
}

/** After a draw: what the best hold was and what the chosen hold gave up. */
export function reviewPanel(lastHand) {
  const stake = (Number(lastHand.bet) || 0) * (Number(lastHand.hands) || 1);
  const cards = lastHand.dealt || lastHand.cards || [];
  const givenUp = Number(lastHand.ev_given_up) || 0;
  if (!cards.length || lastHand.best_hold === undefined) return null;
  return h("section", { class: `review ${givenUp > 1e-9 ? "mistake" : "good"}` },
    givenUp > 1e-9
      ? [h("p", {}, t("hint.review.mistake", { chips: formatDec(givenUp * stake, 2) })),
        h("p", { class: "review-best" }, t("hint.review.best"), " ", holdCards(cards, Number(lastHand.best_hold)))]
      : h("p", {}, t("hint.review.good")));
}
