import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Answer, type Member, type TestServer } from '../helpers/server.js';
import { httpBody, sslBody } from '../monitors/fixtures.js';
import { NOBODY, connect, problem, record, type McpSession } from './support.js';

let server: TestServer;
let owner: Member;
let admin: Member;
let member: Member;
let stranger: Member;
let asOwner: McpSession;
let asAdmin: McpSession;
let asMember: McpSession;
/** A monitor and an open incident of another team: every id tool must answer not-found for them. */
let foreignMonitor: string;
let foreignIncident: string;

beforeAll(async () => {
  server = await startServer();
  owner = await server.newTeam('Owner');
  admin = await server.addMember(owner.teamId, 'Admin');
  member = await server.addMember(owner.teamId, 'Member');
  stranger = await server.newTeam('Owner');
  [asOwner, asAdmin, asMember] = await Promise.all([connect(server, owner), connect(server, admin), connect(server, member)]);
  foreignMonitor = (await rest(stranger, 'POST', '/api/v1/monitors', httpBody())).body.id;
  foreignIncident = (await rest(stranger, 'POST', '/api/v1/incidents', { title: 'Not yours' })).body.id;
});
afterAll(async () => {
  await Promise.all([asOwner, asAdmin, asMember].map((s) => s?.close()));
  await server.close();
});

const rest = (who: Member, method: string, path: string, body?: unknown) => server.request(method, path, { token: who.token, body });

async function newMonitor(body = httpBody()): Promise<any> {
  const answer = await rest(owner, 'POST', '/api/v1/monitors', body);
  expect(answer.status).toBe(201);
  return answer.body;
}

async function newIncident(body: Record<string, unknown> = { title: 'API is slow' }): Promise<any> {
  const answer = await rest(owner, 'POST', '/api/v1/incidents', body);
  expect(answer.status).toBe(201);
  return answer.body;
}

/** The REST answer is a validation problem; the tool answer is the same problem (same detail and errors) at /mcp. */
async function sameValidation(toolAnswer: Promise<any>, restAnswer: Promise<Answer>): Promise<string> {
  const [tool, viaRest] = await Promise.all([toolAnswer, restAnswer]);
  expect(viaRest.status).toBe(400);
  const p = problem(tool, 'validation');
  expect(p).toEqual({ ...viaRest.body, instance: '/mcp' });
  return p.detail;
}

function notFound(result: any): void {
  expect(problem(result, 'not-found').status).toBe(404);
}

function forbidden(result: any): void {
  expect(problem(result, 'forbidden').status).toBe(403);
}

describe('list_monitors', () => {
  it('answers { data } with the same records as REST, of the caller’s team only', async () => {
    const created = await newMonitor();
    const listed = record(await asMember.call('list_monitors'));
    expect(listed).toEqual((await rest(owner, 'GET', '/api/v1/monitors')).body);
    expect(listed.data.map((m: any) => m.id)).toContain(created.id);
    expect(listed.data.map((m: any) => m.id)).not.toContain(foreignMonitor);
  });

  it('rejects arguments it does not take', async () => {
    expect(problem(await asOwner.call('list_monitors', { limit: 5 }), 'validation').detail).toBe('limit: is not allowed');
  });
});

describe('get_monitor', () => {
  it('answers the monitor as REST does, for any role', async () => {
    const created = await newMonitor(sslBody());
    const viaRest = (await rest(owner, 'GET', `/api/v1/monitors/${created.id}`)).body;
    expect(record(await asMember.call('get_monitor', { monitorId: created.id }))).toEqual(viaRest);
  });

  it('answers not-found for another team’s, an unknown and a malformed id; validation without one', async () => {
    notFound(await asOwner.call('get_monitor', { monitorId: foreignMonitor }));
    notFound(await asOwner.call('get_monitor', { monitorId: NOBODY }));
    notFound(await asOwner.call('get_monitor', { monitorId: 'not-a-uuid' }));
    expect(problem(await asOwner.call('get_monitor', {}), 'validation').detail).toBe('monitorId: is required');
    expect(problem(await asOwner.call('get_monitor', { monitorId: 7 }), 'validation').detail).toBe('monitorId: must be a string');
  });
});

describe('create_monitor', () => {
  it('creates TCP, DNS and heartbeat monitors with the fields REST takes, and a heartbeat gets a new key with new_ping_key', async () => {
    const tcp = record(
      await asMember.call('create_monitor', {
        type: 'tcp',
        name: 'Postgres',
        intervalSeconds: 60,
        timeoutSeconds: 5,
        regions: ['eu-west'],
        host: 'db.example.com',
        port: 5432,
        tls: true,
      }),
    );
    expect(tcp).toMatchObject({ type: 'tcp', port: 5432, tls: true });
    const dns = record(
      await asMember.call('create_monitor', {
        type: 'dns',
        name: 'MX',
        intervalSeconds: 300,
        timeoutSeconds: 5,
        regions: ['us-east'],
        hostname: 'example.com',
        recordType: 'MX',
        assertions: [{ source: 'answer', op: 'contains', value: '10 mail.example.com' }],
      }),
    );
    expect(dns).toMatchObject({
      type: 'dns',
      recordType: 'MX',
      assertions: [{ source: 'answer', op: 'contains', value: '10 mail.example.com', severity: 'fail' }],
    });
    const beat = record(await asMember.call('create_monitor', { type: 'heartbeat', name: 'Backup', cron: '0 3 * * *', timezone: 'Europe/Berlin' }));
    expect(beat).toEqual((await rest(owner, 'GET', `/api/v1/monitors/${beat.id}`)).body);
    const renewed = record(await asMember.call('new_ping_key', { monitorId: beat.id }));
    expect(renewed.pingUrl).not.toBe(beat.pingUrl);
    await sameValidation(
      asOwner.call('create_monitor', { type: 'heartbeat', name: 'x', cron: '0 3 * *', regions: ['asia'] }),
      rest(owner, 'POST', '/api/v1/monitors', { type: 'heartbeat', name: 'x', cron: '0 3 * *', regions: ['asia'] }),
    );
    expect(problem(await asOwner.call('trigger_check', { monitorId: beat.id }), 'validation').detail).toMatch(/^monitor: is a heartbeat monitor/);
  });

  it('creates HTTP and SSL monitors, answering the record REST answers with', async () => {
    const http = record(await asMember.call('create_monitor', httpBody({ auth: { type: 'bearer', secret: 's3cr3t-value' } })));
    expect(http).toMatchObject({ type: 'http', status: 'pending', auth: { type: 'bearer', secretSet: true } });
    expect(JSON.stringify(http)).not.toContain('s3cr3t-value');
    expect((await rest(owner, 'GET', `/api/v1/monitors/${http.id}`)).body).toEqual(http);
    const ssl = record(await asOwner.call('create_monitor', sslBody()));
    expect(ssl).toMatchObject({ type: 'ssl', port: 443, warningDays: null });
  });

  it('fails validation with the same problem as REST', async () => {
    const cases: Record<string, unknown>[] = [
      httpBody({ name: '' }),
      httpBody({ intervalSeconds: 30 }),
      httpBody({ regions: ['mars'] }),
      httpBody({ host: 'example.com' }),
      httpBody({ url: 'ftp://example.com' }),
      sslBody({ host: 'https://example.com' }),
      { type: 'smtp', name: 'x' },
      {},
      httpBody({ auth: { type: 'basic', secret: 'x' } }),
    ];
    const details = [];
    for (const body of cases) details.push(await sameValidation(asOwner.call('create_monitor', body), rest(owner, 'POST', '/api/v1/monitors', body)));
    expect(details[0]).toBe('name: must not be empty');
    expect(details[3]).toBe('host: is not allowed');
  });

  it('is open to Members and scoped to the caller’s team', async () => {
    const created = record(await asMember.call('create_monitor', httpBody({ name: 'Member made' })));
    expect((await rest(owner, 'GET', `/api/v1/monitors/${created.id}`)).status).toBe(200);
    expect((await rest(stranger, 'GET', `/api/v1/monitors/${created.id}`)).status).toBe(404);
  });
});

describe('update_monitor', () => {
  it('changes only the fields given, as PATCH does', async () => {
    const created = await newMonitor();
    const updated = record(await asMember.call('update_monitor', { monitorId: created.id, name: 'Renamed', expectedStatus: 204 }));
    expect(updated).toMatchObject({ id: created.id, name: 'Renamed', expectedStatus: 204, url: created.url });
    expect((await rest(owner, 'GET', `/api/v1/monitors/${created.id}`)).body).toEqual(updated);
  });

  it('fails validation with the same problem as PATCH', async () => {
    const created = await newMonitor();
    const cases: Record<string, unknown>[] = [{ timeoutSeconds: 0 }, { type: 'ssl' }, { host: 'example.com' }, { notificationPolicyId: NOBODY }];
    const details = [];
    for (const body of cases) {
      details.push(
        await sameValidation(asOwner.call('update_monitor', { monitorId: created.id, ...body }), rest(owner, 'PATCH', `/api/v1/monitors/${created.id}`, body)),
      );
    }
    expect(details[0]).toMatch(/^timeoutSeconds: /);
    expect(details.slice(1, 3)).toEqual(['type: is not allowed', 'host: is not allowed']);
  });

  it('answers not-found for another team’s monitor', async () => {
    notFound(await asOwner.call('update_monitor', { monitorId: foreignMonitor, name: 'Mine now' }));
    expect((await rest(stranger, 'GET', `/api/v1/monitors/${foreignMonitor}`)).body.name).toBe('API health');
  });
});

describe('delete_monitor', () => {
  it('is forbidden to Members, allowed to Admins and Owners', async () => {
    const created = await newMonitor();
    forbidden(await asMember.call('delete_monitor', { monitorId: created.id }));
    expect((await rest(owner, 'GET', `/api/v1/monitors/${created.id}`)).status).toBe(200);
    expect(record(await asAdmin.call('delete_monitor', { monitorId: created.id }))).toEqual({ monitorId: created.id, deleted: true });
    expect((await rest(owner, 'GET', `/api/v1/monitors/${created.id}`)).status).toBe(404);
    notFound(await asOwner.call('delete_monitor', { monitorId: created.id }));
    // The role is judged before the lookup, so a Member learns nothing about ids either.
    forbidden(await asMember.call('delete_monitor', { monitorId: NOBODY }));
  });

  it('answers not-found for another team’s monitor and leaves it', async () => {
    notFound(await asOwner.call('delete_monitor', { monitorId: foreignMonitor }));
    expect((await rest(stranger, 'GET', `/api/v1/monitors/${foreignMonitor}`)).status).toBe(200);
  });

  it('rejects arguments it does not take, as DELETE rejects a body', async () => {
    const created = await newMonitor();
    await sameValidation(
      asOwner.call('delete_monitor', { monitorId: created.id, force: true }),
      rest(owner, 'DELETE', `/api/v1/monitors/${created.id}`, { force: true }),
    );
    expect((await rest(owner, 'GET', `/api/v1/monitors/${created.id}`)).status).toBe(200);
  });
});

describe('pause_monitor and resume_monitor', () => {
  it('pause and resume for Members, answering the monitor', async () => {
    const created = await newMonitor();
    expect(record(await asMember.call('pause_monitor', { monitorId: created.id }))).toMatchObject({ paused: true, status: 'paused' });
    expect((await rest(owner, 'GET', `/api/v1/monitors/${created.id}`)).body.paused).toBe(true);
    expect(record(await asMember.call('resume_monitor', { monitorId: created.id }))).toMatchObject({ paused: false, status: 'pending' });
  });

  it('answer not-found for another team’s monitor and validation for extra arguments', async () => {
    const created = await newMonitor();
    for (const tool of ['pause_monitor', 'resume_monitor'] as const) {
      notFound(await asOwner.call(tool, { monitorId: foreignMonitor }));
      const path = `/api/v1/monitors/${created.id}/${tool === 'pause_monitor' ? 'pause' : 'resume'}`;
      await sameValidation(asOwner.call(tool, { monitorId: created.id, now: true }), rest(owner, 'POST', path, { now: true }));
    }
    expect((await rest(stranger, 'GET', `/api/v1/monitors/${foreignMonitor}`)).body.paused).toBe(false);
  });
});

describe('list_monitor_runs', () => {
  it('answers { data } of the monitor’s runs as REST does', async () => {
    const created = await newMonitor();
    const runs = record(await asMember.call('list_monitor_runs', { monitorId: created.id }));
    expect(runs).toEqual((await rest(owner, 'GET', `/api/v1/monitors/${created.id}/runs`)).body);
    expect(Array.isArray(runs.data)).toBe(true);
  });

  it('answers not-found for another team’s monitor and validation for extra arguments', async () => {
    notFound(await asOwner.call('list_monitor_runs', { monitorId: foreignMonitor }));
    const created = await newMonitor();
    expect(problem(await asOwner.call('list_monitor_runs', { monitorId: created.id, limit: 5 }), 'validation').detail).toBe('limit: is not allowed');
  });
});

describe('trigger_check', () => {
  it('queues a check, answering what REST answers', async () => {
    const created = await newMonitor();
    const queued = record(await asMember.call('trigger_check', { monitorId: created.id }));
    expect(queued).toMatchObject({ monitorId: created.id, status: 'queued', regions: created.regions });
    expect(Date.parse(queued.nextTriggerAt) - Date.parse(queued.enqueuedAt)).toBe(60_000);
  });

  it('shares the lock with REST: MCP first, then REST is 429 with Retry-After', async () => {
    const created = await newMonitor();
    record(await asMember.call('trigger_check', { monitorId: created.id }));
    const viaRest = await rest(owner, 'POST', `/api/v1/monitors/${created.id}/check`);
    expect(viaRest.status).toBe(429);
    expect(Number(viaRest.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(viaRest.body.detail).toMatch(/trigger lock/);
  });

  it('shares the lock with REST: REST first, then MCP is rate-limited with retryAfter', async () => {
    const created = await newMonitor();
    expect((await rest(owner, 'POST', `/api/v1/monitors/${created.id}/check`)).status).toBe(202);
    const p = problem(await asMember.call('trigger_check', { monitorId: created.id }), 'rate-limited');
    expect(p.status).toBe(429);
    expect(p.detail).toMatch(/trigger lock/);
    expect(p.retryAfter).toBeGreaterThanOrEqual(1);
    expect(p.retryAfter).toBeLessThanOrEqual(60);
  });

  it('fails validation for a paused monitor as REST does, without taking the lock', async () => {
    const created = await newMonitor();
    await rest(owner, 'POST', `/api/v1/monitors/${created.id}/pause`);
    const detail = await sameValidation(asOwner.call('trigger_check', { monitorId: created.id }), rest(owner, 'POST', `/api/v1/monitors/${created.id}/check`));
    expect(detail).toBe('monitor: is paused');
    await rest(owner, 'POST', `/api/v1/monitors/${created.id}/resume`);
    record(await asOwner.call('trigger_check', { monitorId: created.id }));
  });

  it('answers not-found for another team’s monitor, without taking its lock', async () => {
    notFound(await asOwner.call('trigger_check', { monitorId: foreignMonitor }));
    expect((await rest(stranger, 'POST', `/api/v1/monitors/${foreignMonitor}/check`)).status).toBe(202);
  });
});

describe('list_incidents and get_incident', () => {
  it('answer the records REST answers with, of the caller’s team only', async () => {
    const created = await newIncident({ title: 'Checkout errors', message: 'Looking into it' });
    const listed = record(await asMember.call('list_incidents'));
    expect(listed).toEqual((await rest(owner, 'GET', '/api/v1/incidents')).body);
    expect(listed.data.map((i: any) => i.id)).not.toContain(foreignIncident);
    expect(record(await asMember.call('get_incident', { incidentId: created.id }))).toEqual(created);
  });

  it('answer not-found for another team’s incident and validation for extra or missing arguments', async () => {
    notFound(await asOwner.call('get_incident', { incidentId: foreignIncident }));
    expect(problem(await asOwner.call('get_incident', {}), 'validation').detail).toBe('incidentId: is required');
    expect(problem(await asOwner.call('list_incidents', { status: 'open' }), 'validation').detail).toBe('status: is not allowed');
  });
});

describe('create_incident', () => {
  it('opens an incident for Members, with its first update', async () => {
    const monitor = await newMonitor();
    const created = record(await asMember.call('create_incident', { title: 'API down', monitorId: monitor.id, message: 'We are on it', severity: 'critical' }));
    expect(created).toMatchObject({ title: 'API down', status: 'investigating', severity: 'critical', source: 'manual', monitorId: monitor.id });
    expect(created.updates).toHaveLength(1);
    expect((await rest(owner, 'GET', `/api/v1/incidents/${created.id}`)).body).toEqual(created);
  });

  it('fails validation with the same problem as REST', async () => {
    for (const body of [{}, { title: '   ' }, { title: 'x', severity: 'apocalyptic' }, { title: 'x', message: '' }, { title: 'x', priority: 1 }]) {
      await sameValidation(asOwner.call('create_incident', body), rest(owner, 'POST', '/api/v1/incidents', body));
    }
  });

  it('answers not-found for a monitor of another team', async () => {
    notFound(await asOwner.call('create_incident', { title: 'About theirs', monitorId: foreignMonitor }));
  });
});

describe('post_incident_update', () => {
  it('adds an update for Members, changing the status when given', async () => {
    const incident = await newIncident();
    const update = record(await asMember.call('post_incident_update', { incidentId: incident.id, message: 'Found it', status: 'identified' }));
    expect(update).toMatchObject({ incidentId: incident.id, message: 'Found it', status: 'identified', postedToStatusPage: true });
    expect((await rest(owner, 'GET', `/api/v1/incidents/${incident.id}`)).body.status).toBe('identified');
  });

  it('fails validation with the same problem as REST', async () => {
    const incident = await newIncident();
    for (const body of [{}, { message: 'x', status: 'resolved' }, { message: 'x', postedToStatusPage: 'yes' }, { message: 'x'.repeat(4001) }]) {
      await sameValidation(
        asOwner.call('post_incident_update', { incidentId: incident.id, ...body }),
        rest(owner, 'POST', `/api/v1/incidents/${incident.id}/updates`, body),
      );
    }
  });

  it('answers not-found for another team’s incident', async () => {
    notFound(await asOwner.call('post_incident_update', { incidentId: foreignIncident, message: 'Hi' }));
    expect((await rest(stranger, 'GET', `/api/v1/incidents/${foreignIncident}`)).body.updates).toEqual([]);
  });
});

describe('acknowledge_incident', () => {
  it('acknowledges as REST does, once; another team’s incident is not found', async () => {
    const incident = await newIncident();
    const acknowledged = record(await asMember.call('acknowledge_incident', { incidentId: incident.id }));
    expect(acknowledged).toMatchObject({ id: incident.id, acknowledgedAt: expect.any(String), acknowledgedBy: expect.any(String) });
    expect((await rest(owner, 'GET', `/api/v1/incidents/${incident.id}`)).body).toEqual(acknowledged);
    expect(record(await asAdmin.call('acknowledge_incident', { incidentId: incident.id }))).toEqual(acknowledged);
    notFound(await asOwner.call('acknowledge_incident', { incidentId: foreignIncident }));
    expect((await rest(stranger, 'GET', `/api/v1/incidents/${foreignIncident}`)).body.acknowledgedAt).toBeNull();
  });
});

describe('resolve_incident', () => {
  it('is forbidden to Members, allowed to Admins; a resolved incident is then not found', async () => {
    const incident = await newIncident();
    forbidden(await asMember.call('resolve_incident', { incidentId: incident.id }));
    expect((await rest(owner, 'GET', `/api/v1/incidents/${incident.id}`)).body.status).toBe('investigating');
    const resolved = record(await asAdmin.call('resolve_incident', { incidentId: incident.id, message: 'Fixed the cache' }));
    expect(resolved).toMatchObject({ status: 'resolved' });
    expect(resolved.updates.at(-1)).toMatchObject({ status: 'resolved', message: 'Fixed the cache' });
    notFound(await asOwner.call('resolve_incident', { incidentId: incident.id }));
  });

  it('fails validation with the same problem as REST', async () => {
    const incident = await newIncident();
    for (const body of [{ message: '' }, { message: 42 }, { note: 'x' }]) {
      await sameValidation(
        asOwner.call('resolve_incident', { incidentId: incident.id, ...body }),
        rest(owner, 'POST', `/api/v1/incidents/${incident.id}/resolve`, body),
      );
    }
  });

  it('answers not-found for another team’s incident and leaves it open', async () => {
    notFound(await asOwner.call('resolve_incident', { incidentId: foreignIncident }));
    expect((await rest(stranger, 'GET', `/api/v1/incidents/${foreignIncident}`)).body.status).toBe('investigating');
  });
});

describe('get_team and list_team_members', () => {
  it('answer the team and its members as REST does, with the role the token acts with', async () => {
    expect(record(await asMember.call('get_team'))).toEqual({ ...(await rest(owner, 'GET', '/api/v1/teams/current')).body, tokenRole: 'Member' });
    const members = record(await asMember.call('list_team_members'));
    expect(members).toEqual((await rest(owner, 'GET', '/api/v1/teams/current/members')).body);
    expect(members.data.map((m: any) => m.role).sort()).toEqual(['Admin', 'Member', 'Owner']);
  });

  it('reject arguments they do not take', async () => {
    expect(problem(await asOwner.call('get_team', { teamId: stranger.teamId }), 'validation').detail).toBe('teamId: is not allowed');
    expect(problem(await asOwner.call('list_team_members', { role: 'Owner' }), 'validation').detail).toBe('role: is not allowed');
  });
});

describe('get_status_page', () => {
  it('answers not-found for a team without a status page, then the page REST answers with', async () => {
    const team = await server.newTeam('Owner');
    const mcp = await connect(server, team);
    notFound(await mcp.call('get_status_page'));
    const monitor = (await rest(team, 'POST', '/api/v1/monitors', httpBody())).body;
    const put = await rest(team, 'PUT', '/api/v1/status-pages/current', { slug: `mcp-${Date.now()}`, title: 'Acme status', monitorIds: [monitor.id] });
    expect(put.status).toBe(200);
    const page = record(await mcp.call('get_status_page'));
    expect(page).toEqual((await rest(team, 'GET', '/api/v1/status-pages/current')).body);
    expect(page.monitorIds).toEqual([monitor.id]);
    expect(problem(await mcp.call('get_status_page', { slug: 'acme' }), 'validation').detail).toBe('slug: is not allowed');
    // Another team's page is never the caller's.
    notFound(await asMember.call('get_status_page'));
    await mcp.close();
  });
});
