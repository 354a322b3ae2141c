// A small static file server for the built site, used by the end-to-end tests and by scripts/run.sh:
//   node tests/e2e/server.mjs <dir> [port] [host]      (host 127.0.0.1 by default; 0.0.0.0: the LAN)
// Static files only, read-only (GET and HEAD). The .wasm goes out as application/wasm; text and
// wasm are gzipped for clients that accept it; every response has an ETag and "no-cache" (the
// site's file names carry no hash), so a reload asks again and gets 304 Not Modified for what it has.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.wasm': 'application/wasm', '.data': 'application/octet-stream',
  '.json': 'application/json', '.png': 'image/png', '.svg': 'image/svg+xml', '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json', '.otf': 'font/otf', '.ttf': 'font/ttf',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.json', '.svg', '.webmanifest', '.otf', '.ttf']);

// A file as sent: its bytes, gzipped bytes (when worth it) and their ETags, kept while it is unchanged.
const prepared = new Map();
async function prepare(file) {
  const { mtimeMs, size } = await stat(file);
  const known = prepared.get(file);
  if (known && known.mtimeMs === mtimeMs && known.size === size) return known;
  const body = await readFile(file);
  const tag = createHash('sha256').update(body).digest('base64url').slice(0, 22);
  const entry = { mtimeMs, size, body, etag: `"${tag}"` };
  if (COMPRESSIBLE.has(extname(file))) {
    entry.gzip = gzipSync(body);
    entry.gzipEtag = `"${tag}-gz"`;  // another representation, another tag
  }
  prepared.set(file, entry);
  return entry;
}

const acceptsGzip = (request) => /\bgzip\b/.test(request.headers['accept-encoding'] || '');
const matches = (request, etag) =>
  (request.headers['if-none-match'] || '').split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);

export function serve(root, port = 0, host = '127.0.0.1') {
  const base = resolve(root);
  const server = createServer(async (request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    let path;
    try {
      path = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    } catch {
      response.writeHead(400).end();
      return;
    }
    const file = normalize(join(base, path.endsWith('/') ? path + 'index.html' : path));
    if (file !== base && !file.startsWith(base + sep)) { response.writeHead(403).end(); return; }
    let entry;
    try {
      entry = await prepare(file);
    } catch {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    const gzip = entry.gzip && acceptsGzip(request);
    const etag = gzip ? entry.gzipEtag : entry.etag;
    const headers = { ETag: etag, 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding' };
    if (matches(request, etag)) {
      response.writeHead(304, headers).end();
      return;
    }
    const body = gzip ? entry.gzip : entry.body;
    Object.assign(headers, { 'Content-Type': TYPES[extname(file)] || 'application/octet-stream', 'Content-Length': body.length });
    if (gzip) headers['Content-Encoding'] = 'gzip';
    response.writeHead(200, headers);
    response.end(request.method === 'HEAD' ? undefined : body);
  });
  return new Promise((ready) => server.listen(port, host, () => ready({
    url: `http://${host.includes(':') ? `[${host}]` : host}:${server.address().port}/`,
    close: () => new Promise((done) => server.close(done)),
  })));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [root = 'build/wasm/web', port = '8000', host = '127.0.0.1'] = process.argv.slice(2);
  const { url } = await serve(root, Number(port), host);
  console.log(`gridlab is being served at ${url} (Ctrl+C to stop)`);
  if (host !== '127.0.0.1' && host !== 'localhost' && host !== '::1') {
    console.log('Other computers on this network can open it at http://<this computer\'s address>:' + port + '/ ' +
                '(static files only, nothing can be written). Offline use needs https, or localhost.');
  }
}
