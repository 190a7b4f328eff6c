import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.js';
import { AuditScope, runAudited, type PendingAuditEntry } from '../../src/store/audit-trail.js';
import { runCli, startServer, type Member, type TestServer } from '../helpers/server.js';

/*
 * The store's half of the audit log, on each store: an audited call's entry commits with its first
 * change or not at all, once, and never with work that outlives the call. Then the CLI's entries.
 */

const ROOT = new URL('../..', import.meta.url).pathname;

let server: TestServer;
let owner: Member;
let other: Member;

beforeAll(async () => {
  server = await startServer();
  owner = await server.newTeam('Owner');
  other = await server.newTeam('Owner');
});
afterAll(() => server.close());

const db = () => server.app.store.db;

function scope(): AuditScope {
  const at = Date.now();
  const entry: PendingAuditEntry = {
    id: newId(at),
    at,
    teams: { team: owner.teamId },
    actorType: 'token',
    actorId: owner.tokenId,
    actorUserId: owner.userId,
    surface: 'rest',
    action: 'storeTest',
    targetType: 'team',
    targetId: null,
    ip: '192.0.2.1',
    changes: ['name'],
  };
  return new AuditScope(entry, { table: 'teams', column: 'id' });
}

const rowsOf = (s: AuditScope) => db().selectFrom('audit_log').selectAll().where('id', 'like', `${s.entry.id}%`).execute();
const team = (id: string) => ({ id, name: 'Audited', created_at: Date.now() });

describe('an audited call in the store', () => {
  it('commits its entry with the transaction of its first change, naming what it created', async () => {
    const s = scope();
    const id = newId();
    await runAudited(s, () =>
      db()
        .transaction()
        .execute((trx) => trx.insertInto('teams').values(team(id)).execute()),
    );
    const rows = await rowsOf(s);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      team_id: owner.teamId,
      action: 'storeTest',
      target_id: id,
      actor_email: owner.email,
      ip: '192.0.2.1',
      changes: '["name"]',
    });
  });

  it('rolls the entry back with a change that rolls back', async () => {
    const s = scope();
    const id = newId();
    await expect(
      runAudited(s, () =>
        db()
          .transaction()
          .execute(async (trx) => {
            await trx.insertInto('teams').values(team(id)).execute();
            throw new Error('the change fails after its first write');
          }),
      ),
    ).rejects.toThrow('the change fails');
    expect(await rowsOf(s)).toEqual([]);
    expect(await db().selectFrom('teams').select('id').where('id', '=', id).execute()).toEqual([]);
    expect(s.written).toBe(false);
  });

  it('wraps a write made outside a transaction in one that holds the entry', async () => {
    const s = scope();
    await runAudited(s, () => db().insertInto('teams').values(team(newId())).execute());
    expect(await rowsOf(s)).toHaveLength(1);
    // A write that fails leaves neither.
    const failing = scope();
    const id = newId();
    await db().insertInto('teams').values(team(id)).execute();
    await expect(runAudited(failing, () => db().insertInto('teams').values(team(id)).execute())).rejects.toThrow();
    expect(await rowsOf(failing)).toEqual([]);
  });

  it('writes one entry for a call of several transactions, none for reads, none for work outliving the call', async () => {
    const s = scope();
    await runAudited(s, async () => {
      await db().selectFrom('teams').select('id').execute();
      await db()
        .transaction()
        .execute((trx) => trx.insertInto('teams').values(team(newId())).execute());
      await db().updateTable('teams').set({ name: 'Renamed' }).where('id', '=', owner.teamId).execute();
    });
    expect(await rowsOf(s)).toHaveLength(1);

    const reads = scope();
    await runAudited(reads, () => db().selectFrom('teams').select('id').execute());
    expect(await rowsOf(reads)).toEqual([]);

    const late = scope();
    let later!: Promise<unknown>;
    await runAudited(late, async () => {
      // Started by the call, run after it ended (a queued job, a timer): not part of it.
      later = new Promise((resolve) => setTimeout(resolve, 10)).then(() => db().insertInto('teams').values(team(newId())).execute());
    });
    await later;
    expect(await rowsOf(late)).toEqual([]);
  });

  it('keeps calls that overlap apart: one ending leaves the other its entry, and the next call is audited', async () => {
    const [first, second] = [scope(), scope()];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const firstCall = runAudited(first, async () => {
      await held;
      await db().updateTable('teams').set({ name: 'First' }).where('id', '=', owner.teamId).execute();
    });
    // The second call starts and ends while the first is open.
    await runAudited(second, () => db().updateTable('teams').set({ name: 'Second' }).where('id', '=', owner.teamId).execute());
    release();
    await firstCall;
    expect(await rowsOf(first)).toHaveLength(1);
    expect(await rowsOf(second)).toHaveLength(1);

    const next = scope();
    await runAudited(next, () => db().updateTable('teams').set({ name: 'Next' }).where('id', '=', owner.teamId).execute());
    expect(await rowsOf(next)).toHaveLength(1);
  });

  it('leaves no async hooks on once no audited call is open', () => {
    // In a process of its own (a library of another test may turn them on in this one), the built
    // module. An `await` gives its continuation an async id of its own only while async hooks are
    // on; Node 20 and 22 turn them on for an enabled AsyncLocalStorage, Node 24 never does.
    const module = pathToFileURL(join(ROOT, 'dist/store/audit-trail.js')).href;
    const script = `
      import { AsyncLocalStorage, executionAsyncId } from 'node:async_hooks';
      import { AuditScope, runAudited } from ${JSON.stringify(module)};
      const hooksOn = async () => { const before = executionAsyncId(); await null; return executionAsyncId() !== before; };
      const scope = () => new AuditScope({ id: 'x', at: 0, teams: { team: null }, actorType: 'operator', actorId: null,
        actorUserId: null, surface: 'cli', action: 'test', targetType: null, targetId: null, ip: null, changes: [] });
      const seen = {};
      let release; const held = new Promise((resolve) => (release = resolve));
      const first = runAudited(scope(), async () => { await held; });
      await runAudited(scope(), async () => { await null; });
      seen.whileOneIsOpen = await hooksOn();
      release(); await first;
      seen.afterBoth = await hooksOn();
      await runAudited(scope(), async () => { seen.inTheNext = await hooksOn(); });
      seen.afterTheNext = await hooksOn();
      new AsyncLocalStorage().run({}, () => {});
      seen.thisNodeUsesHooks = await hooksOn();
      console.log(JSON.stringify(seen));`;
    const seen = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as Record<string, boolean>;
    const open = seen.thisNodeUsesHooks;
    expect(seen).toEqual({ whileOneIsOpen: open, afterBoth: false, inTheNext: open, afterTheNext: false, thisNodeUsesHooks: open });
  });
});

describe('the CLI’s entries', () => {
  const env = () => ({ DATABASE_URL: server.env.DATABASE_URL!, ...(server.env.LOOKOUT_SECRET_KEY && { LOOKOUT_SECRET_KEY: server.env.LOOKOUT_SECRET_KEY }) });
  const log = async (who: Member, query: string) => (await server.read(`/api/v1/audit-log${query}`, who.token)).data as any[];

  it('a token made by the operator is in its team’s log only, never with the token', async () => {
    const made = await runCli(['token', 'create', '--team', owner.teamId, '--email', owner.email, '--json'], env());
    expect(made.code).toBe(0);
    const [entry] = await log(owner, `?action=cli.token.create`);
    expect(entry).toMatchObject({ actor: { type: 'cli', id: null, email: null }, surface: 'cli', targetType: 'token', targetId: made.json.id });
    expect(JSON.stringify(entry)).not.toContain(made.json.token);
    expect(await log(other, `?action=cli.token.create`)).toEqual([]);

    expect((await runCli(['token', 'revoke', '--id', made.json.id], env())).code).toBe(0);
    expect(await log(owner, `?action=cli.token.revoke&targetId=${made.json.id}`)).toHaveLength(1);
  });

  it('key rotation is in every team’s log', async () => {
    const rotated = await runCli(['secrets', 'rotate', '--json'], env());
    expect(rotated.code).toBe(0);
    for (const who of [owner, other]) {
      expect(await log(who, '?action=cli.secrets.rotate'), who.teamId).toEqual([
        expect.objectContaining({ actor: { type: 'cli', id: null, email: null }, surface: 'cli', targetType: 'secret-key' }),
      ]);
    }
  });

  it('a read-only command writes nothing', async () => {
    const before = await log(owner, '?limit=200');
    expect((await runCli(['--help'], env())).code).toBe(0);
    expect(await log(owner, '?limit=200')).toHaveLength(before.length);
  });
});
