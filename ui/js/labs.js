// The shuffle and shuffle-bag labs (filled in with the core's lab commands).
import { h } from "./dom.js";
import { t } from "./i18n.js";

export function leave() {}

export function view(app, which) {
  return h("p", { class: "small" }, t(`fairness.${which}.explain`));
}
