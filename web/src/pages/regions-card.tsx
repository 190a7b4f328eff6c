import type { RegionHealth } from '../api/types.js';
import { Card, ErrorState, SkeletonRows } from '../components/ui.js';
import { relativeTime } from '../format.js';
import { useNow, type Resource } from '../hooks.js';

const SERVED_BY: Record<NonNullable<RegionHealth['servedBy']>, string> = {
  server: 'this server',
  worker: 'a worker',
  probe: 'a remote probe',
};

/** Each region of the installation and who checks from it (Admins and Owners): a region nobody serves goes stale for its monitors. */
export function RegionsCard({ regions }: { regions: Resource<{ data: RegionHealth[] }> }) {
  const now = useNow(30_000);
  return (
    <Card title="Regions" className="table-card">
      {regions.error && !regions.data ? (
        <ErrorState error={regions.error} onRetry={() => void regions.reload()} />
      ) : !regions.data ? (
        <SkeletonRows />
      ) : (
        <table className="table regions-table stack-table">
          <thead>
            <tr>
              <th scope="col">Region</th>
              <th scope="col">Served by</th>
              <th scope="col">Last seen</th>
              <th scope="col">Checks per minute</th>
              <th scope="col">Lag</th>
            </tr>
          </thead>
          <tbody>
            {regions.data.data.map((r) => (
              <tr key={r.name} data-region={r.name}>
                <td data-label="Region" className="stack-title">
                  <span className="row-title">{r.name}</span>
                </td>
                <td data-label="Served by">{r.servedBy ? SERVED_BY[r.servedBy] : <span className="row-sub">nobody: its monitors go stale there</span>}</td>
                <td data-label="Last seen">{r.lastSeenAt ? relativeTime(r.lastSeenAt, now) : 'never'}</td>
                <td data-label="Checks per minute">{r.checksPerMinute}</td>
                <td data-label="Lag">{r.servedBy ? `${r.lagSeconds.toFixed(1)} s` : '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
