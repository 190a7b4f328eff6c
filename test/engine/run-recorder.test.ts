import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RunRecorder, type CompletedCheck } from '../../src/checks/run-recorder.js';
import { newId } from '../../src/domain/ids.js';
import { openStore, type Store } from '../../src/store/database.js';

/**
 * A recorder's flush writes what waits, whether its batch was to start after a delay (checks) or
 * on the next turn of the event loop (pings), and resolves only when it is written. The time it
 * reports for a batch is its own.
 */

let dir: string;
let store: Store;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lookout-recorder-'));
  store = openStore(`file:${join(dir, 'lookout.db')}`);
  await store.migrate();
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

function run(): CompletedCheck {
  const at = Date.now();
  return {
    job: { monitorId: newId(at), region: 'us-east', trigger: 'scheduled', dueAt: at, nextDueAt: null },
    startedAt: at,
    attempts: 1,
    result: { ok: true, durationMs: 5, error: null, statusCode: 200, timings: null, certificate: null, assertions: [], warnings: [] },
  };
}

describe('RunRecorder.flush', () => {
  it.each([
    ['after a delay', 10_000],
    ['on the next turn of the loop', 0],
  ])('writes every waiting run at once when its batch was to start %s', async (_, delayMs) => {
    const recorder = new RunRecorder(store.db, {}, false, delayMs);
    let settled = 0;
    const runs = Array.from({ length: 450 }, () => recorder.record(run()).then(() => settled++));
    const flushed = recorder.flush();
    // Never hangs, and is not done before the runs are.
    await Promise.race([flushed, new Promise((_, reject) => setTimeout(() => reject(new Error('flush did not finish')), 5000))]);
    expect(settled).toBe(450);
    await Promise.all(runs);
  });
});

describe('RunRecorder.onWritten', () => {
  it("reports the batch's transaction, not what the callers of its runs do once they are written", async () => {
    const reported: number[] = [];
    const recorder = new RunRecorder(store.db, { onWritten: (seconds) => reported.push(seconds) }, false, 0);
    const busyMs = 200;
    // A caller that, once its run is written, holds the event loop (as a check's next job would start).
    const written = recorder.record(run()).then(() => {
      const until = performance.now() + busyMs;
      while (performance.now() < until);
    });
    await recorder.flush();
    await written;
    expect(reported).toHaveLength(1);
    expect(reported[0]).toBeGreaterThan(0);
    expect(reported[0]! * 1000).toBeLessThan(busyMs / 2);
  });
});
