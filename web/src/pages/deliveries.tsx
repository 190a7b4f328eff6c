import { api } from '../api/client.js';
import type { DeliveryState } from '../api/types.js';
import { DeliveryTable } from '../components/delivery-list.js';
import { EmptyState, ErrorState, PageHeader, SkeletonRows } from '../components/ui.js';
import { DELIVERY_STATE_TEXT } from '../delivery-words.js';
import { useDocumentTitle, useGet } from '../hooks.js';
import { navigate, useLocation } from '../router.js';
import { CHANNEL_TYPES, type ChannelType } from '../../../src/shared/vocabulary.js';
import { CHANNEL_LABELS } from './channel-fields.js';
import { OlderPages, useCursorPages } from '../use-cursor-pages.js';

const STATES: DeliveryState[] = ['delivered', 'pending', 'failed'];

interface Filters {
  state: DeliveryState | '';
  channel: ChannelType | '';
  monitorId: string;
}

/** The filters live in the address, so that a filtered log can be linked to and survives a reload. */
function filtersOf(search: URLSearchParams): Filters {
  const state = search.get('state') ?? '';
  const channel = search.get('channel') ?? '';
  return {
    state: (STATES as string[]).includes(state) ? (state as DeliveryState) : '',
    channel: (CHANNEL_TYPES as readonly string[]).includes(channel) ? (channel as ChannelType) : '',
    monitorId: search.get('monitorId') ?? '',
  };
}

/** The team's delivery log: every alert to every channel, newest first, filtered, 50 at a time. */
export function DeliveriesPage() {
  useDocumentTitle('Deliveries');
  const { search } = useLocation();
  const filters = filtersOf(search);
  const monitors = useGet('/api/v1/monitors');
  const key = `${filters.state}|${filters.channel}|${filters.monitorId}`;
  const pages = useCursorPages((after) => {
    const query = {
      ...(filters.state && { state: filters.state }),
      ...(filters.channel && { channel: filters.channel }),
      ...(filters.monitorId && { monitorId: filters.monitorId }),
      ...(after && { cursor: after }),
    };
    return api.GET('/api/v1/deliveries', { params: { query } });
  }, key);

  const setFilter = (change: Partial<Filters>) => {
    const next = { ...filters, ...change };
    const query = new URLSearchParams(Object.entries(next).filter(([, v]) => v !== ''));
    navigate(`/deliveries${query.size ? `?${query.toString()}` : ''}`, { replace: true });
  };

  return (
    <div className="page">
      <PageHeader title="Deliveries" subtitle="Every alert sent to your channels, newest first: what it was about, where it went, and whether it arrived." />
      <div className="toolbar filters" role="group" aria-label="Filter deliveries">
        <label className="inline-label">
          State
          <select value={filters.state} onChange={(e) => setFilter({ state: e.target.value as Filters['state'] })}>
            <option value="">Any</option>
            {STATES.map((s) => (
              <option key={s} value={s}>
                {DELIVERY_STATE_TEXT[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="inline-label">
          Channel
          <select value={filters.channel} onChange={(e) => setFilter({ channel: e.target.value as Filters['channel'] })}>
            <option value="">Any</option>
            {CHANNEL_TYPES.map((c) => (
              <option key={c} value={c}>
                {CHANNEL_LABELS[c]}
              </option>
            ))}
          </select>
        </label>
        <label className="inline-label">
          Monitor
          <select value={filters.monitorId} onChange={(e) => setFilter({ monitorId: e.target.value })}>
            <option value="">Any</option>
            {(monitors.data?.data ?? []).map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="card table-card">
        {pages.error && !pages.rows ? (
          <ErrorState error={pages.error} onRetry={pages.reload} title="Could not load the deliveries" />
        ) : !pages.rows ? (
          <SkeletonRows />
        ) : pages.rows.length === 0 ? (
          <EmptyState icon="bell" title="No deliveries">
            {key === '||' ? 'Alerts appear here once a monitor with a notification policy changes status.' : 'None match these filters.'}
          </EmptyState>
        ) : (
          <>
            <DeliveryTable deliveries={pages.rows} context />
            <OlderPages pages={pages} />
          </>
        )}
      </div>
    </div>
  );
}
