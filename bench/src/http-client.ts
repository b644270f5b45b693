import { Agent, request } from 'node:http';

/** Kept-alive connections, at most six to the API, as a browser keeps to one site. */
const agent = new Agent({ keepAlive: true, maxSockets: 6 });

/** What Chromium asks for: the server compresses as it would for a visitor. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd', accept: '*/*' };

export interface Answer {
  status: number;
  ok: boolean;
  /** The body as sent: compressed when the server compressed it (never decoded here). */
  body: Buffer;
}

/**
 * One request over node:http. The timed rows send with this rather than `fetch`: undici's fetch made
 * so much garbage that the bench process itself stopped for 6–10 ms young-generation and 8–11 ms full
 * collections inside the measured rounds (docs/performance.md). The body is read but not decompressed:
 * the row measures the server, not the client's inflate.
 */
export function send(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        agent,
        method: init.method ?? 'GET',
        headers: {
          ...BROWSER_HEADERS,
          ...(init.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(init.body)) }),
          ...init.headers,
        },
      },
      (incoming) => {
        const parts: Buffer[] = [];
        incoming.on('data', (part: Buffer) => parts.push(part));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const status = incoming.statusCode ?? 0;
          resolve({ status, ok: status >= 200 && status < 300, body: Buffer.concat(parts) });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(init.body);
  });
}
