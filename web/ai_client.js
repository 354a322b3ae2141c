// The page's side of the AI protocol (web/README.md): the app's AIs think in a dedicated Web Worker
// (worker.js + worker.wasm, no SharedArrayBuffer), so the page only draws and listens. The app posts
// its requests through window.gridlabAi.post (src/app/ai_runner.cpp); the worker's replies are
// checked here and handed to the app. One search and one training run at a time, side by side. A
// worker that crashes or stops answering is replaced and the jobs in flight asked again; after
// MAX_RESTARTS in a row the app thinks on the page instead.
// ?ai_thread=frames (or a browser without workers) keeps the AI on the page from the start.
(function () {
  'use strict';
  const VERSION = 1;
  const STALL_MS = 4000;          // a busy worker reports progress about every 100 ms
  const START_MS = 30000;         // a new worker downloads and compiles its module first
  const MAX_RESTARTS = 3;
  const enabled = typeof Worker !== 'undefined' && new URLSearchParams(location.search).get('ai_thread') !== 'frames';
  let worker = null;
  let ready = false;
  const jobs = { search: null, train: null };  // in flight, by type: {id, message, cancelled}
  let lastHeard = 0;
  let restartsInARow = 0;
  const stats = { searches: 0, trainings: 0, cancels: 0, received: 0, stale: 0, restarts: 0 };
  const jobOf = (id) => Object.keys(jobs).find((type) => jobs[type] && jobs[type].id === id);
  const busy = () => Object.values(jobs).some((job) => job !== null);

  function toApp(message) {
    window.Module.ccall('gridlab_ai_message', null, ['string'], [JSON.stringify(message)]);
  }

  // Why a message from the worker is malformed, or '' if it is well formed.
  function problem(m) {
    if (typeof m !== 'object' || m === null) return 'not an object';
    if (m.v !== VERSION) return 'version ' + m.v;
    if (m.type === 'ready') return '';
    if (m.type === 'error') {
      return typeof m.message === 'string' && (m.id === null || Number.isSafeInteger(m.id)) ? '' : 'an error without its message';
    }
    if (m.type !== 'progress' && m.type !== 'result') return 'type ' + m.type;
    if (!Number.isSafeInteger(m.id) || m.id < 1) return 'id ' + m.id;
    if (typeof m.report !== 'object' || m.report === null) return 'no report';
    return '';
  }

  function start() {
    worker = new Worker('worker.js');
    ready = false;
    lastHeard = performance.now();
    worker.onmessage = (event) => receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      restart('crashed', event.message || 'an error');
    };
  }

  function receive(message) {
    stats.received++;
    lastHeard = performance.now();
    const why = problem(message);
    if (why) {
      console.warn('gridlab: a malformed message from the AI worker was ignored: ' + why);
      return;
    }
    if (message.type === 'ready') {
      ready = true;
      return;
    }
    // An error about a request the worker could not read belongs to the job in flight.
    const unread = jobs.search || jobs.train;
    if (message.type === 'error' && message.id === null && unread) message = Object.assign({}, message, { id: unread.id });
    const type = jobOf(message.id);
    if (!type) {
      stats.stale++;  // a job cancelled or replaced since
      return;
    }
    if (message.type !== 'progress') {
      jobs[type] = null;
      restartsInARow = 0;
    }
    toApp(message);
  }

  // reason: 'crashed' (detail: the worker's error) or 'stopped' (it stopped answering); the app words it.
  function restart(reason, detail) {
    worker.terminate();
    stats.restarts++;
    if (++restartsInARow > MAX_RESTARTS) {
      worker = null;
      jobs.search = jobs.train = null;
      toApp({ v: VERSION, type: 'unavailable', reason: reason, detail: detail });
      return;
    }
    start();
    for (const type of Object.keys(jobs)) {
      if (jobs[type] && jobs[type].cancelled) jobs[type] = null;  // its final result died with the worker
      if (jobs[type]) worker.postMessage(jobs[type].message);
    }
    toApp({ v: VERSION, type: 'restarted', reason: reason, detail: detail });
  }

  setInterval(() => {
    if (worker && busy() && performance.now() - lastHeard > (ready ? STALL_MS : START_MS)) restart('stopped');
  }, 500);

  window.gridlabAi = {
    enabled: enabled,
    // A message from the app: {v:1, type:'search'|'train', id, game, ...} or {v:1, type:'cancel', id}.
    post(text) {
      const message = JSON.parse(text);
      if (message.v !== VERSION || !Number.isSafeInteger(message.id) || !['search', 'train', 'cancel'].includes(message.type)) {
        console.error('gridlab: the app sent the AI worker a malformed message: ' + text.slice(0, 200));
        return;
      }
      if (!worker) return;  // the worker was given up: the app thinks on the page now
      if (message.type === 'cancel') {
        stats.cancels++;
        const type = jobOf(message.id);
        // A training answers its cancel with its final result; a search's is over at once.
        if (type === 'train') jobs.train.cancelled = true;
        else if (type) jobs[type] = null;
      } else {
        stats[message.type === 'search' ? 'searches' : 'trainings']++;
        if (!jobs[message.type]) lastHeard = performance.now();
        jobs[message.type] = { id: message.id, message: message, cancelled: false };
      }
      worker.postMessage(message);
    },
    // For tests: counts of messages; a worker that stops answering, as a hung one would; a crash.
    stats() { return Object.assign({ ready: ready, searching: jobs.search !== null, training: jobs.train !== null }, stats); },
    terminateWorker() { worker.terminate(); },
    crashWorker() { worker.dispatchEvent(new ErrorEvent('error', { message: 'a crash for a test' })); },
  };
  if (enabled) start();
})();
