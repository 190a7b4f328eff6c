import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MonitorCommonFields } from '../../src/domain/monitor-fields.js';
import { DnsMonitorFields } from '../../src/monitor-types/dns/definition.js';
import { HeartbeatMonitorFields } from '../../src/monitor-types/heartbeat/definition.js';
import { HttpMonitorFields } from '../../src/monitor-types/http/fields.js';
import { SslMonitorFields } from '../../src/monitor-types/ssl/definition.js';
import { TcpMonitorFields } from '../../src/monitor-types/tcp/definition.js';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
import { startServer, type Member, type TestServer } from '../helpers/server.js';
import { TOOL_NAMES, connect, problem, rawMcp } from './support.js';

let server: TestServer;
let owner: Member;

beforeAll(async () => {
  server = await startServer();
  owner = await server.newTeam('Owner');
});
afterAll(() => server.close());

async function problemOf(response: Response): Promise<any> {
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(response.headers.get('x-request-id')).toBeTruthy();
  return response.json();
}

describe('tools/list', () => {
  it('lists exactly the tools of the contract, each with input and output schemas and annotations', async () => {
    const mcp = await connect(server, owner);
    const { tools } = await mcp.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOL_NAMES].sort());
    for (const tool of tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(40);
      expect(tool.inputSchema.type, tool.name).toBe('object');
      // Claude, OpenAI and others reject a top-level oneOf/anyOf/allOf in an input schema.
      for (const keyword of ['oneOf', 'anyOf', 'allOf']) expect(tool.inputSchema, `${tool.name} ${keyword}`).not.toHaveProperty(keyword);
      expect(tool.inputSchema.additionalProperties, tool.name).toBe(false);
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(typeof tool.annotations?.readOnlyHint, tool.name).toBe('boolean');
      expect(typeof tool.annotations?.destructiveHint, tool.name).toBe('boolean');
      expect(typeof tool.annotations?.idempotentHint, tool.name).toBe('boolean');
    }
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    for (const name of TOOL_NAMES) {
      expect(byName[name]!.annotations!.readOnlyHint, name).toBe(name.startsWith('list_') || name.startsWith('get_'));
    }
    expect(byName.delete_monitor!.annotations!.destructiveHint).toBe(true);
    expect(byName.create_monitor!.annotations!.destructiveHint).toBe(false);
    await mcp.close();
  });

  it('advertises input schemas made of the REST fields, with their limits and descriptions', async () => {
    const mcp = await connect(server, owner);
    const byName = Object.fromEntries((await mcp.client.listTools()).tools.map((t) => [t.name, t]));
    const create = byName.create_monitor!.inputSchema as any;
    expect(create.required).toEqual(['type', 'name']);
    expect(create.properties.type.enum).toEqual(['http', 'ssl', 'tcp', 'dns', 'heartbeat', 'ping', 'domain']);
    expect(create.properties.intervalSeconds.description).toMatch(/^Required for every type but heartbeat/);
    expect(create.properties.intervalSeconds).toMatchObject({ type: 'integer', minimum: 60, maximum: 3600 });
    // Regions are the three built-in ones or the installation's extra ones: a name pattern, the three named.
    expect(create.properties.regions.items.pattern).toBeTypeOf('string');
    expect(create.properties.regions.description).toMatch(/us-east, eu-west, asia .*LOOKOUT_EXTRA_REGIONS/);
    // The REST field descriptions, each saying which monitor type the field belongs to.
    expect(create.properties.name.description).toBe(MonitorCommonFields.shape.name.description);
    for (const [label, shape] of [
      ['HTTP', HttpMonitorFields.shape],
      ['SSL', SslMonitorFields.shape],
      ['TCP', TcpMonitorFields.shape],
      ['DNS', DnsMonitorFields.shape],
      ['Heartbeat', HeartbeatMonitorFields.shape],
    ] as const) {
      for (const [field, schema] of Object.entries(shape)) {
        expect(create.properties[field].description, field).toMatch(new RegExp(`${label} monitors only \\(type [a-z]+\\)[^:]*: ${escape(schema.description)}`));
      }
    }
    expect(create.properties.host.description).toMatch(
      /^SSL monitors only \(type ssl\), required for them: .* TCP monitors only \(type tcp\), required for them: /,
    );
    expect(create.properties.url.description).toMatch(/^HTTP monitors only \(type http\), required for them: /);
    expect(create.properties.auth.description).not.toMatch(/required/);
    expect(create.properties.url.format).toBe('uri');
    expect(create.properties.port).toMatchObject({ type: 'integer', minimum: 1, maximum: 65535 });
    expect(Object.keys(create.properties)).toEqual(expect.arrayContaining(['auth', 'method', 'expectedStatus', 'port', 'warningDays', 'notificationPolicyId']));

    const update = byName.update_monitor!.inputSchema as any;
    expect(update.required).toEqual(['monitorId']);
    expect(update.properties).not.toHaveProperty('type');
    expect(update.properties.name).toMatchObject({ type: 'string', minLength: 1, maxLength: 200 });
    expect(update.properties.warningDays.description).toMatch(/^SSL monitors only.*warning/);

    const postUpdate = byName.post_incident_update!.inputSchema as any;
    expect(postUpdate.required).toEqual(['incidentId', 'message']);
    expect(postUpdate.properties.status.enum).toEqual(['investigating', 'identified', 'monitoring']);
    expect(byName.create_incident!.inputSchema.properties).toHaveProperty('severity');
    expect((byName.resolve_incident!.inputSchema as any).required).toEqual(['incidentId']);
    // A list's filters are its arguments: the query parameters of GET /monitors.
    const list = byName.list_monitors!.inputSchema as any;
    expect(Object.keys(list.properties)).toEqual(['key', 'tag']);
    expect(list.properties.tag.anyOf).toEqual([
      { type: 'string', pattern: expect.any(String) },
      { type: 'array', maxItems: 10, items: { type: 'string', pattern: expect.any(String) } },
    ]);
    for (const name of ['get_monitor', 'delete_monitor', 'pause_monitor', 'resume_monitor', 'list_monitor_runs', 'trigger_check']) {
      expect((byName[name]!.inputSchema as any).required, name).toEqual(['monitorId']);
    }
    await mcp.close();
  });
});

describe('authentication', () => {
  it('answers a missing, malformed or unknown token with the REST 401 problem and WWW-Authenticate: Bearer', async () => {
    const rest = await server.request('GET', '/api/v1/teams/current', { token: 'lkt_nope' });
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer lkt_nope' },
      { authorization: `Bearer lkt_${'x'.repeat(40)}` },
      { authorization: 'Basic abc' },
    ]) {
      const response = await rawMcp(server, headers);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      const body = await problemOf(response);
      expect(body).toEqual({ ...rest.body, instance: '/mcp' });
    }
  });

  it('lets the SDK client fail to connect with a bad token', async () => {
    await expect(connect(server, 'lkt_nope')).rejects.toThrow(/401|nauthorized/);
  });

  it('answers 401 for a revoked token', async () => {
    const member = await server.addMember(owner.teamId, 'Member');
    expect((await rawMcp(server, { authorization: `Bearer ${member.token}` })).status).toBe(200);
    await server.app.services.tokens.revoke(member.tokenId);
    expect((await rawMcp(server, { authorization: `Bearer ${member.token}` })).status).toBe(401);
  });
});

describe('request budget', () => {
  it('spends one unit of the token budget per HTTP request, shared with REST', async () => {
    const member = await server.addMember(owner.teamId, 'Member');
    const auth = { authorization: `Bearer ${member.token}` };
    const first = await rawMcp(server, auth);
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-limit')).toBe('300');
    expect(first.headers.get('ratelimit-remaining')).toBe('299');
    const rest = await server.request('GET', '/api/v1/teams/current', { token: member.token });
    expect(rest.headers.get('ratelimit-remaining')).toBe('298');
    const call = await rawMcp(server, auth, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_team', arguments: {} } });
    expect(call.status).toBe(200);
    expect(call.headers.get('ratelimit-remaining')).toBe('297');
    const answer: any = await call.json();
    expect(answer.result.structuredContent).toEqual(rest.body);
  });

  it('answers the 301st request of a minute, 300 REST then one MCP, with the HTTP 429 problem and Retry-After', async () => {
    const member = await server.addMember(owner.teamId, 'Member');
    for (let i = 0; i < 300; i++) {
      const answer = await server.request('GET', '/api/v1/teams/current', { token: member.token });
      expect(answer.status).toBe(200);
    }
    const limited = await rawMcp(server, { authorization: `Bearer ${member.token}` });
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const body = await problemOf(limited);
    expect(body.type).toBe('http://lookout.test/errors/rate-limited');
    expect(body.status).toBe(429);
    expect(body.detail).toMatch(/300 requests per minute/);
    expect(body.instance).toBe('/mcp');
    // The SDK client cannot even connect on a spent budget.
    await expect(connect(server, member)).rejects.toThrow(/429/);
  });

  it('counts MCP requests against REST the other way round too', async () => {
    const member = await server.addMember(owner.teamId, 'Member');
    const mcp = await connect(server, member); // initialize, initialized, tools/list: 3 requests
    for (let i = 0; i < 297; i++) expect((await mcp.call('get_team')).isError).toBeFalsy();
    const limited = await server.request('GET', '/api/v1/teams/current', { token: member.token });
    expect(limited.status).toBe(429);
    await expect(mcp.call('get_team')).rejects.toThrow(/429/);
    await mcp.close().catch(() => {});
  });
});

describe('HTTP surface', () => {
  it('answers GET and DELETE with a 405 problem naming POST', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(`${server.baseUrl}/mcp`, { method, headers: { authorization: `Bearer ${owner.token}` } });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      expect((await problemOf(response)).type).toBe('http://lookout.test/errors/method-not-allowed');
    }
  });

  it('answers malformed JSON with the REST validation problem, after authentication', async () => {
    const send = (authorization: string) =>
      fetch(`${server.baseUrl}/mcp`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: '{"jsonrpc": ',
      });
    expect((await send('Bearer lkt_nope')).status).toBe(401);
    const response = await send(`Bearer ${owner.token}`);
    expect(response.status).toBe(400);
    const body = await problemOf(response);
    expect(body.type).toBe('http://lookout.test/errors/validation');
    expect(body.detail).toMatch(/^body: is not valid JSON/);
  });

  it('answers an unknown tool with a JSON-RPC error', async () => {
    const mcp = await connect(server, owner);
    await expect(mcp.call('drop_database')).rejects.toThrow(/Unknown tool: drop_database/);
    await mcp.close();
  });

  it('answers a failure it did not expect with the generic internal problem and logs the cause', async () => {
    const mcp = await connect(server, owner);
    // eslint-disable-next-line @typescript-eslint/unbound-method -- put back on the same object below
    const original = server.app.services.teams.members;
    server.app.services.teams.members = async () => {
      throw new Error('disk on fire');
    };
    try {
      const p = problem(await mcp.call('list_team_members'), 'internal');
      expect(p.status).toBe(500);
      expect(p.detail).toBe('An unexpected error occurred.');
      expect(JSON.stringify(p)).not.toContain('disk on fire');
    } finally {
      server.app.services.teams.members = original;
    }
    expect(server.logs()).toContain('disk on fire');
    await mcp.close();
  });
});
