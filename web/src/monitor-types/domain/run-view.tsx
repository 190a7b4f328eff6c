import type { Run } from '../../api/types.js';
import { LocalTime } from '../../components/local-time.js';

/** A domain run's answer: when the registration expires, and who registered it. */
export function DomainRunView({ run }: { run: Run }) {
  const domain = run.domain;
  if (!domain?.expiresAt) return null;
  return (
    <span className="run-domain">
      expires <LocalTime iso={domain.expiresAt} />
      {domain.registrar && <span className="muted"> · {domain.registrar}</span>}
    </span>
  );
}
