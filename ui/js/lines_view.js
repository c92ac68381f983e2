// What a deal of many hands shows once drawn: the deal counted by outcome as the core sends it
// (`tally`: how many hands made each row and their win). Nothing is computed here.

import { h } from "./dom.js";
import { t, plural, formatInt } from "./i18n.js";

/** The drawn deal's tally, two entries to a line so a hundred hands read at a glance; `testid`
 * names it on its screen (its entries are `tally-row`). */
export function tallyBox(tally, hands, testid) {
  return h("div", { class: "tally", "data-testid": testid },
    h("div", { class: "small tally-caption" }, plural("machine.tally", hands, { hands: formatInt(hands) })),
    h("ul", { class: "tally-list" }, tally.map((row) => h("li", {
      class: row.win > 0 ? "won" : "", "data-testid": "tally-row", "data-outcome": row.outcome, "data-hands": String(row.hands),
    },
    h("span", { class: "tally-name" }, t(`row.${row.outcome}`)),
    h("span", { class: "tally-count" }, t("machine.tally-hands", { n: formatInt(row.hands) })),
    h("span", { class: "tally-win" }, row.win > 0 ? formatInt(row.win) : "")))));
}
