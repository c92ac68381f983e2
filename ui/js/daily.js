// Today's ten deals (#/daily): ten single-hand deals on the machine of the day, the same for
// everyone on the date (docs/DAILY.md). No chips or XP; no hints until the ten are played. Each
// hand is drawn and shown after its hold; at the end the score, the grade, a review of each hand
// (the hold, the best hold, all 32 EVs) and a text to share. Everything comes from Rust; the UI
// only keeps which cards the player has tapped.

import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { t, plural, formatInt, formatDec, formatDay, currentLanguage } from "./i18n.js";
import { cardFace, cardName, miniCard } from "./cards.js";
import { line, DROPPED } from "./ask.js";

const s = { state: null, held: 0, busy: false, copied: false };
/** The day as the core sends it, read or drawn: a draw asked after a read makes the read stale. */
const day = line();
const copying = line();

export function enter(app) {
  s.held = 0;
  s.copied = false;
  // A draw still out belongs to the visit before (its answer is dropped).
  s.busy = false;
  load(app);
}

export function leave() {}

/** How many deals a date has, as the core sends it (`deals`). */
export function dealsOf(st) {
  return st.deals;
}

async function load(app) {
  const state = await day.ask(app, () => api.dailyDeals());
  if (state === DROPPED || !state) return;
  s.state = state;
  app.render();
}

async function draw(app) {
  if (s.busy) return;
  s.busy = true;
  const next = await day.ask(app, () => api.dailyDraw(s.held));
  if (next === DROPPED) return;
  s.busy = false;
  if (next) {
    s.state = next;
    s.held = 0;
    app.announce(lastText(next));
  }
  app.render();
  if (next) app.milestoneNews();
}

function outcomeText(outcome) {
  return outcome === "nothing" ? t("daily.nothing") : t(`row.${outcome}`);
}

function lastText(state) {
  const last = state.results[state.results.length - 1];
  return last ? t("daily.last", { n: formatInt(last.index + 1), outcome: outcomeText(last.outcome) }) : "";
}

function heldCards(cards, mask) {
  return cards.map((c, i) => miniCard(c, { held: Boolean(mask >> i & 1) }));
}

function playing(app, st) {
  const cards = st.hand.cards;
  const last = st.results[st.results.length - 1];
  return [
    h("p", { class: "small", "data-testid": "daily-progress" },
      t("daily.deal", { n: formatInt(st.index + 1), total: formatInt(dealsOf(st)) }), t("list.parts"), t("daily.hold-hint")),
    h("div", { class: "hand daily-cards", role: "group", "aria-label": t("daily.cards") },
      cards.map((card, i) => {
        const held = Boolean(s.held >> i & 1);
        return h("button", {
          type: "button", class: "card", "data-testid": `daily-card-${i}`,
          "aria-pressed": held ? "true" : "false",
          onclick: () => { s.held ^= 1 << i; app.render(); },
        }, cardFace(card), h("span", { class: "held-tag", "aria-hidden": "true" }, t("card.held-tag")),
          // The name is the button's content (as on the machine): no aria-label the visible tag is missing from.
          h("span", { class: "card-name visually-hidden" }, cardName(card), held ? `, ${t("card.held")}` : ""));
      })),
    h("button", { type: "button", class: "btn primary", "data-testid": "daily-draw", disabled: s.busy ? true : undefined, onclick: () => draw(app) },
      t("machine.draw")),
    last ? h("p", { class: "daily-last", "data-testid": "daily-last", role: "status" },
      lastText(st), " ", h("span", { class: "hr-cards" }, last.final.map((c) => miniCard(c)))) : null,
  ];
}

function review(result) {
  const r = result.review;
  return h("li", { class: `daily-review ${r.mark}`, "data-testid": `daily-review-${result.index}`, "data-mark": r.mark },
    h("p", {},
      h("span", { class: `daily-mark ${r.mark}` }, t(`daily.mark.${r.mark}`)), " ",
      t("daily.deal-short", { n: formatInt(result.index + 1) }), t("list.parts"), outcomeText(result.outcome)),
    h("p", { class: "small" }, t("daily.your-hold"), " ", heldCards(result.cards, result.hold), " ",
      h("span", { class: "daily-ev" }, t("daily.ev", { ev: formatDec(r.ev, 4) }))),
    r.mark === "best" ? null : h("p", { class: "small" }, t("daily.best-hold"), " ", heldCards(result.cards, r.best_hold), " ",
      h("span", { class: "daily-ev" }, t("daily.ev", { ev: formatDec(r.best_ev, 4) }))),
    h("details", {}, h("summary", {}, t("daily.all-holds")),
      // Best first, as the core ranks them (its tie rule), like the hint's list.
      h("ol", { class: "daily-evs" }, r.holds.map((entry) =>
        h("li", {}, heldCards(result.cards, entry.hold), " ", formatDec(entry.ev, 4))))));
}

async function copy(app, text) {
  try {
    if (await copying.get(app, () => api.copyText(text)) === DROPPED) return;
    s.copied = true;
  } catch {
    // No clipboard here: select the text so the player can copy it by hand.
    const pre = document.querySelector("[data-testid=daily-share]");
    if (pre) window.getSelection()?.selectAllChildren(pre);
    s.copied = false;
    return;
  }
  app.render();
}

function finished(app, st) {
  const score = st.score;
  // The core writes the text in each language (docs/DAILY.md): the one the screen speaks.
  const share = st.share[currentLanguage()];
  return [
    h("section", { class: "daily-score", "data-testid": "daily-score", "data-best": String(score.best_holds), "data-grade": score.grade },
      h("p", { class: "verdict ok", role: "status" }, plural("daily.score.best", score.best_holds, { best: formatInt(score.best_holds), total: formatInt(dealsOf(st)) })),
      h("p", {}, t("daily.score.given-up", { ev: formatDec(score.ev_given_up, 3) }), t("list.parts"), t("daily.score.grade", { grade: score.grade }))),
    h("section", { class: "daily-share" },
      h("h3", { class: "section-title" }, t("daily.share")),
      h("pre", { class: "share-text", "data-testid": "daily-share" }, share),
      h("button", { type: "button", class: "btn", "data-testid": "daily-copy", onclick: () => copy(app, share) },
        s.copied ? t("daily.copied") : t("daily.copy"))),
    h("h3", { class: "section-title" }, t("daily.review")),
    h("ol", { class: "daily-reviews" }, st.results.map(review)),
    h("p", { class: "small" }, t("daily.come-back")),
  ];
}

function record(st) {
  return h("section", { class: "daily-record", "data-testid": "daily-record" },
    h("p", {}, st.streak > 0 ? plural("daily.streak", st.streak, { days: formatInt(st.streak) }) : t("daily.streak-none")),
    st.best ? h("p", { class: "small" }, t("daily.best-day", { best: formatInt(st.best.best_holds), date: formatDay(st.best.date) })) : null,
    st.days.length ? h("ul", { class: "daily-days", "aria-label": t("daily.days") },
      st.days.map((d) => h("li", {}, formatDay(d.date), t("list.parts"), plural("daily.score.best", d.best_holds, { best: formatInt(d.best_holds), total: formatInt(dealsOf(st)) })))) : null);
}

export function render(app) {
  const st = s.state;
  const head = h("div", { class: "machine-head" },
    h("button", { type: "button", class: "back", "data-testid": "daily-back", "aria-label": t("verify.back"), onclick: () => app.go("lobby") }, "‹"),
    h("h2", { class: "machine-title" }, t("daily.title")));
  if (!st) return replace(app.main, head, h("p", { class: "notice" }, t("app.loading")));
  replace(app.main, head,
    h("p", { class: "small", "data-testid": "daily-machine", "data-machine": st.machine, "data-played": String(st.results.length) },
      t("daily.machine", { machine: app.machineName(st.machine), date: formatDay(st.date) })),
    h("p", { class: "small muted" }, t("daily.explain")),
    st.done ? finished(app, st) : playing(app, st),
    record(st));
}
