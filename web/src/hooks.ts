import { useCallback, useEffect, useRef, useState } from 'react';
import { api, type Data } from './api/client.js';
import type { ApiError } from './api/errors.js';
import type { CallInit, PathOf } from './api/paths.js';

export interface Resource<T> {
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
  /** Fetches again; the current data stays on screen meanwhile. */
  reload(): Promise<void>;
  setData(update: (current: T | undefined) => T | undefined): void;
}

/** The request's parameters (optional when the path has none), or null while there is nothing to fetch. */
type GetArgs<P extends PathOf<'get'>> =
  Record<string, never> extends CallInit<P, 'get'> ? [init?: CallInit<P, 'get'> | null] : [init: CallInit<P, 'get'> | null];

/**
 * GETs an API path and keeps the answer, typed by the API's document:
 * `useGet('/api/v1/monitors/{id}', { params: { path: { id } } })`. Other parameters fetch anew.
 */
export function useGet<P extends PathOf<'get'>>(path: P, ...[init]: GetArgs<P>): Resource<Data<P, 'get'>> {
  type T = Data<P, 'get'>;
  const key = init === null ? null : JSON.stringify([path, init ?? {}]);
  const [state, setState] = useState<{ data?: T; error?: ApiError; loading: boolean }>({ loading: key !== null });
  const latest = useRef(key);
  latest.current = key;
  const request = useRef(init);
  request.current = init;

  const load = useCallback(async () => {
    if (key === null) return;
    // The signature above checks the path and its parameters; past it, one call serves every path.
    const get = api.GET as (path: P, init?: object) => Promise<T>;
    try {
      const data = await get(path, request.current ?? undefined);
      if (latest.current === key) setState({ data, loading: false });
    } catch (error) {
      if (latest.current === key) setState((s) => ({ data: s.data, error: error as ApiError, loading: false }));
    }
  }, [key, path]);

  useEffect(() => {
    setState({ loading: key !== null });
    void load();
  }, [load, key]);

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
