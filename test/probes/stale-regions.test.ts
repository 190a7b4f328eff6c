import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../helpers/clock.js';
import { probe, type ServeProcess } from '../helpers/process.js';
import { runCli, startServer, type Member, type TestServer } from '../helpers/server.js';
import { eventually, startTarget, type Target } from '../helpers/target.js';
import { httpBody } from '../monitors/fixtures.js';
import { dayTitles, putPage } from '../status-pages/fixtures.js';

/*
 * A region whose probe stops goes stale for a monitor after 3 of its intervals (on the server's
 * clock, which the test moves): its last, failing result then no longer keeps the monitor degraded,
 * and a monitor checked only from there keeps its last status. On both stores.
 */

let target: Target;
let server: TestServer;
let owner: Member;
let clock: ManualClock;
let running: ServeProcess | null = null;

beforeAll(async () => {
  target = await startTarget(503);
  clock = new ManualClock();
  server = await startServer(
    { LOOKOUT_REGIONS: 'us-east', LOOKOUT_TARGET_POLICY: 'all', LOOKOUT_EXTRA_REGIONS: 'office-berlin' },
    { clock, probes: { leaseMarginMs: 1000 }, checks: { retryDelayMs: 50 } },
  );
  owner = await server.newTeam('Owner');
});

afterAll(async () => {
  await running?.kill();
  await server.close();
  await target.close();
});

const stored = (id: string) => server.app.store.db.selectFrom('monitors').select(['status']).where('id', '=', id).executeTakeFirstOrThrow();
const runsIn = async (id: string, region: string) =>
  (await server.app.store.db.selectFrom('monitor_runs').select('id').where('monitor_id', '=', id).where('region', '=', region).execute()).length;

async function create(name: string, regions: string[]): Promise<string> {
  const answer = await server.request('POST', '/api/v1/monitors', { token: owner.token, body: httpBody({ name, url: `${target.url}/${name}`, regions }) });
  expect(answer.status, answer.text).toBe(201);
  return answer.body.id as string;
}

async function startProbe(region: string): Promise<ServeProcess> {
  const token = (await runCli(['probe-token', 'create', '--region', region, '--json'], server.env)).json.token as string;
  return probe(['--server', server.baseUrl, '--region', region, '--token', token, '--wait', '2'], { LOOKOUT_TARGET_POLICY: 'all' });
}

describe('stale regions', () => {
  it('serves an extra region (LOOKOUT_EXTRA_REGIONS) through a probe, and refuses a region nobody configured', { timeout: 60_000 }, async () => {
    const refused = await server.request('POST', '/api/v1/monitors', { token: owner.token, body: httpBody({ regions: ['office-paris'] }) });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].field).toBe('regions.0');
    const office = await startProbe('office-berlin');
    try {
      target.status = 200;
      const id = await create('office', ['office-berlin']);
      await eventually(async () => (await runsIn(id, 'office-berlin')) === 1, 20_000);
      expect((await stored(id)).status).toBe('up');
      const runs = await server.read(`/api/v1/monitors/${id}/runs`, owner.token);
      expect(runs.data[0].region).toBe('office-berlin');
      // The status page counts the extra region's checks in the day's uptime.
      await putPage(server, owner, { slug: `office-${process.pid}`, title: 'Office', monitorIds: [id] });
      const page = await server.request('GET', `/status/office-${process.pid}`);
      expect(dayTitles(page.text).at(-1)).toMatch(/: 100% uptime$/);
      const regions = await server.read('/api/v1/regions', owner.token);
      expect(regions.data.map((r: { name: string }) => r.name)).toEqual(['us-east', 'eu-west', 'asia', 'office-berlin']);
    } finally {
      await office.stop();
      target.status = 503;
    }
  });

  it('stops planning an extra region once its monitor no longer lists it, and every region of a deleted monitor', async () => {
    const scheduler = server.app.engine.scheduler!;
    const before = scheduler.size;
    const id = await create('leaving', ['us-east', 'office-berlin']);
    await eventually(async () => scheduler.size === before + 2);
    const patched = await server.request('PATCH', `/api/v1/monitors/${id}`, { token: owner.token, body: { regions: ['us-east'] } });
    expect(patched.status).toBe(200);
    await eventually(async () => scheduler.size === before + 1);
    expect((await server.request('PATCH', `/api/v1/monitors/${id}`, { token: owner.token, body: { regions: ['office-berlin'] } })).status).toBe(200);
    await eventually(async () => scheduler.size === before + 1);
    expect((await server.request('DELETE', `/api/v1/monitors/${id}`, { token: owner.token })).status).toBe(204);
    await eventually(async () => scheduler.size === before);
  });

  it('leaves a region out of the status 3 intervals after its probe stopped; a monitor checked only there keeps its status', { timeout: 90_000 }, async () => {
    running = await startProbe('eu-west');
    const both = await create('both', ['us-east', 'eu-west']);
    const onlyEu = await create('only-eu', ['eu-west']);
    await eventually(async () => (await stored(both)).status === 'down' && (await stored(onlyEu)).status === 'down', 20_000);
    await running.stop();
    running = null;
    target.status = 200;

    // About one interval at a time (the scheduler keeps a check within a tenth of its interval of
    // its phase): us-east is checked, and succeeds, each time; eu-west is not checked at all.
    const step = async (n: number) => {
      clock.advance(66_000);
      await eventually(async () => (await runsIn(both, 'us-east')) >= n + 1, 20_000);
      return server.read(`/api/v1/monitors/${both}`, owner.token);
    };
    for (let n = 1; n <= 2; n++) {
      // Within 3 intervals of its last request for work, eu-west's failing result still counts.
      const read = await step(n);
      expect(read.status).toBe('degraded');
      expect(read.staleRegions).toEqual([]);
    }
    // 198 s: past 3 intervals (180 s) since eu-west last asked for work.
    await step(3);
    const monitor = await eventually(async () => {
      const read = await server.read(`/api/v1/monitors/${both}`, owner.token);
      return read.status === 'up' && read;
    }, 20_000);
    expect(monitor.staleRegions).toEqual(['eu-west']);
    expect(monitor.degradedReasons).toEqual([]);
    const lonely = await server.read(`/api/v1/monitors/${onlyEu}`, owner.token);
    expect(lonely).toMatchObject({ status: 'down', staleRegions: ['eu-west'] });
    const list = await server.read('/api/v1/monitors', owner.token);
    expect(list.data.find((m: { id: string }) => m.id === both).staleRegions).toEqual(['eu-west']);
    const regions = await server.read('/api/v1/regions', owner.token);
    expect(regions.data.find((r: { name: string }) => r.name === 'eu-west').servedBy).toBeNull();
    expect(regions.data.find((r: { name: string }) => r.name === 'us-east').servedBy).toBe('server');
  });
});
