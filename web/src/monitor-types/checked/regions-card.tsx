import { useMemo } from 'react';
import type { CheckedMonitor, Run } from '../../api/types.js';
import { CheckErrorText } from '../../components/check-error.js';
import { Warnings } from '../../components/run-warnings.js';
import { Card, StatusBadge } from '../../components/ui.js';
import { exactTime, ms, relativeTime } from '../../format.js';
import { useNow } from '../../hooks.js';
import { newestPerRegion } from '../../stats.js';

/** The newest run of each of a checked monitor's regions, one tile each. */
export function RegionsCard({ monitor, runs }: { monitor: CheckedMonitor; runs: Run[] | undefined }) {
  const newest = useMemo(() => newestPerRegion(runs ?? []), [runs]);
  const now = useNow(5000);
  return (
    <Card title="Regions">
      <div className="region-grid">
        {monitor.regions.map((region) => {
          const run = newest.get(region);
          // A run during a maintenance window changes no status: the tile says so rather than down.
          const status = monitor.paused
            ? 'paused'
            : !run
              ? 'pending'
              : run.maintenance
                ? 'maintenance'
                : !run.ok
                  ? 'down'
                  : run.warnings.length > 0
                    ? 'degraded'
                    : 'up';
          return (
            <div key={region} className={`region-tile region-${status}`} data-region={region}>
              <div className="region-head">
                <span className="region-name">{region}</span>
                <StatusBadge status={status} />
              </div>
              {monitor.staleRegions.includes(region) && (
                <p className="region-stale small" data-stale>
                  Stale: nobody has checked from here for 3 intervals, so this result no longer counts.
                </p>
              )}
              {run ? (
                <dl className="region-facts">
                  <div>
                    <dt>Checked</dt>
                    <dd>
                      <time dateTime={run.startedAt} title={exactTime(run.startedAt)}>
                        {relativeTime(run.startedAt, now)}
                      </time>
                    </dd>
                  </div>
                  <div>
                    <dt>Response</dt>
                    <dd>{ms(run.durationMs)}</dd>
                  </div>
                  {run.statusCode !== null && (
                    <div>
                      <dt>Status code</dt>
                      <dd>{run.statusCode}</dd>
                    </div>
                  )}
                </dl>
              ) : (
                <p className="muted small">{monitor.paused ? 'Paused: not checked.' : 'Waiting for the first check…'}</p>
              )}
              {run?.error && (
                <p className="region-error">
                  <CheckErrorText error={run.error} />
                </p>
              )}
              {run && run.warnings.length > 0 && <Warnings warnings={run.warnings} />}
            </div>
          );
        })}
      </div>
    </Card>
  );
}
