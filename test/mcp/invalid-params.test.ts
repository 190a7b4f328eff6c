/**
 * Requests whose params do not fit their method are JSON-RPC -32602 "Invalid params" with the
 * fields named in words, never -32603 "Internal error" with a validation dump (found by a fuzz:
 * `tools/call` with `arguments` null, an array or a string, or a `name` that is not a string).
 */
import { McpError, CallToolResultSchema, ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Member, type TestServer } from '../helpers/server.js';
import { connect, rawMcp } from './support.js';

let server: TestServer;
let owner: Member;

beforeAll(async () => {
  server = await startServer();
  owner = await server.newTeam('Owner');
});
afterAll(() => server.close());

const auth = () => ({ authorization: `Bearer ${owner.token}` });

/** A raw JSON-RPC request; the answer's JSON-RPC error (the HTTP status is 200). */
async function errorOf(message: Record<string, unknown>): Promise<{ code: number; message: string; data?: any }> {
  const response = await rawMcp(server, auth(), { jsonrpc: '2.0', id: 7, ...message });
  expect(response.status).toBe(200);
  const body: any = await response.json();
  expect(body).toMatchObject({ jsonrpc: '2.0', id: 7 });
  expect(body.result, JSON.stringify(body)).toBeUndefined();
  return body.error;
}

describe('tools/call with params that do not fit', () => {
  const cases: Array<[string, unknown, string]> = [
    ['arguments null', { name: 'get_team', arguments: null }, 'params.arguments must be an object (got null)'],
    ['arguments an array', { name: 'get_team', arguments: [] }, 'params.arguments must be an object (got an array)'],
    ['arguments a string', { name: 'get_team', arguments: 'team' }, 'params.arguments must be an object (got a string)'],
    ['arguments a number', { name: 'get_team', arguments: 1 }, 'params.arguments must be an object (got a number)'],
    ['name a number', { name: 42, arguments: {} }, 'params.name must be a string (got a number)'],
    ['name null', { name: null }, 'params.name must be a string (got null)'],
    ['name an object', { name: { tool: 'get_team' } }, 'params.name must be a string (got an object)'],
    ['no name', { arguments: {} }, 'params.name must be a string (got nothing)'],
    ['task a string', { name: 'get_team', task: 'later' }, 'params.task must be an object (got a string)'],
  ];
  for (const [label, params, expected] of cases) {
    it(`answers -32602 Invalid params naming the field: ${label}`, async () => {
      const error = await errorOf({ method: 'tools/call', params });
      expect(error).toEqual({
        code: ErrorCode.InvalidParams,
        message: `Invalid params: ${expected}`,
        data: { errors: [{ field: expected.split(' ')[0], message: expected.slice(expected.indexOf(' ') + 1) }] },
      });
    });
  }

  it('answers -32602 without params, and names every field that does not fit', async () => {
    expect(await errorOf({ method: 'tools/call' })).toMatchObject({ code: -32602, message: 'Invalid params: params must be an object (got nothing)' });
    const both = await errorOf({ method: 'tools/call', params: { name: 7, arguments: null } });
    expect(both.code).toBe(-32602);
    expect(both.data.errors.map((e: any) => e.field)).toEqual(['params.name', 'params.arguments']);
  });

  it('answers an unknown tool with -32602 naming it', async () => {
    const error = await errorOf({ method: 'tools/call', params: { name: 'drop_database', arguments: {} } });
    expect(error.code).toBe(-32602);
    expect(error.message).toMatch(/Unknown tool: drop_database/);
  });

  it('answers each message of a batch on its own: the misfit -32602, the others their result', async () => {
    const response = await rawMcp(server, auth(), [
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_team', arguments: null } },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_team' } },
      { jsonrpc: '2.0', id: 3, method: 'tools/list', params: { cursor: 5 } },
    ]);
    expect(response.status).toBe(200);
    const answers = ((await response.json()) as any[]).sort((a, b) => a.id - b.id);
    expect(answers[0].error).toMatchObject({ code: -32602, message: 'Invalid params: params.arguments must be an object (got null)' });
    expect(answers[1].result.structuredContent).toMatchObject({ tokenRole: 'Owner' });
    expect(answers[2].error).toMatchObject({ code: -32602, message: 'Invalid params: params.cursor must be a string (got a number)' });
  });

  it('answers the official client that sends such a call with an McpError -32602, and the session goes on', async () => {
    const mcp = await connect(server, owner);
    try {
      for (const params of [
        { name: 'get_team', arguments: null },
        { name: 'get_team', arguments: ['a'] },
        { name: 'get_team', arguments: 'a' },
        { name: 5, arguments: {} },
      ]) {
        const failure = await mcp.client.request({ method: 'tools/call', params: params as any }, CallToolResultSchema).catch((error: unknown) => error);
        expect(failure, JSON.stringify(params)).toBeInstanceOf(McpError);
        expect((failure as McpError).code).toBe(ErrorCode.InvalidParams);
        expect((failure as McpError).message).toMatch(/Invalid params: params\.(arguments|name) must be/);
      }
      expect((await mcp.call('get_team')).isError).toBeFalsy();
    } finally {
      await mcp.close();
    }
  });
});

describe('other requests with params that do not fit', () => {
  it('answers initialize and tools/list with -32602 too; methods Lookout does not serve are -32601', async () => {
    const initialize = await errorOf({ method: 'initialize', params: { protocolVersion: 5 } });
    expect(initialize.code).toBe(-32602);
    expect(initialize.message).toMatch(/^Invalid params: params\.protocolVersion must be a string \(got a number\); params\.capabilities must be an object/);
    expect(await errorOf({ method: 'initialize' })).toMatchObject({ code: -32602, message: 'Invalid params: params must be an object (got nothing)' });
    expect(await errorOf({ method: 'tools/list', params: { cursor: 5 } })).toMatchObject({ code: -32602 });
    expect(await errorOf({ method: 'resources/list' })).toMatchObject({ code: -32601, message: 'Method not found' });
  });

  it('refuses params that are no object at all (an array, a string, null) as a malformed message: the 400 validation problem', async () => {
    for (const params of [[], ['get_team'], 'get_team', null]) {
      const response = await rawMcp(server, auth(), { jsonrpc: '2.0', id: 1, method: 'tools/call', params });
      expect(response.status, JSON.stringify(params)).toBe(400);
      const body: any = await response.json();
      expect(body).toMatchObject({ type: 'http://lookout.test/errors/validation', status: 400, instance: '/mcp' });
      expect(body.detail).toMatch(/^body: .*Invalid JSON-RPC message/);
    }
  });

  it('never answers -32603 to any of these shapes', async () => {
    const shapes: unknown[] = [
      undefined,
      {},
      { name: '' },
      { name: 'get_team', arguments: null },
      { name: 'get_team', arguments: [] },
      { name: 'get_team', arguments: 'x' },
      { name: 'get_team', arguments: true },
      { name: 1 },
      { name: [] },
      { name: 'nope', arguments: {} },
      { name: 'get_monitor', arguments: { id: 5 } },
      { name: 'get_monitor', arguments: null },
    ];
    for (const params of shapes) {
      const response = await rawMcp(server, auth(), { jsonrpc: '2.0', id: 1, method: 'tools/call', ...(params !== undefined && { params }) });
      const text = await response.text();
      expect(response.status, text).toBeLessThan(500);
      expect(text, JSON.stringify(params)).not.toContain('-32603');
      expect(text).not.toContain('"expected"'); // no validation dump
    }
  });
});
