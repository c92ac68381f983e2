#!/usr/bin/env bash
# Rebuilds tests/fixtures/landed-v14.*: a game database written by the CLI of the last commit with
# fourteen migrations (10dfc30), whose practice table hands lived in `table_hands`, for the test that
# migrates it into the one store (migration 15). Like scripts/make-fixture-v9.sh: needs a checkout
# with history, git, cargo.
#
#   scripts/make-fixture-v14.sh        (OLD_TARGET_DIR reuses a target directory for the old build)
#
# Plays: 2026-11-28: claim, 60 Jacks or Better hands at bet 5 (kind deals on); 2026-11-29: claim,
# three Double Double Bonus 9/6 practice hands at bet 10 (seeds 0…0385 to 0…0387, held 11001, 11000,
# 11001), 20 hands at bet 10. Then that CLI prints `history --all`, the state and the last table
# draw (its `sums`); the file is checkpointed into one file.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
OUT=${FIXTURES_OUT:-$ROOT/tests/fixtures}
COMMIT=$(git rev-parse --verify "10dfc30^{commit}")
WORK=$(mktemp -d "${TMPDIR:-/tmp}/vpoker-fixture-v14.XXXXXX")
TARGET=${OLD_TARGET_DIR:-$WORK/target}
trap 'git -C "$ROOT" worktree remove --force "$WORK/src" 2>/dev/null || true; rm -rf "$WORK"' EXIT
git worktree add --detach "$WORK/src" "$COMMIT" >/dev/null
(cd "$WORK/src" && CARGO_TARGET_DIR="$TARGET" cargo build --locked -q --release -p vpoker-cli)
OLD=$TARGET/release/vpoker
DB=$WORK/landed-v14.db
p() { "$OLD" play --db "$DB" "$@"; }
p --today 2026-11-28 claim-daily >/dev/null
p --today 2026-11-28 autoplay --hands 60 --bet 5 --seed "$(printf 'a1%.0s' {1..32})" >/dev/null
p --today 2026-11-29 claim-daily >/dev/null
for i in 1 2 3; do
  p --today 2026-11-29 deal --practice --table double-double-bonus-9-6 --bet 10 --seed "$(printf '%064x' $((i + 900)))" >/dev/null
  last=$(p --today 2026-11-29 draw "1100$((i % 2))")
done
p --today 2026-11-29 autoplay --hands 20 --bet 10 --seed "$(printf 'b2%.0s' {1..32})" >/dev/null
p history --all >"$WORK/landed-v14.history.json"
p --today 2026-11-29 state >"$WORK/landed-v14.state.json"
printf '%s\n' "$last" >"$WORK/landed-v14.table-draw.json"
p audit >/dev/null
cp "$WORK"/landed-v14.* "$OUT/"
echo "wrote $OUT/landed-v14.*"
