import type { Run } from '../../api/types.js';
import { ms } from '../../format.js';

/** Where the time of a run went, phase by phase (HTTP and TCP runs); phases the exchange did not reach are left out. */
export function Timings({ timings }: { timings: NonNullable<Run['timings']> }) {
  const phases = [
    ['DNS', timings.dnsMs],
    ['connect', timings.connectMs],
    ['TLS', timings.tlsMs],
    ['first byte', timings.ttfbMs],
  ] as const;
  const reached = phases.filter(([, value]) => value !== null);
  if (reached.length === 0) return null;
  return (
    <span className="run-timings" aria-label="Timings">
      {reached.map(([phase, value]) => `${phase} ${ms(value)}`).join(' · ')}
    </span>
  );
}
