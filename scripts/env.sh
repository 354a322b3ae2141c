# Sourced by the other scripts: paths and variables every step needs.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEPS="$ROOT/.deps"
# Debian's Emscripten needs Debian's node modules (acorn) on node's path: NodeSource's node does not
# look in /usr/share/nodejs by itself.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
