// (being built)
import { h } from "./dom.js";
import { t } from "./i18n.js";

export function leave() {}

export function view(app) {
  return h("p", { class: "notice" }, t("app.loading"));
}
