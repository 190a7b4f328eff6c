import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Hit {
  at: number;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

/** A local HTTP target whose answer a test can change: status code, delay per path. */
export interface Target {
  url: string;
  hits: Hit[];
  /** The status code every request gets from now on. */
  status: number;
  /** Answer the next `n` requests with `status` before returning to the usual one. */
  failNext(n: number, status?: number): void;
  close(): Promise<void>;
}

export async function startTarget(status = 200): Promise<Target> {
  let failing = 0;
  let failStatus = 503;
  const target: Target = {
    url: '',
    hits: [],
    status,
    failNext(n, code = 503) {
      failing = n;
      failStatus = code;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((request, response) => {
    target.hits.push({ at: Date.now(), method: request.method!, path: request.url!, headers: request.headers });
    const delay = Number(new URL(request.url!, 'http://x').searchParams.get('delay') ?? 0);
    let code = target.status;
    if (failing > 0) {
      failing--;
      code = failStatus;
    }
    setTimeout(() => {
      response.writeHead(code, { 'content-type': 'text/plain' });
      response.end('ok');
    }, delay);
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  target.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return target;
}

/** Polls until `check` returns a truthy value or the time runs out. */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 10_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
