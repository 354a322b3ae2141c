// Hosting (issue 20): the bundled server sends gzip, ETags and "no-cache", refuses writes, can
// serve the LAN; and what a page load costs on the wire, first and again (build/e2e/transfer.json).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { openApp, recordMeasurement, reload, startBrowser, WEB_DIR } from './browser.mjs';
import { serve } from '../../scripts/serve.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env.close(); });

// A raw HTTP request (node's fetch would decompress): status, headers and body bytes.
function get(url, headers = {}, method = 'GET') {
  return new Promise((done, fail) => {
    const request = httpRequest(url, { method, headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => done({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', fail);
    request.end();
  });
}

test('the server gzips for clients that accept it, answers 304 to a known ETag, and refuses writes', async () => {
  const wasm = readFileSync(join(WEB_DIR, 'index.wasm'));
  const plain = await get(env.site.url + 'index.wasm');
  assert.equal(plain.status, 200);
  assert.equal(plain.headers['content-type'], 'application/wasm');
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.ok(plain.body.equals(wasm));

  const gzipped = await get(env.site.url + 'index.wasm', { 'Accept-Encoding': 'gzip, deflate, br' });
  assert.equal(gzipped.headers['content-encoding'], 'gzip');
  assert.equal(gzipped.headers['cache-control'], 'no-cache');
  assert.equal(gzipped.headers.vary, 'Accept-Encoding');
  assert.ok(gunzipSync(gzipped.body).equals(wasm));
  assert.ok(gzipped.body.length < wasm.length * 0.6, `${gzipped.body.length} bytes gzipped of ${wasm.length}`);
  assert.notEqual(gzipped.headers.etag, plain.headers.etag, 'each representation has its own tag');

  const again = await get(env.site.url + 'index.wasm', { 'Accept-Encoding': 'gzip', 'If-None-Match': gzipped.headers.etag });
  assert.equal(again.status, 304);
  assert.equal(again.body.length, 0);
  const png = await get(env.site.url + 'icon-192.png', { 'Accept-Encoding': 'gzip' });
  assert.equal(png.headers['content-encoding'], undefined, 'PNG is compressed already');

  assert.equal((await get(env.site.url + 'index.html', {}, 'POST')).status, 405);
  assert.equal((await get(env.site.url + 'index.html', {}, 'PUT')).status, 405);
  assert.equal((await get(env.site.url + '..%2f..%2fREADME.md')).status, 400);
  assert.equal((await get(env.site.url + 'no-such-file')).status, 404);
});

test('--host 0.0.0.0 serves every interface', async () => {
  const lan = await serve(WEB_DIR, { host: '0.0.0.0' });
  const port = new URL(lan.url).port;
  assert.equal((await get(`http://127.0.0.1:${port}/index.html`)).status, 200);
  await lan.close();
});

// Bytes on the wire (Chrome DevTools Protocol Network.loadingFinished encodedDataLength) from the
// navigation until the app and its AI worker are up, then the same after a reload.
async function transferred(page, load) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  let bytes = 0;
  cdp.on('Network.loadingFinished', (event) => { bytes += event.encodedDataLength; });
  await load();
  await page.waitForFunction(() => window.gridlabAi.stats().ready, null, { timeout: 60000 });
  await page.waitForTimeout(500);
  await cdp.detach();
  return bytes;
}

test('a first load moves the gzipped site once; a reload moves only revalidations', async () => {
  // Plain HTTP (no service worker), as on a host without https.
  const context = await env.browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const ready = () => page.waitForFunction(() => window.gridlab && window.gridlab.ready, null, { timeout: 60000 });
  const first = await transferred(page, async () => { await page.goto(env.site.url); await ready(); });
  const again = await transferred(page, () => reload(page));
  await context.close();
  // With the service worker: after the first visit a reload comes from its cache.
  const app = await openApp(env.browser, env.site.url);
  await app.page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30000 });
  const cached = await transferred(app.page, () => reload(app.page));
  await app.close();
  const kb = (n) => Math.round(n / 1024);
  recordMeasurement('transfer', { first_load_kb: kb(first), reload_kb: kb(again), reload_with_service_worker_kb: kb(cached) });
  assert.ok(first < 1.5 * 1024 * 1024, `first load ${kb(first)} kB`);
  assert.ok(again < 20 * 1024, `reload ${kb(again)} kB`);
  assert.ok(cached < 20 * 1024, `reload with the service worker ${kb(cached)} kB`);
});
