// The coach's figures as the core sends them (`coach`, `session_card`): luck against skill, same
// cards with the best hold, pure and nudged deals, the chips-over-hands chart and the session card.
// Nothing is computed here but the chart's drawing scale.

import { h } from "./dom.js";
import { t, plural, formatInt, formatDec, formatPercent, joinList, sentences } from "./i18n.js";

const DASH = "–";

function pct(share, digits = 2) {
  return share == null ? DASH : formatPercent(share, digits);
}

function signedChips(chips) {
  return `${chips > 0 ? "+" : chips < 0 ? "−" : ""}${formatDec(Math.abs(chips), 1)}`;
}

function signedPct(share) {
  if (share == null) return DASH;
  return `${share > 0 ? "+" : share < 0 ? "−" : ""}${formatPercent(Math.abs(share), 2)}`;
}

/** "+12.5 chips (+1.25 %)": signed chips as signedChips writes them, beside a signed share. */
function chipsAndShare(chips, share) {
  return plural("coach.chips-and-share", Math.abs(chips), { chips: signedChips(chips), share: signedPct(share) }, 1);
}

/** Luck and skill of one set of deals (`LuckSkill`). */
export function luckSkill(figures, testid) {
  return h("dl", { class: "kv coach-kv", "data-testid": testid,
    "data-luck": String(figures.luck_chips), "data-skill": String(figures.skill_cost_chips) },
  h("dt", {}, t("coach.actual")), h("dd", {}, pct(figures.actual_return)),
  h("dt", {}, t("coach.expected")), h("dd", {}, pct(figures.expected_return)),
  h("dt", {}, t("coach.perfect")), h("dd", {}, pct(figures.perfect_return)),
  h("dt", {}, t("coach.luck")), h("dd", { class: figures.luck_chips >= 0 ? "good" : "bad" },
    chipsAndShare(figures.luck_chips, figures.luck)),
  h("dt", {}, t("coach.skill")), h("dd", { class: figures.skill_cost_chips > 0 ? "bad" : "" },
    chipsAndShare(-figures.skill_cost_chips, figures.skill_cost == null ? null : -figures.skill_cost)));
}

/** The chips-over-deals chart: the actual path and the expected path, from the core's points. */
export function chart(points, testid) {
  const W = 320;
  const H = 150;
  const pad = 6;
  const last = points[points.length - 1];
  const values = points.flatMap((p) => [p.actual, p.expected]);
  let low = values.reduce((a, b) => (b < a ? b : a), 0);
  let high = values.reduce((a, b) => (b > a ? b : a), 0);
  if (high === low) high = low + 1;
  const x = (deal) => pad + (last.deal ? (deal / last.deal) * (W - 2 * pad) : 0);
  const y = (v) => H - pad - ((v - low) / (high - low)) * (H - 2 * pad);
  const path = (key) => points.map((p, i) => `${i ? "L" : "M"}${x(p.deal).toFixed(1)},${y(p[key]).toFixed(1)}`).join(" ");
  return h("figure", { class: "coach-chart", "data-testid": testid, "data-points": String(points.length) },
    h("svg", {
      viewBox: `0 0 ${W} ${H}`, role: "img",
      "aria-label": plural("coach.chart.label", last.deal, { deals: formatInt(last.deal), actual: signedChips(last.actual), expected: signedChips(last.expected) }),
    },
    h("line", { class: "zero", x1: pad, x2: W - pad, y1: y(0), y2: y(0) }),
    h("path", { class: "expected", d: path("expected") }),
    h("path", { class: "actual", d: path("actual") })),
    h("figcaption", { class: "small" },
      h("span", { class: "key actual" }, t("coach.chart.actual")), " ",
      h("span", { class: "key expected" }, t("coach.chart.expected")), " ",
      plural("coach.chart.caption", last.deal, { deals: formatInt(last.deal) })));
}

/** One machine's coach block (all-time, this session, pure and nudged, same cards, chart). */
export function machineCoach(entry, session) {
  return h("div", { class: "coach", "data-testid": `coach-${entry.machine}` },
    h("h4", {}, t("coach.title")),
    luckSkill(entry.all, `coach-all-${entry.machine}`),
    h("p", { class: "small", "data-testid": `same-cards-total-${entry.machine}` },
      t("coach.same-cards-total", { won: formatInt(entry.holds_won), best: formatInt(entry.best_holds_won) })),
    entry.all.deals > 1 ? chart(entry.chart, `coach-chart-${entry.machine}`) : null,
    h("details", { class: "coach-more" },
      h("summary", {}, t("coach.more")),
      session && session.all.deals ? [
        h("h5", {}, t("coach.session")), luckSkill(session.all, `coach-session-${entry.machine}`),
        h("p", { class: "small", "data-testid": `coach-session-split-${entry.machine}` }, sentences(t("coach.session-split", {
          pure_deals: formatInt(session.pure.deals), pure: pct(session.pure.actual_return),
          nudged_deals: formatInt(session.nudged.deals), nudged: pct(session.nudged.actual_return),
        }), t("coach.same-cards-total", { won: formatInt(session.holds_won), best: formatInt(session.best_holds_won) })))] : null,
      h("h5", {}, t("coach.pure", { deals: formatInt(entry.pure.deals) })), luckSkill(entry.pure, `coach-pure-${entry.machine}`),
      h("h5", {}, t("coach.nudged", { deals: formatInt(entry.nudged.deals) })), luckSkill(entry.nudged, `coach-nudged-${entry.machine}`),
      h("p", { class: "small muted" }, t("coach.explain"))));
}

/** A session card (`SessionCard`), with its grade's thresholds stated. */
export function sessionCard(app, card) {
  const f = card.figures;
  return h("div", { class: "session-card", "data-testid": "session-card", "data-grade": card.grade || "" },
    h("h3", { class: "grade" }, card.grade ? t("coach.card.grade", { grade: card.grade }) : DASH),
    h("dl", { class: "kv" },
      h("dt", {}, t("coach.card.machine")), h("dd", {}, app.machineName(card.machine)),
      h("dt", {}, t("stats.deals")), h("dd", {}, formatInt(f.deals)),
      h("dt", {}, t("stats.accuracy")), h("dd", {}, card.accuracy == null ? DASH : formatPercent(card.accuracy, 0)),
      h("dt", {}, t("coach.card.given-up")), h("dd", {}, formatDec(card.given_up_chips, 1)),
      h("dt", {}, t("coach.luck")), h("dd", {}, signedChips(f.luck_chips)),
      h("dt", {}, t("coach.card.best")), h("dd", {}, card.best_hand ? `${t(`row.${card.best_hand.outcome}`)}${t("list.parts")}${formatInt(card.best_hand.won)}` : DASH)),
    h("p", { class: "small muted" }, t("coach.card.thresholds", {
      list: joinList(card.thresholds.map((g) => `${g.grade} ≤ ${formatPercent(g.max_skill_cost, 2)}`)), last: card.last_grade,
    })));
}
