// Issue 20's last two items: expert Minesweeper on a phone is drawn turned a quarter (30 rows of 16),
// where a tap, a click and the arrows reach the cell the player sees; and the keyboard alone reaches
// the panel's controls (Tab, Shift+Tab) with a visible focus ring, presses them (Enter, Space) and
// gives the arrows back to the board (Escape).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { appState, cellCentre, clickControl, controls, frames, openApp, screenshot, startBrowser } from './browser.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env.close(); });

const PHONE = { viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
const changedCells = (before, after) =>
  after.board.flatMap((line, row) => [...line].flatMap((c, col) => (c !== before.board[row][col] ? [[row, col, c]] : [])));

test('phone: expert Minesweeper turns a quarter; a tap, a right click and the arrows reach the cell seen there', async () => {
  const app = await openApp(env.browser, env.site.url + '?game=minesweeper&level=expert&first=safe&seed=42', PHONE);
  await frames(app.page);
  const start = await appState(app.page);
  assert.equal(start.view.turned, true);
  assert.equal(start.view.rows, 16, 'state() keeps the game\'s rows');
  assert.equal(start.view.cols, 30);
  assert.equal(start.board.length, 16);
  assert.equal(start.board[0].length, 30);
  // The panel keeps 40% of the height, so turned the cells are about as large as upright (11.1 px):
  // the zoom (next test) makes them finger-sized, and turned the zoomed board pans only up and down.
  assert.ok(start.view.cell > 10, `cells of ${start.view.cell} px`);
  // The whole turned board is on the screen: 16 cells across, 30 down.
  assert.ok(start.view.x >= 0 && start.view.x + 16 * start.view.cell <= 375);
  assert.ok(start.view.y >= 0 && start.view.y + 30 * start.view.cell <= 667);

  // A finger taps the game's cell (2, 25): on the screen, row 25 from the top, column 13 from the left.
  const [x, y] = cellCentre(start.view, 2, 25);
  assert.deepEqual([x, y], [start.view.x + 13.5 * start.view.cell, start.view.y + 25.5 * start.view.cell]);
  await app.page.touchscreen.tap(x, y);
  await frames(app.page);
  const revealed = await appState(app.page);
  assert.equal(revealed.moves, 1);
  assert.deepEqual(changedCells(start, revealed), [[2, 25, revealed.board[2][25]]], 'exactly that cell opened');
  assert.match(revealed.board[2][25], /^[1-8]$/);

  // The mouse's right button flags the game's cell (9, 4): exactly that one.
  const [fx, fy] = cellCentre(start.view, 9, 4);
  await app.page.mouse.click(fx, fy, { button: 'right' });
  await frames(app.page);
  const flagged = await appState(app.page);
  assert.deepEqual(changedCells(revealed, flagged), [[9, 4, 'F']]);

  // The arrows move the cursor as the player sees the board: down the screen is the game's next
  // column, left on the screen the game's next row.
  await app.page.keyboard.press('ArrowDown');  // shows the cursor at (0, 0): the top right corner
  await app.page.keyboard.press('ArrowDown');
  await app.page.keyboard.press('ArrowDown');
  await app.page.keyboard.press('ArrowLeft');
  await frames(app.page);
  assert.deepEqual((await appState(app.page)).cursor, { row: 1, col: 2, shown: true });
  await screenshot(app.page, 'phone-keys-expert-turned');
  assert.deepEqual(app.errors, []);
  await app.close();
});

test('phone: the zoom buttons make expert\'s cells finger-sized; a drag pans, a tap reveals the cell under it', async () => {
  const app = await openApp(env.browser, env.site.url + '?game=minesweeper&level=expert&first=safe&seed=42', PHONE);
  await frames(app.page);
  const start = await appState(app.page);
  for (let i = 0; i < 2; ++i) await clickControl(app.page, 'zoom_in');
  const zoomed = await appState(app.page);
  assert.equal(zoomed.view.zoom, 2);
  assert.equal(zoomed.view.cell, start.view.cell * 2);
  assert.ok(zoomed.view.cell >= 20, `finger-sized cells: ${zoomed.view.cell} px`);
  const { shown } = zoomed.view;
  // Turned and zoomed, it fills the width (16 cells) and goes on beyond the area above and below.
  assert.ok(Math.abs(shown.w - 16 * zoomed.view.cell) < 0.01 && shown.w <= 375 - 2 * 12, `the width: ${shown.w}`);
  assert.ok(shown.h >= 30 * start.view.cell - 0.01, 'at least as tall as the whole board was');
  assert.ok(zoomed.view.y < shown.y && zoomed.view.y + 30 * zoomed.view.cell > shown.y + shown.h, 'and goes on beyond it');
  // Drag the board 100 px to the left and 150 px up, as far as its edges allow: the view moves towards
  // the game's first rows (the screen's right) and last columns (its bottom).
  const [x0, y0] = [shown.x + shown.w / 2, shown.y + shown.h / 2];
  await app.page.mouse.move(x0, y0);
  await app.page.mouse.down();
  // A finger rests a moment before it drags: the press has a frame of its own (the app takes the
  // drag from where ImGui saw the press, the pointer's place at the frame that read it).
  await frames(app.page, 2);
  for (let step = 1; step <= 10; ++step) { await app.page.mouse.move(x0 - step * 10, y0 - step * 15); await frames(app.page, 1); }
  await app.page.mouse.up();
  await frames(app.page);
  const panned = await appState(app.page);
  assert.equal(panned.moves, 0, 'a drag reveals nothing');
  const expected = [Math.max(zoomed.view.x - 100, shown.x + shown.w - 16 * zoomed.view.cell),
    Math.max(zoomed.view.y - 150, shown.y + shown.h - 30 * zoomed.view.cell)];
  assert.ok(Math.abs(panned.view.x - expected[0]) <= 1 && Math.abs(panned.view.y - expected[1]) <= 1,
    `the board moved with the drag: ${JSON.stringify([zoomed.view.x, zoomed.view.y])} to ${JSON.stringify([panned.view.x, panned.view.y])}`);
  // Tap the game's cell (2, 25), now in view: exactly that cell opens.
  const [x, y] = cellCentre(panned.view, 2, 25);
  assert.ok(x > shown.x && x < shown.x + shown.w && y > shown.y && y < shown.y + shown.h, 'the cell is in view');
  await app.page.touchscreen.tap(x, y);
  await frames(app.page);
  const revealed = await appState(app.page);
  assert.deepEqual(changedCells(panned, revealed), [[2, 25, revealed.board[2][25]]]);
  await screenshot(app.page, 'phone-keys-expert-zoomed');
  assert.deepEqual(app.errors, []);
  await app.close();
});

test('phone: two fingers spread apart zoom in, pinched together zoom out; they reveal nothing', async () => {
  const app = await openApp(env.browser, env.site.url + '?game=minesweeper&level=expert&first=safe&seed=42', PHONE);
  await frames(app.page);
  const { view } = await appState(app.page);
  const cdp = await app.page.context().newCDPSession(app.page);
  const [cx, cy] = [view.shown.x + view.shown.w / 2, view.shown.y + view.shown.h / 2];
  const fingers = (apart) => [{ x: cx, y: cy - apart, id: 1 }, { x: cx, y: cy + apart, id: 2 }];
  async function pinch(from, to) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(from) });
    await frames(app.page, 2);
    for (let step = 1; step <= 8; ++step) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(from + ((to - from) * step) / 8) });
      await frames(app.page, 2);
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await frames(app.page, 3);
  }
  await pinch(20, 120);  // 200 px further apart
  const spread = await appState(app.page);
  assert.equal(spread.view.zoom, 2, 'two steps: 150, 200%');
  await pinch(120, 20);
  const pinched = await appState(app.page);
  assert.equal(pinched.view.zoom, 1, 'back to the whole board');
  assert.equal(pinched.moves, 0, 'no cell revealed or flagged');
  assert.deepEqual(app.errors, []);
  await app.close();
});

// Presses Tab (or Shift+Tab) until the control `id` has the focus ring; returns the presses, or fails.
async function tabTo(page, id, key = 'Tab') {
  for (let presses = 1; presses <= 40; ++presses) {
    await page.keyboard.press(key);
    await frames(page, 2);
    if ((await controls(page))[id]?.focused) return presses;
  }
  assert.fail(`${key} never reached "${id}"`);
}

test('keyboard only: Tab reaches "New game" with a focus ring, Enter presses it, Escape gives the arrows back', async () => {
  const app = await openApp(env.browser, env.site.url + '?game=minesweeper&level=beginner&first=zero&seed=8');
  await app.page.keyboard.press('ArrowDown');  // the board's cursor, at the top left
  await app.page.keyboard.press('Enter');
  await frames(app.page);
  assert.ok((await appState(app.page)).moves > 0);

  const presses = await tabTo(app.page, 'new_game');
  const focused = Object.entries(await controls(app.page)).filter(([, rect]) => rect.focused).map(([id]) => id);
  assert.deepEqual(focused, ['new_game'], 'one control has the focus');
  await screenshot(app.page, 'phone-keys-focus-new-game');
  assert.ok(presses > 1, 'Tab went through other controls first');
  // While a control has the focus the arrows move among the controls, not the board's cursor.
  const cursor = (await appState(app.page)).cursor;
  await app.page.keyboard.press('ArrowRight');
  await frames(app.page);
  assert.ok((await controls(app.page)).same_game.focused, 'the arrow went to "Same game again"');
  assert.deepEqual((await appState(app.page)).cursor, cursor);
  // Shift+Tab goes back one control.
  await app.page.keyboard.press('Shift+Tab');
  await frames(app.page, 2);
  assert.ok((await controls(app.page)).new_game.focused, 'Shift+Tab went back to "New game"');
  await app.page.keyboard.press('Enter');
  await frames(app.page, 4);
  const state = await appState(app.page);
  assert.equal(state.moves, 0, 'Enter pressed "New game"');
  assert.equal(state.status, 'playing');
  assert.ok((await controls(app.page)).new_game.focused, 'the focus stays on the button');

  // Space presses the focused control too: "Hint" shows the hint's cell.
  await tabTo(app.page, 'hint');
  await app.page.keyboard.press('Space');
  await app.page.waitForFunction(() => window.gridlab.state().ai.hint !== null, null, { timeout: 20000 });

  // Escape: no focus ring, and the arrows move the board's cursor again.
  await app.page.keyboard.press('Escape');
  await frames(app.page);
  assert.deepEqual(Object.values(await controls(app.page)).filter((rect) => rect.focused), []);
  await app.page.keyboard.press('ArrowRight');  // the new game's cursor shows at the top left
  await app.page.keyboard.press('ArrowRight');
  await frames(app.page);
  assert.deepEqual((await appState(app.page)).cursor, { row: 0, col: 1, shown: true });
  assert.deepEqual(app.errors, []);
  await app.close();
});
