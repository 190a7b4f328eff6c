import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local RDAP registry and the bootstrap file that points at it (RFC 9224), for domain monitors:
 * each domain answers what the test sets (a JSON object, or raw text and a status for hostile
 * answers); every request is recorded.
 */
export interface RdapRegistry {
  /** The bootstrap file's address (LOOKOUT_RDAP_BOOTSTRAP_URL). */
  bootstrapUrl: string;
  /** The paths asked, in order. */
  requests: string[];
  /** What `domain` answers: an RDAP domain object, or `{ status, body }` as sent. */
  answer(domain: string, value: object | { status: number; body: string }): void;
  close(): Promise<void>;
}

/** An RDAP domain object expiring at `expiresAt` (ISO), registered by `registrar`. */
export function rdapDomain(name: string, expiresAt: string, registrar = 'Example Registrar, Inc.'): object {
  return {
    objectClassName: 'domain',
    ldhName: name.toUpperCase(),
    rdapConformance: ['rdap_level_0'],
    events: [
      { eventAction: 'registration', eventDate: '2001-01-01T00:00:00Z' },
      { eventAction: 'expiration', eventDate: expiresAt },
    ],
    entities: [
      {
        objectClassName: 'entity',
        roles: ['registrar'],
        vcardArray: [
          'vcard',
          [
            ['version', {}, 'text', '4.0'],
            ['fn', {}, 'text', registrar],
          ],
        ],
      },
    ],
  };
}

/** Serves the TLDs `tlds` (one registry for all). */
export async function startRdapRegistry(tlds: readonly string[] = ['test', 'example']): Promise<RdapRegistry> {
  const answers = new Map<string, object | { status: number; body: string }>();
  const requests: string[] = [];
  let base = '';
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/';
    requests.push(path);
    if (path === '/bootstrap/dns.json') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ version: '1.0', publication: '2026-01-01T00:00:00Z', services: [[[...tlds], [`${base}/rdap/`]]] }));
      return;
    }
    const match = /^\/rdap\/domain\/([^/?]+)$/.exec(path);
    const answer = match ? answers.get(decodeURIComponent(match[1]!).toLowerCase()) : undefined;
    if (!answer) {
      response.writeHead(404, { 'content-type': 'application/rdap+json' });
      response.end(JSON.stringify({ errorCode: 404, title: 'Not Found' }));
    } else if ('status' in answer && 'body' in answer) {
      response.writeHead(answer.status as number, { 'content-type': 'application/rdap+json' });
      response.end(answer.body);
    } else {
      response.writeHead(200, { 'content-type': 'application/rdap+json' });
      response.end(JSON.stringify(answer));
    }
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    bootstrapUrl: `${base}/bootstrap/dns.json`,
    requests,
    answer: (domain, value) => answers.set(domain, value),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
