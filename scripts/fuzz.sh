#!/usr/bin/env bash
# Coverage-guided fuzzing of every input the engines read (tests/fuzz/, libFuzzer + ASan + UBSan).
#
#   scripts/fuzz.sh [SECONDS]       build, then run each target for SECONDS (default 180) from its
#                                   committed seed corpus and the corpus kept from earlier runs in
#                                   build/fuzz-corpus/<target>/, which is then merged and minimised
#   scripts/fuzz.sh --check SECONDS build, replay every committed corpus (tests/fuzz/corpus/: seeds and
#                                   reproducers of fixed defects) as regression tests, then run each
#                                   target for SECONDS on a scratch corpus (what scripts/test.sh does)
#
# The targets run side by side, one per core. Prints one line per target: executions, coverage
# (edges) and features reached, and the result.
# A failing input is saved as build/fuzz-crashes/<target>-crash-*; exits 1 if any target failed.
set -uo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"

check=0
if [ "${1:-}" = "--check" ]; then
  check=1
  shift
fi
seconds=${1:-180}

logs="$ROOT/build/logs"
mkdir -p "$logs" build/fuzz-crashes
# The targets come from the sanitizer build (clang-14, every library compiled with libFuzzer's coverage
# too), which scripts/test.sh has already built for the test suite: then this is a no-op.
if ! { cmake --preset native-asan && cmake --build --preset native-asan --target fuzz_targets; } >"$logs/build-fuzz.log" 2>&1; then
  tail -n 40 "$logs/build-fuzz.log"
  echo "fuzz build FAILED (log: $logs/build-fuzz.log)"
  exit 1
fi

# Runs one target and prints its line (and, when it failed, what it found).
run_target() {
  local target=$1
  local fuzzer="build/native-asan/fuzz_$target"
  local seeds="tests/fuzz/corpus/$target"
  local options=(-max_len=4096 -timeout=10 -rss_limit_mb=2048 "-artifact_prefix=build/fuzz-crashes/$target-")
  [ -f "tests/fuzz/$target.dict" ] && options+=("-dict=tests/fuzz/$target.dict")
  local log="$logs/fuzz-$target.log"
  local result=ok
  if [ "$check" = 1 ]; then
    # The committed inputs, each run once, then fuzzing that keeps nothing.
    local scratch
    scratch=$(mktemp -d)
    if ! "$fuzzer" "${options[@]}" -runs=0 "$seeds" >"$log" 2>&1; then
      result="FAILED replaying $seeds"
    elif ! "$fuzzer" "${options[@]}" -max_total_time="$seconds" -print_final_stats=1 "$scratch" "$seeds" >>"$log" 2>&1; then
      result=FAILED
    fi
    rm -rf "$scratch"
  else
    local kept="build/fuzz-corpus/$target"
    mkdir -p "$kept"
    if ! "$fuzzer" "${options[@]}" -max_total_time="$seconds" -print_final_stats=1 "$kept" "$seeds" >"$log" 2>&1; then
      result=FAILED
    fi
    # Merge and minimise: the smallest set of inputs that keeps every feature reached.
    rm -rf "$kept.min" && mkdir -p "$kept.min"
    "$fuzzer" -merge=1 "$kept.min" "$kept" "$seeds" >"$log.merge" 2>&1 && rm -rf "$kept" && mv "$kept.min" "$kept"
  fi
  local execs done_line cov ft corpus
  execs=$(grep -E '^stat::number_of_executed_units:' "$log" | tail -n 1 | awk '{print $2}')
  done_line=$(grep -E '^#[0-9]+.*(DONE|pulse|NEW|REDUCE|INITED)' "$log" | tail -n 1)
  cov=$(sed -nE 's/.* cov: ([0-9]+).*/\1/p' <<<"$done_line")
  ft=$(sed -nE 's/.* ft: ([0-9]+).*/\1/p' <<<"$done_line")
  corpus=$(sed -nE 's/.* corp: ([0-9]+).*/\1/p' <<<"$done_line")
  [ "$check" = 1 ] || corpus=$(find "$kept" -type f | wc -l)  # after minimising
  printf '%-22s %6s s  execs %10s  cov %5s  ft %6s  corpus %5s  %s\n' "$target" "$seconds" "${execs:-?}" \
    "${cov:-?}" "${ft:-?}" "${corpus:-?}" "$result"
  [ "$result" = ok ] || grep -E "ERROR|fuzz check failed|Test unit written|^Base64:" "$log" | head -n 5
}

# One target per core at a time; their lines are printed in order once all are done.
results=$(mktemp -d)
for source in tests/fuzz/*.cpp; do
  target=$(basename "$source" .cpp)
  run_target "$target" >"$results/$target" &
  while [ "$(jobs -rp | wc -l)" -ge "$(nproc)" ]; do wait -n; done
done
wait
cat "$results"/*
failed=$(grep -L " ok$" "$results"/* | wc -l)  # the targets whose line does not end in ok
rm -rf "$results"
[ "$failed" -eq 0 ]
