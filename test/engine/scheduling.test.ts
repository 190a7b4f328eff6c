import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextOnPhase } from '../../src/checks/scheduler.js';
import { freePort, serve } from '../helpers/process.js';
import { startServer, type Member, type TestServer } from '../helpers/server.js';
import { eventually, startTarget, type Target } from '../helpers/target.js';

let target: Target;
beforeAll(async () => {
  target = await startTarget();
});
afterAll(() => target.close());

const monitorBody = (url: string, name = 'Scheduled') => ({
  type: 'http', name, intervalSeconds: 60, timeoutSeconds: 10, regions: ['us-east'], url, method: 'GET', expectedStatus: 200,
});

describe('phases', () => {
  it('finds the next time on a phase', () => {
    expect(nextOnPhase(1000, 60_000, 5000)).toBe(5000);
    expect(nextOnPhase(5000, 60_000, 5000)).toBe(5000);
    expect(nextOnPhase(5001, 60_000, 5000)).toBe(65_000);
    expect(nextOnPhase(130_000, 60_000, 0)).toBe(180_000);
  });
});

describe('scheduling', () => {
  let server: TestServer;
  let owner: Member;
  beforeAll(async () => {
    server = await startServer({ LOOKOUT_REGIONS: 'us-east', LOOKOUT_TARGET_POLICY: 'all' });
    owner = await server.newTeam('Owner');
  });
  afterAll(() => server.close());

  const runsOf = async (id: string) => (await server.read(`/api/v1/monitors/${id}/runs`, owner.token)).data as any[];
  // Long waits poll the store, not the API: a poll every fraction of a second would spend the token's 300/minute.
  const storedRuns = async (id: string) =>
    Number((await server.app.store.db.selectFrom('monitor_runs').select((eb) => eb.fn.countAll().as('n')).where('monitor_id', '=', id).executeTakeFirstOrThrow()).n);
  const dueOf = async (id: string) =>
    (await server.app.store.db.selectFrom('check_schedules').select('next_due_at').where('monitor_id', '=', id).executeTakeFirstOrThrow()).next_due_at;

  it('checks at interval on schedule, and not at all once paused', { timeout: 150_000 }, async () => {
    const running = (await server.request('POST', '/api/v1/monitors', { token: owner.token, body: monitorBody(`${target.url}/every`) })).body.id;
    const paused = (await server.request('POST', '/api/v1/monitors', { token: owner.token, body: monitorBody(`${target.url}/paused`, 'Paused') })).body.id;
    await eventually(async () => (await storedRuns(running)) === 1 && (await storedRuns(paused)) === 1);
    const [first] = await runsOf(running);
    expect((await server.request('POST', `/api/v1/monitors/${paused}/pause`, { token: owner.token })).status).toBe(200);

    // The second check falls on the monitor's own phase, half an interval to one and a half after the first.
    const due = await dueOf(running);
    const sinceFirst = due - Date.parse(first.startedAt);
    expect(sinceFirst).toBeGreaterThanOrEqual(29_000);
    expect(sinceFirst).toBeLessThanOrEqual(91_000);

    await eventually(async () => (await storedRuns(running)) === 2, 100_000, 100);
    const second = (await runsOf(running)).find((r) => r.id !== first.id);
    const lateness = Date.parse(second.startedAt) - due;
    expect(lateness).toBeGreaterThanOrEqual(0);
    // On schedule: within moments of its due time (the bound leaves room for a loaded test machine).
    expect(lateness).toBeLessThan(3000);
    // From then on, exactly one interval apart.
    await eventually(async () => (await dueOf(running)) === due + 60_000);

    await new Promise((r) => setTimeout(r, 500));
    expect(await runsOf(paused)).toHaveLength(1);
    expect(target.hits.filter((h) => h.path === '/paused')).toHaveLength(1);
  });
});

describe('restart', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lookout-restart-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('loses no committed run after kill -9 and fires no burst of catch-up checks', { timeout: 150_000 }, async () => {
    const port = await freePort();
    const env = { PORT: String(port), DATABASE_URL: `file:${join(dir, 'lookout.db')}`, LOOKOUT_REGIONS: 'us-east', LOOKOUT_TARGET_POLICY: 'all' };
    const base = `http://127.0.0.1:${port}`;
    const first = await serve(env);
    const token = /API token:\s+(lkt_\w+)/.exec(first.output())![1]!;
    const api = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(base + path, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      // A problem (a 429 from polling too fast, say) fails here by name, not later as an undefined field.
      if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
      return response.json() as Promise<any>;
    };

    // Twenty monitors whose targets answer after 0 to 3.8 s: when the server dies, some runs are committed, some are in flight.
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push((await api('POST', '/api/v1/monitors', monitorBody(`${target.url}/restart-${i}?delay=${i * 200}`, `R${i}`))).id);
    await new Promise((r) => setTimeout(r, 1800));
    const committed = new Map<string, string[]>();
    for (const id of ids) committed.set(id, (await api('GET', `/api/v1/monitors/${id}/runs`)).data.map((r: { id: string }) => r.id));
    await first.kill();
    const committedCount = [...committed.values()].flat().length;
    expect(committedCount).toBeGreaterThan(0);
    expect(committedCount).toBeLessThan(20);

    const restartedAt = Date.now();
    const second = await serve(env);
    try {
      for (const [id, runIds] of committed) {
        const after = (await api('GET', `/api/v1/monitors/${id}/runs`)).data.map((r: { id: string }) => r.id);
        for (const runId of runIds) expect(after).toContain(runId);
      }
      // Every monitor whose first check never completed is checked within the catch-up window…
      const pending = ids.filter((id) => committed.get(id)!.length === 0);
      // (One list request per poll: polling each monitor's runs would spend the token's 300/minute.)
      await eventually(async () => {
        const checked = new Set((await api('GET', '/api/v1/monitors')).data.filter((m: any) => m.lastCheckedAt !== null).map((m: any) => m.id));
        return pending.every((id) => checked.has(id));
      }, 45_000, 500);
      // …spread over it, never all at once.
      const hits = target.hits.filter((h) => h.at >= restartedAt && h.path.startsWith('/restart-'));
      const perSecond = new Map<number, number>();
      for (const hit of hits) perSecond.set(Math.floor(hit.at / 1000), (perSecond.get(Math.floor(hit.at / 1000)) ?? 0) + 1);
      expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(Math.ceil(pending.length / 2));
      // Monitors whose run was committed keep their stored due time: none was checked again right after the restart.
      const early = hits.filter((h) => h.at < restartedAt + 20_000 && committed.get(ids[Number(/restart-(\d+)/.exec(h.path)![1])]!)!.length > 0);
      expect(early).toEqual([]);
    } finally {
      await second.stop();
    }
  });
});
