import type { Run } from '../../api/types.js';
import { Timings } from '../checked/timings.js';

/** An HTTP run's own details: the status code it got and where its time went. */
export function HttpRunView({ run }: { run: Run }) {
  return (
    <>
      {run.statusCode !== null && <span className="code">HTTP {run.statusCode}</span>}
      {run.timings && <Timings timings={run.timings} />}
    </>
  );
}
