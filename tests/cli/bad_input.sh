#!/usr/bin/env bash
# Bad input on the gridlab command line is refused with exit code 2 and the reason (issue 23), and
# the edges of what is accepted are accepted. ctest runs it for each build:
#   bash tests/cli/bad_input.sh build/native/gridlab
#   bash tests/cli/bad_input.sh node build/wasm/gridlab.js
set -u
gridlab=("$@")
failed=0

# check CODE MESSAGE ARGS...: `gridlab ARGS` with empty stdin exits with CODE, and the first line it
# prints on stderr is MESSAGE (empty: nothing on stderr).
check() {
  local code=$1 message=$2
  shift 2
  local err got
  err=$("${gridlab[@]}" "$@" 2>&1 >/dev/null </dev/null)
  got=$?
  if [ "$got" != "$code" ] || [ "${err%%$'\n'*}" != "$message" ]; then
    echo "FAILED: gridlab $*"
    echo "  expected exit $code, '$message'"
    echo "  got      exit $got, '${err%%$'\n'*}'"
    failed=$((failed + 1))
  fi
}

max_seed=18446744073709551615
seed_error() { echo "--seed: '$1' is not a whole number in 0..$max_seed"; }

# One exit code for bad input: CLI11 has its own per kind of problem (106, 105, 109...).
check 2 "A subcommand is required" chess
check 2 "--games: Value 0 not in range 1 to 100000" gomoku arena --black mcts --white pure-mcts --games 0
check 2 "The following argument was not expected: --frobnicate" puyo play --frobnicate
check 0 "" --help

# Seeds are whole numbers 0..2^64-1; CLI11 alone took all of these as 2^64-1 (the last one as 1).
check 2 "$(seed_error -1)" gomoku move --seed -1
check 2 "$(seed_error 18446744073709551616)" gomoku arena --black mcts --white pure-mcts --seed 18446744073709551616
check 2 "$(seed_error 99999999999999999999)" puyo play --seed 99999999999999999999
check 2 "$(seed_error -18446744073709551615)" minesweeper eval --solver kb --level beginner --games 1 --seed -18446744073709551615
check 2 "$(seed_error 0x10)" minesweeper analyze --mines 1 --seed 0x10
check 2 "$(seed_error '')" gomoku pbrain --seed ''
check 2 "$(seed_error ' 1')" gomoku bench --seed ' 1'
check 0 "" puyo play --ai random --pairs 1 --seed $max_seed
check 0 "" puyo eval --ai random --pairs 1 --games 1 --seed 0

# Real numbers: NaN is in no range.
check 2 "--ms: 'nan' is not a number in 0..600000" puyo play --ms nan
check 2 "--ms: 'inf' is not a number in 0..600000" puyo eval --ms inf
check 2 "--seconds: 'nan' is not a number in 0.001..3600" bench --seconds nan
check 2 "--seconds: '0' is not a number in 0.001..3600" bench --seconds 0

# Why a board does not fit its first-click rule.
check 2 "gridlab: bad input: mines: a zero first click keeps a 3x3 area free of mines, more than the 2x2 board has" \
  minesweeper eval --solver kb --rows 2 --cols 2 --mines 0 --first-click zero --games 1 --seed 1

if [ "$failed" -eq 0 ]; then echo "all command lines answered as expected"; fi
[ "$failed" -eq 0 ]
