import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'vitest';
import { PUBLIC_URL, type Member, type TestServer } from '../helpers/server.js';

/** Every tool the MCP server must offer, each with its REST endpoint's roles, validation and answer. */
export const TOOL_NAMES = [
  'list_monitors',
  'get_monitor',
  'create_monitor',
  'update_monitor',
  'delete_monitor',
  'pause_monitor',
  'resume_monitor',
  'new_ping_key',
  'list_monitor_runs',
  'trigger_check',
  'list_incidents',
  'get_incident',
  'create_incident',
  'post_incident_update',
  'resolve_incident',
  'acknowledge_incident',
  'list_maintenance_windows',
  'create_maintenance_window',
  'end_maintenance_window',
  'get_status_page',
  'list_status_page_subscribers',
  'delete_status_page_subscriber',
  'get_team',
  'list_team_members',
  'invite_team_member',
  'list_audit_log',
  'list_regions',
] as const;

/** A well-formed id that names nothing. */
export const NOBODY = '01900000-0000-7000-8000-000000000000';

export interface McpSession {
  client: Client;
  /** Calls a tool; the SDK client checks `structuredContent` against the advertised output schema. */
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

/**
 * The SDK's own client over real HTTP, with the member's token. `tools/list` runs once so that the
 * client knows every output schema and validates each answer against it, as MCP clients do.
 */
export async function connect(server: TestServer, who: Member | string): Promise<McpSession> {
  const token = typeof who === 'string' ? who : who.token;
  const client = new Client({ name: 'lookout-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  await client.listTools();
  return {
    client,
    call: async (name, args = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult,
    close: () => client.close(),
  };
}

/** A successful tool answer: the record as `structuredContent` and the same record as JSON text. */
export function record(result: CallToolResult): any {
  if (result.isError) throw new Error(`expected a record, got an error: ${JSON.stringify(result.structuredContent)}`);
  expectTextMatches(result);
  return result.structuredContent;
}

/** A failed tool answer: `isError` with the problem (type, title, status, detail, instance) as `structuredContent`. */
export function problem(result: CallToolResult, code: string): any {
  expect(result.isError, `expected a ${code} problem, got ${JSON.stringify(result.structuredContent)}`).toBe(true);
  expectTextMatches(result);
  const p = result.structuredContent as any;
  expect(p.type).toBe(`${PUBLIC_URL}/errors/${code}`);
  expect(typeof p.title).toBe('string');
  expect(typeof p.status).toBe('number');
  expect(typeof p.detail).toBe('string');
  expect(p.instance).toBe('/mcp');
  return p;
}

function expectTextMatches(result: CallToolResult): void {
  const text = result.content.find((c) => c.type === 'text');
  expect(text, 'the answer carries the JSON as text too').toBeDefined();
  expect(JSON.parse((text as { text: string }).text)).toEqual(result.structuredContent);
}

/** One raw JSON-RPC POST to /mcp, as an MCP client sends it (stateless: no initialize needed). */
export function rawMcp(server: TestServer, headers: Record<string, string>, message: unknown = { jsonrpc: '2.0', id: 1, method: 'tools/list' }) {
  return fetch(`${server.baseUrl}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(message),
  });
}
