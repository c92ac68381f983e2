// DEVELOPMENT STUB — never loaded by the app. app.js imports it only when the
// page URL has ?stub, to look at the UI in a plain browser. It fakes
// window.__TAURI__ with canned data; it is NOT the game and implements no rule
// (results are canned, not evaluated). Options: ?stub&lang=ja&level=12&chips=0&win&dealt&drawn&hands=5&claimed&levelup
const q = new URLSearchParams(location.search);
const level = Number(q.get("level") || 4);
const cards = ["Ah", "Kh", "7c", "7d", "2s"];
const machines = [
  ["jacks-or-better", 1, [["royal-flush", 800], ["straight-flush", 50], ["four-of-a-kind", 25], ["full-house", 9], ["flush", 6], ["straight", 4], ["three-of-a-kind", 3], ["two-pair", 2], ["jacks-or-better", 1]]],
  ["deuces-wild", 3, [["natural-royal-flush", 800], ["four-deuces", 200], ["wild-royal-flush", 25], ["five-of-a-kind", 15], ["straight-flush", 9], ["four-of-a-kind", 5], ["full-house", 3], ["flush", 2], ["straight", 2], ["three-of-a-kind", 1]]],
  ["bonus-poker", 8, [["royal-flush", 800], ["four-aces", 80], ["straight-flush", 50], ["four-2-4", 40], ["four-5-k", 25], ["full-house", 8], ["flush", 5], ["straight", 4], ["three-of-a-kind", 3], ["two-pair", 2], ["jacks-or-better", 1]]],
  ["double-bonus", 15, [["royal-flush", 800], ["four-aces", 160], ["four-2-4", 80], ["straight-flush", 50], ["four-5-k", 50], ["full-house", 10], ["flush", 7], ["straight", 5], ["three-of-a-kind", 3], ["two-pair", 1], ["jacks-or-better", 1]]],
].map(([id, unlock_level, rows]) => ({ id, unlock_level, unlocked: level >= unlock_level, paytable: rows.map(([rid, pay]) => ({ id: rid, pay })) }));
const state = {
  chips: Number(q.get("chips") ?? 1000), level, xp: 100 * level * (level - 1) + 150, level_start_xp: 100 * level * (level - 1), next_level_xp: 100 * (level + 1) * level,
  unlocked: machines.filter((m) => m.unlocked).map((m) => m.id), multi_play: level >= 10,
  next_unlock: level < 8 ? { level: 8, kind: "machine", machine: "bonus-poker", xp_needed: 2000 } : null,
  daily: { available: !q.has("claimed"), amount: 200, streak: 3, claimed_today: q.has("claimed"), last_claimed: null, clock_moved_back: false },
  settings: { kind_deals: true, hints: true, mistake_warnings: true, animation: "normal", sound: false, language: q.get("lang") || "auto" },
  last_bet: { "jacks-or-better": 10 }, last_hands: { "jacks-or-better": Number(q.get("hands") || 1) }, hand: null, last_hand: null,
  machines, bets: [5, 10, 20, 50], hand_counts: [1, 3, 5], events: [],
};
const result = (c, outcome, win) => ({ cards: c, drawn: [], outcome, row: outcome === "nothing" ? null : 0, win });
const copy = () => JSON.parse(JSON.stringify(state));
const handlers = {
  get_state: () => copy(),
  claim_daily: () => { if (!state.daily.available) throw { kind: "daily-already-claimed", message: "already", day: "2026-11-30" }; state.daily.available = false; state.chips += 200; return copy(); },
  deal: ({ machine, bet, hands, practice }) => {
    const m = machines.find((x) => x.id === machine);
    if (!m.unlocked) throw { kind: "machine-locked", message: "locked", machine, unlock_level: m.unlock_level, level };
    state.hand = { id: Date.now(), machine, bet, hands, practice, cards, nudged: true, best_hold: 0b01100, best_ev: 0.82 };
    state.last_bet[machine] = bet; return copy();
  },
  draw: ({ hold }) => {
    const h = state.hand; const win = q.has("win");
    const results = Array.from({ length: h.hands }, (_, i) => i % 2 || !win ? result(["Qs", "7c", "7d", "3h", "9c"], "nothing", 0) : result(["7h", "7c", "7d", "Ks", "Kd"], "full-house", 9 * h.bet));
    const won = results.reduce((a, r) => a + r.win, 0);
    state.last_hand = { id: h.id, day: "2026-11-30", machine: h.machine, bet: h.bet, hands: h.hands, practice: h.practice, cost: h.bet * h.hands, dealt: cards, hold, best_hold: h.best_hold, best_ev: h.best_ev, drawn: true, ev_given_up: hold === h.best_hold ? 0 : 0.21, results, won, payout: h.practice ? 0 : won, nudge: { kind: "pair", position: 3, removed: "Jc", added: "7d", deck_position: 9 } };
    state.hand = null; return { ...copy(), events: q.has("levelup") ? ["level-up", "unlocked:deuces-wild"] : [] };
  },
  hint: () => ({ hand_id: 1, cards, best_hold: 0b01100, best_ev: 0.82, holds: [[12, 0.82], [13, 0.71], [3, 0.6], [0, 0.36], [31, 0]].map(([hold, ev]) => ({ hold, ev })) }),
  history: () => (state.last_hand ? [state.last_hand] : []),
  stats: () => ({ real: [{ machine: "jacks-or-better", deals: 12, hands: 12, wagered: 120, won: 95, return: 0.7917, final_hands: { "two-pair": 2, "jacks-or-better": 3, nothing: 7 }, best_holds: 9, accuracy: 0.75, ev_given_up: 0.8, ev_given_up_chips: 8, nudged: 1 }], practice: [] }),
  set_setting: ({ key, value }) => { const k = key.replace(/-/g, "_"); state.settings[k] = ["on", "off"].includes(value) ? value === "on" : value; return copy(); },
  reset_database: () => copy(),
};
if (q.has("dealt") || q.has("drawn")) handlers.deal({ machine: "jacks-or-better", bet: 10, hands: Number(q.get("hands") || 1), practice: false });
if (q.has("drawn")) handlers.draw({ hold: 0b01100 });
window.__TAURI__ = { core: { invoke: async (name, args) => handlers[name](args || {}) } };
console.warn("Video Poker: development stub active (?stub). Not the game.");
