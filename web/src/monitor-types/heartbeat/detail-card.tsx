import type { HeartbeatMonitor } from '../../api/types.js';
import { Card } from '../../components/ui.js';
import { interval } from '../../format.js';
import { schedule } from '../../pages/monitors.js';

/** When a heartbeat's job runs and how late its ping may be. */
export function HeartbeatDetailCard({ monitor }: { monitor: HeartbeatMonitor }) {
  return (
    <Card title="Schedule">
      <dl className="facts" data-testid="type-card">
        <div>
          <dt>Runs</dt>
          <dd className="break">{monitor.cron === null ? schedule(monitor) : `${monitor.cron} in ${monitor.timezone}`}</dd>
        </div>
        <div>
          <dt>Grace</dt>
          <dd>{monitor.graceSeconds === 0 ? 'None' : interval(monitor.graceSeconds)}</dd>
        </div>
      </dl>
    </Card>
  );
}
