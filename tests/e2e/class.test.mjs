// A class's first lesson (issue 20): a teacher's links that forgive a typing mistake, sharing over a
// school's plain-http hostname, the colour-blind palette and overlays kept, finished games not
// brought back over a new one; Minesweeper's final time, the keyboard's board cursor and the ARIA
// live region, a phone's panel, Puyo's game over.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { appState, clickCell, clickControl, controls, frames, openApp, reload, screenshot, startBrowser } from './browser.mjs';

const summary = (page) => page.evaluate(() => window.gridlab.summary());

const SCHOOL_HOST = 'gridlab.school.lan';  // a LAN name over http: not a secure context, no clipboard
let env;
before(async () => { env = await startBrowser(undefined, [`--host-resolver-rules=MAP ${SCHOOL_HOST} 127.0.0.1`]); });
after(async () => { await env.close(); });

test('a link keeps every good key and leaves out only the mistyped one, with a notice naming it', async () => {
  const app = await openApp(env.browser, env.site.url + '?game=minesweeper&level=expert&seed=42&show=probabilty');
  await frames(app.page);
  const state = await appState(app.page);
  assert.equal(state.level, 'expert');
  assert.equal(state.seed, 42);
  assert.equal(state.rows, 16);
  assert.match(state.notice, /^The link's show=probabilty was left out \(show: .*probabilty.*\); the rest of the link is used\.$/);
  await screenshot(app.page, 'class-link-left-out');
  assert.deepEqual(app.errors, []);
  await app.close();
});

test('two bad keys are both named; keys and values are read whatever their case', async () => {
  const app = await openApp(env.browser, env.site.url + '?Game=Gomoku&SIZE=9&White=Human&rule=omok&ms=5&seed=7');
  const state = await appState(app.page);
  assert.equal(state.game, 'gomoku');
  assert.equal(state.size, 9);
  assert.equal(state.seed, 7);
  assert.deepEqual(state.players, { black: 'human', white: 'human' });
  assert.equal(state.notice, "The link's rule=omok, ms=5 were left out; the rest of the link is used.");
  assert.deepEqual(app.errors, []);
  await app.close();
});

test('over plain http on a school hostname, "Share link" says it could not copy and shows the link to select', async () => {
  const url = env.site.url.replace('127.0.0.1', SCHOOL_HOST) + '?game=gomoku&size=9&seed=5';
  const app = await openApp(env.browser, url);
  assert.equal(await app.page.evaluate(() => window.isSecureContext), false);
  await clickControl(app.page, 'share');
  const state = await appState(app.page);
  assert.match(state.notice, /cannot copy/);
  const box = await app.page.evaluate(() => {
    const field = document.querySelector('#share input');
    return { shown: !document.getElementById('share').hidden, link: field.value, focused: document.activeElement === field,
             selected: field.value.slice(field.selectionStart, field.selectionEnd) };
  });
  assert.equal(box.shown, true);
  assert.match(box.link, /^http:\/\/gridlab\.school\.lan:\d+\/\?game=gomoku&.*seed=5.*size=9/);
  assert.equal(box.focused, true);
  assert.equal(box.selected, box.link, 'the whole link is selected, ready to copy');
  await screenshot(app.page, 'class-share-plain-http');
  await app.page.click('#share button');
  assert.equal(await app.page.evaluate(() => document.getElementById('share').hidden), true);
  await app.close();
});

test('on localhost "Share link" copies the link, with the colour-blind palette in it; the palette is remembered', async () => {
  const app = await openApp(env.browser, env.site.url + '?game=gomoku&size=9&seed=5');
  await app.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.site.url.slice(0, -1) });
  assert.equal((await appState(app.page)).palette, 'standard');
  await clickControl(app.page, 'palette');
  assert.equal((await appState(app.page)).palette, 'colorblind');
  await clickControl(app.page, 'share');
  const state = await appState(app.page);
  assert.match(state.notice, /^Link copied: http:\/\/127\.0\.0\.1:\d+\/\?game=gomoku&.*&palette=colorblind$/);
  const copied = await app.page.evaluate(() => navigator.clipboard.readText());
  assert.equal(state.notice, 'Link copied: ' + copied);
  assert.equal(await app.page.evaluate(() => document.getElementById('share')), null, 'no box when it copied');
  await reload(app.page);
  assert.equal((await appState(app.page)).palette, 'colorblind', 'remembered over a reload');
  await screenshot(app.page, 'class-colorblind-remembered');
  await app.close();
  // A link's palette wins over the one remembered, in a fresh browser too.
  const student = await openApp(env.browser, copied);
  assert.equal((await appState(student.page)).palette, 'colorblind');
  await student.close();
});

test('Minesweeper overlays are in the share link and kept by "New game"', async () => {
  const app = await openApp(env.browser, env.site.url + '?game=minesweeper&seed=3');
  await app.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.site.url.slice(0, -1) });
  await clickControl(app.page, 'show_probability');
  await clickCell(app.page, 4, 4);
  await clickControl(app.page, 'palette');
  await app.page.waitForTimeout(1000);  // the probabilities come from the AI worker
  await frames(app.page);
  await screenshot(app.page, 'class-minesweeper-colorblind-probability');
  await clickControl(app.page, 'share');
  assert.match((await appState(app.page)).notice, /[?&]show=probability,sentences(&|$)/);
  await clickControl(app.page, 'new_game');
  const state = await appState(app.page);
  assert.notEqual(state.seed, 3);
  await clickControl(app.page, 'share');
  assert.match((await appState(app.page)).notice, /[?&]show=probability,sentences(&|$)/, 'still on after "New game"');
  await app.close();
});

test('a finished game is not restored over a link; the card offers it or a new game', async () => {
  const link = env.site.url + '?game=gomoku&size=5&win=3&black=human&white=human&seed=9';
  const app = await openApp(env.browser, link);
  for (const move of [[0, 0], [1, 0], [0, 1], [1, 1], [0, 2]]) await app.page.evaluate((m) => window.gridlab.act({ move: m }), move);
  await frames(app.page);
  assert.equal((await appState(app.page)).status, 'black wins');
  await app.page.goto(link);
  await app.page.waitForFunction(() => window.gridlab && window.gridlab.ready);
  let state = await appState(app.page);
  assert.equal(state.status, 'playing', 'the link starts a new game, not the finished one');
  assert.deepEqual(state.moves, []);
  // Finish it again, then go to the cards.
  for (const move of [[0, 0], [1, 0], [0, 1], [1, 1], [0, 2]]) await app.page.evaluate((m) => window.gridlab.act({ move: m }), move);
  await app.page.goto(env.site.url);
  await app.page.waitForFunction(() => window.gridlab && window.gridlab.ready);
  await frames(app.page);
  const card = (await appState(app.page)).cards.find((c) => c.game === 'gomoku');
  assert.equal(card.saved, 'finished');
  await screenshot(app.page, 'class-card-finished');
  await app.page.mouse.click(card.x + card.w / 2, card.y + 30);  // the card itself: a new game
  await frames(app.page);
  state = await appState(app.page);
  assert.equal(state.status, 'playing');
  assert.deepEqual(state.moves, []);
  assert.equal(state.size, 15, 'a new game with the usual settings');
  await app.page.mouse.click(50, 24);  // "< Games": the new game in progress is saved now
  await frames(app.page);
  const playing = (await appState(app.page)).cards.find((c) => c.game === 'gomoku');
  assert.equal(playing.saved, 'playing');
  await app.close();

  // The card's button brings the finished game back on request.
  const again = await openApp(env.browser, link);
  for (const move of [[0, 0], [1, 0], [0, 1], [1, 1], [0, 2]]) await again.page.evaluate((m) => window.gridlab.act({ move: m }), move);
  await again.page.mouse.click(50, 24);
  await frames(again.page);
  const finished = (await appState(again.page)).cards.find((c) => c.game === 'gomoku');
  assert.equal(finished.saved, 'finished');
  const other = (await controls(again.page))['card_choice:gomoku'];
  await again.page.mouse.click(other.x + other.w / 2, other.y + other.h / 2);
  await frames(again.page);
  state = await appState(again.page);
  assert.equal(state.status, 'black wins');
  assert.equal(state.moves.length, 5);
  assert.deepEqual(again.errors, []);
  await again.close();
});

test('Minesweeper: the final time stays, and a win by "AI plays" says the AI won', async () => {
  const app = await openApp(env.browser, env.site.url + '?game=minesweeper&level=custom&rows=3&cols=3&mines=0&seed=1');
  await clickCell(app.page, 1, 1);
  let state = await appState(app.page);
  assert.equal(state.status, 'won');
  assert.equal(state.last_move_by, 'player');
  assert.match(await summary(app.page), /^Minesweeper: You win in \d+ s\.$/);
  await app.page.evaluate(() => window.gridlab.newGame({ game: 'minesweeper', level: 'custom', rows: 9, cols: 9, mines: 1, first: 'zero', seed: 3 }));
  await app.page.evaluate(() => window.gridlab.act({ ai: 'play' }));
  await app.page.waitForFunction(() => window.gridlab.state().status !== 'playing', null, { timeout: 30000 });
  state = await appState(app.page);
  assert.equal(state.status, 'won');
  assert.equal(state.last_move_by, 'ai');
  assert.match(await summary(app.page), /^Minesweeper: The AI wins in \d+ s\.$/);
  await frames(app.page);
  await screenshot(app.page, 'class-minesweeper-ai-won');
  assert.deepEqual(app.errors, []);
  await app.close();
});

test('keyboard: arrows move a visible board cursor, Enter plays there, F flags; the live region says so', async () => {
  const app = await openApp(env.browser, env.site.url + '?game=gomoku&size=9&black=human&white=human&seed=1');
  await app.page.keyboard.press('ArrowRight');  // shows the cursor at the centre
  await app.page.keyboard.press('ArrowRight');
  await app.page.keyboard.press('Enter');
  await frames(app.page);
  let state = await appState(app.page);
  assert.deepEqual(state.cursor, { row: 4, col: 5, shown: true });
  assert.deepEqual(state.moves, ['f5']);
  assert.equal(state.move_list, '1. f5');
  await app.page.waitForFunction(() => /Last move: f5\. Cursor: f5, black stone\.$/.test(document.getElementById('live').textContent));
  assert.equal(await app.page.evaluate(() => document.getElementById('live').getAttribute('aria-live')), 'polite');
  await screenshot(app.page, 'class-gomoku-keyboard');

  await app.page.evaluate(() => window.gridlab.newGame({ game: 'minesweeper', level: 'beginner', first: 'zero', seed: 8 }));
  await frames(app.page);
  await app.page.keyboard.press('ArrowDown');  // shows it at the top left
  await app.page.keyboard.press('Enter');
  await frames(app.page);
  state = await appState(app.page);
  assert.equal(state.board[0][0], '0', 'the first click opens an area');
  const hidden = state.board.flatMap((line, row) => [...line].map((c, col) => [c, row, col])).find(([c]) => c === '.');
  for (let i = 0; i < hidden[1]; ++i) await app.page.keyboard.press('ArrowDown');
  for (let i = 0; i < hidden[2]; ++i) await app.page.keyboard.press('ArrowRight');
  await app.page.keyboard.press('f');
  await frames(app.page);
  state = await appState(app.page);
  assert.equal(state.board[hidden[1]][hidden[2]], 'F');
  await app.page.waitForFunction(() => /: flagged\.$/.test(document.getElementById('live').textContent));
  await screenshot(app.page, 'class-minesweeper-keyboard');
  assert.deepEqual(app.errors, []);
  await app.close();
});

test('a phone (375x667, touch): the main actions show, a finger drag scrolls the panel, each game starts at the top', async () => {
  const phone = { viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
  const app = await openApp(env.browser, env.site.url + '?game=puyo&seed=4', phone);
  const onScreen = ({ x, y, w, h }) => x >= 0 && y >= 0 && x + w <= 375 && y + h <= 667;
  assert.ok(onScreen((await controls(app.page)).drop), 'Puyo: Drop');
  await screenshot(app.page, 'class-phone-puyo');
  await app.page.evaluate(() => window.gridlab.newGame({ game: 'minesweeper', seed: 4 }));
  await frames(app.page);
  const before = (await controls(app.page)).hint;
  assert.ok(onScreen(before), 'Minesweeper: Hint');
  await screenshot(app.page, 'class-phone-minesweeper');
  // Drag up from beside the buttons (the panel's scrollbar is at its right edge).
  const x = 320, y = before.y + before.h / 2;
  await app.page.mouse.move(x, y);
  await app.page.mouse.down();
  for (let step = 1; step <= 10; ++step) { await app.page.mouse.move(x, y - step * 12); await frames(app.page, 1); }
  await app.page.mouse.up();
  await frames(app.page);
  const after = (await controls(app.page)).hint;
  assert.ok(after.y < before.y - 60, `the panel scrolled: Hint from ${before.y} to ${after.y}`);
  await app.page.evaluate(() => window.gridlab.newGame({ game: 'gomoku', size: 15, seed: 4 }));
  await frames(app.page);
  const undo = (await controls(app.page)).undo;
  assert.ok(onScreen(undo), 'Gomoku opens with its panel at the top: Undo shows');
  await screenshot(app.page, 'class-phone-gomoku');
  assert.deepEqual(app.errors, []);
  await app.close();
});

test('Puyo: game over is an event on the field, with the final score and the best chain', async () => {
  const app = await openApp(env.browser, env.site.url + '?game=puyo&rules=tsu&seed=7');
  for (let i = 0; i < 60 && (await appState(app.page)).status !== 'game over'; ++i) {
    try { await app.page.evaluate(() => window.gridlab.act({ place: [2, 1] })); } catch (error) { await frames(app.page, 5); }
  }
  await app.page.waitForFunction(() => /Game over\. Final score \d+\. Best chain: \d+\.$/.test(window.gridlab.summary()), null, { timeout: 20000 });
  await frames(app.page, 5);
  await screenshot(app.page, 'class-puyo-game-over');
  assert.deepEqual(app.errors, []);
  await app.close();
});
