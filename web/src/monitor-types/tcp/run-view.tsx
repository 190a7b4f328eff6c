import type { Run } from '../../api/types.js';
import { Timings } from '../checked/timings.js';

/** A TCP run's own detail: where its time went (connect, TLS). */
export function TcpRunView({ run }: { run: Run }) {
  return run.timings ? <Timings timings={run.timings} /> : null;
}
