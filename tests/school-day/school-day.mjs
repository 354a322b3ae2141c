// A school day on one page (issue 47 part 4): the page is opened once and left running. A Learn run
// trains all day (the Minesweeper lesson, in the AI worker), while the games play AI against AI and
// the Code lesson runs its starter programs, each in turn for a slot of minutes, game after game (run
// after run); after each round the Learn screen is visited through the start screen, as a student
// would, to see that its run is training on. Every `sample` minutes, measured in headless Chromium
// (Chrome DevTools Protocol, after a forced garbage collection): the JS heap of the page, of the AI
// worker and of the Code lesson's Python worker, the WebAssembly memory of each, the page's frame
// times (requestAnimationFrame intervals over 3 s) and the app's own work per frame
// (window.gridlab.frameMs()); all day: console errors and warnings.
//
//   node tests/school-day/school-day.mjs [MINUTES] [--slot MINUTES] [--sample MINUTES] [--warmup MINUTES]
//       defaults: 240 minutes, slots of 5, a sample every 10, the first 30 minutes a warm-up
//
// Writes build/e2e/school-day.json (and, with GRIDLAB_SCHOOL_DAY_OUT=name, build/e2e/<name>.json).
// tests/school-day/short.test.mjs runs 10 minutes of it with its assertions; the long run's numbers
// are in docs/school-day.md.
import { fileURLToPath } from 'node:url';
import { appState, openApp, recordMeasurement, startBrowser } from '../e2e/browser.mjs';
import { percentile } from '../server/class.mjs';

const gameOver = (state) => state.status && state.status !== 'playing';
const CODE_LESSONS = ['puyo', 'minesweeper', 'gomoku'];
// What the day does, in turn. `params(round)`: the screen opened (a new game); `start`: the action that
// sets it going, if the link does not; `ready`: whether the screen can take it yet; `over`: whether the
// game (the run) has ended. The Code lesson runs its lesson's starter program on the lesson's games,
// run after run, a different lesson each round (Python is started once, in its own worker).
export const ACTIVITIES = [
  { game: 'minesweeper', params: () => ({ game: 'minesweeper', level: 'expert', speed: '30' }), start: { ai: 'play' }, over: gameOver },
  { game: 'puyo', params: () => ({ game: 'puyo', rules: 'tsu', play: 'ai', speed: '20' }), over: gameOver },
  { game: 'gomoku', params: () => ({ game: 'gomoku', size: '15', black: 'mcts', white: 'pure-mcts', ms: '150', playouts: '2000' }),
    over: gameOver },
  { game: 'code', params: (round) => ({ game: 'code', code: CODE_LESSONS[round % CODE_LESSONS.length] }), start: { run: {} },
    ready: (state) => state.code.ready && state.code.status !== 'running',
    over: (state) => state.code.status === 'done' || state.code.status === 'error' },
];
// The Learn run: the lesson the Learn screen opens with, trained from the start of the day.
const LEARN = { game: 'learn', level: 'beginner', seed: '1' };

const minutesSince = (start) => (Date.now() - start) / 60000;
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

// DevTools sessions to the page's workers: the page's session attaches to them (not flattened), and
// messages to a worker go through Target.sendMessageToTarget. `send(kind, ...)`: to the AI worker ('ai',
// worker.js) or the Code lesson's ('code', code/worker.js). A worker started again by the page
// (web/ai_client.js after a crash, web/code/page.js after a program that never returns) is attached
// in turn; `attached[kind]` counts them.
const workerKind = (url) => (url.endsWith('/code/worker.js') ? 'code' : 'ai');
async function workerChannels(cdp) {
  const sessions = {};
  let nextId = 1;
  const waiting = new Map();
  const channels = { attached: { ai: 0, code: 0 } };
  cdp.on('Target.attachedToTarget', ({ sessionId, targetInfo }) => {
    if (targetInfo.type !== 'worker') return;
    const kind = workerKind(targetInfo.url);
    sessions[kind] = sessionId;
    channels.attached[kind] += 1;
  });
  cdp.on('Target.detachedFromTarget', ({ sessionId }) => {
    for (const kind of Object.keys(sessions)) if (sessions[kind] === sessionId) delete sessions[kind];
  });
  cdp.on('Target.receivedMessageFromTarget', ({ message }) => {
    const reply = JSON.parse(message);
    const pending = waiting.get(reply.id);
    if (!pending) return;
    waiting.delete(reply.id);
    if (reply.error) pending.fail(new Error(reply.error.message));
    else pending.done(reply.result);
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  channels.has = (kind) => kind in sessions;
  channels.send = (kind, method, params = {}) => new Promise((done, fail) => {
    if (!(kind in sessions)) return fail(new Error(`no ${kind} worker attached`));
    const id = nextId++;
    waiting.set(id, { done, fail });
    cdp.send('Target.sendMessageToTarget', { sessionId: sessions[kind], message: JSON.stringify({ id, method, params }) }).catch(fail);
    setTimeout(() => waiting.delete(id) && fail(new Error(`the ${kind} worker did not answer ${method}`)), 30000);
  });
  return channels;
}

const mb = (bytes) => +(bytes / 2 ** 20).toFixed(2);

// A worker's JS heap after a garbage collection, and its WebAssembly memory (`wasm`: an expression
// for it in the worker, awaited).
async function workerMemory(workers, kind, wasm) {
  await workers.send(kind, 'HeapProfiler.collectGarbage');
  const heap = await workers.send(kind, 'Runtime.getHeapUsage');
  const memory = await workers.send(kind, 'Runtime.evaluate', { expression: wasm, returnByValue: true, awaitPromise: true });
  const bytes = memory.result.value;
  return { js_heap_mb: mb(heap.usedSize), wasm_mb: bytes === null || bytes === undefined ? null : mb(bytes) };
}

// The Code worker's WebAssembly memories, Python's (Pyodide) and the engines' (src/code), once both
// are loaded (gridlabEngines is set then); null while Python starts.
const CODE_WASM = 'self.gridlabEngines ? runtime.then(({ pyodide }) => pyodide._module.HEAPU8.length + self.gridlabEngines.HEAPU8.length) : null';

// The Code worker's memory once Python is ready, else null. A worker runs a program without a
// break, so it answers only between runs: one that does not answer within the channel's 30 s (a
// long run on a slow machine) is not measured this time.
async function codeMemory(workers) {
  try {
    const memory = await workerMemory(workers, 'code', CODE_WASM);
    return memory.wasm_mb === null ? null : memory;
  } catch (error) {
    return null;
  }
}

// The page's and the workers' memory after a garbage collection; the page's frames over 3 s.
async function measure(page, cdp, workers) {
  await cdp.send('HeapProfiler.collectGarbage');
  const pageHeap = await cdp.send('Runtime.getHeapUsage');
  const ai = await workerMemory(workers, 'ai', 'Module.HEAPU8.length');
  const code = workers.has('code') ? await codeMemory(workers) : null;
  const onPage = await page.evaluate(() => new Promise((done) => {
    const gaps = [];
    let last = null;
    const end = performance.now() + 3000;
    const step = (t) => {
      if (last !== null) gaps.push(t - last);
      last = t;
      if (t < end) requestAnimationFrame(step);
      else done({ gaps, wasm: window.Module.HEAPU8.length, app_frame_ms: window.gridlab.frameMs(), ai: window.gridlabAi.stats() });
    };
    requestAnimationFrame(step);
  }));
  return {
    page_js_heap_mb: mb(pageHeap.usedSize), page_wasm_mb: mb(onPage.wasm),
    worker_js_heap_mb: ai.js_heap_mb, worker_wasm_mb: ai.wasm_mb,
    ...(code && { code_js_heap_mb: code.js_heap_mb, code_wasm_mb: code.wasm_mb }),
    frame_ms_p50: +percentile(onPage.gaps, 50).toFixed(1), frame_ms_p95: +percentile(onPage.gaps, 95).toFixed(1),
    frame_ms_max: +Math.max(...onPage.gaps).toFixed(1), frames_in_3s: onPage.gaps.length,
    app_frame_ms: +onPage.app_frame_ms.toFixed(2), ai_messages: onPage.ai.received, ai_restarts: onPage.ai.restarts,
  };
}

// Least-squares slope of `key` over the samples' minutes, per hour.
function slopePerHour(samples, key) {
  const n = samples.length;
  if (n < 2) return null;
  const mx = samples.reduce((s, x) => s + x.minute, 0) / n, my = samples.reduce((s, x) => s + x[key], 0) / n;
  const sxy = samples.reduce((s, x) => s + (x.minute - mx) * (x[key] - my), 0);
  const sxx = samples.reduce((s, x) => s + (x.minute - mx) ** 2, 0);
  return +((sxy / sxx) * 60).toFixed(3);
}

// Growth after the warm-up: last sample minus the first after it, the largest value, and the trend.
export function growth(samples, warmupMinutes) {
  const after = samples.filter((s) => s.minute >= warmupMinutes);
  const keys = ['page_js_heap_mb', 'page_wasm_mb', 'worker_js_heap_mb', 'worker_wasm_mb', 'code_js_heap_mb', 'code_wasm_mb'];
  const result = {};
  for (const key of keys) {
    const measured = after.filter((s) => s[key] !== undefined);  // the Code worker: once Python is ready
    if (measured.length === 0) continue;
    result[key] = { first: measured[0][key], last: measured[measured.length - 1][key], max: Math.max(...measured.map((s) => s[key])),
                    growth: +(measured[measured.length - 1][key] - measured[0][key]).toFixed(2), per_hour: slopePerHour(measured, key) };
  }
  return result;
}

// Back to the start screen ("< Games") and into the Learn card: its run, as the Learn screen shows it.
async function visitLearn(page) {
  await page.mouse.click(50, 24);
  await page.waitForFunction(() => window.gridlab.state().screen === 'start', null, { timeout: 10000 });
  const card = (await appState(page)).cards.find((c) => c.game === 'learn');
  await page.mouse.click(card.x + card.w / 2, card.y + card.h / 2);
  await page.waitForFunction(() => window.gridlab.state().game === 'learn', null, { timeout: 10000 });
  const state = await appState(page);
  return { training: state.training, episodes: state.episodes };
}

// `progress(day)`: called after each sample with the day so far (a long run's numbers survive a stop).
export async function schoolDay({ minutes = 240, slot = 5, sample = 10, warmup = 30, log = console.log, progress = () => {} } = {}) {
  const env = await startBrowser();
  const app = await openApp(env.browser, env.site.url + '?game=learn&level=beginner&seed=1');
  const warnings = [];
  app.page.on('console', (message) => { if (message.type() === 'warning') warnings.push(message.text()); });
  const cdp = await app.page.context().newCDPSession(app.page);
  const workers = await workerChannels(cdp);
  const day = { minutes, slot, sample, warmup, activities: ACTIVITIES.map((a) => a.game), samples: [], learn: [],
                games_finished: Object.fromEntries(ACTIVITIES.map((a) => [a.game, 0])), game_starts: 0, code_errors: [],
                console_errors: app.errors, console_warnings: warnings, workers_attached: workers.attached };
  const started = Date.now();
  // The day ends at its time, or at the first console error: an error may be the app's end (an
  // abort stops the page's WebAssembly for good), after which nothing measured means anything.
  const going = () => minutesSince(started) < minutes && app.errors.length === 0;

  await app.page.evaluate((params) => window.gridlab.newGame(params), LEARN);
  await app.page.evaluate(() => window.gridlab.act({ train: 'start' }));
  await app.page.waitForFunction(() => window.gridlab.state().training === true, null, { timeout: 30000 });
  await app.page.waitForFunction(() => window.gridlabAi.stats().trainings > 0, null, { timeout: 30000 });
  let nextSample = 0;
  const takeSample = async () => {
    const shown = (await appState(app.page)).game;  // frame times depend on the board drawn
    const entry = { minute: +minutesSince(started).toFixed(2), game: shown, ...(await measure(app.page, cdp, workers)),
                    errors: app.errors.length };
    day.samples.push(entry);
    log(JSON.stringify(entry));
    progress(day);
    nextSample += sample;
  };
  await takeSample();

  // Waits, taking samples when due, until `until(state)` or the slot is over; the state that ended it.
  const waitFor = async (until, slotEnd) => {
    while (Date.now() < slotEnd && going()) {
      if (minutesSince(started) >= nextSample) await takeSample();
      const state = await appState(app.page);
      if (until(state)) return state;
      await sleep(1000);
    }
    return null;
  };
  // One game (run) after another of `activity` until its slot is over.
  const play = async (activity, round) => {
    const slotEnd = Date.now() + slot * 60000;
    while (Date.now() < slotEnd && going()) {
      await app.page.evaluate((params) => window.gridlab.newGame(params), activity.params(round));
      if (activity.ready && !(await waitFor(activity.ready, slotEnd))) return;
      if (activity.start) await app.page.evaluate((action) => window.gridlab.act(action), activity.start);
      day.game_starts += 1;
      const end = await waitFor(activity.over, slotEnd);
      if (!end) return;
      day.games_finished[activity.game] += 1;
      if (activity.game === 'code' && end.code.status === 'error') day.code_errors.push({ round, ...end.code.error });
    }
  };
  for (let round = 0; going(); ++round) {
    for (const activity of ACTIVITIES) await play(activity, round);
    if (!going()) break;
    const learn = { minute: +minutesSince(started).toFixed(2), ...(await visitLearn(app.page)) };
    day.learn.push(learn);
    log(JSON.stringify({ learn }));
  }
  if (app.errors.length === 0) await takeSample();  // an aborted app cannot be measured
  day.growth = growth(day.samples, warmup);
  const frameSummary = (samples) => ({
    frame_ms_p50: percentile(samples.map((s) => s.frame_ms_p50), 50), frame_ms_p95: percentile(samples.map((s) => s.frame_ms_p95), 50),
    app_frame_ms: percentile(samples.map((s) => s.app_frame_ms), 50),
  });
  const afterWarmup = day.samples.filter((s) => s.minute >= warmup);
  const half = Math.floor(afterWarmup.length / 2);
  day.frames = { first_half: frameSummary(afterWarmup.slice(0, half)), second_half: frameSummary(afterWarmup.slice(half)) };
  day.wall_minutes = +minutesSince(started).toFixed(2);
  await app.close();
  await env.close();
  return day;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const options = { minutes: 240 };
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; ++i) {
    if (args[i].startsWith('--')) options[args[i].slice(2)] = Number(args[++i]);
    else options.minutes = Number(args[i]);
  }
  const out = process.env.GRIDLAB_SCHOOL_DAY_OUT || 'school-day';
  const progress = (day) => recordMeasurement(out, { ...day, growth: growth(day.samples, day.warmup),
                                                     wall_minutes: day.samples[day.samples.length - 1].minute, unfinished: true });
  const day = await schoolDay({ ...options, progress });
  recordMeasurement(out, day);
  const { samples, ...summary } = day;
  console.log(JSON.stringify(summary));
  process.exit(day.console_errors.length ? 1 : 0);
}
