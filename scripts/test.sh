#!/usr/bin/env bash
# Builds everything and runs every test: native, the Python module (pytest), native under
# AddressSanitizer + UBSan, WebAssembly under node (the same Catch2 suite), the fuzz targets' corpora
# and a short fuzzing run, the hosting server under a class's load and hostile requests, ten minutes
# of a school day on the page, and the browser end-to-end tests in headless Chromium.
# Sets up a fresh machine first. Ends with one line: "N passed, N failed".
#
# The school day is ten minutes of wall time, so it does not wait its turn: it starts in the
# background (nice) as soon as the site is built and runs beside the native builds, pytest and the
# sanitizer and wasm suites; it is collected before the server and browser tests, whose timings it
# would disturb.
set -uo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"
bash scripts/setup.sh || { echo "setup failed"; echo "0 passed, 1 failed"; exit 1; }

passed=0
failed=0
failures=()  # what failed, repeated at the end: CI shows only the last part of what this prints
logs="$ROOT/build/logs"
mkdir -p "$logs"

step() { printf '\n=== %s ===\n' "$*"; }

# Configures and builds one preset (only `target` when given); false if it failed, which is counted.
build_preset() {
  local preset=$1 target=${2:-}
  step "build $preset${target:+ ($target)}"
  local started=$SECONDS log="$logs/build-$preset${target:+-$target}.log"
  if ! { cmake --preset "$preset" && cmake --build --preset "$preset" ${target:+--target "$target"}; } >"$log" 2>&1; then
    tail -n 40 "$log"
    echo "build $preset FAILED (log: $log)"
    failed=$((failed + 1))
    failures+=("build $preset${target:+ ($target)}")
    return 1
  fi
  echo "built in $((SECONDS - started)) s"
  grep -E "warning:" "$log" | sort -u | head -n 20
  return 0
}

# Counts a node --test TAP log's results; `name` labels its failures.
count_tap() {
  local name=$1 log=$2
  local pass fail
  pass=$(grep -E "^# pass [0-9]+" "$log" | awk '{print $3}')
  fail=$(grep -E "^# fail [0-9]+" "$log" | awk '{print $3}')
  passed=$((passed + ${pass:-0}))
  failed=$((failed + ${fail:-1}))
  [ -n "$fail" ] || failures+=("$name: no summary (log: $log)")
  while read -r line; do failures+=("$name: $line"); done < <(grep -E "^not ok " "$log")
}

# Runs the node --test suite in `dir`, which needs the built site, and counts it as `name`.
site_suite() {
  local name=$1 dir=$2
  if [ ! -f build/wasm/web/index.html ]; then
    echo "no web build: $name tests not run"
    failed=$((failed + 1))
    failures+=("$name: no web build")
    return
  fi
  (cd "$dir" && node --test --test-reporter=tap) 2>&1 | tee "$logs/$name.log"
  count_tap "$name" "$logs/$name.log"
}

# Builds one preset and runs its ctest; counts ctest's tests.
ctest_preset() {
  local preset=$1
  build_preset "$preset" || return
  step "test $preset"
  ctest --preset "$preset" 2>&1 | tee "$logs/test-$preset.log"
  local summary
  summary=$(grep -E "tests passed, [0-9]+ tests? failed out of [0-9]+" "$logs/test-$preset.log" | tail -n 1)
  if [ -z "$summary" ]; then
    echo "ctest $preset printed no summary"
    failed=$((failed + 1))
    failures+=("ctest $preset: no summary")
    return
  fi
  local bad total
  bad=$(sed -E 's/.* ([0-9]+) tests? failed out of ([0-9]+).*/\1/' <<<"$summary")
  total=$(sed -E 's/.* failed out of ([0-9]+).*/\1/' <<<"$summary")
  passed=$((passed + total - bad))
  failed=$((failed + bad))
  while read -r name; do failures+=("$preset: $name"); done < <(
    sed -nE '/The following tests FAILED:/,$ s/^[[:space:]]*[0-9]+ - (.*)$/\1/p' "$logs/test-$preset.log")
}

# The site first, so that the school day can start.
school_day_pid=""
if build_preset wasm gridlab_site; then
  step "school day (10 minutes, in the background; collected before the server and browser tests)"
  (cd tests/school-day && nice -n 5 node --test --test-reporter=tap) >"$logs/school-day.log" 2>&1 &
  school_day_pid=$!
fi

ctest_preset native

# The Python module (tests/python): the envs, AIs and model files from Python, property tests,
# threads, a Dask cluster of two processes and the examples on short budgets, against the module
# setup.sh installed into .venv (from this native build) and the native command line.
step "Python (pytest)"
(cd tests/python && "$ROOT/.venv/bin/python" -m pytest -q -p no:cacheprovider -rf) 2>&1 | tee "$logs/python.log"
python_summary=$(tail -n 1 "$logs/python.log")
python_pass=$(grep -oE "[0-9]+ passed" <<<"$python_summary" | grep -oE "[0-9]+")
python_fail=$(( $(grep -oE "[0-9]+ failed" <<<"$python_summary" | grep -oE "[0-9]+" || echo 0) +
                $(grep -oE "[0-9]+ errors?" <<<"$python_summary" | grep -oE "[0-9]+" || echo 0) ))
passed=$((passed + ${python_pass:-0}))
failed=$((failed + python_fail))
[ -n "$python_pass" ] || [ "$python_fail" -gt 0 ] || { failed=$((failed + 1)); failures+=("python: pytest printed no summary"); }
while read -r line; do failures+=("python: $line"); done < <(grep -E "^(FAILED|ERROR) " "$logs/python.log")

ctest_preset native-asan
ctest_preset wasm

# The fuzz targets (tests/fuzz/): the committed corpora and reproducers replayed, then 10 s of
# fuzzing each; one test per target.
step "fuzz targets (libFuzzer + ASan + UBSan)"
bash scripts/fuzz.sh --check 10 2>&1 | tee "$logs/fuzz.log"
fuzz_pass=$(grep -cE " ok$" "$logs/fuzz.log")
fuzz_fail=$(grep -cE "FAILED" "$logs/fuzz.log")
passed=$((passed + fuzz_pass))
failed=$((failed + fuzz_fail))
[ "$fuzz_pass" -gt 0 ] || [ "$fuzz_fail" -gt 0 ] || { failed=$((failed + 1)); failures+=("fuzz: nothing ran"); }
# fuzz.sh prints an "ok" line per passing target; every other line says what failed and why.
while read -r line; do failures+=("fuzz: $line"); done < <(grep -vE " ok$" "$logs/fuzz.log")

if [ -n "$school_day_pid" ]; then
  step "school day (collected)"
  wait "$school_day_pid"
  cat "$logs/school-day.log"
  count_tap school-day "$logs/school-day.log"
fi

step "hosting server: a class's load, slow clients, hostile requests, https (tests/server)"
site_suite server tests/server

step "browser end-to-end tests (headless Chromium)"
site_suite e2e tests/e2e

echo
for failure in "${failures[@]}"; do echo "FAILED $failure"; done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
