// DEVELOPMENT STUB — never loaded by the app. app.js imports it only when the
// page URL has ?stub, to look at the UI in a plain browser. It fakes
// window.__TAURI__ with canned data in exactly the JSON shapes the core sends;
// it is NOT the game and implements no rule (EVs and results are canned, not
// evaluated; the few derived fields are filled in only so the shapes are whole).
// Options: ?stub&lang=ja&level=12&chips=0&win&dealt&drawn&hold=11000&hands=5&claimed&levelup
//          &cancel (export/import dialogs are cancelled: null) &refuse (import refuses the file)
import * as samples from "./lab-samples.js";

const q = new URLSearchParams(location.search);
const level = Number(q.get("level") || 4);
const cards = ["Ah", "Kh", "7c", "7d", "2s"];
const bitsOf = (mask) => [0, 1, 2, 3, 4].map((i) => (mask >> i) & 1).join("");
const maskOf = (bits) => [...bits].reduce((mask, c, i) => mask | (c === "1" ? 1 << i : 0), 0);
const machines = [
  ["jacks-or-better", 1, [["royal-flush", 800], ["straight-flush", 50], ["four-of-a-kind", 25], ["full-house", 9], ["flush", 6], ["straight", 4], ["three-of-a-kind", 3], ["two-pair", 2], ["jacks-or-better", 1]]],
  ["deuces-wild", 3, [["natural-royal-flush", 800], ["four-deuces", 200], ["wild-royal-flush", 25], ["five-of-a-kind", 15], ["straight-flush", 9], ["four-of-a-kind", 5], ["full-house", 3], ["flush", 2], ["straight", 2], ["three-of-a-kind", 1]]],
  ["bonus-poker", 8, [["royal-flush", 800], ["four-aces", 80], ["straight-flush", 50], ["four-2-4", 40], ["four-5-k", 25], ["full-house", 8], ["flush", 5], ["straight", 4], ["three-of-a-kind", 3], ["two-pair", 2], ["jacks-or-better", 1]]],
  ["double-bonus", 15, [["royal-flush", 800], ["four-aces", 160], ["four-2-4", 80], ["straight-flush", 50], ["four-5-k", 50], ["full-house", 10], ["flush", 7], ["straight", 5], ["three-of-a-kind", 3], ["two-pair", 1], ["jacks-or-better", 1]]],
].map(([id, unlock_level, rows]) => ({ id, unlock_level, unlocked: level >= unlock_level, paytable: rows.map(([rid, pay]) => ({ id: rid, pay })) }));
const bets = [5, 10, 20, 50];
const commitment = "a77a31625c845af5306361226af0ba5fe7685563517d5e17be5b79403e456843";
const state = {
  chips: Number(q.get("chips") ?? 1000), level, xp: 100 * level * (level - 1) + 150, level_start_xp: 100 * level * (level - 1), next_level_xp: 100 * (level + 1) * level,
  unlocked: machines.filter((m) => m.unlocked).map((m) => m.id), multi_play: level >= 10,
  next_unlock: level < 8 ? { level: 8, kind: "machine", machine: "bonus-poker", xp_needed: 2000 } : level < 10 ? { level: 10, kind: "multi-play", xp_needed: 1500 } : null,
  daily: { available: !q.has("claimed"), amount: 200, streak: 3, claimed_today: q.has("claimed"), last_claimed: null },
  settings: { kind_deals: true, hints: true, mistake_warnings: true, animation: "normal", sound: false, haptics: true, language: q.get("lang") || "auto" },
  last_bet: { "jacks-or-better": 10 }, last_hands: { "jacks-or-better": Number(q.get("hands") || 1) }, hand: null, last_hand: null, losing_streak: 0,
  machines, bets, hand_counts: [1, 3, 5], events: [], broke: false,
};

// Canned EVs per coin for the canned deal, best first (ties: fewer cards, then smaller mask).
const cannedEv = { 12: 0.8237, 13: 0.7176, 14: 0.7092, 28: 0.6011, 3: 0.4856, 1: 0.4577, 2: 0.4431, 0: 0.3589, 31: 0 };
const evs = Array.from({ length: 32 }, (_, mask) => [mask, cannedEv[mask] ?? Number((0.42 - mask * 0.009).toFixed(4))]);
evs.sort((a, b) => b[1] - a[1] || bitsOf(a[0]).split("1").length - bitsOf(b[0]).split("1").length || a[0] - b[0]);
const [bestHold, bestEv] = evs[0];

let nextId = 1001;
const copy = () => {
  const out = JSON.parse(JSON.stringify(state));
  out.broke = !state.hand && state.chips < Math.min(...bets);
  return out;
};
const hintOf = (hand) => ({
  hand_id: hand.id, machine: hand.machine, cards, best_hold: bestHold, best_ev: bestEv, bet: hand.bet, hands: hand.hands, stake: hand.stake,
  holds: evs.map(([hold, ev]) => {
    const cost = bestEv - ev;
    return { hold, bits: bitsOf(hold), cards: cards.filter((_, i) => (hold >> i) & 1), ev, ev_chips: ev * hand.stake, cost, cost_chips: cost * hand.stake, best: hold === bestHold, mistake: cost > 0 };
  }),
});
const result = (c, outcome, row, win) => ({ cards: c, drawn: c.filter((x) => !cards.includes(x)), outcome, row, win });

/** A finished hand as the history sends it (canned). */
function record({ id, machine, bet, hands, practice, hold, results, nudge, played_at }) {
  const stake = bet * hands;
  const entry = hintOf({ id, machine, bet, hands, stake }).holds.find((e) => e.hold === hold);
  const won = results.reduce((a, r) => a + r.win, 0);
  return {
    id, day: played_at.slice(0, 10), played_at, machine, bet, hands, practice, cost: practice ? 0 : stake,
    seed: "5eed" + String(id).padStart(60, "0"), commitment, situation: nudge ? "normal" : null, dead: Boolean(nudge), nudge,
    dealt: cards, best_hold: bestHold, best_ev: bestEv, drawn: true, hold, hold_ev: entry.ev, ev_given_up: entry.cost,
    results, won, payout: practice ? 0 : won, stake, ev_given_up_chips: entry.cost_chips, mistake: entry.mistake,
  };
}

// 120 older canned hands, newest first, so the history has pages to show.
const older = Array.from({ length: 120 }, (_, n) => {
  const id = 1000 - n;
  const hold = n % 4 === 1 ? 3 : bestHold;
  const win = n % 3 === 0;
  return record({
    id, machine: "jacks-or-better", bet: bets[n % 4], hands: 1, practice: n % 7 === 3, hold,
    results: [win ? result(["7h", "7c", "7d", "Ks", "Kd"], "full-house", 3, 9 * bets[n % 4]) : result(["Qs", "7c", "7d", "3h", "9c"], "nothing", null, 0)],
    nudge: n % 5 === 2 ? { kind: "pair", position: 3, removed: "Jc", added: "7d", deck_position: 9 } : null,
    played_at: `2026-11-${String(29 - Math.floor(n / 5)).padStart(2, "0")}T${String(10 + (n % 10)).padStart(2, "0")}:15:00`,
  });
});
// A verification as `vpoker verify --seed … --nudged --hold 01001 --json` printed it (canned).
const verification = {"hand":null,"game":"jacks-or-better","seed":"00000000000000000000000000000000000000000000000000000000dead0003","commitment":null,"sha256":"a77a31625c845af5306361226af0ba5fe7685563517d5e17be5b79403e456843","deck":["4h","5d","2h","Tc","As","7s","Qd","7c","3s","2d","9d","6d","5s","Ts","4s","Qc","8d","Kh","Kd","8c","5c","8s","Qs","Jc","9s","2s","Ac","5h","Js","3d","Ah","3c","Td","9c","7h","8h","4d","9h","6c","4c","Ad","Th","Qh","3h","Jd","Jh","6h","Kc","Ks","7d","6s","2c"],"dealt":["4h","Ad","2h","Tc","As"],"nudge":{"kind":"pair","position":1,"out":"5d","in":"Ad","from":40},"hold":18,"hands":[{"cards":["7s","Ad","Qd","7c","As"],"drawn":["7s","Qd","7c"],"outcome":"two-pair","row":7,"win":2}],"checks":{"commitment":null,"deal":true,"draws":null},"failures":[],"verified":true};
const finished = () => (state.last_hand ? [state.last_hand] : []).concat(older);

const handlers = {
  get_state: () => copy(),
  claim_daily: () => { if (!state.daily.available) throw { kind: "daily-already-claimed", message: "already", day: "2026-11-30" }; state.daily.available = false; state.chips += 200; return copy(); },
  deal: ({ machine, bet, hands, practice }) => {
    const m = machines.find((x) => x.id === machine);
    if (!m.unlocked) throw { kind: "machine-locked", message: "locked", machine, unlock_level: m.unlock_level, level };
    state.hand = { id: nextId++, machine, bet, hands, practice, cards, nudged: true, best_hold: bestHold, best_ev: bestEv, stake: bet * hands, commitment };
    state.last_bet[machine] = bet; state.last_hands[machine] = hands; return copy();
  },
  draw: ({ hold }) => {
    const h = state.hand; const win = q.has("win");
    const results = Array.from({ length: h.hands }, (_, i) => i % 2 || !win ? result(["Qs", "7c", "7d", "3h", "9c"], "nothing", null, 0) : result(["7h", "7c", "7d", "Ks", "Kd"], "full-house", 3, 9 * h.bet));
    state.last_hand = record({ id: h.id, machine: h.machine, bet: h.bet, hands: h.hands, practice: h.practice, hold, results, nudge: { kind: "pair", position: 3, removed: "Jc", added: "7d", deck_position: 9 }, played_at: "2026-11-30T21:04:00" });
    state.hand = null; return { ...copy(), events: q.has("levelup") ? ["level-up", "unlocked:deuces-wild"] : [] };
  },
  hint: () => { if (!state.hand) throw { kind: "no-hand-in-progress", message: "no hand" }; return hintOf(state.hand); },
  history: ({ limit, before }) => finished().filter((r) => before === null || before === undefined || r.id < before).slice(0, limit),
  stats: () => ({ real: [{ machine: "jacks-or-better", deals: 12, hands: 12, wagered: 120, won: 95, return: 0.7917, final_hands: { "two-pair": 2, "jacks-or-better": 3, nothing: 7 }, best_holds: 9, accuracy: 0.75, ev_given_up: 0.8, ev_given_up_chips: 8, nudged: 1 }], practice: [] }),
  set_setting: ({ key, value }) => { const k = key.replace(/-/g, "_"); state.settings[k] = ["on", "off"].includes(value) ? value === "on" : value; return copy(); },
  reset_database: () => copy(),
  // The labs answer with canned `vpoker lab … --json` output whatever is asked (shapes only).
  lab_exact: () => samples.exact,
  lab_positions: () => samples.positions,
  lab_deals: () => samples.deals,
  lab_progress: () => ({ job: null, done: 0, total: 0, running: false }),
  lab_cancel: () => null,
  lab_bag: () => samples.bag,
  lab_pity: () => samples.pity,
  lab_facts: () => ({
    numbers: samples.numbers, kind_bags: samples.kindBags.bags,
    history: [["normal", 412, 69, 1 / 6], ["losing-streak", 57, 19, 1 / 3], ["low-balance", 8, 4, 1 / 2]]
      .map(([situation, dead_deals, nudged, bag_rate]) => ({ situation, dead_deals, nudged, rate: nudged / dead_deals, bag_rate })),
  }),
  verify_hand: ({ id }) => ({ ...verification, hand: id, commitment, checks: { commitment: true, deal: true, draws: !q.has("tampered") }, verified: !q.has("tampered") }),
  verify_seed: ({ seed }) => { if (!/^[0-9a-f]{64}$/i.test(seed.trim())) throw { kind: "invalid-seed", message: "bad seed", seed }; return { ...verification, seed: seed.trim() }; },
  export_progress: () => (q.has("cancel") ? null : { path: "/home/player/Documents/video-poker-progress.sqlite3" }),
  import_progress: () => {
    if (q.has("cancel")) return null;
    if (q.has("refuse")) throw { kind: "corrupt-database", message: "not a database", path: "/home/player/Downloads/photo.jpg" };
    return { state: copy(), kept_aside: "/home/player/.local/share/video-poker/vpoker.sqlite3.kept-1" };
  },
};
if (q.has("dealt") || q.has("drawn")) handlers.deal({ machine: "jacks-or-better", bet: 10, hands: Number(q.get("hands") || 1), practice: false });
if (q.has("drawn")) handlers.draw({ hold: q.has("hold") ? maskOf(q.get("hold")) : bestHold });
window.__TAURI__ = { core: { invoke: async (name, args) => handlers[name](args || {}) } };
console.warn("Video Poker: development stub active (?stub). Not the game.");
