// Settings: hints, mistake warnings, kind deals (explained plainly),
// animation speed, sound and language, each change one set_setting call; the daily reminder
// (set_reminder: Rust asks the permission and schedules the notification, or says it cannot);
// export and import of the player's progress (Rust opens the file dialogs);
// starting over; the head of the history's chain, as the history screen shows it.

import { api } from "./api.js";
import { headNote } from "./history.js";
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";
import { configureSound, play } from "./sound.js";
import { line, DROPPED } from "./ask.js";

/** What the last export or import did, said under its buttons until the screen is left. */
let progressNote = null;

/** The daily reminder as Rust last said: its time (or null) and whether this device can schedule one. */
let reminder = null;
/** Whether Rust's answer about the reminder is still on its way (its row then says so, busy). */
let reminderAsked = false;
/** The time shown in the picker before the reminder is turned on. */
let pickedTime = "19:00";
/** The reminder as read or set: a newer read or change drops an older answer still out. */
const reminders = line();
/** An export or an import, from the tap to its note. */
const progress = line();

export function enter(app) {
  progressNote = null;
  reminder = null;
  reminderAsked = true;
  const answered = () => { reminderAsked = false; app.render(); };
  reminders.get(app, () => api.reminder()).then((view) => {
    if (view === DROPPED) return;
    reminder = view;
    answered();
  }, (error) => { answered(); app.showError(error); });
}

/** Turns the reminder on at `time` or off (null): Rust asks the permission (on only) and schedules. */
async function setReminder(app, time) {
  const view = await reminders.ask(app, () => api.setReminder(time, t("reminder.title"), t("reminder.body")));
  if (view === DROPPED) return;
  if (view) {
    reminder = view;
    if (view.time) pickedTime = view.time;
  }
  app.render();
}

function reminderRow(app) {
  if (!reminder) {
    return reminderAsked ? h("div", { class: "setting", "aria-busy": "true" }, h("p", { class: "small muted" }, t("app.loading"))) : null;
  }
  const on = Boolean(reminder.time);
  const can = reminder.can_schedule;
  const time = reminder.time || pickedTime;
  return h("div", { class: "setting", "data-testid": "setting-reminder-row", "data-can-schedule": String(can) },
    h("div", { class: "setting-head" },
      h("label", { for: "set-reminder", class: "setting-name" }, t("settings.reminder")),
      h("button", {
        type: "button", id: "set-reminder", role: "switch", class: "switch", "data-testid": "setting-reminder",
        "aria-checked": on ? "true" : "false", "aria-describedby": "set-reminder-help",
        disabled: can || on ? undefined : true,
        onclick: () => setReminder(app, on ? null : time),
      }, h("span", { class: "switch-text" }, on ? t("settings.on") : t("settings.off")))),
    h("div", { class: "setting-head" },
      h("label", { for: "set-reminder-time", class: "small" }, t("settings.reminder.time")),
      h("input", {
        type: "time", id: "set-reminder-time", "data-testid": "setting-reminder-time", value: time, step: 60,
        disabled: can ? undefined : true,
        onchange: (event) => {
          pickedTime = event.target.value || pickedTime;
          if (on) setReminder(app, pickedTime);
        },
      })),
    h("div", { class: "setting-help small", id: "set-reminder-help" },
      h("p", {}, t("settings.reminder.explain")),
      can ? null : h("p", { "data-testid": "reminder-unavailable" }, t("settings.reminder.unavailable"))));
}

function change(app, key, next) {
  return app.run(() => api.setSetting(key, next)).then((state) => {
    if (state && key === "language") app.setLanguageSetting(next);
    if (state && key === "sound" && next === "on") { configureSound(true); play("hold"); }
    return state;
  });
}

/** An on/off setting: `key` is the command's and the tables' name, `on` the state's boolean. */
function switchRow(app, key, on, explain) {
  const id = `set-${key}`;
  const control = h("button", {
      type: "button",
      id,
      role: "switch",
      class: "switch",
      "data-testid": `setting-${key}`,
      "aria-checked": on ? "true" : "false",
      "aria-describedby": explain ? `${id}-help` : undefined,
      onclick: () => change(app, key, on ? "off" : "on"),
    }, h("span", { class: "switch-text" }, on ? t("settings.on") : t("settings.off")));
  return h("div", { class: "setting" },
    h("div", { class: "setting-head" }, h("label", { for: id, class: "setting-name" }, t(`settings.${key}`)), control),
    explain ? h("div", { class: "setting-help small", id: `${id}-help` }, explain.map((text) => h("p", {}, text))) : null);
}

function selectRow(app, key, current, options, testid) {
  const id = `set-${key}`;
  return h("div", { class: "setting" }, h("div", { class: "setting-head" },
    h("label", { for: id, class: "setting-name" }, t(`settings.${key}`)),
    h("select", {
      id,
      "data-testid": testid || `setting-${key}`,
      onchange: (event) => change(app, key, event.target.value),
    }, options.map(([v, label]) => h("option", { value: v, selected: v === current ? true : undefined }, label)))));
}

export function confirmReset(app) {
  const dialog = document.getElementById("dialog");
  const close = () => dialog.close();
  replace(dialog,
    h("div", { class: "sheet-body" },
      h("h2", {}, t("settings.reset")),
      h("p", {}, t("settings.reset.confirm")),
      h("div", { class: "sheet-actions" },
        h("button", { type: "button", class: "btn", onclick: close }, t("app.cancel")),
        h("button", {
          type: "button", class: "btn danger", "data-testid": "reset-confirm",
          onclick: () => { close(); app.run(() => api.resetDatabase()).then(() => app.go("lobby")); },
        }, t("settings.reset.do")))));
  dialog.showModal();
}

async function exportProgress(app) {
  progressNote = null;
  const result = await progress.ask(app, () => api.exportProgress(), { context: "export" });
  if (result === DROPPED) return;
  // null: the player cancelled the save dialog, which needs no word.
  if (result) {
    progressNote = t("settings.progress.exported", { path: result.path });
    app.announce(progressNote);
  }
  app.render();
}

async function importProgress(app) {
  progressNote = null;
  let keptAside = null;
  const ticket = progress.start(app);
  const state = await app.run(async () => {
    const result = await api.importProgress();
    if (result === null) return null;
    keptAside = result.kept_aside;
    return result.state;
  }, { context: "import" });
  // The imported progress brings its own settings, the language among them, whatever screen is
  // shown (this redraws the screen from scratch, so the note is set after it).
  if (state) await app.setLanguageSetting(state.settings.language);
  if (!ticket.wanted()) return;
  if (state) {
    progressNote = t("settings.progress.imported", { path: keptAside });
    app.announce(progressNote);
  }
  app.render();
}

function confirmImport(app) {
  const dialog = document.getElementById("dialog");
  const close = () => dialog.close();
  replace(dialog,
    h("div", { class: "sheet-body" },
      h("h2", {}, t("settings.progress.import.title")),
      h("p", {}, t("settings.progress.import.confirm")),
      h("div", { class: "sheet-actions" },
        h("button", { type: "button", class: "btn", "data-testid": "import-cancel", onclick: close }, t("app.cancel")),
        h("button", {
          type: "button", class: "btn primary", "data-testid": "import-confirm",
          onclick: () => { close(); importProgress(app); },
        }, t("settings.progress.import.do")))));
  dialog.showModal();
  dialog.querySelector("[data-testid=import-cancel]").focus();
}

function progressSection(app) {
  return h("section", { class: "settings progress-zone", "aria-labelledby": "progress-title" },
    h("h3", { id: "progress-title", class: "section-title" }, t("settings.progress.title")),
    h("p", { class: "small" }, t("settings.progress.explain")),
    h("div", { class: "progress-actions" },
      h("button", { type: "button", class: "btn", "data-testid": "export-progress", onclick: () => exportProgress(app) }, t("settings.progress.export")),
      h("button", { type: "button", class: "btn", "data-testid": "import-progress", onclick: () => confirmImport(app) }, t("settings.progress.import"))),
    h("p", { class: "small progress-note", "data-testid": "progress-note", hidden: progressNote ? undefined : true }, progressNote || ""));
}

function settingsList(app, s) {
  return h("section", { class: "settings" },
    switchRow(app, "hints", s.hints, [t("settings.hints.explain")]),
    switchRow(app, "mistake-warnings", s.mistake_warnings, [t("settings.mistake-warnings.explain")]),
    switchRow(app, "auto-hold", s.auto_hold, [t("settings.auto-hold.explain")]),
    switchRow(app, "kind-deals", s.kind_deals, [t("settings.kind-deals.explain1"), t("settings.kind-deals.explain2"), t("settings.kind-deals.explain3"), t("settings.kind-deals.explain4")]),
    selectRow(app, "chart-tier", s.chart_tier, [["expert", t("chart.tier.expert")], ["intermediate", t("chart.tier.intermediate")], ["beginner", t("chart.tier.beginner")]]),
    selectRow(app, "animation", s.animation, [["normal", t("settings.animation.normal")], ["fast", t("settings.animation.fast")], ["off", t("settings.animation.off")]]),
    switchRow(app, "sound", s.sound, null),
    switchRow(app, "haptics", s.haptics, [t("settings.haptics.explain")]),
    reminderRow(app),
    selectRow(app, "language", s.language, [
      ["auto", t("settings.language.auto")], ["en", "English"], ["de", "Deutsch"], ["pt", "Português (Brasil)"], ["ja", "日本語"],
    ], "language-select"));
}

export function render(app) {
  const state = app.state;
  // Without a state (a refused save file) the way out stays here: import, or start over.
  replace(app.main,
    h("h2", { class: "screen-title" }, t("settings.title")),
    state ? settingsList(app, state.settings) : null,
    progressSection(app),
    h("section", { class: "settings danger-zone" },
      h("p", { class: "small" }, t("settings.reset.explain")),
      h("button", { type: "button", class: "btn danger", "data-testid": "reset", onclick: () => confirmReset(app) }, t("settings.reset"))),
    state ? headNote(state.head) : null,
    h("p", { class: "small muted" }, t("settings.no-cash")));
}
