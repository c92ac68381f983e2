// The paytable of one machine, straight from state.machines: one column per
// bet size with the current bet's column marked, and the winning rows lit.

import { h } from "./dom.js";
import { t, formatInt } from "./i18n.js";

/**
 * `lit` maps a row id to how many hands landed on it. The core sends each row's pay per coin;
 * a column shows it for one bet (the one product the UI still forms: see ARCHITECTURE.md, UI).
 */
export function paytable(machine, bets, bet, lit) {
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
      machine.paytable.map((row) => {
        const count = lit.get(row.id) || 0;
        return h("tr", { class: count ? "won" : undefined, "data-row": row.id },
          h("th", { scope: "row", class: "pt-name" }, t(`row.${row.id}`), count > 1 ? h("span", { class: "pt-count" }, ` ×${count}`) : null),
          bets.map((b) => h("td", { class: b === bet ? "pt-bet current" : "pt-bet other-bet" }, formatInt(row.pay * b))));
      })));
}
