// The Learn screen's Puyo and Gomoku lessons in a real browser: train in the worker, watch the curves
// and the live game with what the network thinks (each placement's value; the policy and value of
// AlphaZero), keep each game's run while another trains, reload and find both, and play against the
// trained network on the game's own screen.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { appState, clickCell, clickControl, frames, openApp, reload, screenshot, startBrowser } from './browser.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env.close(); });

// Small runs, so that curves get their points in seconds even in software-rendered Chromium.
const PUYO = '?game=learn&learn=puyo&rules=tsu&inputs=features&pairs=30&width=16&seed=4&speed=30';
const GOMOKU = '?game=learn&learn=gomoku&size=6&win=4&channels=8&layers=2&playouts=30&seed=5&speed=30';

const waitFor = (page, predicate, arg) => page.waitForFunction(predicate, arg, { timeout: 180000 });

test('learn puyo: train, watch the curves and the live agent with its placement values', async () => {
  const app = await openApp(env.browser, env.site.url + PUYO);
  let state = await appState(app.page);
  assert.equal(state.learning, 'puyo');
  assert.equal(state.episodes, 0);
  assert.deepEqual([state.settings.rules, state.settings.inputs, state.settings.pairs], ['tsu', 'features', '30']);
  assert.equal(state.live.values.length, 22, 'a value for each of the 22 placements');
  assert.equal(state.live.field.length, 13, 'the Tsu field with its hidden row');

  await app.page.evaluate(() => window.gridlab.act({ train: 'start' }));
  await waitFor(app.page, () => window.gridlab.state().curve.points.length >= 3);
  await waitFor(app.page, () => window.gridlab.state().live.games > 1);  // the agent played a game through
  state = await appState(app.page);
  assert.equal(state.training, true);
  assert.equal(state.trainer, 'worker');
  assert.ok(state.steps > state.episodes && state.steps <= 30 * (state.episodes + 1), 'a game is at most 30 pairs');
  assert.ok(state.curve.points.every((point) => point.length === 4 && point[1] >= 0 && point[2] >= 0));
  assert.ok(state.live.values.some((value) => value !== null));
  await app.page.evaluate(() => window.gridlab.act({ speed: 3 }));
  await frames(app.page, 5);
  await screenshot(app.page, 'learn-puyo');

  // Play with it: the Puyo screen, the learned agent playing, with the values of its placements.
  await waitFor(app.page, () => window.gridlab.state().shared);
  await clickControl(app.page, 'play_with_it');
  state = await appState(app.page);
  assert.equal(state.game, 'puyo');
  assert.equal(state.ai.name, 'learned');
  assert.equal(state.pairs, 30, 'the game of its training: 30 pairs');
  assert.equal(state.ai.candidates.length > 0, true);
  assert.ok(state.ai.rival.score >= 0, 'its own game on these pairs is the score to beat');
  await frames(app.page, 10);
  await screenshot(app.page, 'puyo-learned');
  assert.deepEqual(app.errors, []);
  await app.close();
});

test('learn gomoku: AlphaZero self-play, its losses and its policy; Puyo\'s run kept meanwhile; reload keeps both', async () => {
  const app = await openApp(env.browser, env.site.url + PUYO);
  await app.page.evaluate(() => window.gridlab.act({ train: 'start' }));
  // The page saves a run every 50 games (or 20 s): at 110 games the save holds more than 60.
  await waitFor(app.page, () => window.gridlab.state().episodes >= 110);

  // Another game's lesson: Puyo's run stays, paused once Gomoku trains.
  await app.page.goto(env.site.url + GOMOKU);
  await waitFor(app.page, () => window.gridlab && window.gridlab.ready);
  let state = await appState(app.page);
  assert.equal(state.learning, 'gomoku');
  assert.equal(state.training_game, 'puyo', 'Puyo goes on training while Gomoku is shown');
  assert.equal(state.live.policy.length, 36);
  assert.ok(Math.abs(state.live.policy.reduce((a, b) => a + b, 0) - 1) < 0.02, 'the policy sums to 1');
  await app.page.evaluate(() => window.gridlab.act({ train: 'start' }));
  await waitFor(app.page, () => window.gridlab.state().curve.points.losses.length >= 2);
  state = await appState(app.page);
  assert.equal(state.training, true);
  assert.equal(state.training_game, 'gomoku');
  assert.ok(state.curve.points.losses.every((point) => point.length === 4 && point[1] > 0 && point[2] >= 0));
  await waitFor(app.page, () => window.gridlab.state().live.moves.length >= 3);
  state = await appState(app.page);
  assert.equal(typeof state.live.value, state.live.status === 'playing' ? 'number' : 'object');
  await app.page.evaluate(() => window.gridlab.act({ speed: 2 }));
  await frames(app.page, 5);
  await screenshot(app.page, 'learn-gomoku');

  // A reload: Gomoku trains on, and Puyo's run is there when its lesson is chosen again.
  await waitFor(app.page, () => window.gridlab.state().shared);
  const gomokuGames = (await appState(app.page)).episodes;
  await reload(app.page);
  state = await appState(app.page);
  assert.equal(state.learning, 'gomoku');
  // The page saved the run as it went away (not only at its checkpoints, every 50 games or 20 s).
  assert.ok(state.episodes >= gomokuGames, `${state.episodes} games after the reload, ${gomokuGames} before`);
  assert.equal(state.training, true, 'and training goes on');
  await app.page.goto(env.site.url + '?game=learn&learn=puyo');
  await waitFor(app.page, () => window.gridlab && window.gridlab.ready);
  state = await appState(app.page);
  assert.equal(state.learning, 'puyo');
  assert.ok(state.episodes >= 60, `Puyo's run survived the reload: ${state.episodes} games`);

  // Play against the Gomoku network: the student is black, az answers.
  await app.page.goto(env.site.url + '?game=learn&learn=gomoku');
  await waitFor(app.page, () => window.gridlab && window.gridlab.ready);
  await frames(app.page, 3);
  await clickControl(app.page, 'play_with_it');
  state = await appState(app.page);
  assert.equal(state.game, 'gomoku');
  assert.deepEqual([state.size, state.players.black, state.players.white], [6, 'human', 'az']);
  await clickCell(app.page, 2, 2);
  await waitFor(app.page, () => window.gridlab.state().moves.length === 2);
  state = await appState(app.page);
  assert.equal(state.board[2][2], 'X', 'the student\'s stone where they clicked');
  await frames(app.page, 5);
  await screenshot(app.page, 'gomoku-az');
  assert.deepEqual(app.errors, []);
  await app.close();
});
