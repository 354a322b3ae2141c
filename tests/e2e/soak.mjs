// A long soak of the web app (issue 23): the AIs play each game to its end, game after game, with a
// reload every minute, for MINUTES in all (default 12). Measured: the JS heap (Chrome DevTools
// Protocol) and the wasm memory at the start and the end; checked: no console error, and after every
// reload the saved game is restored (same seed, no progress lost beyond the move in flight).
//
//   node tests/e2e/soak.mjs [MINUTES]     (after a wasm build; writes build/e2e/soak.json)
//
// Not part of `node --test` (it takes minutes); its numbers are in the README.
import { appState, openApp, recordMeasurement, reload, startBrowser } from './browser.mjs';

const minutes = Number(process.argv[2] || 12);
const games = [
  { url: '?game=minesweeper&level=expert&speed=30', start: { ai: 'play' }, progress: (s) => s.board.join('').replace(/[.F]/g, '').length },
  { url: '?game=puyo&rules=tsu&play=ai&speed=20', start: null, progress: (s) => s.pairs_placed },
  { url: '?game=gomoku&size=15&black=mcts&white=pure-mcts&ms=150&playouts=2000', start: null, progress: (s) => s.moves.length },
];

const env = await startBrowser();
const app = await openApp(env.browser, env.site.url + games[0].url);
const cdp = await app.page.context().newCDPSession(app.page);
await cdp.send('Performance.enable');

async function memory() {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const heap = metrics.find((m) => m.name === 'JSHeapUsedSize').value;
  const wasm = await app.page.evaluate(() => window.Module && window.Module.HEAPU8 ? window.Module.HEAPU8.length : null);
  return { js_heap_mb: +(heap / 2 ** 20).toFixed(1), wasm_mb: wasm === null ? null : +(wasm / 2 ** 20).toFixed(1) };
}

const finished = (state) => state.status && state.status !== 'playing';
const started = Date.now();
const start = await memory();
const log = { minutes, start, reloads: 0, games_finished: 0, restore_failures: [], samples: [] };
let next = 0;
while (Date.now() - started < minutes * 60000) {
  const game = games[next++ % games.length];
  await app.page.goto(env.site.url + game.url);
  await app.page.waitForFunction(() => window.gridlab && window.gridlab.ready, null, { timeout: 60000 });
  // A fresh game (a new seed) with the link's settings, not the one saved before.
  const params = Object.fromEntries(new URLSearchParams(game.url.slice(1)));
  await app.page.evaluate((p) => window.gridlab.newGame(p), params);
  if (game.start) await app.page.evaluate((action) => window.gridlab.act(action), game.start);
  const deadline = Date.now() + 60000;
  while (Date.now() < deadline && !finished(await appState(app.page))) await app.page.waitForTimeout(1000);
  // The reload: the game saved after its last move must come back.
  const before = await appState(app.page);
  await reload(app.page);
  const after = await appState(app.page);
  log.reloads += 1;
  if (finished(before)) log.games_finished += 1;
  if (after.game !== before.game || after.seed !== before.seed || game.progress(after) < game.progress(before) - 1)
    log.restore_failures.push({ game: before.game, before: game.progress(before), after: game.progress(after), notice: after.notice });
  log.samples.push({ minute: +((Date.now() - started) / 60000).toFixed(1), game: before.game, ...(await memory()) });
}
log.end = await memory();
log.console_errors = app.errors;
recordMeasurement('soak', log);
await app.close();
await env.close();
console.log(JSON.stringify({ minutes, reloads: log.reloads, games_finished: log.games_finished, start, end: log.end,
                             restore_failures: log.restore_failures.length, console_errors: app.errors.length }));
process.exit(log.restore_failures.length || app.errors.length ? 1 : 0);
