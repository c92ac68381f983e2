// What the hand analyser draws of the core's answer (`analyse_hand`): what the multipliers on
// screen change, the chart's line, what the hold weighed gives up row by row, and every hold best
// first with its EV and its final-hand distribution (each row's chance and draws, as sent).

import { h } from "./dom.js";
import { t, plural, formatInt, formatDec, formatShare } from "./i18n.js";
import { miniCard } from "./cards.js";
import { chartLine } from "./hint.js";

function holdCards(cards, hold) {
  return h("span", { class: "hold-cards" }, cards.map((card, i) => miniCard(card, { held: (hold >> i) & 1 })));
}

function rowName(id) {
  return t(`row.${id}`);
}

/** A hold's final hands: each row's chance and its draws of all, as the core counted them. */
function distribution(analysis, entry) {
  return h("table", { class: "counts analyser-dist", "data-testid": `analyser-dist-${entry.hold}` },
    h("caption", { class: "small muted" }, plural("analyser.draws", entry.draws, { n: formatInt(entry.draws) })),
    h("thead", {}, h("tr", {},
      h("th", { scope: "col" }, t("analyser.col.hand")),
      h("th", { scope: "col" }, t("analyser.col.chance")),
      h("th", { scope: "col" }, t("analyser.col.draws")))),
    h("tbody", {}, analysis.outcomes.map((row, i) => h("tr", { "data-row": row.id, "data-count": String(entry.counts[i]), "data-p": String(entry.probabilities[i]) },
      h("th", { scope: "row" }, rowName(row.id)),
      h("td", {}, formatShare(entry.probabilities[i], 2)),
      h("td", {}, formatInt(entry.counts[i]))))));
}

function holdItem(analysis, entry, chosen, weigh) {
  return h("li", { class: `analyser-hold${entry.best ? " best" : ""}`, "data-hold": String(entry.hold), "data-best": String(entry.best) },
    h("div", { class: "analyser-hold-head" },
      holdCards(analysis.cards, entry.hold),
      h("span", { class: "hint-ev" },
        entry.best ? h("span", { class: "hint-best" }, t("hint.best")) : null,
        t("analyser.ev", { ev: formatDec(entry.ev, 4) }),
        analysis.screen ? h("span", { class: "small muted" }, " ", t("analyser.pay-ev", { ev: formatDec(entry.pay_ev, 4) })) : null),
      h("button", {
        type: "button", class: "toggle analyser-weigh", "data-testid": `analyser-weigh-${entry.hold}`,
        "aria-pressed": chosen === entry.hold ? "true" : "false", onclick: () => weigh(entry.hold),
      }, t("analyser.weigh"))),
    // A best hold's final hands are open; another's are drawn when the player opens them (32
    // tables at once would slow the answer a tap waits for).
    h("details", {
      open: entry.best ? true : undefined,
      ontoggle: (event) => {
        const details = event.currentTarget;
        if (details.open && !details.querySelector("table")) details.append(distribution(analysis, entry));
      },
    },
    h("summary", {}, t("analyser.distribution")),
    entry.best ? distribution(analysis, entry) : null));
}

/** What the hold weighed gives up against the best hold, and each row's chance under both. */
function givesUp(analysis) {
  const given = analysis.chosen;
  if (!given) return null;
  return h("section", { class: "analyser-gives", "data-testid": "analyser-gives", "data-cost": String(given.cost), "data-mistake": String(given.mistake) },
    h("p", {}, holdCards(analysis.cards, given.hold), " ",
      given.mistake ? t("analyser.gives-up", { ev: formatDec(given.cost, 4) }) : t("analyser.gives-nothing")),
    h("table", { class: "counts" },
      h("thead", {}, h("tr", {},
        h("th", { scope: "col" }, t("analyser.col.hand")),
        h("th", { scope: "col" }, t("analyser.col.chosen")),
        h("th", { scope: "col" }, t("analyser.col.best")))),
      h("tbody", {}, given.changes.map((row) => h("tr", { "data-row": row.id, "data-difference": String(row.difference) },
        h("th", { scope: "row" }, rowName(row.id)),
        h("td", {}, formatShare(row.chosen, 2)),
        h("td", {}, formatShare(row.best, 2)))))));
}

function screenLine(screen, cards) {
  return h("p", { class: "small", "data-testid": "analyser-ux", "data-changes": String(screen.changes_best) },
    screen.changes_best
      ? [t("analyser.ux-changes", { ev: formatDec(screen.plain_gives_up, 4) }), " ", holdCards(cards, screen.plain_best)]
      : t("analyser.ux-same"));
}

/** The answer: best first, the weighed hold's cost, the chart's line, every hold. */
export function resultsView(app, analysis, chosen, weigh) {
  return h("section", { class: "analyser-results", "data-testid": "analyser-results", "data-best": String(analysis.best_hold), "aria-labelledby": "analyser-holds" },
    h("h3", { class: "section-title", id: "analyser-holds" }, t("analyser.holds")),
    analysis.screen ? screenLine(analysis.screen, analysis.cards) : null,
    analysis.chart ? chartLine(analysis.chart, analysis.chart_tier, "analyser-chart") : null,
    givesUp(analysis),
    h("ol", { class: "analyser-holds" }, analysis.holds.map((entry) => holdItem(analysis, entry, chosen, weigh))));
}
