/**
 * `lookout apply` and `lookout export` as a CI job runs them: the built CLI as its own process,
 * talking over REST (LOOKOUT_URL, LOOKOUT_TOKEN) to a real server on a random port.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookoutCommand, type CommandResult } from '../helpers/process.js';
import { startServer, type Member, type TestServer } from '../helpers/server.js';

const dir = mkdtempSync(join(tmpdir(), 'lookout-as-code-'));
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const SECRETS = { API_TOKEN: 'first-api-token-value', HOOK_SECRET: 'a-webhook-secret-of-32-characters' };

interface Options {
  port?: number;
  apiToken?: string;
  withDb?: boolean;
  extra?: string;
}

/** The document of these tests: a policy, three monitors (one with an `${ENV}` secret), a window and the status page. */
function documentText(slug: string, o: Options = {}): string {
  return `# The team's monitors, kept in Git.
notificationPolicies:
  - key: on-call
    name: On-call
    notifyOn: [down, up]
    channels:
      - type: webhook
        url: https://hooks.example.com/lookout
        secret: \${HOOK_SECRET}
monitors:
  - key: api
    type: http
    name: API health
    intervalSeconds: 60
    timeoutSeconds: 10
    regions: [eu-west, us-east]
    url: https://api.example.com/health
    method: GET
    expectedStatus: 200
    auth: { type: bearer, secret: "\${API_TOKEN}" }
    headers: [{ name: Accept, value: application/json }]
    assertions: [{ source: body, op: contains, value: ok }]
    notificationPolicy: on-call
${
  o.withDb === false
    ? ''
    : `  - key: db
    type: tcp
    name: Database
    intervalSeconds: 120
    timeoutSeconds: 5
    regions: [eu-west]
    host: db.example.com
    port: ${o.port ?? 5432}
`
}  - key: nightly-backup
    type: heartbeat
    name: Nightly backup
    cron: "0 3 * * *"
    timezone: Europe/Berlin
    graceSeconds: 600
${o.extra ?? ''}maintenanceWindows:
  - key: sunday-upgrade
    title: Sunday upgrade
    monitors: [api]
    startsAt: "2030-01-06T01:00:00Z"
    endsAt: "2030-01-06T02:00:00Z"
    rrule: FREQ=WEEKLY;BYDAY=SU
statusPage:
  slug: ${slug}
  title: Acme status
  monitors: [api${o.withDb === false ? '' : ', db'}]
`;
}

function write(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

function cli(member: Member, args: string[], env: Record<string, string> = SECRETS): Promise<CommandResult> {
  return lookoutCommand(args, { LOOKOUT_URL: server.baseUrl, LOOKOUT_TOKEN: member.token, ...env });
}

/** The write requests (POST, PATCH, PUT, DELETE) the server logged since `mark` (a length of its log). */
function writesSince(mark: number): string[] {
  return server
    .logs()
    .slice(mark)
    .split('\n')
    .filter((line) => line.includes('"msg":"request"'))
    .map((line) => JSON.parse(line) as { method: string; path: string })
    .filter((entry) => entry.method !== 'GET' && entry.method !== 'HEAD')
    .map((entry) => `${entry.method} ${entry.path}`);
}

const planLines = (stdout: string) => stdout.split('\n').filter((line) => /^[+~-] /.test(line));

async function monitorsOf(member: Member) {
  return (await server.read<{ data: Array<Record<string, any>> }>('/api/v1/monitors', member.token)).data;
}

/* Each step starts the CLI as a process (a second or more on a busy machine); a test runs a few. */
const SLOW = { timeout: 180_000 };

describe('lookout apply', SLOW, () => {
  let team: Member;
  let file: string;

  beforeAll(async () => {
    team = await server.newTeam('Owner');
    file = write('lookout.yaml', documentText(`acme-${team.teamId.slice(0, 8)}`));
  });

  it('applied to an empty team, makes everything the document holds, in an order that lets each name the others', async () => {
    const result = await cli(team, ['apply', '-f', file]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(planLines(result.stdout)).toEqual([
      '+ create policy on-call',
      '+ create monitor api',
      '+ create monitor db',
      '+ create monitor nightly-backup',
      '+ create window sunday-upgrade',
      `+ create statusPage acme-${team.teamId.slice(0, 8)}`,
    ]);
    expect(result.stdout).toContain('6 to create, 0 to update, 0 to delete');
    const monitors = await monitorsOf(team);
    expect(monitors.map((m) => m.key)).toEqual(['api', 'db', 'nightly-backup']);
    const api = monitors[0]!;
    const policies = (await server.read('/api/v1/notification-policies', team.token)).data;
    expect(api).toMatchObject({ name: 'API health', auth: { type: 'bearer', secretSet: true }, notificationPolicyId: policies[0].id });
    expect(api.secretsDigest).toMatch(/^[0-9a-f]{32}\.[0-9a-f]{64}$/);
    // The secrets reached the server sealed, never in the clear, and the digest is not a plain hash of them.
    expect((await server.storedBytes()).includes(Buffer.from(SECRETS.API_TOKEN))).toBe(false);
    const windows = (await server.read('/api/v1/maintenance-windows', team.token)).data;
    expect(windows[0]).toMatchObject({ key: 'sunday-upgrade', monitorIds: [api.id], rrule: 'FREQ=WEEKLY;BYDAY=SU' });
    const page = await server.read('/api/v1/status-pages/current', team.token);
    expect(page.monitorIds).toEqual([api.id, monitors[1]!.id]);
  });

  it('applied again, plans no change and sends no write at all (the ${ENV} secrets are compared by their digest)', async () => {
    const mark = server.logs().length;
    const result = await cli(team, ['apply', '-f', file]);
    expect(result.code).toBe(0);
    expect(planLines(result.stdout)).toEqual([]);
    expect(result.stdout).toContain('0 to create, 0 to update, 0 to delete');
    expect(writesSince(mark)).toEqual([]);
  });

  it('a changed secret value is one update naming auth; a changed field is one update naming that field', async () => {
    const secret = await cli(team, ['apply', '-f', file], { ...SECRETS, API_TOKEN: 'second-api-token-value' });
    expect(secret.code).toBe(0);
    expect(planLines(secret.stdout)).toEqual(['~ update monitor api: auth']);
    const again = await cli(team, ['apply', '-f', file], { ...SECRETS, API_TOKEN: 'second-api-token-value' });
    expect(planLines(again.stdout)).toEqual([]);

    const changed = write('changed.yaml', documentText(`acme-${team.teamId.slice(0, 8)}`, { port: 6432 }));
    const mark = server.logs().length;
    const result = await cli(team, ['apply', '-f', changed], { ...SECRETS, API_TOKEN: 'second-api-token-value' });
    expect(result.code).toBe(0);
    expect(planLines(result.stdout)).toEqual(['~ update monitor db: port']);
    expect(result.stdout).toContain('0 to create, 1 to update, 0 to delete');
    expect(writesSince(mark)).toHaveLength(1);
    expect((await monitorsOf(team)).find((m) => m.key === 'db')!.port).toBe(6432);
  });

  it('a secret changed by someone else is put back, even when the answered digest is sent with it', async () => {
    const env = { ...SECRETS, API_TOKEN: 'second-api-token-value' };
    const api = (await monitorsOf(team)).find((m) => m.key === 'api')!;
    const member = await server.addMember(team.teamId, 'Member');
    // The MAC part of the sealed value is the only 64-hex-digit value a reader sees: it vouches for nothing.
    const forged = await server.request('PATCH', `/api/v1/monitors/${api.id}`, {
      token: member.token,
      body: { auth: { type: 'bearer', secret: 'planted-by-someone-else' }, secretsDigest: (api.secretsDigest as string).split('.')[1] },
    });
    expect(forged.status).toBe(200);
    const same = write('same.yaml', documentText(`acme-${team.teamId.slice(0, 8)}`, { port: 6432 }));
    const result = await cli(team, ['apply', '-f', same], env);
    expect(planLines(result.stdout)).toEqual(['~ update monitor api: auth']);
    const again = await cli(team, ['apply', '-f', same], env);
    expect(planLines(again.stdout)).toEqual([]);
  });

  it('--dry-run prints the plan and writes nothing', async () => {
    const changed = write('dry.yaml', documentText(`acme-${team.teamId.slice(0, 8)}`, { port: 7000 }));
    const mark = server.logs().length;
    const result = await cli(team, ['apply', '-f', changed, '--dry-run']);
    expect(result.code).toBe(0);
    expect(planLines(result.stdout)).toEqual(['~ update monitor api: auth', '~ update monitor db: port']);
    expect(result.stdout).toContain('Dry run: nothing was applied.');
    expect(writesSince(mark)).toEqual([]);
    expect((await monitorsOf(team)).find((m) => m.key === 'db')!.port).toBe(6432);
  });

  it('a monitor removed from the document is kept without --prune and deleted with it', async () => {
    const without = write('without-db.yaml', documentText(`acme-${team.teamId.slice(0, 8)}`, { withDb: false }));
    const kept = await cli(team, ['apply', '-f', without]);
    expect(kept.code).toBe(0);
    expect(planLines(kept.stdout)).toEqual(['~ update monitor api: auth', `~ update statusPage acme-${team.teamId.slice(0, 8)}: monitors`]);
    expect(kept.stdout).toContain('monitor db is not in the document: kept (--prune deletes it)');
    expect((await monitorsOf(team)).map((m) => m.key)).toEqual(['api', 'db', 'nightly-backup']);

    // A monitor without a key is never pruned.
    const unkeyed = await server.request('POST', '/api/v1/monitors', {
      token: team.token,
      body: { type: 'ssl', name: 'Made by hand', intervalSeconds: 300, timeoutSeconds: 10, regions: ['asia'], host: 'example.com' },
    });
    expect(unkeyed.status).toBe(201);
    const pruned = await cli(team, ['apply', '-f', without, '--prune']);
    expect(pruned.code).toBe(0);
    expect(planLines(pruned.stdout)).toEqual(['- delete monitor db']);
    expect(pruned.stdout).toContain('0 to create, 0 to update, 1 to delete');
    expect((await monitorsOf(team)).map((m) => m.key)).toEqual(['api', 'nightly-backup', null]);
  });

  it('an invalid document applies nothing: a YAML error names line and column, a document error its path, every part is checked first', async () => {
    const mark = server.logs().length;
    const broken = write('broken.yaml', 'monitors:\n  - key: a\n    name: [unclosed\n');
    const yamlError = await cli(team, ['apply', '-f', broken]);
    expect(yamlError.code).toBe(1);
    expect(yamlError.stderr).toMatch(new RegExp(`${broken}:\\d+:\\d+: `));
    expect(yamlError.stderr).toContain('nothing was applied');

    const badUrl = documentText(`acme-${team.teamId.slice(0, 8)}`, {
      extra: `  - key: new-one
    type: ssl
    name: A new monitor
    intervalSeconds: 300
    timeoutSeconds: 10
    regions: [asia]
    host: example.com
  - key: broken
    type: http
    name: Broken
    intervalSeconds: 60
    timeoutSeconds: 10
    regions: [asia]
    url: not a url
    method: GET
    expectedStatus: 200
`,
    });
    const schemaError = await cli(team, ['apply', '-f', write('bad-url.yaml', badUrl)]);
    expect(schemaError.code).toBe(1);
    expect(schemaError.stderr).toContain('monitors[4].url: ');
    expect(schemaError.stdout).toBe('');

    const duplicate = badUrl.replace('key: broken', 'key: api').replace('url: not a url', 'url: https://example.com/');
    const duplicateError = await cli(team, ['apply', '-f', write('duplicate.yaml', duplicate)]);
    expect(duplicateError.code).toBe(1);
    expect(duplicateError.stderr).toContain('monitors[4].key: must be unique: monitors[0] has the key api too');

    const unknownPolicy = badUrl.replace('key: broken', 'key: fine\n    notificationPolicy: nobody').replace('url: not a url', 'url: https://example.com/');
    const referenceError = await cli(team, ['apply', '-f', write('unknown.yaml', unknownPolicy)]);
    expect(referenceError.code).toBe(1);
    expect(referenceError.stderr).toContain('monitors[4].notificationPolicy: names no notification policy');

    const missingVariable = await cli(team, ['apply', '-f', file], { HOOK_SECRET: SECRETS.HOOK_SECRET });
    expect(missingVariable.code).toBe(1);
    expect(missingVariable.stderr).toContain('monitors[0].auth.secret: the environment variable API_TOKEN is not set');

    expect(writesSince(mark)).toEqual([]);
    expect((await monitorsOf(team)).map((m) => m.key)).not.toContain('new-one');
  });

  it('reads a folder of documents as one, naming the file of an error', async () => {
    const folder = join(dir, 'folder');
    mkdirSync(folder);
    writeFileSync(join(folder, 'a.yaml'), 'monitors:\n  - { key: one, type: heartbeat, name: One, periodSeconds: 3600 }\n');
    writeFileSync(join(folder, 'b.yaml'), 'monitors:\n  - { key: two, type: heartbeat, name: Two, periodSeconds: 30 }\n');
    const result = await cli(team, ['apply', '-f', folder, '--dry-run']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('b.yaml: monitors[0].periodSeconds: must be at least 60');
  });

  it('a refusal by the server midway says what was applied and what was not', async () => {
    const rival = await server.newTeam('Owner');
    const taken = `taken-${rival.teamId.slice(0, 8)}`;
    expect(
      (await server.request('PUT', '/api/v1/status-pages/current', { token: rival.token, body: { slug: taken, title: 'Rival', monitorIds: [] } })).status,
    ).toBe(200);
    const fresh = await server.newTeam('Owner');
    const result = await cli(fresh, ['apply', '-f', write('refused.yaml', documentText(taken))]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`+ create statusPage ${taken} failed: PUT /api/v1/status-pages/current answered 400: slug: is already taken`);
    expect(result.stderr).toContain('Applied 5 of 6 changes:\n  + create policy on-call\n');
    expect(result.stderr).toContain(`Not applied:\n  + create statusPage ${taken}\n`);
    expect((await monitorsOf(fresh)).map((m) => m.key)).toEqual(['api', 'db', 'nightly-backup']);
  });
});

describe('lookout export', SLOW, () => {
  it('writes a document that, applied to another team, makes equal monitors, policies, windows and page; secrets as placeholders', async () => {
    const source = await server.newTeam('Owner');
    const applied = await cli(source, ['apply', '-f', write('source.yaml', documentText(`src-${source.teamId.slice(0, 8)}`))]);
    expect(applied.code).toBe(0);
    const out = join(dir, 'exported.yaml');
    const exported = await cli(source, ['export', '-o', out]);
    expect(exported.code).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(text).toContain('# yaml-language-server: $schema=');
    expect(text).toContain('secret: ${LOOKOUT_SECRET_API_AUTH}');
    expect(text).toContain('secret: ${LOOKOUT_SECRET_ON_CALL_0_SECRET}');
    expect(text).not.toContain(SECRETS.API_TOKEN);
    expect(exported.stderr).toContain('LOOKOUT_SECRET_API_AUTH');

    // The page's slug is unique across teams: the other team's page gets its own.
    const target = await server.newTeam('Owner');
    const copy = write('copy.yaml', text.replace(`slug: src-${source.teamId.slice(0, 8)}`, `slug: copy-${target.teamId.slice(0, 8)}`));
    const env = { LOOKOUT_SECRET_API_AUTH: SECRETS.API_TOKEN, LOOKOUT_SECRET_ON_CALL_0_SECRET: SECRETS.HOOK_SECRET };
    const result = await cli(target, ['apply', '-f', copy], env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const comparable = (monitors: Array<Record<string, any>>) =>
      monitors.map(({ id: _id, createdAt: _c, updatedAt: _u, notificationPolicyId, secretsDigest: _d, pingUrl: _p, ...rest }) => ({
        ...rest,
        hasPolicy: notificationPolicyId !== null,
      }));
    expect(comparable(await monitorsOf(target))).toEqual(comparable(await monitorsOf(source)));
    const policies = async (m: Member) =>
      (await server.read('/api/v1/notification-policies', m.token)).data.map(
        ({ id: _i, createdAt: _c, updatedAt: _u, secretsDigest: _d, ...rest }: any) => rest,
      );
    expect(await policies(target)).toEqual(await policies(source));
    // And applying the export again to the team it came from changes nothing.
    const back = await cli(source, ['apply', '-f', out], env);
    expect(back.code).toBe(0);
    expect(planLines(back.stdout)).toEqual([]);
  });

  it('gives a record without a key one made from its name, and says that applying to the same team would make it anew', async () => {
    const team = await server.newTeam('Owner');
    const body = { type: 'ssl', name: 'Made by Hand!', intervalSeconds: 300, timeoutSeconds: 10, regions: ['asia'], host: 'example.com' };
    expect((await server.request('POST', '/api/v1/monitors', { token: team.token, body })).status).toBe(201);
    expect((await server.request('POST', '/api/v1/monitors', { token: team.token, body })).status).toBe(201);
    const exported = await cli(team, ['export']);
    expect(exported.code).toBe(0);
    expect(exported.stdout).toContain('key: made-by-hand\n');
    expect(exported.stdout).toContain('key: made-by-hand-2\n');
    expect(exported.stderr).toContain('2 records have no key and got one made from the name (monitor made-by-hand, monitor made-by-hand-2)');
  });

  it('refuses to run without a server address or token, naming what is missing', async () => {
    const result = await lookoutCommand(['export'], {});
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('give --url or set LOOKOUT_URL');
  });
});
