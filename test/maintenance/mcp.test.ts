import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../helpers/clock.js';
import { startServer, type Member, type TestServer } from '../helpers/server.js';
import { createHttpMonitor } from '../alerts/fixtures.js';
import { connect, problem, record, type McpSession } from '../mcp/support.js';

/** The maintenance tools through the official MCP client: same rules and records as REST. */

const START = Date.UTC(2031, 8, 1, 12, 0, 0);
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

let clock: ManualClock;
let server: TestServer;
let owner: Member;
let mcp: McpSession;

beforeAll(async () => {
  clock = new ManualClock(START);
  server = await startServer({}, { clock });
  owner = await server.newTeam('Owner');
  mcp = await connect(server, owner);
});
afterAll(async () => {
  await mcp.close();
  await server.close();
});

describe('maintenance tools', () => {
  it('creates, lists and ends a window; bad input is a validation problem naming the field', async () => {
    const monitor = await createHttpMonitor(server, owner, { name: 'Search' });
    const created = record(
      await mcp.call('create_maintenance_window', {
        title: 'Reindex',
        monitorIds: [monitor.id],
        startsAt: iso(START - HOUR),
        endsAt: iso(START + HOUR),
        rrule: 'FREQ=DAILY;COUNT=3',
        timezone: 'Europe/Berlin',
      }),
    );
    expect(created).toMatchObject({
      title: 'Reindex',
      rrule: 'FREQ=DAILY;COUNT=3',
      timezone: 'Europe/Berlin',
      active: true,
      nextStartsAt: iso(START - HOUR + 24 * HOUR),
    });
    const listed = record(await mcp.call('list_maintenance_windows'));
    expect(listed.data).toEqual([created]);
    const ended = record(await mcp.call('end_maintenance_window', { windowId: created.id }));
    expect(ended).toMatchObject({ id: created.id, active: false, nextStartsAt: created.nextStartsAt });

    const bad = problem(
      await mcp.call('create_maintenance_window', { title: 'x', monitorIds: [monitor.id], startsAt: iso(START), endsAt: iso(START) }),
      'validation',
    );
    expect(bad.errors).toEqual([{ field: 'endsAt', message: 'must be after startsAt' }]);
    problem(await mcp.call('end_maintenance_window', { windowId: '01900000-0000-7000-8000-000000000000' }), 'not-found');
  });
});
