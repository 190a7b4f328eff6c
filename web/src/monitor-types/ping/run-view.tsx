import type { Run } from '../../api/types.js';

/** A ping run's replies: how many came back of those sent, and the round trips. */
export function PingRunView({ run }: { run: Run }) {
  const ping = run.ping;
  if (!ping) return null;
  return (
    <span className="run-ping">
      <span>
        {ping.received}/{ping.sent} replies
      </span>
      {ping.rttAvgMs !== null && (
        <span className="muted">
          {' '}
          · round trip min {ping.rttMinMs} / avg {ping.rttAvgMs} / max {ping.rttMaxMs} ms
        </span>
      )}
    </span>
  );
}
