// A short help page per machine: what pays, how to play (and each variant the machine is also
// played as, as the core lists them), and a strategy tip.

import { h, replace } from "./dom.js";
import { t, formatInt } from "./i18n.js";
import { paytable } from "./paytable.js";

export function render(app) {
  const state = app.state;
  if (!state) return replace(app.main, h("h2", { class: "screen-title" }, t("help.title")));
  const machines = state.machines;
  // Without a machine in the route, the first machine the core lists.
  const id = app.route.arg || machines[0].id;
  const machine = machines.find((m) => m.id === id);
  replace(app.main,
    h("h2", { class: "screen-title" }, t("help.title")),
    h("div", { class: "seg help-machines", role: "group", "aria-label": t("help.choose") },
      machines.map((m) => h("button", {
        type: "button", "aria-pressed": m.id === id ? "true" : "false",
        onclick: () => app.go("help", m.id),
      }, app.machineName(m.id)))),
    h("article", { class: "help" },
      h("h3", {}, app.machineName(id)),
      h("p", {}, t(`help.${id}`)),
      machine && !machine.unlocked ? h("p", { class: "small" }, t("lobby.locked", { level: formatInt(machine.unlock_level) })) : null,
      h("h4", {}, t("help.how.title")),
      h("ol", {}, ["1", "2", "3", "4"].map((n) => h("li", {}, t(`help.how.${n}`)))),
      // Each variant the machine is also played as: its name and how it plays.
      machine ? machine.variants.map((v) => [h("h4", {}, t(`rules.${v.rules}`)), h("p", { "data-testid": `help-${v.rules}` }, t(`help.${v.rules}`))]) : null,
      h("h4", {}, t("help.keys.title")),
      h("p", {}, t("help.keys")),
      h("h4", {}, t("help.tip.title")),
      h("p", {}, t(`help.tip.${id}`)),
      h("p", {}, h("button", { type: "button", class: "btn small", "data-testid": "help-chart", onclick: () => app.go("chart", id) }, t("chart.open-full"))),
      machine ? [h("h4", {}, t("machine.paytable")), paytable(machine.paytable.map((row) => ({ id: row.id, at_bets: [{ bet: 1, pay: row.pay }] })), [1], 1, new Map()), h("p", { class: "small" }, t("help.paytable"))] : null,
      h("h4", {}, t("help.analyser.title")),
      h("p", { "data-testid": "help-analyser" }, t("help.analyser")),
      h("p", {}, h("button", { type: "button", class: "btn small", "data-testid": "help-analyser-open", onclick: () => app.go("analyse", id) }, t("analyser.open"))),
      h("h4", {}, t("help.daily.title")),
      h("p", { "data-testid": "help-daily" }, t("help.daily")),
      h("h4", {}, t("help.ten.title")),
      h("p", { "data-testid": "help-ten" }, t("help.ten")),
      h("h4", {}, t("help.honest.title")),
      h("p", { "data-testid": "help-honest" }, t("help.honest")),
      h("h4", {}, t("help.kind.title")),
      h("p", {}, sentences([t("settings.kind-deals.explain1"), t("settings.kind-deals.explain2"),
        t("settings.kind-deals.explain3"), t("settings.kind-deals.explain4")]))));
}

/** Sentences run together as the language writes them (`list.sentences`: a space, none in Japanese). */
function sentences(texts) {
  return texts.reduce((first, next) => t("list.sentences", { first, next }));
}
