// A table's paytable as the core sends it: one column per bet size with the current bet's column
// marked, each row's pay at every bet (`at_bets`: `{bet, pay}`, in the order of `bets`), and the
// winning rows lit.

import { h } from "./dom.js";
import { t, formatInt } from "./i18n.js";

/**
 * `rows` are the core's (`{id, at_bets: [{bet, pay}]}`: what the row pays at each of `bets`); `lit` maps a row
 * id to how many hands landed on it.
 */
export function paytable(rows, bets, bet, lit) {
  return h("table", { class: "paytable", "aria-label": t("machine.paytable") },
    h("thead", {},
      h("tr", {},
        h("th", { scope: "col", class: "pt-name" }, t("machine.paytable.hand")),
        bets.map((b) => h("th", {
          scope: "col",
          class: b === bet ? "pt-bet current" : "pt-bet other-bet",
          "aria-current": b === bet ? "true" : undefined,
          "aria-label": t("machine.paytable.bet", { bet: formatInt(b) }),
        }, formatInt(b))))),
    h("tbody", {},
      rows.map((row) => {
        const count = lit.get(row.id) || 0;
        return h("tr", { class: count ? "won" : undefined, "data-row": row.id },
          h("th", { scope: "row", class: "pt-name" }, t(`row.${row.id}`), count > 1 ? h("span", { class: "pt-count" }, ` ×${count}`) : null),
          row.at_bets.map((at) => h("td", { class: at.bet === bet ? "pt-bet current" : "pt-bet other-bet" }, formatInt(at.pay))));
      })));
}
