import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.js';
import { connect } from './support.js';

/**
 * The documents name the tools the server offers, no more and no fewer: docs/mcp.md has a row per
 * tool, the README gives their number and names. Both drifted once (17 and 21 tools listed of 22 at the time).
 */
const ROOT = new URL('../../', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, ROOT), 'utf8');

let server: TestServer;
let offered: string[];

beforeAll(async () => {
  server = await startServer();
  const mcp = await connect(server, await server.newTeam('Owner'));
  offered = (await mcp.client.listTools()).tools.map((tool) => tool.name).sort();
  await mcp.close();
});
afterAll(() => server.close());

describe('the documented MCP tools', () => {
  it("docs/mcp.md's table has one row per tool the server offers", () => {
    const tools = read('docs/mcp.md').split('\n## Tools')[1]!.split('\n## ')[0]!;
    const rows = [...tools.matchAll(/^\| `(\w+)` \|/gm)].map((m) => m[1]!);
    expect(rows.length).toBe(new Set(rows).size);
    expect(rows.sort()).toEqual(offered);
  });

  it('the README gives their number and names them all', () => {
    const section = read('README.md').split('\n## MCP\n')[1]!.split('\n## ')[0]!;
    const listed = /(\d+) tools: ([^.]+)\./.exec(section.replace(/\s+/g, ' '));
    expect(listed, 'the README says "<n> tools: `a`, `b`, …."').not.toBeNull();
    expect(Number(listed![1])).toBe(offered.length);
    expect([...listed![2]!.matchAll(/`(\w+)`/g)].map((m) => m[1]!).sort()).toEqual(offered);
  });
});
