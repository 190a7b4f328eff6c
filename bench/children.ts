import type { ChildProcess } from 'node:child_process';

/*
 * The processes a bench starts (servers, targets, probes, bare loops) end with it: when it exits,
 * fails, or is stopped by SIGINT, SIGTERM or SIGHUP. A server left behind by a bench stopped from
 * outside would go on checking tens of thousands of monitors and load every later measurement.
 */

const running = new Set<ChildProcess>();

function endAll(): void {
  for (const child of running) child.kill('SIGTERM');
}

process.once('exit', endAll);
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
] as const) {
  process.once(signal, () => {
    endAll();
    process.exit(code);
  });
}

/** `child`, to be ended with the bench. */
export function endsWithBench<C extends ChildProcess>(child: C): C {
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}
