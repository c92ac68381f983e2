#!/usr/bin/env bash
# Type-checks the app for Android (aarch64-linux-android): the mobile entry point, the haptics
# plugin's registration and the mobile capability (tauri-build validates it for that target). There
# is no Android SDK or NDK on these machines, so this is a check and never a link: bundled SQLite's C
# code is compiled with Debian's clang against the arm64 glibc headers (see /work/shared's Tauri
# notes, or the README's "Mobile builds"). scripts/test.sh runs it; by hand: scripts/check-android.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/deps.sh
ensure_android_check_deps

export CC_aarch64_linux_android=clang
export AR_aarch64_linux_android=llvm-ar
export CFLAGS_aarch64_linux_android="--target=aarch64-linux-android24 --sysroot=/usr/aarch64-linux-gnu -isystem /usr/aarch64-linux-gnu/include"
cargo check -p video-poker --target aarch64-linux-android "$@"
