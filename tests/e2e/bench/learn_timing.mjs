// Benchmark, not a test: how long the Learn screen takes, in headless Chromium, to train an agent
// for a number of games on the page's real worker thread. By default the Minesweeper settings of
//   gridlab minesweeper train --level beginner --episodes 3000 --seed 1
// (width 16, depth 4, learning rate 0.002, exploration 0.05, seed-000 rewards); another lesson's
// link can be given. Prints a JSON line: the wall time from Train to the first report of >= N games,
// the worker's own training time (elapsed_s), the games and steps when it paused, the weight hash,
// and the machine's load averages along the way; saves the model it trained to
// build/e2e/learn-timing.glnn for `gridlab <game> eval/arena ... --model ...`.
//
//   cd tests/e2e && node bench/learn_timing.mjs [games=3000] [limit_s=3600] [query] [budget_s=300]
// e.g. node bench/learn_timing.mjs 1600 3600 '?game=learn&learn=gomoku&size=6&win=4&seed=2' 600
// On a busy machine it stops after limit_s seconds with the games reached (reached: false).
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { appState, openApp, OUT_DIR, startBrowser } from '../browser.mjs';

const games = Number(process.argv[2] || 3000);
const limitSeconds = Number(process.argv[3] || 3600);
const SETTINGS = process.argv[4] || '?game=learn&level=beginner&width=16&depth=4&lr=0.002&explore=0.05&rewards=seed-000&seed=1';
const budgetSeconds = Number(process.argv[5] || 300);
const POLL_MS = 1000;

const env = await startBrowser();
try {
  const app = await openApp(env.browser, env.site.url + SETTINGS);
  const initial = await appState(app.page);
  if (initial.trainer !== 'worker') throw new Error(`training runs in "${initial.trainer}", not in the worker`);
  const loads = [loadavg()[0]];
  await app.page.evaluate(() => window.gridlab.act({ train: 'start' }));
  const start = Date.now();
  let state = initial;
  while (state.episodes < games && Date.now() - start < limitSeconds * 1000) {
    await app.page.waitForTimeout(POLL_MS);
    state = await appState(app.page);
    if (loads.length * 15000 < Date.now() - start) loads.push(loadavg()[0]);
  }
  const seconds = (Date.now() - start) / 1000;
  const reached = state.episodes;  // at the last poll, within POLL_MS of `seconds`
  await app.page.evaluate(() => window.gridlab.act({ train: 'pause' }));
  await app.page.waitForFunction(() => !window.gridlabAi.stats().training, null, { timeout: 60000 });
  await app.page.waitForTimeout(500);  // the final model reaches the page
  state = await appState(app.page);
  const [download] = await Promise.all([
    app.page.waitForEvent('download'),
    app.page.evaluate(() => window.gridlab.act({ download: true })),
  ]);
  const model = resolve(OUT_DIR, 'learn-timing.glnn');
  await download.saveAs(model);
  const load = { min: Math.min(...loads), max: Math.max(...loads), samples: loads.map((l) => Math.round(l * 10) / 10) };
  console.log(JSON.stringify({
    settings: SETTINGS, games, reached, seconds, elapsed_s: state.elapsed_s, budget_s: budgetSeconds,
    within_budget: reached >= games && seconds <= budgetSeconds,
    games_per_second: Math.round((reached / seconds) * 100) / 100, paused_at: { episodes: state.episodes, steps: state.steps },
    weight_hash: state.weight_hash, trainer: initial.trainer, load_average_1min: load, model, errors: app.errors,
  }));
  await app.close();
} finally {
  await env.close();
}
