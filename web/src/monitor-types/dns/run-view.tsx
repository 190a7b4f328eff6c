import type { Run } from '../../api/types.js';

/** A DNS run's answer: its code and records. */
export function DnsRunView({ run }: { run: Run }) {
  const dns = run.dns;
  if (!dns) return null;
  return (
    <span className="run-dns">
      {dns.rcode !== null && <span className="code">{dns.rcode}</span>}
      {dns.records.length > 0 ? (
        <span className="run-records" aria-label="Records">
          {dns.records.map((record, i) => (
            <code key={i}>{record}</code>
          ))}
        </span>
      ) : (
        <span className="muted">no records</span>
      )}
    </span>
  );
}
