#!/usr/bin/env python3
"""Verify every hand of `vpoker play history --json` output without calling any project code.

Usage: vpoker play --db FILE history --limit N | python3 scripts/verify_hand.py [FILE]
       vpoker play --db FILE history --all | python3 scripts/verify_hand.py [FILE]
       vpoker play --db FILE proof --hand ID > P.json; python3 scripts/verify_hand.py --proof P.json

Rebuilds each hand from its revealed seed exactly as docs/VERIFY.md derives it (ChaCha20 as
rand_chacha 0.9's ChaCha20Rng, Lemire's rejection, Fisher-Yates, the kind-deal nudge rule on
stream 2, each extra hand's reshuffle on stream 0) and checks the commitment, the dealt cards, the
disclosed nudge, and every hand's replacement cards and final cards. It pays each final hand with
the table's paytable (a machine's own, or a practised table's: its base's rows, a machine's or a
kicker game's, with the pays the record names; the evaluator natural, or deuces wild; "Paying a
hand"): every result's `outcome` and `row` must be the row the cards land on (`nothing`
and null when none) and its `win` bet x that row's pay, and `won` the sum of the wins. The best
hold's `best_results` and `best_won` are checked the same way, drawn from `best_hold` on the very
same decks. Python 3 standard library only. Given the whole history (`history --all`: oldest first,
with the starting chips and the daily claims where they fell), it also judges each hand's unlocks
at the level the real hands before it give, each claim's date and streak, and replays every kind-deal
decision in order (the situation from the balance and the losing streak, each bag from empty,
refilled on the refilling hand's stream 1), checks each hand's commitment by the rule its place
gives (before `committed_from`: optional, SHA-256 of the seed; from `bound_from` on: SHA-256 of the
seed and "video-poker/2 bet=B lines=N pays=P table=ID"; from `origin_from` on, of the seed and
"video-poker/3 bet=B lines=N practice=0|1 seed=system|chosen pays=P table=ID"; between
`committed_from` and `bound_from`, a machine's hand SHA-256 of the seed and a practised table's
none), and names the first hand the history does not give. An Ultimate X
hand (table `ultimate-x:ID`) is paid at each line's multiplier, its commitment text ends
" multipliers=M1,M2,…", each result's `earned` is the multiplier table's for its final hand, and in the
whole history its multipliers must be what the hand before left (docs/ULTIMATE-X.md, "Playing it").
A Super Times Pay hand (table `super-times:ID`) is paid the same way at the multipliers its seed
draws on stream 4 (docs/VERIFY.md, "Super Times Pay"), which it must carry; its results earn
nothing (`earned` null), and each line costs 6/5 of the bet. Prints one line per hand, naming
each check that fails, and exits 0 when every hand verifies, 1 otherwise.

A mode for tests: `python3 scripts/verify_hand.py --evaluate` reads lines `MACHINE C1 C2 C3 C4 C5`
(a machine's or one of the library's own games' id and five cards, e.g. `deuces-wild 2c Ah Kh Qh 9h`) on standard input and prints, for
each, `OUTCOME ROW PAY`: the row id, its index (`-` for none) and its pay per coin (`flush 7 2`).
"""
import hashlib
import json
import sys
from datetime import date, timedelta
from math import isqrt

RANKS = "23456789TJQKA"
SUITS = "cdhs"
MASK = 0xFFFFFFFF
FAMILY = {  # each machine's and kicker game's family (docs/VERIFY.md, "Machines"): how it evaluates, which deals are dead
    "jacks-or-better": "natural", "deuces-wild": "deuces", "bonus-poker": "natural", "double-bonus": "natural",
    "double-double-bonus": "natural", "triple-double-bonus": "natural", "joker-poker": "joker",
    "aces-and-faces": "natural", "super-double-bonus": "natural", "bonus-deuces-wild": "deuces"}
JOKER = 52  # Joker Poker's 53rd card, after As, written "Jk"
ULTIMATE_X = "ultimate-x:"  # an Ultimate X table's id is its plain table's after this prefix
SUPER_TIMES = "super-times:"  # a Super Times Pay table's id is its plain table's after this prefix
# Super Times Pay (docs/VERIFY.md, "Super Times Pay"): each line's multiplier is one draw below
# 1500 on the seed's stream 4, read off these (multiplier, draws) in order: 0-1399 none, ...
SUPER_TIMES_WEIGHTS = [(1, 1400), (2, 33), (3, 22), (4, 16), (5, 13), (8, 8), (10, 8)]
SUPER_TIMES_LINES = (1, 3, 5, 10)
GROUP = {  # the Ultimate X multiplier table each base's game uses (docs/ULTIMATE-X.md, "The multiplier tables")
    "jacks-or-better": "jacks", "bonus-poker": "bonus", "double-bonus": "double-bonus",
    "double-double-bonus": "double-bonus", "triple-double-bonus": "triple-double-bonus", "deuces-wild": "deuces",
    "aces-and-faces": "bonus", "super-double-bonus": "double-bonus", "bonus-deuces-wild": "deuces"}


def earned_multiplier(group, lines, outcome):
    """The multiplier a final hand of paytable row `outcome` earns for its line's next hand, on an
    Ultimate X table of `group` dealt on `lines` lines (1 when it pays nothing)."""
    if outcome == "nothing":
        return 1
    column = {1: 0, 3: 1, 5: 2}.get(lines, 3)
    table = [
        (lambda g, r: r == "jacks-or-better", [2, 2, 2, 2]),
        (lambda g, r: r == "two-pair", [3, 3, 3, 3]),
        (lambda g, r: g == "deuces" and r == "three-of-a-kind", [2, 2, 2, 2]),
        (lambda g, r: r == "three-of-a-kind", [4, 4, 4, 4]),
        (lambda g, r: g == "jacks" and r == "straight", [7, 7, 7, 7]),
        (lambda g, r: g == "deuces" and r == "straight", [3, 3, 3, 3]),
        (lambda g, r: r == "straight", [8, 8, 8, 8]),
        (lambda g, r: g == "jacks" and r == "flush", [10, 11, 11, 11]),
        (lambda g, r: g == "bonus" and r == "flush", [11, 11, 11, 11]),
        (lambda g, r: g == "deuces" and r == "flush", [5, 5, 5, 5]),
        (lambda g, r: r == "flush", [10, 10, 10, 10]),
        (lambda g, r: g == "deuces" and r == "full-house", [5, 5, 5, 5]),
        (lambda g, r: r == "full-house", [12, 12, 12, 12]),
        (lambda g, r: g == "jacks" and r == "four-of-a-kind", [2, 2, 3, 3]),
        (lambda g, r: g == "jacks" and r in ("straight-flush", "royal-flush"), [2, 2, 2, 7]),
        (lambda g, r: g == "triple-double-bonus", [2, 2, 2, 2]),
        (lambda g, r: g == "deuces" and r == "four-of-a-kind", [7, 7, 7, 7]),
        (lambda g, r: g == "deuces" and r == "straight-flush", [12, 12, 12, 12]),
        (lambda g, r: g == "deuces" and r in ("five-of-a-kind", "five-aces", "five-3-5", "five-6-k"), [2, 2, 3, 3]),
        (lambda g, r: g == "deuces", [2, 2, 4, 4]),
        (lambda g, r: r in ("four-5-k", "four-2-10", "four-5-10"), [2, 2, 3, 3]),
        (lambda g, r: True, [2, 2, 4, 4]),
    ]
    return next(values[column] for applies, values in table if applies(group, outcome))


def ultimate_x(hand):
    """Whether a history entry was dealt on an Ultimate X table."""
    return (hand.get("table") or "").startswith(ULTIMATE_X)


def super_times(hand):
    """Whether a history entry was dealt on a Super Times Pay table."""
    return (hand.get("table") or "").startswith(SUPER_TIMES)


def shows_multipliers(hand):
    """Whether a history entry's lines are paid at multipliers on screen (Ultimate X, Super Times Pay)."""
    return ultimate_x(hand) or super_times(hand)


def drawn_multipliers(seed_bytes, lines):
    """The multipliers a Super Times Pay deal of `lines` lines draws from its seed: line k the k-th
    draw below 1500 on stream 4, read off SUPER_TIMES_WEIGHTS."""
    stream, values = Stream(seed_bytes, 4), []
    for _ in range(lines):
        left = stream.below(1500)
        for multiplier, weight in SUPER_TIMES_WEIGHTS:
            if left < weight:
                values.append(multiplier)
                break
            left -= weight
    return values


def line_cost(table_id, bet):
    """What one line costs at `bet` chips: the bet, twice it on Ultimate X, 6/5 of it on Super Times Pay."""
    if table_id.startswith(ULTIMATE_X):
        return 2 * bet
    if table_id.startswith(SUPER_TIMES):
        return bet * 6 // 5
    return bet


def deck_size(game):
    """52 cards, or 53 with the joker last (docs/VERIFY.md, "The deck")."""
    return 53 if FAMILY[game] == "joker" else 52


def card_name(index):
    """Card index rank*4 + suit (2c = 0, 2d = 1, ..., As = 51) as text like 'Ah'; 52 is 'Jk'."""
    return "Jk" if index == JOKER else RANKS[index // 4] + SUITS[index % 4]


def card_index(text):
    if text.lower() == "jk":
        return JOKER
    text = text.replace("10", "T")
    return RANKS.index(text[0].upper()) * 4 + SUITS.index(text[1].lower())


def rank(c):
    return c // 4


def suit(c):
    return c % 4


def rotl(v, n):
    return ((v << n) & MASK) | (v >> (32 - n))


def chacha20_block(key_words, counter, stream):
    """One 64-byte ChaCha20 block (20 rounds) as 16 words: constants, key, 64-bit counter, 64-bit stream."""
    state = [0x61707865, 0x3320646E, 0x79622D32, 0x6B206574] + key_words + [
        counter & MASK, counter >> 32, stream & MASK, stream >> 32]
    x = list(state)

    def quarter(a, b, c, d):
        x[a] = (x[a] + x[b]) & MASK; x[d] = rotl(x[d] ^ x[a], 16)
        x[c] = (x[c] + x[d]) & MASK; x[b] = rotl(x[b] ^ x[c], 12)
        x[a] = (x[a] + x[b]) & MASK; x[d] = rotl(x[d] ^ x[a], 8)
        x[c] = (x[c] + x[d]) & MASK; x[b] = rotl(x[b] ^ x[c], 7)

    for _ in range(10):
        quarter(0, 4, 8, 12); quarter(1, 5, 9, 13); quarter(2, 6, 10, 14); quarter(3, 7, 11, 15)
        quarter(0, 5, 10, 15); quarter(1, 6, 11, 12); quarter(2, 7, 8, 13); quarter(3, 4, 9, 14)
    return [(x[i] + state[i]) & MASK for i in range(16)]


class Stream:
    """32-bit words of one ChaCha20 stream of a seed, block 0 word 0 first."""

    def __init__(self, seed_bytes, stream):
        self.key = [int.from_bytes(seed_bytes[4 * i:4 * i + 4], "little") for i in range(8)]
        self.stream = stream
        self.counter = 0
        self.words = []

    def next_u32(self):
        if not self.words:
            self.words = chacha20_block(self.key, self.counter, self.stream)
            self.counter += 1
        return self.words.pop(0)

    def below(self, n):
        """Lemire's multiply-and-reject: uniform in 0..n."""
        threshold = (-n % (1 << 32)) % n
        while True:
            product = self.next_u32() * n
            if product & MASK >= threshold:
                return product >> 32


def fisher_yates(items, stream):
    for i in range(len(items) - 1, 0, -1):
        j = stream.below(i + 1)
        items[i], items[j] = items[j], items[i]


# --- the kind-deal rule (src/pipeline/nudge.rs) ----------------------------------------------------

def is_straight(ranks):
    return len(ranks) == 5 and in_sequence(ranks)


def is_dead(game, dealt):
    if FAMILY[game] == "joker":
        return False  # no dead-deal rule is defined for the joker: Joker Poker deals pure
    ranks = [rank(c) for c in dealt]
    suits = [suit(c) for c in dealt]
    if len(set(ranks)) != 5 or len(set(suits)) == 1 or is_straight(ranks):
        return False
    if FAMILY[game] == "deuces" and 0 in ranks:
        return False
    return True


def plan_nudge(game, deck, stream2):
    dealt = deck[:5]
    if not is_dead(game, dealt):
        return None
    counts = [sum(1 for c in dealt if suit(c) == s) for s in range(4)]
    if 3 in counts:
        s = counts.index(3)
        off = [i for i in range(5) if suit(dealt[i]) != s]
        position = min(off, key=lambda i: (rank(dealt[i]), i))
        kept = [rank(dealt[i]) for i in range(5) if i != position]

        def ok(c):
            if suit(c) != s or rank(c) == 0 or rank(c) in kept:
                return False
            return not is_straight(kept + [rank(c)])
        kind = "four-flush"
    else:
        alone = [i for i in range(5) if counts[suit(dealt[i])] == 1]
        pool = alone if alone else list(range(5))
        position = min(pool, key=lambda i: (rank(dealt[i]), i))
        target = max(rank(dealt[i]) for i in range(5) if i != position)
        if target == 0:
            return None

        def ok(c):
            return rank(c) == target
        kind = "pair"
    candidates = sorted((deck[p], p) for p in range(5, len(deck)) if ok(deck[p]))
    if not candidates:
        return None
    added, deck_position = candidates[stream2.below(len(candidates))]
    return {"kind": kind, "position": position, "removed": card_name(dealt[position]),
            "added": card_name(added), "deck_position": deck_position}


# --- paying a hand (docs/VERIFY.md, "Paying a hand") -------------------------------------------

PAYTABLES = {  # each machine's rows, row 0 first: (outcome, pay per coin)
    "jacks-or-better": [
        ("royal-flush", 800), ("straight-flush", 50), ("four-of-a-kind", 25), ("full-house", 9), ("flush", 6),
        ("straight", 4), ("three-of-a-kind", 3), ("two-pair", 2), ("jacks-or-better", 1)],
    "deuces-wild": [
        ("natural-royal-flush", 800), ("four-deuces", 200), ("wild-royal-flush", 25), ("five-of-a-kind", 15),
        ("straight-flush", 9), ("four-of-a-kind", 5), ("full-house", 3), ("flush", 2), ("straight", 2),
        ("three-of-a-kind", 1)],
    "bonus-poker": [
        ("royal-flush", 800), ("four-aces", 80), ("straight-flush", 50), ("four-2-4", 40), ("four-5-k", 25),
        ("full-house", 8), ("flush", 5), ("straight", 4), ("three-of-a-kind", 3), ("two-pair", 2),
        ("jacks-or-better", 1)],
    "double-bonus": [
        ("royal-flush", 800), ("four-aces", 160), ("four-2-4", 80), ("straight-flush", 50), ("four-5-k", 50),
        ("full-house", 10), ("flush", 7), ("straight", 5), ("three-of-a-kind", 3), ("two-pair", 1),
        ("jacks-or-better", 1)],
    "joker-poker": [
        ("natural-royal-flush", 800), ("five-of-a-kind", 200), ("wild-royal-flush", 100), ("straight-flush", 50),
        ("four-of-a-kind", 20), ("full-house", 7), ("flush", 5), ("straight", 3), ("three-of-a-kind", 2),
        ("two-pair", 1), ("kings-or-better", 1)],
}

KICKER_ROWS = [  # the kicker games' rows, row 0 first (src/kicker.rs): four of a kind told apart by the fifth card
    "royal-flush", "four-aces-2-4-kicker", "four-2-4-a-4-kicker", "four-aces", "four-2-4", "straight-flush",
    "four-5-k", "full-house", "flush", "straight", "three-of-a-kind", "two-pair", "jacks-or-better"]
ROWS = {name: [outcome for outcome, _ in rows] for name, rows in PAYTABLES.items()}
ROWS.update({"double-double-bonus": KICKER_ROWS, "triple-double-bonus": KICKER_ROWS})
OWN_PAYS = {  # the library's own games' own tables (src/kicker.rs), for `--evaluate`: a history names its pays
    "double-double-bonus": [800, 400, 160, 160, 80, 50, 50, 9, 6, 4, 3, 1, 1],
    "triple-double-bonus": [800, 800, 400, 160, 80, 50, 50, 9, 7, 4, 2, 1, 1],
    "aces-and-faces": [800, 80, 50, 40, 25, 8, 5, 4, 3, 2, 1],
    "super-double-bonus": [800, 160, 120, 80, 80, 50, 9, 5, 4, 3, 1, 1],
    "bonus-deuces-wild": [800, 400, 200, 80, 40, 25, 20, 9, 4, 4, 3, 1, 1]}
ROWS.update({  # the rows of the library's other games of its own, row 0 first (src/kicker.rs)
    "aces-and-faces": [
        "royal-flush", "four-aces", "straight-flush", "four-j-k", "four-2-10", "full-house", "flush", "straight",
        "three-of-a-kind", "two-pair", "jacks-or-better"],
    "super-double-bonus": [
        "royal-flush", "four-aces", "four-j-k", "four-2-4", "straight-flush", "four-5-10", "full-house", "flush",
        "straight", "three-of-a-kind", "two-pair", "jacks-or-better"],
    "bonus-deuces-wild": [
        "natural-royal-flush", "four-deuces-ace", "four-deuces", "five-aces", "five-3-5", "wild-royal-flush",
        "five-6-k", "straight-flush", "four-of-a-kind", "full-house", "flush", "straight", "three-of-a-kind"]})

TEN, JACK, ACE = 8, 9, 12  # ranks: 0 = deuce ... 12 = ace
ROYAL = set(range(TEN, ACE + 1))
WINDOWS = [set(range(low, low + 5)) for low in range(9)] + [{ACE, 0, 1, 2, 3}]  # five in sequence, A2345 too


def in_sequence(ranks):
    """Different ranks that one five-rank sequence holds (all five of them, or fewer with wild cards)."""
    held = set(ranks)
    return len(held) == len(ranks) and any(held <= window for window in WINDOWS)


def natural_hand(cards):
    """The natural family's hand (exactly one fits), four of a kind told apart by rank."""
    ranks = [rank(c) for c in cards]
    counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
    most = max(ranks, key=lambda r: (ranks.count(r), r))  # the four's, three's or (highest) pair's rank
    flush, straight = len({suit(c) for c in cards}) == 1, in_sequence(ranks)
    if flush and straight:
        return "royal-flush" if set(ranks) == ROYAL else "straight-flush"
    if counts[0] == 4:
        return "four-aces" if most == ACE else "four-2-4" if most <= 2 else "four-5-k"
    if counts == [3, 2]:
        return "full-house"
    if flush:
        return "flush"
    if straight:
        return "straight"
    if counts[0] == 3:
        return "three-of-a-kind"
    if counts == [2, 2, 1]:
        return "two-pair"
    if counts[0] == 2 and most >= JACK:
        return "jacks-or-better"
    return "nothing"


def natural_rows(cards):
    """The rows a natural hand lands on: its hand, Jacks or Better's one `four-of-a-kind` row for
    each of the three kinds of four, and a kicker game's row for four aces with a 2, 3 or 4, or four
    2s-4s with an ace, 2, 3 or 4 (the topmost row made pays: the kicker rows come first)."""
    hand = natural_hand(cards)
    if not hand.startswith("four-"):
        return {hand}
    ranks = [rank(c) for c in cards]
    kicker = min(ranks, key=ranks.count)
    made = {hand, "four-of-a-kind"}
    most = max(ranks, key=ranks.count)
    if JACK <= most < ACE:
        made.add("four-j-k")  # Aces & Faces' and Super Double Bonus' own row
    if most <= TEN:
        made.add("four-2-10")  # Aces & Faces'
        if most >= 3:
            made.add("four-5-10")  # Super Double Bonus'
    if hand == "four-aces" and kicker <= 2:
        made.add("four-aces-2-4-kicker")
    if hand == "four-2-4" and (kicker <= 2 or kicker == ACE):
        made.add("four-2-4-a-4-kicker")
    return made


def deuces_rows(cards):
    """Every Deuces Wild row five cards can make, each deuce standing for any card."""
    wild = sum(1 for c in cards if rank(c) == 0)
    naturals = [c for c in cards if rank(c) != 0]
    ranks = [rank(c) for c in naturals]
    counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True) + [0, 0]
    one_suit = len({suit(c) for c in naturals}) <= 1
    sequence = in_sequence(ranks)
    makes = {
        "natural-royal-flush": wild == 0 and one_suit and set(ranks) == ROYAL,
        "four-deuces": wild == 4,
        "four-deuces-ace": wild == 4 and ranks == [ACE],  # Bonus Deuces Wild's own rows from here
        "five-aces": counts[0] + wild >= 5 and set(ranks) == {ACE},
        "five-3-5": counts[0] + wild >= 5 and len(set(ranks)) == 1 and 1 <= ranks[0] <= 3,
        "five-6-k": counts[0] + wild >= 5 and len(set(ranks)) == 1 and 4 <= ranks[0] <= 11,
        "wild-royal-flush": wild > 0 and one_suit and sequence and set(ranks) <= ROYAL,
        "five-of-a-kind": counts[0] + wild >= 5,
        "straight-flush": one_suit and sequence,
        "four-of-a-kind": counts[0] + wild >= 4,
        "full-house": max(0, 3 - counts[0]) + max(0, 2 - counts[1]) <= wild,
        "flush": one_suit,
        "straight": sequence,
        "three-of-a-kind": counts[0] + wild >= 3,
    }
    return {outcome for outcome, made in makes.items() if made}


def joker_rows(cards):
    """Every Joker Poker row five cards of the 53 can make: without the joker the natural hand (a
    pair of kings or aces pays), with it the hands of the joker standing for each of the 52 cards,
    even one already held (four aces and the joker are five aces)."""
    naturals = [c for c in cards if c != JOKER]
    made = set()
    for stand_in in ([None] if len(naturals) == 5 else range(52)):
        five = naturals + ([] if stand_in is None else [stand_in])
        ranks = [rank(c) for c in five]
        counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True) + [0]
        flush, straight = len({suit(c) for c in five}) == 1, in_sequence(ranks)
        royal = flush and set(ranks) == ROYAL
        made.update(outcome for outcome, yes in [
            ("natural-royal-flush", royal and stand_in is None),
            ("wild-royal-flush", royal and stand_in is not None),
            ("five-of-a-kind", counts[0] == 5),
            ("straight-flush", flush and straight),
            ("four-of-a-kind", counts[0] >= 4),
            ("full-house", counts[:2] == [3, 2]),
            ("flush", flush),
            ("straight", straight),
            ("three-of-a-kind", counts[0] >= 3),
            ("two-pair", counts[:2] == [2, 2]),
            ("kings-or-better", any(ranks.count(r) >= 2 for r in (ACE - 1, ACE))),
        ] if yes)
    return made


def paytable(hand):
    """The rows (outcome, pay per coin) of the table a history entry was played on: its base's rows
    (a machine's or a kicker game's) with the pays it records, or the machine's own."""
    base = hand.get("base", hand.get("machine"))
    pays = hand.get("pays") or [pay for _, pay in PAYTABLES[base]]
    return base, list(zip(ROWS[base], pays))


def paying_row(game, cards, rows=None):
    """(outcome, row, pay per coin) of five final cards: the topmost row of the table (a machine's,
    or `rows` on `game`'s family) the hand makes, or ("nothing", None, 0)."""
    family = FAMILY[game]
    made = deuces_rows(cards) if family == "deuces" else joker_rows(cards) if family == "joker" else natural_rows(cards)
    if rows is None:
        rows = PAYTABLES.get(game) or list(zip(ROWS[game], OWN_PAYS[game]))
    for row, (outcome, pay) in enumerate(rows):
        if outcome in made:
            return outcome, row, pay
    return "nothing", None, 0


# --- one hand -------------------------------------------------------------------------------

def rebuild(hand):
    """The deck as shuffled, the dealt cards, the nudge and each hand's deck to draw from (the
    first hand's is deck positions 5 to the end after the nudge, each extra hand's its reshuffled
    copy), from the seed: 52 cards, or 53 on Joker Poker."""
    seed = bytes.fromhex(hand["seed"])
    stream0 = Stream(seed, 0)
    deck = list(range(deck_size(hand.get("base") or hand["machine"])))
    fisher_yates(deck, stream0)
    shuffled = list(deck)
    nudge = None
    if hand.get("nudge"):
        nudge = plan_nudge(hand["machine"], deck, Stream(seed, 2))
        if nudge:
            p, q = nudge["position"], nudge["deck_position"]
            deck[p], deck[q] = deck[q], deck[p]
    dealt = deck[:5]
    sources = [deck[5:]]
    for _ in range(1, hand["hands"]):
        copy = list(deck[5:])
        fisher_yates(copy, stream0)
        sources.append(copy)
    return shuffled, dealt, nudge, sources


def draw(dealt, sources, hold):
    """Each hand's final cards and replacement cards for a hold (bit i keeps dealt card i + 1)."""
    finals, drawn = [], []
    for rest in sources:
        rest = iter(rest)
        final = [dealt[i] if hold >> i & 1 else next(rest) for i in range(5)]
        finals.append(final)
        drawn.append([final[i] for i in range(5) if not hold >> i & 1])
    return finals, drawn


def check_results(hand, dealt, sources, hold, results, won, name):
    """The failed checks of one hold's results and their sum (`results` and `won`, or
    `best_results` and `best_won`): each hand's cards as the hold draws them, and its outcome, row
    and win as the machine's paytable pays them at the hand's bet."""
    failures = []
    prefix = "" if name == "results" else name + " "
    finals, drawn = draw(dealt, sources, hold)
    if results is None or len(results) != len(finals):
        failures.append("%shands (%s results recorded, %d played)"
                        % (prefix, "no" if results is None else len(results), len(finals)))
        return failures
    total = 0
    for k, (result, final, new) in enumerate(zip(results, finals, drawn)):
        if [card_index(c) for c in result["cards"]] != final:
            failures.append("%shand %d final cards" % (prefix, k + 1))
        if [card_index(c) for c in result["drawn"]] != new:
            failures.append("%shand %d replacement cards" % (prefix, k + 1))
        base, rows = paytable(hand)
        outcome, row, pay = paying_row(base, final, rows)
        multiplier = hand["multipliers"][k] if shows_multipliers(hand) else 1
        win = pay * hand["bet"] * multiplier
        total += win
        if shows_multipliers(hand):
            # Ultimate X's final hand earns its line's next multiplier; Super Times Pay's earns none.
            earned = earned_multiplier(GROUP[base], hand["hands"], outcome) if ultimate_x(hand) else None
            if not same(result.get("multiplier"), multiplier):
                failures.append("%shand %d multiplier (recorded %s, dealt at %d)"
                                % (prefix, k + 1, json.dumps(result.get("multiplier")), multiplier))
            if not same(result.get("earned"), earned):
                failures.append("%shand %d earned multiplier (recorded %s, the cards earn %s)"
                                % (prefix, k + 1, json.dumps(result.get("earned")), json.dumps(earned)))
        if not same(result["outcome"], outcome):
            failures.append("%shand %d outcome (recorded %s, the cards make %s)"
                            % (prefix, k + 1, json.dumps(result["outcome"]).strip('"'), outcome))
        if not same(result["row"], row):
            failures.append("%shand %d row (recorded %s, the paytable's is %s)"
                            % (prefix, k + 1, json.dumps(result["row"]), json.dumps(row)))
        if not same(result["win"], win):
            failures.append("%shand %d win (recorded %s, bet %d x %d x %d = %d)"
                            % (prefix, k + 1, json.dumps(result["win"]), hand["bet"], pay, multiplier, win))
    if not same(won, total):
        failures.append("%s (recorded %s, the hands pay %d)"
                        % ("won" if name == "results" else "best_won", json.dumps(won), total))
    return failures


def same(recorded, computed):
    """A recorded JSON value is the computed one, of the same type (`true` is not the row 1)."""
    return type(recorded) is type(computed) and recorded == computed


def commitment_of(rule, hand):
    """The commitment a hand carries under `rule` (docs/VERIFY.md, "Commitments"), or None."""
    seed = bytes.fromhex(hand["seed"])
    if rule == "uncommitted":
        return None
    if rule in ("bound", "origin"):
        _, rows = paytable(hand)
        pays, table = ",".join(str(pay) for _, pay in rows), hand.get("table", hand["machine"])
        if rule == "bound":
            text = "video-poker/2 bet=%d lines=%d pays=%s table=%s" % (hand["bet"], hand["hands"], pays, table)
        else:
            text = "video-poker/3 bet=%d lines=%d practice=%d seed=%s pays=%s table=%s" % (
                hand["bet"], hand["hands"], 1 if hand["practice"] else 0, hand.get("seed_from") or "system", pays, table)
        if shows_multipliers(hand):
            text += " multipliers=" + ",".join(str(m) for m in hand["multipliers"])
        return hashlib.sha256(seed + text.encode("ascii")).hexdigest()
    return hashlib.sha256(seed).hexdigest()


def rule_of(hand, committed_from, bound_from, origin_from):
    """The commitment rule of a hand by its place in the history (never by what the row says)."""
    if hand["id"] >= origin_from:
        return "origin"
    if hand["id"] >= bound_from:
        return "bound"
    if hand["id"] < committed_from:
        return "legacy"
    return "seed" if hand["machine"] is not None else "uncommitted"


def check(hand, rule=None):
    """The list of failed checks of one history entry (empty when it verifies); `rule` is the
    commitment rule its place gives (a lone entry: the rule it names)."""
    failures = []
    base = hand.get("base", hand["machine"])
    if base not in ROWS or (hand["machine"] is not None and hand["machine"] not in PAYTABLES):
        return ["table (%s is not a table this verifier knows)" % hand.get("table", hand["machine"])]
    if shows_multipliers(hand) != (hand.get("multipliers") is not None) or (
            ultimate_x(hand) and (base not in GROUP or len(hand["multipliers"]) != hand["hands"])):
        return ["multipliers (an Ultimate X or Super Times Pay hand has one per line, any other none)"]
    if super_times(hand):
        if hand["hands"] not in SUPER_TIMES_LINES:
            return ["lines (Super Times Pay is dealt on 1, 3, 5 or 10 lines, not %d)" % hand["hands"]]
        drawn = drawn_multipliers(bytes.fromhex(hand["seed"]), hand["hands"])
        if hand["multipliers"] != drawn:
            failures.append("multipliers (recorded %s, the seed draws %s)" % (hand["multipliers"], drawn))
    rule = rule or hand.get("commitment_rule", "legacy")
    expected, recorded = commitment_of(rule, hand), hand.get("commitment")
    if recorded is None:
        if rule in ("seed", "bound", "origin"):
            failures.append("commitment (stored after commitments began, but carries none)")
    elif rule == "legacy":
        failures.append("commitment (stored before commitments began, but carries one)")
    elif expected is None or expected != recorded.lower():
        failures.append("commitment")
    _, dealt, nudge, sources = rebuild(hand)
    recorded_nudge = hand.get("nudge")
    if recorded_nudge:
        fields = ("kind", "position", "removed", "added", "deck_position")
        if nudge is None or any(str(nudge[f]) != str(recorded_nudge[f]) for f in fields):
            failures.append("nudge")
    if [card_index(c) for c in hand["dealt"]] != dealt:
        failures.append("deal")
    if hand.get("compact"):
        # The compact form keeps what was stored, not what is derived: the win is checked.
        finals, _ = draw(dealt, sources, hand["hold"])
        base, rows = paytable(hand)
        made = [paying_row(base, cards, rows) for cards in finals]
        at = hand["multipliers"] if shows_multipliers(hand) else [1] * len(finals)
        paid = sum(hand["bet"] * pay * m for (_, _, pay), m in zip(made, at))
        if paid != hand["won"]:
            failures.append("won (recorded %s, the draws pay %d)" % (hand["won"], paid))
        if ultimate_x(hand):
            hand["earned"] = [earned_multiplier(GROUP[base], hand["hands"], outcome) for outcome, _, _ in made]
        return failures
    failures += check_results(hand, dealt, sources, hand["hold"], hand["results"], hand["won"], "results")
    if ultimate_x(hand) and not failures:
        hand["earned"] = [result["earned"] for result in hand["results"]]
    best = hand.get("best_results"), hand.get("best_won")
    failures += check_results(hand, dealt, sources, hand["best_hold"], best[0], best[1], "best_results")
    return failures


# --- the whole history's kind-deal decisions (src/pipeline/decisions.rs) -----------------------

BAGS = {"normal": (1, 5), "losing-streak": (1, 2), "low-balance": (1, 1)}  # (nudges, plain deals)
LOW_BALANCE, LOSING_STREAK = 100, 5


class Decisions:
    """Replays whether each dead real deal was nudged from the hands before it (`history --all`)."""

    def __init__(self, start, unordered_chips):
        self.balance, self.unordered, self.streak, self.xp = start, unordered_chips, 0, 0
        self.bags = {name: [] for name in BAGS}
        self.last = {name: None for name in BAGS}
        self.previous = None  # what the hand before left: its choices and each line's earned multiplier

    def draw(self, situation, seed):
        bag = self.bags[situation]
        if not bag:  # refill: the nudges then the plain deals, shuffled on the hand's stream 1
            yes, no = BAGS[situation]
            bag.extend([True] * yes + [False] * no)
            fisher_yates(bag, Stream(seed, 1))
        self.last[situation] = bag.pop(0)
        return self.last[situation]

    def carried(self, hand):
        """The multipliers an Ultimate X hand is dealt with (src/pipeline/carry.rs): what each line
        earned in the hand just before, when that hand was the same deal again (table, pays, bet,
        lines, practice), else 1 on every line; a Super Times Pay hand's, what its seed draws;
        None on a plain table."""
        if super_times(hand):
            return drawn_multipliers(bytes.fromhex(hand["seed"]), hand["hands"])
        if not ultimate_x(hand):
            return None
        choices = (hand["table"], tuple(hand["pays"]), hand["bet"], hand["hands"], hand["practice"])
        if self.previous and self.previous[0] == choices and len(self.previous[1]) == hand["hands"]:
            return list(self.previous[1])
        return [1] * hand["hands"]

    def hand(self, hand):
        """None when the history gives this hand's decision, else what it gives instead."""
        expected = self.carried(hand)
        if expected != hand.get("multipliers"):
            return "dealt with multipliers %s, but the hand before leaves %s" % (hand.get("multipliers"), expected)
        self.previous = ((hand.get("table"), tuple(hand.get("pays") or ()), hand["bet"], hand["hands"], hand["practice"]),
                         hand.get("earned") or [])
        problem = self.decide(hand)
        if problem is None and not hand["practice"]:
            cost = hand["cost"]
            self.balance += hand["won"] - cost
            self.xp += cost
            self.streak = self.streak + 1 if hand["won"] < cost else 0
        return problem

    def decide(self, hand):
        situation, nudged = hand.get("situation"), bool(hand.get("nudge"))
        if hand["practice"]:
            return "a practice hand names a bag or a nudge" if situation or nudged else None
        cost = hand["cost"]
        if self.balance + self.unordered < cost:
            return "the bet is more than the history leaves"
        if hand["machine"] is None:
            return "played for chips on %s, which is practised only" % hand.get("table")
        seed = bytes.fromhex(hand["seed"])
        deck = list(range(deck_size(hand["machine"])))
        fisher_yates(deck, Stream(seed, 0))
        dead = is_dead(hand["machine"], deck[:5])
        if situation is None:
            return "nudged, but names no bag" if nudged else None
        if not dead:
            return "names a bag, but the deal is not dead"
        fewest = self.balance - cost
        streak_only = "losing-streak" if self.streak >= LOSING_STREAK else "normal"
        if fewest + self.unordered < LOW_BALANCE:
            expected = "low-balance"
        elif fewest >= LOW_BALANCE:
            expected = streak_only
        else:  # claims of unknown place leave it open: either is followed
            expected = situation if situation in ("low-balance", streak_only) else streak_only
        if situation != expected:
            return "names the %s bag, the balance and streak give %s" % (situation, expected)
        says = self.draw(situation, seed) and plan_nudge(hand["machine"], deck, Stream(seed, 2)) is not None
        if says and not nudged:
            return "the %s bag's draw nudges this dead deal, but the record is not nudged" % situation
        if nudged and not says:
            return "the %s bag's draw does not nudge this dead deal, but the record is nudged" % situation
        return None


def evaluate(lines):
    """`--evaluate`: each line `MACHINE C1 C2 C3 C4 C5` as `OUTCOME ROW PAY` (ROW `-` for none)."""
    out = []
    for line in lines:
        if line.strip():
            game, *cards = line.split()
            outcome, row, pay = paying_row(game, [card_index(c) for c in cards])
            out.append("%s %s %d\n" % (outcome, "-" if row is None else row, pay))
    sys.stdout.write("".join(out))
    return 0


COMPACT = ("compact-1", "compact-2")  # compact-2 adds each hand's multipliers (null off Ultimate X)


MACHINE_LEVEL = {  # the level that opens each machine for chips (docs/VERIFY.md, "How do XP, levels and unlocks follow")
    "jacks-or-better": 1, "deuces-wild": 3, "bonus-poker": 8, "double-bonus": 15, "joker-poker": 18}
LINES_LEVEL = {1: 1, 3: 10, 5: 10, 10: 12, 50: 17, 100: 20}  # the level that opens each line count


def level_of(xp):
    """The level at `xp`: the largest L with 100·L·(L−1) ≤ xp (level 1 from 0)."""
    level = max(1, (1 + isqrt(1 + xp // 25)) // 2)
    while level > 1 and 100 * level * (level - 1) > xp:
        level -= 1
    while 100 * (level + 1) * level <= xp:
        level += 1
    return level


def unlock_problem(hand, level):
    """None when `hand` was open at `level` (the level the real hands before it give), else why not:
    for chips only on a machine open then, in practice on any table; its line count open then."""
    lines_level = LINES_LEVEL.get(hand["hands"])
    if lines_level is None:
        return "%d lines is no line count the game deals" % hand["hands"]
    if not hand["practice"]:
        machine = hand.get("machine")
        if machine is None:
            return "table %s is practised, never played for chips" % hand.get("table")
        if level < MACHINE_LEVEL[machine]:
            return "%s opens at level %d, and the hands before it give level %d" % (machine, MACHINE_LEVEL[machine], level)
    if level < lines_level:
        return "%d lines open at level %d, and the hands before it give level %d" % (hand["hands"], lines_level, level)
    return None


def claim_problems(claims):
    """What is wrong with the claims' dates and streaks, by the one rule: each date a real date
    (0001-01-01 to 9999-12-31, written YYYY-MM-DD), each streak the run of consecutive claimed dates
    ending at it."""
    problems, dated = [], []
    for claim in claims:
        try:
            day = date.fromisoformat(claim["day"])
        except (TypeError, ValueError):
            problems.append("a daily claim for %r, which is not a date" % (claim["day"],))
            continue
        if day.isoformat() != claim["day"]:
            problems.append("a daily claim for %r, which is not written YYYY-MM-DD" % claim["day"])
        dated.append((day, claim.get("streak")))
    dated.sort(key=lambda pair: pair[0])
    run, before = 0, None
    for day, streak in dated:
        run = run + 1 if before is not None and before + timedelta(days=1) == day else 1
        before = day
        if streak != run:
            problems.append("a daily claim on %s with streak %s, but the run of claimed dates ending there is %d"
                            % (day.isoformat(), streak, run))
    return problems


def expand_compact(rows):
    """`history --all --compact`'s hands as the full form's fields the checks read (docs/VERIFY.md,
    "The compact form"): a table given as an object the first time, by its index after."""
    tables, hands = [], []
    for row in rows:
        (hand_id, _moment, table, bet, lines, practice, seed, seed_from, commitment, situation, nudge,
         dealt, hold, won), multipliers = row[:14], (row[14] if len(row) > 14 else None)
        if isinstance(table, dict):
            tables.append(table)
        else:
            table = tables[table]
        hands.append({
            "id": hand_id, "machine": table["machine"], "table": table["id"], "base": table["base"],
            "pays": table["pays"], "bet": bet, "hands": lines, "practice": bool(practice),
            "cost": lines * line_cost(table["id"], bet), "multipliers": multipliers,
            "seed": seed, "seed_from": seed_from, "commitment": commitment, "situation": situation,
            "nudge": nudge and dict(zip(("kind", "position", "removed", "added", "deck_position"), nudge)),
            "dealt": [dealt[i:i + 2] for i in range(0, len(dealt), 2)], "hold": hold, "won": won,
            "compact": True})
    return hands


def check_proof(proof):
    """None when a proof of one record of the history's chain gives its head (docs/VERIFY.md, "The
    history's chain"), else what fails."""
    if proof.get("format") != "video-poker/proof-1":
        return "not a proof of this format"
    index, records = proof["index"], proof["records"]
    if not 0 <= index < records:
        return "index %d is not below the records %d" % (index, records)
    heights = [h for h in range(63, -1, -1) if records >> h & 1]
    start = 0
    for at, height in enumerate(heights):
        if start <= index < start + (1 << height):
            break
        start += 1 << height
    path = [bytes.fromhex(h) for h in proof["path"]]
    left = [bytes.fromhex(h) for h in proof["left_peaks"]]
    right = [bytes.fromhex(h) for h in proof["right_peaks"]]
    if len(path) != height or len(left) != at or len(right) != len(heights) - at - 1:
        return "the path or the peaks do not fit %d records" % records
    acc = hashlib.sha256(b"\x00" + proof["text"].encode("ascii")).digest()
    offset = index - start
    for level, sibling in enumerate(path):
        pair = acc + sibling if (offset >> level) & 1 == 0 else sibling + acc
        acc = hashlib.sha256(b"\x01" + pair).digest()
    head = hashlib.sha256(b"video-poker/head" + records.to_bytes(8, "big") + b"".join(left + [acc] + right)).hexdigest()
    return None if head == proof["head"].lower() else "the record, its path and the peaks do not give the head"


def main():
    if sys.argv[1:2] == ["--evaluate"]:
        return evaluate(sys.stdin)
    if sys.argv[1:2] == ["--proof"]:
        proof = json.load(open(sys.argv[2]) if len(sys.argv) > 2 else sys.stdin)
        failure = check_proof(proof)
        print("record %d of %d under head %s: %s" % (proof["index"] + 1, proof["records"], proof["head"],
                                                    failure or "verified"))
        return 1 if failure else 0
    source = open(sys.argv[1]) if len(sys.argv) > 1 else sys.stdin
    history = json.load(source)
    hands = history["hands"]
    if history.get("format") in COMPACT:
        hands = expand_compact(hands)
    elif "format" in history:
        print("this verifier reads the full form and %s, not %s" % (" and ".join(COMPACT), history["format"]))
        return 1
    whole = "start" in history  # `vpoker play history --all`: oldest first, with the claims
    decisions = claims = None
    if whole:
        unordered = sum(c["amount"] for c in history["claims"] if c["after_hand"] is None)
        decisions = Decisions(history["start"], unordered)
        claims = sorted((c["after_hand"], c["amount"]) for c in history["claims"] if c["after_hand"] is not None)
    bad, first_decision = 0, None
    history_failures = []
    if whole:
        wrong = [c for c in history["claims"] if c["amount"] != 200]
        if wrong:
            history_failures.append("a claim of %s chips (a day gives 200)" % wrong[0]["amount"])
        last = len(hands) + (history.get("in_progress") is not None)
        late = [c for c in history["claims"] if c["after_hand"] is not None and c["after_hand"] > last]
        if late:
            history_failures.append("a daily claim is recorded after hand %d, which does not exist" % late[0]["after_hand"])
        # Claims without a place were made before places were recorded (the game's migration 10);
        # none is written since, so there are exactly `unplaced_claims` of them.
        unplaced = sum(1 for c in history["claims"] if c["after_hand"] is None)
        if "unplaced_claims" in history and unplaced != history["unplaced_claims"]:
            history_failures.append("%d daily claims have no place among the hands, but %d were made before "
                                    "places were recorded" % (unplaced, history["unplaced_claims"]))
        history_failures.extend(claim_problems(history["claims"]))
    xp = 0  # chips bet on the real hands before each hand: its level
    for number, hand in enumerate(hands, start=1):
        if whole and hand["id"] != number and not history_failures:
            history_failures.append("hand %d is missing from the history" % number)
        rule = rule_of(hand, history["committed_from"], history.get("bound_from", 1 << 62),
                       history.get("origin_from", 1 << 62)) if whole else None
        failures = check(hand, rule)
        if whole:
            problem = unlock_problem(hand, level_of(xp))
            if problem:
                failures.append("unlock (%s)" % problem)
            if not hand["practice"]:
                xp += hand["cost"]
            while claims and claims[0][0] < hand["id"]:
                decisions.balance += claims.pop(0)[1]
            if first_decision is None and not failures:
                problem = decisions.hand(hand)
                if problem:
                    failures.append("decision (%s)" % problem)
                    first_decision = hand["id"]
        status = "verified" if not failures else "FAILED: " + ", ".join(failures)
        bad += bool(failures)
        print("hand %s (%s, %d hand%s): %s" % (hand["id"], hand.get("table", hand["machine"]), hand["hands"],
                                                "" if hand["hands"] == 1 else "s", status))
        if whole and failures and first_decision is None:
            first_decision = hand["id"]  # the decisions cannot be replayed past a hand that fails
    print("%d of %d hands verified" % (len(hands) - bad, len(hands)))
    if whole and history.get("in_progress") is not None:
        print("whole history: hand %s is in progress, so the stored profile and bags are not compared"
              % history["in_progress"])
    elif whole and first_decision is None and not history_failures:
        while claims:
            decisions.balance += claims.pop(0)[1]
        end = history.get("profile")
        replayed = {"chips": decisions.balance + decisions.unordered, "losing_streak": decisions.streak, "xp": decisions.xp}
        if end is not None and end != replayed:
            history_failures.append("the stored profile %s is not where the history ends %s" % (end, replayed))
        for name, bag in (history.get("bags") or {}).items():
            left = "".join("1" if item else "0" for item in decisions.bags[name])
            last = None if decisions.last[name] is None else ("1" if decisions.last[name] else "0")
            if bag != {"remaining": left, "last": last}:
                history_failures.append("the stored %s bag is not what the history leaves" % name)
    for problem in history_failures:
        print("whole history: FAILED: " + problem)
    if whole:
        print("whole history: " + ("every kind-deal decision given by the history" if first_decision is None
                                   else "the first hand the history does not give: %s" % first_decision))
    return 1 if bad or history_failures or not hands else 0


if __name__ == "__main__":
    sys.exit(main())
