// Translation tables and locale-aware formatting. Every visible string goes
// through t(), every counted one through plural(); numbers through Intl.NumberFormat and dates
// through Intl.DateTimeFormat of the current language.

export const LANGUAGES = ["en", "de", "pt", "ja"];

/**
 * The forms a counted text has in each language's table: Intl.PluralRules' categories for it
 * (pt's "many" is a million, a million and more in whole millions: "1.000.000 de fichas"). A
 * counted key's value is an object with exactly these keys; tests/it/i18n.rs reads this list.
 */
export const PLURAL_FORMS = { en: ["one", "other"], de: ["one", "other"], pt: ["one", "many", "other"], ja: ["other"] };

let lang = "en";
let table = {};
let fallback = {};

/** The language "auto" stands for: the first system language we speak. */
export function systemLanguage() {
  const wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || "en"];
  for (const tag of wanted) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

/** Batches of texts not yet folded into the main tables (ui/i18n/NAME/CODE.json; tests/i18n.rs
 * reads the same list): loaded beside the main table while they exist. */
const PENDING = [];

async function load(code) {
  const response = await fetch(`i18n/${code}.json`);
  if (!response.ok) throw new Error(`i18n/${code}.json: ${response.status}`);
  const main = await response.json();
  const batches = await Promise.all(PENDING.map((name) => fetch(`i18n/${name}/${code}.json`)
    .then((r) => (r.ok ? r.json() : {}))
    .catch(() => ({}))));
  return Object.assign({}, ...batches, main);
}

/** Switches to `setting` ("auto" or a language code); resolves when loaded. */
export async function setLanguage(setting) {
  const code = LANGUAGES.includes(setting) ? setting : systemLanguage();
  if (!Object.keys(fallback).length) fallback = await load("en");
  if (code === lang && Object.keys(table).length) return false;
  table = code === "en" ? fallback : await load(code);
  lang = code;
  document.documentElement.lang = code;
  return true;
}

export function currentLanguage() {
  return lang;
}

/** Whether a key exists (used to fall back for unknown error kinds and rows). */
export function has(key) {
  return key in table || key in fallback;
}

function entry(key) {
  return key in table ? table[key] : key in fallback ? fallback[key] : key;
}

function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** The text for `key` with {name} placeholders filled from `params` (a counted key: plural()). */
export function t(key, params) {
  const text = entry(key);
  return fill(typeof text === "object" ? text.other : text, params);
}

const pluralRules = new Map();

/**
 * The form of the counted text `key` for `count` (a number, shown with `digits` fraction digits:
 * "1 chip" but "1.00 chips"), with {name} placeholders filled from `params`, which hold the count
 * as it is shown. The form is Intl.PluralRules' category in the current language; a range ("4 to
 * 5 times") takes its upper end's, as CLDR's ranges do in these languages.
 */
export function plural(key, count, params, digits = 0) {
  const forms = entry(key);
  if (typeof forms !== "object") return fill(forms, params);
  const id = `${lang}|${digits}`;
  if (!pluralRules.has(id)) {
    pluralRules.set(id, new Intl.PluralRules(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits }));
  }
  const category = pluralRules.get(id).select(count);
  return fill(category in forms ? forms[category] : forms.other, params);
}

/**
 * Items of a list joined as the language separates them (`list.separator`: ", " in English, "; "
 * in German and Portuguese beside their decimal commas, 「、」 in Japanese). Not Intl.ListFormat:
 * it adds an "and" and keeps the comma beside "0,25 %" (ui/i18n/GLOSSARY.md).
 */
export function joinList(items) {
  return items.join(t("list.separator"));
}

/** The parts of one line (a heading and its detail) joined as the language does: " · ", or 「、」
 * in Japanese, whose names already hold 「・」 (`list.parts`). */
export function joinParts(parts) {
  return parts.join(t("list.parts"));
}

/** A part after another one, as the language sets parts apart (" · ", "、"). */
export function afterPart(part) {
  return `${t("list.parts")}${part}`;
}

/** Sentences one after another as the language writes them (a space between them; none in
 * Japanese): strings or nodes, empty ones left out. */
export function sentences(...parts) {
  const kept = parts.filter((part) => part !== null && part !== undefined && part !== "");
  const gap = t("list.sentences", { first: "", next: "" });
  return kept.flatMap((part, i) => (i && gap ? [gap, part] : [part]));
}

/** Translates every [data-i18n] / [data-i18n-aria] / [data-i18n-title] under root. */
export function translateTree(root) {
  if (root === document) document.title = t("app.title");
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-aria]")) el.setAttribute("aria-label", t(el.dataset.i18nAria));
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
}

const formats = new Map();
function numberFormat(options) {
  const id = `${lang}|${JSON.stringify(options || {})}`;
  if (!formats.has(id)) formats.set(id, new Intl.NumberFormat(lang, options));
  return formats.get(id);
}

/** A whole number with the language's grouping (1,000 / 1.000). A missing number shows as NaN. */
export function formatInt(n) {
  return numberFormat({ maximumFractionDigits: 0 }).format(n);
}

/** A decimal with a fixed number of fraction digits. */
export function formatDec(n, digits = 2) {
  return numberFormat({ minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);
}

/** A share 0..1 as a percentage. */
export function formatPercent(share, digits = 1) {
  return numberFormat({ style: "percent", minimumFractionDigits: digits, maximumFractionDigits: digits }).format(share);
}

/**
 * A share as a percentage with `digits` decimals, or, when that would round a non-zero share to
 * nothing, with two significant digits (a royal flush's 0.0015 %, not 0.00 %).
 */
export function formatShare(share, digits = 2) {
  if (share > 0 && share < 0.5 * 10 ** -(digits + 2)) {
    return numberFormat({ style: "percent", maximumSignificantDigits: 2 }).format(share);
  }
  return formatPercent(share, digits);
}

/** A calendar date "YYYY-MM-DD" (the game's local date) in the language's medium form; every date
 * put into a text goes through it. */
export function formatDay(day) {
  // "YYYY-MM-DD" or "YYYY-MM-DDTHH:MM:SS", local wall-clock time as Rust recorded it.
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2}))?$/.exec(String(day));
  if (!match) return String(day);
  const [y, mo, d, hh, mm, ss] = match.slice(1).map((part) => Number(part || 0));
  const date = new Date(Date.UTC(y, mo - 1, d, hh, mm, ss));
  const style = match[4] ? { dateStyle: "medium", timeStyle: "short" } : { dateStyle: "medium" };
  return new Intl.DateTimeFormat(lang, { ...style, timeZone: "UTC" }).format(date);
}
