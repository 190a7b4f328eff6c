import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_URL, expectProblem, startServer, type Member, type TestServer } from '../helpers/server.js';
import { PAGE, call, createMonitor, expectStatus, putPage } from './fixtures.js';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

let slugs = 0;
const freshSlug = () => `page-${process.pid}-${++slugs}`;

async function teamOf(): Promise<{ owner: Member; admin: Member; member: Member }> {
  const owner = await server.newTeam('Owner');
  return { owner, admin: await server.addMember(owner.teamId, 'Admin'), member: await server.addMember(owner.teamId, 'Member') };
}

describe('GET /api/v1/status-pages/current', () => {
  it('is 404 not-found while the team has no page, for every role', async () => {
    const { owner, member } = await teamOf();
    for (const who of [owner, member]) expectProblem(await call(server, who, 'GET', PAGE), 404, 'not-found', PAGE);
  });

  it('needs a token', async () => {
    expectProblem(await server.request('GET', PAGE), 401, 'unauthorized', PAGE);
  });

  it("answers any role with the team's page, and never another team's", async () => {
    const { admin, member } = await teamOf();
    const monitor = await createMonitor(server, admin);
    const slug = freshSlug();
    const created = await putPage(server, admin, { slug, title: 'Acme status', monitorIds: [monitor.id] });
    expect(expectStatus(await call(server, member, 'GET', PAGE), 200)).toEqual(created);

    const stranger = await server.newTeam('Owner');
    expectProblem(await call(server, stranger, 'GET', PAGE), 404, 'not-found', PAGE);
  });
});

describe('PUT /api/v1/status-pages/current', () => {
  it('creates the page (Admin) and answers the status page record (id, slug, title, url, monitorIds, times) with 200', async () => {
    const { admin } = await teamOf();
    const a = await createMonitor(server, admin, { name: 'A' });
    const b = await createMonitor(server, admin, { name: 'B' });
    const slug = freshSlug();
    const answer = await call(server, admin, 'PUT', PAGE, { slug, title: 'Acme status', monitorIds: [b.id, a.id] });
    const page = expectStatus(answer, 200);
    expect(page).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      slug,
      title: 'Acme status',
      url: `${PUBLIC_URL}/status/${slug}`,
      monitorIds: [b.id, a.id],
      showTargets: false,
      groups: null,
      customDomain: null,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      updatedAt: page.createdAt,
    });
  });

  it('replaces the page whole (Owner): same id and createdAt, new fields; an identical PUT writes nothing', async () => {
    const { owner } = await teamOf();
    const a = await createMonitor(server, owner, { name: 'A' });
    const first = await putPage(server, owner, { slug: freshSlug(), title: 'Before', monitorIds: [a.id], showTargets: true });
    expect(first.showTargets).toBe(true);
    await new Promise((r) => setTimeout(r, 5));
    const slug = freshSlug();
    const second = await putPage(server, owner, { slug, title: 'After', monitorIds: [] });
    expect(second).toMatchObject({ id: first.id, createdAt: first.createdAt, slug, title: 'After', monitorIds: [], showTargets: false });
    expect(second.updatedAt > first.updatedAt).toBe(true);
    await new Promise((r) => setTimeout(r, 5));
    const again = await putPage(server, owner, { slug, title: 'After', monitorIds: [] });
    expect(again).toEqual(second);
    // The old slug is free again; the public page moved.
    expect((await server.request('GET', `/status/${first.slug}`)).status).toBe(404);
    expect((await server.request('GET', `/status/${slug}`)).status).toBe(200);
  });

  it('is 403 forbidden for a Member, judged before the body', async () => {
    const { member } = await teamOf();
    expectProblem(await call(server, member, 'PUT', PAGE, { slug: freshSlug(), title: 'x', monitorIds: [] }), 403, 'forbidden', PAGE);
    expectProblem(await call(server, member, 'PUT', PAGE, { slug: 'NOT VALID' }), 403, 'forbidden', PAGE);
  });

  it('rejects a slug another team uses with 400 "slug: is already taken"', async () => {
    const one = await teamOf();
    const two = await teamOf();
    const slug = freshSlug();
    await putPage(server, one.admin, { slug, title: 'One', monitorIds: [] });
    const answer = await call(server, two.admin, 'PUT', PAGE, { slug, title: 'Two', monitorIds: [] });
    expectProblem(answer, 400, 'validation', PAGE);
    expect(answer.body.detail).toBe('slug: is already taken');
    expect(answer.body.errors).toEqual([{ field: 'slug', message: 'is already taken' }]);
    // The team that has it may keep it.
    await putPage(server, one.owner, { slug, title: 'One again', monitorIds: [] });
    // Once that page is gone the slug is free.
    expectStatus(await call(server, one.owner, 'DELETE', PAGE), 204);
    await putPage(server, two.admin, { slug, title: 'Two', monitorIds: [] });
  });

  it('gives a slug to one team only when two ask at the same moment', async () => {
    const one = await teamOf();
    const two = await teamOf();
    const slug = freshSlug();
    const answers = await Promise.all([one.admin, two.admin].map((who) => call(server, who, 'PUT', PAGE, { slug, title: 'Race', monitorIds: [] })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)!.body.detail).toBe('slug: is already taken');
  });

  it.each([
    ['Upper', 'must be 1-64 characters of a-z, 0-9 and -'],
    ['', 'must be 1-64 characters of a-z, 0-9 and -'],
    ['with space', 'must be 1-64 characters of a-z, 0-9 and -'],
    ['under_score', 'must be 1-64 characters of a-z, 0-9 and -'],
    ['a'.repeat(65), 'must be 1-64 characters of a-z, 0-9 and -'],
    [42, 'must be a string'],
  ])('rejects slug %j', async (slug, message) => {
    const { admin } = await teamOf();
    const answer = await call(server, admin, 'PUT', PAGE, { slug, title: 'T', monitorIds: [] });
    expectProblem(answer, 400, 'validation', PAGE);
    expect(answer.body.detail).toBe(`slug: ${message}`);
  });

  it('accepts a slug of 64 characters of the allowed set', async () => {
    const { admin } = await teamOf();
    const slug = `${freshSlug()}-`.padEnd(64, '0');
    expect((await putPage(server, admin, { slug, title: 'T', monitorIds: [] })).slug).toBe(slug);
  });

  it("rejects monitorIds that are not the team's monitors: another team's, deleted, unknown", async () => {
    const { admin } = await teamOf();
    const other = await teamOf();
    const mine = await createMonitor(server, admin, { name: 'Mine' });
    const theirs = await createMonitor(server, other.admin, { name: 'Theirs' });
    const gone = await createMonitor(server, admin, { name: 'Gone' });
    expectStatus(await call(server, admin, 'DELETE', `/api/v1/monitors/${gone.id}`), 204);
    const unknown = '0190d9a8-0000-7000-8000-000000000000';
    const answer = await call(server, admin, 'PUT', PAGE, { slug: freshSlug(), title: 'T', monitorIds: [mine.id, theirs.id, gone.id, unknown] });
    expectProblem(answer, 400, 'validation', PAGE);
    expect(answer.body.detail).toBe('monitorIds.1: must name a monitor of your team');
    expect(answer.body.errors).toEqual([
      { field: 'monitorIds.1', message: 'must name a monitor of your team' },
      { field: 'monitorIds.2', message: 'must name a monitor of your team' },
      { field: 'monitorIds.3', message: 'must name a monitor of your team' },
    ]);
    expectProblem(await call(server, admin, 'GET', PAGE), 404, 'not-found', PAGE);
  });

  it('validates the body: every failing field, in field order, and unknown fields', async () => {
    const { admin } = await teamOf();
    const m = await createMonitor(server, admin);
    const answer = await call(server, admin, 'PUT', PAGE, { showTargets: 'yes', monitorIds: ['nope', m.id, m.id.toUpperCase()], title: '   ', extra: 1 });
    expectProblem(answer, 400, 'validation', PAGE);
    expect(answer.body.errors).toEqual([
      { field: 'slug', message: 'is required' },
      { field: 'title', message: 'must not be only white space' },
      { field: 'monitorIds.0', message: 'must be a UUID' },
      { field: 'monitorIds.2', message: 'is listed more than once' },
      { field: 'showTargets', message: 'must be a boolean' },
      { field: 'extra', message: 'is not allowed' },
    ]);
    expect(answer.body.detail).toBe('slug: is required');

    expect((await call(server, admin, 'PUT', PAGE, { slug: freshSlug(), title: 'T' })).body.detail).toBe('monitorIds: is required');
    expect((await call(server, admin, 'PUT', PAGE, { slug: freshSlug(), title: 'x'.repeat(201), monitorIds: [] })).body.detail).toBe(
      'title: must be at most 200 characters',
    );
    expect((await call(server, admin, 'PUT', PAGE, '{"slug":')).body.detail).toMatch(/^body: is not valid JSON/);
    expect((await call(server, admin, 'PUT', PAGE, [])).status).toBe(400);
  });

  it('takes monitor ids in any case and answers them as stored (lower case)', async () => {
    const { admin } = await teamOf();
    const m = await createMonitor(server, admin);
    const page = await putPage(server, admin, { slug: freshSlug(), title: 'T', monitorIds: [m.id.toUpperCase()] });
    expect(page.monitorIds).toEqual([m.id]);
  });

  it('drops a monitor from monitorIds once the monitor is deleted', async () => {
    const { admin } = await teamOf();
    const a = await createMonitor(server, admin, { name: 'A' });
    const b = await createMonitor(server, admin, { name: 'B' });
    await putPage(server, admin, { slug: freshSlug(), title: 'T', monitorIds: [a.id, b.id] });
    expectStatus(await call(server, admin, 'DELETE', `/api/v1/monitors/${a.id}`), 204);
    expect(expectStatus(await call(server, admin, 'GET', PAGE), 200).monitorIds).toEqual([b.id]);
  });
});

describe('DELETE /api/v1/status-pages/current', () => {
  it('removes the page (204); afterwards GET, DELETE and the public page are 404', async () => {
    const { owner, admin } = await teamOf();
    const slug = freshSlug();
    await putPage(server, owner, { slug, title: 'T', monitorIds: [] });
    const removed = await call(server, admin, 'DELETE', PAGE);
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');
    expectProblem(await call(server, owner, 'GET', PAGE), 404, 'not-found', PAGE);
    expectProblem(await call(server, owner, 'DELETE', PAGE), 404, 'not-found', PAGE);
    expectProblem(await server.request('GET', `/status/${slug}.json`), 404, 'not-found', `/status/${slug}.json`);
  });

  it('is 403 for a Member, before 404: a Member learns nothing about whether a page exists', async () => {
    const { member } = await teamOf();
    expectProblem(await call(server, member, 'DELETE', PAGE), 403, 'forbidden', PAGE);
  });

  it('judges 404 before the body, and rejects a body with fields', async () => {
    const { admin } = await teamOf();
    expectProblem(await call(server, admin, 'DELETE', PAGE, { force: true }), 404, 'not-found', PAGE);
    await putPage(server, admin, { slug: freshSlug(), title: 'T', monitorIds: [] });
    const answer = await call(server, admin, 'DELETE', PAGE, { force: true });
    expectProblem(answer, 400, 'validation', PAGE);
    expect(answer.body.detail).toBe('force: is not allowed');
    expectStatus(await call(server, admin, 'GET', PAGE), 200);
  });
});

describe('the OpenAPI document', () => {
  it('documents the three operations', async () => {
    const doc = (await server.request('GET', '/api/v1/openapi.json')).body;
    const ops = doc?.paths?.[PAGE];
    expect(Object.keys(ops ?? {}).sort()).toEqual(['delete', 'get', 'put']);
    expect(ops.put.requestBody.content['application/json'].schema.required).toEqual(['slug', 'title', 'monitorIds']);
  });
});
