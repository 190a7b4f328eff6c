/**
 * `lookout serve` killed with SIGKILL and started again over the same SQLite file: committed runs
 * survive and the monitors left unchecked are caught up, spread out. It runs the built program on
 * an SQLite file of its own whatever the store of the suite, so the cluster project leaves it out
 * (test/cluster/scheduling.test.ts kills the nodes of a cluster).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, serve } from '../helpers/process.js';
import { eventually, startTarget, type Target } from '../helpers/target.js';
import { httpBody } from '../monitors/fixtures.js';

let target: Target;
beforeAll(async () => {
  target = await startTarget();
});
afterAll(() => target.close());

/** An HTTP monitor checked from one region, every minute. */
const monitorBody = (url: string, name: string) => httpBody({ name, url, regions: ['us-east'] });

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
    for (const id of ids)
      committed.set(
        id,
        (await api('GET', `/api/v1/monitors/${id}/runs`)).data.map((r: { id: string }) => r.id),
      );
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
      await eventually(
        async () => {
          const checked = new Set((await api('GET', '/api/v1/monitors')).data.filter((m: any) => m.lastCheckedAt !== null).map((m: any) => m.id));
          return pending.every((id) => checked.has(id));
        },
        45_000,
        500,
      );
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
