import { useEffect, useRef } from 'react';
import { addLeaveGuard } from './router.js';

export const UNSAVED_CHANGES = 'You have unsaved changes. Leave this page and lose them?';

/**
 * Warns before edits are lost: closing or reloading the tab (the browser's own `beforeunload`
 * question) and moving to another page of the dashboard (a confirmation). `dirty` is read on
 * every render. A form that saved calls `release()` before it moves on to the saved record, in
 * the same event, before it renders clean again.
 */
export function useUnsavedChanges(dirty: boolean): { release: () => void } {
  const state = useRef({ dirty, released: false });
  state.current.dirty = dirty;
  if (!dirty) state.current.released = false;
  useEffect(() => {
    const guarded = () => state.current.dirty && !state.current.released;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!guarded()) return;
      // The browser asks its own question; the text of it is the browser's.
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    const removeGuard = addLeaveGuard(() => !guarded() || window.confirm(UNSAVED_CHANGES));
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      removeGuard();
    };
  }, []);
  return {
    release: () => {
      state.current.released = true;
    },
  };
}
