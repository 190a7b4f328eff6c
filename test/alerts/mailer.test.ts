import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Mailer } from '../../src/notify/mailer.js';
import { createTestCa } from '../helpers/certificates.js';

/**
 * The mailer opens the SMTP connection itself so that the target policy judges the address it
 * connects to; TLS (smtps) still runs over that connection with the host name of SMTP_URL.
 */

const message = { subject: 'Checkout is down', text: 'down', html: '<p>down</p>' };
let server: SMTPServer;
let port = 0;
const received: string[] = [];
const serverNames: unknown[] = [];
let connections = 0;

beforeAll(async () => {
  const leaf = createTestCa().issue({ names: ['localhost'] });
  server = new SMTPServer({
    secure: true,
    key: leaf.key,
    cert: leaf.cert,
    authOptional: true,
    logger: false,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onData(stream, session, callback) {
      serverNames.push(session.servername);
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const url = (host: string) => `smtps://${host}:${port}?tls.rejectUnauthorized=false`;

describe('Mailer', () => {
  it('sends over TLS through the connection it opened, presenting the host name of SMTP_URL', async () => {
    const mailer = new Mailer(url('localhost'), { publicUrl: 'http://lookout.test', timeoutMs: 5000, targetPolicy: 'all' });
    try {
      const result = await mailer.send(['ops@acme.test'], message, {}, '<m1@lookout.test>');
      expect(result).toEqual({ ok: true, statusCode: null, error: null });
      expect(received.at(-1)).toContain('Subject: Checkout is down');
      expect(serverNames.at(-1)).toBe('localhost');
    } finally {
      mailer.close();
    }
  });

  it('refuses an SMTP server the target policy blocks, by IP literal or by resolved name, before any connection', async () => {
    const before = { connections, received: received.length };
    for (const [host, reason] of [
      ['127.0.0.1', /^target-blocked: 127\.0\.0\.1 is blocked by the target policy public-only$/],
      ['localhost', /^target-blocked: localhost resolves to (127\.0\.0\.1|::1), blocked by the target policy public-only$/],
    ] as const) {
      const mailer = new Mailer(url(host), { publicUrl: 'http://lookout.test', timeoutMs: 5000, targetPolicy: 'public-only' });
      try {
        const result = await mailer.send(['ops@acme.test'], message, {}, '<m2@lookout.test>');
        expect(result.ok).toBe(false);
        expect(result.error).toMatch(reason);
      } finally {
        mailer.close();
      }
    }
    expect(connections).toBe(before.connections);
    expect(received.length).toBe(before.received);
  });

  it('reports a refused connection as an SMTP failure, not a crash', async () => {
    const mailer = new Mailer('smtp://127.0.0.1:1', { publicUrl: 'http://lookout.test', timeoutMs: 5000, targetPolicy: 'all' });
    try {
      const result = await mailer.send(['ops@acme.test'], message, {}, '<m3@lookout.test>');
      expect(result).toMatchObject({ ok: false, statusCode: null, error: expect.stringMatching(/^smtp: .*ECONNREFUSED/) });
    } finally {
      mailer.close();
    }
  });
});
