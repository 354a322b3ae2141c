// The worker's side of the AI protocol (web/README.md), appended to Emscripten's worker.js: the page's
// messages go to the C++ entry (src/search/worker_main.cpp), which validates them; a search or a training runs
// in slices, and between two slices the worker returns to its event loop, so a cancel is seen at once.
(function () {
  'use strict';
  const SLICE_MS = 50;
  const waiting = [];  // messages that came before the module was ready
  let started = false;
  let scheduled = false;
  const tick = new MessageChannel();  // a macrotask without setTimeout's 4 ms clamp

  function post(text) { if (text) self.postMessage(JSON.parse(text)); }

  function receive(message) {
    let text;
    try {
      text = JSON.stringify(message);
    } catch (error) {
      text = 'null';  // not JSON (a BigInt, a cycle): the C++ side refuses it with an error reply
    }
    post(Module.ccall('gridlab_worker_receive', 'string', ['string'], [text === undefined ? 'null' : text]));
    schedule();
  }

  function schedule() {
    if (scheduled || !Module._gridlab_worker_busy()) return;
    scheduled = true;
    tick.port2.postMessage(0);
  }

  tick.port1.onmessage = () => {
    scheduled = false;
    post(Module.ccall('gridlab_worker_step', 'string', ['number'], [SLICE_MS]));
    schedule();
  };

  self.onmessage = (event) => { if (started) receive(event.data); else waiting.push(event.data); };
  Module.onRuntimeInitialized = () => {
    started = true;
    self.postMessage({ v: 1, type: 'ready' });
    waiting.splice(0).forEach(receive);
  };
})();
