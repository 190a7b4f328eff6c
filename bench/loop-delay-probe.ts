/**
 * For bench/api.ts, loaded into the server under test (`--import`): the server's own event-loop
 * delay. On SIGUSR2 it appends what it measured since the previous signal to BENCH_LOOP_DELAY_FILE
 * as one JSON line (`{"p50", "p99", "max"}`, milliseconds) and starts over, so that the bench reads
 * the delay of each of its runs apart.
 */
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_LOOP_DELAY_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;
  process.on('SIGUSR2', () => {
    appendFileSync(file, `${JSON.stringify({ p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) })}\n`);
    delay.reset();
  });
}
