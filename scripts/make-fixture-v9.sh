#!/usr/bin/env bash
# Rebuilds tests/fixtures/landed-v9.*: a game database written by the CLI of the last commit with
# nine migrations (1c9acf0, "README: the schema check compares shape"), for the tests that migrate
# it to the latest schema (its daily claims predate the record of where they fell, `after_hand`).
# Like scripts/make-fixtures.sh (v4, v7): needs a checkout with history, git, cargo, python3.
#
#   scripts/make-fixture-v9.sh
#
# Plays, every deal from a fixed seed (sha256 of "vpoker landed-v9 NAME"): 2026-11-25: claim, 40
# Jacks or Better hands at bet 10, 3 practice hands held 11000, kind deals off for 10 hands at
# bet 5, on again; 2026-11-26: claim, `fill --hands 300 --bet 50`; 2026-12-10: claim, a Deuces Wild
# Triple Play deal left in progress. Then that CLI prints state, stats and `history --limit 500`
# (--today 2026-12-10) and must pass its own audit; the file is checkpointed into one file.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
OUT=${FIXTURES_OUT:-$ROOT/tests/fixtures}
COMMIT=$(git rev-parse --verify "1c9acf0^{commit}")
WORK=$(mktemp -d "${TMPDIR:-/tmp}/vpoker-fixture-v9.XXXXXX")
TARGET=${OLD_TARGET_DIR:-$WORK/target}
trap 'git -C "$ROOT" worktree remove --force "$WORK/src" 2>/dev/null || true; rm -rf "$WORK"' EXIT
git worktree add --detach "$WORK/src" "$COMMIT" >/dev/null
(cd "$WORK/src" && CARGO_TARGET_DIR="$TARGET" cargo build --locked -q -p vpoker-cli)
OLD=$TARGET/debug/vpoker
DB=$WORK/landed-v9.db
s() { printf 'vpoker landed-v9 %s' "$1" | sha256sum | cut -c1-64; }
p() { "$OLD" play --db "$DB" "$@" >/dev/null; }
p --today 2026-11-25 claim-daily
p --today 2026-11-25 autoplay --hands 40 --bet 10 --seed "$(s a)"
for k in 1 2 3; do
  p --today 2026-11-25 deal --game jacks-or-better --practice --bet 5 --seed "$(s p$k)"
  p --today 2026-11-25 draw 11000
done
p --today 2026-11-25 set kind-deals off
p --today 2026-11-25 autoplay --hands 10 --bet 5 --seed "$(s b)"
p --today 2026-11-25 set kind-deals on
p --today 2026-11-26 claim-daily
p --today 2026-11-26 fill --hands 300 --bet 50 --seed "$(s fill)"
p --today 2026-12-10 claim-daily
p --today 2026-12-10 deal --game deuces-wild --bet 5 --hands 3 --seed "$(s open)"
"$OLD" play --db "$DB" --today 2026-12-10 audit | grep -q '"ok":true'
for what in state stats; do "$OLD" play --db "$DB" --today 2026-12-10 "$what" >"$WORK/landed-v9.$what.json"; done
"$OLD" play --db "$DB" --today 2026-12-10 history --limit 500 >"$WORK/landed-v9.history.json"
python3 - "$DB" <<'PY'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
assert c.execute("PRAGMA journal_mode=DELETE").fetchone()[0] == "delete"
assert c.execute("PRAGMA user_version").fetchone()[0] == 9
PY
mkdir -p "$OUT"
cp "$WORK"/landed-v9.db "$WORK"/landed-v9.*.json "$OUT"/
echo "wrote $OUT/landed-v9.{db,state.json,stats.json,history.json}"
