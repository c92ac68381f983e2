// Recent hands: dealt cards with the hold, the final cards and result, and
// the kind-deal marker naming the swapped card. Read-only; Rust keeps the record.

import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { t, formatInt, formatDec, formatDay } from "./i18n.js";
import { miniCard, cardName } from "./cards.js";
import { outcomeOf } from "./paytable.js";

let hands = null;
let loadedFor = null;

function listOf(result) {
  if (Array.isArray(result)) return result;
  return (result && (result.hands || result.history || result.items)) || [];
}

async function load(app) {
  const result = await app.run(() => api.history(50), { quiet: true });
  hands = listOf(result);
  app.render();
}

export function enter(app) {
  hands = null;
  loadedFor = null;
}

function nudgeLine(nudge) {
  const kind = t(`history.nudge.${nudge.kind}`);
  return h("p", { class: "kind-line" },
    h("span", { class: "kind-badge" }, t("history.kind")), " ",
    t("history.nudge", { n: Number(nudge.position) + 1, removed: cardName(nudge.removed), added: cardName(nudge.added), kind }));
}

function row(app, hand) {
  const hold = Number(hand.hold) || 0;
  const nudge = hand.nudge;
  const results = hand.results || [];
  const main = results[0];
  const paid = Number(hand.payout) || 0;
  const won = Number(hand.won) || 0;
  const cost = Number(hand.cost) || 0;
  const givenUp = Number(hand.ev_given_up) || 0;
  return h("li", { class: "history-row", "data-testid": "history-row", "data-hand": hand.id },
    h("p", { class: "hr-head" },
      h("span", { class: "hr-machine" }, app.machineName(hand.machine)),
      h("span", { class: "small" },
        t("history.bet", { bet: formatInt(hand.bet), hands: formatInt(hand.hands || 1) }),
        hand.practice ? ` · ${t("machine.practice-tag")}` : "",
        (hand.played_at || hand.day) ? ` · ${formatDay(hand.played_at || hand.day)}` : "")),
    h("p", { class: "hr-cards" },
      h("span", { class: "hr-label" }, t("history.dealt")),
      (hand.dealt || []).map((c, i) => miniCard(c, { held: hand.drawn && (hold >> i) & 1, swapped: nudge && Number(nudge.position) === i }))),
    main ? h("p", { class: "hr-cards" },
      h("span", { class: "hr-label" }, t("history.final")),
      main.cards.map((c) => miniCard(c))) : null,
    results.length > 1 ? h("p", { class: "small" },
      results.map((r, i) => `${t("machine.hand-n", { n: i + 1, text: t(`row.${outcomeOf(r)}`) })}${r.win ? ` ${formatInt(r.win)}` : ""}`).join(" · ")) : null,
    h("p", { class: "hr-result" },
      main ? h("span", {}, results.length > 1
        ? t("machine.hand-n", { n: 1, text: t(`row.${outcomeOf(main)}`) })
        : t(`row.${outcomeOf(main)}`)) : h("span", {}, t("history.in-progress")),
      h("span", { class: paid > 0 || (hand.practice && won > 0) ? "hr-win won" : "hr-win" },
        hand.drawn ? (hand.practice ? t("history.practice-won", { won: formatInt(won) }) : t("history.paid", { paid: formatInt(paid), cost: formatInt(cost) })) : "")),
    hand.drawn ? h("p", { class: "small" },
      givenUp > 1e-9 ? t("history.ev-lost", { chips: formatDec(givenUp * hand.bet * (hand.hands || 1), 2) }) : t("history.ev-best")) : null,
    nudge ? nudgeLine(nudge) : null);
}

export function render(app) {
  const key = app.state ? `${app.state.chips}|${app.state.last_hand && app.state.last_hand.id}|${app.state.hand && app.state.hand.id}` : "";
  if (app.state && loadedFor !== key) {
    loadedFor = key;
    load(app);
  }
  replace(app.main,
    h("h2", { class: "screen-title" }, t("history.title")),
    hands === null ? h("p", { class: "notice" }, t("app.loading"))
      : hands.length === 0 ? h("p", { class: "notice" }, t("history.empty"))
        : h("ol", { class: "history" }, hands.map((hand) => row(app, hand))),
    h("p", { class: "small muted" }, t("history.note")));
}
