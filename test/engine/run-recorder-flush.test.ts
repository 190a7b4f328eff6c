import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RunRecorder, type CompletedCheck } from '../../src/checks/run-recorder.js';
import { newId } from '../../src/domain/ids.js';
import { openStore, type Store } from '../../src/store/database.js';

/**
 * A recorder's flush writes what waits, whether its batch was to start after a delay (checks) or
 * on the next turn of the event loop (pings), and resolves only when it is written.
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
