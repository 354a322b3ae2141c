// The site offline (issue 19 item 5): after a first visit the service worker has cached the site,
// so the page opens and plays with the network off (the Code lesson too, issue 44); a new build
// replaces the cache as a whole.
// The site is copied to a temporary folder, where a "new build" is made by changing a file and
// listing the site again with cmake/SiteManifest.cmake, as the build does.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { appState, openApp, reload, startBrowser, WEB_DIR } from './browser.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const siteDir = mkdtempSync(join(tmpdir(), 'gridlab-site-'));
let env;
before(async () => {
  cpSync(WEB_DIR, siteDir, { recursive: true });
  env = await startBrowser(siteDir);
});
after(async () => {
  await env.close();
  rmSync(siteDir, { recursive: true, force: true });
});

const buildOf = (dir) => /const BUILD = '([0-9a-f]+)'/.exec(readFileSync(join(dir, 'service-worker.js'), 'utf8'))[1];

// Polls `condition` (an async function) until it is true, for up to `ms`.
async function until(condition, what, ms = 30000) {
  for (const started = Date.now(); Date.now() - started < ms; await new Promise((done) => setTimeout(done, 200)))
    if (await condition()) return;
  throw new Error('timed out waiting for ' + what);
}

// The mark the "new build" puts in style.css, as the page loaded it ('' for the old build).
const loadedBuildMark = (page) => page.evaluate(() => getComputedStyle(document.body).getPropertyValue('--build').trim());

// Waits until this page is controlled by the service worker and its build's cache holds the site.
async function offlineReady(page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30000 });
  return page.evaluate(async () => {
    const names = await caches.keys();
    const cached = names.length === 1 ? (await (await caches.open(names[0])).keys()).map((r) => new URL(r.url).pathname) : [];
    return { names, cached: cached.sort() };
  });
}

test('after a first visit the page opens and plays a move with the network off', async () => {
  const url = env.site.url + '?game=gomoku&size=15&black=human&white=mcts&ms=200&seed=9';
  const app = await openApp(env.browser, url);
  const { names, cached } = await offlineReady(app.page);
  assert.deepEqual(names, ['gridlab-' + buildOf(siteDir)]);
  for (const file of ['/index.html', '/index.js', '/index.wasm', '/worker.js', '/worker.wasm', '/manifest.webmanifest', '/icon-192.png'])
    assert.ok(cached.includes(file), `${file} is cached`);
  // Installable as an app (a Chromebook's shelf): Chromium finds nothing missing but a normal profile.
  const cdp = await app.page.context().newCDPSession(app.page);
  assert.deepEqual((await cdp.send('Page.getAppManifest')).errors, []);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  assert.deepEqual(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito'), []);

  await app.page.context().setOffline(true);
  await reload(app.page);
  await app.page.evaluate(() => window.gridlab.act({ move: 'h8' }));
  await app.page.waitForFunction(() => window.gridlab.state().moves.length === 2, null, { timeout: 30000 });
  const state = await appState(app.page);
  assert.equal(state.ai_runner, 'worker', 'the AI worker came from the cache too');
  assert.deepEqual(app.errors, []);
  assert.equal(await app.page.evaluate(() => fetch('not-in-the-site.txt').then(() => 'online', () => 'offline')), 'offline',
               'the network was off');
  await app.close();
});

test('the Code lesson, opened once, runs a program with the network off', async () => {
  const lessonIdle = (page) => page.waitForFunction(() => window.gridlab.state().code.status === 'idle', null,
                                                     { timeout: 120000, polling: 200 });
  const app = await openApp(env.browser, env.site.url + '?game=code&code=puyo');
  await offlineReady(app.page);
  await lessonIdle(app.page);
  // The lesson's files came before the service worker was in charge; the page hands their list on.
  const codeCached = () => app.page.evaluate(async () => {
    const cache = await caches.open((await caches.keys())[0]);
    const paths = (await cache.keys()).map((request) => new URL(request.url).pathname);
    return ['/code/worker.js', '/code/engines.wasm', '/code/pyodide/pyodide.asm.wasm', '/code/editor.js', '/code/lessons/puyo_lesson.py']
      .filter((path) => !paths.includes(path));
  });
  await until(async () => (await codeCached()).length === 0, 'the lesson\'s files in the cache', 60000)
    .catch(async () => assert.deepEqual(await codeCached(), [], 'missing from the cache'));

  await app.page.context().setOffline(true);
  await reload(app.page);
  await lessonIdle(app.page);
  await app.page.evaluate(() => window.gridlab.act({ run: { games: 1 } }));
  await app.page.waitForFunction(() => ['done', 'error'].includes(window.gridlab.state().code.status), null, { timeout: 120000 });
  const state = (await appState(app.page)).code;
  assert.equal(state.status, 'done', JSON.stringify(state.error));
  assert.equal(state.result.games, 1);
  assert.deepEqual(app.errors, []);
  assert.equal(await app.page.evaluate(() => fetch('not-in-the-site.txt').then(() => 'online', () => 'offline')), 'offline',
               'the network was off');
  await app.close();
});

test('a new build replaces the cache: the next start takes it over and deletes the old one', async () => {
  const app = await openApp(env.browser, env.site.url);
  await offlineReady(app.page);
  const oldBuild = buildOf(siteDir);

  // The "new build": a changed file, listed again.
  appendFileSync(join(siteDir, 'style.css'), '\nbody { --build: new; }\n');
  execFileSync('cmake', [`-DSITE_DIR=${siteDir}`, `-DTEMPLATE=${join(ROOT, 'assets/service-worker.js')}`,
                         '-P', join(ROOT, 'cmake/SiteManifest.cmake')]);
  const newBuild = buildOf(siteDir);
  assert.notEqual(newBuild, oldBuild);

  // A reload finds the new worker, which installs beside the old build and waits: this page still
  // runs the old build whole.
  await reload(app.page);
  await until(() => app.page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).waiting !== null),
              'the new build to be installed');
  assert.equal(await loadedBuildMark(app.page), '', 'the page still runs the old build whole');

  // The next start: the new build takes over before the app loads (or, when its activation is slow,
  // right after: the page reloads then), and the old cache is gone. Chromium sometimes holds the
  // activation past 15 s (the old build's requests in flight): a start after that one finishes it.
  const replaced = async () => (await app.page.evaluate(() => caches.keys())).join() === 'gridlab-' + newBuild;
  let starts = 0;
  while (!(await replaced()) && starts < 3) {
    starts++;
    await reload(app.page);
    await until(replaced, 'the old cache to be deleted', 15000).catch(() => {});
  }
  assert.ok(await replaced(), `the old cache is deleted (after ${starts} starts)`);
  await app.page.waitForFunction(() => window.gridlab && window.gridlab.ready, null, { timeout: 60000 });
  assert.equal(await loadedBuildMark(app.page), 'new', 'the page runs on the new build');
  assert.deepEqual(app.errors, []);
  await app.close();
});
