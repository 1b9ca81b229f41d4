// A tiny static file server for the built demo (no dependencies):
//   node scripts/serve-demo.mjs [dir]      serves dir (default build/demo) on localhost:$PORT (5173)
// PORT=0 picks a free port. Also importable: `const s = await serveDemo(dir, 0); s.url; await s.close()`.
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/** Serves `dir` on 127.0.0.1:`port`; resolves to { url, port, close() } once listening. */
export function serveDemo(dir, port = 5173, host = '127.0.0.1') {
  const rootDir = path.resolve(dir);
  const server = createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    let rel;
    try {
      rel = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      res.writeHead(400).end('bad request');
      return;
    }
    let file = path.join(rootDir, path.normalize(rel));
    if (file !== rootDir && !file.startsWith(rootDir + path.sep)) {
      res.writeHead(403).end('forbidden');
      return;
    }
    let st;
    try {
      st = statSync(file);
      if (st.isDirectory()) {
        file = path.join(file, 'index.html');
        st = statSync(file);
      }
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`not found: ${rel}`);
      return;
    }
    res.writeHead(200, {
      'Content-Type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      'Content-Length': st.size,
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
      // Cross-origin isolation: the page gets SharedArrayBuffer, so init({ threads: 'auto' }) can
      // load the threaded build (every resource here is same-origin).
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
      'Cross-Origin-Resource-Policy': 'same-origin',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const actual = server.address().port;
      resolve({
        url: `http://localhost:${actual}/`,
        port: actual,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections?.();
            server.close(() => done());
          }),
      });
    });
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const dir = process.argv[2] ?? path.join(here, '..', 'build', 'demo');
  const port = Number(process.env.PORT ?? 5173);
  serveDemo(dir, port).then(
    (s) => {
      console.log(`strideview demo: ${s.url}  (Ctrl+C to stop)`);
      const stop = () => s.close().then(() => process.exit(0));
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    },
    (e) => {
      console.error(
        e && e.code === 'EADDRINUSE' ? `demo: port ${port} is in use; try PORT=5174 npm run demo` : String(e),
      );
      process.exit(1);
    },
  );
}
