// Haptic feedback on phones: a light tap when a card is held, the success pattern on a win. Tauri's
// haptics plugin is registered on Android and iOS only, where its script adds
// window.__TAURI__.haptics; on a desktop that is absent and nothing happens. The setting (the core's
// `haptics`, on by default) turns it off. Feel is decoration: a failure is swallowed, never shown.

let enabled = false;

export function configureHaptics(on) {
  enabled = Boolean(on);
}

function plugin() {
  const tauri = window.__TAURI__;
  return tauri && tauri.haptics ? tauri.haptics : null;
}

/** "hold" (a light impact) or "win" (the success notification pattern). */
export function buzz(kind) {
  const haptics = enabled ? plugin() : null;
  if (!haptics) return;
  try {
    const pending = kind === "hold" ? haptics.impactFeedback("light")
      : kind === "win" ? haptics.notificationFeedback("success") : null;
    if (pending && typeof pending.catch === "function") pending.catch(() => {});
  } catch {
    // Nothing to tell the player.
  }
}
