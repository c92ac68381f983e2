// Navigation with the platform's back. Every screen is a history entry, so back walks through the
// app's own screens: Android's back button and gesture (the webview goes back while it can, and
// only then leaves the app), Escape, Alt+← and the Back key on a desktop.
//
// The history holds four levels at most: the lobby (always the first entry), a screen opened from
// it (a tab, a machine, the fairness hub), one opened from that (training, a lab, a hand's
// verification, a casino table), and a casino table's drill, opened from its table. Going to a screen of a level already in the history goes back to that level and
// replaces it, so tabs never pile up and the lobby is one back away from any tab. An open dialog is
// one more entry: back closes it, and closing it otherwise takes its entry away again. At the lobby
// with no dialog there is nothing to go back to: the desktop keys do nothing there.

// Each route's level is the route table's (routes.js).

import { hashOf, levelOf } from "./routes.js";

export { hashOf };

let onRoute = () => {};
/** The depth of the screen drawn last. */
let shownDepth = 0;
let dialog = null;
let queue = Promise.resolve();
/** Resolves the back step waiting for its popstate (the app's own history.go, not the player's). */
let waiting = null;

/** How deep the current entry is (0: the lobby). */
export function depth() {
  const s = window.history.state;
  return s && typeof s.depth === "number" ? s.depth : 0;
}

function dialogEntry() {
  const s = window.history.state;
  return Boolean(s && s.dialog);
}

/** Steps that touch the history run one after another (a back step waits for its popstate). */
function enqueue(step) {
  // A failed step is reported and the queue goes on (the next step must not wait on a broken one).
  queue = queue.then(step).catch((error) => console.error("navigation step", error));
  return queue;
}

function backBy(n) {
  if (n <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    // The step waits for its popstate however late it comes: the entries behind are the app's own
    // (n never exceeds the depth), so the traversal happens. Going on earlier would write the next
    // route over the entry being left, and the late popstate would then draw the old screen over
    // the player's next tap. Only a popstate that never comes (none has been seen) gives up, so
    // that the app's navigation is not stuck for good.
    const timer = window.setTimeout(() => {
      console.error("navigation: no popstate 10 s after history.go");
      waiting = null;
      resolve();
    }, 10000);
    waiting = () => { window.clearTimeout(timer); waiting = null; resolve(); };
    window.history.go(-n);
  });
}

/** Shows a route: back to its level if that level is in the history, else one level deeper. */
export function go(name, arg) {
  const hash = hashOf(name, arg);
  return enqueue(async () => {
    if (dialogEntry() && !dialog.open) await backBy(1);
    const level = levelOf(hash);
    const here = depth();
    if (level > here) {
      window.history.pushState({ depth: here + 1 }, "", hash);
    } else {
      await backBy(here - level);
      window.history.replaceState({ depth: level }, "", hash);
    }
    onRoute();
  });
}

/** Closes the open dialog as its own Escape would (its cancel handler may answer first). */
function cancelDialog() {
  const event = new Event("cancel", { cancelable: true });
  dialog.dispatchEvent(event);
  if (!event.defaultPrevented && dialog.open) dialog.close();
}

function isBackKey(event) {
  return event.key === "Escape" || event.key === "BrowserBack" || event.key === "GoBack"
    || (event.altKey && !event.ctrlKey && !event.metaKey && event.key === "ArrowLeft");
}

/**
 * Takes over the history: the first entry becomes the lobby, `startHash` (a screen to open at
 * start, e.g. the machine of a hand in progress) one level above it. `render` draws the route in
 * location.hash.
 */
export function start(startHash, render) {
  onRoute = () => { shownDepth = depth(); render(); };
  dialog = document.getElementById("dialog");
  window.history.replaceState({ depth: 0 }, "", "#/lobby");
  if (startHash && levelOf(startHash) > 0) window.history.pushState({ depth: 1 }, "", startHash);

  window.addEventListener("popstate", () => {
    if (waiting) { waiting(); return; }
    // The player went back (Android's back, a back key): a dialog closes first, on the same screen.
    if (dialog.open && !dialogEntry()) { cancelDialog(); return; }
    onRoute();
  });
  // A hash set by hand (a link to a route; none in the app today) gets a depth like any entry.
  window.addEventListener("hashchange", () => {
    const s = window.history.state;
    if ((s && typeof s.depth === "number") || !location.hash.startsWith("#/")) return;
    window.history.replaceState({ depth: Math.min(levelOf(location.hash), shownDepth + 1) }, "", location.hash);
    onRoute();
  });
  new MutationObserver(() => {
    if (dialog.open) {
      enqueue(() => {
        if (dialog.open && !dialogEntry()) window.history.pushState({ depth: depth(), dialog: true }, "", location.hash);
      });
    } else {
      enqueue(async () => { if (!dialog.open && dialogEntry()) await backBy(1); });
    }
  }).observe(dialog, { attributes: true, attributeFilter: ["open"] });

  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || !isBackKey(event)) return;
    if (dialog.open) {
      // Escape is the dialog's own (it cancels it); the other back keys do the same.
      if (event.key !== "Escape") { event.preventDefault(); cancelDialog(); }
      return;
    }
    if (depth() === 0) return;
    event.preventDefault();
    window.history.back();
  });
}
