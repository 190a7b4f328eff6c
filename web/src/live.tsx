import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { MonitorStatus } from './api/types.js';

/*
 * The stream's messages, which the OpenAPI document cannot describe (it documents the endpoint as
 * text/event-stream): they mirror LiveEvent of src/domain/live-status.ts, the only thing written
 * to the stream, as the `data` of events named after their `type`.
 */
interface LiveMonitorState {
  monitorId: string;
  status: MonitorStatus;
  paused: boolean;
  lastCheckedAt: string | null;
}
interface SnapshotEvent {
  type: 'snapshot';
  monitors: LiveMonitorState[];
}
interface MonitorEvent {
  type: 'monitor';
  change: 'added' | 'removed' | 'status' | 'checked';
  previousStatus: MonitorStatus | null;
  monitor: LiveMonitorState;
}

/**
 * Live monitor states from the server-sent event stream (GET /api/v1/events/stream). If the
 * stream cannot be kept open, the dashboard falls back to polling every 5 seconds.
 */
export interface LiveEventDetail {
  change: MonitorEvent['change'] | 'snapshot' | 'poll';
  monitorId: string | null;
  previousStatus: MonitorStatus | null;
}

interface LiveValue {
  connected: boolean;
  states: Map<string, LiveMonitorState>;
  subscribe: (listener: (event: LiveEventDetail) => void) => () => void;
}

const LiveContext = createContext<LiveValue>({ connected: false, states: new Map(), subscribe: () => () => {} });

export const POLL_FALLBACK_MS = 5000;

export function LiveProvider({ teamId, children }: { teamId: string; children: ReactNode }) {
  const [connected, setConnected] = useState(false);
  const [states, setStates] = useState<Map<string, LiveMonitorState>>(new Map());
  const listeners = useRef(new Set<(event: LiveEventDetail) => void>());
  const emit = (event: LiveEventDetail) => listeners.current.forEach((l) => l(event));

  useEffect(() => {
    let source: EventSource | null = null;
    let poll: number | null = null;
    let failures = 0;
    let closed = false;

    const startPolling = () => {
      if (poll !== null) return;
      poll = window.setInterval(() => emit({ change: 'poll', monitorId: null, previousStatus: null }), POLL_FALLBACK_MS);
    };
    const stopPolling = () => {
      if (poll !== null) window.clearInterval(poll);
      poll = null;
    };

    const open = () => {
      if (closed || typeof EventSource === 'undefined') {
        startPolling();
        return;
      }
      source = new EventSource('/api/v1/events/stream');
      source.addEventListener('open', () => {
        failures = 0;
        setConnected(true);
        stopPolling();
      });
      source.addEventListener('snapshot', (message) => {
        const data = JSON.parse((message as MessageEvent<string>).data) as SnapshotEvent;
        setStates(new Map(data.monitors.map((m) => [m.monitorId, m])));
        emit({ change: 'snapshot', monitorId: null, previousStatus: null });
      });
      source.addEventListener('monitor', (message) => {
        const data = JSON.parse((message as MessageEvent<string>).data) as MonitorEvent;
        setStates((current) => {
          const next = new Map(current);
          if (data.change === 'removed') next.delete(data.monitor.monitorId);
          else next.set(data.monitor.monitorId, data.monitor);
          return next;
        });
        emit({ change: data.change, monitorId: data.monitor.monitorId, previousStatus: data.previousStatus });
      });
      source.addEventListener('error', () => {
        setConnected(false);
        failures += 1;
        // EventSource reconnects by itself; after repeated failures poll instead, and retry later.
        if (failures >= 3) {
          source?.close();
          source = null;
          startPolling();
          window.setTimeout(() => {
            if (!closed && source === null) {
              failures = 0;
              open();
            }
          }, 60_000);
        }
      });
    };
    open();
    return () => {
      closed = true;
      source?.close();
      stopPolling();
      setConnected(false);
    };
  }, [teamId]);

  const subscribe = useCallback((listener: (event: LiveEventDetail) => void) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);
  const value = useMemo<LiveValue>(() => ({ connected, states, subscribe }), [connected, states, subscribe]);
  return <LiveContext.Provider value={value}>{children}</LiveContext.Provider>;
}

export function useLive(): LiveValue {
  return useContext(LiveContext);
}

/** Calls `listener` on every live event (status change, check completed, fallback poll tick). */
export function useLiveEvents(listener: (event: LiveEventDetail) => void): void {
  const { subscribe } = useLive();
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => subscribe((event) => latest.current(event)), [subscribe]);
}
