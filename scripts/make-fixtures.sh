#!/usr/bin/env bash
# Rebuilds the landed-schema fixtures tests/fixtures/landed-v4.* and landed-v7.*: game databases
# written by EARLIER versions of the code, for the tests that migrate them to the latest schema.
#
#   scripts/make-fixtures.sh [v4] [v7]        (default: both)
#
# Each is written by the CLI of the last commit on main whose migration list (src/game/migrations.rs)
# had exactly that many migrations, built from the git history:
#   v4: 9e922000e3935db67ab9602cb7975e52baaa484a  (e2e: a hand verifies from the history ...; the
#       commit before aa7e3eb added migration 5)
#   v7: cefce316398fb553ba257c3644e3f330527aebc4  (e2e: launch, open-machine, deal/hold/draw ...
#       shared; the commit before 66966b2 added migration 8)
# so it needs a git checkout WITH HISTORY (a shallow clone lacks those commits). For each it runs
#   git worktree add --detach TMP/vN COMMIT
#   (cd TMP/vN && CARGO_TARGET_DIR=TARGET cargo build --locked -p vpoker-cli)
# (the CLI only, a debug build: the workspace profile optimises the core; never the Tauri app), and
# plays a scripted history with `vpoker play --db FILE ...` of that commit, every deal from a fixed
# seed (sha256 of "vpoker landed-vN hand K", fills from "vpoker landed-vN fill"), so the run is
# reproducible: `--today DATE` for dated play; for v7's timed play (sessions) no --today, so the CLI
# reads the clock, which faketime(1) freezes at the stated local time (TZ=UTC). What is played:
#   v4: 2026-11-10: claim, 30 Jacks or Better hands (bet 5), 3 practice hands, `set sound off`;
#       2026-11-11: claim, 20 hands bet 20, `set kind-deals off`, 10 hands bet 10 (pure deals),
#       `set kind-deals on`, 10 Deuces Wild hands;  2026-11-12: claim, `fill --hands 420 --bet 50`
#       (best holds, a day's play per transaction, claiming each later day; level 15);
#       the day after the fill (F): claim, Triple/Five Play on three machines, Double Bonus, 4 practice
#       multi-play deals; F+1: claim, 20 hands, 5 Double Bonus Triple Play deals, `set animation fast`,
#       and a Five Play Bonus Poker deal left in progress (dealt, not drawn).
#   v7: the same shape from 2026-11-20 (2026-11-21 also `set haptics off`), then timed play on F:
#       session at 09:00 (multi-play, practice), session at 13:30 (`autoplay`, Double Bonus), on F+1 a
#       session at 08:15 (claims, kind deals off and on, multi-play, a pause under 30 minutes) and a
#       timed Five Play deal left in progress. That CLI has no command for drill answers, saved lab
#       tables or foreground/background, so drill_totals and lab_tables stay empty; mistaken holds fill
#       the review queue by themselves.
# Every 6th scripted hand holds one card more or fewer than the best hold (a mistake when it costs).
# The same old CLI then prints, with --today the last day of play (F+1):
#   landed-vN.state.json    `play state`
#   landed-vN.history.json  `play history --limit 1000`
#   landed-vN.stats.json    `play stats`
#   landed-v7.coach.json, landed-v7.mistakes.json   `play coach`, `play mistakes --limit 1000` (v7)
# and the database is checkpointed into one file (journal_mode DELETE, no -wal/-shm), checked to keep
# its user_version and every row. The old CLI's `play audit` must pass, and the printed JSON is
# checked again on a copy of the finished file. Needs git, cargo, jq, python3 and (v7) faketime.
#
# Environment: OLD_TARGET_DIR=DIR shares a cargo target dir between runs (default: a temp dir, removed);
# FIXTURES_OUT=DIR writes there instead of tests/fixtures (a trial run);
# KEEP_WORK=1 keeps the temp dir (worktree copies removed all the same).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
OUT=${FIXTURES_OUT:-$ROOT/tests/fixtures}

declare -A COMMIT=(
  [v4]=9e922000e3935db67ab9602cb7975e52baaa484a
  [v7]=cefce316398fb553ba257c3644e3f330527aebc4
)
declare -A SCHEMA=([v4]=4 [v7]=7)

versions=("$@")
[ ${#versions[@]} -gt 0 ] || versions=(v4 v7)
for v in "${versions[@]}"; do
  [ -n "${COMMIT[$v]:-}" ] || { echo "unknown fixture '$v' (v4 or v7)" >&2; exit 2; }
  git cat-file -e "${COMMIT[$v]}^{commit}" 2>/dev/null ||
    { echo "commit ${COMMIT[$v]} is not in this checkout: a clone with history is needed" >&2; exit 1; }
done
for tool in git cargo jq python3; do
  command -v "$tool" >/dev/null || { echo "needs $tool" >&2; exit 1; }
done
if [[ " ${versions[*]} " == *" v7 "* ]] && ! command -v faketime >/dev/null; then
  echo "needs faketime for v7's timed play (apt-get install faketime)" >&2
  exit 1
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/vpoker-fixtures.XXXXXX")
TARGET=${OLD_TARGET_DIR:-$WORK/target}
cleanup() {
  for v in v4 v7; do
    if [ -d "$WORK/$v" ]; then git -C "$ROOT" worktree remove --force "$WORK/$v" || true; fi
  done
  if [ -z "${KEEP_WORK:-}" ]; then rm -rf "$WORK"; else echo "kept $WORK"; fi
}
trap cleanup EXIT

# The local time zone of the old CLI's clock (and of faketime's stamps).
export TZ=UTC FAKETIME_DONT_FAKE_MONOTONIC=1

# --- playing helpers: globals BIN, DB, TAG, K (hands dealt so far), WHEN --------------------------
# WHEN is a date (YYYY-MM-DD: `--today`) or a local time (YYYY-MM-DD HH:MM:SS: the clock, frozen).
vp() {
  if [[ $WHEN == *" "* ]]; then
    faketime -f "$WHEN" "$BIN" play --db "$DB" "$@"
  else
    "$BIN" play --db "$DB" --today "$WHEN" "$@"
  fi
}
# Moves a timed WHEN on by $1 seconds (a dated WHEN stays).
tick() {
  if [[ $WHEN == *" "* ]]; then
    local e
    e=$(date -u -d "$WHEN" +%s)
    WHEN=$(date -u -d "@$((e + $1))" '+%Y-%m-%d %H:%M:%S')
  fi
}
seed_of() { printf 'vpoker landed-%s %s' "$TAG" "$1" | sha256sum | cut -c1-64; }
next_day() { date -u -d "$1 + ${2:-1} day" +%Y-%m-%d; }
# deal MACHINE BET HANDS [practice]: deals hand K+1 from its seed; its best hold in BEST.
deal() {
  local out
  K=$((K + 1))
  out=$(vp deal --game "$1" --bet "$2" --hands "$3" ${4:+--practice} --seed "$(seed_of "$K")")
  BEST=$(jq -er '.hand.best_hold' <<<"$out")
}
# hand MACHINE BET HANDS [practice]: a whole hand; every 6th holds one card more or fewer than best.
hand() {
  local hold
  deal "$@"
  tick 11
  if ((K % 6 == 0)); then hold=$((BEST ^ (1 << (K % 5)))); else hold=$BEST; fi
  vp draw --hold "$hold" >/dev/null
  tick 9
}
hands() { # hands COUNT MACHINE BET HANDS [practice]
  local i
  for ((i = 0; i < $1; i++)); do hand "${@:2}"; done
}
quiet() { vp "$@" >/dev/null; }
# fill HANDS: best holds at bet 50 from the fill seed; moves WHEN to the day after the last filled.
fill() {
  local out
  out=$(vp fill --hands "$1" --bet 50 --per-day "$1" --seed "$(seed_of fill)")
  FILL_DAYS=$(jq -er '.days' <<<"$out")
  WHEN=$(next_day "$WHEN" "$FILL_DAYS")
}

# The part both versions share: three dated days, the fill, and the dated day after it.
dated_start() {
  local day=$1
  WHEN=$day
  quiet state
  quiet claim-daily
  hands 30 jacks-or-better 5 1
  hands 3 jacks-or-better 5 1 practice
  quiet set sound off
  WHEN=$(next_day "$day" 1)
  quiet claim-daily
  if [ "$TAG" = v7 ]; then quiet set haptics off; fi
  hands 20 jacks-or-better 20 1
  quiet set kind-deals off
  hands 10 jacks-or-better 10 1
  quiet set kind-deals on
  hands 10 deuces-wild 10 1
  WHEN=$(next_day "$day" 2)
  quiet claim-daily
  fill 420
}

play_v4() {
  dated_start 2026-11-10
  quiet claim-daily
  hands 8 deuces-wild 10 3
  hands 8 bonus-poker 5 5
  hands 5 jacks-or-better 5 3
  hands 6 double-bonus 10 1
  hands 2 bonus-poker 5 5 practice
  hands 2 deuces-wild 10 3 practice
  WHEN=$(next_day "$WHEN")
  quiet claim-daily
  hands 20 jacks-or-better 5 1
  hands 5 double-bonus 20 3
  quiet set animation fast
  deal bonus-poker 10 5
  LAST_DAY=$WHEN
}

play_v7() {
  dated_start 2026-11-20
  local day=$WHEN
  WHEN="$day 09:00:00"
  quiet claim-daily
  hands 8 deuces-wild 10 3
  hands 8 bonus-poker 5 5
  hands 5 jacks-or-better 5 3
  hands 2 bonus-poker 5 5 practice
  hands 2 deuces-wild 10 3 practice
  WHEN="$day 13:30:00"
  quiet autoplay --hands 10 --game double-bonus --bet 10 --seed "$(seed_of autoplay)"
  tick 60
  hands 6 double-bonus 10 1
  day=$(next_day "$day")
  WHEN="$day 08:15:00"
  quiet claim-daily
  hands 15 jacks-or-better 5 1
  quiet set kind-deals off
  hands 5 jacks-or-better 5 1
  quiet set kind-deals on
  tick 900 # a pause under 30 minutes: the same session
  hands 5 bonus-poker 10 3
  hands 5 double-bonus 20 3
  quiet set animation fast
  deal bonus-poker 10 5
  LAST_DAY=$day
}

# Every row of every table, and the user_version, of a database file.
dump() {
  python3 - "$1" <<'EOF'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
print("user_version", c.execute("PRAGMA user_version").fetchone()[0])
for line in c.iterdump():
    print(line)
EOF
}

for v in "${versions[@]}"; do
  echo "==> $v: ${COMMIT[$v]}"
  git -C "$ROOT" worktree add --detach "$WORK/$v" "${COMMIT[$v]}" >/dev/null
  (cd "$WORK/$v" && CARGO_TARGET_DIR=$TARGET cargo build --locked -q -p vpoker-cli)
  BIN=$WORK/vpoker-$v
  cp "$TARGET/debug/vpoker" "$BIN"
  DB=$WORK/$v.db TAG=$v K=0
  "play_$v"
  echo "    $K hands dealt by hand, fill of 420 over $FILL_DAYS day(s), last day $LAST_DAY"
  WHEN=$LAST_DAY
  vp audit | jq -e '.ok' >/dev/null || { echo "$v: the old CLI's audit fails" >&2; exit 1; }
  printed=(state "history --limit 1000" stats)
  [ "$v" = v7 ] && printed+=(coach "mistakes --limit 1000")
  for command in "${printed[@]}"; do
    # shellcheck disable=SC2086
    vp $command >"$WORK/landed-$v.${command%% *}.json"
  done
  # One file: checkpointed, rollback journal; the same rows and user_version.
  cp "$DB" "$WORK/landed-$v.db"
  [ ! -e "$DB-wal" ] || cp "$DB-wal" "$WORK/landed-$v.db-wal"
  python3 - "$WORK/landed-$v.db" <<'EOF'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
c.execute("PRAGMA journal_mode=DELETE")
c.close()
EOF
  [ ! -e "$WORK/landed-$v.db-wal" ] && [ ! -e "$WORK/landed-$v.db-shm" ] || { echo "$v: -wal/-shm left" >&2; exit 1; }
  dump "$DB" >"$WORK/$v.dump"
  dump "$WORK/landed-$v.db" >"$WORK/landed-$v.dump"
  cmp -s "$WORK/$v.dump" "$WORK/landed-$v.dump" || { echo "$v: checkpointing changed the content" >&2; exit 1; }
  [ "$(head -1 "$WORK/$v.dump")" = "user_version ${SCHEMA[$v]}" ] || { echo "$v: not schema ${SCHEMA[$v]}" >&2; exit 1; }
  # The finished file prints the same (on a copy: opening it switches it back to WAL).
  DB=$WORK/check-$v.db
  cp "$WORK/landed-$v.db" "$DB"
  for command in "${printed[@]}"; do
    # shellcheck disable=SC2086
    vp $command | cmp -s - "$WORK/landed-$v.${command%% *}.json" ||
      { echo "$v: $command prints differently on the finished file" >&2; exit 1; }
  done
  git -C "$ROOT" worktree remove --force "$WORK/$v"
  mkdir -p "$OUT"
  for f in "$WORK"/landed-"$v".db "$WORK"/landed-"$v".*.json; do cp "$f" "$OUT/"; done
  ls -l "$OUT"/landed-"$v".*
done
