import type { TcpMonitor } from '../../api/types.js';
import { Card } from '../../components/ui.js';
import { AssertionFacts, CheckedFacts } from '../checked/facts.js';

/** Where a TCP monitor connects and whether it shakes hands over TLS. */
export function TcpDetailCard({ monitor }: { monitor: TcpMonitor }) {
  return (
    <Card title="Connection">
      <dl className="facts" data-testid="type-card">
        <div>
          <dt>Connects to</dt>
          <dd className="break">
            {monitor.host}:{monitor.port}
          </dd>
        </div>
        <div>
          <dt>TLS</dt>
          <dd>{monitor.tls ? 'Handshake after connecting, certificate checked' : 'No'}</dd>
        </div>
        <CheckedFacts monitor={monitor} />
        <AssertionFacts assertions={monitor.assertions} />
      </dl>
    </Card>
  );
}
