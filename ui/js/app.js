// The app: loads the state, routes between screens, shows errors and
// celebrations. It keeps no game rule; every number shown comes from Rust.

import { api, hasBackend } from "./api.js";
import { setLanguage, t, plural, has, translateTree, formatInt, formatDay } from "./i18n.js";
import { h, replace } from "./dom.js";
import { celebrate } from "./celebrate.js";
import { configureSound } from "./sound.js";
import { configureHaptics } from "./haptics.js";
import * as nav from "./nav.js";
import { parse, screenOf, tabOf } from "./routes.js";
import * as settings from "./settings.js";
import * as milestones from "./milestones.js";

const main = document.getElementById("main");
const errorBox = document.querySelector("[data-testid=error]");
const live = document.getElementById("live");

let state = null;
let route = { name: "lobby", arg: null };
let currentScreen = null;
/** How many times a screen was left: an answer asked before is no longer wanted (ask.js). */
let visit = 0;

/** The machine's display name. */
export function machineName(id) {
  return t(`machine.${id}`);
}

/**
 * A table's name in the player's language from the label the core sends with it (`TableLabel`):
 * a game's name (a machine's, a kicker game's or a library game's key) with the pays players know
 * it by or "full pay", or a lab table's saved name.
 */
export function tableName(label) {
  if (label.kind === "lab") return label.name;
  const game = has(`machine.${label.game}`) ? machineName(label.game)
    : has(`paylab.game.${label.game}`) ? t(`paylab.game.${label.game}`) : t(`tables.game.${label.game}`);
  if (label.suffix === "full-pay") return t("tables.name.full-pay", { game });
  return label.suffix ? t("tables.name.pays", { game, pays: label.suffix }) : game;
}

/** A table id as a player may read it where the core sends no label: a saved lab table's name
 * without its `lab:` prefix, a machine's name. */
export function tableIdName(id) {
  const text = String(id || "");
  if (text.startsWith("lab:")) return text.slice("lab:".length);
  return has(`machine.${text}`) ? machineName(text) : text;
}

/** The field whose number an error's counted text agrees with (`plural`), by kind. */
const ERROR_COUNTS = { "history-limit": "max", "progress-limit": "max", "multi-play-locked": "hands" };

/**
 * Translated text for an error from Rust, with its data interpolated (numbers and dates as the
 * player's language writes them). A `context` ("import",
 * "export") picks `error.CONTEXT.KIND` when the tables have it: the same kind means something
 * else there.
 */
export function errorText(error, context) {
  const kind = error && error.kind;
  const data = { ...(error && error.data) };
  if (data.machine) data.machine = machineName(data.machine);
  if (typeof data.table === "string") data.table = tableIdName(data.table);
  for (const name of ["chips", "needed", "balance", "bet", "cost", "amount", "required", "available"]) {
    if (typeof data[name] === "number") data[name] = formatInt(data[name]);
  }
  // A lab's parameter by its name in the player's language, its bounds as numbers are written there.
  if ((kind === "lab-out-of-range" || kind === "lab-unknown") && has(`lab.param.${data.name}`)) {
    data.name = t(`lab.param.${data.name}`);
  }
  for (const name of ["min", "max", "value", "limit"]) {
    if ((kind === "lab-out-of-range" || kind === "history-limit") && Number.isInteger(data[name])) data[name] = formatInt(data[name]);
  }
  // The core sends a date as "YYYY-MM-DD" (the local date it was given).
  if (typeof data.day === "string") data.day = formatDay(data.day);
  const count = error && error.data && error.data[ERROR_COUNTS[kind]];
  if (kind && context && has(`error.${context}.${kind}`)) return plural(`error.${context}.${kind}`, count, data);
  if (kind && kind !== "unknown" && has(`error.${kind}`)) return plural(`error.${kind}`, count, data);
  return t("error.unknown", { message: (error && error.message) || String(error) });
}

export function showError(error, { context = null } = {}) {
  if (!error) {
    errorBox.hidden = true;
    errorBox.replaceChildren();
    delete errorBox.dataset.kind;
    return;
  }
  const kind = error.kind || "unknown";
  errorBox.dataset.kind = kind;
  const children = [h("span", { class: "error-text" }, errorText(error, context))];
  // A refused import leaves the player's own file alone: starting over is no answer to it.
  if (!context && (kind === "corrupt-database" || kind === "newer-database")) {
    children.push(h("button", { type: "button", class: "btn small danger", onclick: () => settings.confirmReset(app) }, t("settings.reset")));
  }
  children.push(h("button", { type: "button", class: "error-close", "aria-label": t("app.dismiss"), onclick: () => showError(null) }, "×"));
  errorBox.replaceChildren(...children);
  errorBox.hidden = false;
}

/** Speaks a short message through the polite live region. */
export function announce(text) {
  live.textContent = "";
  window.setTimeout(() => { live.textContent = text; }, 30);
}

function updateHeader() {
  const chips = document.querySelector("[data-testid=chips]");
  const level = document.querySelector("[data-testid=level]");
  if (!state) return;
  chips.textContent = formatInt(state.chips);
  chips.dataset.value = String(state.chips);
  level.textContent = formatInt(state.level);
  level.dataset.value = String(state.level);
  // The start-up figure (e2e `figures`): when the balance is first on screen.
  if (!balanceShown) { balanceShown = true; performance.mark("balance-shown"); }
}
let balanceShown = false;

function applySettings() {
  if (!state) return;
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  document.documentElement.dataset.anim = reduced ? "off" : state.settings.animation;
  configureSound(state.settings.sound);
  configureHaptics(state.settings.haptics);
}

function setState(next) {
  const previous = state;
  state = next;
  applySettings();
  updateHeader();
  if (previous && next.events.length) celebrate(next.events, { machineName, announce, state });
}

/**
 * A press on the screen (a finger, a pen or a mouse button held down on an element of `<main>`):
 * a redraw during it replaces the element pressed, and the browser then sends no click, since the
 * press ended on another element: the tap is lost. An answer that came in while a card was pressed
 * (the hint's, on a busy machine) lost that card's hold so. A redraw asked for during a press is
 * therefore drawn once the press ends, after the click it makes, or after a second at most (a
 * release the page never saw).
 */
let pressing = false;
let redrawAfterPress = null;

function pressEnded() {
  pressing = false;
  if (redrawAfterPress === null) return;
  window.clearTimeout(redrawAfterPress);
  redrawAfterPress = null;
  // A task of its own: the click of this release is sent after pointerup, in the same task.
  window.setTimeout(render, 0);
}

main.addEventListener("pointerdown", () => { pressing = true; }, true);
document.addEventListener("pointerup", pressEnded, true);
document.addEventListener("pointercancel", pressEnded, true);

function render() {
  if (pressing) {
    if (redrawAfterPress === null) redrawAfterPress = window.setTimeout(pressEnded, 1000);
    return;
  }
  for (const button of document.querySelectorAll(".tabbar [data-route]")) {
    const on = button.dataset.route === tabOf(route.name);
    if (on) button.setAttribute("aria-current", "page");
    else button.removeAttribute("aria-current");
  }
  const screen = screenOf(route.name);
  if (currentScreen !== screen) {
    if (currentScreen) {
      if (currentScreen.leave) currentScreen.leave();
      visit += 1;
    }
    currentScreen = screen;
    main.dataset.screen = route.name;
    main.replaceChildren();
    main.scrollTop = 0;
    if (screen.enter) screen.enter(app);
  }
  screen.render(app);
}

function parseRoute() {
  route = parse(location.hash);
  if (route.name === "machine" && state && !route.arg) route = { name: "lobby", arg: null };
}

/** The object every screen receives. */
export const app = {
  main,
  prefs: { practice: false },
  get state() { return state; },
  get route() { return route; },
  /**
   * Counts the screens left (not the language's redraw, which enters the same screen again): an
   * answer asked on an earlier visit is dropped (ask.js).
   */
  get visit() { return visit; },
  /** Opens a screen (see nav.js: a history entry per screen, so back walks back through them). */
  go(name, arg) {
    return nav.go(name, arg);
  },
  /**
   * Runs one call into Rust; a returned State replaces ours. Errors are shown translated (in
   * `context`, see errorText) and give undefined.
   */
  async run(call, { quiet = false, context = null } = {}) {
    if (!quiet) showError(null);
    try {
      const result = await call();
      if (result && typeof result === "object" && "chips" in result && "level" in result) {
        setState(result);
        render();
      }
      return result;
    } catch (error) {
      showError(error, { context });
      render();
      return undefined;
    }
  },
  async setLanguageSetting(value) {
    await setLanguage(value);
    translateTree(document);
    fitTabLabels();
    updateHeader();
    currentScreen = null;
    render();
    rescheduleReminder();
  },
  render,
  /** After a draw, a day's deal or a drill answer: a quiet toast for milestones newly reached. */
  milestoneNews: () => milestones.news(app),
  showError,
  announce,
  machineName,
  tableName,
  tableIdName,
  errorText,
};

/**
 * The daily reminder scheduled again with its title and text in the language now shown: after a
 * language change (the notification would keep the old one) and at start-up (a reboot may drop a
 * scheduled notification). Quiet: Rust changes nothing when it cannot schedule (docs/DAILY.md).
 */
function rescheduleReminder() {
  const time = state && state.settings.reminder;
  if (!time) return;
  api.setReminder(time, t("reminder.title"), t("reminder.body")).catch((error) => console.error("reminder", error));
}

/**
 * Icons alone in the tab bar when any label would be cut, and no title in the top bar when it would
 * be (large text, a narrow screen): both stay in the page for screen readers.
 */
function fitTabLabels() {
  const bar = document.querySelector(".tabbar");
  bar.classList.remove("icons-only");
  bar.classList.toggle("icons-only", [...bar.querySelectorAll("button > span:last-child")].some(isCut));
  const top = document.querySelector(".topbar");
  top.classList.remove("no-brand");
  top.classList.toggle("no-brand", isCut(top.querySelector(".brand")));
}

/**
 * Whether a one-line text is cut (shown with an ellipsis): its text is wider than its box. Measured
 * unrounded: scrollWidth rounds, and Japanese "ロビー" 0.6 px too wide at 200 % text still showed
 * as "ロ…".
 */
function isCut(el) {
  const range = document.createRange();
  range.selectNodeContents(el);
  return range.getBoundingClientRect().width > el.getBoundingClientRect().width + 0.01;
}

function noBackend() {
  replace(main,
    h("section", { class: "notice-box", role: "status" },
      h("h2", {}, t("app.no-backend.title")),
      h("p", {}, t("app.no-backend.body"))));
}

async function start() {
  let lang = "auto";
  await setLanguage(lang);
  translateTree(document);
  fitTabLabels();
  const fit = new ResizeObserver(() => fitTabLabels());
  fit.observe(document.querySelector(".tabbar"));
  fit.observe(document.querySelector(".topbar"));
  for (const button of document.querySelectorAll(".tabbar [data-route]")) {
    button.addEventListener("click", () => {
      const helpFor = route.name === "machine" || route.name === "help" ? route.arg : null;
      app.go(button.dataset.route, button.dataset.route === "help" ? helpFor : null);
    });
  }
  // The skip link moves focus, not the route.
  document.querySelector(".skip").addEventListener("click", (event) => { event.preventDefault(); main.focus(); });
  // Sessions: the core decides when one starts (30 minutes or more away); the UI only reports.
  document.addEventListener("visibilitychange", () => {
    const call = document.visibilityState === "hidden" ? api.background : api.foreground;
    call().catch((error) => console.error("session report", error));
  });
  window.matchMedia("(prefers-reduced-motion: reduce)").addEventListener("change", applySettings);
  if (!hasBackend()) {
    noBackend();
    return;
  }
  try {
    await api.foreground().catch((error) => console.error("session report", error));
    const first = await api.getState();
    setState(first);
    if (first.settings.language !== "auto") {
      await setLanguage(first.settings.language);
      translateTree(document);
      fitTabLabels();
      updateHeader();
    }
    rescheduleReminder();
  } catch (error) {
    showError(error);
  }
  // A hand in progress on a machine opens it, one back away from the lobby (the lobby names a
  // practised table's hand, one tap away).
  const machineHand = state && state.hand && state.hand.machine;
  nav.start(machineHand ? nav.hashOf("machine", machineHand) : null, () => {
    showError(null);
    parseRoute();
    render();
  });
  parseRoute();
  render();
}

start();
