// gridlab's web server for a class: the built site, one folder of static files, over http, or https
// with the school's certificate. scripts/run.sh starts it; the browser tests (tests/e2e) serve the
// site with it too. Node's own http and https modules, nothing installed.
//
//   node scripts/serve.mjs [--tls CERT KEY] [DIR [PORT [HOST]]]
//       DIR build/wasm/web, PORT 8000, HOST 127.0.0.1 (this computer alone; 0.0.0.0: every network
//       it is on); CERT and KEY: PEM files, the certificate followed by its chain, and its key
//
// Read-only: GET and HEAD of the site's files, nothing else. Text and wasm are gzipped for clients
// that accept it, every response has an ETag and "no-cache" (the site's file names carry no hash), so
// a reload asks again and gets 304 Not Modified for what it has. A school network is not to be
// trusted blindly, so (docs/hosting.md has the measurements):
// - a request's head must arrive within 10 s, a TLS handshake within 10 s, a connection idle between
//   two requests is closed after 6 s (5 s said to clients) and one with no byte either way for 30 s:
//   clients that send slowly (slowloris) or stop reading are dropped, not waited for; at most 1,000
//   connections at once (a class of 40 opens about 240). The heads are timed here, not by node
//   (timeHeads);
// - heads are at most 16 kB (431), a request with a body or two Host headers is refused (400);
// - a path is decoded once, and a name that decodes to a slash, a backslash or NUL is refused (400);
//   a file is read only when its real path (symlinks followed) is inside the site's (else 403), so
//   nothing outside the site folder is ever read;
// - each file is read and gzipped once (at most once at a time) and kept while it is unchanged: the
//   memory held is about twice the site's size.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { networkInterfaces } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';

const gzip = promisify(gzipCallback);  // in libuv's thread pool: a 1.4 MB .wasm does not stall other clients

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.wasm': 'application/wasm', '.data': 'application/octet-stream',
  '.json': 'application/json', '.png': 'image/png', '.svg': 'image/svg+xml', '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json', '.otf': 'font/otf', '.ttf': 'font/ttf',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.json', '.svg', '.webmanifest', '.otf', '.ttf']);

export const LIMITS = {
  headersMs: 10000,      // the request line and headers, from the connection or the last answer (408)
  handshakeMs: 10000,    // TLS
  idleMs: 30000,         // no byte either way: a client that stopped reading
  keepAliveMs: 5000,     // between two requests on one connection (said to clients; closed after 1 s more)
  connections: 1000,
  headerBytes: 16384,
};

class Refused extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

// The site's file a request names, as a path under `base`, or a Refused. The target is a path
// ("/lang/ja.json?x", where "//x" is a path too, not a host) or, from a proxy, a whole http(s) URL.
// The URL parser resolves "." and ".." segments (encoded ones too, "%2e%2e") and turns backslashes
// into slashes, so the path stays under the root; each name is then decoded once.
function requestedFile(base, target) {
  let url;
  try {
    url = new URL(target.startsWith('/') ? 'http://site' + target : target);
  } catch {
    throw new Refused(400, 'bad request target');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Refused(400, 'bad request target');
  const pathname = url.pathname;
  const names = pathname.split('/').slice(1).map((name) => {
    let decoded;
    try {
      decoded = decodeURIComponent(name);
    } catch {
      throw new Refused(400, 'bad percent-encoding');
    }
    if (/[/\\\0]/.test(decoded)) throw new Refused(400, 'no file has that name');
    return decoded;
  });
  if (names[names.length - 1] === '') names[names.length - 1] = 'index.html';
  return join(base, ...names);
}

function acceptsGzip(request) {
  return (request.headers['accept-encoding'] || '').split(',').some((part) => {
    const [coding, ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return (coding === 'gzip' || coding === '*') && !(q && Number(q.slice(2)) === 0);
  });
}

const matches = (request, etag) =>
  (request.headers['if-none-match'] || '').split(',').some((tag) => {
    const bare = tag.trim().replace(/^W\//, '');
    return bare === '*' || bare === etag;
  });

// The site's root, with its files as sent: their bytes, gzipped bytes (when worth it) and ETags, read
// once per version of a file (the promise is kept, so a class asking at once waits for one read).
class Site {
  constructor(root) {
    this.base = resolve(root);
    this.realBase = null;
    this.prepared = new Map();  // real path -> { mtimeMs, size, entry: Promise }
  }

  async file(target) {
    this.realBase ??= await realpath(this.base);
    const file = requestedFile(this.base, target);
    let real, info;
    try {
      real = await realpath(file);
    } catch {
      throw new Refused(404, 'not found');
    }
    if (!real.startsWith(this.realBase + sep)) throw new Refused(403, 'outside the site');
    try {
      info = await stat(real);
    } catch {
      throw new Refused(404, 'not found');
    }
    if (!info.isFile()) throw new Refused(404, 'not found');
    const known = this.prepared.get(real);
    if (known && known.mtimeMs === info.mtimeMs && known.size === info.size) return known.entry;
    const entry = Site.prepare(real);
    this.prepared.set(real, { mtimeMs: info.mtimeMs, size: info.size, entry });
    entry.catch(() => this.prepared.delete(real));
    return entry;
  }

  static async prepare(file) {
    const body = await readFile(file);
    const tag = createHash('sha256').update(body).digest('base64url').slice(0, 22);
    const entry = { body, etag: `"${tag}"`, type: TYPES[extname(file)] || 'application/octet-stream' };
    if (COMPRESSIBLE.has(extname(file))) {
      entry.gzip = await gzip(body);
      entry.gzipEtag = `"${tag}-gz"`;  // another representation, another tag
    }
    return entry;
  }
}

function refuse(response, status, message, headers = {}) {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', ...headers });
  response.end(message + '\n');
}

async function answer(site, request, response) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(response, 405, 'GET and HEAD only', { Allow: 'GET, HEAD' });
  let hosts = 0;
  for (let i = 0; i < request.rawHeaders.length; i += 2) hosts += request.rawHeaders[i].toLowerCase() === 'host';
  if (hosts > 1) return refuse(response, 400, 'two Host headers', { Connection: 'close' });
  // A body has no meaning here; refusing it keeps a client from making the server read one.
  if (request.headers['transfer-encoding'] || Number(request.headers['content-length'] || 0) > 0)
    return refuse(response, 400, 'a GET or HEAD has no body', { Connection: 'close' });
  let entry;
  try {
    entry = await site.file(request.url);
  } catch (error) {
    if (error instanceof Refused) return refuse(response, error.status, error.message);
    return refuse(response, 500, 'the file could not be read');
  }
  const gzipped = entry.gzip && acceptsGzip(request);
  const etag = gzipped ? entry.gzipEtag : entry.etag;
  const headers = { ETag: etag, 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding', 'X-Content-Type-Options': 'nosniff' };
  if (matches(request, etag)) return response.writeHead(304, headers).end();
  const body = gzipped ? entry.gzip : entry.body;
  Object.assign(headers, { 'Content-Type': entry.type, 'Content-Length': body.length });
  if (gzipped) headers['Content-Encoding'] = 'gzip';
  response.writeHead(200, headers);
  response.end(request.method === 'HEAD' ? undefined : body);
}

const TIMED_OUT = 'HTTP/1.1 408 Request Timeout\r\nContent-Length: 0\r\nConnection: close\r\n\r\n';

// Each connection must bring a whole request head within headersMs of its start or of the last answer
// on it, and closes quietly when nothing at all came for keepAliveMs after an answer. Timed here
// rather than by node's headersTimeout: node checks its connections from a timer, and a timer runs
// before the event loop reads its sockets, so a server starved of CPU for longer than the limit (a
// machine under full load, a class's laptop asleep for a moment) dropped with the slow clients every
// connection whose next head had arrived meanwhile, unread (reset mid-load; docs/hosting.md). Here a
// deadline is judged after the loop has read what came in (setImmediate runs after the poll phase).
function timeHeads(server, limit, tls) {
  const awaitHead = (socket, idleMs) => {
    const bytesBefore = socket.bytesRead;
    // `check` after `ms`, once the loop has read what came in, unless a request has come.
    const after = (ms, check) => setTimeout(() => setImmediate(() => {
      if (socket.requests === 0 && !socket.destroyed) check();
    }), ms).unref();
    clearTimeout(socket.headTimer);
    // Closed once what is written has gone, whether or not the client goes on sending.
    const close = (text) => socket.end(text, () => socket.destroy());
    socket.headTimer = after(idleMs, () => {
      if (socket.bytesRead === bytesBefore) close('');  // nothing came: an idle connection
      else socket.headTimer = after(limit.headersMs - idleMs, () => close(TIMED_OUT));  // a head too slow
    });
  };
  server.on(tls ? 'secureConnection' : 'connection', (socket) => {
    socket.requests = 0;
    awaitHead(socket, limit.headersMs);
  });
  server.on('request', (request, response) => {
    const socket = request.socket;
    socket.requests += 1;
    clearTimeout(socket.headTimer);
    // As node says it with its own keep-alive timer: clients stop reusing a connection before it closes.
    response.setHeader('Keep-Alive', `timeout=${limit.keepAliveMs / 1000}`);
    // Closed a second after the time said, as node does (clients' timers run late on a busy machine).
    response.on('close', () => {
      if (--socket.requests === 0 && !socket.destroyed) awaitHead(socket, limit.keepAliveMs + 1000);
    });
  });
}

// Serves the folder `root`; resolves to { url, server, close() } once listening. `tls`: { cert, key }
// (PEM text or bytes) for https. `limits`: some of LIMITS to change (tests only).
export function serve(root, { port = 0, host = '127.0.0.1', tls = null, limits = {} } = {}) {
  const site = new Site(root);
  const limit = { ...LIMITS, ...limits };
  // node's own head and request timers off (timeHeads times heads), and its keep-alive timer too.
  const options = { headersTimeout: 0, requestTimeout: 0, keepAliveTimeout: 0, maxHeaderSize: limit.headerBytes };
  const handler = (request, response) => {
    answer(site, request, response).catch(() => response.destroy());
  };
  const server = tls ? createHttpsServer({ ...options, ...tls, handshakeTimeout: limit.handshakeMs })
                     : createHttpServer(options);
  server.maxConnections = limit.connections;
  server.timeout = limit.idleMs;  // an idle socket is destroyed
  timeHeads(server, limit, tls);  // before the handler: it sees each request first
  server.on('request', handler);
  // Without a listener node closes a CONNECT's connection without a word; it is a method like the others.
  server.on('connect', (request, socket) => {
    socket.end('HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
  });
  return new Promise((ready, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => ready({
      url: `${tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${server.address().port}/`,
      server,
      close: () => new Promise((done) => { server.closeAllConnections(); server.close(done); }),
    }));
  });
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

// This computer's addresses on its networks, for the teacher to give the class.
function lanAddresses() {
  return Object.values(networkInterfaces()).flat()
    .filter((address) => address.family === 'IPv4' && !address.internal).map((address) => address.address);
}

function usage(message) {
  console.error(`serve.mjs: ${message}\nusage: node scripts/serve.mjs [--tls CERT KEY] [DIR [PORT [HOST]]]`);
  process.exit(2);
}

async function main(args) {
  let tls = null;
  const tlsAt = args.indexOf('--tls');
  if (tlsAt >= 0) {
    const [cert, key] = args.splice(tlsAt, 3).slice(1);
    if (!cert || !key) usage('--tls needs the certificate and its key: --tls CERT KEY (PEM files)');
    try {
      tls = { cert: readFileSync(cert), key: readFileSync(key) };
    } catch (error) {
      usage(`cannot read the certificate or key: ${error.message}`);
    }
  }
  if (args.length > 3 || args.some((arg) => arg.startsWith('-'))) usage(`unknown arguments: ${args.join(' ')}`);
  const [root = 'build/wasm/web', port = '8000', host = '127.0.0.1'] = args;
  if (!/^\d+$/.test(port) || Number(port) > 65535) usage(`the port must be a number up to 65535, not ${port}`);
  let served;
  try {
    await stat(join(root, 'index.html'));
    served = await serve(root, { port: Number(port), host, tls });
  } catch (error) {
    console.error(`serve.mjs: cannot serve ${root} on ${host}:${port}: ${error.message}`);
    process.exit(1);
  }
  console.log(`gridlab is being served at ${served.url} (Ctrl+C to stop)`);
  if (LOOPBACK.has(host)) return;
  const scheme = tls ? 'https' : 'http';
  const addresses = host === '0.0.0.0' || host === '::' ? lanAddresses() : [host];
  for (const address of addresses) console.log(`  on this network: ${scheme}://${address}:${served.server.address().port}/`);
  console.log(tls ? 'Served with your certificate: the page works offline after a first visit (docs/hosting.md).'
                  : 'Plain http: the page works while the server runs, but not offline (that needs --tls CERT KEY; docs/hosting.md).');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main(process.argv.slice(2));
