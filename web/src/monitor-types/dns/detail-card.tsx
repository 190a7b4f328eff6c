import type { DnsMonitor } from '../../api/types.js';
import { Card } from '../../components/ui.js';
import { AssertionFacts, CheckedFacts } from '../checked/facts.js';

/** What a DNS monitor asks for, and of whom. */
export function DnsDetailCard({ monitor }: { monitor: DnsMonitor }) {
  return (
    <Card title="Query">
      <dl className="facts" data-testid="type-card">
        <div>
          <dt>Asks for</dt>
          <dd className="break">
            <code>{monitor.recordType}</code> {monitor.hostname}
          </dd>
        </div>
        <div>
          <dt>Resolver</dt>
          <dd>{monitor.resolver ?? 'The system’s resolvers'}</dd>
        </div>
        <CheckedFacts monitor={monitor} />
        <AssertionFacts assertions={monitor.assertions} />
      </dl>
    </Card>
  );
}
