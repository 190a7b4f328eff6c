import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOperations } from '../../src/api/operations.js';
import type { Operation } from '../../src/api/operation.js';
import { auditTargetOf } from '../../src/domain/audit/targets.js';
import { ACCOUNT_HOLDERS } from '../../src/domain/roles.js';
import { expectProblem, startServer, type Member, type TestServer } from '../helpers/server.js';
import { connect, problem, type McpSession } from '../mcp/support.js';
import { httpBody } from '../monitors/fixtures.js';
import { addPerson, asBrowser, signIn } from '../dashboard/support.js';

let server: TestServer;
let owner: Member;
let viewer: Member;
let member: Member;
let asViewer: McpSession;
let operations: Operation[];
/** A real monitor of the team: a path's id names something, so only the role can refuse. */
let monitorId: string;
let heartbeatId: string;

/** A write operation is anything but a read; signing in and out are judged by the session service, not by role. */
const writes = () => operations.filter((o) => o.method !== 'GET' && o.roles !== 'public');

beforeAll(async () => {
  server = await startServer();
  owner = await server.newTeam('Owner');
  viewer = await server.addMember(owner.teamId, 'Viewer');
  member = await server.addMember(owner.teamId, 'Member');
  asViewer = await connect(server, viewer);
  operations = apiOperations(server.app.services);
  monitorId = (await server.request('POST', '/api/v1/monitors', { token: owner.token, body: httpBody() })).body.id;
  heartbeatId = (
    await server.request('POST', '/api/v1/monitors', { token: owner.token, body: { type: 'heartbeat', name: 'Nightly backup', periodSeconds: 3600 } })
  ).body.id;
}, 120_000);
afterAll(async () => {
  await asViewer?.close();
  await server.close();
});

describe('the Viewer role', () => {
  it('is offered to invitations and role changes', async () => {
    const invited = await server.request('POST', '/api/v1/teams/current/members', {
      token: owner.token,
      body: { email: 'viewer@example.test', role: 'Viewer' },
    });
    expect(invited.status).toBe(201);
    expect(invited.body.role).toBe('Viewer');
    const team = await server.read('/api/v1/teams/current', viewer.token);
    expect(team.tokenRole).toBe('Viewer');
  });

  it('is refused every write operation over REST, whatever operation is added later', async () => {
    const refused: string[] = [];
    for (const operation of writes()) {
      // A write a Viewer may make is one on its own account, declared with ACCOUNT_HOLDERS on purpose.
      if (operation.roles === ACCOUNT_HOLDERS) continue;
      expect(operation.roles, operation.operationId).not.toContain('Viewer');
      const path = operation.path.replace(/\{\w+\}/g, monitorId);
      const answer = await server.request(operation.method, path, { token: viewer.token, body: operation.body ? {} : undefined });
      expectProblem(answer, 403, 'forbidden', path);
      expect(answer.body.detail, operation.operationId).toMatch(/\(Viewer\) does not allow this action; it needs the role /);
      refused.push(operation.operationId);
    }
    // The list is the declared one: check now and acknowledge are in it, among the others.
    expect(refused).toEqual(expect.arrayContaining(['createMonitor', 'triggerCheck', 'acknowledgeIncident', 'updateMonitor', 'inviteTeamMember']));
    // Only the account's own operations are open to every role.
    expect(
      writes()
        .filter((o) => o.roles === ACCOUNT_HOLDERS)
        .map((o) => o.operationId),
    ).toEqual(expect.arrayContaining(['updateAccount', 'changePassword', 'createToken', 'revokeToken']));
  });

  it('is refused with the dashboard session too', async () => {
    const person = await addPerson(server, owner.teamId, 'Viewer');
    const browser = await signIn(server, person);
    expect(browser.session.team.role).toBe('Viewer');
    const answer = await asBrowser(server, browser, 'POST', `/api/v1/monitors/${monitorId}/pause`);
    expectProblem(answer, 403, 'forbidden', `/api/v1/monitors/${monitorId}/pause`);
    expect((await asBrowser(server, browser, 'GET', '/api/v1/monitors')).status).toBe(200);
  });

  it('over MCP sees every tool, and a write tool answers a tool error naming the role it needs', async () => {
    const listed = (await asViewer.client.listTools()).tools.map((t) => t.name);
    const tools = operations.filter((o) => o.mcp).map((o) => o.mcp!.name);
    expect(listed).toEqual(tools);
    for (const operation of writes().filter((o) => o.mcp && o.roles !== ACCOUNT_HOLDERS)) {
      const args = operation.mcp!.id ? { [operation.mcp!.id.name]: monitorId } : {};
      const answer = await asViewer.call(operation.mcp!.name, args);
      const refusal = problem(answer, 'forbidden');
      expect(refusal.detail, operation.mcp!.name).toMatch(/\(Viewer\) does not allow this action; it needs the role (Member|Admin)/);
    }
  });

  it('reads everything a Member reads', async () => {
    for (const operation of operations.filter((o) => o.method === 'GET' && o.roles !== 'public' && o.path !== '/api/v1/events/stream')) {
      const memberMay = operation.roles.includes('Member');
      expect(operation.roles.includes('Viewer'), operation.operationId).toBe(memberMay);
      if (!memberMay || operation.path.includes('{')) continue;
      const [asViewer, asMember] = await Promise.all([viewer, member].map((who) => server.request('GET', operation.path, { token: who.token })));
      // The same answer as a Member's (a status page not made yet is 404 for both).
      expect([asViewer!.status, operation.operationId], operation.operationId).toEqual([asMember!.status, operation.operationId]);
      expect(asViewer!.status, operation.operationId).not.toBe(403);
    }
    expect((await server.request('GET', `/api/v1/monitors/${monitorId}/runs`, { token: viewer.token })).status).toBe(200);
  });

  it('never sees a heartbeat’s ping URL; Members do', async () => {
    const asMember = await server.read(`/api/v1/monitors/${heartbeatId}`, member.token);
    expect(asMember.pingUrl).toMatch(/\/ping\//);
    expect((await server.read(`/api/v1/monitors/${heartbeatId}`, viewer.token)).pingUrl).toBeNull();
    const list = await server.read('/api/v1/monitors', viewer.token);
    expect(list.data.find((m: any) => m.id === heartbeatId).pingUrl).toBeNull();
    expect(JSON.stringify(list)).not.toContain('/ping/');
    const viaMcp = await asViewer.call('get_monitor', { monitorId: heartbeatId });
    expect((viaMcp.structuredContent as any).pingUrl).toBeNull();
  });
});

describe('audit targets', () => {
  it('name a resource for every write operation', () => {
    for (const operation of writes()) {
      const target = auditTargetOf(operation.path.slice('/api/v1'.length));
      expect(target.type, operation.operationId).not.toBeNull();
      // Each either names its target by the path, is the caller's own team or account, or finds a created one.
      expect(target.param ?? target.self ?? target.created, operation.operationId).toBeDefined();
    }
  });
});
