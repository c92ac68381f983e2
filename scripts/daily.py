#!/usr/bin/env python3
"""Rebuild a day of today's ten deals without calling any project code (docs/DAILY.md).

Usage: python3 scripts/daily.py YYYY-MM-DD [--json]

For deal i = 0..9 of the date: the seed is SHA-256 of the ASCII text "video-poker daily YYYY-MM-DD i";
the deal is the first five cards of that seed's deck (Fisher-Yates on ChaCha20 stream 0, exactly as
scripts/verify_hand.py rebuilds a hand), never nudged; the draw takes the next cards in order. The
machine of the day is jacks-or-better, deuces-wild, bonus-poker, double-bonus for d mod 4 = 0..3,
d the days from 1970-01-01. Prints what `vpoker daily --date D [--json]` prints.
"""
import datetime
import hashlib
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from verify_hand import Stream, card_name, fisher_yates  # noqa: E402  (stdlib-only sibling)

MACHINES = ["jacks-or-better", "deuces-wild", "bonus-poker", "double-bonus"]


def day(date):
    """The machine of the day and its ten (seed hex, deck) pairs."""
    machine = MACHINES[(date - datetime.date(1970, 1, 1)).days % 4]
    deals = []
    for i in range(10):
        seed = hashlib.sha256(("video-poker daily %s %d" % (date.isoformat(), i)).encode("ascii")).digest()
        deck = list(range(52))
        fisher_yates(deck, Stream(seed, 0))
        deals.append((seed.hex(), deck))
    return machine, deals


def main():
    args = [a for a in sys.argv[1:] if a != "--json"]
    if len(args) != 1:
        sys.exit(__doc__)
    date = datetime.date.fromisoformat(args[0])
    machine, deals = day(date)
    if "--json" in sys.argv:
        print(json.dumps({"date": date.isoformat(), "machine": machine,
                          "deals": [{"seed": s, "cards": [card_name(c) for c in d[:5]]} for s, d in deals]},
                         separators=(",", ":")))
    else:
        print(date.isoformat(), machine)
        for i, (s, d) in enumerate(deals):
            print(i, s, " ".join(card_name(c) for c in d[:5]))


if __name__ == "__main__":
    main()
