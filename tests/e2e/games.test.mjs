// Each game in a real browser, as a player uses it: opened by URL, played with mouse and keyboard
// events on the canvas, checked through window.gridlab.state(), restored after a reload.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { appState, clickCell, controls, frames, LANGUAGES, openApp, reload, screenshot, startBrowser } from './browser.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env.close(); });

test('minesweeper: click to reveal, right click to flag, reload restores, the AI finishes the game', async () => {
  const app = await openApp(env.browser, env.site.url + '?game=minesweeper&level=beginner&seed=42&ai=probability&speed=30');
  let state = await appState(app.page);
  assert.equal(state.game, 'minesweeper');
  assert.deepEqual([state.rows, state.cols, state.mines, state.seed], [9, 9, 10, 42]);
  assert.equal(state.notice, null);

  await clickCell(app.page, 4, 4);  // the first click is safe
  state = await appState(app.page);
  assert.equal(state.status, 'playing');
  assert.notEqual(state.board[4][4], '.', 'the clicked cell is open');
  const hidden = [];
  state.board.forEach((line, r) => [...line].forEach((ch, c) => { if (ch === '.') hidden.push([r, c]); }));
  const [fr, fc] = hidden[0];
  await clickCell(app.page, fr, fc, 'right');
  state = await appState(app.page);
  assert.equal(state.board[fr][fc], 'F');
  assert.equal(state.mines_left, 9);

  await reload(app.page);
  const restored = await appState(app.page);
  assert.deepEqual(restored.board, state.board, 'the game in progress survives a reload');
  assert.equal(restored.seed, 42);

  await clickCell(app.page, fr, fc, 'right');  // unflag, so the solver sees a plain position
  await app.page.evaluate(() => window.gridlab.act({ ai: 'play' }));
  await app.page.waitForFunction(() => window.gridlab.state().status !== 'playing', null, { timeout: 60000 });
  state = await appState(app.page);
  assert.equal(state.status, 'won', 'seed 42 is a game the probability solver wins');
  await screenshot(app.page, 'minesweeper-won');
  assert.deepEqual(app.errors, []);
  await app.close();
});

test('minesweeper: the probability overlay on an expert board', async () => {
  const app = await openApp(env.browser, env.site.url + '?game=minesweeper&level=expert&seed=5&show=probability,proofs');
  await clickCell(app.page, 0, 0);
  // An AI move is made when the AI's answer comes (from the worker), a few frames later.
  for (let i = 0; i < 8; i++) await app.page.evaluate(() => window.gridlab.act({ ai: 'move' }));
  await app.page.waitForFunction(() => window.gridlab.state().moves === 9, null, { timeout: 30000 });
  await app.page.evaluate(() => window.gridlab.act({ ai: 'hint' }));
  await app.page.waitForFunction(() => window.gridlab.state().ai.hint !== null, null, { timeout: 30000 });
  await frames(app.page, 3);
  const state = await appState(app.page);
  assert.ok(state.ai.hint, 'the solver proposes a move');
  assert.ok(state.ai.safe.length + state.ai.mines.length > 0, 'the logic proves some cells');
  await screenshot(app.page, 'minesweeper-probabilities');
  assert.deepEqual(app.errors, []);
  await app.close();
});

for (const language of LANGUAGES) {
  test(`minesweeper (${language}): a wrong flag stops the AI, and the panel says which number shows it`, async () => {
    const app = await openApp(env.browser, env.site.url + `?lang=${language}&game=minesweeper&level=beginner&seed=11&ai=probability`);
    // The first click shows a 2 (the screens' test has the same game): three flags around it are one too many.
    await app.page.evaluate(() => {
      window.gridlab.act({ reveal: [0, 0] });
      for (const cell of [[0, 1], [1, 0], [1, 1]]) window.gridlab.act({ flag: cell });
      window.gridlab.act({ ai: 'play' });
    });
    await app.page.waitForFunction(() => window.gridlab.state().ai.stopped !== null, null, { timeout: 30000 });
    await frames(app.page, 3);
    let state = await appState(app.page);
    assert.deepEqual(state.ai.stopped, { id: 'wrong_flag', cell: [0, 0], number: 2, flags: 3 });
    assert.equal(state.ai.playing, false);
    assert.equal(state.moves, 4);
    await screenshot(app.page, `minesweeper-wrong-flag-${language}`);
    assert.deepEqual(await app.page.evaluate(() => window.gridlab.untranslated()), []);
    // With the flag off, the AI goes on.
    await app.page.evaluate(() => { window.gridlab.act({ flag: [1, 1] }); window.gridlab.act({ ai: 'hint' }); });
    await app.page.waitForFunction(() => window.gridlab.state().ai.hint !== null, null, { timeout: 30000 });
    state = await appState(app.page);
    assert.equal(state.ai.stopped, null);
    assert.deepEqual(app.errors, []);
    await app.close();
  });
}

test('puyo: keyboard moves, rotates and drops; a tap drops; reload restores', async () => {
  const app = await openApp(env.browser, env.site.url + '?game=puyo&rules=tsu&seed=7');
  let state = await appState(app.page);
  assert.deepEqual([state.rules, state.colors, state.pair, state.next], ['tsu', 4, 'GB', ['GG', 'BR']]);
  await app.page.keyboard.press('ArrowLeft');
  await app.page.keyboard.press('z');
  await frames(app.page, 2);
  state = await appState(app.page);
  assert.deepEqual(state.cursor, { column: 1, rotation: 2 });
  await app.page.keyboard.press('ArrowDown');
  await frames(app.page, 15);
  state = await appState(app.page);
  assert.equal(state.pairs_placed, 1);
  assert.equal(state.field[12], 'BG....', 'child B left of axis G in column 2, on the floor');

  // Touch-style: tap column 6 (brings the pair there), tap it again (drops it).
  await clickCell(app.page, 5, 5);
  await clickCell(app.page, 5, 5);
  await frames(app.page, 15);
  state = await appState(app.page);
  assert.equal(state.pairs_placed, 2);
  assert.equal(state.field[11].slice(5) + state.field[12].slice(5), 'GG', 'the upright GG pair is in column 6');

  for (let i = 0; i < 12; i++) await app.page.evaluate(() => window.gridlab.act({ ai: 'move' }));
  await app.page.waitForFunction(() => window.gridlab.state().pairs_placed === 14, null, { timeout: 30000 });
  await frames(app.page, 30);
  const before = await appState(app.page);
  await screenshot(app.page, 'puyo-plan');
  await reload(app.page);
  state = await appState(app.page);
  assert.deepEqual(state.field, before.field);
  assert.equal(state.score, before.score);
  assert.equal(state.pairs_placed, 14);
  assert.deepEqual(app.errors, []);
  await app.close();
});

test('gomoku: a click places a stone, the AI answers, undo, reload restores', async () => {
  const app = await openApp(env.browser, env.site.url + '?game=gomoku&size=9&black=human&white=mcts&ms=3000&seed=3');
  await clickCell(app.page, 4, 4);
  let state = await appState(app.page);
  assert.equal(state.board[4][4], 'X');
  assert.equal(state.ai.thinking, true);
  await frames(app.page, 3);
  await screenshot(app.page, 'gomoku-thinking');
  await app.page.waitForFunction(() => window.gridlab.state().moves.length === 2, null, { timeout: 30000 });
  state = await appState(app.page);
  assert.equal(state.to_move, 'X');

  await reload(app.page);
  const restored = await appState(app.page);
  assert.deepEqual(restored.moves, state.moves);
  await app.page.evaluate(() => window.gridlab.act({ undo: true }));
  state = await appState(app.page);
  assert.deepEqual(state.moves, [], 'undo takes back the AI reply and the human move');
  const error = await app.page.evaluate(() => { try { window.gridlab.act({ move: [9, 0] }); } catch (e) { return e.message; } });
  assert.equal(error, 'act: move: off the board');
  // Issue 23: 4294967296 was narrowed to 0 before the bounds check and played a9.
  const narrowed = await app.page.evaluate(() => { try { window.gridlab.act({ move: [4294967296, 0] }); } catch (e) { return e.message; } });
  assert.equal(narrowed, 'act: move: off the board');
  assert.deepEqual((await appState(app.page)).moves, []);
  assert.deepEqual(app.errors, []);
  await app.close();
});

test('a bad URL parameter gives a notice and a playable game', async () => {
  const app = await openApp(env.browser, env.site.url + '?game=gomoku&size=99');
  const state = await appState(app.page);
  assert.equal(state.size, 15);
  assert.match(state.notice, /size: 99 is outside 5\.\.20/);
  assert.deepEqual(app.errors, []);
  await app.close();
});

test('a corrupt saved game is ignored with a notice', async () => {
  const app = await openApp(env.browser, env.site.url + '?game=puyo&seed=9');
  // Issue 23: numbers that are not whole or out of range were undefined behaviour or truncated.
  for (const [version, action] of [['1', '99'], ['1', '1e19'], ['1', '1.9'], ['1', '4294967296'], ['1e300', '1']]) {
    const save = `{"version":${version},"game":"puyo","save":{"params":{"game":"puyo","seed":"9"},"actions":[${action}]}}`;
    await app.page.evaluate((text) => localStorage.setItem('gridlab.puyo', text), save);
    await reload(app.page);
    const state = await appState(app.page);
    assert.equal(state.pairs_placed, 0, save);
    assert.match(state.notice, /could not be restored/, save);
  }
  assert.deepEqual(app.errors, []);
  await app.close();
});

test('gomoku: the Rule combo, on its longest rule, and its label fit the panel on a laptop and a phone, in English and Japanese', async () => {
  const PANEL_MARGIN = 12;  // screen.cpp split_layout: the panel ends this far from the window's right edge
  const screens = [{ width: 1366, height: 768 }, { width: 390, height: 844, deviceScaleFactor: 2, hasTouch: true, isMobile: true }];
  for (const { width, height, ...device } of screens)
    for (const language of ['en', 'ja']) {
      const app = await openApp(env.browser, env.site.url + `?game=gomoku&size=9&black=human&white=human&rule=renju&lang=${language}`,
                                { viewport: { width, height }, ...device });
      const { rule } = await controls(app.page);
      assert.ok(rule, 'the Rule combo is noted');
      // The control's rectangle is the combo and its label: both within the panel.
      assert.ok(rule.x + rule.w <= width - PANEL_MARGIN, `${language} ${width}x${height}: the Rule combo ends at ${rule.x + rule.w}`);
      await screenshot(app.page, `gomoku-rule-combo-${language}-${width}`);
      assert.deepEqual(app.errors, []);
      await app.close();
    }
});

test('minesweeper on a phone: a tap reveals, a long press flags', async () => {
  const app = await openApp(env.browser, env.site.url + '?game=minesweeper&level=beginner&seed=42',
                            { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
  let state = await appState(app.page);
  const centre = (row, col) => [state.view.x + (col + 0.5) * state.view.cell, state.view.y + (row + 0.5) * state.view.cell];
  await app.page.touchscreen.tap(...centre(4, 4));
  await frames(app.page, 3);
  state = await appState(app.page);
  assert.equal(state.board[4][4], '1');
  const [x, y] = centre(0, 0);
  const cdp = await app.page.context().newCDPSession(app.page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  await new Promise((done) => setTimeout(done, 700));
  await frames(app.page, 3);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await frames(app.page, 3);
  state = await appState(app.page);
  assert.equal(state.board[0][0], 'F', 'the long press flagged the cell and its release did not reveal it');
  assert.equal(state.mines_left, 9);
  await screenshot(app.page, 'phone-minesweeper');
  assert.deepEqual(app.errors, []);
  await app.close();
});

test('back to the games list and into the same game again keeps the game in progress', async () => {
  const app = await openApp(env.browser, env.site.url + '?game=gomoku&size=9&black=human&white=human&seed=4');
  await clickCell(app.page, 2, 3);
  await app.page.mouse.click(50, 24);  // "< Games"
  await frames(app.page, 3);
  assert.equal((await appState(app.page)).screen, 'start');
  const card = (await appState(app.page)).cards.find((c) => c.game === 'gomoku');
  await app.page.mouse.click(card.x + card.w / 2, card.y + 30);  // the Gomoku card itself, wherever the cards lie
  await frames(app.page, 3);
  const state = await appState(app.page);
  assert.equal(state.game, 'gomoku');
  assert.deepEqual(state.moves, ['d7']);
  assert.deepEqual(app.errors, []);
  await app.close();
});

test('a URL with bytes that are not UTF-8 still gives a working page', async () => {
  const app = await openApp(env.browser, env.site.url + '?game=puyo&seed=2&x=%FF&rules=%FE');
  await frames(app.page, 3);
  const state = await appState(app.page);
  assert.equal(state.game, 'puyo');
  assert.match(state.notice, /rules/);
  assert.deepEqual(app.errors, []);
  await app.close();
});

test('gomoku threats: the opponent\'s forced win is shown, and under renju black\'s forbidden points', async () => {
  // Black's stones meet at i8 in two open threes (column i, row 8): a forced win in freestyle,
  // a forbidden point under renju. White's stones are in the corners.
  const moves = ['h8', 'a15', 'g8', 'h15', 'i10', 'o15', 'i9'];
  const freestyle = await openApp(env.browser, env.site.url + '?game=gomoku&size=15&black=human&white=human&seed=5');
  for (const move of moves) await freestyle.page.evaluate((m) => window.gridlab.act({ move: m }), move);
  let state = await appState(freestyle.page);
  assert.equal(state.to_move, 'O');
  assert.equal(state.threats.opponent_line[0], 'i8', 'white is warned of the double three');
  assert.deepEqual(state.threats.forbidden, []);
  await frames(freestyle.page, 2);
  await screenshot(freestyle.page, 'gomoku-threat');
  await freestyle.close();

  const renju = await openApp(env.browser, env.site.url + '?game=gomoku&size=15&rule=renju&black=human&white=human&seed=5');
  for (const move of [...moves, 'a11']) await renju.page.evaluate((m) => window.gridlab.act({ move: m }), move);
  state = await appState(renju.page);
  assert.equal(state.rule, 'renju');
  assert.equal(state.to_move, 'X');
  assert.deepEqual(state.threats.forbidden, ['i8']);
  await assert.rejects(renju.page.evaluate(() => window.gridlab.act({ move: 'i8' })), /forbidden/);
  await frames(renju.page, 2);
  await screenshot(renju.page, 'gomoku-renju-forbidden');
  assert.deepEqual(renju.errors, []);
  await renju.close();
});
