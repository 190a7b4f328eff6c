import type { PingMonitor } from '../../api/types.js';
import { Card } from '../../components/ui.js';
import { AssertionFacts, CheckedFacts } from '../checked/facts.js';

/** The host a ping monitor pings, and how many echo requests each check sends. */
export function PingDetailCard({ monitor }: { monitor: PingMonitor }) {
  return (
    <Card title="Ping">
      <dl className="facts" data-testid="type-card">
        <div>
          <dt>Host</dt>
          <dd className="break">{monitor.host}</dd>
        </div>
        <div>
          <dt>Packets</dt>
          <dd>{monitor.packets} echo requests per check</dd>
        </div>
        <CheckedFacts monitor={monitor} />
        <AssertionFacts assertions={monitor.assertions} />
      </dl>
    </Card>
  );
}
