// Scratch (not committed): the Minesweeper Learn screen on expert after its warm-up, in every language.
import { startBrowser, openApp, appState, screenshot, LANGUAGES } from './browser.mjs';
const env = await startBrowser();
try {
  const app = await openApp(env.browser, env.site.url + '?game=learn&level=expert&seed=1&speed=30');
  await app.page.evaluate(() => window.gridlab.act({ train: 'start' }));
  const start = Date.now();
  for (;;) {
    const s = await appState(app.page);
    if (s.episodes > 5150) break;
    if (Date.now() - start > 600000) throw new Error('too slow: ' + s.episodes);
    await new Promise((r) => setTimeout(r, 2000));
  }
  await app.page.evaluate(() => window.gridlab.act({ train: 'pause' }));
  console.log('episodes', (await appState(app.page)).episodes, 'after', (Date.now() - start) / 1000, 's');
  for (const language of LANGUAGES) {
    await app.page.goto(env.site.url + '?game=learn&lang=' + language);
    await new Promise((r) => setTimeout(r, 3000));
    console.log(language, (await appState(app.page)).episodes, await app.page.evaluate(() => window.gridlab.untranslated()));
    await screenshot(app.page, 'warmcap-' + language);
  }
} finally {
  await env.close();
}
