#!/usr/bin/env bash
# The storage benchmark: builds a database of a million hands played through the game's own pipeline
# (once; `vpoker play fill`, about a minute on 2 cores), then times the commands on it, in process
# (`vpoker bench-storage`) and as one-shot CLI processes (wall time and peak memory each).
#   scripts/bench-storage.sh [HANDS]      (default 1000000; the database is kept in target/bench/)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/deps.sh
ensure_build_deps
ensure_apt time
hands=${1:-1000000}
db=target/bench/history-$hands.db
cargo build --release -p vpoker-cli
vpoker=target/release/vpoker
mkdir -p target/bench
if [ ! -f "$db" ]; then
  echo "==> building $db ($hands hands through the real pipeline)"
  "$vpoker" play --db "$db" --today 2020-01-01 fill --hands "$hands" \
    --seed 5eed00000000000000000000000000000000000000000000000000000000c0de | head -c 200; echo
fi
echo "==> in process (median of 25 runs, ms)"
"$vpoker" bench-storage --db "$db"
echo "==> one-shot CLI processes (wall seconds, peak KiB)"
for command in "state" "stats" "coach" "mistakes --limit 20" "history --limit 20" "milestones" "daily" "audit"; do
  # shellcheck disable=SC2086
  /usr/bin/time -f "$command: %e s, %M KiB" "$vpoker" play --db "$db" --today 2100-01-01 $command > /dev/null
done
