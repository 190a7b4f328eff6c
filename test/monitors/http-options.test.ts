import { createServer as createHttpServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect as netConnect, type AddressInfo, type Socket } from 'node:net';
import { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCa } from '../helpers/certificates.js';
import { startServer, type Member, type TestServer } from '../helpers/server.js';
import { eventually } from '../helpers/target.js';
import { connect as mcpConnect } from '../mcp/support.js';
import { MONITORS, expectCreated, expectOk, storedRow } from './fixtures.js';

/**
 * An HTTP monitor's options of contract-2 §B: `tlsVerify`, `clientCertificate`, `proxy` and
 * `ipFamily`, each against a real local server made here (a self-signed HTTPS server, one that
 * requires a client certificate, a CONNECT proxy that records its use).
 */

const ca = createTestCa();
const selfSigned = ca.issue({ selfSigned: true, names: ['localhost', '127.0.0.1'] });
const trusted = ca.issue({ names: ['localhost', '127.0.0.1'] });
const clientLeaf = ca.issue({ names: ['lookout-client'], clientAuth: true });
const PROXY_PASSWORD = 'Pr0xy-Passw0rd:/@%';

interface Listening {
  url: string;
  port: number;
  close: () => Promise<void>;
}

async function listen(server: Server): Promise<Listening> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** An HTTPS server with a self-signed certificate; with `requireClient`, only a client certificate of the test CA gets in. */
async function startHttps(requireClient = false): Promise<Listening & { clients: Array<string | null> }> {
  const clients: Array<string | null> = [];
  // The one that asks for a client certificate has one the checks trust (the test CA is in their trust store).
  const own = requireClient ? trusted : selfSigned;
  const server = createHttpsServer(
    { key: own.key, cert: own.cert, ...(requireClient ? { requestCert: true, rejectUnauthorized: true, ca: [ca.cert] } : {}) },
    (request, response) => {
      const peer = request.socket instanceof TLSSocket ? request.socket.getPeerCertificate() : null;
      clients.push(peer && 'subject' in peer ? String(peer.subject.CN) : null);
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('secure ok');
    },
  );
  return { ...(await listen(server)), clients };
}

/** A plain HTTP target. */
async function startPlain(): Promise<Listening & { paths: string[] }> {
  const paths: string[] = [];
  const server = createHttpServer((request, response) => {
    paths.push(request.url!);
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('plain ok');
  });
  return { ...(await listen(server)), paths };
}

interface ProxyUse {
  method: string;
  target: string;
  authorization: string | undefined;
  headers: IncomingHttpHeaders;
}

/** A forward proxy: CONNECT tunnels, and absolute-form requests forwarded; it records each use. */
async function startProxy(): Promise<Listening & { uses: ProxyUse[] }> {
  const uses: ProxyUse[] = [];
  const server = createHttpServer((request, response) => {
    uses.push({ method: request.method!, target: request.url!, authorization: request.headers['proxy-authorization'], headers: request.headers });
    const target = new URL(request.url!);
    const { 'proxy-authorization': _auth, ...headers } = request.headers;
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, path: target.pathname + target.search, method: request.method, headers },
      (answer) => {
        response.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  server.on('connect', (request, client: Socket, head: Buffer) => {
    uses.push({ method: 'CONNECT', target: request.url!, authorization: request.headers['proxy-authorization'], headers: request.headers });
    const [host, port] = request.url!.split(':');
    const upstream = netConnect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  return { ...(await listen(server)), uses };
}

let server: TestServer;
let admin: Member;
let member: Member;
let https: Awaited<ReturnType<typeof startHttps>>;
let mtls: Awaited<ReturnType<typeof startHttps>>;
let plain: Awaited<ReturnType<typeof startPlain>>;
let proxy: Awaited<ReturnType<typeof startProxy>>;

beforeAll(async () => {
  [https, mtls, plain, proxy] = await Promise.all([startHttps(), startHttps(true), startPlain(), startProxy()]);
  server = await startServer({ LOOKOUT_REGIONS: 'us-east' }, { checks: { retryDelayMs: 50, extraCaPem: [ca.cert] } });
  admin = await server.newTeam('Admin');
  member = await server.addMember(admin.teamId, 'Member');
});
afterAll(async () => {
  await server?.close();
  await Promise.all([https?.close(), mtls?.close(), plain?.close(), proxy?.close()]);
});

const request = (method: string, path: string, body: unknown, who: Member = admin) => server.request(method, path, { token: who.token, body });
const runsOf = async (id: string) => (await server.read(`${MONITORS}/${id}/runs`, admin.token)).data as any[];
const firstRun = (id: string) => eventually(async () => (await runsOf(id))[0]);

async function create(fields: Record<string, unknown>, who: Member = admin) {
  return expectCreated(
    await request(
      'POST',
      MONITORS,
      { type: 'http', name: 'Internal', intervalSeconds: 3600, timeoutSeconds: 5, regions: ['us-east'], method: 'GET', expectedStatus: 200, ...fields },
      who,
    ),
  );
}

describe('tlsVerify', () => {
  it('false accepts a self-signed certificate, records it and says so in each run, without making the monitor degraded', async () => {
    const monitor = await create({ url: `https://${https.url}/health`, tlsVerify: false });
    expect(monitor.tlsVerify).toBe(false);
    const run = await firstRun(monitor.id);
    expect(run).toMatchObject({ ok: true, statusCode: 200, warnings: ['certificate not verified'] });
    expect(run.certificate).toMatchObject({ subject: 'localhost' });
    const after = await eventually(async () => {
      const record = expectOk(await request('GET', `${MONITORS}/${monitor.id}`, undefined));
      return record.status !== 'pending' && record;
    });
    expect(after.status).toBe('up');
    expect(after.degradedReasons).toEqual([]);
    // A Member sees the notice too (it quotes nothing from the target).
    const seen = (await server.read(`${MONITORS}/${monitor.id}/runs`, member.token)).data as any[];
    expect(seen[0].warnings).toEqual(['certificate not verified']);
  });

  it('true (the default) fails against the same server', async () => {
    const monitor = await create({ url: `https://${https.url}/health` });
    expect(monitor.tlsVerify).toBe(true);
    const run = await firstRun(monitor.id);
    expect(run.ok).toBe(false);
    expect(run.error.code).toBe('certificate-untrusted');
    expect(run.warnings).toEqual([]);
  });

  it('PATCH sets and clears it; a non-boolean is 400 on tlsVerify', async () => {
    const monitor = await create({ url: `http://${plain.url}/` });
    expect(expectOk(await request('PATCH', `${MONITORS}/${monitor.id}`, { tlsVerify: false })).tlsVerify).toBe(false);
    expect(expectOk(await request('PATCH', `${MONITORS}/${monitor.id}`, { tlsVerify: true })).tlsVerify).toBe(true);
    const wrong = await request('PATCH', `${MONITORS}/${monitor.id}`, { tlsVerify: 'no' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0].field).toBe('tlsVerify');
  });
});

describe('clientCertificate', () => {
  it('is presented to a server that requires one (verified, and the run carries its certificate); without it the same server refuses the check', async () => {
    const withCertificate = await create({
      url: `https://${mtls.url}/`,
      clientCertificate: { certificate: clientLeaf.cert, key: clientLeaf.key },
    });
    expect(withCertificate.clientCertificate).toEqual({ subject: 'lookout-client', notAfter: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), keySet: true });
    expect(JSON.stringify(withCertificate)).not.toContain('PRIVATE KEY');
    const run = await firstRun(withCertificate.id);
    expect(run).toMatchObject({ ok: true, statusCode: 200, warnings: [] });
    // An https run carries the certificate it saw, as an SSL run does.
    expect(run.certificate).toMatchObject({ subject: 'localhost', issuer: 'Lookout Test CA', daysRemaining: expect.any(Number) });
    expect(mtls.clients).toContain('lookout-client');

    const without = await create({ url: `https://${mtls.url}/` });
    const refused = await firstRun(without.id);
    expect(refused.ok).toBe(false);
    expect(['tls-error', 'connection-reset']).toContain(refused.error.code);
  });

  it('is sealed at rest, never answered (REST, list, MCP), and a key that does not match is 400', async () => {
    const monitor = await create({ url: `https://${mtls.url}/`, clientCertificate: { certificate: clientLeaf.cert, key: clientLeaf.key } });
    const row = await storedRow(server, monitor.id);
    expect(row!.client_key_secret).toMatch(/^v\d\./);
    expect(row!.client_key_secret).not.toContain('PRIVATE KEY');
    const list = await request('GET', MONITORS, undefined, member);
    expect(list.text).not.toContain('PRIVATE KEY');
    expect(list.text).not.toContain(row!.client_key_secret);
    const mcp = await mcpConnect(server, member.token);
    const viaMcp = await mcp.call('get_monitor', { monitorId: monitor.id });
    await mcp.close();
    expect(JSON.stringify(viaMcp)).not.toContain('PRIVATE KEY');
    expect((viaMcp.structuredContent as any).clientCertificate).toMatchObject({ keySet: true });

    // The CA's certificate with the leaf's key: they do not belong together.
    const mismatch = await request('POST', MONITORS, {
      type: 'http',
      name: 'x',
      intervalSeconds: 60,
      timeoutSeconds: 5,
      regions: ['us-east'],
      method: 'GET',
      expectedStatus: 200,
      url: `https://${mtls.url}/`,
      clientCertificate: { certificate: ca.cert, key: clientLeaf.key },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors.map((e: any) => e.field)).toEqual(['clientCertificate.key']);
    expect(mismatch.text).not.toContain('PRIVATE KEY');
    const garbage = await request('PATCH', `${MONITORS}/${monitor.id}`, { clientCertificate: { certificate: 'not a certificate', key: clientLeaf.key } });
    expect(garbage.status).toBe(400);
    expect(garbage.body.errors[0].field).toBe('clientCertificate.certificate');

    // null clears it, and the sealed key goes with it.
    const cleared = expectOk(await request('PATCH', `${MONITORS}/${monitor.id}`, { clientCertificate: null }));
    expect(cleared.clientCertificate).toBeNull();
    expect((await storedRow(server, monitor.id))!.client_key_secret).toBeNull();
  });

  it('binds the key to its request (rule 18): a change of url needs clientCertificate again', async () => {
    const monitor = await create({ url: `https://${mtls.url}/a`, clientCertificate: { certificate: clientLeaf.cert, key: clientLeaf.key } }, member);
    const moved = await request('PATCH', `${MONITORS}/${monitor.id}`, { url: `https://${mtls.url}/b` }, member);
    expect(moved.status).toBe(400);
    expect(moved.body.errors.map((e: any) => e.field)).toEqual(['clientCertificate']);
    expect(moved.body.errors[0].message).toMatch(/must be sent again/);
    // Sent again: the change goes through; the same value of url needs nothing.
    expectOk(await request('PATCH', `${MONITORS}/${monitor.id}`, { url: `https://${mtls.url}/a` }, member));
    const again = expectOk(
      await request(
        'PATCH',
        `${MONITORS}/${monitor.id}`,
        { url: `https://${mtls.url}/b`, clientCertificate: { certificate: clientLeaf.cert, key: clientLeaf.key } },
        member,
      ),
    );
    expect(again.url).toBe(`https://${mtls.url}/b`);
  });
});

describe('proxy', () => {
  it('takes an https target through CONNECT and an http target as an absolute-form request, with its credentials', async () => {
    const proxyUrl = `http://probe:${encodeURIComponent(PROXY_PASSWORD)}@${proxy.url}`;
    const secure = await create({ url: `https://${https.url}/through`, tlsVerify: false, proxy: proxyUrl });
    expect(secure.proxy).toBe(`http://probe@${proxy.url}`);
    expect(secure.proxySet).toBe(true);
    expect(JSON.stringify(secure)).not.toContain('Passw0rd');
    const secureRun = await firstRun(secure.id);
    expect(secureRun).toMatchObject({ ok: true, statusCode: 200 });
    const expectedAuth = `Basic ${Buffer.from(`probe:${PROXY_PASSWORD}`).toString('base64')}`;
    expect(proxy.uses).toContainEqual(expect.objectContaining({ method: 'CONNECT', target: https.url, authorization: expectedAuth }));

    const insecure = await create({ url: `http://${plain.url}/via-proxy?x=1`, proxy: proxyUrl });
    const plainRun = await firstRun(insecure.id);
    expect(plainRun).toMatchObject({ ok: true, statusCode: 200 });
    expect(proxy.uses).toContainEqual(expect.objectContaining({ method: 'GET', target: `http://${plain.url}/via-proxy?x=1`, authorization: expectedAuth }));
    expect(plain.paths).toContain('/via-proxy?x=1');

    // The password is sealed at rest and answered nowhere.
    const row = await storedRow(server, insecure.id);
    expect(row!.proxy_url).toBe(`http://probe@${proxy.url}`);
    expect(row!.proxy_password_secret).toMatch(/^v\d\./);
    const list = await request('GET', MONITORS, undefined, member);
    expect(list.text).not.toContain('Passw0rd');
  });

  it('is refused when it is not http://[user:password@]host:port, and binds its password to the request (rule 18)', async () => {
    for (const wrong of ['https://127.0.0.1:3128', 'http://127.0.0.1', 'http://127.0.0.1:3128/path', 'socks5://127.0.0.1:1080', 'not a url']) {
      const answer = await request('POST', MONITORS, {
        type: 'http',
        name: 'x',
        intervalSeconds: 60,
        timeoutSeconds: 5,
        regions: ['us-east'],
        method: 'GET',
        expectedStatus: 200,
        url: `http://${plain.url}/`,
        proxy: wrong,
      });
      expect(answer.status, wrong).toBe(400);
      expect(answer.body.errors[0].field).toBe('proxy');
    }
    const monitor = await create({ url: `http://${plain.url}/a`, proxy: `http://u:secret-pass@${proxy.url}` }, member);
    const moved = await request('PATCH', `${MONITORS}/${monitor.id}`, { method: 'POST' }, member);
    expect(moved.status).toBe(400);
    expect(moved.body.errors.map((e: any) => e.field)).toEqual(['proxy']);
    // A proxy without a password holds no secret: nothing to send again.
    const open = await create({ url: `http://${plain.url}/a`, proxy: `http://${proxy.url}` }, member);
    expect(open.proxySet).toBe(false);
    expectOk(await request('PATCH', `${MONITORS}/${open.id}`, { method: 'POST' }, member));
    expect(expectOk(await request('PATCH', `${MONITORS}/${open.id}`, { proxy: null }, member)).proxy).toBeNull();
  });
});

describe('ipFamily', () => {
  it('is auto by default, takes ipv4 and ipv6, and refuses anything else', async () => {
    const monitor = await create({ url: `http://localhost:${plain.port}/family`, ipFamily: 'ipv4' });
    expect(monitor.ipFamily).toBe('ipv4');
    expect(await firstRun(monitor.id)).toMatchObject({ ok: true });
    // The target listens on IPv4 only: over IPv6 the same name is refused or does not resolve.
    const six = await create({ url: `http://localhost:${plain.port}/family`, ipFamily: 'ipv6' });
    expect((await firstRun(six.id)).ok).toBe(false);
    const wrong = await request('PATCH', `${MONITORS}/${monitor.id}`, { ipFamily: 'ipv5' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0].field).toBe('ipFamily');
    expect(expectOk(await request('PATCH', `${MONITORS}/${monitor.id}`, { ipFamily: 'auto' })).ipFamily).toBe('auto');
  });
});

describe('the target policy judges the proxy', () => {
  let strict: TestServer;
  let owner: Member;
  beforeAll(async () => {
    strict = await startServer({ LOOKOUT_REGIONS: 'us-east', LOOKOUT_TARGET_POLICY: 'public-only' }, { checks: { retryDelayMs: 50 } });
    owner = await strict.newTeam('Owner');
  });
  afterAll(async () => {
    await strict?.close();
  });

  it('a proxy on a private address is blocked, and nothing reaches it', async () => {
    const before = proxy.uses.length;
    const monitor = expectCreated(
      await strict.request('POST', MONITORS, {
        token: owner.token,
        body: {
          type: 'http',
          name: 'Public site via a private proxy',
          intervalSeconds: 3600,
          timeoutSeconds: 5,
          regions: ['us-east'],
          method: 'GET',
          expectedStatus: 200,
          url: 'https://example.com/',
          proxy: `http://${proxy.url}`,
        },
      }),
    );
    const run = await eventually(async () => ((await strict.read(`${MONITORS}/${monitor.id}/runs`, owner.token)).data as any[])[0]);
    expect(run.ok).toBe(false);
    expect(run.error.code).toBe('target-blocked');
    expect(proxy.uses.length).toBe(before);
  });
});
