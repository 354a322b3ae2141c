#!/usr/bin/env bash
# Paired comparison with JSMinesweeper (issue 24): the same boards played by gridlab's probability
# solver and by JSMinesweeper's solver under node, then both win rates, the boards only one of them
# won, and an exact McNemar test (scripts/paired_report.mjs).
#
#   scripts/jsminesweeper_paired.sh --level expert --games 2000 --seed 1 [--first-click safe]
#                                   [--first-cell R,C] [--workers 2] [--out DIR]
#
# JSMinesweeper's source is not part of this repository: put a checkout of
# https://github.com/DavidNHill/JSMinesweeper in ../JSMinesweeper or name it with JSMINESWEEPER_DIR.
# JSMinesweeper plays in chunks of 500 boards (DIR/js_START_COUNT.json); a chunk already there is not
# played again, so a stopped run continues where it stopped and a larger --games extends it (board
# i depends only on the seed and i). Runs under `nice`; needs build/native/gridlab.
set -euo pipefail
cd "$(dirname "$0")/.."

level=expert games=2000 seed=1 first_click=safe first_cell="" workers=2 out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --level) level=$2 ;;
    --games) games=$2 ;;
    --seed) seed=$2 ;;
    --first-click) first_click=$2 ;;
    --first-cell) first_cell=$2 ;;
    --workers) workers=$2 ;;
    --out) out=$2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift 2
done
out=${out:-build/paired/$level-$first_click-seed$seed}
source=${JSMINESWEEPER_DIR:-$(pwd)/../JSMinesweeper}
gridlab=build/native/gridlab
if [ ! -f "$source/Minesweeper/client/solver_main.js" ]; then
  echo "JSMinesweeper's source is not at $source: put a checkout of" >&2
  echo "https://github.com/DavidNHill/JSMinesweeper there (outside this repository) or set JSMINESWEEPER_DIR." >&2
  exit 2
fi
[ -x "$gridlab" ] || { echo "$gridlab is missing: cmake --preset native && cmake --build --preset native" >&2; exit 2; }
mkdir -p "$out"

first_cell_args=()
[ -n "$first_cell" ] && first_cell_args=(--first-cell "$first_cell")
"$gridlab" minesweeper boards --level "$level" --first-click "$first_click" "${first_cell_args[@]}" \
  --games "$games" --seed "$seed" >"$out/boards.txt"
nice -n 5 "$gridlab" minesweeper eval --solver probability --boards "$out/boards.txt" --seed "$seed" --per-board \
  >"$out/gridlab.json"

chunk=500
play_chunks() {  # worker W plays chunks W, W + workers, ...
  for ((start = $1 * chunk; start < games; start += workers * chunk)); do
    local count=$((games - start < chunk ? games - start : chunk)) file
    file=$out/js_$(printf %06d "$start")_$count.json
    [ -s "$file" ] && continue
    nice -n 5 node scripts/jsminesweeper_paired.mjs --boards "$out/boards.txt" --source "$source" \
      --start "$start" --games "$count" >"$file.part" 2>>"$out/js.log"
    mv "$file.part" "$file"
  done
}
pids=()
for ((w = 0; w < workers; w++)); do
  play_chunks "$w" &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid" || { echo "JSMinesweeper failed: see $out/js.log" >&2; exit 1; }; done

node scripts/paired_report.mjs "$out/gridlab.json" "$out"/js_*.json | tee "$out/report.txt"
