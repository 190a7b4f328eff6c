import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * Real receivers for alert deliveries, started by the tests on 127.0.0.1: an HTTP endpoint
 * (webhook or Slack-shaped) that records every request and answers with scripted statuses,
 * and an SMTP server that records every message.
 */

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The raw body, exactly as received (signatures are computed over it). */
  body: string;
  json: any;
  /** The status this request was answered with. */
  answered: number;
  /** What the receiver's `check` found wrong with it (it was then refused with 400). */
  problems: string[];
  /** When it arrived (epoch ms). */
  at: number;
}

export interface HttpReceiver {
  url: string;
  received: ReceivedRequest[];
  /** Statuses for the next requests, in order; after them every request gets `then` (default 200). */
  script(statuses: number[], then?: number): void;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

export interface ReceiverOptions {
  /**
   * Judges a request the way the provider it stands for would: what is wrong with it, in words.
   * A request with problems is refused with 400, as the provider would refuse it.
   */
  check?: (request: Omit<ReceivedRequest, 'answered' | 'problems'>) => string[];
  /** The body of an answer with this status (default: a short text saying what the status means). */
  answer?: (status: number, request: Omit<ReceivedRequest, 'answered' | 'problems'>) => string;
}

export async function startHttpReceiver(path = '/hook', options: ReceiverOptions = {}): Promise<HttpReceiver> {
  const received: ReceivedRequest[] = [];
  let queue: number[] = [];
  let fallback = 200;
  const sockets = new Set<Socket>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    const at = Date.now();
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: any = null;
      try {
        json = JSON.parse(body);
      } catch {
        // not JSON: json stays null
      }
      const seen = { method: request.method ?? '', path: request.url ?? '', headers: request.headers, body, json, at };
      const problems = options.check?.(seen) ?? [];
      const scripted = queue.length > 0 ? queue.shift()! : fallback;
      const status = problems.length > 0 ? 400 : scripted;
      received.push({ ...seen, answered: status, problems });
      const text =
        problems.length > 0 ? JSON.stringify({ problems }) : (options.answer?.(status, seen) ?? (status < 300 ? 'ok' : `failing on purpose (${status})`));
      response.writeHead(status, { 'content-type': 'text/plain' }).end(text);
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    script(statuses, then = 200) {
      queue = [...statuses];
      fallback = then;
    },
    waitFor: (count, timeoutMs = 10_000) => waitUntil(() => (received.length >= count ? received : undefined), timeoutMs, `${count} requests at ${path}`),
    async close() {
      const closed = once(server, 'close');
      server.close();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpReceiver {
  url: string;
  messages: ReceivedMail[];
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** `refuses`: recipients the server answers 550 (a mail server that does not take the mail). */
export async function startSmtpReceiver(options: { refuses?: (address: string) => boolean } = {}): Promise<SmtpReceiver> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuses?.(address.address)) callback(Object.assign(new Error('no such mailbox'), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor: (count, timeoutMs = 10_000) => waitUntil(() => (messages.length >= count ? messages : undefined), timeoutMs, `${count} mails`),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Polls `probe` until it returns a value; fails after `timeoutMs` naming what was awaited. */
export async function waitUntil<T>(probe: () => T | undefined | Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits a little and returns, so that a test can check that nothing more arrived. */
export const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));
