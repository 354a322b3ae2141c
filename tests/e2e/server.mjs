// A tiny static file server for the built site (the .wasm must be served as application/wasm).
// Used by the end-to-end tests and by scripts/run.sh:  node tests/e2e/server.mjs <dir> [port]
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.wasm': 'application/wasm', '.data': 'application/octet-stream',
  '.json': 'application/json', '.png': 'image/png', '.svg': 'image/svg+xml', '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
};

export function serve(root, port = 0, host = '127.0.0.1') {
  const base = resolve(root);
  const server = createServer(async (request, response) => {
    let path;
    try {
      path = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    } catch {
      response.writeHead(400).end();
      return;
    }
    const file = normalize(join(base, path.endsWith('/') ? path + 'index.html' : path));
    if (file !== base && !file.startsWith(base + sep)) { response.writeHead(403).end(); return; }
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'Content-Type': TYPES[extname(file)] || 'application/octet-stream',
                                'Content-Length': body.length, 'Cache-Control': 'no-cache' });
      response.end(body);
    } catch {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    }
  });
  return new Promise((ready) => server.listen(port, host, () => ready({
    url: `http://${host}:${server.address().port}/`,
    close: () => new Promise((done) => server.close(done)),
  })));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [root = 'build/wasm/web', port = '8000'] = process.argv.slice(2);
  const { url } = await serve(root, Number(port));
  console.log(`gridlab is being served at ${url} (Ctrl+C to stop)`);
}
