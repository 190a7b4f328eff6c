import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.js';
import { startServer, expectProblem, type Member, type TestServer } from '../helpers/server.js';
import { call, createHttpMonitor, createPolicy, engineStatusChange, expectStatus } from './fixtures.js';
import { startHttpReceiver, waitUntil, type HttpReceiver } from './receivers.js';

/**
 * The team's delivery log (`GET /api/v1/deliveries`) and what an incident says about who is on it
 * and what opened it: each delivery names its monitor, incident and policy; filters and cursor
 * paging; team scope; and the incident's `acknowledgedByName` and `cause`.
 */

const FAST = { backoffBaseMs: 50, pollIntervalMs: 50, retryWindowMs: 400 };

let server: TestServer;
let owner: Member;
let member: Member;
let good: HttpReceiver;
let bad: HttpReceiver;
let monitor: any;
let incident: any;

const get = (path: string, who: Member = owner) => call(server, who, 'GET', path).then((a) => expectStatus(a, 200));

beforeAll(async () => {
  server = await startServer({}, { alerting: FAST });
  owner = await server.newTeam('Owner');
  member = await server.addMember(owner.teamId, 'Member');
  good = await startHttpReceiver();
  bad = await startHttpReceiver();
  bad.script([], 500);
  const policy = await createPolicy(server, owner, {
    name: 'Pager',
    channels: [
      { type: 'webhook', url: good.url },
      { type: 'slack', webhookUrl: `${bad.url.replace('/hook', '')}/services/T0/B0/secret-path` },
    ],
  });
  monitor = await createHttpMonitor(server, owner, { name: 'Checkout', notificationPolicyId: policy.id });
  // The failed run that the engine recorded with the change: what the incident names as its cause.
  await server.app.store.db
    .insertInto('monitor_runs')
    .values({
      id: newId(Date.now()),
      monitor_id: monitor.id,
      region: 'eu-west',
      trigger: 'scheduled',
      started_at: Date.now() - 1000,
      duration_ms: 120,
      ok: 0,
      attempts: 2,
      error_code: 'assertion-failed',
      error_message: 'assertion 2: body contains "token-abc" did not hold',
      status_code: 200,
      timings: null,
      certificate: null,
      assertions: JSON.stringify([
        { index: 0, ok: true, actual: '200' },
        { index: 1, ok: false, actual: 'token-abc' },
      ]),
      warnings: null,
      log: null,
      dns: null,
    })
    .execute();
  await engineStatusChange(server, monitor, 'up', 'down');
  await good.waitFor(1);
  await waitUntil(async () => ((await get('/api/v1/deliveries?state=failed')).data.length > 0 ? true : undefined), 10_000, 'the Slack delivery to give up');
  [incident] = (await get('/api/v1/incidents')).data;
}, 60_000);

afterAll(async () => {
  await good?.close();
  await bad?.close();
  await server?.close();
});

describe('the delivery log', () => {
  it('names the monitor, incident and policy of each delivery, newest first, with its state and error', async () => {
    const { data, nextCursor } = await get('/api/v1/deliveries');
    expect(nextCursor).toBeNull();
    expect(data).toHaveLength(2);
    for (const delivery of data) {
      expect(delivery).toMatchObject({
        event: 'monitor.down',
        monitor: { id: monitor.id, name: 'Checkout' },
        incident: { id: incident.id, title: 'Checkout is down' },
        policy: { name: 'Pager' },
      });
    }
    const webhook = data.find((d: any) => d.channel.type === 'webhook');
    const slack = data.find((d: any) => d.channel.type === 'slack');
    expect(webhook).toMatchObject({ state: 'delivered', attempts: 1, lastError: null, nextAttemptAt: null });
    expect(webhook.deliveredAt).not.toBeNull();
    expect(slack.state).toBe('failed');
    expect(slack.lastError).toMatch(/^HTTP 500/);
    expect(Date.parse(data[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(data[1].createdAt));
  });

  it('filters by state, channel type, monitor and incident', async () => {
    expect((await get('/api/v1/deliveries?state=delivered')).data.map((d: any) => d.channel.type)).toEqual(['webhook']);
    expect((await get('/api/v1/deliveries?channel=slack')).data.map((d: any) => d.state)).toEqual(['failed']);
    expect((await get(`/api/v1/deliveries?monitorId=${monitor.id}`)).data).toHaveLength(2);
    expect((await get(`/api/v1/deliveries?incidentId=${incident.id}&channel=webhook`)).data).toHaveLength(1);
    expect((await get(`/api/v1/deliveries?incidentId=${newId(Date.now())}`)).data).toEqual([]);
    expect((await get('/api/v1/deliveries?state=pending')).data).toEqual([]);
  });

  it('pages with a cursor: every delivery once, none repeated', async () => {
    const first = await get('/api/v1/deliveries?limit=1');
    expect(first.data).toHaveLength(1);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await get(`/api/v1/deliveries?limit=1&cursor=${encodeURIComponent(first.nextCursor)}`);
    expect(second.data).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    expect(second.data[0].id).not.toBe(first.data[0].id);
    const all = (await get('/api/v1/deliveries')).data.map((d: any) => d.id);
    expect([first.data[0].id, second.data[0].id]).toEqual(all);
  });

  it('masks channel addresses for Members, shows them whole to Owners', async () => {
    const asOwner = (await get('/api/v1/deliveries?channel=slack')).data[0];
    const asMember = (await get('/api/v1/deliveries?channel=slack', member)).data[0];
    expect(asOwner.channel.webhookUrl).toContain('/services/T0/B0/secret-path');
    expect(asMember.channel.webhookUrl).not.toContain('secret-path');
    expect(asMember.channel.webhookUrl).toMatch(/\/…$/);
  });

  it('is scoped to the team: another team sees none of it, whatever it filters on', async () => {
    const other = await server.newTeam('Owner');
    expect((await get('/api/v1/deliveries', other)).data).toEqual([]);
    expect((await get(`/api/v1/deliveries?incidentId=${incident.id}`, other)).data).toEqual([]);
    expect((await get(`/api/v1/deliveries?monitorId=${monitor.id}`, other)).data).toEqual([]);
  });

  it('refuses a bad filter, limit or cursor with 400 on the field', async () => {
    for (const [query, field] of [
      ['state=lost', 'state'],
      ['channel=fax', 'channel'],
      ['monitorId=nope', 'monitorId'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=ten', 'limit'],
      ['cursor=abc', 'cursor'],
      ['colour=red', 'colour'],
    ] as const) {
      const answer = await call(server, owner, 'GET', `/api/v1/deliveries?${query}`);
      expectProblem(answer, 400, 'validation', '/api/v1/deliveries');
      expect(answer.body.errors.map((e: any) => e.field)).toContain(field);
    }
  });
});

describe('an incident says who is on it and what opened it', () => {
  it('names the failed run that opened it: region, error, status code and the failed assertions counted from 1', async () => {
    const record = await get(`/api/v1/incidents/${incident.id}`);
    expect(record.cause).toMatchObject({
      region: 'eu-west',
      statusCode: 200,
      failedAssertions: [2],
      error: { code: 'assertion-failed', message: 'assertion 2: body contains "token-abc" did not hold' },
    });
    // What the run quoted from the target is the Admins' and Owners' to read.
    const asMember = await get(`/api/v1/incidents/${incident.id}`, member);
    expect(asMember.cause.error.code).toBe('assertion-failed');
    expect(asMember.cause.error.message).not.toContain('token-abc');
    const listed = (await get('/api/v1/incidents')).data.find((i: any) => i.id === incident.id);
    expect(listed.cause.runId).toBe(record.cause.runId);
  });

  it('names who acknowledged it; an incident opened by hand has no cause', async () => {
    expect((await get(`/api/v1/incidents/${incident.id}`)).acknowledgedByName).toBeNull();
    const acknowledged = expectStatus(await call(server, member, 'POST', `/api/v1/incidents/${incident.id}/acknowledge`), 200);
    const name = (await get('/api/v1/teams/current/members')).data.find((m: any) => m.userId === member.userId).name;
    expect(acknowledged).toMatchObject({ acknowledgedBy: member.userId, acknowledgedByName: name });
    const manual = expectStatus(await call(server, owner, 'POST', '/api/v1/incidents', { title: 'Slow checkout' }), 201);
    expect(manual).toMatchObject({ cause: null, acknowledgedByName: null });
  });
});
