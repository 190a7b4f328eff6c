import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, api } from './api.js';

export interface Resource<T> {
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
  /** Fetches again; the current data stays on screen meanwhile. */
  reload(): Promise<void>;
  setData(update: (current: T | undefined) => T | undefined): void;
}

/** GETs a path (null: nothing yet) and keeps the answer; a new path fetches anew. */
export function useApi<T>(path: string | null): Resource<T> {
  const [state, setState] = useState<{ data?: T; error?: ApiError; loading: boolean }>({ loading: path !== null });
  const latest = useRef(path);
  latest.current = path;

  const load = useCallback(async () => {
    if (path === null) return;
    try {
      const data = await api.get<T>(path);
      if (latest.current === path) setState({ data, loading: false });
    } catch (error) {
      if (latest.current === path) setState((s) => ({ data: s.data, error: error as ApiError, loading: false }));
    }
  }, [path]);

  useEffect(() => {
    setState({ loading: path !== null });
    void load();
  }, [load, path]);

  return {
    data: state.data,
    error: state.error,
    loading: state.loading,
    reload: load,
    setData: (update) => setState((s) => ({ ...s, data: update(s.data), error: undefined })),
  };
}

/** The current time, updated every `ms` (for countdowns and "2 min ago"). */
export function useNow(ms = 1000): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/** Runs `effect` at most once per `ms` while calls keep coming (coalesces bursts of live events). */
export function useThrottled(effect: () => void, ms: number): () => void {
  const timer = useRef<number | null>(null);
  const latest = useRef(effect);
  latest.current = effect;
  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(() => {
    if (timer.current !== null) return;
    timer.current = window.setTimeout(() => {
      timer.current = null;
      latest.current();
    }, ms);
  }, [ms]);
}

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Lookout` : 'Lookout';
  }, [title]);
}
