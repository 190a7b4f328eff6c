import type { Run } from '../../api/types.js';
import { count } from '../../../../src/shared/plural.js';

/** A heartbeat run's own detail: the log its job posted with the ping. */
export function HeartbeatRunView({ run }: { run: Run }) {
  if (run.log === null) return null;
  return (
    <details className="run-log">
      <summary>Log ({count(run.log.length, 'character')})</summary>
      <pre>{run.log}</pre>
    </details>
  );
}
