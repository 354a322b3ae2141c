#!/usr/bin/env bash
# Builds gridlab and runs it: the web app served on http://127.0.0.1:8000 (default), or the desktop
# build with --native. Sets up a fresh machine first (scripts/setup.sh).
#   scripts/run.sh            # then open http://127.0.0.1:8000 in a browser
#   scripts/run.sh --native   # a desktop window
#   PORT=9000 scripts/run.sh
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"
bash scripts/setup.sh

if [ "${1:-}" = "--native" ]; then
  cmake --preset native >/dev/null
  cmake --build --preset native --target gridlab_app
  exec build/native/src/app/gridlab_app
fi
cmake --preset wasm >/dev/null
cmake --build --preset wasm --target gridlab_app
echo "Open http://127.0.0.1:${PORT:-8000}/ in a browser."
exec node tests/e2e/server.mjs build/wasm/web "${PORT:-8000}"
