// The hint panel and the review after a draw, read straight from Rust: the
// hint's holds (best first, with EV per coin and in chips at the deal's stake)
// and the finished hand's verdict (mistake, EV given up in chips).

import { h } from "./dom.js";
import { t, formatInt, formatDec } from "./i18n.js";
import { miniCard } from "./cards.js";

function holdCards(cards, hold) {
  return h("span", { class: "hold-cards" }, cards.map((card, i) => miniCard(card, { held: (hold >> i) & 1 })));
}

/** The hint's entry for a hold mask. */
export function entryFor(hint, hold) {
  return hint.holds.find((entry) => entry.hold === hold);
}

/** The hint's best entry (the one Rust marks `best`). */
export function bestEntry(hint) {
  return hint.holds.find((entry) => entry.best);
}

/** The panel for the hand in progress; `hint` is null while Rust works it out. */
export function hintPanel(hint, currentHold) {
  if (!hint) {
    return h("section", { class: "hint-panel", "data-testid": "hint-panel", "aria-busy": "true" }, h("p", { class: "small" }, t("hint.loading")));
  }
  return h("section", { class: "hint-panel", "data-testid": "hint-panel", "aria-label": t("hint.title") },
    h("h3", { class: "section-title" }, t("hint.title")),
    h("ol", { class: "hint-list" }, hint.holds.slice(0, 5).map((entry) => h("li", {
      class: `${entry.best ? "best" : ""}${entry.hold === currentHold ? " chosen" : ""}`,
      "data-hold": entry.hold,
    },
      holdCards(hint.cards, entry.hold),
      h("span", { class: "hint-ev" },
        entry.best ? h("span", { class: "hint-best" }, t("hint.best")) : null,
        t("hint.ev", { ev: formatDec(entry.ev, 3), chips: formatDec(entry.ev_chips, 2) }))))),
    h("p", { class: "small" }, t("hint.stake", { stake: formatInt(hint.stake) }), " ", t("hint.explain")));
}

/** After a draw: the core's verdict on the hold, and the best hold when it was a mistake. */
export function reviewPanel(lastHand) {
  return h("section", { class: `review ${lastHand.mistake ? "mistake" : "good"}`, "data-testid": "review" },
    lastHand.mistake
      ? [h("p", {}, t("hint.review.mistake", { chips: formatDec(lastHand.ev_given_up_chips, 2) })),
        h("p", { class: "review-best" }, t("hint.review.best"), " ", holdCards(lastHand.dealt, lastHand.best_hold))]
      : h("p", {}, t("hint.review.good")));
}
