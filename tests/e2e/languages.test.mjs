// The page in English, Japanese, Korean and Simplified Chinese: every screen drawn with no text
// missing from the language's catalogue (window.gridlab.untranslated()), a screenshot of each to look
// at, one move played, and state() the same in every language; the language from ?lang=, from the
// browser's languages, from the menu (remembered), and a refused catalogue changes nothing.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { appState, frames, LANGUAGES, openApp, screenshot, startBrowser, WEB_DIR } from './browser.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env.close(); });

// Each screen, opened with a fixed seed, and one move on it (Learn: one setting, no training).
const SCREENS = [
  { name: 'minesweeper', params: { game: 'minesweeper', level: 'beginner', seed: 42 }, move: { reveal: [4, 4] } },
  { name: 'puyo', params: { game: 'puyo', rules: 'tsu', seed: 7 }, move: { drop: true } },
  { name: 'gomoku', params: { game: 'gomoku', size: 9, black: 'human', white: 'human', seed: 3 }, move: { move: [4, 4] } },
  { name: 'learn', params: { game: 'learn', level: 'small', seed: 3 }, move: { speed: 7 } },
  { name: 'learn-puyo', params: { game: 'learn', learn: 'puyo', rules: 'tsu', seed: 3 }, move: { speed: 7 } },
  { name: 'learn-gomoku', params: { game: 'learn', learn: 'gomoku', size: 6, win: 4, seed: 3 }, move: { speed: 7 } },
];

// What may differ between two runs of the same game: clocks, rates, how far the Puyo AI's plan for
// the next pair has got (it thinks in the background), and the Learn screen's live game (played in
// real time by the untrained network).
function comparable(state) {
  const copy = JSON.parse(JSON.stringify(state));
  delete copy.time_s;
  delete copy.elapsed_s;
  delete copy.games_per_second;
  if (copy.game === 'puyo') delete copy.ai.plan;
  if (copy.game === 'learn') delete copy.live;
  return copy;
}

async function untranslated(page) {
  await frames(page, 3);
  return page.evaluate(() => window.gridlab.untranslated());
}

test('every screen in every language: nothing untranslated, one move, the same state()', async () => {
  const states = {};
  for (const language of LANGUAGES) {
    const app = await openApp(env.browser, env.site.url + '?lang=' + language);
    assert.equal(await app.page.evaluate(() => document.documentElement.lang), language);
    assert.equal(await app.page.evaluate(() => window.gridlab.language()), language);
    assert.deepEqual(await untranslated(app.page), [], language + ': the start screen');
    await screenshot(app.page, `lang-${language}-start`);
    for (const screen of SCREENS) {
      await app.page.evaluate((params) => window.gridlab.newGame(params), screen.params);
      await app.page.evaluate((move) => window.gridlab.act(move), screen.move);
      await frames(app.page, 4);
      assert.deepEqual(await untranslated(app.page), [], `${language}: ${screen.name}`);
      await screenshot(app.page, `lang-${language}-${screen.name}`);
      states[screen.name] = states[screen.name] || {};
      states[screen.name][language] = comparable(await appState(app.page));
    }
    assert.deepEqual(app.errors, []);
    await app.close();
  }
  for (const screen of SCREENS)
    for (const language of LANGUAGES.slice(1))
      assert.deepEqual(states[screen.name][language], states[screen.name].en, `${screen.name}: state() in ${language}`);
});

test('a notice is worded in the language, and state() keeps it in English', async () => {
  const app = await openApp(env.browser, env.site.url + '?lang=ja&game=gomoku&size=40');
  const state = await appState(app.page);
  assert.equal(state.size, 15, 'the usual size');
  assert.equal(state.notice, "The link's size=40 was left out (size: 40 is outside 5..20); the rest of the link is used.");
  assert.deepEqual(await untranslated(app.page), []);
  await screenshot(app.page, 'lang-ja-notice');
  await app.close();
});

test('an engine error and a corrupt save are worded in the language, not in English', async () => {
  // Issue 19: these reached a Japanese page as English sentences (the parser's report, the rules').
  const app = await openApp(env.browser, env.site.url + '?lang=ja&game=minesweeper&level=custom&rows=9&cols=9&mines=81');
  let state = await appState(app.page);
  assert.match(state.notice, /\(mines: 81 is outside 0\.\.80 on a 9x9 board \(the first click keeps one cell free of mines\)\)/);
  assert.deepEqual(await untranslated(app.page), []);
  await screenshot(app.page, 'lang-ja-engine-error');
  await app.page.evaluate(() => localStorage.setItem('gridlab.puyo', '{"version": 1, "game": "puyo", "sa'));
  await app.page.goto(env.site.url + '?lang=ja&game=puyo');
  await app.page.waitForFunction(() => window.gridlab && window.gridlab.ready, null, { timeout: 60000 });
  state = await appState(app.page);
  assert.match(state.notice, /^The saved game could not be restored \(the saved data is damaged\)/);
  assert.deepEqual(await untranslated(app.page), []);
  await screenshot(app.page, 'lang-ja-corrupt-save');
  await app.close();
});

test('the language comes from the browser when the address does not say', async () => {
  for (const [locale, expected] of [['ja-JP', 'ja'], ['ko-KR', 'ko'], ['zh-CN', 'zh-Hans'], ['zh-SG', 'zh-Hans'],
                                    ['zh-TW', 'en'], ['fr-FR', 'en'], ['en-GB', 'en']]) {
    const app = await openApp(env.browser, env.site.url, { locale });
    assert.equal(await app.page.evaluate(() => window.gridlab.language()), expected, locale);
    await app.close();
  }
});

test('the menu switches the language on the spot and it is remembered; a link keeps its parameters', async () => {
  const app = await openApp(env.browser, env.site.url + '?game=minesweeper&seed=5', { locale: 'en-US' });
  const before = comparable(await appState(app.page));
  const requests = [];
  app.page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  assert.equal(await app.page.evaluate(() => window.gridlab.loadLanguage('ko')), '');
  assert.deepEqual(requests.filter((path) => path.includes('/lang/')).sort(), ['/lang/ko.json', '/lang/ko.otf']);
  assert.equal(await app.page.evaluate(() => document.documentElement.lang), 'ko');
  assert.deepEqual(await untranslated(app.page), []);
  assert.deepEqual(comparable(await appState(app.page)), before, 'the game is untouched');
  await app.page.reload();
  await app.page.waitForFunction(() => window.gridlab && window.gridlab.ready, null, { timeout: 60000 });
  assert.equal(await app.page.evaluate(() => window.gridlab.language()), 'ko', 'remembered');
  assert.equal(new URL(app.page.url()).searchParams.get('lang'), null, 'not a game parameter');
  await app.close();
});

test('a refused catalogue leaves the language as it was; a missing text is reported', async () => {
  // Without the offline site's service worker: the page's routes do not see what a worker fetches.
  const app = await openApp(env.browser, env.site.url + '?lang=ja&game=minesweeper&seed=5', { serviceWorkers: 'block' });
  await app.page.route('**/lang/ko.json', (route) => route.fulfill({ body: '{"New game": "{x}"}', contentType: 'application/json' }));
  const refused = await app.page.evaluate(() => window.gridlab.loadLanguage('ko'));
  assert.match(refused, /catalogue entry 'New game': the translation must keep the placeholders/);
  assert.equal(await app.page.evaluate(() => window.gridlab.language()), 'ja');
  assert.deepEqual(await untranslated(app.page), []);

  // The same catalogue without one text: the check that guards the other tests fails as it should.
  const catalogue = JSON.parse(readFileSync(WEB_DIR + '/lang/zh-Hans.json', 'utf8'));
  delete catalogue['New game'];
  await app.page.route('**/lang/zh-Hans.json', (route) => route.fulfill({ body: JSON.stringify(catalogue), contentType: 'application/json' }));
  assert.equal(await app.page.evaluate(() => window.gridlab.loadLanguage('zh-Hans')), '');
  assert.deepEqual(await untranslated(app.page), ['New game']);
  await app.close();
});

test("the page's own words: title, <html lang> and the no-WebGL2 message in the language", async () => {
  const context = await env.browser.newContext({ locale: 'ja-JP' });
  const page = await context.newPage();
  await page.addInitScript(() => {  // a browser without WebGL2
    const original = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (type, ...rest) {
      return type === 'webgl2' ? null : original.call(this, type, ...rest);
    };
  });
  await page.goto(env.site.url);
  await page.waitForFunction(() => !document.getElementById('fatal').hidden);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'ja');
  assert.equal(await page.title(), 'gridlab: ゲームAIで遊び、観察し、学ぼう');
  assert.match(await page.textContent('#fatal'), /^gridlab には WebGL2 が必要ですが/);
  await context.close();
});
