import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, probe, type ServeProcess } from '../helpers/process.js';
import { runCli, startServer, type Member, type TestServer } from '../helpers/server.js';
import { eventually, startTarget, type Target } from '../helpers/target.js';
import { httpBody } from '../monitors/fixtures.js';

/*
 * A remote probe in its own process (the built `lookout probe`) checks eu-west while the server
 * checks us-east itself; on both stores (embedded: the in-process queues; cluster: the BullMQ
 * queues workers take from). The probe is killed with SIGKILL mid-batch, the server restarts under
 * it, and its token is revoked: no run is lost and none is written twice.
 */

let target: Target;
let server: TestServer;
let owner: Member;
let port: number;
let token: string;
let tokenId: string;
const probes: ServeProcess[] = [];

const serverEnv = () => ({ LOOKOUT_REGIONS: 'us-east', LOOKOUT_TARGET_POLICY: 'all', PORT: String(port), LOOKOUT_TEAM_CONCURRENCY: '1000' });
// Short leases (a check's two attempts and the pause between, plus 1 s), so that a dead probe's checks come back in seconds.
const serverOptions = { probes: { leaseMarginMs: 1000 }, checks: { retryDelayMs: 50 } };

beforeAll(async () => {
  target = await startTarget();
  port = await freePort();
  server = await startServer(serverEnv(), serverOptions);
  owner = await server.newTeam('Owner');
  const created = await runCli(['probe-token', 'create', '--region', 'eu-west', '--name', 'probe in the test', '--json'], server.env);
  expect(created.code).toBe(0);
  expect(created.json).toEqual({
    id: expect.any(String),
    token: expect.stringMatching(/^lkb_[A-Za-z0-9_-]{40}$/),
    region: 'eu-west',
    name: 'probe in the test',
  });
  ({ token, id: tokenId } = created.json);
});

afterAll(async () => {
  for (const p of probes) await p.kill();
  await server.close();
  await target.close();
});

async function startProbe(): Promise<ServeProcess> {
  const started = await probe(['--server', server.baseUrl, '--region', 'eu-west', '--wait', '2'], {
    LOOKOUT_PROBE_TOKEN: token,
    LOOKOUT_TARGET_POLICY: 'all',
  });
  probes.push(started);
  return started;
}

const runsOf = async (monitorId: string) =>
  server.app.store.db.selectFrom('monitor_runs').select(['id', 'region', 'started_at', 'ok']).where('monitor_id', '=', monitorId).execute();

async function createMonitor(path: string, regions: string[], timeoutSeconds = 10): Promise<string> {
  const answer = await server.request('POST', '/api/v1/monitors', {
    token: owner.token,
    body: httpBody({ name: path, url: `${target.url}/${path}`, regions, timeoutSeconds }),
  });
  expect(answer.status).toBe(201);
  return answer.body.id as string;
}

describe('a probe in its own process', () => {
  it('checks its region while the server checks the others, and the runs are recorded once', { timeout: 60_000 }, async () => {
    const running = await startProbe();
    const id = await createMonitor('both', ['us-east', 'eu-west']);
    const runs = await eventually(async () => {
      const rows = await runsOf(id);
      return rows.length === 2 && rows;
    }, 20_000);
    expect(runs.map((r) => r.region).sort()).toEqual(['eu-west', 'us-east']);
    expect(runs.every((r) => r.ok === 1)).toBe(true);
    const monitor = await server.read(`/api/v1/monitors/${id}`, owner.token);
    expect(monitor.status).toBe('up');
    expect(running.output()).toContain('Lookout probe is checking');
  });

  it('loses no run and writes none twice when the probe is killed mid-batch and started again', { timeout: 90_000 }, async () => {
    const before = probes.at(-1)!;
    const hits = target.hits.length;
    // Slow answers: the probe holds the checks when it is killed.
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await createMonitor(`slow-${i}?delay=4000`, ['eu-west'], 3));
    await eventually(async () => target.hits.length - hits >= ids.length, 20_000, 50);
    await before.kill();
    for (const id of ids) expect(await runsOf(id)).toEqual([]);
    await startProbe();
    // Handed out again once their leases run out (2 × 3 s + the pause + 1 s), checked by the new probe.
    for (const id of ids) {
      const runs = await eventually(async () => {
        const rows = await runsOf(id);
        return rows.length > 0 && rows;
      }, 40_000);
      expect(runs).toHaveLength(1);
      expect(runs[0]!.region).toBe('eu-west');
    }
    // Nothing comes in late a second time.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (const id of ids) expect(await runsOf(id)).toHaveLength(1);
  });

  it('keeps checking through a restart of the server', { timeout: 90_000 }, async () => {
    const running = probes.at(-1)!;
    await server.app.close();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // The same data and the same address: the probe reconnects on its own.
    const again = await startServer(
      { ...serverEnv(), DATABASE_URL: server.env.DATABASE_URL!, ...(server.env.REDIS_URL && { REDIS_URL: server.env.REDIS_URL }) },
      serverOptions,
    );
    try {
      const answer = await again.request('POST', '/api/v1/monitors', {
        token: owner.token,
        body: httpBody({ name: 'after restart', url: `${target.url}/after-restart`, regions: ['eu-west'] }),
      });
      expect(answer.status).toBe(201);
      const runs = await eventually(async () => {
        const rows = await again.app.store.db.selectFrom('monitor_runs').select(['region']).where('monitor_id', '=', answer.body.id).execute();
        return rows.length > 0 && rows;
      }, 40_000);
      expect(runs).toEqual([{ region: 'eu-west' }]);
      expect(running.child.exitCode).toBeNull();
      expect(running.output()).toMatch(/could not (take checks from|post results to) the server/);
      // The probe's next request after the revocation is refused, and it says so and stops.
      const revoked = await runCli(['probe-token', 'revoke', '--id', tokenId, '--json'], server.env);
      expect(revoked.code).toBe(0);
      await eventually(async () => running.child.exitCode !== null, 15_000);
      expect(running.child.exitCode).toBe(1);
      expect(running.output()).toContain('the server refused the probe token');
      const list = await runCli(['probe-token', 'list', '--json'], server.env);
      expect(list.json.data.map((t: { id: string }) => t.id)).not.toContain(tokenId);
    } finally {
      await again.app.close();
    }
  });
});
