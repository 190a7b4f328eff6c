import type { TestServer } from './server.js';

/*
 * What a check that cannot run or be recorded leaves behind (contract-2 §H rule 4): an error-level
 * log line naming the monitor, and a count in `lookout_check_errors_total{reason}`.
 */

/** Runs one check of the monitor now in `us-east`, as the scheduler would. */
export async function enqueueCheck(server: TestServer, monitorId: string): Promise<void> {
  const now = Date.now();
  await server.app.services.dispatcher.enqueue({ monitorId, region: 'us-east', trigger: 'scheduled', dueAt: now, nextDueAt: now + 60_000 });
}

/** The error-level log lines about one monitor. */
export function errorLinesOf(server: TestServer, monitorId: string): any[] {
  return server
    .logs()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .filter((entry) => entry.level === 50 && entry.monitorId === monitorId);
}

/** `lookout_check_errors_total{reason}` as `/metrics` says it now; null while it has no sample. */
export async function checkErrorCount(server: TestServer, reason: string): Promise<number | null> {
  const metrics = (await server.request('GET', '/metrics')).text;
  const match = new RegExp(`^lookout_check_errors_total\\{reason="${reason}"\\} (\\d+)$`, 'm').exec(metrics);
  return match ? Number(match[1]) : null;
}
