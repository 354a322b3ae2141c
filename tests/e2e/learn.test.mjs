// The Learn screen in a real browser: train a network, watch its curves and its live game, reload and
// find the run resumed, download the model and load it back, and play with it in Minesweeper. Training
// runs in the AI's Web Worker, or in slices of the frames with ?ai_thread=frames.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { appState, clickCell, clickControl, frames, openApp, OUT_DIR, reload, screenshot, startBrowser } from './browser.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env.close(); });

// A small board and network: the curve gets its points in seconds even in software-rendered Chromium.
const QUICK = '?game=learn&level=small&width=8&depth=2&lr=0.003&seed=3&speed=30';

const waitFor = (page, predicate, arg) => page.waitForFunction(predicate, arg, { timeout: 120000 });
const workerStats = (page) => page.evaluate(() => window.gridlabAi.stats());

test('learn: train, watch the curves and the live agent, reload resumes, download and load the model', async () => {
  const app = await openApp(env.browser, env.site.url + QUICK);
  let state = await appState(app.page);
  assert.equal(state.game, 'learn');
  assert.equal(state.training, false);
  assert.equal(state.episodes, 0);
  assert.deepEqual([state.settings.level, state.settings.width, state.settings.seed], ['small', '8', '3']);
  assert.equal(state.settings.looks, '2', 'the network looks twice by default');
  assert.equal(state.live.board.length, 6, 'the live game is on the 6x6 board');
  assert.equal(state.trainer, 'worker');

  await app.page.evaluate(() => window.gridlab.act({ train: 'start' }));
  await waitFor(app.page, () => window.gridlab.state().curve.points.length >= 2);
  const early = (await appState(app.page)).curve.points.length;
  assert.equal((await workerStats(app.page)).training, true, 'the worker trains');
  await waitFor(app.page, (points) => window.gridlab.state().curve.points.length > points + 1, early);  // the curves grow
  await waitFor(app.page, () => window.gridlab.state().live.games > 1);  // the agent played a game through
  state = await appState(app.page);
  assert.equal(state.training, true);
  assert.ok(state.steps > state.episodes, 'games take more than one move');
  assert.ok(state.curve.points.every((point) => point.length === 4 && point[1] >= 0 && point[1] <= 1));
  assert.ok(state.live.board.some((row) => /[0-8]/.test(row)), 'the live game has open cells');
  await frames(app.page, 5);
  await screenshot(app.page, 'learn-training');

  // A reload resumes from the last save (every 50 games): weights, counts and curve.
  await waitFor(app.page, () => window.gridlab.state().shared);
  const beforeReload = await appState(app.page);
  await reload(app.page);
  state = await appState(app.page);
  assert.equal(state.game, 'learn');
  assert.ok(state.episodes >= 50, 'the saved games count survives');
  assert.ok(state.curve.points.length >= 2);
  assert.equal(state.training, true, 'and training goes on');
  assert.equal(state.settings.seed, beforeReload.settings.seed);
  await waitFor(app.page, () => window.gridlabAi.stats().training);

  // Download the model, start over, load it back: the same weights.
  await app.page.evaluate(() => window.gridlab.act({ train: 'pause' }));
  await waitFor(app.page, () => !window.gridlabAi.stats().training);  // the final model came back
  await frames(app.page, 2);
  const paused = await appState(app.page);
  assert.equal(paused.training, false);
  const [download] = await Promise.all([
    app.page.waitForEvent('download'),
    app.page.evaluate(() => window.gridlab.act({ download: true })),
  ]);
  const file = resolve(OUT_DIR, 'learned-minesweeper.glnn');
  await download.saveAs(file);
  assert.equal(readFileSync(file).subarray(0, 4).toString(), 'GLNN');
  await app.page.evaluate(() => window.gridlab.act({ train: 'reset' }));
  assert.equal((await appState(app.page)).episodes, 0);
  await app.page.setInputFiles('#model-file', file);
  await waitFor(app.page, (hash) => window.gridlab.state().weight_hash === hash, paused.weight_hash);
  state = await appState(app.page);
  assert.equal(state.episodes, paused.episodes);
  assert.equal(state.curve.points.length, paused.curve.points.length);

  // A file that is not a model, dropped on the page: a notice, and nothing changes.
  await app.page.evaluate(() => {
    const files = new DataTransfer();
    files.items.add(new File(['not a model'], 'notes.txt', { type: 'text/plain' }));
    window.dispatchEvent(new DragEvent('drop', { dataTransfer: files, bubbles: true, cancelable: true }));
  });
  await waitFor(app.page, () => window.gridlab.state().notice !== null);
  state = await appState(app.page);
  assert.match(state.notice, /could not be loaded/);
  assert.equal(state.weight_hash, paused.weight_hash);

  // Further on: the screenshot in the README.
  await app.page.evaluate(() => window.gridlab.act({ train: 'start' }));
  await waitFor(app.page, (games) => window.gridlab.state().episodes >= games, paused.episodes + 300);
  await app.page.evaluate(() => window.gridlab.act({ speed: 2 }));  // the live game mid-way, with both views
  await waitFor(app.page, () => { const live = window.gridlab.state().live; return live.moves >= 2 && live.error !== null; });
  await screenshot(app.page, 'learn-mid-training');
  await app.page.evaluate(() => window.gridlab.act({ speed: 30 }));

  // Play with it: the learned agent is the Minesweeper screen's helper; training goes on meanwhile.
  await app.page.evaluate(() => window.gridlab.newGame({ game: 'minesweeper', ai: 'learned', level: 'custom', rows: 6, cols: 6, mines: 5, seed: 11, show: 'probability' }));
  state = await appState(app.page);
  assert.equal(state.ai.solver, 'learned');
  await clickCell(app.page, 0, 0);
  await app.page.evaluate(() => window.gridlab.act({ ai: 'hint' }));
  await waitFor(app.page, () => window.gridlab.state().ai.hint !== null);
  const moves = (await appState(app.page)).moves;
  await app.page.evaluate(() => window.gridlab.act({ ai: 'move' }));
  assert.equal((await appState(app.page)).moves, moves + 1, 'the learned agent made a move');
  await frames(app.page, 3);
  await screenshot(app.page, 'minesweeper-learned-overlay');  // the overlay says the network estimates it
  // Another game's searches (and leaving a screen) do not stop the training in the worker.
  await app.page.evaluate(() => window.gridlab.newGame({ game: 'minesweeper', ai: 'probability', level: 'beginner', seed: 5 }));
  await clickCell(app.page, 4, 4);
  await app.page.evaluate(() => window.gridlab.act({ ai: 'hint' }));
  await waitFor(app.page, () => window.gridlab.state().ai.hint !== null);
  assert.equal((await workerStats(app.page)).training, true, 'a game search runs beside the training');
  await frames(app.page, 5);
  await screenshot(app.page, 'minesweeper-learned');
  await app.page.waitForTimeout(8000);  // training in the background reaches another save
  await app.page.goto(env.site.url + '?game=learn');
  await waitFor(app.page, () => window.gridlab && window.gridlab.ready);
  state = await appState(app.page);
  assert.ok(state.episodes > paused.episodes, 'training went on while Minesweeper was on screen');

  // A phone held upright: boards on top, the panel with the curves below.
  await app.page.setViewportSize({ width: 420, height: 860 });
  await frames(app.page, 10);
  await screenshot(app.page, 'learn-portrait');
  assert.deepEqual(app.errors, []);
  await app.close();
});

test('learn: with ?ai_thread=frames training runs in slices of the frames, and the page stays responsive', async () => {
  const app = await openApp(env.browser, env.site.url + QUICK + '&ai_thread=frames');
  assert.equal((await appState(app.page)).trainer, 'frames');
  await app.page.evaluate(() => window.gridlab.act({ train: 'start' }));
  await waitFor(app.page, () => window.gridlab.state().curve.points.length >= 3);
  const state = await appState(app.page);
  assert.equal(state.training, true);
  assert.ok(state.steps > state.episodes);
  const counts = await workerStats(app.page);
  assert.equal(counts.trainings, 0, 'nothing went to a worker');
  await app.page.evaluate(() => window.gridlab.act({ train: 'pause' }));
  await frames(app.page, 2);
  const paused = await appState(app.page);
  assert.equal(paused.training, false);
  await frames(app.page, 5);
  assert.equal((await appState(app.page)).episodes, paused.episodes, 'paused means paused');
  assert.deepEqual(app.errors, []);
  await app.close();
});

test('learn: looks=1 in the address trains the one-look network, and Reset keeps it', async () => {
  const app = await openApp(env.browser, env.site.url + QUICK + '&looks=1');
  assert.equal((await appState(app.page)).settings.looks, '1');
  await app.page.evaluate(() => window.gridlab.act({ train: 'start' }));
  await waitFor(app.page, () => window.gridlab.state().episodes >= 30);
  await app.page.evaluate(() => window.gridlab.act({ train: 'reset' }));
  const state = await appState(app.page);
  assert.equal(state.episodes, 0);
  assert.equal(state.settings.looks, '1');
  assert.deepEqual(app.errors, []);
  await app.close();
});

test('learn: the Look twice box and Reset start a one-look run, and back', async () => {
  const app = await openApp(env.browser, env.site.url + QUICK);
  const twice = await appState(app.page);
  assert.equal(twice.settings.looks, '2');
  await clickControl(app.page, 'looks');
  await screenshot(app.page, 'learn-look-once');  // the box cleared, and the panel asks for Reset
  await app.page.evaluate(() => window.gridlab.act({ train: 'reset' }));
  let state = await appState(app.page);
  assert.equal(state.settings.looks, '1');
  assert.notEqual(state.weight_hash, twice.weight_hash, 'the first layer reads 11 planes, not 12');
  await clickControl(app.page, 'looks');
  await app.page.evaluate(() => window.gridlab.act({ train: 'reset' }));
  state = await appState(app.page);
  assert.equal(state.settings.looks, '2');
  assert.equal(state.weight_hash, twice.weight_hash, 'the same seed, the same network as before');
  assert.deepEqual(app.errors, []);
  await app.close();
});

test('learn: ai=learned without a trained network gives a notice and the usual solver', async () => {
  const app = await openApp(env.browser, env.site.url + '?game=minesweeper&ai=learned');
  const state = await appState(app.page);
  assert.equal(state.ai.solver, 'probability');
  assert.match(state.notice, /no learned agent yet/);
  assert.deepEqual(app.errors, []);
  await app.close();
});

test('learn: the start screen has a card for it', async () => {
  const app = await openApp(env.browser, env.site.url);
  assert.deepEqual((await appState(app.page)).games, ['minesweeper', 'puyo', 'gomoku', 'learn', 'code']);
  const card = (await appState(app.page)).cards.find((c) => c.game === 'learn');
  await app.page.mouse.click(card.x + card.w / 2, card.y + 30);  // the Learn card, wherever the cards lie
  await frames(app.page);
  assert.equal((await appState(app.page)).game, 'learn');
  assert.deepEqual(app.errors, []);
  await app.close();
});

test('a big file dropped by mistake is refused without growing the app\'s memory by its size', async () => {
  const app = await openApp(env.browser, env.site.url + QUICK);
  const memory = () => app.page.evaluate(() => window.Module.HEAPU8.length);
  const before = await memory();
  await app.page.evaluate(() => {
    const files = new DataTransfer();
    files.items.add(new File([new Uint8Array(96 * 1024 * 1024)], 'lesson-video.mp4', { type: 'video/mp4' }));
    window.dispatchEvent(new DragEvent('drop', { dataTransfer: files, bubbles: true, cancelable: true }));
  });
  await waitFor(app.page, () => window.gridlab.state().notice !== null);
  assert.match((await appState(app.page)).notice, /could not be loaded/);
  const grown = (await memory()) - before;
  assert.ok(grown <= 20 * 1024 * 1024, `the app's memory grew by ${Math.round(grown / 2 ** 20)} MB for a 96 MB file`);
  assert.deepEqual(app.errors, []);
  await app.close();
});
