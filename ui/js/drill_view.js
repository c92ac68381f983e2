// What the drill screen draws on both its routes (a machine's training, #/train/ID, and a casino
// table's drill, #/table-drill/ID; one module, train.js): the five cards the player holds, the verdict the core sent (right or
// not, the EV given up, the best hold lit, every hold's EV a tap away) and the tally line. Each
// route names its parts with its own prefix (`train`, `table-drill`), which the tests look for.

import { h } from "./dom.js";
import { t, plural, formatInt, formatDec } from "./i18n.js";
import { cardFace, cardName, miniCard } from "./cards.js";

/** "Right" or the EV given up in chips: the verdict's first line, also what is announced. */
export function verdictText(v) {
  return v.correct ? t("train.right") : plural("train.wrong", v.ev_given_up_chips, { chips: formatDec(v.ev_given_up_chips, 2) }, 2);
}

/** Card `i` of the question, held or not; once answered, lit when the best hold keeps it. */
export function drillCard({ prefix, cards, hold, verdict, onToggle }, i) {
  const text = cards[i];
  const held = Boolean((hold >> i) & 1);
  const best = verdict ? Boolean((verdict.best_hold >> i) & 1) : false;
  return h("button", {
    type: "button", class: "card", "data-testid": `${prefix}-card-${i}`, "data-card": text,
    "aria-pressed": held ? "true" : "false", "data-hint": best ? "true" : "false",
    "aria-disabled": verdict ? "true" : "false",
    onclick: () => { if (!verdict) onToggle(i); },
  }, cardFace(text), h("span", { class: "held-tag", "aria-hidden": "true" }, t("card.held-tag")),
  // The name is the button's content, as on the machine (no aria-label the visible card is not part of).
  h("span", { class: "visually-hidden" },
    `${t("card.position", { n: i + 1 })}: ${cardName(text)}${held ? `, ${t("card.held")}` : ""}${best ? `, ${t("train.best-card")}` : ""}`));
}

/** The answered, right and streak counts of one tally (none yet: nothing). */
export function drillTally(prefix, tally) {
  if (!tally) return null;
  return h("p", { class: "train-tally", "data-testid": `${prefix}-tally`, "data-answered": String(tally.answered), "data-correct": String(tally.correct), "data-streak": String(tally.streak) },
    plural("train.tally", tally.streak, { correct: formatInt(tally.correct), answered: formatInt(tally.answered), streak: formatInt(tally.streak), best: formatInt(tally.best_streak) }));
}

/** The verdict on the question's `cards`; `extra` (a node or null) goes before the EV table. */
export function drillVerdict(prefix, v, cards, extra, attrs = {}) {
  const bestCards = cards.filter((_, i) => (v.best_hold >> i) & 1);
  return h("section", { class: `review ${v.correct ? "good" : "mistake"}`, "data-testid": `${prefix}-verdict`, "data-correct": String(v.correct), ...attrs },
    h("p", {}, verdictText(v)),
    h("p", { class: "review-best" }, t("hint.review.best"), " ",
      bestCards.length ? bestCards.map((c) => miniCard(c)) : t("train.draw-five")),
    extra,
    h("details", { class: "train-evs" },
      h("summary", {}, t("train.ev-table")),
      h("ol", { class: "hint-list" }, v.holds.map((hold) => h("li", { class: hold.hold === v.hold ? "chosen" : "" },
        h("span", { class: "hold-cards" }, hold.cards.length ? hold.cards.map((c) => miniCard(c, { held: true })) : t("train.draw-five")),
        h("span", { class: "small" }, plural("train.ev", hold.ev_chips, { chips: formatDec(hold.ev_chips, 2), ev: formatDec(hold.ev, 3) }, 2)))))));
}
