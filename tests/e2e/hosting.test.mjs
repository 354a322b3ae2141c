// Hosting (issues 20 and 47): the bundled server (scripts/serve.mjs) sends gzip, ETags and
// "no-cache", refuses writes, can serve the LAN; what a page load costs on the wire, first and again
// (build/e2e/transfer.json); and on a school's hostname, what works offline over http and over https
// with the school's certificate. The server under load and hostile requests: tests/server/.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, openApp, recordMeasurement, reload, startBrowser, WEB_DIR } from './browser.mjs';
import { serve } from '../../scripts/serve.mjs';
import { rawGet, selfSignedCertificate } from '../server/class.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env.close(); });

test('the server gzips for clients that accept it, answers 304 to a known ETag, and refuses writes', async () => {
  const wasm = readFileSync(join(WEB_DIR, 'index.wasm'));
  const plain = await rawGet(env.site.url + 'index.wasm');
  assert.equal(plain.status, 200);
  assert.equal(plain.headers['content-type'], 'application/wasm');
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.ok(plain.body.equals(wasm));

  const gzipped = await rawGet(env.site.url + 'index.wasm', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
  assert.equal(gzipped.headers['content-encoding'], 'gzip');
  assert.equal(gzipped.headers['cache-control'], 'no-cache');
  assert.equal(gzipped.headers.vary, 'Accept-Encoding');
  assert.ok(gunzipSync(gzipped.body).equals(wasm));
  assert.ok(gzipped.body.length < wasm.length * 0.6, `${gzipped.body.length} bytes gzipped of ${wasm.length}`);
  assert.notEqual(gzipped.headers.etag, plain.headers.etag, 'each representation has its own tag');

  const again = await rawGet(env.site.url + 'index.wasm', { headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': gzipped.headers.etag } });
  assert.equal(again.status, 304);
  assert.equal(again.body.length, 0);
  const png = await rawGet(env.site.url + 'icon-192.png', { headers: { 'Accept-Encoding': 'gzip' } });
  assert.equal(png.headers['content-encoding'], undefined, 'PNG is compressed already');

  assert.equal((await rawGet(env.site.url + 'index.html', { method: 'POST' })).status, 405);
  assert.equal((await rawGet(env.site.url + 'index.html', { method: 'PUT' })).status, 405);
  assert.equal((await rawGet(env.site.url + '..%2f..%2fREADME.md')).status, 400);
  assert.equal((await rawGet(env.site.url + 'no-such-file')).status, 404);
});

test('--host 0.0.0.0 serves every interface', async () => {
  const lan = await serve(WEB_DIR, { host: '0.0.0.0' });
  const port = new URL(lan.url).port;
  assert.equal((await rawGet(`http://127.0.0.1:${port}/index.html`)).status, 200);
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

// The base64 SHA-256 of a certificate's public key: Chromium trusts a certificate whose key it is
// given so (--ignore-certificate-errors-spki-list), as a school's browsers trust its certificate.
function publicKeyHash(certFile) {
  const key = execFileSync('openssl', ['x509', '-in', certFile, '-noout', '-pubkey']);
  const der = execFileSync('openssl', ['pkey', '-pubin', '-outform', 'der'], { input: key });
  return execFileSync('openssl', ['dgst', '-sha256', '-binary'], { input: der }).toString('base64');
}

test('on a school hostname: over https with its certificate the page works offline, over plain http it works online only', async () => {
  const certificate = selfSignedCertificate();
  const https = await serve(WEB_DIR, { tls: { cert: readFileSync(certificate.cert), key: readFileSync(certificate.key) } });
  const http = await serve(WEB_DIR);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: [
    ...CHROMIUM_ARGS, '--host-resolver-rules=MAP gridlab.school.lan 127.0.0.1',
    `--ignore-certificate-errors-spki-list=${publicKeyHash(certificate.cert)}`] });
  const onSchoolHost = (url) => url.replace('127.0.0.1', 'gridlab.school.lan');
  try {
    const plain = await openApp(browser, onSchoolHost(http.url));
    assert.deepEqual(await plain.page.evaluate(() => ({ secure: window.isSecureContext, offline: window.gridlabOffline.supported })),
                     { secure: false, offline: false }, 'plain http on a LAN name: no service worker');
    await plain.close();

    const url = onSchoolHost(https.url) + '?game=gomoku&size=9&black=human&white=mcts&ms=100&seed=4';
    const app = await openApp(browser, url);
    assert.deepEqual(await app.page.evaluate(() => ({ secure: window.isSecureContext, offline: window.gridlabOffline.supported })),
                     { secure: true, offline: true });
    await app.page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30000 });
    await app.page.context().setOffline(true);
    await reload(app.page);
    await app.page.evaluate(() => window.gridlab.act({ move: [4, 4] }));
    await app.page.waitForFunction(() => window.gridlab.state().moves.length === 2, null, { timeout: 30000 });
    assert.deepEqual(app.errors, []);
    await app.close();
  } finally {
    await browser.close();
    await https.close();
    await http.close();
    certificate.remove();
  }
});
