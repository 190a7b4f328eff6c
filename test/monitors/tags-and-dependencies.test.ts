import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Member, type TestServer } from '../helpers/server.js';
import { eventually, startTarget, type Target } from '../helpers/target.js';
import { connect as mcpConnect } from '../mcp/support.js';
import { settle, startHttpReceiver, type HttpReceiver } from '../alerts/receivers.js';
import { MONITORS, expectCreated, expectOk } from './fixtures.js';

/**
 * Tags (and the list filtered by them) and dependencies (`dependsOn`): while the monitor a
 * dependent depends on is down, the dependent going down opens no incident and alerts nobody;
 * once the parent recovers, a dependent still down opens its incident and alerts.
 */

let server: TestServer;
let owner: Member;
let other: Member;
let parentTarget: Target;
let childTarget: Target;
let webhook: HttpReceiver;

beforeAll(async () => {
  [parentTarget, childTarget, webhook] = await Promise.all([startTarget(), startTarget(), startHttpReceiver()]);
  server = await startServer({ LOOKOUT_REGIONS: 'us-east' }, { checks: { retryDelayMs: 50 }, alerting: { backoffBaseMs: 50, pollIntervalMs: 50 } });
  owner = await server.newTeam('Owner');
  other = await server.newTeam('Owner');
});
afterAll(async () => {
  await server?.close();
  await Promise.all([parentTarget?.close(), childTarget?.close(), webhook?.close()]);
});

const request = (method: string, path: string, body?: unknown, who: Member = owner) => server.request(method, path, { token: who.token, body });

async function create(fields: Record<string, unknown>, who: Member = owner) {
  return expectCreated(
    await request(
      'POST',
      MONITORS,
      {
        type: 'http',
        name: 'Monitor',
        intervalSeconds: 3600,
        timeoutSeconds: 5,
        regions: ['us-east'],
        method: 'GET',
        expectedStatus: 200,
        url: 'https://example.com/',
        ...fields,
      },
      who,
    ),
  );
}

describe('tags', () => {
  it('are answered sorted, refused when repeated, malformed or too many, and changed by PATCH', async () => {
    const monitor = await create({ tags: ['prod', 'api', 'team:core'] });
    expect(monitor.tags).toEqual(['api', 'prod', 'team:core']);
    const heartbeat = expectCreated(await request('POST', MONITORS, { type: 'heartbeat', name: 'Nightly', periodSeconds: 3600, tags: ['batch'] }));
    expect(heartbeat.tags).toEqual(['batch']);
    expect((await create({})).tags).toEqual([]);

    for (const [tags, field] of [
      [['a', 'a'], 'tags'],
      [['Upper'], 'tags.0'],
      [['ok', 'with space'], 'tags.1'],
      [[''], 'tags.0'],
      [['x'.repeat(33)], 'tags.0'],
      [Array.from({ length: 11 }, (_, i) => `t${i}`), 'tags'],
      ['prod', 'tags'],
    ] as const) {
      const answer = await request('PATCH', `${MONITORS}/${monitor.id}`, { tags });
      expect(answer.status, JSON.stringify(tags)).toBe(400);
      expect(answer.body.errors[0].field, JSON.stringify(tags)).toBe(field);
    }
    expect(expectOk(await request('PATCH', `${MONITORS}/${monitor.id}`, { tags: ['z', 'b.c', 'a_1-x'] })).tags).toEqual(['a_1-x', 'b.c', 'z']);
    expect(expectOk(await request('PATCH', `${MONITORS}/${monitor.id}`, { tags: [] })).tags).toEqual([]);
  });

  it('filter the list over REST and MCP: only monitors holding every tag given, of the team', async () => {
    const both = await create({ name: 'both', tags: ['filter-a', 'filter-b'] });
    const onlyA = await create({ name: 'only a', tags: ['filter-a'] });
    await create({ name: 'none' });
    await create({ name: 'other team', tags: ['filter-a', 'filter-b'] }, other);

    const ids = async (query: string) => (expectOk(await request('GET', `${MONITORS}${query}`)).data as any[]).map((m) => m.id);
    expect(await ids('?tag=filter-a')).toEqual([both.id, onlyA.id]);
    expect(await ids('?tag=filter-a&tag=filter-b')).toEqual([both.id]);
    expect(await ids('?tag=filter-b&tag=nowhere')).toEqual([]);
    const bad = await request('GET', `${MONITORS}?tag=NOT_A_TAG`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('tag');

    const mcp = await mcpConnect(server, owner.token);
    const one = await mcp.call('list_monitors', { tag: 'filter-b' });
    const two = await mcp.call('list_monitors', { tag: ['filter-a'] });
    const wrong = await mcp.call('list_monitors', { tags: ['filter-a'] });
    await mcp.close();
    expect((one.structuredContent as any).data.map((m: any) => m.id)).toEqual([both.id]);
    expect((two.structuredContent as any).data.map((m: any) => m.id)).toEqual([both.id, onlyA.id]);
    expect(wrong.isError).toBe(true);
  });
});

describe('dependsOn', () => {
  it('must name another live monitor of the team, without a loop', async () => {
    const a = await create({ name: 'a' });
    const b = await create({ name: 'b', dependsOn: a.id });
    expect(b.dependsOn).toBe(a.id);
    const c = await create({ name: 'c', dependsOn: b.id });
    const foreign = await create({ name: 'foreign' }, other);

    const fieldOf = async (answer: Promise<{ status: number; body: any }>) => {
      const { status, body } = await answer;
      expect(status).toBe(400);
      return body.errors.map((e: any) => e.field);
    };
    expect(await fieldOf(request('PATCH', `${MONITORS}/${a.id}`, { dependsOn: a.id }))).toEqual(['dependsOn']);
    expect(await fieldOf(request('PATCH', `${MONITORS}/${a.id}`, { dependsOn: b.id }))).toEqual(['dependsOn']);
    expect(await fieldOf(request('PATCH', `${MONITORS}/${a.id}`, { dependsOn: c.id }))).toEqual(['dependsOn']);
    expect(await fieldOf(request('PATCH', `${MONITORS}/${a.id}`, { dependsOn: foreign.id }))).toEqual(['dependsOn']);
    expect(await fieldOf(request('POST', MONITORS, { type: 'heartbeat', name: 'hb', periodSeconds: 3600, dependsOn: foreign.id }))).toEqual(['dependsOn']);
    expect(await fieldOf(request('PATCH', `${MONITORS}/${a.id}`, { dependsOn: 'not-an-id' }))).toEqual(['dependsOn']);
    // The other team's monitor cannot name ours either.
    expect(await fieldOf(request('PATCH', `${MONITORS}/${foreign.id}`, { dependsOn: a.id }, other))).toEqual(['dependsOn']);
    expect(expectOk(await request('PATCH', `${MONITORS}/${c.id}`, { dependsOn: null })).dependsOn).toBeNull();
    // A deleted parent leaves its dependents depending on nothing.
    expect((await request('DELETE', `${MONITORS}/${a.id}`)).status).toBe(204);
    expect(expectOk(await request('GET', `${MONITORS}/${b.id}`)).dependsOn).toBeNull();
  });

  it('holds back the incident and alert of a dependent going down while its parent is down, and sends them once the parent recovers', async () => {
    const policy = expectCreated(
      await request('POST', '/api/v1/notification-policies', {
        name: 'On call',
        notifyOn: ['down', 'up'],
        channels: [{ type: 'webhook', url: webhook.url, secret: 'dependency-secret-0123' }],
      }),
    );
    const parent = await create({ name: 'Database', url: `${parentTarget.url}/db`, notificationPolicyId: policy.id });
    const child = await create({ name: 'Website', url: `${childTarget.url}/site`, notificationPolicyId: policy.id, dependsOn: parent.id });
    const get = async (id: string) => expectOk(await request('GET', `${MONITORS}/${id}`));
    const incidentsOf = async (id: string) => {
      await server.app.services.alerts.processPending();
      return (expectOk(await request('GET', '/api/v1/incidents')).data as any[]).filter((incident) => incident.monitorId === id);
    };
    const alerts = (monitorId: string, event: string) => webhook.received.filter((r) => r.json.monitor?.id === monitorId && r.json.event === event);
    const checkNow = (monitorId: string) =>
      server.app.services.dispatcher.enqueue({ monitorId, region: 'us-east', trigger: 'scheduled', dueAt: Date.now(), nextDueAt: Date.now() + 3_600_000 });

    await eventually(async () => (await get(parent.id)).status === 'up' && (await get(child.id)).status === 'up');

    // The parent goes down and alerts; then the child goes down while the parent is down.
    parentTarget.status = 503;
    childTarget.status = 503;
    await checkNow(parent.id);
    await eventually(async () => (await get(parent.id)).status === 'down');
    await server.app.services.alerts.processPending();
    await eventually(async () => alerts(parent.id, 'monitor.down').length === 1);
    await checkNow(child.id);
    const held = await eventually(async () => {
      await server.app.services.alerts.processPending();
      const record = await get(child.id);
      return record.suppressedBy !== null && record;
    });
    expect(held).toMatchObject({ status: 'down', suppressedBy: parent.id });
    expect(await incidentsOf(child.id)).toEqual([]);
    const childRuns = (await server.read(`${MONITORS}/${child.id}/runs`, owner.token)).data as any[];
    expect(childRuns[0]).toMatchObject({ ok: false });
    await settle(300);
    expect(alerts(child.id, 'monitor.down')).toEqual([]);
    expect((await get(parent.id)).suppressedBy).toBeNull();

    // The parent recovers; the child is still down: now it opens its incident and alerts.
    parentTarget.status = 200;
    await checkNow(parent.id);
    await eventually(async () => (await get(parent.id)).status === 'up');
    const [incident] = await eventually(async () => {
      const open = await incidentsOf(child.id);
      return open.length > 0 && open;
    });
    expect(incident).toMatchObject({ monitorId: child.id, status: 'investigating', source: 'monitor' });
    await eventually(async () => alerts(child.id, 'monitor.down').length === 1);
    expect(alerts(child.id, 'monitor.down')[0]!.json).toMatchObject({ status: 'down', incidentId: incident.id });
    expect(await get(child.id)).toMatchObject({ status: 'down', suppressedBy: null });

    // From here the child is a monitor like any other: its recovery resolves the incident and says so.
    childTarget.status = 200;
    await checkNow(child.id);
    await eventually(async () => {
      await server.app.services.alerts.processPending();
      return alerts(child.id, 'monitor.up').length === 1;
    });
  });

  it('a dependent that recovers while still held back goes on quietly: no incident, no alert', async () => {
    const parentDown = await startTarget(200);
    const childDown = await startTarget(200);
    try {
      const policy = expectCreated(
        await request('POST', '/api/v1/notification-policies', {
          name: 'Quiet',
          notifyOn: ['down', 'up'],
          channels: [{ type: 'webhook', url: webhook.url, secret: 'dependency-secret-0123' }],
        }),
      );
      const parent = await create({ name: 'Network', url: `${parentDown.url}/`, notificationPolicyId: policy.id });
      const child = await create({ name: 'App', url: `${childDown.url}/`, notificationPolicyId: policy.id, dependsOn: parent.id });
      const get = async (id: string) => expectOk(await request('GET', `${MONITORS}/${id}`));
      const checkNow = (monitorId: string) =>
        server.app.services.dispatcher.enqueue({ monitorId, region: 'us-east', trigger: 'scheduled', dueAt: Date.now(), nextDueAt: Date.now() + 3_600_000 });
      await eventually(async () => (await get(parent.id)).status === 'up' && (await get(child.id)).status === 'up');
      parentDown.status = 503;
      childDown.status = 503;
      await checkNow(parent.id);
      await eventually(async () => (await get(parent.id)).status === 'down');
      await server.app.services.alerts.processPending();
      await checkNow(child.id);
      await eventually(async () => {
        await server.app.services.alerts.processPending();
        return (await get(child.id)).suppressedBy === parent.id;
      });
      childDown.status = 200;
      await checkNow(child.id);
      await eventually(async () => {
        await server.app.services.alerts.processPending();
        const record = await get(child.id);
        return record.status === 'up' && record.suppressedBy === null;
      });
      await server.app.services.alerts.processPending();
      await settle(300);
      const forChild = webhook.received.filter((r) => r.json.monitor?.id === child.id);
      expect(forChild).toEqual([]);
      const incidents = (expectOk(await request('GET', '/api/v1/incidents')).data as any[]).filter((i) => i.monitorId === child.id);
      expect(incidents).toEqual([]);
    } finally {
      await Promise.all([parentDown.close(), childDown.close()]);
    }
  });
});
