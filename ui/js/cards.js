// Playing cards drawn as scalable SVG (crisp at any size, no images), and the
// spoken name of each card in the current language.

import { h } from "./dom.js";
import { t } from "./i18n.js";

const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };
const RED = new Set(["h", "d"]);

/** The joker's text, as the core writes it (Joker Poker's 53rd card). */
export const JOKER = "Jk";

/** Splits "Ah" / "Td" / "10h" into {rank: "A"|"T"…, suit: "h"…}, "Jk" into {joker: true}, or null. */
export function parseCard(text) {
  if (typeof text !== "string" || text.length < 2) return null;
  if (text === JOKER) return { joker: true };
  const suit = text.slice(-1).toLowerCase();
  let rank = text.slice(0, -1).toUpperCase();
  if (rank === "10") rank = "T";
  if (!(suit in SUITS) || !"23456789TJQKA".includes(rank) || rank.length !== 1) return null;
  return { rank, suit };
}

/** The rank as printed on the card face. */
export function rankGlyph(rank) {
  return rank === "T" ? "10" : rank;
}

/** The suit symbol, forced to text presentation (no emoji). */
export function suitGlyph(suit) {
  return `${SUITS[suit]}\uFE0E`;
}

/** "Ace of hearts" in the current language. */
export function cardName(text) {
  const card = parseCard(text);
  if (!card) return t("card.unknown");
  if (card.joker) return t("card.joker");
  return t("card.name", { rank: t(`card.rank.${card.rank}`), suit: t(`card.suit.${card.suit}`) });
}

/** An SVG card face (or back when `text` is null). */
export function cardFace(text) {
  const card = parseCard(text);
  if (!card) {
    return h("svg", { class: "card-svg back", viewBox: "0 0 100 140", "aria-hidden": "true", focusable: "false" },
      h("rect", { x: 2, y: 2, width: 96, height: 136, rx: 9, class: "card-back" }),
      h("rect", { x: 10, y: 10, width: 80, height: 120, rx: 5, class: "card-back-inner" }),
      h("text", { x: 50, y: 84, "text-anchor": "middle", class: "card-back-mark" }, "♠\uFE0E"));
  }
  if (card.joker) {
    return h("svg", { class: "card-svg joker", viewBox: "0 0 100 140", "aria-hidden": "true", focusable: "false" },
      h("rect", { x: 2, y: 2, width: 96, height: 136, rx: 9, class: "card-bg" }),
      h("text", { x: 10, y: 34, class: "card-rank" }, "★\uFE0E"),
      h("text", { x: 50, y: 100, "text-anchor": "middle", class: "card-suit-big" }, "★\uFE0E"),
      h("text", { x: 50, y: 128, "text-anchor": "middle", class: "card-joker-word" }, "JOKER"));
  }
  const colour = RED.has(card.suit) ? "red" : "black";
  const rank = rankGlyph(card.rank);
  const suit = suitGlyph(card.suit);
  const face = "JQK".includes(card.rank);
  return h("svg", { class: `card-svg ${colour}`, viewBox: "0 0 100 140", "aria-hidden": "true", focusable: "false" },
    h("rect", { x: 2, y: 2, width: 96, height: 136, rx: 9, class: "card-bg" }),
    h("text", { x: 9, y: 34, class: "card-rank", textLength: rank.length > 1 ? 36 : undefined }, rank),
    h("text", { x: 10, y: 60, class: "card-suit-small" }, suit),
    face
      ? h("text", { x: 60, y: 118, "text-anchor": "middle", class: "card-face-letter" }, rank)
      : null,
    h("text", { x: face ? 78 : 60, y: face ? 58 : 112, "text-anchor": "middle", class: face ? "card-suit-small" : "card-suit-big" }, suit));
}

/** A small inline card for lists (history, hint panel): rank and suit as text. */
export function miniCard(text, options = {}) {
  const card = parseCard(text);
  const label = cardName(text) + (options.held ? `, ${t("card.held")}` : "");
  const colour = card && card.joker ? "joker" : card && RED.has(card.suit) ? "red" : "black";
  const cls = ["mini", colour, options.held ? "held" : "", options.swapped ? "swapped" : ""].join(" ");
  return h("span", { class: cls, role: "img", "aria-label": label },
    card ? (card.joker ? "★\uFE0E" : `${rankGlyph(card.rank)}${suitGlyph(card.suit)}`) : "?");
}
