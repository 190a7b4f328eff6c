import type { DomainMonitor, Run } from '../../api/types.js';
import { LocalTime } from '../../components/local-time.js';
import { Card } from '../../components/ui.js';
import { CheckedFacts } from '../checked/facts.js';

/** The domain a domain monitor watches, and what the newest run learnt of its registration. */
export function DomainDetailCard({ monitor, runs }: { monitor: DomainMonitor; runs: Run[] | undefined }) {
  const seen = runs?.find((run) => run.domain?.expiresAt)?.domain;
  return (
    <Card title="Registration">
      <dl className="facts" data-testid="type-card">
        <div>
          <dt>Domain</dt>
          <dd className="break">{monitor.domain}</dd>
        </div>
        <div>
          <dt>Expires</dt>
          <dd>{seen?.expiresAt ? <LocalTime iso={seen.expiresAt} /> : <span className="muted">not known yet</span>}</dd>
        </div>
        {seen?.registrar && (
          <div>
            <dt>Registrar</dt>
            <dd className="break">{seen.registrar}</dd>
          </div>
        )}
        <div>
          <dt>Warns</dt>
          <dd>{monitor.warningDays} days before</dd>
        </div>
        <CheckedFacts monitor={monitor} />
      </dl>
    </Card>
  );
}
