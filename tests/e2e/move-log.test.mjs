// The move log (issue 20): every AI move of the three games comes with its reason, kept in the panel
// and in a log that state().log gives as ids and numbers; a finished Gomoku game is stepped through
// with the ◀ ▶ buttons, the Left and Right keys and act({review}); a reload keeps the log of a game
// in progress (a finished game is not brought back over a link that names a game).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { appState, clickControl, frames, LANGUAGES, openApp, OUT_DIR, reload, screenshot, startBrowser } from './browser.mjs';

const CLI = resolve(dirname(fileURLToPath(import.meta.url)), '../../build/native/gridlab');

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env.close(); });

const untranslated = (page) => page.evaluate(() => window.gridlab.untranslated());
const refusal = (page, action) => page.evaluate((a) => { try { window.gridlab.act(a); return null; } catch (e) { return e.message; } }, action);

// Gomoku's reasons are ids with their numbers: shares and chances in 0..1.
function checkGomokuReason(entry) {
  const { reason } = entry;
  assert.ok(reason, `an AI move has a reason: ${JSON.stringify(entry)}`);
  if (reason.id === 'won_share') {
    assert.ok(reason.win >= 0 && reason.win <= 1 && reason.games > 0, JSON.stringify(reason));
  } else {
    assert.ok(['forced_win', 'must_block'].includes(reason.id), JSON.stringify(reason));
    assert.match(reason.line, /^[a-g][1-7]( [a-g][1-7])*$/);
  }
}

for (const language of ['en', 'ja']) {
  test(`gomoku (${language}): an AI game's log with its reasons, stepped through once it is over`, async () => {
    const app = await openApp(env.browser, env.site.url +
      `?lang=${language}&game=gomoku&size=7&win=4&black=pure-mcts&white=pure-mcts&playouts=300&seed=5`);
    await app.page.waitForFunction(() => window.gridlab.state().status !== 'playing', null, { timeout: 120000 });
    await frames(app.page, 3);
    let state = await appState(app.page);
    const moves = state.moves.length;
    assert.equal(state.log.length, moves, 'an entry per move');
    state.log.forEach((entry, i) => {
      assert.equal(entry.move, state.moves[i]);
      assert.equal(entry.by, 'pure-mcts');
      checkGomokuReason(entry);
    });
    assert.equal(state.review, null);
    assert.equal(await refusal(app.page, { review: moves + 1 }), `act: review: ${moves + 1} is outside 0..${moves}`);
    await screenshot(app.page, `move-log-gomoku-over-${language}`);

    await clickControl(app.page, 'review_back');
    await clickControl(app.page, 'review_back');
    state = await appState(app.page);
    assert.deepEqual(state.review, { move: moves - 2 });
    await app.page.keyboard.press('ArrowLeft');
    await frames(app.page, 3);
    assert.deepEqual((await appState(app.page)).review, { move: moves - 3 });
    await app.page.keyboard.press('ArrowRight');
    await clickControl(app.page, 'review_forward');
    assert.deepEqual((await appState(app.page)).review, { move: moves - 1 });
    await app.page.evaluate(() => window.gridlab.act({ review: 3 }));
    await frames(app.page, 3);
    assert.deepEqual((await appState(app.page)).review, { move: 3 });
    await screenshot(app.page, `move-log-gomoku-review-${language}`);
    assert.deepEqual(await untranslated(app.page), []);
    assert.deepEqual(app.errors, []);
    await app.close();
  });
}

test('gomoku: review is refused during a game', async () => {
  const app = await openApp(env.browser, env.site.url + '?game=gomoku&size=9&black=human&white=mcts&seed=3');
  assert.equal(await refusal(app.page, { review: 0 }), 'act: review: only a finished game can be stepped through');
  assert.equal((await appState(app.page)).review, null);
  await app.close();
});

test('minesweeper: the solver\'s moves say why their cells are safe; the finished game is stepped through', async () => {
  const app = await openApp(env.browser, env.site.url + '?game=minesweeper&level=beginner&seed=42&ai=probability&speed=30');
  for (let i = 1; i <= 3; ++i) {
    await app.page.evaluate(() => window.gridlab.act({ ai: 'move' }));
    await app.page.waitForFunction((n) => window.gridlab.state().moves === n, i, { timeout: 60000 });
  }
  const begun = await appState(app.page);
  assert.equal(begun.status, 'playing');
  assert.deepEqual(begun.log[0], { move: begun.log[0].move, by: 'probability', reason: { id: 'first_click' } });
  await reload(app.page);
  assert.deepEqual((await appState(app.page)).log, begun.log, 'the save keeps the log');
  await app.page.evaluate(() => window.gridlab.act({ ai: 'play' }));
  await app.page.waitForFunction(() => window.gridlab.state().status !== 'playing', null, { timeout: 60000 });
  await frames(app.page, 3);
  const state = await appState(app.page);
  assert.equal(state.log.length, state.moves);
  assert.deepEqual(state.log.slice(0, 3), begun.log);
  for (const entry of state.log) {
    assert.equal(entry.by, 'probability');
    assert.match(entry.move, /^\(\d,\d\)$/);
    assert.ok(['first_click', 'certainly_safe', 'best_guess', 'look_ahead_guess', 'exact_win', 'unsettled_guess'].includes(entry.reason.id), JSON.stringify(entry));
    const { id, safe, safest, win } = entry.reason;
    if (id === 'best_guess') assert.ok(safe > 0.5 && safe < 1, JSON.stringify(entry));
    if (id === 'look_ahead_guess') assert.ok(safe > 0 && safe < safest && safest < 1, JSON.stringify(entry));
    if (id === 'exact_win') assert.ok(win > 0 && win <= safe && safe < 1, JSON.stringify(entry));  // it must survive this guess to win
    if (id === 'unsettled_guess') assert.ok(safe >= 0.5 && safe < 1, JSON.stringify(entry));  // a mine in at most half the layouts
  }
  await screenshot(app.page, 'move-log-minesweeper');
  await clickControl(app.page, 'review_back');
  await app.page.keyboard.press('ArrowLeft');
  await frames(app.page, 3);
  assert.deepEqual((await appState(app.page)).review, { move: state.moves - 2 });
  await screenshot(app.page, 'move-log-minesweeper-review');
  assert.deepEqual(app.errors, []);
  await app.close();
});

// A reason is worded when it is drawn, in the language of the moment: each game below is played once,
// then its reason shown in every language by switching as the menu does (a reason kept as text would
// stay English and fail the untranslated check or show in the screenshots).
async function inEveryLanguage(page, name) {
  for (const language of LANGUAGES) {
    assert.equal(await page.evaluate((code) => window.gridlab.loadLanguage(code), language), '');
    await frames(page, 3);
    await screenshot(page, `${name}-${language}`);
    assert.deepEqual(await untranslated(page), [], language);
  }
}

// Near the end the endgame searches every layout left and says how often its guess wins from there.
test('minesweeper: the endgame\'s guess says its chance to win, in every language', async () => {
  const app = await openApp(env.browser, env.site.url + '?game=minesweeper&level=intermediate&seed=3&ai=probability&speed=30');
  await app.page.evaluate(() => window.gridlab.act({ ai: 'play' }));
  await app.page.waitForFunction(() => window.gridlab.state().status !== 'playing', null, { timeout: 120000 });
  const state = await appState(app.page);
  assert.equal(state.status, 'won');
  // The same game as the screens' test: (11,16), 5 in 6 safe, wins 13 in 18 of the layouts left.
  assert.equal(state.log[57].move, '(11,16)');
  assert.equal(state.log[57].reason.id, 'exact_win');
  assert.ok(Math.abs(state.log[57].reason.win - 13 / 18) < 1e-9, JSON.stringify(state.log[57]));
  await app.page.evaluate(() => window.gridlab.act({ review: 58 }));
  await inEveryLanguage(app.page, 'move-log-minesweeper-endgame');
  assert.deepEqual(app.errors, []);
  await app.close();
});

test('minesweeper: a less safe guess says what it is for, in every language', async () => {
  const app = await openApp(env.browser, env.site.url + '?game=minesweeper&level=expert&seed=6&ai=probability');
  for (let i = 1; i <= 7; ++i) {
    await app.page.evaluate(() => window.gridlab.act({ ai: 'move' }));
    await app.page.waitForFunction((n) => window.gridlab.state().moves === n, i, { timeout: 60000 });
  }
  // The same game as the screens' test: (4,30), 73% safe, over a cell 80% safe.
  const { move, reason } = (await appState(app.page)).log[6];
  assert.equal(move, '(4,30)');
  assert.equal(reason.id, 'look_ahead_guess');
  assert.ok(Math.abs(reason.safe - 0.7320463320463322) < 1e-9 && Math.abs(reason.safest - 0.7956637956637957) < 1e-9, JSON.stringify(reason));
  await inEveryLanguage(app.page, 'move-log-minesweeper-look-ahead');
  assert.deepEqual(app.errors, []);
  await app.close();
});

test('minesweeper: a risk no number can remove is taken, and says so, in every language', async () => {
  const app = await openApp(env.browser, env.site.url + '?game=minesweeper&level=expert&seed=12&ai=probability&speed=30');
  await app.page.evaluate(() => window.gridlab.act({ ai: 'play' }));
  await app.page.waitForFunction(() => window.gridlab.state().status !== 'playing', null, { timeout: 120000 });
  const state = await appState(app.page);
  // The same game as the screens' test: (15,17), 2 in 3 safe, makes a 50/50 no number settles whenever
  // it is a mine. Here it is one: the game is lost on its only guess after the first click.
  assert.equal(state.status, 'lost');
  assert.equal(state.log.length, 162);
  const { move, reason } = state.log[161];
  assert.equal(move, '(15,17)');
  assert.equal(reason.id, 'unsettled_guess');
  assert.ok(Math.abs(reason.safe - 2 / 3) < 1e-9, JSON.stringify(reason));
  await inEveryLanguage(app.page, 'move-log-minesweeper-unsettled');
  assert.deepEqual(app.errors, []);
  await app.close();
});

test('puyo: each AI placement keeps its plan sentence in the log; the finished game is stepped through', async () => {
  const app = await openApp(env.browser, env.site.url + '?game=puyo&ai=beam&seed=3&pairs=5');
  for (let i = 1; i <= 4; ++i) {
    await app.page.evaluate(() => window.gridlab.act({ ai: 'move' }));
    await app.page.waitForFunction((n) => window.gridlab.state().pairs_placed === n, i, { timeout: 60000 });
  }
  await frames(app.page, 3);
  const state = await appState(app.page);
  assert.equal(state.log.length, 4);
  for (const entry of state.log) {
    assert.equal(entry.by, 'beam');
    assert.match(entry.move, /^[1-6][→↑←↓]$/);
    assert.ok(['fires_chain', 'builds_chain', 'keeps_low'].includes(entry.reason.id), JSON.stringify(entry));
  }
  await screenshot(app.page, 'move-log-puyo');
  await reload(app.page);
  assert.deepEqual((await appState(app.page)).log, state.log, 'the save keeps the log');
  await app.page.evaluate(() => window.gridlab.act({ ai: 'move' }));
  await app.page.waitForFunction(() => window.gridlab.state().status === 'finished', null, { timeout: 60000 });
  await frames(app.page, 3);
  await clickControl(app.page, 'review_back');
  await clickControl(app.page, 'review_back');
  assert.deepEqual((await appState(app.page)).review, { move: 3 });
  await screenshot(app.page, 'move-log-puyo-review');
  assert.deepEqual(await untranslated(app.page), []);
  assert.deepEqual(app.errors, []);
  await app.close();
});

test('puyo: under the colour-blind palette a reason names its puyo\'s mark, in every language', async () => {
  const app = await openApp(env.browser, env.site.url + '?game=puyo&ai=beam&seed=3&palette=colorblind');
  // The screens' test has the same game: its 9th placement builds a chain fired by a green puyo.
  for (let i = 1; i <= 9; ++i) {
    await app.page.evaluate(() => window.gridlab.act({ ai: 'move' }));
    await app.page.waitForFunction((n) => window.gridlab.state().pairs_placed === n, i, { timeout: 60000 });
  }
  const state = await appState(app.page);
  assert.equal(state.palette, 'colorblind');
  assert.deepEqual(state.log[8].reason, { id: 'builds_chain', chain: 4, score: 2280, puyo: 'green', column: 2 });
  await inEveryLanguage(app.page, 'move-log-puyo-colorblind');
  assert.deepEqual(app.errors, []);
  await app.close();
});

// ab (alpha-beta) says how far it looked and what it expects, while it thinks and in the log.
for (const language of LANGUAGES) {
  test(`gomoku ab (${language}): the alpha-beta AI's depth while it thinks, and its expected line in the log`, async () => {
    const app = await openApp(env.browser, env.site.url + `?lang=${language}&game=gomoku&size=9&black=ab&white=human&ms=2500&seed=3`);
    await app.page.waitForFunction(() => window.gridlab.state().moves.length === 1, null, { timeout: 30000 });
    let state = await appState(app.page);
    assert.equal(state.moves[0], 'e5', 'the empty board: the centre, at once');
    await app.page.evaluate(() => window.gridlab.act({ move: 'f6' }));
    await app.page.waitForTimeout(1200);
    await screenshot(app.page, `gomoku-ab-thinking-${language}`);
    await app.page.waitForFunction(() => window.gridlab.state().moves.length === 3, null, { timeout: 30000 });
    await frames(app.page, 3);
    state = await appState(app.page);
    const entry = state.log[2];
    assert.equal(entry.by, 'ab');
    assert.equal(entry.reason.id, 'looked_ahead', JSON.stringify(entry));
    assert.ok(entry.reason.depth >= 4, JSON.stringify(entry));
    assert.match(entry.reason.line, /^[a-i][1-9]( [a-i][1-9])*$/);
    assert.equal(entry.reason.line.split(' ')[0], entry.move);
    await screenshot(app.page, `gomoku-ab-reason-${language}`);
    assert.deepEqual(await untranslated(app.page), []);
    assert.deepEqual(app.errors, []);
    await app.close();
  });
}

// The learned agent treats cells its network scores nearly alike as alike and opens the one with the
// fewest hidden neighbours: a network trained natively (300 beginner games, seed 1) is loaded on the
// Learn screen and plays a seeded beginner game until such a guess, which is shown in every language.
test('minesweeper: the learned agent\'s guess of a cell with fewer hidden neighbours says so, in every language', async () => {
  const file = resolve(OUT_DIR, 'move-log-learned.glnn');
  const trained = JSON.parse(execFileSync(CLI, ['minesweeper', 'train', '--level', 'beginner', '--episodes', '300', '--seed', '1',
    '--out', file], { stdio: ['ignore', 'pipe', 'ignore'] }).toString());
  const app = await openApp(env.browser, env.site.url + '?game=learn&level=beginner');
  await app.page.setInputFiles('#model-file', file);
  await app.page.waitForFunction((hash) => window.gridlab.state().weight_hash === hash, trained.weight_hash, { timeout: 60000 });
  assert.equal((await appState(app.page)).training, false, 'the loaded network stays as it is');
  await app.page.evaluate(() => window.gridlab.newGame({ game: 'minesweeper', ai: 'learned', level: 'beginner', seed: 4 }));
  let log = [];
  while (!log.some((entry) => entry.reason.id === 'fewer_hidden_guess')) {
    assert.equal((await appState(app.page)).status, 'playing', 'the game ended before such a guess');
    await app.page.evaluate(() => window.gridlab.act({ ai: 'move' }));
    await app.page.waitForFunction((n) => window.gridlab.state().log.length > n, log.length, { timeout: 60000 });
    ({ log } = await appState(app.page));
  }
  // The sixth move: (2,9), 96.8% safe by the network, beside a cell it scores 97.5% safe.
  assert.equal(log.length, 6);
  const { move, reason } = log[5];
  assert.equal(move, '(2,9)');
  assert.ok(Math.abs(reason.safe - 0.968339741230011) < 1e-6 && Math.abs(reason.safest - 0.974937915802002) < 1e-6, JSON.stringify(reason));
  await inEveryLanguage(app.page, 'move-log-minesweeper-fewer-hidden');
  assert.deepEqual(app.errors, []);
  await app.close();
});
