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

# same WHAT EXPECTED GOT: two outputs that must be equal, and not empty.
same() {
  if [ -z "$2" ] || [ "$2" != "$3" ]; then
    echo "FAILED: $1"
    echo "  expected: $2"
    echo "  got:      $3"
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
check 2 "gridlab: bad input: --weights: unknown weight 'x'" puyo eval --weights '{"x": 1}'
check 2 "gridlab: bad input: --weights: not JSON: nope" puyo eval --weights nope
check 2 "gridlab: bad input: --weights goes with --ai beam" puyo eval --ai greedy --weights '{"chain": 1}'
check 2 "gridlab: bad input: --weights: chain must be a whole number within +-1000000" puyo tune --weights '{"chain": 0.5}'
check 2 "--rounds: Value 0 not in range 1 to 100" puyo tune --rounds 0
check 2 "gridlab: bad input: cannot read /nonexistent" puyo tune --pairs-file /nonexistent
check 0 "round 1: chain 1350 -> 0" puyo tune --games 1 --pairs 2 --width 1 --depth 1 --rounds 1 --weights '{"chain": 900}'
check 2 "--seconds: 'nan' is not a number in 0.001..3600" bench --seconds nan
check 2 "--seconds: '0' is not a number in 0.001..3600" bench --seconds 0

# Why a board does not fit its first-click rule.
check 2 "gridlab: bad input: mines: a zero first click keeps a 3x3 area free of mines, more than the 2x2 board has" \
  minesweeper eval --solver kb --rows 2 --cols 2 --mines 0 --first-click zero --games 1 --seed 1

# Board files (issue 24): refused with the file, line and column of the problem.
files=$(mktemp -d)
trap 'rm -rf "$files"' EXIT
header="rows=2 cols=3 mines=1 first_cell=0,0 first_click=safe"
printf '%s\n..*/...\n.x./...\n' "$header" >"$files/bad_char.txt"
printf '%s\n..*/..*\n' "$header" >"$files/two_mines.txt"
printf '%s\n*../...\n' "$header" >"$files/first_cell_mine.txt"
printf 'rows=2 cols=3 mines=1\n..*/...\n' >"$files/bad_header.txt"
printf '%s\n..*/...\n.../..*\n' "$header" >"$files/good.txt"
bad_file() { echo "gridlab: bad input: $files/$1: $2"; }
check 2 "$(bad_file bad_char.txt "line 3, column 2: expected '*', '.' or '/'")" \
  minesweeper eval --solver kb --boards "$files/bad_char.txt" --seed 1
check 2 "$(bad_file two_mines.txt "line 2: the board has 2 mines, the header says 1")" \
  minesweeper eval --solver probability --boards "$files/two_mines.txt" --seed 1
check 2 "$(bad_file first_cell_mine.txt "line 2: a mine at (0,0) breaks the first-click rule")" \
  minesweeper eval --solver probability --boards "$files/first_cell_mine.txt" --seed 1
check 2 "$(bad_file bad_header.txt "line 1: expected 'rows=R cols=C mines=M first_cell=R,C first_click=safe|zero'")" \
  minesweeper eval --solver probability --boards "$files/bad_header.txt" --seed 1
check 2 "gridlab: bad input: cannot read $files/missing.txt" \
  minesweeper eval --solver kb --boards "$files/missing.txt" --seed 1
check 2 "gridlab: bad input: --boards: the board file gives the board and the first cell" \
  minesweeper eval --solver kb --boards "$files/good.txt" --level beginner --seed 1
check 2 "gridlab: bad input: games: 3 is more than the 2 boards given" \
  minesweeper eval --solver kb --boards "$files/good.txt" --games 3 --seed 1
check 2 "gridlab: bad input: give --games (or --boards)" minesweeper eval --solver kb --level beginner --seed 1
check 2 "--first-click: none not in {safe,zero}" minesweeper boards --level expert --games 2 --seed 1 --first-click none
check 0 "" minesweeper eval --solver probability --boards "$files/good.txt" --games 2 --seed 1 --per-board

# Puyo training and its model files (issue 18).
check 2 "--games: Value 0 not in range 1 to 100000000" puyo train --games 0 --seed 1 --out "$files/p.model"
check 2 "gridlab: bad input: give --games or --minutes" puyo train --seed 1 --out "$files/p.model"
check 2 "--inputs: pixels not in {features,field}" puyo train --inputs pixels --games 1 --seed 1 --out "$files/p.model"
check 2 "--games excludes --minutes" puyo train --games 1 --minutes 1 --seed 1 --out "$files/p.model"
check 2 "gridlab: bad input: cannot write $files/none/p.model" puyo train --games 1 --pairs 2 --seed 1 --out "$files/none/p.model"
check 2 "gridlab: bad input: --model goes with --ai learned, and only with it" puyo eval --ai learned --games 1
check 0 "" puyo train --rules tutorial --games 2 --pairs 5 --seed 1 --out "$files/tutorial.model"
check 2 "gridlab: bad input: --model: $files/tutorial.model was trained on other rules than --rules tsu" \
  puyo eval --ai learned --model "$files/tutorial.model" --games 1
check 0 "" minesweeper train --rows 4 --cols 4 --mines 2 --episodes 2 --seed 1 --out "$files/minesweeper.model"
check 2 "gridlab: bad input: model for game minesweeper, not puyo" \
  puyo eval --ai learned --model "$files/minesweeper.model" --games 1
printf 'GLNN' >"$files/cut.model"
check 2 "gridlab: bad input: truncated: 4 bytes, shorter than any model file" \
  puyo play --ai learned --model "$files/cut.model"
check 0 "" puyo eval --ai learned --model "$files/tutorial.model" --rules tutorial --pairs 5 --games 2 --seed 1

# A seed's board file gives exactly the games of that seed (the solver's own random numbers too).
without_time() { sed 's/"ms_per_game":[0-9.e+-]*//'; }
"${gridlab[@]}" minesweeper boards --level intermediate --first-click zero --games 30 --seed 4 >"$files/seed4.txt"
by_seed=$("${gridlab[@]}" minesweeper eval --solver kb --level intermediate --first-click zero --games 30 --seed 4 --per-board | without_time)
by_file=$("${gridlab[@]}" minesweeper eval --solver kb --boards "$files/seed4.txt" --seed 4 --per-board | without_time)
same "eval --boards (the file of seed 4) gives the games of eval --seed 4" "$by_seed" "$by_file"

# Pair files (issue 21): refused with the file and line; a seed's file replays that seed's games.
printf 'RG BY\nRG BX\n' >"$files/bad_pair.txt"
printf 'RG BY\nGP\n' >"$files/purple.txt"
printf 'RG BY RR\n' >"$files/three_pairs.txt"
check 2 "gridlab: bad input: $files/bad_pair.txt: line 2, column 4: expected a pair of colour letters (R G B Y P), got 'BX'" \
  puyo eval --ai greedy --pairs-file "$files/bad_pair.txt"
check 2 "gridlab: bad input: $files/purple.txt: line 2, column 2: 'P' is not among the 4 colours in play (RGBY)" \
  puyo eval --ai greedy --pairs-file "$files/purple.txt"
check 2 "gridlab: bad input: --pairs-file: the file gives the pairs of every game" \
  puyo eval --ai greedy --pairs-file "$files/three_pairs.txt" --pairs 3
check 2 "gridlab: bad input: games: 2 is more than the 1 games in $files/three_pairs.txt" \
  puyo eval --ai greedy --pairs-file "$files/three_pairs.txt" --games 2
check 2 "gridlab: bad input: cannot read $files/missing.txt" puyo eval --ai greedy --pairs-file "$files/missing.txt"
without_puyo_time() { sed -E 's/"(mean_cpu_ms_per_move|ms_per_move)":[0-9.e+-]*,?//g'; }
"${gridlab[@]}" puyo pairs --seed 3 --games 4 --pairs 12 >"$files/seed3.txt"
by_seed=$("${gridlab[@]}" puyo eval --ai beam --width 8 --depth 4 --seed 3 --games 4 --pairs 12 | without_puyo_time)
by_file=$("${gridlab[@]}" puyo eval --ai beam --width 8 --depth 4 --seed 3 --pairs-file "$files/seed3.txt" | without_puyo_time)
same "puyo eval --pairs-file (the file of seed 3) gives the games of eval --seed 3" "$by_seed" "$by_file"
# Greedy on a known two-game file: exact results.
printf 'RR RR BB GG RR\nYY YY YB\n' >"$files/known.txt"
known=$("${gridlab[@]}" puyo eval --ai greedy --seed 1 --pairs-file "$files/known.txt" | without_puyo_time)
expected_known='{"games":2,"max_chain_hist":{"1":2},"mean_best_chain_score":40.0,"mean_max_chain":1.0,"mean_score":40.0,"reach_100k":0.0,"reach_60k":0.0}'
same "puyo eval --ai greedy on a known pair file" "$expected_known" "$known"
# --per-game: each game's result, with the placement that set off its best chain (the second pair
# here, on the first).
per_game=$("${gridlab[@]}" puyo eval --ai greedy --seed 1 --pairs-file "$files/known.txt" --per-game | sed -E 's/.*"per_game"://; s/\],"reach.*/]/')
expected_per_game='[{"best_chain_move":2,"best_chain_score":40,"max_chain":1,"moves":5,"score":40},{"best_chain_move":2,"best_chain_score":40,"max_chain":1,"moves":3,"score":40}]'
same "puyo eval --per-game on a known pair file" "$expected_per_game" "$per_game"
# play --game I replays eval's game I, from the seed or from the seed's file.
same "puyo play --pairs-file (the file of seed 3) --game 2 plays eval --seed 3's game 2" \
  "$("${gridlab[@]}" puyo play --ai beam --width 8 --depth 4 --seed 3 --pairs 12 --game 2 | sed -E 's/.*"moves"://')" \
  "$("${gridlab[@]}" puyo play --ai beam --width 8 --depth 4 --seed 3 --pairs-file "$files/seed3.txt" --game 2 | sed -E 's/.*"moves"://')"
check 2 "gridlab: bad input: game: 1 is not a line of $files/three_pairs.txt (it has 1)" \
  puyo play --ai greedy --pairs-file "$files/three_pairs.txt" --game 1
# AlphaZero training and its models (issue 17).
check 2 "--size: Value 4 not in range 5 to 15" gomoku train --size 4 --games 1 --seed 1 --out "$files/az.model"
check 2 "--win: Value 3 not in range 4 to 5" gomoku train --win 3 --games 1 --seed 1 --out "$files/az.model"
check 2 "gridlab: bad input: give --games or --minutes" gomoku train --seed 1 --out "$files/az.model"
check 2 "gridlab: bad input: replay capacity must be in batch..1000000" \
  gomoku train --games 1 --batch 64 --buffer 10 --seed 1 --out "$files/az.model"
check 2 "gridlab: bad input: az needs a model: az:model=FILE" gomoku move --ai az:playouts=10
check 2 "gridlab: bad input: unknown AI option 'c' (expected playouts, ms or depth)" gomoku move --ai ab:c=100
check 2 "gridlab: bad input: depth: 61 is outside 1..60" gomoku arena --black ab:depth=61 --white mcts
check 2 "gridlab: bad input: cannot read the model file '$files/missing.model'" \
  gomoku arena --black "az:model=$files/missing.model" --white pure-mcts --games 1
check 2 'gridlab: bad input: not a gridlab model file (no "GLNN" at the start)' gomoku pbrain --ai "az:model=$files/good.txt"
check 0 "" gomoku train --size 5 --win 4 --games 1 --playouts 5 --channels 4 --layers 1 --seed 1 --out "$files/az.model"
check 2 "gridlab: bad input: the model is for 5x5, 4 in a row, not 6x6, 4 in a row" \
  gomoku arena --black "az:model=$files/az.model,playouts=5" --white pure-mcts --size 6 --win-length 4 --games 1

if [ "$failed" -eq 0 ]; then echo "all command lines answered as expected"; fi
[ "$failed" -eq 0 ]
