import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';

/**
 * The event-loop delay of this process (where the test's server runs) while `work` runs, beside
 * the same measure taken by an idle probe: a thread of this process that does nothing but wait.
 * What the server's own work adds is the difference. A machine busy with other tests delays the
 * probe as much as the server and says nothing of the server, so a test judges
 * `p99 - probeP99` (both in milliseconds), as the benchmarks judge a figure against a baseline
 * measured in the same run.
 */
export async function loopDelayDuring<T>(work: () => Promise<T>): Promise<{ result: T; p99: number; max: number; probeP99: number; added: number }> {
  const probe = new Worker(PROBE, { eval: true });
  await new Promise<void>((resolve, reject) => {
    probe.once('message', () => resolve());
    probe.once('error', reject);
  });
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  try {
    const result = await work();
    delay.disable();
    const probeP99 = await new Promise<number>((resolve, reject) => {
      probe.once('message', (value: number) => resolve(value));
      probe.once('error', reject);
      probe.postMessage('stop');
    });
    const p99 = delay.percentile(99) / 1e6;
    return { result, p99, max: delay.max / 1e6, probeP99, added: p99 - probeP99 };
  } finally {
    delay.disable();
    await probe.terminate();
  }
}

const PROBE = `
const { parentPort } = require('node:worker_threads');
const { monitorEventLoopDelay } = require('node:perf_hooks');
const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
parentPort.on('message', () => {
  delay.disable();
  parentPort.postMessage(delay.percentile(99) / 1e6);
});
parentPort.postMessage('ready');
`;
