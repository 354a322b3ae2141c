#!/usr/bin/env bash
# Prepares a fresh Debian 12 machine to build, run and test gridlab. Idempotent: a second run only
# checks. Everything comes from Debian's archive (binary and source packages) and the npm registry.
set -euo pipefail
source "$(dirname "$0")/env.sh"

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

# --- Debian packages ---------------------------------------------------------------------------
packages=(
  cmake make g++ git ca-certificates dpkg-dev         # native build, apt-get source
  emscripten                                          # WebAssembly build (clang 14, binaryen, node)
  libsdl2-dev                                         # SDL2 for the native app
  catch2 nlohmann-json3-dev libcli11-dev              # header-only: tests, JSON, command line
  fonts-dejavu-core python3-fonttools                 # the UI font, and pyftsubset to shrink it
  fonts-noto-cjk                                      # Japanese, Korean and Chinese glyphs (subset per language)
  chromium xvfb xauth xdotool imagemagick             # browser tests, native app screenshots
  clang-14 libclang-rt-14-dev                         # fuzzing: libFuzzer + ASan + UBSan (scripts/fuzz.sh)
  python3-dev python3-venv python3-wheel python3-pybind11   # the Python module, built and installed into .venv
  python3-numpy python3-pytest python3-hypothesis     # its API, tests and property tests
  python3-torch python3-distributed                   # its examples: a PyTorch agent, Dask evaluation
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  as_root apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# --- Sources of SDL2 and Dear ImGui for the web build ------------------------------------------
# Emscripten's own SDL2 port downloads from the internet; Debian's source packages do not. The wasm
# build compiles both (cmake/SDL2Wasm.cmake, src/app/CMakeLists.txt).
mkdir -p "$DEPS/src"
enable_deb_src() {
  if [ -f /etc/apt/sources.list.d/debian.sources ]; then
    grep -q "^Types:.*deb-src" /etc/apt/sources.list.d/debian.sources ||
      as_root sed -i 's/^Types: deb$/Types: deb deb-src/' /etc/apt/sources.list.d/debian.sources
  else
    grep -q "^deb-src" /etc/apt/sources.list 2>/dev/null ||
      sed -n 's/^deb /deb-src /p' /etc/apt/sources.list | as_root tee -a /etc/apt/sources.list >/dev/null
  fi
  as_root apt-get update -q
}
fetch_source() {  # $1 = source package, $2 = glob of the folder it unpacks to
  if ! compgen -G "$DEPS/src/$2/" >/dev/null; then
    (cd "$DEPS/src" && apt-get source -q "$1" 2>&1 | tail -n 2) ||
      { enable_deb_src; (cd "$DEPS/src" && apt-get source -q "$1" 2>&1 | tail -n 2); }
  fi
}
fetch_source libsdl2 "libsdl2-2*"
fetch_source imgui "imgui-1*"

# --- Browser test tooling from npm (playwright-core drives Debian's chromium; no browser download)
if [ ! -d "$ROOT/tests/e2e/node_modules/playwright-core" ]; then
  (cd "$ROOT/tests/e2e" && npm ci --no-audit --no-fund --loglevel=error)
fi
# --- The Code lesson's runtime and editor from npm (web/code/package.json, pinned): Pyodide, served
# from the site as its package ships it, and CodeMirror 6 with esbuild, which bundles it at build time.
if [ ! -f "$ROOT/web/code/node_modules/pyodide/pyodide.asm.wasm" ]; then
  (cd "$ROOT/web/code" && npm ci --no-audit --no-fund --loglevel=error)
fi
# --- Python: the gridlab module in a virtual environment at .venv --------------------------------
# Debian's interpreter (`python3` on PATH may be another one) with its system site packages, so that
# Debian's numpy, torch, pytest and Dask are seen; the module is built by CMake's native preset and
# installed from the build tree with pip, which fetches nothing. The install is editable: Python
# imports the build tree, so the next `cmake --build --preset native` is what it runs (a copy would
# go stale at the first rebuild).
if [ ! -x "$ROOT/.venv/bin/python" ]; then
  /usr/bin/python3 -m venv --system-site-packages "$ROOT/.venv"
fi
mkdir -p "$ROOT/build/logs"
if ! (cd "$ROOT" && cmake --preset native && cmake --build --preset native --target gridlab_python &&
       .venv/bin/python -m pip install --no-build-isolation --no-index --no-deps --force-reinstall \
         --disable-pip-version-check --editable build/native/python) >"$ROOT/build/logs/setup-python.log" 2>&1; then
  tail -n 30 "$ROOT/build/logs/setup-python.log"
  echo "setup: the Python module failed to build or install (log: build/logs/setup-python.log)"
  exit 1
fi
echo "setup: ready"
