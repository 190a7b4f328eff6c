import { useEffect, useRef, useState } from 'react';
import type { ApiError } from './api/errors.js';
import { Button } from './components/ui.js';

/** One page of a list the API reads newest first, keyset-paged (`nextCursor` null on the last page). */
export interface CursorPage<T> {
  data: T[];
  nextCursor: string | null;
}

export interface CursorPages<T> {
  /** Every row of the pages read so far, null until the first page answers. */
  rows: T[] | null;
  /** The last read's failure: with no rows, the page shows it instead of the list; else under it. */
  error: ApiError | null;
  loading: boolean;
  /** Where the next page starts, null on the last page. */
  cursor: string | null;
  /** Reads the first page again. */
  reload: () => void;
  /** Appends the next page. */
  more: () => void;
}

/**
 * A list read a page at a time, "Show older" appending the next: `read` asks for the page after
 * `cursor` with the filters of the render that calls it, and a change of `key` (the filters) starts
 * over from the newest. Nothing is read while `enabled` is false (a role that may not read the list).
 */
export function useCursorPages<T>(read: (cursor: string | null) => Promise<CursorPage<T>>, key: string, enabled = true): CursorPages<T> {
  const [rows, setRows] = useState<T[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [loading, setLoading] = useState(false);
  const latestRead = useRef(read);
  latestRead.current = read;

  const load = async (after: string | null) => {
    setLoading(true);
    setError(null);
    try {
      const page = await latestRead.current(after);
      setRows((current) => (after && current ? [...current, ...page.data] : page.data));
      setCursor(page.nextCursor);
    } catch (e) {
      setError(e as ApiError);
    } finally {
      setLoading(false);
    }
  };

  useEffect(() => {
    if (!enabled) return;
    setRows(null);
    void load(null);
  }, [key, enabled]);

  return { rows, error, loading, cursor, reload: () => void load(null), more: () => void (cursor && load(cursor)) };
}

/** Under a list of pages: the failure of the last read, and the button that reads older rows while there are some. */
export function OlderPages({ pages }: { pages: CursorPages<unknown> }) {
  return (
    <>
      {pages.error && <p className="field-error">{pages.error.detail}</p>}
      {pages.cursor && (
        <div className="table-more">
          <Button size="sm" busy={pages.loading} onClick={pages.more}>
            Show older
          </Button>
        </div>
      )}
    </>
  );
}
