// The page around the app: checks WebGL2, shows download progress, starts the app, and offers
// window.gridlab to tests and tinkerers.
(function () {
  'use strict';
  const statusBox = document.getElementById('status');
  const statusText = document.getElementById('status-text');
  const statusBar = document.getElementById('status-bar');
  const fatalBox = document.getElementById('fatal');
  const canvas = document.getElementById('canvas');

  function fatal(message) {
    statusBox.hidden = true;
    fatalBox.hidden = false;
    fatalBox.textContent = message;
  }
  function check(error) { if (error) throw new Error(error); }
  function progress(text, fraction) {
    statusText.textContent = text;
    if (fraction !== undefined) statusBar.style.width = Math.round(fraction * 100) + '%';
  }

  window.gridlabFatal = fatal;
  window.gridlab = {
    ready: false,
    firstFrameMs: null,
    // JSON of what is on screen.
    state() { return this.ready ? JSON.parse(window.Module.ccall('gridlab_state_json', 'string', [], [])) : null; },
    // Starts a game: the same keys as the URL, e.g. {game: 'gomoku', size: 15, white: 'mcts'}.
    newGame(params) { check(window.Module.ccall('gridlab_new_game', 'string', ['string'], [JSON.stringify(params || {})])); },
    // The app's milliseconds of work per frame (events, AI slice, UI) before drawing, smoothed.
    frameMs() { return window.Module.ccall('gridlab_frame_ms', 'number', [], []); },
    // Frames the app built and drew since it started: a page at rest builds one a heartbeat (250 ms)
    // to look for changes, and draws none.
    frames() {
      return { built: window.Module._gridlab_frames_built(), drawn: window.Module._gridlab_frames_drawn() };
    },
    // A player action on the current game, e.g. {move: [7, 7]} (see README for each game's actions).
    act(action) { check(window.Module.ccall('gridlab_act', 'string', ['string'], [JSON.stringify(action)])); },
    // Gives the app a file's bytes (a model file for the Learn screen); throws if it was refused.
    openFile(bytes) {
      const pointer = window.Module._malloc(Math.max(bytes.length, 1));
      window.Module.HEAPU8.set(bytes, pointer);
      try {
        check(window.Module.ccall('gridlab_open_file', 'string', ['number', 'number'], [pointer, bytes.length]));
      } finally {
        window.Module._free(pointer);
      }
    },
    // The app's "Load model" button: the browser's file picker (#model-file).
    pickFile() { fileInput.click(); },
    _markReady() {
      this.ready = true;
      this.firstFrameMs = performance.now();  // since navigation start
      statusBox.hidden = true;
      canvas.focus();  // the keyboard plays the game at once, without a click first
    },
  };

  if (!document.createElement('canvas').getContext('webgl2')) {
    fatal('gridlab needs WebGL2, which this browser or device does not offer. ' +
          'Try an up-to-date Chrome, Edge, Firefox or Safari, and check that hardware acceleration is on.');
    return;
  }

  canvas.addEventListener('contextmenu', (e) => e.preventDefault());  // right click belongs to the games

  // Model files come in through a hidden file picker or by drag and drop onto the page. A refused
  // file is reported by the app itself (a notice), so the errors are not repeated here.
  async function openFile(file) {
    if (!file || !window.gridlab.ready) return;
    const bytes = new Uint8Array(await file.arrayBuffer());
    try { window.gridlab.openFile(bytes); } catch (error) { console.warn('gridlab: ' + error.message); }
  }
  const fileInput = document.createElement('input');
  fileInput.type = 'file';
  fileInput.id = 'model-file';
  fileInput.hidden = true;
  fileInput.addEventListener('change', () => { openFile(fileInput.files[0]); fileInput.value = ''; });
  document.body.appendChild(fileInput);
  window.addEventListener('dragover', (e) => e.preventDefault());
  window.addEventListener('drop', (e) => { e.preventDefault(); openFile(e.dataTransfer.files[0]); });
  const Module = window.Module = {
    canvas: canvas,
    arguments: [location.search],  // the app starts the game the address asks for
    // Fetches the .wasm with a progress bar (a slow school network should show that it is moving).
    instantiateWasm(imports, done) {
      fetchWithProgress('index.wasm', (loaded, total) =>
        progress('Downloading… ' + Math.round(loaded / 1024) + ' kB', total ? loaded / total : undefined))
        .then((bytes) => { progress('Starting…', 1); return WebAssembly.instantiate(bytes, imports); })
        .then((result) => done(result.instance, result.module))
        .catch((error) => fatal('gridlab could not start: ' + error));
      return {};
    },
    onAbort(what) { fatal('gridlab stopped: ' + what); },
  };

  async function fetchWithProgress(url, onProgress) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(url + ': HTTP ' + response.status);
    // A gzipped response's length is not the length of what the reader gives: no fraction then.
    const total = response.headers.get('Content-Encoding') ? 0 : Number(response.headers.get('Content-Length')) || 0;
    const reader = response.body.getReader();
    const chunks = [];
    let loaded = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      loaded += value.length;
      onProgress(loaded, total);
    }
    const bytes = new Uint8Array(loaded);
    let offset = 0;
    for (const chunk of chunks) { bytes.set(chunk, offset); offset += chunk.length; }
    return bytes;
  }

  const template = document.getElementById('app-script').content.querySelector('script');
  const script = document.createElement('script');
  script.src = template.getAttribute('src');
  script.onerror = () => fatal('gridlab could not load ' + script.src + '. Check the connection and reload.');
  // After a newer build of the offline site has had its chance to take over (web/offline.js).
  (window.gridlabOffline ? window.gridlabOffline.beforeStart : Promise.resolve()).then(() => document.body.appendChild(script));
})();
