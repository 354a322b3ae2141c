// The Code lesson's Web Worker (web/code/README.md): CPython (Pyodide) and gridlab's engines
// (engines.js, src/code/engines.cpp) side by side, so a student's program runs here while the page
// keeps drawing. It runs one program at a time, through gridlab.lesson (python/gridlab/lesson.py),
// and reports each move of the games as it goes, the result, or the error with its line.
//
// To the worker: {type: 'run', id, game, source, options, built_in}
// From it:       {type: 'ready', ms, used} once Python and the engines are loaded (used: their URLs);
//                {type: 'move', id, player, move} each move of the program's games (player: 'you');
//                {type: 'busy', id} now and then while gridlab's own AIs play the same games;
//                {type: 'result', id, result, built_in, output} or {type: 'error', id, error, output};
//                {type: 'failed', message} if the runtime could not start.
// A program that never returns is not interrupted here: the page ends this worker and starts another.
'use strict';
importScripts('pyodide/pyodide.js', 'engines.js');

const GRIDLAB_FILES = ['__init__.py', '_core.py', 'puyo.py', 'minesweeper.py', 'gomoku.py', 'lesson.py'];
const MAX_OUTPUT = 4000;  // characters of print() output kept for the page
let output = '';
const collect = (text) => { if (output.length < MAX_OUTPUT) output += text + '\n'; };

async function start() {
  const started = performance.now();
  const [pyodide, engines, files] = await Promise.all([
    loadPyodide({ indexURL: './pyodide/', stdout: collect, stderr: collect }),
    createGridlabEngines(),
    Promise.all(GRIDLAB_FILES.map((name) => fetch('gridlab/' + name).then((r) => {
      if (!r.ok) throw new Error('gridlab/' + name + ': HTTP ' + r.status);
      return r.text();
    }))),
  ]);
  self.gridlabEngines = engines;
  const sitePackages = pyodide.runPython('import site; site.getsitepackages()[0]');
  pyodide.FS.mkdirTree(sitePackages + '/gridlab');
  GRIDLAB_FILES.forEach((name, i) => pyodide.FS.writeFile(sitePackages + '/gridlab/' + name, files[i]));
  pyodide.runPython('import gridlab.lesson');
  return { pyodide, ms: performance.now() - started };
}

const runtime = start();
// `used`: what this worker loaded, for the page to keep offline (before the service worker was in
// charge, on a first visit, its fetches were not cached).
runtime.then(({ ms }) => self.postMessage({ type: 'ready', ms: ms, used: performance.getEntriesByType('resource').map((entry) => entry.name) }),
             (error) => self.postMessage({ type: 'failed', message: String(error && error.message || error) }));

self.onmessage = async (event) => {
  const message = event.data;
  if (!message || message.type !== 'run') return;
  const { pyodide } = await runtime;
  output = '';
  const lesson = pyodide.pyimport('gridlab.lesson');
  const options = pyodide.toPy(message.options || {});
  // Each move goes to the page as it is played: the live game. Seeds travel as text (64 bits).
  const watcher = (player) => (move) => {
    const plain = move.toJs({ dict_converter: Object.fromEntries });
    if (plain.seed !== undefined) plain.seed = move.get('seed').toString();
    move.destroy();
    self.postMessage({ type: 'move', id: message.id, player: player, move: plain });
  };
  try {
    const run = lesson.run.callKwargs(message.game, message.source, { on_move: watcher('you'), ...options.toJs({ dict_converter: Object.fromEntries }) });
    const answer = run.toJs({ dict_converter: Object.fromEntries });
    run.destroy();
    if (answer.error) {
      const { line, message: text, kind } = answer.error;  // Python's None comes as undefined
      self.postMessage({ type: 'error', id: message.id, error: { line: line ?? null, message: text, kind: kind }, output: output });
      return;
    }
    let builtIn = null;
    if (message.built_in) {
      // No live game for these, but a sign of life now and then: the page ends a silent worker.
      let said = performance.now();
      const alive = () => {
        if (performance.now() - said < 500) return;
        said = performance.now();
        self.postMessage({ type: 'busy', id: message.id });
      };
      const list = lesson.built_in.callKwargs(message.game, { on_move: alive, ...options.toJs({ dict_converter: Object.fromEntries }) });
      builtIn = list.toJs({ dict_converter: Object.fromEntries });
      list.destroy();
    }
    self.postMessage({ type: 'result', id: message.id, result: answer.result, built_in: builtIn, output: output });
  } catch (error) {  // gridlab's own failure, not the program's: said as it is
    self.postMessage({ type: 'error', id: message.id, error: { line: null, message: String(error.message || error), kind: 'internal' }, output: output });
  } finally {
    options.destroy();
    lesson.destroy();
  }
};
