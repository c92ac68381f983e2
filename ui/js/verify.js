// A hand verified from its seed: the checks first, then the whole deck, the deal, any disclosed
// swap, and each hand's replacement cards. Everything shown is the core's replay (never the
// stored cards); the route is #/verify/ID for a finished hand of the history.

import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { t, formatInt, afterPart } from "./i18n.js";
import { miniCard, cardName } from "./cards.js";
import { line, DROPPED } from "./ask.js";

let shown = null;
let shownFor = null;
let failed = false;
/** The hand's replay: another hand's (a newer route) drops one still out. */
const replays = line();

export function enter() {
  shown = null;
  shownFor = null;
  failed = false;
}

const MARK = { true: "✓", false: "✗", null: "–" };

/** One check's row; `failText` is the key saying why it failed. */
function checkRow(name, value, failText = `verify.fail.${name}`) {
  const status = value === true ? "pass" : value === false ? "fail" : "none";
  return h("li", { class: `check ${status}`, "data-testid": `check-${name}`, "data-value": String(value) },
    h("span", { class: "check-mark", "aria-hidden": "true" }, MARK[String(value)]),
    h("span", { class: "check-text" },
      h("span", {}, t(`verify.check.${name}`)),
      h("span", { class: "small" }, t(`verify.${status}`)),
      value === false ? h("span", { class: "small fail-text" }, t(failText)) : null));
}

function hexLine(label, value, testid) {
  return h("div", { class: "hex-line" },
    h("dt", {}, label),
    h("dd", { class: "hex", "data-testid": testid }, value));
}

/** The deck in rows of 13, positions numbered; the dealt five and the swapped position marked. */
function deckGrid(v) {
  const from = v.nudge ? v.nudge.from : -1;
  const rows = [];
  for (let start = 0; start < 52; start += 13) {
    rows.push(h("li", { class: "deck-row" },
      h("span", { class: "deck-pos", "aria-hidden": "true" }, String(start)),
      v.deck.slice(start, start + 13).map((card, k) => {
        const pos = start + k;
        const el = miniCard(card, { swapped: pos === from });
        if (pos < 5) el.classList.add("dealt-pos");
        el.setAttribute("aria-label", `${formatInt(pos)}: ${cardName(card)}`);
        return el;
      })));
  }
  return h("ol", { class: "deck-grid", "data-testid": "verify-deck", "data-cards": v.deck.join(" ") }, rows);
}

/** The whole verification of `v` (a finished hand's or a pasted seed's). */
export function verificationView(app, v) {
  const nudge = v.nudge;
  return h("div", { class: "verify", "data-testid": "verification", "data-verified": String(v.verified) },
    h("div", { class: `verdict ${v.verified ? "ok" : "bad"}`, role: "status", "data-testid": "verify-verdict" },
      v.verified ? t(v.hand === null ? "verify.replayed" : "verify.verified") : t("verify.failed")),
    h("ul", { class: "checks" }, ["commitment", "deal", "draws"].map((name) => checkRow(name, v.checks[name],
      // A hand stored after commitments began that carries none fails too (never reads as old).
      name === "commitment" && v.commitment === null ? "verify.fail.commitment-missing" : undefined))),
    h("dl", { class: "hexes" },
      hexLine(t("verify.seed"), v.seed, "verify-seed"),
      hexLine(t("verify.sha256"), v.sha256, "verify-sha256"),
      v.hand !== null ? hexLine(t("verify.commitment"), v.commitment || t("verify.no-commitment"), "verify-commitment") : null),
    h("h3", { class: "section-title" }, t("verify.deck")),
    deckGrid(v),
    h("p", { class: "small muted" }, t("verify.deck.note")),
    h("p", { class: "hr-cards" },
      h("span", { class: "hr-label" }, t("verify.dealt")),
      h("span", { "data-testid": "verify-dealt", "data-cards": v.dealt.join(" ") },
        v.dealt.map((c, i) => miniCard(c, { held: v.hold !== null && (v.hold >> i) & 1, swapped: nudge && nudge.position === i })))),
    nudge ? h("p", { class: "kind-line", "data-testid": "verify-nudge" },
      h("span", { class: "kind-badge" }, t("history.kind")), " ",
      t("verify.nudge", { n: nudge.position + 1, removed: cardName(nudge.out), added: cardName(nudge.in), from: formatInt(nudge.from) })) : null,
    // Multipliers carried from the hand before (each line's `earned` given) or drawn with the deal
    // (none earned).
    v.multipliers ? h("p", { class: "small", "data-testid": "verify-ux" }, t(v.hands.some((hand) => hand.earned === undefined) ? "screen.verify-drawn" : "ux.verify-multipliers", {
      list: v.multipliers.map((m) => t("ux.badge", { m: formatInt(m) })).join(" "),
    })) : null,
    v.hold === null ? h("p", { class: "small muted" }, t("verify.no-hold")) : null,
    h("ol", { class: "verify-hands" }, v.hands.map((hand, k) =>
      h("li", { class: "hr-cards", "data-testid": "verify-hand", "data-cards": hand.cards.join(" "), "data-drawn": hand.drawn.join(" ") },
        h("span", { class: "hr-label" }, t("verify.hand", { n: k + 1 })),
        hand.cards.map((c) => miniCard(c, { held: v.hold !== null && !hand.drawn.includes(c) })),
        h("span", { class: "small" }, " ", v.hold === null ? "" : t(`row.${hand.outcome}`),
          hand.multiplier === undefined ? "" : afterPart(hand.earned === undefined
            ? t("screen.verify-paid", { now: formatInt(hand.multiplier) })
            : t("ux.verify-line", { now: formatInt(hand.multiplier), next: formatInt(hand.earned) })))))),
    h("p", { class: "small muted" }, t("verify.how")));
}

async function load(app, id) {
  const v = await replays.ask(app, () => api.verifyHand(Number(id)), { quiet: true });
  if (v === DROPPED) return;
  failed = v === undefined;
  shown = v || null;
  app.render();
}

export function render(app) {
  const id = app.route.arg;
  if (id && shownFor !== id) {
    shownFor = id;
    shown = null;
    failed = false;
    load(app, id);
  }
  replace(app.main,
    h("div", { class: "machine-head" },
      h("button", { type: "button", class: "back", "data-testid": "verify-back", "aria-label": t("verify.back"), onclick: () => window.history.back() }, "‹"),
      h("h2", { class: "machine-title" }, t("verify.title", { id }))),
    failed ? null : shown ? verificationView(app, shown) : h("p", { class: "notice" }, t("app.loading")));
}
