/**
 * The as-code document with the fields of monitor breadth: tags, `dependsOn` by key (the parent
 * made first whatever the document's order), a client certificate and a proxy whose secrets come
 * from the environment and are compared by their digest, so that a second apply changes nothing.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCa } from '../helpers/certificates.js';
import { lookoutCommand, type CommandResult } from '../helpers/process.js';
import { startServer, type Member, type TestServer } from '../helpers/server.js';

const dir = mkdtempSync(join(tmpdir(), 'lookout-as-code-breadth-'));
const client = createTestCa().issue({ names: ['lookout-client'], clientAuth: true });
const SECRETS = { PROXY_PASSWORD: 'proxy-pass-0123', CLIENT_CERT: client.cert, CLIENT_KEY: client.key };
let server: TestServer;
let team: Member;

beforeAll(async () => {
  server = await startServer();
  team = await server.newTeam('Owner');
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const DOCUMENT = `monitors:
  - key: site
    type: http
    name: Website
    intervalSeconds: 60
    timeoutSeconds: 10
    regions: [eu-west]
    url: https://www.example.com/
    method: GET
    expectedStatus: 200
    tags: [prod, web]
    dependsOn: database
    tlsVerify: false
    ipFamily: ipv4
    proxy: "http://probe:\${PROXY_PASSWORD}@proxy.example.com:3128"
    clientCertificate:
      certificate: "\${CLIENT_CERT}"
      key: "\${CLIENT_KEY}"
  - key: database
    type: tcp
    name: Database
    intervalSeconds: 60
    timeoutSeconds: 5
    regions: [eu-west]
    host: db.example.com
    port: 5432
    tags: [prod]
`;

const cli = (args: string[]): Promise<CommandResult> => lookoutCommand(args, { LOOKOUT_URL: server.baseUrl, LOOKOUT_TOKEN: team.token, ...SECRETS });
const planLines = (stdout: string) => stdout.split('\n').filter((line) => /^[+~-] /.test(line));

describe('monitor breadth as code', { timeout: 180_000 }, () => {
  it('applies tags, dependsOn by key and the HTTP options; applied again it changes nothing; export names the parent by key', async () => {
    const file = join(dir, 'lookout.yaml');
    writeFileSync(file, DOCUMENT);
    const first = await cli(['apply', '-f', file]);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    // The parent first, although the document lists it second.
    expect(planLines(first.stdout)).toEqual(['+ create monitor database', '+ create monitor site']);
    const monitors = (await server.read<{ data: Array<Record<string, any>> }>('/api/v1/monitors', team.token)).data;
    const database = monitors.find((m) => m.key === 'database')!;
    const site = monitors.find((m) => m.key === 'site')!;
    expect(site).toMatchObject({
      tags: ['prod', 'web'],
      dependsOn: database.id,
      tlsVerify: false,
      ipFamily: 'ipv4',
      proxy: 'http://probe@proxy.example.com:3128',
      proxySet: true,
      clientCertificate: { subject: 'lookout-client', keySet: true },
    });
    expect((await server.storedBytes()).includes(Buffer.from(SECRETS.PROXY_PASSWORD))).toBe(false);

    const again = await cli(['apply', '-f', file]);
    expect(again.code).toBe(0);
    expect(planLines(again.stdout)).toEqual([]);

    const exported = await cli(['export']);
    expect(exported.code).toBe(0);
    expect(exported.stdout).toMatch(/dependsOn: database/);
    expect(exported.stdout).toMatch(/proxy: http:\/\/probe:\$\{LOOKOUT_SECRET_SITE_PROXY\}@proxy\.example\.com:3128/);
    expect(exported.stdout).not.toContain(SECRETS.PROXY_PASSWORD);
    expect(exported.stdout).not.toContain('PRIVATE KEY');
  });
});
