#!/usr/bin/env bash
# Builds and starts the Video Poker app: installs what is missing (Debian/Ubuntu, sudo when not
# root), builds the workspace as `scripts/test.sh` does, then starts the app it built. Extra
# arguments go to cargo, e.g. `scripts/run.sh --release`.
#
# The app is built by `cargo test --workspace --no-run`, the build `scripts/test.sh` makes: cargo
# unifies the features of the whole workspace there (Tauri's `test` feature, which the app's own
# command tests need, among them), so after the tests this finds everything built and starts the
# app at once. `cargo run -p video-poker` would unify features for the app alone and build Tauri
# and everything above it a second time. On a machine that has built nothing yet it builds the
# test binaries too.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/deps.sh

ensure_build_deps
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "no display found (DISPLAY/WAYLAND_DISPLAY unset): run this from a desktop session," >&2
  echo "or try it headless with: xvfb-run -a scripts/run.sh" >&2
  exit 1
fi
# The same settings as the tests' build (incremental or not: part of cargo's fingerprint).
use_build_settings
cargo test --workspace --no-run "$@"
profile=debug
for arg in "$@"; do
  [ "$arg" = "--release" ] && profile=release
done
exec "${CARGO_TARGET_DIR:-target}/$profile/video-poker"
