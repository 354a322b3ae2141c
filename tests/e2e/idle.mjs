// What the page costs (issue 19 item 6): the main thread's CPU time per second of an idle page
// (Chrome DevTools Protocol Performance metrics TaskDuration and ScriptDuration over SECONDS), on
// the start screen, a Gomoku board and a Minesweeper game whose clock runs; and the page's frame
// rate (requestAnimationFrame callbacks a second) under 4x CPU throttling while two AIs play
// Gomoku 15x15 in the worker.
//
//   node tests/e2e/idle.mjs [SECONDS]     (after a wasm build; GRIDLAB_WEB_DIR=... for another site)
//
// Writes build/e2e/idle.json. Not part of `node --test` (it takes a minute); its numbers are in the
// README. The machine's other load shows in the numbers: compare builds run back to back.
import { openApp, recordMeasurement, startBrowser } from './browser.mjs';

const seconds = Number(process.argv[2] || 10);
const env = await startBrowser();

// Main-thread seconds of work per second of wall time, and the page's frames per second.
async function measure(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const metric = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const value = (name) => metrics.find((m) => m.name === name).value;
    return { task: value('TaskDuration'), script: value('ScriptDuration'), at: value('Timestamp') };
  };
  const countFrames = page.evaluate((ms) => new Promise((done) => {
    let count = 0;
    const end = performance.now() + ms;
    const step = (t) => (t >= end ? done(count) : (count++, requestAnimationFrame(step)));
    requestAnimationFrame(step);
  }), seconds * 1000);
  const appFrames = () => page.evaluate(() => (window.gridlab.frames ? window.gridlab.frames() : null));
  const before = await metric();
  const appBefore = await appFrames();
  const rafFrames = await countFrames;
  const after = await metric();
  const appAfter = await appFrames();
  const wall = after.at - before.at;
  const perSecond = (n) => +(n / wall).toFixed(1);
  return {
    task_ms_per_s: +((after.task - before.task) * 1000 / wall).toFixed(1),
    script_ms_per_s: +((after.script - before.script) * 1000 / wall).toFixed(1),
    page_fps: +(rafFrames / wall).toFixed(1),
    app_frames_built_per_s: appAfter ? perSecond(appAfter.built - appBefore.built) : null,
    app_frames_drawn_per_s: appAfter ? perSecond(appAfter.drawn - appBefore.drawn) : null,
    cdp,
  };
}

async function idle(name, query, prepare = async () => {}) {
  const app = await openApp(env.browser, env.site.url + query);
  await prepare(app.page);
  await app.page.mouse.move(5, 5);  // the pointer rests off the board, as a student's would
  await app.page.waitForTimeout(2000);  // the page settles
  const { cdp, ...result } = await measure(app.page);
  await app.close();
  console.log(name, JSON.stringify(result));
  return result;
}

async function throttledAiGame() {
  const app = await openApp(env.browser, env.site.url + '?game=gomoku&size=15&black=mcts&white=mcts&ms=300&seed=5');
  const cdp = await app.page.context().newCDPSession(app.page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const movesBefore = (await app.page.evaluate(() => window.gridlab.state())).moves.length;
  const { cdp: _, ...result } = await measure(app.page);
  result.moves_played = (await app.page.evaluate(() => window.gridlab.state())).moves.length - movesBefore;
  result.frame_ms = +(await app.page.evaluate(() => window.gridlab.frameMs())).toFixed(2);
  await app.close();
  console.log('gomoku-ai-vs-ai-throttled-4x', JSON.stringify(result));
  return result;
}

const results = {
  seconds,
  start_screen: await idle('start-screen', ''),
  gomoku_board: await idle('gomoku-board', '?game=gomoku&size=15&black=human&white=human'),
  minesweeper_clock: await idle('minesweeper-clock', '?game=minesweeper&level=beginner&seed=3', async (page) => {
    await page.evaluate(() => window.gridlab.act({ reveal: [4, 4] }));  // the clock starts
  }),
  gomoku_ai_vs_ai_throttled_4x: await throttledAiGame(),
};
recordMeasurement('idle', results);
await env.close();
