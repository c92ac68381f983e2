# Installs what the app needs on Debian/Ubuntu, only what is missing. Sourced by run.sh and test.sh.
#   ensure_build_deps   system libraries and tools to build the app, and a Rust toolchain
#   ensure_test_deps    the above plus Xvfb, WebKitWebDriver, tauri-driver, Node.js and the
#                       end-to-end tests' npm packages (e2e/package-lock.json: axe-core)
#   ensure_android_check_deps   the Android target, clang and arm64 headers for scripts/check-android.sh

# ca-certificates: rustup and crates.io over HTTPS (minimal images lack it, and installs skip
# recommends). Fonts: the UI speaks Japanese, and WebKit needs a CJK font to draw it.
APT_BUILD=(ca-certificates libwebkit2gtk-4.1-dev build-essential pkg-config libssl-dev curl file fonts-noto-cjk fonts-dejavu-core)
# xclip: the end-to-end test reads back the share text the app copied; the emoji font draws its marks.
APT_TEST=(xvfb xauth webkit2gtk-driver python3 xclip fonts-noto-color-emoji)
# scripts/check-android.sh: bundled SQLite's C code checked for aarch64 with clang and glibc's headers.
APT_ANDROID_CHECK=(clang llvm libc6-dev-arm64-cross)

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

ensure_apt() {
  local missing=()
  local pkg
  for pkg in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$pkg")
    fi
  done
  if [ "${#missing[@]}" -gt 0 ]; then
    if ! command -v apt-get >/dev/null; then
      echo "missing packages ${missing[*]} and no apt-get: install them by hand" >&2
      return 1
    fi
    echo "==> installing ${missing[*]}"
    as_root apt-get update
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
  fi
}

ensure_rust() {
  if [ -f "$HOME/.cargo/env" ]; then
    # shellcheck disable=SC1091
    . "$HOME/.cargo/env"
  fi
  if ! command -v cargo >/dev/null; then
    echo "==> installing Rust (rustup, minimal profile)"
    curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal
    # shellcheck disable=SC1091
    . "$HOME/.cargo/env"
  fi
}

# The build settings `scripts/test.sh` and `scripts/run.sh` share, so that the app `run.sh` starts
# is the one the tests built (cargo's fingerprint includes them: a different setting builds our
# crates again). A target directory cargo has never built into incrementally (a fresh clone) is
# built without incremental caches: nothing can reuse them yet, and writing them costs (our crates:
# 122 → 98 s of the cold build on 2 cores). A target that already has them keeps using them. (Cargo
# makes target/debug/incremental even when it writes nothing there: an empty one counts as none.)
use_build_settings() {
  if [ -z "$(ls -A target/debug/incremental 2>/dev/null)" ]; then
    export CARGO_INCREMENTAL=0
  fi
}

ensure_build_deps() {
  ensure_apt "${APT_BUILD[@]}"
  ensure_rust
}

# Node.js and npm from Debian when missing (only npm's own registry is used, project-locally).
ensure_node() {
  if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    ensure_apt nodejs npm
  fi
}

# e2e/node_modules as e2e/package-lock.json pins it (axe-core, injected into the app by the
# accessibility test): `npm ci` when missing or another version. Never a global install.
ensure_e2e_npm() {
  ensure_node
  local want have
  want=$(node -p "require('./e2e/package-lock.json').packages['node_modules/axe-core'].version")
  have=$(node -p "try { require('./e2e/node_modules/axe-core/package.json').version } catch (e) { '' }")
  if [ "$want" != "$have" ]; then
    echo "==> npm ci in e2e/ (axe-core $want)"
    (cd e2e && npm ci --no-audit --no-fund)
  fi
}

ensure_test_deps() {
  ensure_apt "${APT_BUILD[@]}" "${APT_TEST[@]}"
  ensure_rust
  if ! command -v tauri-driver >/dev/null; then
    echo "==> installing tauri-driver"
    cargo install tauri-driver --locked
  fi
  ensure_e2e_npm
}

ensure_android_check_deps() {
  ensure_apt "${APT_BUILD[@]}" "${APT_ANDROID_CHECK[@]}"
  ensure_rust
  if ! rustup target list --installed | grep -qx aarch64-linux-android; then
    echo "==> rustup target add aarch64-linux-android"
    rustup target add aarch64-linux-android
  fi
}
