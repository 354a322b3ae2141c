// Shared set-up for the end-to-end tests: Debian's Chromium (never a downloaded browser) driven by
// playwright-core, the built site served on 127.0.0.1, and helpers to read the page.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serve } from '../../scripts/serve.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const WEB_DIR = resolve(process.env.GRIDLAB_WEB_DIR || resolve(here, '../../build/wasm/web'));
export const OUT_DIR = resolve(process.env.GRIDLAB_E2E_OUT || resolve(here, '../../build/e2e'));

// The page's languages, as the menu lists them.
export const LANGUAGES = ['en', 'ja', 'ko', 'zh-Hans'];

// Headless WebGL2 through SwiftShader; the network flags keep Chromium off the (closed) internet.
export const CHROMIUM_ARGS = [
  '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-sandbox', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic',
];

// `extraArgs`: more Chromium flags, e.g. a school's hostname resolved to the test server.
export async function startBrowser(webDir = WEB_DIR, extraArgs = []) {
  const site = await serve(webDir);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: [...CHROMIUM_ARGS, ...extraArgs] });
  return { site, browser, async close() { await browser.close(); await site.close(); } };
}

// Opens the app and waits for its first frame; collects console errors and page errors.
export async function openApp(browser, url, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, ...options });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(url);
  await page.waitForFunction(() => window.gridlab && window.gridlab.ready, null, { timeout: 60000 });
  return { page, errors, close: () => context.close() };
}

export const appState = (page) => page.evaluate(() => window.gridlab.state());

// Waits until the app has drawn `count` more frames (the UI reacts to input on the next frame).
export async function frames(page, count = 3) {
  await page.evaluate((n) => new Promise((done) => {
    const step = () => (n-- <= 0 ? done() : requestAnimationFrame(step));
    requestAnimationFrame(step);
  }), count);
}

// How many distinct colours (quantised to 4 bits per channel) a screenshot has: a blank canvas has 1.
export async function distinctColours(page, png) {
  return page.evaluate(async (base64) => {
    const image = new Image();
    image.src = 'data:image/png;base64,' + base64;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, image.width, image.height).data;
    const seen = new Set();
    for (let i = 0; i < pixels.length; i += 4)
      seen.add(((pixels[i] >> 4) << 8) | ((pixels[i + 1] >> 4) << 4) | (pixels[i + 2] >> 4));
    return seen.size;
  }, png.toString('base64'));
}

export async function screenshot(page, name) {
  mkdirSync(OUT_DIR, { recursive: true });
  const file = resolve(OUT_DIR, name + '.png');
  const png = await page.screenshot({ path: file });
  return { file, png };
}

export function recordMeasurement(name, value) {
  mkdirSync(OUT_DIR, { recursive: true });
  writeFileSync(resolve(OUT_DIR, name + '.json'), JSON.stringify(value, null, 2) + '\n');
}

// The centre of the game's cell (row, col) on the page. A turned board (a wide Minesweeper board on a
// phone) is drawn a quarter turn clockwise: the game's columns go down, its rows from right to left.
export function cellCentre(view, row, col) {
  const [screenRow, screenCol] = view.turned ? [col, view.rows - 1 - row] : [row, col];
  return [view.x + (screenCol + 0.5) * view.cell, view.y + (screenRow + 0.5) * view.cell];
}

// Clicks the centre of board cell (row, col) with the mouse, as a player would.
export async function clickCell(page, row, col, button = 'left') {
  const { view } = await appState(page);
  const [x, y] = cellCentre(view, row, col);
  await page.mouse.click(x, y, { button });
  await frames(page, 2);
}

export const controls = (page) => page.evaluate(() => window.gridlab.controls());

// Clicks the middle of a control the app named (window.gridlab.controls(): "share", "new_game", ...).
export async function clickControl(page, id) {
  const shown = await controls(page);
  assert.ok(shown && shown[id], `no control "${id}" on screen`);
  const { x, y, w, h } = shown[id];
  await page.mouse.click(x + w / 2, y + h / 2);
  await frames(page, 3);
}

export async function reload(page) {
  await page.reload();
  await page.waitForFunction(() => window.gridlab && window.gridlab.ready, null, { timeout: 60000 });
}
