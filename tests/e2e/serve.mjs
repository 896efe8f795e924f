// A plain static file server for dist/ on loopback: what any static host does, nothing more
// (gzip for text and wasm, long cache lifetimes for files whose names carry a content hash).
// Used by the end-to-end tests (port 0 = any free port) and runnable by hand:
//   node tests/e2e/serve.mjs dist 8081
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { basename, extname, join, normalize, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

/** Serves `root` on 127.0.0.1:`port`; resolves to { url, close, requests, stall, fail }.
 * `stall(true)` makes it a line that answers nothing (requests are taken and held, as a dead
 * wifi does), `stall(false)` drops what it held and serves again; `fail(503)` answers every
 * request with that status (a host down behind its proxy), `fail(null)` serves again. */
export function serve(root, port = 0) {
  const base = resolve(root);
  const requests = [];
  let stalled = false;
  let failing = null;
  const held = new Set();
  const server = createServer(async (req, res) => {
    if (stalled) { requests.push(new URL(req.url, 'http://x').pathname); held.add(res); return; }
    if (failing) { res.writeHead(failing, { 'content-type': 'text/plain' }).end('host error'); return; }
    let path;
    try {
      // `//` or a bad %-escape is not a URL: refused, the server serves on.
      path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    } catch {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('bad request');
      return;
    }
    let file = normalize(join(base, path));
    requests.push(path);
    if (!file.startsWith(base)) { res.writeHead(403).end(); return; }
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      let body = await readFile(file);
      const headers = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' };
      headers['cache-control'] = /-[0-9a-f]{16}[._]/.test(basename(file))
        ? 'public, max-age=31536000, immutable' : 'no-cache';
      if (extname(file) !== '.png' && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
        body = gzipSync(body);
        headers['content-encoding'] = 'gzip';
        headers.vary = 'accept-encoding';
      }
      res.writeHead(200, headers);
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  return new Promise((ok) => {
    server.listen(port, '127.0.0.1', () => {
      ok({
        url: `http://127.0.0.1:${server.address().port}/`,
        requests,
        stall: (on) => {
          stalled = on;
          if (!on) { for (const res of held) res.destroy(); held.clear(); }
        },
        fail: (status) => { failing = status; },
        close: () => new Promise((done) => {
          for (const res of held) res.destroy();
          server.close(done);
          server.closeAllConnections();
        }),
      });
    });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [root = 'dist', port = '8081'] = process.argv.slice(2);
  const { url } = await serve(root, Number(port));
  console.log(`serving ${root} at ${url}`);
}
