// A tiny static file server for the browser examples (no dependencies):
//   node examples/serve.mjs [dir] [port]     (defaults: the repository root, 8080)
// then open http://127.0.0.1:8080/examples/browser/ . Serves .wasm as application/wasm.
import { createReadStream, existsSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.css': 'text/css',
};

/** Serves dir on 127.0.0.1:port (0 = any free port); resolves to { url, port, close() }. */
export function serve(dir, port = 0) {
  const base = path.resolve(dir);
  const server = http.createServer((req, res) => {
    let p;
    try {
      p = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      res.writeHead(400).end('bad request');
      return;
    }
    if (p === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    if (p.endsWith('/')) p += 'index.html';
    const file = path.join(base, path.normalize(p));
    if (!file.startsWith(base + path.sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const { port: p } = server.address();
      resolve({ url: `http://127.0.0.1:${p}`, port: p, close: () => new Promise((r) => server.close(r)) });
    });
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const s = await serve(process.argv[2] ?? root, Number(process.argv[3] ?? 8080));
  console.log(`serving ${process.argv[2] ?? root} at ${s.url}/ (examples/browser/ for the browser example)`);
}
