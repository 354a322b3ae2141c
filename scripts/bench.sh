#!/usr/bin/env bash
# Measures every engine and AI natively and in WebAssembly under node (`gridlab bench` in both
# builds), prints a table with the wasm/native time ratio of each item and the native speed-up over
# the seeds' Python code, and writes it with the date and the machine to docs/benchmarks.md.
#   scripts/bench.sh [--seconds S]     (S: about how long each item runs natively; default 2)
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"

seconds=2
while [ $# -gt 0 ]; do
  case $1 in
    --seconds) seconds=$2; shift 2 ;;
    *) echo "usage: scripts/bench.sh [--seconds S]" >&2; exit 2 ;;
  esac
done

# Builds the command line of one preset; make does nothing when it is up to date.
build_cli() {
  local preset=$1
  [ -f "build/$preset/CMakeCache.txt" ] || cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset" --target gridlab >/dev/null
}
build_cli native
build_cli wasm

# This shared VM's speed drifts over seconds, more than the gap being measured: the builds take turns
# five times and each item reports its median over the five rounds.
native=()
wasm=()
for round in 1 2 3 4 5; do
  native+=("$(build/native/gridlab bench --seconds "$seconds")")
  wasm+=("$(node build/wasm/gridlab.js bench --seconds "$seconds")")
done

date=$(date -u '+%Y-%m-%d %H:%M UTC')
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
compilers="g++ $(g++ -dumpfullversion), Emscripten $(emcc --version | sed -n 's/.*) \([0-9.]*\) .*/\1/p;1q'), node $(node --version)"

node - "$(printf '%s\n' "${native[@]}")" "$(printf '%s\n' "${wasm[@]}")" "$date" "$(nproc)" "$cpu" "$compilers" "$seconds" \
  >docs/benchmarks.md <<'EOF'
const [nativeRounds, wasmRounds, date, cores, cpu, compilers, seconds] = process.argv.slice(2);

// Per game and item, the median over the rounds (one JSON object per line).
const medians = (lines) => {
  const rounds = lines.trim().split('\n').map((line) => JSON.parse(line));
  const result = {};
  for (const game of ['minesweeper', 'puyo', 'gomoku']) {
    result[game] = {};
    for (const key of Object.keys(rounds[0][game])) {
      const values = rounds.map((round) => round[game][key]).sort((a, b) => a - b);
      result[game][key] = values[Math.floor(values.length / 2)];
    }
  }
  return result;
};
const native = medians(nativeRounds), wasm = medians(wasmRounds);

// rate: a per-second figure (higher is faster); otherwise milliseconds (lower is faster).
// anchor: the seeds' Python code on this machine, for the same work: [low, high] per second.
const items = [
  { game: 'minesweeper', key: 'env_steps_per_s', what: 'Minesweeper env steps/s (beginner, random play)', rate: true, anchor: [44000, 44000] },
  { game: 'minesweeper', key: 'expert_ms_per_game', what: 'Minesweeper probability solver, ms per expert game' },
  { game: 'puyo', key: 'env_steps_per_s', what: 'Puyo env steps/s (Tsu, 4 colours, random play)', rate: true, anchor: [7500, 7500] },
  { game: 'puyo', key: 'beam_ms_per_move', what: 'Puyo beam AI, ms per move' },
  { game: 'gomoku', key: 'env_steps_per_s', what: 'Gomoku env steps/s (15x15, random play)', rate: true, anchor: [54000, 54000] },
  { game: 'gomoku', key: 'pure_mcts_playouts_per_s', what: 'Gomoku pure MCTS playouts/s (empty 8x8)', rate: true, anchor: [440, 600] },
  { game: 'gomoku', key: 'az_evaluations_per_s', what: 'Gomoku AlphaZero network evaluations/s (6x6, 3x32 channels)', rate: true },
];

const number = (x) => x.toLocaleString('en-US', { maximumFractionDigits: x < 100 ? 2 : 0 });
const times = (x) => (x < 10 ? x.toFixed(1) : Math.round(x).toLocaleString('en-US')) + 'x';
const range = ([low, high], f) => (low === high ? f(low) : `${f(low)}-${f(high)}`);
const rows = items.map((item) => {
  const n = native[item.game][item.key], w = wasm[item.game][item.key];
  const ratio = item.rate ? n / w : w / n;
  const row = [item.what, number(n), number(w), ratio.toFixed(2) + (ratio <= 1.5 ? '' : ' (over 1.5)')];
  if (!item.anchor) return [...row, '', ''];
  const speedup = item.anchor.map((a) => n / a).reverse();
  const envTarget = item.key === 'env_steps_per_s' && speedup[0] < 100 ? ' (under 100x)' : '';
  return [...row, range(item.anchor, number), range(speedup, times) + envTarget];
});

const header = ['item', 'native', 'wasm (node)', 'wasm/native time', 'Python anchor /s', 'native / Python'];
const table = [header, header.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');

process.stdout.write(`# Benchmarks

\`scripts/bench.sh\` builds the \`native\` and \`wasm\` presets, runs \`gridlab bench --seconds ${seconds}\` in both
(\`build/native/gridlab\` and \`node build/wasm/gridlab.js\`), five rounds taking turns, and writes
this page with each item's median over the rounds (this VM's speed drifts by up to a third over
seconds).

Measured ${date} on ${cores} cores of ${cpu}; ${compilers}.

${table}

- **wasm/native time**: how much longer WebAssembly takes for the same work; above 1 it is slower.
  The target is at most 1.5 on every item.
- **native / Python**: native speed over the seeds' own Python code on this machine (random play with
  resets for the environments; for Puyo the anchor is the seed's \`next_board\` calls per second; for
  Gomoku the anchor is random moves on 8x8 while gridlab's figure is on 15x15; pure MCTS is
  AlphaZero_Gomoku's \`mcts_pure\`). The target for the environments is at least 100x.

What each item does (src/cli/bench_command.cpp): the same seeded work in both builds, one warm-up
run, then the median of 5 timed runs.

- Minesweeper env: beginner 9x9 with 10 mines, \`random-start\` rule, \`seed-000\` rewards,
  \`player-view\` observation; a uniformly random hidden cell each step (uniform draws until the
  action mask allows one); resets are timed but not counted as steps. The rare deal whose random
  start opens the whole board (won before any step) is replaced by the next one.
- Minesweeper expert: the \`probability\` solver plays seeded expert games (16x30, 99 mines) from a
  safe first click in the corner; mean time per game.
- Puyo env: Tsu rules, 4 colours, a uniformly random legal placement each step, resets timed.
  Every environment item samples its random legal actions the same way, so the agent's share of the
  time is a couple of random draws per step.
- Puyo beam: the \`beam\` AI with its default settings plays the opening moves of a seeded Tsu game.
- Gomoku env: 15x15 freestyle, a uniformly random legal move each step, resets timed.
- Gomoku pure MCTS: \`pure-mcts\` searches a fixed number of playouts from the empty 8x8 board.

## The WebAssembly build

cmake/Toolchain.cmake compiles and links the wasm build with \`-O3 -mbulk-memory\`: without bulk
memory every struct or vector copy above a few words is a call to libc's byte-copying loop (a fifth
of the beam's wasm time). Link-time optimisation (\`-flto\`) made every wasm item faster still (calls
cost more in wasm, and clang cannot inline across files without it: the Rng, the rules' small
accessors), but with it two of the app's browser tests failed with an uncaught C++ exception, so it
is not on.

Emscripten 3.1.6 only has JavaScript-based C++ exceptions: a call made while a destructor is pending
goes through a JavaScript \`invoke_\` wrapper, about a tenth of the wasm time of the environment
loops. Compiling a file with \`-fignore-exceptions\` removes those wrappers, but a \`catch\` in it
no longer catches (the Gomocup brain answers \`ERROR\` to a bad command) and the objects of the
frames an exception crosses are not freed. So only the Minesweeper solver's files are compiled so
(src/minesweeper/CMakeLists.txt): they catch nothing and throw only for an impossible position, an
input error that ends the command; in its expert games the wrappers took about a tenth of the
time. Elsewhere hot code should not keep objects with destructors alive across calls.

What made the difference (Minesweeper env, wasm/native CPU time, 2026-11-22): the environments used
to allocate a new observation and mask every step, and allocation costs about twice as much in wasm;
now the Env keeps both and writes only the cells that changed, State::restart reuses the board, and
the Rng's hot calls are inline and noexcept (no \`invoke_\` wrapper around them). The remaining gap
was in code shape, not flags: a layout switch per cell and eight unrolled neighbour calls that clang
would not inline in wasm (2.0 -> 1.5 after one loop per layout and a neighbour-offset loop). Trying
the flags on the same loop changed nothing beyond the noise (4.3-4.9 s for 10 M steps): without
\`-fexceptions\`, without memory growth, \`-O2\` instead of \`-O3\`, and \`-flto\`.
`);
EOF

cat docs/benchmarks.md
