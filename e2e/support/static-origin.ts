/**
 * A second origin for a remote, as a team's static host or CDN would be: a tiny node:http file server on
 * its own port that answers the host's origin with CORS and CORP headers and the remote's cache rules.
 */
import { createReadStream, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';

export interface StaticOrigin {
  /** http://127.0.0.1:<port> */
  origin: string;
  port: number;
  /** Paths requested so far, in order. */
  requests: string[];
  close: () => Promise<void>;
}

const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
};
const ENTRY_POINTS = new Set(['mf-manifest.json', 'mf-stats.json', 'remoteEntry.js']);

/**
 * Serves `root` on `port` (0 = any free port) to pages of `hostOrigin` (a function when the host's port
 * is known only later).
 */
export async function serveStaticOrigin(
  root: string,
  hostOrigin: string | (() => string),
  port = 0,
): Promise<StaticOrigin> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push(pathname);
    res.setHeader('Access-Control-Allow-Origin', typeof hostOrigin === 'string' ? hostOrigin : hostOrigin());
    res.setHeader('Vary', 'Origin');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, HEAD' }).end();
      return;
    }
    const file = path.join(root, path.normalize(pathname));
    let size: number;
    try {
      const stat = statSync(file);
      if (!file.startsWith(root + path.sep) || !stat.isFile()) throw new Error('not a file');
      size = stat.size;
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    res.writeHead(200, {
      'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Content-Length': size,
      'Cache-Control': ENTRY_POINTS.has(path.basename(file))
        ? 'no-cache'
        : 'public, max-age=31536000, immutable',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    origin: `http://127.0.0.1:${bound}`,
    port: bound,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
