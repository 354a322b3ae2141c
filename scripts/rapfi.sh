#!/usr/bin/env bash
# Builds Rapfi (github.com/dhbloo/rapfi, the Gomocup champion) with its classical evaluation, OUTSIDE
# the repository, for the matches of src/gomoku/README.md. Its code is never committed here.
#
#   scripts/rapfi.sh            -> $RAPFI_DIR/pbrain-rapfi (and config.toml, model210901.bin beside it)
#
# RAPFI_SRC: a checkout of dhbloo/rapfi, or its bare git directory (default /work/ext/rapfi-src, else
# the fetched mirror /work/.mirror/dhbloo+rapfi/repo). RAPFI_NETWORKS: the same for
# dhbloo/rapfi-networks (its classical/ model). RAPFI_DIR: where to build (default /work/ext/rapfi).
# One thread, one build job (the machine is shared); the build takes a few minutes.
set -euo pipefail

RAPFI_DIR="${RAPFI_DIR:-/work/ext/rapfi}"
pick() {  # the first of the given paths that exists
    for path in "$@"; do [ -e "$path" ] && { echo "$path"; return; }; done
    echo ""
}
RAPFI_SRC="${RAPFI_SRC:-$(pick /work/ext/rapfi-src /work/.mirror/dhbloo+rapfi/repo)}"
RAPFI_NETWORKS="${RAPFI_NETWORKS:-$(pick /work/ext/rapfi-networks /work/.mirror/dhbloo+rapfi-networks/repo)}"

fail() { echo "rapfi.sh: $*" >&2; exit 1; }
[ -n "$RAPFI_SRC" ] || fail "no Rapfi source: clone https://github.com/dhbloo/rapfi to /work/ext/rapfi-src or set RAPFI_SRC"
[ -n "$RAPFI_NETWORKS" ] || fail "no Rapfi networks: clone https://github.com/dhbloo/rapfi-networks to /work/ext/rapfi-networks or set RAPFI_NETWORKS"

# A file of either a work tree or a bare git directory, to stdout.
show() {
    local repo="$1" path="$2"
    if [ -f "$repo/$path" ]; then cat "$repo/$path"
    else git --git-dir="$repo" show "HEAD:$path" 2>/dev/null || fail "$path is missing from $repo"; fi
}

mkdir -p "$RAPFI_DIR"
if [ ! -f "$RAPFI_DIR/src/Rapfi/CMakeLists.txt" ]; then
    rm -rf "$RAPFI_DIR/src" && mkdir -p "$RAPFI_DIR/src"
    if [ -d "$RAPFI_SRC/Rapfi" ]; then cp -r "$RAPFI_SRC/Rapfi" "$RAPFI_DIR/src/"
    else git --git-dir="$RAPFI_SRC" archive HEAD Rapfi | tar -x -C "$RAPFI_DIR/src" || fail "cannot read Rapfi from $RAPFI_SRC"; fi
fi
[ -f "$RAPFI_DIR/src/Rapfi/CMakeLists.txt" ] || fail "$RAPFI_SRC holds no Rapfi/CMakeLists.txt"

cmake -S "$RAPFI_DIR/src/Rapfi" -B "$RAPFI_DIR/build" -DCMAKE_BUILD_TYPE=Release -DNO_COMMAND_MODULES=ON >"$RAPFI_DIR/cmake.log" 2>&1 ||
    fail "cmake failed, see $RAPFI_DIR/cmake.log"
nice cmake --build "$RAPFI_DIR/build" -j 1 >"$RAPFI_DIR/build.log" 2>&1 || fail "build failed, see $RAPFI_DIR/build.log"
binary="$(find "$RAPFI_DIR/build" -maxdepth 1 -type f -perm -u+x -iname 'pbrain-rapfi*' | head -1)"
[ -n "$binary" ] || fail "no pbrain-rapfi binary in $RAPFI_DIR/build"
cp "$binary" "$RAPFI_DIR/pbrain-rapfi"

# The classical model, and the example configuration without the neural evaluator: Rapfi then uses
# its classical pattern evaluation, with one thread.
show "$RAPFI_NETWORKS" classical/model210901.bin >"$RAPFI_DIR/model210901.bin"
show "$RAPFI_NETWORKS" config-example/config.toml |
    awk '/^\[model.evaluator\]/ { skip = 1; next } /^\[search\]/ { skip = 0 } !skip' |
    sed 's/^default_thread_num = .*/default_thread_num = 1/' >"$RAPFI_DIR/config.toml"
echo "$RAPFI_DIR/pbrain-rapfi"
