import { formatUptime } from '../../src/shared/uptime.js';

/** Display helpers: times, durations and percentages as people read them. */

export function relativeTime(iso: string | null, now = Date.now()): string {
  if (!iso) return 'never';
  // `now` may lag behind by a tick; a moment just past is never shown as the future.
  const seconds = Math.round((Math.max(now, Date.now()) - new Date(iso).getTime()) / 1000);
  const future = seconds < 0;
  const s = Math.abs(seconds);
  let text: string;
  if (s < 10) return future ? 'in a few seconds' : 'just now';
  if (s < 60) text = `${s} s`;
  else if (s < 3600) text = `${Math.round(s / 60)} min`;
  else if (s < 86_400) text = `${Math.round(s / 3600)} h`;
  else text = `${Math.round(s / 86_400)} d`;
  return future ? `in ${text}` : `${text} ago`;
}

export function dateTime(iso: string | null): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

export function shortTime(iso: string): string {
  return new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

export function date(iso: string | null): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

export function ms(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  if (value < 1000) return `${Math.round(value)} ms`;
  return `${(value / 1000).toFixed(value < 10_000 ? 2 : 1)} s`;
}

/** An uptime percentage, as public status pages show it too. */
export function percent(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return formatUptime(value);
}

export function interval(seconds: number): string {
  if (seconds >= 86_400 && seconds % 86_400 === 0) return `${seconds / 86_400} d`;
  if (seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}

/** The exact time in UTC, as the hover text beside a local time: "2026-11-27 08:24:13 UTC". */
export function utcTime(iso: string): string {
  return `${new Date(iso).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** How long a state has lasted, in its largest whole unit: "12 min", "3 d"; "a moment" under a minute. */
export function lasted(since: string, now = Date.now()): string {
  const s = Math.max(0, Math.floor((Math.max(now, Date.now()) - new Date(since).getTime()) / 1000));
  if (s < 60) return 'a moment';
  if (s < 3600) return `${Math.floor(s / 60)} min`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h`;
  return `${Math.floor(s / 86_400)} d`;
}

/** A relative time's hover text: the time in the viewer's zone, and in UTC. */
export function exactTime(iso: string): string {
  return `${dateTime(iso)} (${utcTime(iso)})`;
}
