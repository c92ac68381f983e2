// Fairness: one tap from the lobby. A hub (#/fairness) leading to the Verify form
// (#/fairness/verify), the whole-history check (#/fairness/history) and the labs (#/fairness/shuffle, #/fairness/bag). Every figure comes
// from Rust; the texts beside each experiment explain it in our own words.

import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";
import { verificationView } from "./verify.js";
import * as labs from "./labs.js";
import * as historyCheck from "./history_check.js";
import { line, DROPPED } from "./ask.js";

// The machine and hand count start at the first ones the core lists (state.machines, hand_counts).
const form = { seed: "", machine: null, hands: null, commitment: "" };
let result = null;
let busy = false;
const replays = line();

export function enter() {
  result = null;
  busy = false;
}

export function leave() {
  labs.leave();
  historyCheck.leave();
}

function head(app, title, back) {
  return h("div", { class: "machine-head" },
    h("button", { type: "button", class: "back", "data-testid": "fairness-back", "aria-label": t("verify.back"), onclick: back }, "‹"),
    h("h2", { class: "machine-title" }, title));
}

function hub(app) {
  const entry = (id, testid) => h("li", {},
    h("button", { type: "button", class: "fair-entry", "data-testid": testid, onclick: () => app.go("fairness", id) },
      h("span", { class: "fair-name" }, t(`fairness.${id}.title`)),
      h("span", { class: "small" }, t(`fairness.${id}.explain`))));
  return [
    head(app, t("fairness.title"), () => app.go("lobby")),
    h("p", {}, t("fairness.intro")),
    h("ul", { class: "fair-entries" },
      entry("verify", "fair-verify"),
      entry("history", "fair-history"),
      entry("shuffle", "fair-shuffle"),
      entry("bag", "fair-bag")),
    h("p", { class: "small muted" }, t("fairness.kind-deals")),
  ];
}

async function submit(app, event) {
  event.preventDefault();
  if (busy) return;
  busy = true;
  const { seed, machine, hands, commitment } = form;
  const v = await replays.ask(app, () => api.verifySeed(seed, machine, hands, commitment || null));
  if (v === DROPPED) return;
  busy = false;
  result = v || null;
  app.render();
  if (result) document.querySelector("[data-testid=verification]")?.scrollIntoView({ block: "start" });
}

function verifyForm(app) {
  if (!app.state) return [h("p", { class: "notice" }, t("app.loading"))];
  const machines = app.state.machines.map((m) => m.id);
  const counts = app.state.hand_counts;
  if (!machines.includes(form.machine)) form.machine = machines[0];
  if (!counts.includes(form.hands)) form.hands = counts[0];
  return [
    head(app, t("fairness.verify.title"), () => app.go("fairness")),
    h("p", { class: "small" }, t("fairness.verify.explain")),
    h("form", { class: "verify-form", "data-testid": "verify-form", onsubmit: (e) => submit(app, e) },
      h("label", { class: "field" }, h("span", {}, t("verify.form.seed")),
        h("input", {
          type: "text", class: "hex-input", "data-testid": "verify-seed-input", value: form.seed, spellcheck: "false",
          autocomplete: "off", autocapitalize: "off", inputmode: "text",
          oninput: (e) => { form.seed = e.target.value; },
        })),
      h("label", { class: "field" }, h("span", {}, t("verify.form.machine")),
        h("select", { "data-testid": "verify-machine", onchange: (e) => { form.machine = e.target.value; } },
          machines.map((id) => h("option", { value: id, selected: id === form.machine ? true : undefined }, app.machineName(id))))),
      h("div", { class: "field" }, h("span", { id: "verify-hands-label" }, t("verify.form.hands")),
        h("div", { class: "seg", role: "group", "aria-labelledby": "verify-hands-label" },
          counts.map((n) => h("button", {
            type: "button", "aria-pressed": form.hands === n ? "true" : "false", "data-testid": `verify-hands-${n}`,
            onclick: () => { form.hands = n; app.render(); },
          }, String(n))))),
      h("label", { class: "field" }, h("span", {}, t("verify.form.commitment")),
        h("input", {
          type: "text", class: "hex-input", "data-testid": "verify-commitment-input", value: form.commitment, spellcheck: "false",
          autocomplete: "off", autocapitalize: "off",
          oninput: (e) => { form.commitment = e.target.value; },
        })),
      h("button", { type: "submit", class: "btn primary", "data-testid": "verify-go", disabled: busy ? true : undefined }, t("verify.form.go"))),
    result ? verificationView(app, result) : null,
  ];
}

export function render(app) {
  const arg = app.route.arg;
  if (arg === "verify") return replace(app.main, verifyForm(app));
  if (arg === "history") {
    return replace(app.main, head(app, t("fairness.history.title"), () => app.go("fairness")), historyCheck.view(app));
  }
  if (arg === "shuffle" || arg === "bag") {
    return replace(app.main, head(app, t(`fairness.${arg}.title`), () => app.go("fairness")), labs.view(app, arg));
  }
  replace(app.main, hub(app));
}
