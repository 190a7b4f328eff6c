import type { ProbeActor } from '../probes/probe-tokens.js';

/** A check handed to a probe: an opaque lease to post its result with, and the due check. */
export interface HandedCheck {
  lease: string;
  check: unknown;
}

/**
 * The server's side of the probe protocol, as the HTTP scope under /probe/v1/ calls it: hand a
 * probe due checks of its region, take its results. src/checks/probes implements it.
 */
export interface ProbeWork {
  /** Up to `max` due checks of the probe's region, waiting up to `waitMs` for the first (long poll). */
  take(probe: ProbeActor, body: unknown, signal: AbortSignal): Promise<{ checks: HandedCheck[]; accept: number }>;
  /** Records a batch of results (all or none are judged valid first); a result posted again writes nothing twice. */
  submit(probe: ProbeActor, body: unknown): Promise<{ recorded: number; accept: number }>;
}
