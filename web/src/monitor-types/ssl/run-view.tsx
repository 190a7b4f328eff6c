import type { Run } from '../../api/types.js';
import { count } from '../../../../src/shared/plural.js';

/** An SSL run's own detail: how long the certificate it read had left. */
export function SslRunView({ run }: { run: Run }) {
  const cert = run.certificate;
  if (!cert) return null;
  return (
    <span className="run-certificate">
      {cert.daysRemaining < 0 ? `expired ${count(-cert.daysRemaining, 'day')} ago` : `expires in ${count(cert.daysRemaining, 'day')}`}
    </span>
  );
}
