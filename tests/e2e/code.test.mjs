// The Code lesson (issue 44): a student's Python runs in a Web Worker (Pyodide + the engines) and
// plays Puyo; errors give their line; an endless loop is stopped while the page keeps drawing; the
// program survives a reload. One page for the lot: Python takes seconds to start.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { readFileSync } from 'node:fs';
import { appState, clickControl, frames, openApp, recordMeasurement, reload, screenshot, startBrowser } from './browser.mjs';
import { ENDLESS_LOOP, TEN_LINES } from './code_programs.mjs';

// What the native module (python/gridlab, pybind11) gives for TEN_LINES on 2 games of 50 pairs,
// seed 1, tutorial rules, 4 colours: the page must play the very same games.
// (tests/python/test_lessons.py checks the same numbers natively).
const NATIVE_TWO_GAMES = { games: 2, mean_score: 10770, mean_max_chain: 2 };

const codeState = async (page) => (await appState(page)).code;
const waitStatus = (page, statuses, timeout = 120000) =>
  page.waitForFunction((wanted) => wanted.includes(window.gridlab.state().code.status), statuses, { timeout, polling: 100 });
const editorText = (page) => page.evaluate(() =>
  [...document.querySelectorAll('#code-editor .cm-line')].map((line) => line.textContent).join('\n'));
// Waits until the editor shows lesson `name`'s program (the page fetches the starter first).
const lessonShown = (page, name) => page.waitForFunction((wanted) => document.querySelector('#code-editor .cm-line').textContent
  .toLowerCase().startsWith(`"""gridlab code lesson: ${wanted}`), name, { timeout: 30000 });

// Runs `source` (null: the program in the editor) on `games` games; the lesson's state at the end.
async function runProgram(page, source, games = 2) {
  if (source !== null) await page.evaluate((text) => window.gridlab.act({ code: text }), source);
  await page.evaluate((n) => window.gridlab.act({ run: { games: n } }), games);
  await waitStatus(page, ['done', 'error']);
  return codeState(page);
}

let env;
let app;
before(async () => {
  env = await startBrowser();
  const opened = Date.now();
  app = await openApp(env.browser, env.site.url + '?game=code&code=puyo');
  await waitStatus(app.page, ['idle']);
  recordMeasurement('code-ready', { ready_ms_since_open: Date.now() - opened });
});
after(async () => { await app.close(); await env.close(); });

test('the Puyo lesson opens with the starter program in the editor and Python ready', async () => {
  const state = await codeState(app.page);
  assert.equal(state.lesson, 'puyo');
  assert.equal(state.status, 'idle');
  assert.match(await editorText(app.page), /^"""gridlab Code lesson: Puyo Puyo/);
  assert.match(await editorText(app.page), /def evaluate\(field\):/);
});

test('a correct program plays the seeded games the native module plays', async () => {
  const state = await runProgram(app.page, TEN_LINES);
  assert.equal(state.status, 'done', JSON.stringify(state.error));
  assert.equal(state.error, null);
  assert.deepEqual({ games: state.result.games, mean_score: state.result.mean_score, mean_max_chain: state.result.mean_max_chain },
                   NATIVE_TWO_GAMES);
  assert.equal(state.live.game, 1);  // the live board replayed the second game
  assert.equal(state.live.moves, 50);
  await screenshot(app.page, 'code-puyo-done');
});

test('a syntax error and a runtime error give their line and Python\'s message', async () => {
  let state = await runProgram(app.page, 'def evaluate(field)\n    return 0\n');
  assert.equal(state.status, 'error');
  assert.equal(state.error.line, 1);
  assert.match(state.error.message, /SyntaxError/);
  state = await runProgram(app.page, 'def evaluate(field):\n    top = field[0]\n    return top[6]\n');
  assert.equal(state.status, 'error');
  assert.equal(state.error.line, 3);
  assert.match(state.error.message, /IndexError: list index out of range/);
  assert.equal(await app.page.locator('#code-editor .cm-error-line').count(), 1);
  await screenshot(app.page, 'code-puyo-runtime-error');
});

test('an endless loop is stopped within 10 s while the page keeps drawing, and the next run works', async () => {
  const built = await app.page.evaluate(() => window.gridlab.frames().built);
  const started = Date.now();
  const state = await runProgram(app.page, ENDLESS_LOOP);
  const stoppedMs = Date.now() - started;
  assert.equal(state.status, 'error');
  assert.equal(state.error.kind, 'timeout');
  assert.ok(stoppedMs < 10000, `stopped after ${stoppedMs} ms`);
  // The app built frames all the while (a page at rest builds 4 a second): it never waited.
  const builtSince = (await app.page.evaluate(() => window.gridlab.frames().built)) - built;
  assert.ok(builtSince >= 4 * Math.floor(stoppedMs / 1000) - 4, `${builtSince} frames in ${stoppedMs} ms`);
  recordMeasurement('code-endless-loop', { stopped_ms: stoppedMs, frames_built: builtSince });
  await screenshot(app.page, 'code-puyo-endless-loop');
  const next = await runProgram(app.page, TEN_LINES, 1);
  assert.equal(next.status, 'done', JSON.stringify(next.error));
  assert.equal(next.result.games, 1);
});

test('the program is kept after a reload', async () => {
  const mine = '# mine\ndef evaluate(field):\n    return 1  # 一つ\n';
  await app.page.evaluate((text) => window.gridlab.act({ code: text }), mine);
  await reload(app.page);
  await waitStatus(app.page, ['idle']);
  assert.equal(await editorText(app.page), mine);
});

// The editor's text once `wanted` (a predicate) holds for it, or after 10 s.
async function editorOnce(page, wanted) {
  for (const started = Date.now(); Date.now() - started < 10000; await new Promise((done) => setTimeout(done, 100)))
    if (wanted(await editorText(page))) break;
  return editorText(page);
}

test('Download saves the program as a .py file, Load .py opens one, Reset asks before the starter comes back', async () => {
  const page = app.page;
  const mine = '# mine\ndef evaluate(field):\n    return 2\n';
  await page.evaluate((text) => window.gridlab.act({ code: text }), mine);
  const [download] = await Promise.all([page.waitForEvent('download'), clickControl(page, 'download')]);
  assert.equal(download.suggestedFilename(), 'puyo_lesson.py');
  assert.equal(readFileSync(await download.path(), 'utf8'), mine);

  const theirs = 'def evaluate(field):\n    return 3  # 三\n';
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), clickControl(page, 'load')]);
  await chooser.setFiles({ name: 'theirs.py', mimeType: 'text/x-python', buffer: Buffer.from(theirs) });
  assert.equal(await editorOnce(page, (text) => text === theirs), theirs);

  await clickControl(page, 'reset');
  await clickControl(page, 'reset_no');  // "Keep my code"
  assert.equal(await editorText(page), theirs);
  await clickControl(page, 'reset');
  await clickControl(page, 'reset_yes');
  assert.match(await editorOnce(page, (text) => text !== theirs), /^"""gridlab Code lesson: Puyo Puyo/);
});

test('the editor by keyboard: Tab indents, Ctrl+Z undoes, Escape then Tab leaves it', async () => {
  const page = app.page;
  await page.evaluate((text) => window.gridlab.act({ code: text }), 'x = 0');
  await page.click('#code-editor .cm-content');
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.type('y = 1');
  assert.equal(await editorText(page), 'x = 0\n    y = 1');
  await page.keyboard.press('Control+z');
  const undone = await editorOnce(page, (text) => text !== 'x = 0\n    y = 1');
  assert.ok(undone.length < 'x = 0\n    y = 1'.length && 'x = 0\n    y = 1'.startsWith(undone), `undone to ${JSON.stringify(undone)}`);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.getElementById('code-editor').contains(document.activeElement)), false,
               'the focus left the editor');
});

// The other two lessons, switched to in the same page (the worker and its Python stay): their
// starter programs play the games the native module plays with them (tests/python/test_lessons.py).
// The Minesweeper starter knows only step 1 of three (a number whose mines are all known), so it
// never finds a mine and only guesses: no wins on beginner until the student writes step 2.
const STARTERS = [
  { lesson: 'minesweeper', games: 10, fingerprint: ({ games, wins, moves, guesses }) => ({ games, wins, moves, guesses }),
    native: { games: 10, wins: 0, moves: 49, guesses: 49 } },
  { lesson: 'gomoku', games: 2, fingerprint: ({ games, wins, losses, per_game }) => ({ games, wins, losses, moves: per_game.map((game) => game.moves) }),
    native: { games: 2, wins: 0, losses: 2, moves: [20, 15] } },
];
for (const { lesson, games, fingerprint, native } of STARTERS) {
  test(`the ${lesson} lesson's starter program plays the games the native module plays`, async () => {
    await app.page.evaluate((code) => window.gridlab.newGame({ game: 'code', code }), lesson);
    await waitStatus(app.page, ['idle']);
    assert.equal((await codeState(app.page)).lesson, lesson);
    // The editor shows the lesson's starter once the page has fetched it (a Run waits for it too).
    await lessonShown(app.page, lesson);
    const state = await runProgram(app.page, null, games);
    assert.equal(state.status, 'done', JSON.stringify(state.error));
    assert.deepEqual(fingerprint(state.result), native);
    await screenshot(app.page, `code-${lesson}-done`);
  });
}

// A lesson changed and run at once, before a frame (as a script through window.gridlab may): the run
// is the new lesson's program. The page used to open the new lesson's editor only at the next frame,
// so such a run ran the last lesson's program under the new one's name (found by the school day).
test('a run asked for as the lesson changes runs the new lesson\'s program', async () => {
  await app.page.evaluate(() => window.gridlab.newGame({ game: 'code', code: 'puyo' }));
  await waitStatus(app.page, ['idle']);
  await app.page.evaluate(() => {
    window.gridlab.newGame({ game: 'code', code: 'minesweeper' });
    window.gridlab.act({ run: { games: 2 } });
  });
  await waitStatus(app.page, ['done', 'error']);
  const state = await codeState(app.page);
  assert.equal(state.lesson, 'minesweeper');
  assert.equal(state.status, 'done', JSON.stringify(state.error));
});

// Opening a lesson is not an edit of the last one's program: Ctrl+Z in the lesson just opened leaves
// its program (it used to bring back the last lesson's, and save it as this lesson's).
test('Ctrl+Z in a lesson just opened does not bring back the last lesson\'s program', async () => {
  const page = app.page;
  for (const lesson of ['gomoku', 'minesweeper']) {
    await page.evaluate((code) => window.gridlab.newGame({ game: 'code', code }), lesson);
    await waitStatus(page, ['idle']);
    await lessonShown(page, lesson);
  }
  const program = await editorText(page);
  await page.click('#code-editor .cm-content');
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  await frames(page, 10);
  assert.equal(await editorText(page), program);
  await page.evaluate(() => window.gridlab.newGame({ game: 'code', code: 'minesweeper' }));  // the same lesson again
  await frames(page, 10);
  assert.equal(await editorText(page), program);
});

// The lesson in the page's other languages: its text, buttons, error and hint all translated, and
// Chinese, Japanese or Korean in the program's comments and strings, run as they are; on a touch
// screen, where a tap puts the cursor in the editor and text comes as an input method gives it.
for (const [language, comment] of [['ja', '# 高さを数える'], ['ko', '# 높이를 센다'], ['zh-Hans', '# 数一数高度']]) {
  test(`the lesson in ${language}, by touch: nothing untranslated, an error and its hint in the language`, async () => {
    const other = await openApp(env.browser, env.site.url + `?lang=${language}&game=code&code=puyo`, { hasTouch: true });
    try {
      await waitStatus(other.page, ['idle']);
      const state = await runProgram(other.page, `${comment}\ndef evaluate(field):\n    top = field[0]\n    return top[6]\n`);
      assert.equal(state.status, 'error');
      assert.equal(state.error.line, 4);
      await frames(other.page, 3);
      assert.deepEqual(await other.page.evaluate(() => window.gridlab.untranslated()), []);
      assert.deepEqual(other.errors, []);
      await screenshot(other.page, `code-puyo-error-${language}`);
      const firstLine = await other.page.locator('#code-editor .cm-line').first().boundingBox();
      await other.page.touchscreen.tap(firstLine.x + firstLine.width - 4, firstLine.y + firstLine.height / 2);
      await other.page.keyboard.press('End');
      await other.page.keyboard.insertText(comment.slice(1));
      assert.equal((await editorText(other.page)).split('\n')[0], comment + comment.slice(1));
    } finally {
      await other.close();
    }
  });
}
