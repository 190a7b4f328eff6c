import type { HttpMonitor } from '../../api/types.js';
import { Card } from '../../components/ui.js';
import { count } from '../../../../src/shared/plural.js';
import { AssertionFacts, CheckedFacts } from '../checked/facts.js';

/** What an HTTP monitor requests and expects, and how often. */
export function HttpDetailCard({ monitor }: { monitor: HttpMonitor }) {
  return (
    <Card title="Request">
      <dl className="facts" data-testid="type-card">
        <div>
          <dt>Request</dt>
          <dd className="break">
            <code>{monitor.method}</code> {monitor.url}
          </dd>
        </div>
        <div>
          <dt>Expects</dt>
          <dd>HTTP {monitor.expectedStatus}</dd>
        </div>
        <div>
          <dt>Authentication</dt>
          <dd>
            {monitor.auth
              ? `${monitor.auth.type}${monitor.auth.username ? ` as ${monitor.auth.username}` : ''}${monitor.auth.headerName ? ` in ${monitor.auth.headerName}` : ''} (secret stored encrypted)`
              : 'None'}
          </dd>
        </div>
        {monitor.headers.length > 0 && (
          <div>
            <dt>Headers</dt>
            <dd className="break">
              {monitor.headers.map((h) => (
                <div key={h.name}>
                  <code>
                    {h.name}: {h.value}
                  </code>
                </div>
              ))}
            </dd>
          </div>
        )}
        {monitor.body !== null && (
          <div>
            <dt>Body</dt>
            <dd>{count(monitor.body.length, 'character')}</dd>
          </div>
        )}
        <div>
          <dt>Redirects</dt>
          <dd>{monitor.followRedirects ? 'Followed (up to 5)' : 'Not followed'}</dd>
        </div>
        <CheckedFacts monitor={monitor} />
        <AssertionFacts assertions={monitor.assertions} />
      </dl>
    </Card>
  );
}
