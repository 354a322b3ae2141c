#!/usr/bin/env bash
# Builds gridlab and runs it: the web app served on http://127.0.0.1:8000 (default), or the desktop
# build with --native. Sets up a fresh machine first (scripts/setup.sh).
#   scripts/run.sh                  # then open http://127.0.0.1:8000 in a browser
#   scripts/run.sh --host 0.0.0.0   # serves the class's network too (static files only, no writes)
#   scripts/run.sh --host 0.0.0.0 --tls CERT KEY   # over https with the school's certificate (PEM files):
#                                   # then the page works offline too (docs/hosting.md)
#   scripts/run.sh --native         # a desktop window
#   PORT=9000 scripts/run.sh
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"

host=127.0.0.1
native=false
tls=()
while [ $# -gt 0 ]; do
  case "$1" in
    --native) native=true ;;
    --host) [ $# -ge 2 ] || { echo "run.sh: --host needs an address, e.g. --host 0.0.0.0" >&2; exit 2; }
            host=$2; shift ;;
    --tls) [ $# -ge 3 ] || { echo "run.sh: --tls needs the certificate and its key, e.g. --tls school.crt school.key" >&2; exit 2; }
           tls=(--tls "$2" "$3"); shift 2 ;;
    *) echo "run.sh: unknown option $1 (use --native, --host ADDRESS or --tls CERT KEY)" >&2; exit 2 ;;
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
scheme=http
[ ${#tls[@]} -eq 0 ] || scheme=https
[ "$host" = 127.0.0.1 ] && echo "Open $scheme://127.0.0.1:${PORT:-8000}/ in a browser."
exec node scripts/serve.mjs "${tls[@]}" build/wasm/web "${PORT:-8000}" "$host"
