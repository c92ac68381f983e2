// A brief level-up / unlock moment. Motion follows the animation setting and
// prefers-reduced-motion (data-anim on <html>); the text is always announced.

import { h } from "./dom.js";
import { t, formatInt } from "./i18n.js";
import { play } from "./sound.js";

let timer = 0;

export function celebrate(events, { machineName, announce, state }) {
  const lines = [];
  for (const name of events) {
    if (name === "level-up") lines.push(t("celebrate.level", { level: formatInt(state.level) }));
    else if (name.startsWith("unlocked:")) {
      const what = name.slice("unlocked:".length);
      if (what === "multi-play") lines.push(t("celebrate.multi-play"));
      else if (what.startsWith("lines-")) lines.push(t("celebrate.lines", { what: t(`lines.name.${what.slice("lines-".length)}`) }));
      else lines.push(t("celebrate.machine", { machine: machineName(what) }));
    }
  }
  if (!lines.length) return;
  const box = document.getElementById("celebrate");
  box.replaceChildren(h("div", { class: "celebrate-card" },
    h("p", { class: "celebrate-star", "aria-hidden": "true" }, "★"),
    ...lines.map((line) => h("p", {}, line))));
  box.hidden = false;
  box.classList.remove("show");
  void box.offsetWidth;
  box.classList.add("show");
  play("level");
  announce(lines.join(" "));
  window.clearTimeout(timer);
  const ms = document.documentElement.dataset.anim === "off" ? 2200 : 2600;
  timer = window.setTimeout(() => { box.hidden = true; box.classList.remove("show"); }, ms);
}
