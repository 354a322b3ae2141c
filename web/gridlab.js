// The page around the app: checks WebGL2, shows download progress, starts the app, and offers
// window.gridlab to tests and tinkerers.
(function () {
  'use strict';
  const statusBox = document.getElementById('status');
  const statusText = document.getElementById('status-text');
  const statusBar = document.getElementById('status-bar');
  const fatalBox = document.getElementById('fatal');
  const canvas = document.getElementById('canvas');

  // The language: ?lang= (remembered), else the one chosen last, else the browser's, else English.
  // Its catalogue (lang/<code>.json, English text -> translation) words the page's own messages
  // here; the app gets it with the language's font (lang/<code>.otf) before it starts.
  const LANGUAGES = ['en', 'ja', 'ko', 'zh-Hans'];
  function supportedLanguage(tag) {  // as app/i18n.cpp supported_language: 'zh-CN' -> 'zh-Hans'
    const lower = String(tag || '').replace(/_/g, '-').toLowerCase();
    const is = (prefix) => lower === prefix || lower.startsWith(prefix + '-');
    if (is('zh-hant') || is('zh-tw') || is('zh-hk') || is('zh-mo')) return '';
    return ['en', 'ja', 'ko', 'zh'].find(is) === 'zh' ? 'zh-Hans' : (['en', 'ja', 'ko'].find(is) || '');
  }
  function remembered() { try { return localStorage.getItem('gridlab.lang'); } catch (error) { return null; } }
  function remember(code) { try { localStorage.setItem('gridlab.lang', code); } catch (error) {} }
  function chooseLanguage() {
    const asked = supportedLanguage(new URLSearchParams(location.search).get('lang'));
    if (asked) {
      remember(asked);
      return asked;
    }
    const candidates = [remembered()].concat(navigator.languages || [navigator.language]);
    return candidates.map(supportedLanguage).find((code) => code) || 'en';
  }
  let catalogue = {};
  // The page's words: tr('Downloading… {size} kB', {size: 12}).
  function tr(english, values) {
    const text = Object.prototype.hasOwnProperty.call(catalogue, english) ? catalogue[english] : english;
    return text.replace(/\{([a-z_]+)\}/g, (whole, name) => (values && name in values ? String(values[name]) : whole));
  }
  async function fetchLanguage(code) {
    if (code === 'en') return { code: code, catalogue: '{}', font: new Uint8Array(0) };
    const [text, font] = await Promise.all([
      fetch('lang/' + code + '.json').then((r) => { if (!r.ok) throw new Error('lang/' + code + '.json: HTTP ' + r.status); return r.text(); }),
      fetch('lang/' + code + '.otf').then((r) => { if (!r.ok) throw new Error('lang/' + code + '.otf: HTTP ' + r.status); return r.arrayBuffer(); }),
    ]);
    JSON.parse(text);  // a broken file is refused here, before the page's words change
    return { code: code, catalogue: text, font: new Uint8Array(font) };
  }
  function showLanguage(files) {
    catalogue = JSON.parse(files.catalogue);
    document.documentElement.lang = files.code;
    document.title = tr('gridlab: play, watch and learn game AI');
    if (!statusBox.hidden) statusText.textContent = tr('Loading…');
  }
  // Hands a language to the app: "" or why it refused (then the page keeps its words too).
  function giveAppLanguage(files) {
    const pointer = window.Module._malloc(Math.max(files.font.length, 1));
    window.Module.HEAPU8.set(files.font, pointer);
    try {
      return window.Module.ccall('gridlab_set_language', 'string', ['string', 'string', 'number', 'number'],
                                 [files.code, files.catalogue, pointer, files.font.length]);
    } finally {
      window.Module._free(pointer);
    }
  }
  const language = chooseLanguage();
  // English if the files cannot be had (the page still works, in English).
  let startFiles = null;  // the language's files once they came (before the app's runtime: see instantiateWasm)
  const languageFiles = fetchLanguage(language).catch((error) => {
    console.warn('gridlab: ' + error.message + '; the page stays in English');
    return fetchLanguage('en');
  }).then((files) => { showLanguage(files); startFiles = files; return files; });

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

  // The canvas is pixels to a screen reader: a live region beside it says what is on screen, read
  // out when it changes (checked twice a second, without waking the app's frames).
  function startLiveRegion() {
    const live = document.createElement('div');
    live.id = 'live';
    live.className = 'visually-hidden';
    live.setAttribute('aria-live', 'polite');
    live.setAttribute('role', 'status');
    document.body.appendChild(live);
    setInterval(() => {
      if (document.hidden) return;
      const text = window.gridlab.summary();
      if (live.textContent !== text) live.textContent = text;
    }, 500);
  }

  function showCopyBox(text) {
    let box = document.getElementById('share');
    if (!box) {
      box = document.createElement('div');
      box.id = 'share';
      box.setAttribute('role', 'dialog');
      box.innerHTML = '<div></div><input readonly><button type="button"></button>';
      box.querySelector('button').addEventListener('click', () => { box.hidden = true; canvas.focus(); });
      document.body.appendChild(box);
    }
    box.querySelector('div').textContent = tr('This page cannot copy by itself. Select the text and copy it:');
    box.querySelector('button').textContent = tr('Close');
    const field = box.querySelector('input');
    field.value = text;
    field.setAttribute('aria-label', tr('Text to copy'));
    box.hidden = false;
    field.focus();
    field.select();
  }

  let codeLesson = null;  // the Code lesson's page side once asked for (codePage)
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
    // The language shown ('en', 'ja', 'ko', 'zh-Hans').
    language() { return document.documentElement.lang; },
    // The app's language menu: fetches the language's files, then switches the app and the page, and
    // remembers the choice. Resolves to "" or why it was refused (the language stays as it was).
    async loadLanguage(code) {
      if (!LANGUAGES.includes(code)) return 'there is no language ' + code;
      let files;
      try { files = await fetchLanguage(code); } catch (error) { return error.message; }
      const refused = giveAppLanguage(files);
      if (refused) return refused;
      showLanguage(files);
      remember(code);
      return '';
    },
    // "Share link", "Copy moves": copies `text` where the browser lets a page (a secure context:
    // https or localhost), and otherwise, or if the copy fails, shows it in a box to copy by hand.
    // True when it is being copied.
    copyText(text) {
      if (window.isSecureContext && navigator.clipboard) {
        navigator.clipboard.writeText(text).catch(() => showCopyBox(text));
        return true;
      }
      showCopyBox(text);
      return false;
    },
    // The English texts shown in this language that its catalogue lacks (none, when it is complete).
    untranslated() { return JSON.parse(window.Module.ccall('gridlab_untranslated', 'string', [], [])); },
    // Where the named buttons of the last frame are, in CSS pixels: {share: {x, y, w, h}, ...}. Apart
    // from state(), which is the same in every language: a button's width follows its words.
    controls() { return this.ready ? JSON.parse(window.Module.ccall('gridlab_controls', 'string', [], [])) : null; },
    // The Code lesson's page side (web/code/page.js), loaded when a Code lesson first opens, so the
    // rest of the site downloads and starts as it did: the app's Code screen sends it commands.
    codePage(command, args) {
      if (!codeLesson) {
        if (command !== 'open') return;  // nothing to hide or place before a lesson opened
        const send = (message) => {
          const refused = window.Module.ccall('gridlab_code_message', 'string', ['string'], [JSON.stringify(message)]);
          if (refused) console.warn('gridlab: ' + refused);
        };
        codeLesson = new Promise((resolve, reject) => {
          const script = document.createElement('script');
          script.src = 'code/page.js';
          script.onload = () => resolve(window.gridlabCode.start({ tr: tr, send: send }));
          script.onerror = () => reject(new Error('could not load code/page.js'));
          document.body.appendChild(script);
        });
        codeLesson.catch((error) => send({ type: 'failed', message: error.message }));
      }
      codeLesson.then((page) => page.command(command, args), () => {});
    },
    // The game's state in words, as the ARIA live region (#live) reads it to a screen reader.
    summary() { return window.Module.ccall('gridlab_summary', 'string', [], []); },
    _markReady() {
      this.ready = true;
      startLiveRegion();
      this.firstFrameMs = performance.now();  // since navigation start
      statusBox.hidden = true;
      canvas.focus();  // the keyboard plays the game at once, without a click first
    },
  };

  if (!document.createElement('canvas').getContext('webgl2')) {
    languageFiles.then(() => fatal(tr('gridlab needs WebGL2, which this browser or device does not offer. ' +
      'Try an up-to-date Chrome, Edge, Firefox or Safari, and check that hardware acceleration is on.')));
    return;
  }

  canvas.addEventListener('contextmenu', (e) => e.preventDefault());  // right click belongs to the games
  // A Chromebook's lid shut, a tab closed or reloaded: a training run is saved every 50 games or 20 s,
  // and now, so that it goes on from where it was.
  const keepNow = () => { if (window.gridlab.ready) window.Module._gridlab_keep_now(); };
  document.addEventListener('visibilitychange', () => { if (document.hidden) keepNow(); });
  window.addEventListener('pagehide', keepNow);

  // Model files come in through a hidden file picker or by drag and drop onto the page. A refused
  // file is reported by the app itself (a notice), so the errors are not repeated here. A file is
  // read up to MAX_FILE_BYTES, hundreds of times a Learn model's size: a bigger one (a video dropped
  // by mistake) reaches the app cut short, which it refuses (a model file says its size), and never
  // grows the app's WebAssembly memory by its size, which the tab could not get back.
  const MAX_FILE_BYTES = 16 * 1024 * 1024;
  async function openFile(file) {
    if (!file || !window.gridlab.ready) return;
    const bytes = new Uint8Array(await file.slice(0, MAX_FILE_BYTES).arrayBuffer());
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
    // Fetches the .wasm with a progress bar (a slow school network should show that it is moving),
    // and the language's files beside it: the app starts in its language.
    instantiateWasm(imports, done) {
      Promise.all([fetchWithProgress('index.wasm', (loaded, total) =>
        progress(tr('Downloading… {size} kB', { size: Math.round(loaded / 1024) }), total ? loaded / total : undefined)),
      languageFiles])
        .then(([bytes]) => { progress(tr('Starting…'), 1); return WebAssembly.instantiate(bytes, imports); })
        .then((result) => done(result.instance, result.module))
        .catch((error) => fatal(tr('gridlab could not start: {error}', { error: error })));
      return {};
    },
    // Before main(): the app draws its first frame in the page's language.
    onRuntimeInitialized() {
      const refused = giveAppLanguage(startFiles);
      if (refused) console.warn('gridlab: the ' + startFiles.code + ' catalogue was refused: ' + refused);
    },
    onAbort(what) { fatal(tr('gridlab stopped: {what}', { what: what })); },
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
  script.onerror = () => fatal(tr('gridlab could not load {file}. Check the connection and reload.', { file: script.src }));
  // After a newer build of the offline site has had its chance to take over (web/offline.js).
  (window.gridlabOffline ? window.gridlabOffline.beforeStart : Promise.resolve()).then(() => document.body.appendChild(script));
})();
