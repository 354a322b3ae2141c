#!/usr/bin/env bash
# Builds everything and runs every test: native, the Python module (pytest), native under
# AddressSanitizer + UBSan, WebAssembly under node (the same Catch2 suite), the fuzz targets' corpora
# and a short fuzzing run, and the browser end-to-end tests in headless Chromium.
# Sets up a fresh machine first. Ends with one line: "N passed, N failed".
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

# Configures, builds and runs ctest for one preset; counts ctest's tests.
ctest_preset() {
  local preset=$1
  step "build $preset"
  local started=$SECONDS
  if ! { cmake --preset "$preset" && cmake --build --preset "$preset"; } >"$logs/build-$preset.log" 2>&1; then
    tail -n 40 "$logs/build-$preset.log"
    echo "build $preset FAILED (log: $logs/build-$preset.log)"
    failed=$((failed + 1))
    failures+=("build $preset")
    return
  fi
  echo "built in $((SECONDS - started)) s"
  grep -E "warning:" "$logs/build-$preset.log" | sort -u | head -n 20
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

step "browser end-to-end tests (headless Chromium)"
if [ -f build/wasm/web/index.html ]; then
  (cd tests/e2e && node --test --test-reporter=tap) 2>&1 | tee "$logs/e2e.log"
  e2e_pass=$(grep -E "^# pass [0-9]+" "$logs/e2e.log" | awk '{print $3}')
  e2e_fail=$(grep -E "^# fail [0-9]+" "$logs/e2e.log" | awk '{print $3}')
  passed=$((passed + ${e2e_pass:-0}))
  failed=$((failed + ${e2e_fail:-1}))
  while read -r line; do failures+=("e2e: $line"); done < <(grep -E "^not ok " "$logs/e2e.log")
else
  echo "no web build: end-to-end tests not run"
  failed=$((failed + 1))
  failures+=("e2e: no web build")
fi

echo
for failure in "${failures[@]}"; do echo "FAILED $failure"; done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
