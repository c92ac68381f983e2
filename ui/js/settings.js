// Settings: hints, mistake warnings, kind deals (explained plainly),
// animation speed, sound and language. Each change is one set_setting call.

import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";
import { configureSound, play } from "./sound.js";

const on = (value) => value === "on" || value === true;

function value(settings, key) {
  const raw = settings[key] ?? settings[key.replace(/-/g, "_")];
  return typeof raw === "boolean" ? (raw ? "on" : "off") : raw;
}

function change(app, key, next) {
  return app.run(() => api.setSetting(key, next)).then((state) => {
    if (state && key === "language") app.setLanguageSetting(next);
    if (state && key === "sound" && next === "on") { configureSound(true); play("hold"); }
    return state;
  });
}

function switchRow(app, settings, key, explain) {
  const current = value(settings, key);
  const id = `set-${key}`;
  const control = h("button", {
      type: "button",
      id,
      role: "switch",
      class: "switch",
      "data-testid": `setting-${key}`,
      "aria-checked": on(current) ? "true" : "false",
      "aria-describedby": explain ? `${id}-help` : undefined,
      onclick: () => change(app, key, on(current) ? "off" : "on"),
    }, h("span", { class: "switch-text" }, on(current) ? t("settings.on") : t("settings.off")));
  return h("div", { class: "setting" },
    h("div", { class: "setting-head" }, h("label", { for: id, class: "setting-name" }, t(`settings.${key}`)), control),
    explain ? h("div", { class: "setting-help small", id: `${id}-help` }, explain.map((text) => h("p", {}, text))) : null);
}

function selectRow(app, settings, key, options, testid) {
  const current = value(settings, key);
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

export function render(app) {
  const state = app.state;
  const settings = (state && state.settings) || {};
  replace(app.main,
    h("h2", { class: "screen-title" }, t("settings.title")),
    state ? h("section", { class: "settings" },
      switchRow(app, settings, "hints", [t("settings.hints.explain")]),
      switchRow(app, settings, "mistake-warnings", [t("settings.mistake-warnings.explain")]),
      switchRow(app, settings, "kind-deals", [t("settings.kind-deals.explain1"), t("settings.kind-deals.explain2"), t("settings.kind-deals.explain3"), t("settings.kind-deals.explain4")]),
      selectRow(app, settings, "animation", [["normal", t("settings.animation.normal")], ["fast", t("settings.animation.fast")], ["off", t("settings.animation.off")]]),
      switchRow(app, settings, "sound", null),
      selectRow(app, settings, "language", [
        ["auto", t("settings.language.auto")], ["en", "English"], ["de", "Deutsch"], ["pt", "Português"], ["ja", "日本語"],
      ], "language-select")) : null,
    h("section", { class: "settings danger-zone" },
      h("p", { class: "small" }, t("settings.reset.explain")),
      h("button", { type: "button", class: "btn danger", "data-testid": "reset", onclick: () => confirmReset(app) }, t("settings.reset"))),
    h("p", { class: "small muted" }, t("settings.no-cash")));
}
