// Slow clients (slowloris) for the hosting server's tests, in a thread of their own: the process that
// loads the site for a class hashes and unzips every file it gets, and on a busy machine its event
// loop sees a connection close seconds after the server closed it (10 s late at a load average of
// 10, where the server itself dropped them on time). This thread does nothing else, so the times it
// records are the server's.
import { connect as netConnect } from 'node:net';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

// Milliseconds since the epoch, with performance.now()'s resolution: comparable across threads.
export const clock = () => performance.timeOrigin + performance.now();

// `count` slow clients: each starts a request and sends one more header line every `trickleMs`,
// never the blank line that ends the head; `silent` ones send nothing at all (over TLS: a handshake
// that never comes). Each drop by the server is recorded: milliseconds the connection lived, the
// status it was sent and when (`at`, clock()); with `replace`, a dropped one is opened again.
// `drops` and open() are this thread's copies of the clients' thread's, as its messages arrive.
export function slowClients(base, count, { trickleMs = 1000, replace = false, silent = false } = {}) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { base, count, trickleMs, replace, silent } });
  worker.unref();  // never what keeps a test's process alive
  const drops = [];
  let open = 0;
  let stopped = false;
  worker.on('message', (message) => {
    if (stopped) return;
    open = message.open;
    if (message.drop) drops.push(message.drop);
  });
  return {
    drops,
    open: () => open,
    stop() {
      stopped = true;
      worker.postMessage('stop');
    },
  };
}

function runClients({ base, count, trickleMs, replace, silent }) {
  const { hostname, port } = new URL(base);
  const open = new Set();
  let stopped = false;
  const start = () => {
    const socket = netConnect(Number(port), hostname);
    const opened = performance.now();
    let answer = '';
    open.add(socket);
    parentPort.postMessage({ open: open.size });
    let trickle;
    if (!silent) {
      socket.on('connect', () => socket.write('GET /index.html HTTP/1.1\r\nHost: class\r\n'));
      trickle = setInterval(() => socket.writable && socket.write(`X-Slow-${Math.floor(Math.random() * 1e6)}: 1\r\n`), trickleMs);
    }
    socket.on('data', (chunk) => { answer += chunk; });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(trickle);
      open.delete(socket);
      if (stopped) return;
      const drop = { ms: performance.now() - opened, status: /^HTTP\/1\.1 (\d+)/.exec(answer)?.[1] ?? 'none', at: clock() };
      parentPort.postMessage({ open: open.size, drop });
      if (replace) start();
    });
  };
  for (let i = 0; i < count; ++i) start();
  parentPort.on('message', () => {
    stopped = true;
    for (const socket of open) socket.destroy();
    parentPort.close();
  });
}

if (!isMainThread && workerData?.count !== undefined) runClients(workerData);
