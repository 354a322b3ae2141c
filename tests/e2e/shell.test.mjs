// The app shell in a real browser: it loads, draws, reports its state, follows the window.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { appState, controls, distinctColours, frames, LANGUAGES, openApp, recordMeasurement, screenshot, startBrowser } from './browser.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env.close(); });

test('the start screen loads with no console errors and a drawn canvas', async () => {
  const app = await openApp(env.browser, env.site.url);
  const state = await appState(app.page);
  assert.equal(state.screen, 'start');
  assert.deepEqual(state.games, ['minesweeper', 'puyo', 'gomoku', 'learn', 'code']);
  await frames(app.page);
  const { png } = await screenshot(app.page, 'start');
  assert.ok(await distinctColours(app.page, png) > 50, 'the canvas shows text and boards, not a blank fill');
  const firstFrameMs = await app.page.evaluate(() => window.gridlab.firstFrameMs);
  recordMeasurement('first-frame', { first_frame_ms: Math.round(firstFrameMs) });
  assert.deepEqual(app.errors, []);
  await app.close();
});

test('the start screen\'s subtitle wraps within its margins on a phone, in every language', async () => {
  const MARGIN = 24;  // app.cpp build_start_screen: the cards' margin
  const laptop = await openApp(env.browser, env.site.url + '?lang=en');
  const oneLine = (await controls(laptop.page)).subtitle.h;
  await laptop.close();
  for (const language of LANGUAGES) {
    const app = await openApp(env.browser, env.site.url + '?lang=' + language,
                              { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
    const { subtitle } = await controls(app.page);
    assert.ok(subtitle.x + subtitle.w <= 390 - MARGIN, `${language}: the subtitle ends at ${subtitle.x + subtitle.w}`);
    assert.ok(subtitle.h > 1.5 * oneLine, `${language}: the subtitle is wrapped (${subtitle.h} px high, a line ${oneLine})`);
    await screenshot(app.page, `start-phone-${language}`);
    assert.deepEqual(app.errors, []);
    await app.close();
  }
});

test('clicking a game card opens its board', async () => {
  const app = await openApp(env.browser, env.site.url);
  const card = (await appState(app.page)).cards.find((c) => c.game === 'gomoku');
  await app.page.mouse.click(card.x + card.w / 2, card.y + 30);  // the Gomoku card, wherever the cards lie
  await frames(app.page);
  const state = await appState(app.page);
  assert.equal(state.game, 'gomoku');
  assert.equal(state.size, 15);
  assert.deepEqual(state.moves, []);
  await screenshot(app.page, 'gomoku-board');
  assert.deepEqual(app.errors, []);
  await app.close();
});

test('the canvas follows the window size and the device pixel ratio', async () => {
  const app = await openApp(env.browser, env.site.url, { viewport: { width: 800, height: 600 }, deviceScaleFactor: 2 });
  const size = () => app.page.evaluate(() => {
    const canvas = document.getElementById('canvas');
    return [canvas.width, canvas.height];
  });
  assert.deepEqual(await size(), [1600, 1200]);
  await app.page.setViewportSize({ width: 500, height: 900 });  // a phone held upright
  await frames(app.page, 5);
  assert.deepEqual(await size(), [1000, 1800]);
  await screenshot(app.page, 'portrait-dpr2');
  assert.deepEqual(app.errors, []);
  await app.close();
});

test('with JavaScript off the page says what it needs in each of its languages', async () => {
  const context = await env.browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(env.site.url);
  const shown = await page.locator('body').innerText();
  for (const words of ['gridlab needs JavaScript to run.', 'gridlabを動かすにはJavaScriptを有効にしてください。',
    'gridlab을 실행하려면 JavaScript가 필요합니다.', '运行 gridlab 需要启用 JavaScript。'])
    assert.ok(shown.includes(words), `missing: ${words}`);
  await screenshot(page, 'noscript');
  await context.close();
});
