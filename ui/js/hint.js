// The hint panel and the review after a draw, read straight from Rust: the
// hint's holds (best first, with EV per coin and in chips at the deal's stake)
// and the finished hand's verdict (mistake, EV given up in chips).

import { h } from "./dom.js";
import { t, plural, formatInt, formatDec, sentences } from "./i18n.js";
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

function holdRow(hint, entry, currentHold) {
  return h("li", {
    class: `${entry.best ? "best" : ""}${entry.hold === currentHold ? " chosen" : ""}`,
    "data-hold": entry.hold,
  },
    holdCards(hint.cards, entry.hold),
    h("span", { class: "hint-ev" },
      entry.best ? h("span", { class: "hint-best" }, t("hint.best")) : null,
      plural("hint.ev", entry.ev_chips, { ev: formatDec(entry.ev, 3), chips: formatDec(entry.ev_chips, 2) }, 2)));
}

/** The strategy chart's word on the hand: the line of the exact best hold, and the chart's own
 * line when its hold is worse (where the chart costs its fraction of a percent). */
export function chartLine(advice, tier, testid = "hint-chart") {
  const name = (line) => t("chart.line-named", { label: t(`chart.class.${line.class}`), n: formatInt(line.rank) });
  const best = (line) => tier === "expert" ? t("chart.hint", { line }) : t("chart.hint-tier", { tier: t(`chart.tier.${tier}`), line });
  return h("p", { class: "hint-chart small", "data-testid": testid, "data-agrees": String(advice.agrees), "data-tier": tier,
    "data-line": advice.best_line ? String(advice.best_line.rank) : "" },
  sentences(advice.best_line ? best(name(advice.best_line)) : t("chart.hint-none"),
    advice.agrees ? null : h("span", { class: "hint-chart-differs" },
      sentences(t("chart.hint-differs", { line: name(advice.line) }), t("chart.hint-cost", { cost: formatDec(advice.cost, 3) })))));
}

/** What is on screen says of the hand: whether the multipliers on screen make another hold best than
 * the plain game's, and what the plain game's hold gives up here (the core's figures). */
function uxLine(ux, cards) {
  return h("p", { class: "hint-ux small", "data-testid": "hint-ux", "data-changes": String(ux.changes_best) },
    ux.changes_best
      ? sentences(t("ux.hint-changes"), holdCards(cards, ux.plain_best),
        plural("ux.hint-gives-up", ux.plain_gives_up_chips, { chips: formatDec(ux.plain_gives_up_chips, 2) }, 2))
      : t("ux.hint-same"));
}

/**
 * The panel for the hand in progress; `hint` is null while Rust works it out. The best hold with
 * its EV is always shown; the next holds and the explanation open with the panel's button
 * (`more`, toggled by `onMore`), so a small phone keeps the whole hand on one screen.
 */
export function hintPanel(hint, currentHold, { more = false, onMore = null } = {}) {
  if (!hint) {
    return h("section", { class: "hint-panel", "data-testid": "hint-panel", "aria-busy": "true" }, h("p", { class: "small" }, t("hint.loading")));
  }
  const [best, ...others] = hint.holds.slice(0, 5);
  return h("section", { class: `hint-panel${more ? " more" : ""}`, "data-testid": "hint-panel", "aria-labelledby": "hint-title" },
    h("h3", { class: "section-title hint-title", id: "hint-title" }, t("hint.title")),
    h("div", { class: "hint-main" },
      h("ol", { class: "hint-list hint-best-list", "data-testid": "hint-best", "data-hold": String(best.hold) }, holdRow(hint, best, currentHold)),
      hint.screen ? uxLine(hint.screen, hint.cards) : null,
      hint.chart ? chartLine(hint.chart, hint.chart_tier) : null),
    onMore ? h("button", {
      type: "button", class: "hint-more", "data-testid": "hint-more", "aria-expanded": more ? "true" : "false",
      "aria-controls": "hint-others", "aria-label": t("hint.more"), title: t("hint.more"), onclick: onMore,
    }, h("span", { "aria-hidden": "true" }, more ? "▴" : "▾")) : null,
    h("div", { class: "hint-others", id: "hint-others", hidden: onMore && !more ? true : undefined },
      h("ol", { class: "hint-list", start: 2 }, others.map((entry) => holdRow(hint, entry, currentHold))),
      h("p", { class: "small" }, sentences(plural("hint.stake", hint.stake, { stake: formatInt(hint.stake) }), t("hint.explain")))));
}

/** After a draw: the core's verdict on the hold, and the best hold when it was a mistake. */
export function reviewPanel(lastHand) {
  return h("section", { class: `review ${lastHand.mistake ? "mistake" : "good"}`, "data-testid": "review", "data-mistake": String(lastHand.mistake) },
    lastHand.mistake
      ? [h("p", {}, plural("hint.review.mistake", lastHand.ev_given_up_chips, { chips: formatDec(lastHand.ev_given_up_chips, 2) }, 2)),
        h("p", { class: "review-best" }, t("hint.review.best"), " ", holdCards(lastHand.dealt, lastHand.best_hold))]
      : h("p", {}, t("hint.review.good")));
}
