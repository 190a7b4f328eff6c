import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookoutCommand } from '../helpers/process.js';
import { runCli, startServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let env: Record<string, string>;

beforeAll(async () => {
  server = await startServer();
  env = { DATABASE_URL: server.env.DATABASE_URL! };
});
afterAll(() => server.close());

describe('lookout CLI', () => {
  it('runs as a process of its own: answers on stdout, reads standard input, fails with a message and exit code 1', { timeout: 90_000 }, async () => {
    // The other tests run the same program in-process; this one runs the built `lookout` as operators do.
    // Each `lookout` process loads the whole program: seconds apiece on a busy machine.
    const key = server.env.LOOKOUT_SECRET_KEY;
    const processEnv = key ? { ...env, LOOKOUT_SECRET_KEY: key } : env;
    const user = await lookoutCommand(['user', 'create', '--email', 'proc@acme.test', '--password-stdin', '--json'], processEnv, 'a long enough password\n');
    expect(user).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(user.stdout)).toEqual({ id: expect.any(String), email: 'proc@acme.test' });
    const team = await server.newTeam('Owner');
    expect((await runCli(['member', 'add', '--team', team.teamId, '--email', 'proc@acme.test', '--role', 'Member'], env)).code).toBe(0);
    const signIn = await server.request('POST', '/api/v1/session', { body: { email: 'proc@acme.test', password: 'a long enough password' } });
    expect(signIn.status).toBe(200);

    const refused = await lookoutCommand(['user', 'create', '--email', 'proc@acme.test'], processEnv);
    expect(refused).toEqual({ code: 1, stdout: '', stderr: 'lookout: email: is already taken by another user\n' });
    const unknown = await lookoutCommand(['frobnicate'], processEnv);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("lookout: unknown command 'frobnicate'");
    const help = await lookoutCommand(['--help'], processEnv);
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toContain('Usage: lookout');
  });

  it('creates a team, a user, a membership and a token that the API accepts, then revokes it', async () => {
    const team = await runCli(['team', 'create', '--name', 'Acme', '--json'], env);
    expect(team.code).toBe(0);
    expect(team.json).toEqual({ id: expect.any(String), name: 'Acme' });

    const user = await runCli(
      ['user', 'create', '--email', 'Alice@Acme.test', '--name', 'Alice', '--password-stdin', '--json'],
      env,
      'correct horse battery\n',
    );
    expect(user.code).toBe(0);
    expect(user.json).toEqual({ id: expect.any(String), email: 'alice@acme.test' });

    const member = await runCli(['member', 'add', '--team', team.json.id, '--email', 'alice@acme.test', '--role', 'Admin', '--json'], env);
    expect(member.code).toBe(0);
    expect(member.json).toMatchObject({ userId: user.json.id, role: 'Admin' });

    const token = await runCli(['token', 'create', '--team', team.json.id, '--email', 'alice@acme.test', '--name', 'ci', '--json'], env);
    expect(token.code).toBe(0);
    expect(token.json).toEqual({ id: expect.any(String), token: expect.stringMatching(/^lkt_[A-Za-z0-9]{40}$/), teamId: team.json.id, userId: user.json.id });

    const ok = await server.request('GET', '/api/v1/teams/current', { token: token.json.token });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id: team.json.id, name: 'Acme', tokenRole: 'Admin' });

    const revoked = await runCli(['token', 'revoke', '--id', token.json.id, '--json'], env);
    expect(revoked.code).toBe(0);
    expect((await server.request('GET', '/api/v1/teams/current', { token: token.json.token })).status).toBe(401);

    // The password was stored as a hash, never as given.
    const stored = await server.app.store.db.selectFrom('users').select('password_hash').where('id', '=', user.json.id).executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^scrypt\$/);
    expect(stored.password_hash).not.toContain('correct horse');
  });

  it('applies a role change and a member removal to the very next request', async () => {
    const owner = await server.newTeam('Owner');
    const bob = await server.addMember(owner.teamId, 'Member');
    expect((await server.request('GET', '/api/v1/teams/current', { token: bob.token })).body.tokenRole).toBe('Member');

    const promoted = await runCli(['member', 'set-role', '--team', owner.teamId, '--email', bob.email, '--role', 'Owner'], env);
    expect(promoted.code).toBe(0);
    expect(promoted.stdout).toContain('is now Owner');
    expect((await server.request('GET', '/api/v1/teams/current', { token: bob.token })).body.tokenRole).toBe('Owner');

    const removed = await runCli(['member', 'remove', '--team', owner.teamId, '--email', bob.email], env);
    expect(removed.code).toBe(0);
    expect((await server.request('GET', '/api/v1/teams/current', { token: bob.token })).status).toBe(401);

    // Adding the member back does not bring the old token back to life.
    expect((await runCli(['member', 'add', '--team', owner.teamId, '--email', bob.email, '--role', 'Member'], env)).code).toBe(0);
    expect((await server.request('GET', '/api/v1/teams/current', { token: bob.token })).status).toBe(401);
  });

  it.each([
    [
      'an unknown team',
      ['member', 'add', '--team', '00000000-0000-7000-8000-000000000000', '--email', 'nobody@x.test', '--role', 'Admin'],
      /No user has the email|No team has the id/,
    ],
    [
      'a bad role',
      ['member', 'set-role', '--team', 'x', '--email', 'x@x.test', '--role', 'King'],
      /No user|role: must be one of Viewer, Member, Admin, Owner|No team/,
    ],
    ['a missing option', ['team', 'create'], /required option '--name <name>' not specified/],
    ['an invalid email', ['user', 'create', '--email', 'not-an-email'], /email: must be a valid email/],
    ['an unknown command', ['frobnicate'], /unknown command 'frobnicate'/],
    ['an unknown token', ['token', 'revoke', '--id', 'nope'], /No token has that id/],
    ['a bad expiry', ['token', 'create', '--team', 'x', '--email', 'x@x.test', '--expires-in-days', 'soon'], /No user|expiresInDays/],
  ])('exits non-zero with a readable message for %s', async (_name, args, message) => {
    const result = await runCli(args, env);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/at .*\.ts:\d+/); // no stack traces
  });

  it('bounds a token’s expiry to 1..3650 days, as the API does', async () => {
    const member = await server.newTeam('Member');
    const create = (days: string) => runCli(['token', 'create', '--team', member.teamId, '--email', member.email, '--expires-in-days', days, '--json'], env);
    const refusals = { '3651': 'expiresInDays: must be at most 3650', '0': 'expiresInDays: must be at least 1' };

    for (const [days, message] of Object.entries(refusals)) {
      const refused = await create(days);
      expect(refused.code, days).toBe(1);
      expect(refused.stderr, days).toBe(`lookout: ${message}\n`);
      expect(refused.json, days).toEqual({ error: { code: 'validation', message } });
    }
    const made = await create('3650');
    expect(made.code).toBe(0);
    const own = (await server.read('/api/v1/tokens', made.json.token)).data;
    expect(own.map((t: { id: string }) => t.id).sort()).toEqual([member.tokenId, made.json.id].sort()); // the refused ones were never made
    const expiresAt = own.find((t: { id: string }) => t.id === made.json.id).expiresAt;
    expect(Math.abs(Date.parse(expiresAt) - (Date.now() + 3650 * 86_400_000))).toBeLessThan(60_000);

    // The API answers the same numbers with the same messages.
    for (const [days, message] of Object.entries(refusals)) {
      const answer = await server.request('POST', '/api/v1/tokens', { token: made.json.token, body: { name: 'other', expiresInDays: Number(days) } });
      expect(answer.status).toBe(400);
      expect(answer.body.errors.map((e: { field: string; message: string }) => `${e.field}: ${e.message}`)).toEqual([message]);
    }
  });

  it('rejects a duplicate email, a bad role and a duplicate membership', async () => {
    const team = await runCli(['team', 'create', '--name', 'Dupes', '--json'], env);
    expect((await runCli(['user', 'create', '--email', 'dup@x.test'], env)).code).toBe(0);
    const again = await runCli(['user', 'create', '--email', 'DUP@x.test', '--json'], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('email: is already taken');
    expect(again.json).toEqual({ error: { code: 'validation', message: 'email: is already taken by another user' } });

    const badRole = await runCli(['member', 'add', '--team', team.json.id, '--email', 'dup@x.test', '--role', 'King'], env);
    expect(badRole.code).toBe(1);
    expect(badRole.stderr).toContain('role: must be one of Viewer, Member, Admin, Owner');

    expect((await runCli(['member', 'add', '--team', team.json.id, '--email', 'dup@x.test', '--role', 'Member'], env)).code).toBe(0);
    const twice = await runCli(['member', 'add', '--team', team.json.id, '--email', 'dup@x.test', '--role', 'Member'], env);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain('already a member');
  });

  it('prints help for every command', async () => {
    const help = await runCli(['--help'], env);
    expect(help.code).toBe(0);
    for (const command of ['serve', 'worker', 'migrate', 'copy', 'team', 'user', 'member', 'token', 'secrets']) expect(help.stdout).toContain(command);
    const tokenHelp = await runCli(['token', 'create', '--help'], env);
    expect(tokenHelp.stdout).toContain('--expires-in-days');
  });

  it('migrates an empty database, creating its directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lookout-cli-'));
    try {
      const migrate = await runCli(['migrate', '--json'], { DATABASE_URL: `file:${join(dir, 'nested', 'l.db')}` });
      expect(migrate.code).toBe(0);
      expect(migrate.json).toEqual({ migrated: true });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
