#!/usr/bin/env bash
# Builds gridlab and runs it: the web app served on http://127.0.0.1:8000 (default), or the desktop
# build with --native. Sets up a fresh machine first (scripts/setup.sh).
#   scripts/run.sh                  # then open http://127.0.0.1:8000 in a browser
#   scripts/run.sh --host 0.0.0.0   # serves the class's network too (static files only, no writes)
#   scripts/run.sh --native         # a desktop window
#   PORT=9000 scripts/run.sh
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"

host=127.0.0.1
native=false
while [ $# -gt 0 ]; do
  case "$1" in
    --native) native=true ;;
    --host) [ $# -ge 2 ] || { echo "run.sh: --host needs an address, e.g. --host 0.0.0.0" >&2; exit 2; }
            host=$2; shift ;;
    *) echo "run.sh: unknown option $1 (use --native or --host ADDRESS)" >&2; exit 2 ;;
  esac
  shift
done

bash scripts/setup.sh
if $native; then
  cmake --preset native >/dev/null
  cmake --build --preset native --target gridlab_app
  exec build/native/src/app/gridlab_app
fi
cmake --preset wasm >/dev/null
cmake --build --preset wasm --target gridlab_site
[ "$host" = 127.0.0.1 ] && echo "Open http://127.0.0.1:${PORT:-8000}/ in a browser."
exec node tests/e2e/server.mjs build/wasm/web "${PORT:-8000}" "$host"
