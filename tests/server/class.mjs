// A class on the hosting server (scripts/serve.mjs), from loopback: 40 clients load the whole site at
// once as a browser does (index.html, then the rest on up to 6 keep-alive connections, gzip
// accepted), cold and then warm (If-None-Match with the ETags they got: 304s), while 200 slow clients
// send their headers a line at a time and never finish them, and hostile requests come in between.
// The server runs as its own process (as scripts/run.sh starts it), so its memory (RSS) and CPU time
// are its own.
//
//   node tests/server/class.mjs [--rounds N] [--minutes M] [--clients 40] [--slow 200] [--tls]
//       rounds of the class loading the site, cold then warm, until N rounds or M minutes (the first
//       to come; defaults 30 and 10), the slow clients kept at --slow all along (each one the server
//       drops is replaced). Writes build/server/class-load.json; its numbers are in docs/hosting.md.
//
// tests/server/server.test.mjs runs one short round of the same with its assertions.
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { connect as netConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

import { clock, slowClients } from './slow-clients.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const ROOT = resolve(here, '../..');
export const WEB_DIR = resolve(process.env.GRIDLAB_WEB_DIR || join(ROOT, 'build/wasm/web'));
const OUT_DIR = join(ROOT, 'build/server');

// Every file of the site, as URL paths ("index.html", "lang/ja.json"), and their SHA-256.
export function siteFiles(dir) {
  const files = new Map();
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.set(relative(dir, path).split('\\').join('/'), createHash('sha256').update(readFileSync(path)).digest('hex'));
    }
  };
  walk(dir);
  return files;
}

// A self-signed certificate for 127.0.0.1 and localhost, made by openssl: { cert, key, dir }.
export function selfSignedCertificate() {
  const dir = mkdtempSync(join(tmpdir(), 'gridlab-tls-'));
  const cert = join(dir, 'school.crt'), key = join(dir, 'school.key');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
    '-keyout', key, '-out', cert, '-days', '2', '-subj', '/CN=gridlab test school',
    '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost,DNS:gridlab.school.lan'], { stdio: 'ignore' });
  return { cert, key, dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

// /proc/PID: resident memory now and at its peak (MB), and CPU time used (s).
function processNumbers(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)[1]);
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);  // utime + stime
  return { rss_mb: +(kb('VmRSS') / 1024).toFixed(1), peak_rss_mb: +(kb('VmHWM') / 1024).toFixed(1), cpu_s: ticks / 100 };
}

// `node scripts/serve.mjs [...args] DIR 0 127.0.0.1` as its own process, once it listens.
export async function startServer(dir, args = []) {
  const child = spawn(process.execPath, [join(ROOT, 'scripts/serve.mjs'), ...args, dir, '0', '127.0.0.1'],
                      { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((done, fail) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const found = /served at (\S+)/.exec(out);
      if (found) done(found[1]);
    });
    child.on('exit', (code) => fail(new Error(`serve.mjs exited with ${code}: ${out}`)));
  });
  return {
    url,
    numbers: () => processNumbers(child.pid),
    // Stops the server's process for `ms` (SIGSTOP): a machine that leaves it no CPU for a while.
    pause: (ms) => {
      child.kill('SIGSTOP');
      return new Promise((done) => setTimeout(() => done(child.kill('SIGCONT')), ms));
    },
    stop: () => new Promise((done) => { child.once('exit', done); child.kill(); }),
  };
}

// One request: status, headers, body bytes (decompressed when gzipped), or an error's code. A request
// sent on a kept-alive connection that the server closed as it was sent (its keep-alive timeout ran
// out while this client, busy elsewhere, had not yet read the close) fails before any answer; a
// browser sends it again on a new connection, and so does this client, once (Node's documentation
// of `request.reusedSocket` gives the same advice). `retried` says so; a failure on a new connection
// is never retried. A connection is reused when it carried a request before: node's `reusedSocket`
// says so only of a request given an idle connection, not of one that waited in the agent's queue
// for a connection to come free (most of a page load's), which would then fail unretried.
function get(url, agent, headers, retried = false) {
  const request = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((done) => {
    let answered = false;
    const sent = request(url, { agent, headers }, (response) => {
      answered = true;
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        let body = Buffer.concat(chunks);
        if (response.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
        done({ status: response.statusCode, etag: response.headers.etag, body, retried });
      });
      response.on('error', (error) => done({ status: 0, error: error.code || error.message, retried }));
    });
    let reused = false;
    sent.on('socket', (socket) => {
      reused = socket.requestsCarried > 0;
      socket.requestsCarried = (socket.requestsCarried ?? 0) + 1;
    });
    sent.on('error', (error) => {
      const stale = reused && !answered && ['ECONNRESET', 'EPIPE'].includes(error.code);
      // Sent again on a connection of its own: the agent's other idle connections may be as stale.
      const fresh = () => new agent.constructor({ ...agent.options, keepAlive: false });
      done(stale && !retried ? get(url, fresh(), headers, true) : { status: 0, error: error.code || error.message, retried });
    });
    sent.end();
  });
}

const BROWSER_HEADERS = {
  'User-Agent': 'gridlab-class-load', Accept: '*/*', 'Accept-Encoding': 'gzip, deflate, br', 'Accept-Language': 'en',
};

// One student's page load: index.html, then every other file of the site on the agent's 6
// connections. Cold (no `etags`): each file must come whole and intact; warm: each must be a 304.
// Returns the milliseconds it took, the ETags, when each file came whole and what went wrong.
async function loadSite(base, files, agent, etags = null) {
  const started = performance.now();
  const failures = [];
  const answeredAt = [];  // clock() of each right answer
  let retries = 0;  // requests sent again after a kept-alive connection closed under them
  const got = new Map();
  const fetchOne = async (path) => {
    // A file whose cold load failed has no ETag to send: asked without one, it fails as not a 304.
    const etag = etags?.get(path);
    const headers = etag ? { ...BROWSER_HEADERS, 'If-None-Match': etag } : BROWSER_HEADERS;
    const answer = await get(base + path, agent, headers);
    if (answer.retried) ++retries;
    const expected = etags ? 304 : 200;
    if (answer.status !== expected) failures.push(`${path}: ${answer.status || answer.error}, not ${expected}`);
    else if (!etags && createHash('sha256').update(answer.body).digest('hex') !== files.get(path)) failures.push(`${path}: wrong bytes`);
    else answeredAt.push(clock());
    got.set(path, answer.etag);
  };
  await fetchOne('index.html');
  await Promise.all([...files.keys()].filter((path) => path !== 'index.html').map(fetchOne));
  return { ms: performance.now() - started, etags: got, failures, retries, answeredAt };
}

// The p-th percentile (nearest rank) of `values`; null for none.
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null;
}

// One raw request (node's fetch would decompress), over https when the URL says so, trusting `ca`:
// status, headers and body bytes.
export function rawGet(url, { headers = {}, method = 'GET', ca } = {}) {
  const request = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((done, fail) => {
    const sent = request(url, { method, headers, ca }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => done({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    sent.on('error', fail);
    sent.end();
  });
}

// `clients` students load the site at once, cold; then, all done, at once again, warm. TLS: `ca`,
// the certificate to trust. `answeredAt`: when each right answer came (clock()).
export async function classLoad(base, files, clients, ca = null) {
  const agents = Array.from({ length: clients }, () =>
    (base.startsWith('https:') ? new HttpsAgent({ keepAlive: true, maxSockets: 6, ca }) : new HttpAgent({ keepAlive: true, maxSockets: 6 })));
  const cold = await Promise.all(agents.map((agent) => loadSite(base, files, agent)));
  const warm = await Promise.all(agents.map((agent, i) => loadSite(base, files, agent, cold[i].etags)));
  for (const agent of agents) agent.destroy();
  const summary = (loads) => {
    const ms = loads.map((load) => load.ms);
    return { p50_ms: Math.round(percentile(ms, 50)), p95_ms: Math.round(percentile(ms, 95)), max_ms: Math.round(Math.max(...ms)) };
  };
  return { cold: summary(cold), warm: summary(warm), failures: [...cold, ...warm].flatMap((load) => load.failures),
           retries: [...cold, ...warm].reduce((sum, load) => sum + load.retries, 0),
           answeredAt: [...cold, ...warm].flatMap((load) => load.answeredAt) };
}

// A raw request (exactly the bytes given) and the status line's code: '' when the server closed the
// connection without answering, 'open' when it did neither within `ms`.
export function rawStatus(base, bytes, ms = 3000) {
  const { hostname, port } = new URL(base);
  return new Promise((done) => {
    const socket = netConnect(Number(port), hostname);
    let answer = '';
    const finish = (status) => { clearTimeout(timer); socket.destroy(); done(status); };
    const timer = setTimeout(() => finish('open'), ms);
    socket.on('connect', () => socket.write(bytes));
    socket.on('data', (chunk) => {
      answer += chunk;
      const found = /^HTTP\/1\.[01] (\d{3})/.exec(answer);
      if (found) finish(found[1]);
    });
    socket.on('error', () => finish(''));
    socket.on('close', () => finish(''));
  });
}

// The long run, by hand: rounds of the class with slow clients all along; RSS and CPU each round.
async function longRun(options) {
  const files = siteFiles(WEB_DIR);
  const tls = options.tls ? selfSignedCertificate() : null;
  const server = await startServer(WEB_DIR, tls ? ['--tls', tls.cert, tls.key] : []);
  const ca = tls ? readFileSync(tls.cert) : null;
  const started = performance.now();
  const log = { ...options, site_files: files.size, at_start: server.numbers(), rounds: [] };
  const slow = slowClients(server.url, options.slow, { replace: true, silent: options.tls });
  while (log.rounds.length < options.rounds && performance.now() - started < options.minutes * 60000) {
    const round = await classLoad(server.url, files, options.clients, ca);
    const entry = { round: log.rounds.length + 1, minute: +((performance.now() - started) / 60000).toFixed(2),
                    cold: round.cold, warm: round.warm, failures: round.failures.length, retries: round.retries,
                    first_failures: [...new Set(round.failures)].slice(0, 5), slow_open: slow.open(),
                    slow_dropped: slow.drops.length, ...server.numbers() };
    log.rounds.push(entry);
    console.log(JSON.stringify(entry));
  }
  slow.stop();
  log.at_end = server.numbers();
  const all = (phase, key) => log.rounds.map((round) => round[phase][key]);
  log.summary = {
    rounds: log.rounds.length, failures: log.rounds.reduce((sum, round) => sum + round.failures, 0),
    retries: log.rounds.reduce((sum, round) => sum + round.retries, 0),
    cold_p50_ms_median: percentile(all('cold', 'p50_ms'), 50), cold_p95_ms_median: percentile(all('cold', 'p95_ms'), 50),
    warm_p50_ms_median: percentile(all('warm', 'p50_ms'), 50), warm_p95_ms_median: percentile(all('warm', 'p95_ms'), 50),
    slow_dropped: slow.drops.length, slow_drop_ms_p50: Math.round(percentile(slow.drops.map((d) => d.ms), 50)),
    slow_drop_ms_max: Math.round(Math.max(...slow.drops.map((d) => d.ms))),
    slow_statuses: [...new Set(slow.drops.map((d) => d.status))],
    rss_mb_first_round: log.rounds[0].rss_mb, rss_mb_last_round: log.at_end.rss_mb, peak_rss_mb: log.at_end.peak_rss_mb,
    server_cpu_s: log.at_end.cpu_s,
  };
  await server.stop();
  tls?.remove();
  mkdirSync(OUT_DIR, { recursive: true });
  writeFileSync(join(OUT_DIR, options.tls ? 'class-load-tls.json' : 'class-load.json'), JSON.stringify(log, null, 2) + '\n');
  console.log(JSON.stringify(log.summary));
  return log.summary.failures === 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const options = { rounds: 30, minutes: 10, clients: 40, slow: 200, tls: false };
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; ++i) {
    const name = args[i].replace(/^--/, '');
    if (name === 'tls') options.tls = true;
    else if (name in options) options[name] = Number(args[++i]);
    else throw new Error(`unknown option ${args[i]}`);
  }
  process.exit((await longRun(options)) ? 0 : 1);
}
