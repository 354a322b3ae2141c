// The game screens with the Learn screen's AIs in a real browser: Puyo's ai=learned and Gomoku's az.
// A page gets a Puyo or Gomoku model only from the Learn screen (its training, or Load model), which
// takes Minesweeper models only until its Puyo and Gomoku training lands; so far this checks what a
// class sees without one. (Playing with a model is covered natively by tests/screens.)
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { appState, frames, openApp, startBrowser } from './browser.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env.close(); });

test('without a learned agent, ai=learned and az links are refused with a notice, and the usual game opens', async () => {
  let app = await openApp(env.browser, env.site.url + '?game=puyo&ai=learned&seed=7');
  let state = await appState(app.page);
  assert.equal(state.game, 'puyo');
  assert.equal(state.ai.name, 'beam');
  assert.deepEqual(state.ai.candidates, []);
  assert.equal(state.ai.rival, null);
  assert.equal(state.pairs, 0, 'no end to the usual game');
  assert.match(state.notice, /\(ai: there is no learned agent yet; train one on the Learn screen first\)/);
  assert.deepEqual(app.errors, []);
  await app.close();

  app = await openApp(env.browser, env.site.url + '?game=gomoku&black=human&white=az&lang=ja');
  state = await appState(app.page);
  assert.equal(state.players.white, 'mcts', 'the usual opponent');
  assert.equal(state.size, 15);
  // state() keeps the notice in English; the page shows it in Japanese, nothing left untranslated.
  assert.equal(state.notice, 'The link asks for something that is not possible (white: there is no trained network yet; ' +
    'train one on the Learn screen first), so the usual settings are used.');
  await frames(app.page, 3);
  assert.deepEqual(await app.page.evaluate(() => window.gridlab.untranslated()), []);
  assert.deepEqual(app.errors, []);
  await app.close();
});
