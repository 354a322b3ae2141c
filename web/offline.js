// The page's side of the offline site (assets/service-worker.js): registers the service worker,
// and at the page's start lets a newer build that is waiting take over first (then reloads), so the
// app's code always comes from one build: a page that a build's worker served reloads whenever
// another build's takes over, here or in another tab (its game is saved after every move). Where service workers are
// missing (plain http on a school hostname is not a secure context) the page simply works online.
(function () {
  'use strict';
  const supported = 'serviceWorker' in navigator && window.isSecureContext;

  // A question to a service worker; its answer, or {} after 5 s (a worker may take a while to start).
  function ask(worker, type) {
    return new Promise((done) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => done(event.data);
      worker.postMessage({ type: type }, [channel.port2]);
      setTimeout(() => done({}), 5000);
    });
  }
  const forever = () => new Promise(() => {});
  const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

  async function beforeStart() {
    if (!supported || !navigator.serviceWorker.controller) return;  // the first visit: from the network
    navigator.serviceWorker.addEventListener('controllerchange', () => location.reload());
    // A build that took over while this page was being served (the worker in charge changes
    // between the page and its files): start again on it.
    const servedBy = document.querySelector('meta[name="gridlab-build"]');
    const inCharge = (await ask(navigator.serviceWorker.controller, 'build')).build;
    if (servedBy && inCharge && servedBy.content !== inCharge) {
      location.reload();
      await forever();
    }
    // A newer build installed since the last visit takes over now.
    const registration = await navigator.serviceWorker.getRegistration();
    // The page reloads on it (controllerchange). Its activation waits for the old build's requests
    // in flight, which took over 5 s now and then in headless Chromium: then this page starts on the
    // old build, whole, and reloads when the new one is in charge.
    if (registration && registration.waiting && (await ask(registration.waiting, 'take-over')).tookOver)
      await sleep(5000);
  }

  // The page's files loaded so far, and `more` (a worker's), go into the cache too: those loaded
  // before the service worker was in charge were not cached (it keeps only the site's own).
  function keepLoaded(more) {
    if (!supported) return;
    const urls = performance.getEntriesByType('resource').map((entry) => entry.name).concat(more || []);
    navigator.serviceWorker.ready.then((registration) => registration.active.postMessage({ type: 'cache-used', urls: urls }));
  }

  // Once the app runs: what it loaded before the worker controlled the page (on the first visit: the
  // language's catalogue and font).
  async function cacheWhatWasUsed() {
    while (!(window.gridlab && window.gridlab.ready)) await new Promise((done) => setTimeout(done, 500));
    keepLoaded();
  }

  window.gridlabOffline = {
    supported: supported,
    keepLoaded: keepLoaded,
    // Resolves when the app may start (never, when the page reloads onto a newer build).
    beforeStart: beforeStart().catch((error) => console.warn('gridlab: offline: ' + error)),
  };
  if (supported) {
    window.addEventListener('load', () => {
      navigator.serviceWorker.register('service-worker.js')
        .then(cacheWhatWasUsed)
        .catch((error) => console.warn('gridlab: the site cannot work offline: ' + error));
    });
  }
})();
