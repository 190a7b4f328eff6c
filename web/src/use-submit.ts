import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import type { ApiError } from './api/errors.js';
import { focusFirstInvalid } from './focus.js';

export interface SubmitOptions {
  /**
   * A success leaves the screen (navigates, signs in, closes the dialog): `busy` stays true after it, so the
   * button cannot be pressed a second time before the next screen is drawn.
   */
  leaves?: boolean;
  /** What a failure does besides being kept in `error`: a toast, a scroll to the notice, a countdown. */
  onError?: (error: ApiError) => void;
}

export interface Submission<A extends unknown[]> {
  /** True while the call runs (and after a success that `leaves`). */
  busy: boolean;
  /** The last call's failure: the form shows it and its fields' messages; cleared when the next call starts. */
  error: ApiError | null;
  /** Runs the action; a failure is kept in `error`, never thrown. */
  run: (...args: A) => Promise<void>;
  /** A form's `onSubmit`: keeps the browser from submitting and runs the action; a failure moves the focus to the first field it names. */
  onSubmit: (event: SubmitEvent) => void;
}

/**
 * The one place a form or button talks to the API: marks the call pending, clears the previous error, runs
 * `action` (which calls the typed client and navigates, toasts or refreshes on success), and keeps the
 * problem it fails with, whose `errors[]` the form's fields read through `fieldError`.
 */
export function useSubmit<A extends unknown[] = []>(action: (...args: A) => Promise<unknown>, options: SubmitOptions = {}): Submission<A> {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  /**
   * The form whose failed submit still owes the focus a move. The move waits for the commit that draws the
   * failure's messages: before it, no field is marked invalid yet and the focus would go nowhere.
   */
  const focusOwed = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const form = focusOwed.current;
    if (!form || !error) return;
    focusOwed.current = null;
    focusFirstInvalid(form);
  }, [error]);
  /** Runs the action; after a failure, the focus goes to the first field in `form` the API named. */
  const attempt = async (form: HTMLElement | null, args: A) => {
    setBusy(true);
    setError(null);
    try {
      await action(...args);
      if (!options.leaves) setBusy(false);
    } catch (e) {
      focusOwed.current = form;
      setError(e as ApiError);
      setBusy(false);
      options.onError?.(e as ApiError);
    }
  };
  const run = (...args: A) => attempt(null, args);
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    void attempt(event.currentTarget as HTMLElement, [] as unknown as A);
  };
  return { busy, error, run, onSubmit };
}
