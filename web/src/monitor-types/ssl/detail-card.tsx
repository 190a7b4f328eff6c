import type { Run, SslMonitor } from '../../api/types.js';
import { LocalTime } from '../../components/local-time.js';
import { Card } from '../../components/ui.js';
import { count } from '../../../../src/shared/plural.js';
import { CheckedFacts } from '../checked/facts.js';

/**
 * The certificate an SSL monitor last read, and what it checks. Before any check it waits for the
 * first; once checks ran without reading one (the handshake failed), it says so and where to look.
 */
export function SslDetailCard({ monitor, runs }: { monitor: SslMonitor; runs: Run[] | undefined }) {
  const cert = monitor.certificate;
  const checked = monitor.lastCheckedAt !== null || (runs !== undefined && runs.length > 0);
  return (
    <Card title="Certificate">
      <dl className="facts" data-testid="type-card">
        <div>
          <dt>Host</dt>
          <dd>
            {monitor.host}:{monitor.port}
          </dd>
        </div>
        {cert ? (
          <>
            <div>
              <dt>Expires</dt>
              <dd>
                <span className={`days ${cert.daysRemaining < 0 ? 'bad' : cert.daysRemaining <= (monitor.warningDays ?? 14) ? 'warn' : 'good'}`}>
                  {cert.daysRemaining < 0 ? `Expired ${count(-cert.daysRemaining, 'day')} ago` : `in ${count(cert.daysRemaining, 'day')}`}
                </span>{' '}
                (<LocalTime iso={cert.validTo} />)
              </dd>
            </div>
            <div>
              <dt>Subject</dt>
              <dd className="break">{cert.subject}</dd>
            </div>
            <div>
              <dt>Issuer</dt>
              <dd className="break">{cert.issuer}</dd>
            </div>
            <div>
              <dt>Valid from</dt>
              <dd>
                <LocalTime iso={cert.validFrom} />
              </dd>
            </div>
          </>
        ) : (
          <div>
            <dt>Certificate</dt>
            <dd data-testid="no-certificate">
              {checked
                ? 'None read: the checks so far failed before the handshake completed (see Recent checks).'
                : 'No certificate seen yet; it appears after the first check.'}
            </dd>
          </div>
        )}
        <div>
          <dt>Expiry warning</dt>
          <dd>{monitor.warningDays === null ? 'Off' : `${count(monitor.warningDays, 'day')} before`}</dd>
        </div>
        <CheckedFacts monitor={monitor} />
      </dl>
    </Card>
  );
}
