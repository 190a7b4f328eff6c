/*
 * Reading Gatus's configuration once parsed: loosely typed values, and Gatus's own defaults.
 */

export type Entry = Record<string, unknown>;

export const str = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');
export const isEntry = (value: unknown): value is Entry => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Gatus's defaults: an interval of a minute, a client timeout of 10 s, an alert after 3 failures and a recovery after 2 successes. */
export const GATUS_DEFAULTS = { intervalMs: 60_000, timeoutMs: 10_000, failureThreshold: 3, successThreshold: 2 } as const;
