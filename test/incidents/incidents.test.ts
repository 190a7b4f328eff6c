import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, startServer, type Answer, type Member, type TestServer } from '../helpers/server.js';

const INCIDENTS = '/api/v1/incidents';
const NOBODY = '01900000-0000-7000-8000-000000000000';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let server: TestServer;
let owner: Member;
let admin: Member;
let member: Member;
let stranger: Member;

beforeAll(async () => {
  server = await startServer();
  owner = await server.newTeam('Owner');
  admin = await server.addMember(owner.teamId, 'Admin');
  member = await server.addMember(owner.teamId, 'Member');
  stranger = await server.newTeam('Owner');
});
afterAll(async () => {
  await server.close();
});

const call = (who: Member, method: string, path: string, body?: unknown) => server.request(method, path, { token: who.token, body });

function created(answer: Answer): any {
  if (answer.status !== 201) throw new Error(`expected 201, got ${answer.status}: ${answer.text}`);
  return answer.body;
}

function ok(answer: Answer): any {
  if (answer.status !== 200) throw new Error(`expected 200, got ${answer.status}: ${answer.text}`);
  return answer.body;
}

function invalid(answer: Answer, field: string, path: string): void {
  expectProblem(answer, 400, 'validation', path);
  expect(answer.body.errors[0].field).toBe(field);
  expect(answer.body.detail).toBe(`${field}: ${answer.body.errors[0].message}`);
}

async function newIncident(who: Member = owner, body: Record<string, unknown> = { title: 'API is slow' }): Promise<any> {
  return created(await call(who, 'POST', INCIDENTS, body));
}

async function newMonitor(who: Member): Promise<string> {
  const answer = await call(who, 'POST', '/api/v1/monitors', {
    type: 'http',
    name: 'API',
    intervalSeconds: 60,
    timeoutSeconds: 5,
    regions: ['us-east'],
    url: 'https://example.com/health',
    method: 'GET',
    expectedStatus: 200,
  });
  return created(answer).id;
}

describe('creating an incident', () => {
  it('starts investigating, manual, major, with the message as the first update, and names itself in Location', async () => {
    const answer = await call(member, 'POST', INCIDENTS, { title: 'API is down', message: 'We are looking into it.' });
    const incident = created(answer);
    expect(answer.headers.get('location')).toBe(`/api/v1/incidents/${incident.id}`);
    expect(incident).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: 'API is down',
      status: 'investigating',
      severity: 'major',
      monitorId: null,
      source: 'manual',
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
      resolvedAt: null,
      acknowledgedAt: null,
      acknowledgedBy: null,
      acknowledgedVia: null,
      acknowledgedByName: null,
      cause: null,
      updates: [
        {
          id: expect.any(String),
          incidentId: incident.id,
          message: 'We are looking into it.',
          status: 'investigating',
          postedToStatusPage: true,
          createdAt: expect.stringMatching(ISO),
          kind: null,
          acknowledgedVia: null,
        },
      ],
    });
    expect(ok(await call(member, 'GET', `${INCIDENTS}/${incident.id}`))).toEqual(incident);
  });

  it('has an empty timeline without a message, and takes each severity', async () => {
    for (const severity of ['minor', 'major', 'critical']) {
      const incident = await newIncident(owner, { title: 'Slow', severity });
      expect(incident.severity).toBe(severity);
      expect(incident.updates).toEqual([]);
    }
  });

  it('links a monitor of the team; another team’s, a deleted or an unknown monitor is 404', async () => {
    const monitorId = await newMonitor(owner);
    expect((await newIncident(owner, { title: 'Linked', monitorId })).monitorId).toBe(monitorId);

    const foreign = await newMonitor(stranger);
    expectProblem(await call(owner, 'POST', INCIDENTS, { title: 'x', monitorId: foreign }), 404, 'not-found', INCIDENTS);
    expectProblem(await call(owner, 'POST', INCIDENTS, { title: 'x', monitorId: NOBODY }), 404, 'not-found', INCIDENTS);
    const deleted = await newMonitor(owner);
    expect((await call(owner, 'DELETE', `/api/v1/monitors/${deleted}`)).status).toBe(204);
    expectProblem(await call(owner, 'POST', INCIDENTS, { title: 'x', monitorId: deleted }), 404, 'not-found', INCIDENTS);
    // Nothing was created by the refused requests.
    const titles = ok(await call(owner, 'GET', INCIDENTS)).data.map((i: any) => i.title);
    expect(titles).not.toContain('x');
  });

  it('validates every field, naming the first failing one in the order of the interface', async () => {
    const cases: [unknown, string][] = [
      [{}, 'title'],
      [{ title: '' }, 'title'],
      [{ title: '   ' }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ title: 5 }, 'title'],
      [{ title: 'x', monitorId: 'not-a-uuid' }, 'monitorId'],
      [{ title: 'x', monitorId: 7 }, 'monitorId'],
      [{ title: 'x', message: '' }, 'message'],
      [{ title: 'x', message: ' \n ' }, 'message'],
      [{ title: 'x', message: 'm'.repeat(4001) }, 'message'],
      [{ title: 'x', severity: 'high' }, 'severity'],
      [{ title: 'x', status: 'identified' }, 'status'],
      [{ title: '', severity: 'high' }, 'title'],
      [[], 'body'],
      ['"text"', 'body'],
    ];
    for (const [body, field] of cases) invalid(await call(owner, 'POST', INCIDENTS, body), field, INCIDENTS);

    const malformed = await server.request('POST', INCIDENTS, { token: owner.token, body: '{"title":', headers: { 'content-type': 'application/json' } });
    invalid(malformed, 'body', INCIDENTS);
    expect(ok(await call(owner, 'GET', INCIDENTS)).data.some((i: any) => i.title === 'x')).toBe(false);
  });

  it('accepts the limits themselves', async () => {
    const incident = await newIncident(owner, { title: 't'.repeat(200), message: 'm'.repeat(4000), monitorId: null });
    expect(incident.title).toHaveLength(200);
    expect(incident.updates[0].message).toHaveLength(4000);
  });
});

describe('posting updates', () => {
  it('changes the status only when one is sent, and keeps the timeline oldest first', async () => {
    const incident = await newIncident(owner, { title: 'Errors', message: 'first' });
    const path = `${INCIDENTS}/${incident.id}/updates`;

    const identified = await call(member, 'POST', path, { message: 'Found it', status: 'identified' });
    expect(created(identified)).toEqual({
      id: expect.any(String),
      incidentId: incident.id,
      message: 'Found it',
      status: 'identified',
      postedToStatusPage: true,
      createdAt: expect.stringMatching(ISO),
      kind: null,
      acknowledgedVia: null,
    });
    expect(identified.headers.get('location')).toBe(`/api/v1/incidents/${incident.id}`);
    expect(ok(await call(owner, 'GET', `${INCIDENTS}/${incident.id}`)).status).toBe('identified');

    const note = created(await call(member, 'POST', path, { message: 'Internal note', postedToStatusPage: false }));
    expect(note.status).toBeNull();
    expect(note.postedToStatusPage).toBe(false);
    expect(ok(await call(owner, 'GET', `${INCIDENTS}/${incident.id}`)).status).toBe('identified');

    created(await call(member, 'POST', path, { message: 'Fix deployed', status: 'monitoring' }));
    created(await call(member, 'POST', path, { message: 'Back to it', status: 'investigating' }));
    const after = ok(await call(owner, 'GET', `${INCIDENTS}/${incident.id}`));
    expect(after.status).toBe('investigating');
    expect(after.updates.map((u: any) => u.message)).toEqual(['first', 'Found it', 'Internal note', 'Fix deployed', 'Back to it']);
    expect(after.updates.map((u: any) => u.status)).toEqual(['investigating', 'identified', null, 'monitoring', 'investigating']);
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(incident.updatedAt));
  });

  it('rejects `resolved` and every other invalid field, changing nothing', async () => {
    const incident = await newIncident();
    const path = `${INCIDENTS}/${incident.id}/updates`;
    const cases: [unknown, string][] = [
      [{ message: 'x', status: 'resolved' }, 'status'],
      [{ message: 'x', status: 'fixed' }, 'status'],
      [{}, 'message'],
      [{ status: 'identified' }, 'message'],
      [{ message: '' }, 'message'],
      [{ message: '  ' }, 'message'],
      [{ message: 'm'.repeat(4001) }, 'message'],
      [{ message: 'x', postedToStatusPage: 'yes' }, 'postedToStatusPage'],
      [{ message: 'x', postedToStatusPage: null }, 'postedToStatusPage'],
      [{ message: 'x', severity: 'minor' }, 'severity'],
    ];
    for (const [body, field] of cases) invalid(await call(member, 'POST', path, body), field, path);
    const after = ok(await call(owner, 'GET', `${INCIDENTS}/${incident.id}`));
    expect(after.status).toBe('investigating');
    expect(after.updates).toEqual([]);
    expect(created(await call(member, 'POST', path, { message: 'm'.repeat(4000) })).message).toHaveLength(4000);
  });
});

describe('resolving', () => {
  it('appends the default closing note, sets resolved and resolvedAt', async () => {
    const incident = await newIncident();
    const answer = await call(admin, 'POST', `${INCIDENTS}/${incident.id}/resolve`);
    const resolved = ok(answer);
    expect(resolved.status).toBe('resolved');
    expect(resolved.resolvedAt).toMatch(ISO);
    expect(resolved.updates).toEqual([
      {
        id: expect.any(String),
        incidentId: incident.id,
        message: 'Incident closed manually',
        status: 'resolved',
        postedToStatusPage: true,
        createdAt: resolved.resolvedAt,
        kind: null,
        acknowledgedVia: null,
      },
    ]);
  });

  it('takes a closing message, validated like any message', async () => {
    const incident = await newIncident();
    const path = `${INCIDENTS}/${incident.id}/resolve`;
    invalid(await call(owner, 'POST', path, { message: '' }), 'message', path);
    invalid(await call(owner, 'POST', path, { message: ' ' }), 'message', path);
    invalid(await call(owner, 'POST', path, { message: 'm'.repeat(4001) }), 'message', path);
    invalid(await call(owner, 'POST', path, { message: 'x', status: 'resolved' }), 'status', path);
    expect(ok(await call(owner, 'GET', `${INCIDENTS}/${incident.id}`)).status).toBe('investigating');
    const resolved = ok(await call(owner, 'POST', path, { message: 'Fixed by rolling back.' }));
    expect(resolved.updates.at(-1).message).toBe('Fixed by rolling back.');
  });

  it('is for Admin and Owner only: a Member gets 403, before the incident is even looked up', async () => {
    const incident = await newIncident();
    const path = `${INCIDENTS}/${incident.id}/resolve`;
    expectProblem(await call(member, 'POST', path), 403, 'forbidden', path);
    expectProblem(await call(member, 'POST', `${INCIDENTS}/${NOBODY}/resolve`), 403, 'forbidden', `${INCIDENTS}/${NOBODY}/resolve`);
    expectProblem(await call(member, 'POST', `${INCIDENTS}/nope/resolve`), 403, 'forbidden', `${INCIDENTS}/nope/resolve`);
    expect(ok(await call(owner, 'GET', `${INCIDENTS}/${incident.id}`)).status).toBe('investigating');
    expect(ok(await call(owner, 'POST', path)).status).toBe('resolved');
  });

  it('a resolved incident is 404 for a second resolve and for updates, and stays as it was', async () => {
    const incident = await newIncident();
    const resolved = ok(await call(owner, 'POST', `${INCIDENTS}/${incident.id}/resolve`));
    const resolvePath = `${INCIDENTS}/${incident.id}/resolve`;
    const updatePath = `${INCIDENTS}/${incident.id}/updates`;
    expectProblem(await call(owner, 'POST', resolvePath), 404, 'not-found', resolvePath);
    expectProblem(await call(owner, 'POST', resolvePath, { message: 'again' }), 404, 'not-found', resolvePath);
    expectProblem(await call(owner, 'POST', updatePath, { message: 'late' }), 404, 'not-found', updatePath);
    expectProblem(await call(owner, 'POST', updatePath, { message: 'late', status: 'monitoring' }), 404, 'not-found', updatePath);
    // 404 comes before the body is judged.
    expectProblem(await call(owner, 'POST', updatePath, { status: 'resolved' }), 404, 'not-found', updatePath);
    expect(ok(await call(owner, 'GET', `${INCIDENTS}/${incident.id}`))).toEqual(resolved);
  });
});

describe('acknowledging', () => {
  it('sets acknowledgedAt and acknowledgedBy once: a second acknowledge, by anyone, changes nothing', async () => {
    const incident = await newIncident();
    const before = Date.now();
    const acknowledged = ok(await call(member, 'POST', `${INCIDENTS}/${incident.id}/acknowledge`));
    expect(acknowledged).toMatchObject({ id: incident.id, status: 'investigating', acknowledgedAt: expect.stringMatching(ISO), acknowledgedBy: member.userId });
    expect(Date.parse(acknowledged.acknowledgedAt)).toBeGreaterThanOrEqual(before - 1);
    // Through the API: no link, and a timeline entry kept off the status page.
    expect(acknowledged.acknowledgedVia).toBeNull();
    expect(acknowledged.updates.filter((u: any) => u.kind === 'acknowledged')).toEqual([
      expect.objectContaining({
        message: 'Acknowledged',
        status: null,
        postedToStatusPage: false,
        acknowledgedVia: null,
        createdAt: acknowledged.acknowledgedAt,
      }),
    ]);
    expect(ok(await call(admin, 'POST', `${INCIDENTS}/${incident.id}/acknowledge`, {}))).toEqual(acknowledged);
    expect(ok(await call(owner, 'GET', `${INCIDENTS}/${incident.id}`))).toEqual(acknowledged);
  });

  it('takes no fields, and a resolved or another team’s incident is 404', async () => {
    const incident = await newIncident();
    invalid(await call(member, 'POST', `${INCIDENTS}/${incident.id}/acknowledge`, { by: 'me' }), 'by', `${INCIDENTS}/${incident.id}/acknowledge`);
    expectProblem(await call(stranger, 'POST', `${INCIDENTS}/${incident.id}/acknowledge`), 404, 'not-found', `${INCIDENTS}/${incident.id}/acknowledge`);
    ok(await call(admin, 'POST', `${INCIDENTS}/${incident.id}/resolve`));
    expectProblem(await call(member, 'POST', `${INCIDENTS}/${incident.id}/acknowledge`), 404, 'not-found', `${INCIDENTS}/${incident.id}/acknowledge`);
    expect(ok(await call(owner, 'GET', `${INCIDENTS}/${incident.id}`)).acknowledgedAt).toBeNull();
  });
});

describe('judging order and team isolation', () => {
  it('answers 401 without a valid token, for every incident endpoint', async () => {
    const incident = await newIncident();
    for (const [method, path] of [
      ['GET', INCIDENTS],
      ['POST', INCIDENTS],
      ['GET', `${INCIDENTS}/${incident.id}`],
      ['POST', `${INCIDENTS}/${incident.id}/updates`],
      ['POST', `${INCIDENTS}/${incident.id}/resolve`],
    ] as const) {
      const body = method === 'POST' ? { title: 'x', message: 'y' } : undefined;
      expectProblem(await server.request(method, path, { body }), 401, 'unauthorized', path);
      expectProblem(await server.request(method, path, { body, token: 'lkt_' + 'x'.repeat(40) }), 401, 'unauthorized', path);
    }
  });

  it('gives 404 before 400: a bad path id with a bad body, or malformed JSON, is not found', async () => {
    for (const id of [NOBODY, 'not-a-uuid', '123']) {
      const path = `${INCIDENTS}/${id}/updates`;
      expectProblem(await call(owner, 'POST', path, { status: 'resolved' }), 404, 'not-found', path);
      const malformed = await server.request('POST', path, { token: owner.token, body: '{', headers: { 'content-type': 'application/json' } });
      expectProblem(malformed, 404, 'not-found', path);
      expectProblem(await call(owner, 'GET', `${INCIDENTS}/${id}`), 404, 'not-found', `${INCIDENTS}/${id}`);
    }
  });

  it('hides another team’s incidents: the same 404 as an unknown id, and absent from the list', async () => {
    const theirs = await newIncident(stranger, { title: 'Their outage', message: 'secret' });
    const unknown = await call(owner, 'GET', `${INCIDENTS}/${NOBODY}`);
    for (const [method, suffix, body] of [
      ['GET', '', undefined],
      ['POST', '/updates', { message: 'x' }],
      ['POST', '/resolve', undefined],
    ] as const) {
      const path = `${INCIDENTS}/${theirs.id}${suffix}`;
      const answer = await call(owner, method, path, body);
      expectProblem(answer, 404, 'not-found', path);
      expect({ ...answer.body, instance: null }).toEqual({ ...unknown.body, instance: null });
    }
    expect(ok(await call(owner, 'GET', INCIDENTS)).data.map((i: any) => i.id)).not.toContain(theirs.id);
    const still = ok(await call(stranger, 'GET', `${INCIDENTS}/${theirs.id}`));
    expect(still.status).toBe('investigating');
    expect(still.updates).toHaveLength(1);
  });

  it('forbids nothing to Members but resolve; reads need any role', async () => {
    const incident = await newIncident(member);
    expect(ok(await call(member, 'GET', INCIDENTS)).data.length).toBeGreaterThan(0);
    expect(ok(await call(member, 'GET', `${INCIDENTS}/${incident.id}`)).id).toBe(incident.id);
    created(await call(member, 'POST', `${INCIDENTS}/${incident.id}/updates`, { message: 'x' }));
  });
});

describe('the list', () => {
  it('answers the 100 newest incidents, newest first: the 101st is not listed', async () => {
    const team = await server.newTeam('Owner');
    const ids: string[] = [];
    for (let i = 0; i < 101; i++) ids.push((await newIncident(team, { title: `Incident ${i}` })).id);
    const list = ok(await call(team, 'GET', INCIDENTS)).data;
    expect(list).toHaveLength(100);
    expect(list.map((i: any) => i.id)).toEqual(ids.slice(1).reverse());
    expect(list.map((i: any) => i.id)).not.toContain(ids[0]);
    // The oldest is still there, only not listed.
    expect(ok(await call(team, 'GET', `${INCIDENTS}/${ids[0]!}`)).title).toBe('Incident 0');
    // A parameter does not change the count.
    expect(ok(await call(team, 'GET', `${INCIDENTS}?limit=200`)).data).toHaveLength(100);
  });

  it('lists resolved incidents too, each with its timeline', async () => {
    const team = await server.newTeam('Owner');
    const open = await newIncident(team, { title: 'Open', message: 'hello' });
    const closed = await newIncident(team, { title: 'Closed' });
    ok(await call(team, 'POST', `${INCIDENTS}/${closed.id}/resolve`));
    const list = ok(await call(team, 'GET', INCIDENTS)).data;
    expect(list.map((i: any) => [i.title, i.status, i.updates.length])).toEqual([
      ['Closed', 'resolved', 1],
      ['Open', 'investigating', 1],
    ]);
    expect(list[1].id).toBe(open.id);
  });
});
