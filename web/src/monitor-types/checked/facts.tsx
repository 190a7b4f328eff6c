import type { CheckedMonitor } from '../../api/types.js';
import { describeAssertion, type Assertion } from '../../assertions.js';
import { interval } from '../../format.js';

/** How often, how long and from where a checked monitor is checked: rows of its detail card. */
export function CheckedFacts({ monitor }: { monitor: CheckedMonitor }) {
  return (
    <>
      <div>
        <dt>Interval</dt>
        <dd>every {interval(monitor.intervalSeconds)}</dd>
      </div>
      <div>
        <dt>Timeout</dt>
        <dd>{monitor.timeoutSeconds} s</dd>
      </div>
      <div>
        <dt>Regions</dt>
        <dd>{monitor.regions.join(', ')}</dd>
      </div>
    </>
  );
}

/** A monitor's assertions, one line each and numbered from 1 as the form numbers them (none when it has none). */
export function AssertionFacts({ assertions }: { assertions: readonly Assertion[] }) {
  if (assertions.length === 0) return null;
  return (
    <div>
      <dt>Assertions</dt>
      <dd>
        <ol className="assertion-list">
          {assertions.map((a, i) => (
            <li key={i}>
              {describeAssertion(a)}
              {a.severity === 'degraded' && <span className="pill pill-muted">degraded</span>}
            </li>
          ))}
        </ol>
      </dd>
    </div>
  );
}
