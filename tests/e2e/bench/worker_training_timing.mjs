// Benchmark, not a test: issue 17's and 18's training runs as training jobs of the page's real Web
// Worker (worker.js, the protocol's "train") in headless Chromium, with the settings of
//   gridlab puyo train --rules tsu --inputs features --games 2000 --pairs 50 --seed 1
//   gridlab gomoku train --size 6 --win 4 --games 1600 --playouts 200 --channels 16 --seed 2 --eval-every 0
// and issue 45's 8x8 lesson, tests every 100 games included (its defaults: gomoku::lesson_settings):
//   gridlab gomoku train --size 8 --win 5 --games 600 --seed 1
// and its first 120 games (one test, against pure-mcts 1000), to time the worker's slices in a shorter run:
//   gridlab gomoku train --size 8 --win 5 --games 120 --seed 1
// Prints a JSON line per run: the wall time from the request to the result, the CPU time the browser's
// processes used meanwhile (the worker's thread, and what little an idle page costs), the weight hash
// (it must equal the command line's), the machine's load average, and the worker's slices: each call
// of gridlab_worker_step (asked for SLICE_MS = 50 ms of work), timed inside the worker, whose longest
// is how long a cancel may wait.
//
// and issue 46's expert Minesweeper runs (the episodes of 6 native CPU minutes, 5,000 of them the 9x9 warm-up):
//   gridlab minesweeper train --level expert --episodes 5917 --looks 1 --batch 16 --seed 1   (minesweeper-expert)
//   gridlab minesweeper train --level expert --episodes 5336 --batch 16 --seed 1             (minesweeper-expert-looks)
//   gridlab minesweeper train --level expert --episodes 6590 --seed 1                        (minesweeper-expert-cells)
//
//   cd tests/e2e && node bench/worker_training_timing.mjs [puyo|gomoku|gomoku8|gomoku8-start|minesweeper-expert ...]
import { readFileSync, readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { startBrowser } from '../browser.mjs';

const RUNS = {
  puyo: {
    expected_hash: '095073f8acede6a6',
    request: {
      game: 'puyo', episodes: 2000,
      settings: { rules: 'tsu', colors: 4, pairs: 50, inputs: 'features', width: 64, lr: 0.001, explore: 0.05, gamma: 1,
                  lambda: 0.7, batch: 32, updates_per_game: 4, replay_capacity: 20000, window: 50, seed: '1' },
    },
  },
  gomoku: {
    expected_hash: '2465e4c4645ea7ae',
    request: {
      game: 'gomoku', episodes: 1600,
      settings: { size: 6, win: 4, channels: 16, layers: 3, playouts: 200, lr: 0.002, weight_decay: 1e-4, batch: 128,
                  updates_per_game: 4, replay_capacity: 10000, temperature_moves: 6, noise_fraction: 0.25,
                  noise_alpha: 0.3, eval_every: 0, eval_games: 10, eval_az_playouts: 400, eval_pure_playouts: 1000,
                  eval_pure_max: 5000, window: 10, seed: '2' },
    },
  },
  gomoku8: {
    expected_hash: '8239233f0f65609b',
    request: {
      game: 'gomoku', episodes: 600,
      settings: { size: 8, win: 5, channels: 32, layers: 3, policy_planes: 4, playouts: 200, lr: 0.002, weight_decay: 1e-4,
                  batch: 128, updates_per_game: 4, replay_capacity: 10000, temperature_moves: 6, noise_fraction: 0.25,
                  noise_alpha: 0.3, eval_every: 100, eval_games: 10, eval_az_playouts: 400, eval_pure_playouts: 1000,
                  eval_pure_max: 5000, eval_mcts_playouts: 1000, eval_mcts_max: 10000, window: 10, lesson_games: 600,
                  seed: '1' },
    },
  },
};
// Issue 46's expert run: as many episodes as 6 native CPU minutes gave (2026-11-30), the defaults of then:
//   gridlab minesweeper train --level expert --episodes 5917 --looks 1 --batch 16 --seed 1
RUNS['minesweeper-expert'] = {
  expected_hash: '98f82a7a75f1bff9',
  request: {
    game: 'minesweeper', episodes: 5917,
    settings: { rows: 16, cols: 30, mines: 99, first: 'safe', rewards: 'seed-000', width: 16, depth: 4, looks: 1, lr: 0.002,
                explore: 0, window: 100, warm_up: 5000, batch: 16, seed: '1' },
  },
};
// The same with two looks, the default since (2026-11-30, fifth session): its 6 native CPU minutes' episodes.
RUNS['minesweeper-expert-looks'] = {
  expected_hash: 'bbd8dd3f05588045',
  request: {
    ...RUNS['minesweeper-expert'].request, episodes: 5336,
    settings: { ...RUNS['minesweeper-expert'].request.settings, looks: 2 },
  },
};
// Today's defaults (2026-11-30, sixth session): two looks, and the batch by the board (expert's 16x30:
// 3 boards per update, the warm-up's 9x9: 16), to the episodes of 6 native CPU minutes.
const { batch: _sixteen, ...expertDefaults } = RUNS['minesweeper-expert-looks'].request.settings;
RUNS['minesweeper-expert-cells'] = {
  expected_hash: '24704c2082ecdd29',
  request: { ...RUNS['minesweeper-expert-looks'].request, episodes: 6590, settings: expertDefaults },
};
RUNS['gomoku8-start'] = {
  expected_hash: 'e7e237196abc0e5f',
  request: { ...RUNS.gomoku8.request, episodes: 120 },
};

// Appended to worker.js as the bench serves it: times each slice, and hands the times over with the result.
const SLICE_TIMER = `
;(() => {
  const slices = [];
  const ccall = Module.ccall;
  Module.ccall = function (name, ...rest) {
    const start = performance.now();
    const out = ccall.call(this, name, ...rest);
    if (name === 'gridlab_worker_step') slices.push(performance.now() - start);
    return out;
  };
  const post = self.postMessage.bind(self);
  self.postMessage = (message) => {
    if (message && message.type === 'result') message.slices = slices.splice(0);
    post(message);
  };
})();
`;

function sliceSummary(slices) {
  const sorted = [...slices].sort((a, b) => a - b);
  const at = (q) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 10) / 10;
  return { count: sorted.length, median_ms: at(0.5), p99_ms: at(0.99), p999_ms: at(0.999), max_ms: at(1),
           over_60_ms: sorted.filter((ms) => ms > 60).length, over_100_ms: sorted.filter((ms) => ms > 100).length };
}

// User + system CPU seconds of this process's descendants (the browser and its helpers), from /proc.
function descendantsCpuSeconds() {
  const parent = new Map(), ticks = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');  // from field 3, the state
      parent.set(Number(entry), Number(fields[1]));
      ticks.set(Number(entry), Number(fields[11]) + Number(fields[12]));  // utime, stime
    } catch { /* the process ended meanwhile */ }
  }
  let total = 0;
  for (const [pid, count] of ticks) {
    for (let p = parent.get(pid); p; p = parent.get(p))
      if (p === process.pid) { total += count; break; }
  }
  return total / 100;  // USER_HZ
}

const env = await startBrowser();
try {
  const context = await env.browser.newContext();
  await context.route('**/worker.js', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: await response.text() + SLICE_TIMER });
  });
  const page = await context.newPage();
  await page.goto(env.site.url + 'manifest.webmanifest');  // a page of the site's origin that draws nothing
  for (const name of process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(RUNS)) {
    const run = RUNS[name];
    const cpuBefore = descendantsCpuSeconds();
    const loads = [loadavg()[0]];
    const timer = setInterval(() => loads.push(loadavg()[0]), 15000);
    const result = await page.evaluate((request) => new Promise((done) => {
      const worker = new Worker('worker.js');
      let start = 0;
      worker.onmessage = (event) => {
        const message = event.data;
        if (message.type === 'ready') {
          start = performance.now();
          worker.postMessage({ v: 1, type: 'train', id: 1, ...request });
        } else if (message.type === 'result' || message.type === 'error') {
          worker.terminate();
          const report = message.report || {};
          done({ type: message.type, message: message.message, seconds: (performance.now() - start) / 1000,
                 games: report.games ?? report.episodes, moves: report.moves ?? report.steps, weight_hash: report.weight_hash, slices: message.slices });
        }
      };
    }), run.request);
    clearInterval(timer);
    const cpu = descendantsCpuSeconds() - cpuBefore;
    const { slices, ...rest } = result;
    console.log(JSON.stringify({
      run: name, ...rest, slices: slices ? sliceSummary(slices) : 'not timed', browser_cpu_seconds: Math.round(cpu * 10) / 10,
      same_hash_as_command_line: result.weight_hash === run.expected_hash,
      load_average_1min: { min: Math.min(...loads), max: Math.max(...loads) },
    }));
  }
  await context.close();
} finally {
  await env.close();
}
