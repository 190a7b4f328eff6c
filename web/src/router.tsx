import { createContext, useContext, useEffect, useState, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';

/** A small history router: the dashboard has a dozen pages and needs no more than this. */

interface Location {
  path: string;
  search: URLSearchParams;
}

const RouterContext = createContext<Location>({ path: '/', search: new URLSearchParams() });

function current(): Location {
  return { path: window.location.pathname, search: new URLSearchParams(window.location.search) };
}

const listeners = new Set<() => void>();

/** Asked before the page changes; false keeps the page (a form with unsaved edits whose person chose to stay). */
type LeaveGuard = () => boolean;
const leaveGuards = new Set<LeaveGuard>();

/** Registers a guard for in-app navigation (links, `navigate`, Back and Forward); returns its removal. */
export function addLeaveGuard(guard: LeaveGuard): () => void {
  leaveGuards.add(guard);
  return () => leaveGuards.delete(guard);
}

function mayLeave(): boolean {
  for (const guard of leaveGuards) if (!guard()) return false;
  return true;
}

/** Where the router last was: Back or Forward into a guarded page's refusal returns here. */
let shown = typeof window === 'undefined' ? '' : window.location.pathname + window.location.search;

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (to === window.location.pathname + window.location.search) return;
  if (!mayLeave()) return;
  shown = to;
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  listeners.forEach((l) => l());
  window.scrollTo(0, 0);
}

export function RouterProvider({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(current);
  useEffect(() => {
    const update = () => setLocation(current());
    const onPopState = () => {
      // The address has already changed: staying means putting the page's own address back.
      if (!mayLeave()) {
        window.history.pushState(null, '', shown);
        return;
      }
      shown = window.location.pathname + window.location.search;
      update();
    };
    listeners.add(update);
    window.addEventListener('popstate', onPopState);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', onPopState);
    };
  }, []);
  return <RouterContext.Provider value={location}>{children}</RouterContext.Provider>;
}

export function useLocation(): Location {
  return useContext(RouterContext);
}

/** Matches `/monitors/:id` against a path; returns the parameters or null. */
export function match(pattern: string, path: string): Record<string, string> | null {
  const a = pattern.split('/').filter(Boolean);
  const b = path.split('/').filter(Boolean);
  if (a.length !== b.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < a.length; i++) {
    if (a[i]!.startsWith(':')) params[a[i]!.slice(1)] = decodeURIComponent(b[i]!);
    else if (a[i] !== b[i]) return null;
  }
  return params;
}

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { to: string };

/** An ordinary link (open in new tab works) that navigates in place on a plain click. */
export function Link({ to, onClick, children, ...rest }: LinkProps) {
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={to} onClick={handle} {...rest}>
      {children}
    </a>
  );
}
