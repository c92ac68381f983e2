#!/usr/bin/env bash
# Runs every test: installs what is missing (Debian/Ubuntu, sudo when not root), then
#   1. cargo test --workspace: the core, the CLI, and the app's commands through Tauri's mock runtime;
#      and scripts/check-returns.sh, the strategy's published-return check, when present;
#   2. scripts/check-android.sh: the app type-checked for aarch64-linux-android (no SDK: no link);
#   3. the end-to-end tests: the built app driven through tauri-driver + WebKitWebDriver under Xvfb,
#      which also save screenshots (screenshots/*.png) and figures (target/e2e/figures.txt); among
#      them the accessibility audit (e2e/tests/it/a11y.rs: axe-core from e2e/node_modules on every
#      screen in four languages, and 44 px hit areas) and the small-phone tests (e2e/tests/it/phone.rs).
# Any failure stops the run with a non-zero status.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/deps.sh

started=$SECONDS
step() { printf '\n==> %s (%ss)\n' "$*" "$((SECONDS - started))"; }

step "checking dependencies"
ensure_test_deps

step "cargo test --workspace"
cargo test --workspace

if [ -x scripts/check-returns.sh ]; then
  step "scripts/check-returns.sh"
  scripts/check-returns.sh
fi

step "scripts/check-android.sh (the app type-checked for Android)"
scripts/check-android.sh

step "building the app and the CLI for the end-to-end tests"
cargo build -p video-poker -p vpoker-cli

step "end-to-end tests (xvfb-run, tauri-driver, WebKitWebDriver)"
rm -f screenshots/*.png
VPOKER_E2E=1 xvfb-run -a -s "-screen 0 1280x1024x24" \
  cargo test -p vpoker-e2e -- --test-threads=1 --nocapture

step "all tests passed"
