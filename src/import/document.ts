import { createHash } from 'node:crypto';
import { MONITOR_LIMITS } from '../shared/limits.js';
import type { MonitorType, NotifyOn, Region } from '../shared/vocabulary.js';

/*
 * What an import produces: a document as `lookout apply` takes it (monitors and notification
 * policies, each with a `key`), what was said about it on the way (notes) and what was left out
 * (skipped, each with its reason). The converters are pure: same source, same document, so that
 * importing twice finds the same keys and changes nothing.
 */

/**
 * A monitor of the document: a create body of `POST /api/v1/monitors` (judged against the domain's
 * `MonitorCreate` before it is kept), its `key`, and its policy named by key.
 */
export type ImportedMonitor = { key: string; type: MonitorType; name: string; notificationPolicy?: string } & Record<string, unknown>;

/** A channel as `POST /api/v1/notification-policies` takes it (validated against the domain's schema). */
export type ImportedChannel = { type: string } & Record<string, unknown>;

/** A policy of the document: a create body of `POST /api/v1/notification-policies` and its `key`. */
export interface ImportedPolicy {
  key: string;
  name: string;
  notifyOn: NotifyOn[];
  channels: ImportedChannel[];
}

export interface ImportDocument {
  monitors: ImportedMonitor[];
  notificationPolicies: ImportedPolicy[];
}

export interface SkippedEntry {
  /** The entry as the source names it (a monitor's or an endpoint's name, a notification's). */
  name: string;
  reason: string;
}

export interface ImportResult {
  document: ImportDocument;
  /** What was changed on the way in (an interval raised, a range narrowed, a condition left out). */
  notes: string[];
  skipped: SkippedEntry[];
}

export interface ImportOptions {
  /** Where imported monitors are checked from; the dashboard's default, one region, unless given. */
  regions?: Region[];
}

export const DEFAULT_IMPORT_REGIONS: Region[] = ['us-east'];

/** A source that cannot be read as the format it claims to be: the whole import stops. */
export class ImportError extends Error {}

/** Bounds that keep an import's memory small whatever file it is given. */
export const IMPORT_LIMITS = {
  /** Bytes of a JSON backup or a YAML configuration read at most. */
  fileBytes: 16 * 1024 * 1024,
  /** Monitors (or endpoints) and notifications (or providers) read at most from one source. */
  entries: 10_000,
  /** Aliases a YAML document may expand (each expansion copies a node). */
  yamlAliases: 100,
} as const;

/** The policies a monitor may be told through: every one of them is notified of these. */
export const IMPORTED_NOTIFY_ON: NotifyOn[] = ['down', 'up', 'certificate-expiring', 'domain-expiring'];

/**
 * The grace of a heartbeat whose source called it down at its first miss (Kuma without retries,
 * Gatus's external endpoints): one minute, Lookout's shortest period, against a job's jitter.
 */
export const HEARTBEAT_GRACE_SECONDS = 60;

const KEY_LENGTH = 100;

/** Lower-case words of `a-z0-9` joined by `-`, accents dropped: what is left of a name in a key. */
export function slug(text: string): string {
  return (
    text
      .normalize('NFKD')
      // The accents NFKD splits off, so that "Zürich" is "zurich".
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
  );
}

/** A key from its parts, slugged; one longer than a key may be is cut and ends in a hash of the whole, so it stays unique. */
export function keyOf(...parts: string[]): string {
  const key = parts
    .map(slug)
    .filter((part) => part !== '')
    .join('-');
  if (key.length <= KEY_LENGTH) return key;
  const hash = createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 8);
  return `${key.slice(0, KEY_LENGTH - 9).replace(/-+$/, '')}-${hash}`;
}

/** A name Lookout takes (1-200 characters, not only white space, no NUL) from the source's, or the fallback. */
export function nameFrom(text: string, fallback: string): string {
  // NUL is what PostgreSQL cannot store in text.
  const name = text.replaceAll('\u0000', '').trim().slice(0, 200).trim();
  return name === '' ? fallback : name;
}

/** The key of a second monitor made from one source entry: the entry's key and a suffix, within the length of a key. */
export function suffixedKey(key: string, suffix: string): string {
  return keyOf(`${key}-${suffix}`);
}

/** The collector each converter writes to. */
export class ImportLog {
  readonly notes: string[] = [];
  readonly skipped: SkippedEntry[] = [];

  note(text: string): void {
    this.notes.push(text);
  }

  skip(name: string, reason: string): void {
    this.skipped.push({ name, reason });
  }

  /** Takes the notes of an entry that was kept (an entry skipped says only why). */
  adopt(entry: ImportLog): void {
    this.notes.push(...entry.notes);
  }
}

/** Seconds between checks as Lookout takes them: under the minimum is raised (and said), over the maximum lowered. */
export function intervalFrom(seconds: number, name: string, log: ImportLog): number {
  const [min, max] = MONITOR_LIMITS.intervalSeconds;
  const whole = Math.round(seconds);
  if (!Number.isFinite(whole) || whole < min) {
    log.note(`${name}: interval ${Number.isFinite(seconds) ? `${seconds} s` : 'missing'} raised to ${min} s, the shortest Lookout checks at`);
    return min;
  }
  if (whole > max) {
    log.note(`${name}: interval ${whole} s lowered to ${max} s, the longest Lookout checks at`);
    return max;
  }
  return whole;
}

/** A check's timeout in whole seconds within Lookout's bounds, and below the interval. */
export function timeoutFrom(seconds: number | null | undefined, intervalSeconds: number, fallback: number): number {
  const [min, max] = MONITOR_LIMITS.timeoutSeconds;
  const value = typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : fallback;
  return Math.max(min, Math.min(max, value, intervalSeconds));
}

/** A heartbeat's period from the source's seconds, within Lookout's bounds (a raise is said). */
export function periodFrom(seconds: number, name: string, log: ImportLog): number {
  const [min, max] = MONITOR_LIMITS.periodSeconds;
  const whole = Math.round(seconds);
  if (!(whole >= min)) {
    log.note(`${name}: period ${Number.isFinite(seconds) ? `${seconds} s` : 'missing'} raised to ${min} s, the shortest heartbeat period`);
    return min;
  }
  return Math.min(whole, max);
}
