#!/usr/bin/env bash
# Builds and starts the Video Poker app: installs what is missing (Debian/Ubuntu, sudo when not
# root), then `cargo run -p video-poker`. Extra arguments go to cargo, e.g. `scripts/run.sh --release`.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/deps.sh

ensure_build_deps
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "no display found (DISPLAY/WAYLAND_DISPLAY unset): run this from a desktop session," >&2
  echo "or try it headless with: xvfb-run -a scripts/run.sh" >&2
  exit 1
fi
exec cargo run -p video-poker "$@"
