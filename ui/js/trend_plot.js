// The one drawing of a series and its trend line — a game's progress by day or by session, the
// proficiency checks' curve: the points the core sent at x from 0 to `span`, and the trend line the
// core fitted drawn between the two ends it sent. Nothing is computed here but the drawing scale.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** Calendar days from `first` to `day` (both written `YYYY-MM-DD`, as the core sends dates). */
export function daysFrom(first, day) {
  return (Date.parse(`${day}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86400000;
}

/** Points {x, y} (y: EV given up per 100 decisions) and the core's trend line, as a figure whose
 * test ids start with `prefix` (`PREFIX-chart`, `PREFIX-trend`); `view` marks which series it is. */
export function trendPlot(points, span, trend, label, prefix, view = null) {
  const W = 320;
  const H = 150;
  const pad = 8;
  const values = points.map((p) => p.y).concat(trend ? [trend.first, trend.last] : []);
  const low = Math.min(0, ...values);
  let high = Math.max(0, ...values);
  if (high === low) high = low + 1;
  const x = (at) => pad + (at / Math.max(1, span)) * (W - 2 * pad);
  const y = (v) => H - pad - ((v - low) / (high - low)) * (H - 2 * pad);
  return h("figure", { class: "coach-chart progress-chart", "data-testid": `${prefix}-chart`, "data-view": view, "data-points": String(points.length) },
    h("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": label },
      h("line", { class: "zero", x1: pad, x2: W - pad, y1: y(0), y2: y(0) }),
      trend ? h("line", {
        class: "trend", "data-testid": `${prefix}-trend`,
        x1: x(0), y1: y(trend.first), x2: x(points[points.length - 1].x), y2: y(trend.last),
      }) : null,
      points.map((p) => h("circle", { class: "point", cx: x(p.x).toFixed(1), cy: y(p.y).toFixed(1), r: 3.5 }))),
    h("figcaption", { class: "small" },
      h("span", { class: "key points" }, t("progress.key.points")), " ",
      trend ? h("span", { class: "key trend" }, t("progress.key.trend")) : null));
}
