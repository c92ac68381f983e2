// The routes: one table for the app (which screen draws a route, which tab it lights) and for the
// navigation (how deep its history entry is: nav.js). A route is `#/NAME` or `#/NAME/ARG`; a name
// not in the table is the lobby.
//
// Levels: the lobby 0; a screen opened from it 1 (a tab, a machine, the fairness hub); one opened
// from that 2 (training, a warm-up, a chart, a lab, a hand's verification, a casino table, a fairness page);
// a casino table's drill 3.

import * as lobby from "./lobby.js";
import * as play from "./play.js";
import * as history from "./history.js";
import * as stats from "./stats.js";
import * as settings from "./settings.js";
import * as help from "./help.js";
import * as fairness from "./fairness.js";
import * as daily from "./daily.js";
import * as milestones from "./milestones.js";
import * as tables from "./tables.js";
import * as verify from "./verify.js";
import { machineDrill, tableDrill, warmUpDrill } from "./train.js";
import * as chart from "./chart.js";
import * as progress from "./progress.js";
import * as proficiency from "./proficiency.js";
import * as analyser from "./analyser.js";

/** name → the screen (enter, render, leave), the tab it belongs to, its level (or level(arg)). */
const ROUTES = {
  lobby: { screen: lobby, tab: "lobby", level: 0 },
  // The one play screen of every table: a machine (#/machine/ID), a library or saved lab table
  // (#/table/ID, opened from the library: one level deeper), or a variant of one.
  machine: { screen: play, tab: "lobby", level: 1 },
  daily: { screen: daily, tab: "lobby", level: 1 },
  milestones: { screen: milestones, tab: "lobby", level: 1 },
  tables: { screen: tables, tab: "lobby", level: 1 },
  table: { screen: play, tab: "lobby", level: 2 },
  // A machine's training and a casino table's drill: one drill screen (train.js) under two routes.
  "table-drill": { screen: tableDrill, tab: "lobby", level: 3 },
  // The hub (#/fairness) is 1, each of its pages (#/fairness/verify, …) 2.
  fairness: { screen: fairness, tab: "lobby", level: (arg) => (arg ? 2 : 1) },
  train: { screen: machineDrill, tab: "lobby", level: 2 },
  // The warm-up the lobby offers on a machine not played for a week: its hard decisions, then the machine.
  "warm-up": { screen: warmUpDrill, tab: "lobby", level: 2 },
  // A game's progress, opened from its drill screen.
  progress: { screen: progress, tab: "lobby", level: 3 },
  // A game's proficiency check, opened from its drill or its progress screen.
  proficiency: { screen: proficiency, tab: "lobby", level: 3 },
  chart: { screen: chart, tab: "lobby", level: 2 },
  // The hand analyser (#/analyse[/TABLE]), opened from the lobby, a drill screen or a finished
  // hand: one level above whichever opened it (back returns there).
  analyse: { screen: analyser, tab: "lobby", level: 3 },
  paylab: { screen: chart, tab: "lobby", level: 2 },
  history: { screen: history, tab: "history", level: 1 },
  verify: { screen: verify, tab: "history", level: 2 },
  stats: { screen: stats, tab: "stats", level: 1 },
  settings: { screen: settings, tab: "settings", level: 1 },
  help: { screen: help, tab: "help", level: 1 },
};

/** The hash of a route. */
export function hashOf(name, arg) {
  return `#/${name}${arg ? `/${encodeURIComponent(arg)}` : ""}`;
}

/** The route of a hash: {name, arg}, the lobby for a name the table lacks. */
export function parse(hash) {
  const [name, arg] = hash.replace(/^#\/?/, "").split("/");
  if (!Object.prototype.hasOwnProperty.call(ROUTES, name)) return { name: "lobby", arg: null };
  return { name, arg: arg ? decoded(arg) : null };
}

/** A route's argument as it was encoded (a hash typed by hand with a stray % is taken as it is). */
function decoded(arg) {
  try {
    return decodeURIComponent(arg);
  } catch {
    return arg;
  }
}

/** The screen that draws a route's name. */
export function screenOf(name) {
  return ROUTES[name].screen;
}

/** The tab a route's name lights. */
export function tabOf(name) {
  return ROUTES[name].tab;
}

/** How deep a hash's history entry is (0: the lobby). */
export function levelOf(hash) {
  const { name, arg } = parse(hash);
  const level = ROUTES[name].level;
  return typeof level === "function" ? level(arg) : level;
}
