import { useEffect, useState } from 'react';
import { api } from '../api/client.js';
import type { ApiError } from '../api/errors.js';
import type { Delivery, DeliveryState } from '../api/types.js';
import { DeliveryTable } from '../components/delivery-list.js';
import { Button, EmptyState, ErrorState, PageHeader, SkeletonRows } from '../components/ui.js';
import { DELIVERY_STATE_TEXT } from '../delivery-words.js';
import { useDocumentTitle, useGet } from '../hooks.js';
import { navigate, useLocation } from '../router.js';
import { CHANNEL_TYPES, type ChannelType } from '../../../src/shared/vocabulary.js';
import { CHANNEL_LABELS } from './channel-fields.js';

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
  const [pages, setPages] = useState<Delivery[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [loading, setLoading] = useState(false);
  const key = `${filters.state}|${filters.channel}|${filters.monitorId}`;

  // Reads the filters of the render that calls it: each filter change calls it anew.
  const load = async (after: string | null) => {
    setLoading(true);
    setError(null);
    try {
      const query = {
        ...(filters.state && { state: filters.state }),
        ...(filters.channel && { channel: filters.channel }),
        ...(filters.monitorId && { monitorId: filters.monitorId }),
        ...(after && { cursor: after }),
      };
      const page = await api.GET('/api/v1/deliveries', { params: { query } });
      setPages((current) => (after && current ? [...current, ...page.data] : page.data));
      setCursor(page.nextCursor);
    } catch (e) {
      setError(e as ApiError);
    } finally {
      setLoading(false);
    }
  };

  useEffect(() => {
    setPages(null);
    void load(null);
    // A new filter starts over from the newest.
  }, [key]);

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
        {error && !pages ? (
          <ErrorState error={error} onRetry={() => void load(null)} title="Could not load the deliveries" />
        ) : !pages ? (
          <SkeletonRows />
        ) : pages.length === 0 ? (
          <EmptyState icon="bell" title="No deliveries">
            {key === '||' ? 'Alerts appear here once a monitor with a notification policy changes status.' : 'None match these filters.'}
          </EmptyState>
        ) : (
          <>
            <DeliveryTable deliveries={pages} context />
            {error && <p className="field-error">{error.detail}</p>}
            {cursor && (
              <div className="table-more">
                <Button size="sm" busy={loading} onClick={() => void load(cursor)}>
                  Show older
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </div>
  );
}
