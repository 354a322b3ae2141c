// Benchmark, not a test: the Code lesson's numbers for docs/code-lesson.md, in headless Chromium.
//   cd tests/e2e && node bench/code_lesson_timing.mjs [throttle=4]
// Prints one JSON line:
// - ready_ms: from navigation to the lesson's status "idle" (Python and the engines loaded), on a
//   page whose main thread is slowed `throttle` times (CDP Emulation.setCPUThrottlingRate), first
//   uncached (a new browser profile) and then cached (a reload: the service worker serves code/);
// - run_ms: Run to "done" for a 10-line evaluate on 20 games x 50 pairs (wall time; the worker's
//   thread is busy for all of it), unthrottled, with gridlab's own AIs' games after it excluded
//   (they ran once before, so the run does not play them again);
// - loop_stop_ms: Run to "error" for an endless loop;
// - the machine's load averages, since the wall times share 2 cores with other work.
import { loadavg } from 'node:os';
import { startBrowser } from '../browser.mjs';
import { ENDLESS_LOOP, TEN_LINES } from '../code_programs.mjs';

const throttle = Number(process.argv[2] || 4);
const URL_PATH = '?game=code&code=puyo';
const idle = (page) => page.waitForFunction(() => window.gridlab && window.gridlab.ready && window.gridlab.state().code.status === 'idle', null, { timeout: 300000, polling: 50 });
const readyMs = async (page) => { await idle(page); return page.evaluate(() => Math.round(performance.now())); };

async function run(page, source, games) {
  await page.evaluate((text) => window.gridlab.act({ code: text }), source);
  const started = Date.now();
  await page.evaluate((n) => window.gridlab.act({ run: { games: n } }), games);
  await page.waitForFunction(() => ['done', 'error'].includes(window.gridlab.state().code.status), null, { timeout: 600000, polling: 50 });
  return { ms: Date.now() - started, state: (await page.evaluate(() => window.gridlab.state())).code };
}

const env = await startBrowser();
try {
  const context = await env.browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await page.goto(env.site.url + URL_PATH);
  const uncached = await readyMs(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30000 });
  await page.reload();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  const cached = await readyMs(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await run(page, TEN_LINES, 20);  // once, so that gridlab's AIs' games are known
  const games = await run(page, TEN_LINES, 20);
  const loop = await run(page, ENDLESS_LOOP, 1);
  console.log(JSON.stringify({
    throttle, ready_ms: { uncached, cached }, run_ms: games.ms, result: games.state.result && {
      games: games.state.result.games, mean_score: games.state.result.mean_score, mean_max_chain: games.state.result.mean_max_chain },
    loop_stop_ms: loop.ms, loop_error: loop.state.error && loop.state.error.kind, load: loadavg().map((x) => x.toFixed(2)),
  }));
  await context.close();
} finally {
  await env.close();
}
