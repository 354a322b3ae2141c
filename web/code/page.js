// The Code lesson's page side (issue 44), loaded by gridlab.js the first time a Code lesson opens:
// the editor (code/editor.js, CodeMirror 6) placed where the app's Code screen leaves room for it
// (src/app/code_screen.cpp), the program saved per lesson as it is typed, and the Web Worker with
// Python and the engines (code/worker.js). A worker that stops answering (a loop that never ends, a
// function far too slow) is ended and replaced: Python cannot be interrupted from outside a worker
// that has no SharedArrayBuffer, and the page must keep drawing.
//
// The app sends commands (host.h code_page): open, place, hide, run, stop, set_source, reset,
// download, load. The page answers through `send` (App::code_message): ready, loading, failed,
// moves (batched), result, error, stopped.
'use strict';
(function () {
  const SILENCE_LIMIT_S = 5;  // a run with no move for this long is stopped (the target is 10 s)
  const MOVES_EVERY_MS = 100;  // moves go to the app in batches, not one call each
  const savedKey = (lesson) => 'gridlab.code.' + lesson;
  const starter = (lesson) => fetch('code/lessons/' + lesson + '_lesson.py').then((r) => {
    if (!r.ok) throw new Error('code/lessons/' + lesson + '_lesson.py: HTTP ' + r.status);
    return r.text();
  });

  function loadScript(src) {
    return new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.onload = resolve;
      script.onerror = () => reject(new Error('could not load ' + src));
      document.body.appendChild(script);
    });
  }

  function start({ tr, send }) {
    const box = document.createElement('div');
    box.id = 'code-editor';
    box.hidden = true;
    document.body.appendChild(box);
    const picker = document.createElement('input');
    picker.type = 'file';
    picker.accept = '.py,text/x-python,text/plain';
    picker.hidden = true;
    document.body.appendChild(picker);

    let lesson = null;
    let editor = null;
    const editorReady = loadScript('code/editor.js');
    let worker = null;
    let ready = false;
    let pending = null;  // the run asked for while the worker was starting
    let running = null;  // {id, silentSince}
    let moves = [];
    let placed = '';

    function save() { try { localStorage.setItem(savedKey(lesson), editor.text()); } catch (error) {} }
    function setText(text) {
      editor.setText(text);
      save();
    }

    function startWorker() {
      ready = false;
      send({ type: 'loading' });
      worker = new Worker('code/worker.js');
      worker.onmessage = (event) => heard(event.data);
      worker.onerror = (event) => send({ type: 'failed', message: String(event.message || 'the worker could not start') });
    }
    function replaceWorker() {
      worker.terminate();
      startWorker();
    }

    function heard(message) {
      if (message.type === 'ready') {
        ready = true;
        // The lesson's files (the editor, the starter, the worker's Python and engines) kept offline.
        if (window.gridlabOffline) window.gridlabOffline.keepLoaded(message.used);
        send({ type: 'ready', ms: message.ms });
        if (pending) post(pending);
        pending = null;
        return;
      }
      if (message.type === 'failed') { send(message); return; }
      if (!running || message.id !== running.id) return;
      running.silentSince = performance.now();
      if (message.type === 'move') { moves.push(message.move); return; }
      if (message.type === 'busy') return;
      flushMoves();
      running = null;
      if (message.type === 'error' && editor) editor.markLine(message.error.line || null);
      send(message);
    }

    function flushMoves() {
      if (!moves.length || !running) return;
      send({ type: 'moves', id: running.id, moves: moves });
      moves = [];
    }
    // The watchdog and the moves' batches, while a run is on.
    setInterval(() => {
      if (!running || !ready) return;
      flushMoves();
      if (performance.now() - running.silentSince > SILENCE_LIMIT_S * 1000) {
        const id = running.id;
        running = null;
        moves = [];
        replaceWorker();
        send({ type: 'stopped', id: id, reason: 'timeout', seconds: SILENCE_LIMIT_S });
      }
    }, MOVES_EVERY_MS);

    function post(run) {
      running = { id: run.id, silentSince: performance.now() };
      moves = [];
      worker.postMessage(run);
    }

    // The lesson's program: the student's (saved at each change), else the starter.
    async function loadLesson(name) {
      const text = (() => { try { return localStorage.getItem(savedKey(name)); } catch (error) { return null; } })();
      const source = text !== null ? text : await starter(name);
      lesson = name;  // before the text changes: each change is saved under the lesson's name
      if (!editor) editor = window.gridlabEditor.create(box, { doc: source, label: tr('Your Python program'), onChange: save });
      else editor.load(source);
    }

    async function open(args) {
      await editorReady;
      // The lesson open already keeps its text and undo history.
      if (!editor || args.lesson !== lesson) await loadLesson(args.lesson);
      editor.markLine(null);
      box.hidden = false;
    }

    const commands = {
      open,
      place(args) {
        const key = [args.x, args.y, args.w, args.h].map(Math.round).join(' ');
        if (key === placed) return;
        placed = key;
        Object.assign(box.style, { left: args.x + 'px', top: args.y + 'px', width: args.w + 'px', height: args.h + 'px' });
      },
      hide() { box.hidden = true; placed = ''; },
      run(args) {
        if (!editor) return;
        editor.markLine(null);
        const run = { type: 'run', id: args.id, game: args.lesson, source: editor.text(), options: args.options, built_in: args.built_in };
        if (running) replaceWorker();  // a run while one is on: the old one goes
        running = null;
        if (ready) post(run);
        else pending = run;
      },
      stop() {
        if (!running && !pending) return;
        const id = running ? running.id : pending.id;
        running = pending = null;
        moves = [];
        replaceWorker();
        send({ type: 'stopped', id: id, reason: 'stopped' });
      },
      set_source(args) { if (editor && args.lesson === lesson) setText(args.text); },
      async reset(args) { if (editor && args.lesson === lesson) setText(await starter(lesson)); },
      download(args) {
        const link = document.createElement('a');
        link.href = URL.createObjectURL(new Blob([editor.text()], { type: 'text/x-python' }));
        link.download = args.lesson + '_lesson.py';
        link.click();
        setTimeout(() => URL.revokeObjectURL(link.href), 10000);
      },
      load() { picker.click(); },
    };
    picker.addEventListener('change', async () => {
      const file = picker.files[0];
      picker.value = '';
      if (file && editor) setText(await file.text());
    });

    // Python starts in its worker at once, while the editor loads on the page's thread (at a 4x CPU
    // throttle this halved the time to a lesson ready to run: docs/code-lesson.md).
    startWorker();

    // Commands run one after another, in the order the app gave them (open fetches before place).
    let queue = Promise.resolve();
    return {
      command(name, args) {
        if (!commands[name]) throw new Error('the Code lesson has no command ' + name);
        queue = queue.then(() => commands[name](args)).catch((error) => {
          console.warn('gridlab code: ' + error.message);
          send({ type: 'failed', message: error.message });
        });
      },
    };
  }

  window.gridlabCode = { start };
})();
