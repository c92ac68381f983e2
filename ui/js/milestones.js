// Milestones (#/milestones): skill and habit, never spending, and no chips for any. Each with its
// progress ("63 of 100") as Rust computes it; the UI only names them in the player's language.
// After a draw, a day's deal or a drill answer, `news` asks Rust for milestones newly reached and
// shows a quiet toast (no sound, gone by itself, a tap opens this screen); each is announced once.
// A language change while the toast is up rewords it.

import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { t, plural, formatInt, formatDay } from "./i18n.js";
import { line, DROPPED } from "./ask.js";

const s = { list: null };
let toastTimer = 0;
/** The milestones the toast shows while it is up ({ app, fresh }), to reword it in a new language. */
let toastShown = null;
const lists = line();

export function enter(app) {
  s.list = null;
  load(app);
}

export function leave() {}

async function load(app) {
  const list = await lists.ask(app, () => api.milestones());
  if (list !== DROPPED && list) {
    s.list = list;
    app.render();
  }
}

/** A milestone's name; unlocks name the machine (or Triple and Five Play, Ten, Fifty, Hundred Play). */
function nameOf(app, m) {
  if (m.id.startsWith("unlock-")) {
    const what = m.id.slice("unlock-".length);
    if (what === "multi-play") return t("milestone.unlock-multi-play");
    if (what.startsWith("lines-")) return t("milestone.unlock-lines", { what: t(`lines.name.${what.slice("lines-".length)}`) });
    return t("milestone.unlock", { machine: app.machineName(what) });
  }
  return t(`milestone.${m.id}`);
}

/** What it takes, in a sentence. */
function aboutOf(m) {
  if (m.id.startsWith("unlock-")) return t("milestone.unlock.about", { level: formatInt(m.goal) });
  return t(`milestone.${m.id}.about`);
}

function progressText(m) {
  return m.id.startsWith("unlock-")
    ? t("milestone.level-of", { level: formatInt(m.progress), goal: formatInt(m.goal) })
    : t("milestone.of", { n: formatInt(m.progress), goal: formatInt(m.goal) });
}

function item(app, m) {
  return h("li", { class: `milestone ${m.reached ? "reached" : ""}`, "data-testid": `milestone-${m.id}`, "data-reached": String(m.reached) },
    h("span", { class: "milestone-mark", "aria-hidden": "true" }, m.reached ? "★" : "☆"),
    h("div", { class: "milestone-body" },
      h("h3", { class: "milestone-name" }, nameOf(app, m)),
      h("p", { class: "small muted" }, aboutOf(m)),
      h("progress", { class: "bar", max: m.goal, value: m.progress, "aria-label": nameOf(app, m) }),
      h("p", { class: "small" },
        m.reached
          ? (m.reached_on ? t("milestone.reached-on", { date: formatDay(m.reached_on) }) : t("milestone.reached"))
          : progressText(m))));
}

export function render(app) {
  const head = h("div", { class: "machine-head" },
    h("button", { type: "button", class: "back", "data-testid": "milestones-back", "aria-label": t("verify.back"), onclick: () => app.go("lobby") }, "‹"),
    h("h2", { class: "machine-title" }, t("milestone.title")));
  const list = s.list;
  if (!list) return replace(app.main, head, h("p", { class: "notice" }, t("app.loading")));
  const reached = list.filter((m) => m.reached).length;
  replace(app.main, head,
    h("p", { class: "small", "data-testid": "milestones-count", "data-reached": String(reached) },
      t("milestone.count", { n: formatInt(reached), total: formatInt(list.length) })),
    h("p", { class: "small muted" }, t("milestone.explain")),
    h("ol", { class: "milestones" }, list.map((m) => item(app, m))));
}

/** Asks Rust for milestones newly reached and shows them in a quiet toast (none: nothing). */
export async function news(app) {
  let fresh;
  try {
    fresh = await api.milestoneNews();
  } catch {
    return; // A toast is never worth an error box.
  }
  if (!fresh || !fresh.length) return;
  const box = document.getElementById("toast");
  toastShown = { app, fresh };
  fillToast(box);
  box.hidden = false;
  window.clearTimeout(toastTimer);
  toastTimer = window.setTimeout(() => hideToast(box), 5000);
}

/** The toast's card in the current language. */
function fillToast(box) {
  const { app, fresh } = toastShown;
  const text = fresh.length === 1
    ? t("milestone.toast", { name: nameOf(app, fresh[0]) })
    : plural("milestone.toast-many", fresh.length - 1, { name: nameOf(app, fresh[0]), n: formatInt(fresh.length - 1) });
  box.replaceChildren(h("button", { type: "button", class: "toast-card", "data-testid": "milestone-toast",
    onclick: () => { hideToast(box); app.go("milestones"); } }, "★ ", text));
}

function hideToast(box) {
  box.hidden = true;
  toastShown = null;
}

// setLanguage() sets <html lang> once the new table is loaded: a toast still up is reworded then.
new MutationObserver(() => {
  const box = document.getElementById("toast");
  if (toastShown && box && !box.hidden) fillToast(box);
}).observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
