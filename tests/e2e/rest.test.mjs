// A page that rests (issue 19 item 6): when nothing moves the app draws no frames and builds one a
// heartbeat (250 ms) to look for changes; input, window.gridlab calls and the AI's answers wake it
// at once. The CPU time it saves is measured by idle.mjs.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { appState, openApp, startBrowser } from './browser.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env.close(); });

const appFrames = (page) => page.evaluate(() => window.gridlab.frames());

// Frames built and drawn over `ms` of wall time.
async function framesOver(page, ms) {
  const before = await appFrames(page);
  await page.waitForTimeout(ms);
  const after = await appFrames(page);
  return { built: after.built - before.built, drawn: after.drawn - before.drawn };
}

// The app's frames at the page's next animation frame. A woken app runs its frame in the first one
// (it asked for it when woken, before this asks for its own); a resting one only at its heartbeat.
const framesAtNextAnimationFrame = (page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(window.gridlab.frames()))));

test('an idle start screen draws nothing and builds a frame a heartbeat; the mouse wakes it', async () => {
  const app = await openApp(env.browser, env.site.url);
  await app.page.mouse.move(5, 5);
  await app.page.waitForTimeout(1000);
  const idle = await framesOver(app.page, 3000);
  assert.equal(idle.drawn, 0, 'nothing moves, so nothing is drawn');
  assert.ok(idle.built >= 6 && idle.built <= 14, `a heartbeat of 250 ms builds about 12 frames in 3 s, not ${idle.built}`);

  // Hovering a card highlights it: drawn at once, then the page rests again.
  const since = await appFrames(app.page);
  const card = (await appState(app.page)).cards.find((c) => c.game === 'gomoku');
  await app.page.mouse.move(card.x + card.w / 2, card.y + 30);  // onto a card, wherever the cards lie
  assert.ok((await framesAtNextAnimationFrame(app.page)).drawn > since.drawn, 'the hover is drawn at once');
  await app.page.waitForTimeout(500);
  assert.equal((await framesOver(app.page, 1000)).drawn, 0, 'at rest again');
  assert.deepEqual(app.errors, []);
  await app.close();
});

test('a key, window.gridlab.act and the AI worker\'s answer each wake a resting Gomoku board', async () => {
  const app = await openApp(env.browser, env.site.url + '?game=gomoku&size=15&black=human&white=mcts&ms=300&seed=4');
  await app.page.mouse.move(5, 5);
  await app.page.waitForTimeout(1000);
  assert.equal((await framesOver(app.page, 1000)).drawn, 0);

  const since = await appFrames(app.page);
  await app.page.evaluate(() => window.gridlab.act({ move: 'h8' }));
  assert.ok((await framesAtNextAnimationFrame(app.page)).drawn > since.drawn, 'the move is drawn at once');
  // The AI thinks in the worker; its answer, a message, is played and drawn without any input.
  await app.page.waitForFunction(() => window.gridlab.state().moves.length === 2, null, { timeout: 20000 });
  await app.page.waitForTimeout(500);
  const afterAi = await framesOver(app.page, 1000);
  assert.equal(afterAi.drawn, 0, 'at rest once the AI has moved');
  assert.equal((await appState(app.page)).moves.length, 2);

  // Tab moves the keyboard's focus ring, so the key is drawn in the next animation frame rather than
  // at the next heartbeat. (A count of frames in a fixed wall time failed on a loaded CI machine.)
  await app.page.focus('#canvas');
  await app.page.waitForTimeout(500);
  const beforeKey = await appFrames(app.page);
  await app.page.keyboard.press('Tab');
  const atKey = await framesAtNextAnimationFrame(app.page);
  assert.ok(atKey.drawn > beforeKey.drawn, `a key is drawn at once (${atKey.drawn - beforeKey.drawn} frames)`);
  assert.deepEqual(app.errors, []);
  await app.close();
});

test('a Minesweeper clock is drawn each second while the page rests between', async () => {
  const app = await openApp(env.browser, env.site.url + '?game=minesweeper&level=beginner&seed=3');
  await app.page.evaluate(() => window.gridlab.act({ reveal: [4, 4] }));
  await app.page.mouse.move(5, 5);
  await app.page.waitForTimeout(1000);
  const clock = await framesOver(app.page, 3000);
  assert.ok(clock.drawn >= 2 && clock.drawn <= 4, `the clock's seconds, about 3 in 3 s, not ${clock.drawn}`);
  assert.ok(clock.built <= 30, `the page rests between the seconds (${clock.built} frames built in 3 s)`);
  assert.deepEqual(app.errors, []);
  await app.close();
});
