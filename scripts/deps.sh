# Installs what the app needs on Debian/Ubuntu, only what is missing. Sourced by run.sh and test.sh.
#   ensure_build_deps   system libraries and tools to build the app, and a Rust toolchain
#   ensure_test_deps    the above plus Xvfb, WebKitWebDriver and tauri-driver

# ca-certificates: rustup and crates.io over HTTPS (minimal images lack it, and installs skip
# recommends). Fonts: the UI speaks Japanese, and WebKit needs a CJK font to draw it.
APT_BUILD=(ca-certificates libwebkit2gtk-4.1-dev build-essential pkg-config libssl-dev curl file fonts-noto-cjk fonts-dejavu-core)
APT_TEST=(xvfb xauth webkit2gtk-driver python3)

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

ensure_build_deps() {
  ensure_apt "${APT_BUILD[@]}"
  ensure_rust
}

ensure_test_deps() {
  ensure_apt "${APT_BUILD[@]}" "${APT_TEST[@]}"
  ensure_rust
  if ! command -v tauri-driver >/dev/null; then
    echo "==> installing tauri-driver"
    cargo install tauri-driver --locked
  fi
}
