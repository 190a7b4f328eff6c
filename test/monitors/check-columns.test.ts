import { describe, expect, it } from 'vitest';
import { CHECK_ROW_COLUMNS } from '../../src/domain/monitor-for-check.js';
import type { CheckCommon, MonitorRow } from '../../src/monitor-types/definition.js';
import { DEFINITIONS_IN_ORDER } from '../../src/monitor-types/definitions.js';

// The checker's load of a monitor reads only CHECK_ROW_COLUMNS, not the whole row: every column a
// checked type's forCheck reads must be among them, or its checks would run with that field missing.
describe("the columns a check's monitor is loaded with", () => {
  const common = {
    id: 'm',
    teamId: 't',
    name: 'n',
    intervalSeconds: 60,
    timeoutSeconds: 5,
    regions: [],
    notificationPolicyId: null,
    status: 'up',
    lastCheckedAt: null,
  } satisfies CheckCommon;
  /** A row that answers only the loaded columns (credentials set, so that their branch is read too). */
  const loadedRow = (type: string) =>
    new Proxy({} as MonitorRow, {
      get(_, key) {
        if (typeof key !== 'string') return undefined;
        if (!CHECK_ROW_COLUMNS.includes(key as never)) throw new Error(`forCheck of ${type} reads ${key}, which is not loaded`);
        if (key === 'type') return type;
        if (key === 'auth_type') return 'bearer';
        if (key === 'auth_secret') return 'sealed';
        return null;
      },
    });

  for (const definition of DEFINITIONS_IN_ORDER.filter((d) => d.forCheck !== null)) {
    it(`hold every column the ${definition.type} monitor's forCheck reads`, () => {
      const opened: string[] = [];
      const monitor = definition.forCheck!(loadedRow(definition.type), common, (sealed) => (opened.push(sealed), 'opened')) as { type: string };
      expect(monitor.type).toBe(definition.type);
      if (definition.type === 'http') expect(opened).toEqual(['sealed']);
    });
  }

  it('leave out the state the recorder keeps', () => {
    for (const column of ['region_results', 'region_streaks', 'certificate', 'degraded_reasons', 'ping_key', 'heartbeat_deadline'] as const) {
      expect(CHECK_ROW_COLUMNS).not.toContain(column);
    }
  });
});
