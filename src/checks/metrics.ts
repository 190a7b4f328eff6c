import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { CHECK_DURATION_BUCKETS_SECONDS, LATENESS_BUCKETS_SECONDS } from '../shared/histograms.js';

/** Prometheus metrics of one Lookout process, in a registry of its own. */
export interface CheckMetrics {
  registry: Registry;
  checks: Counter<'region' | 'result'>;
  failures: Counter<'region' | 'code'>;
  /** Checks that could not run or whose run could not be recorded, by reason (CHECK_ERROR_REASONS). */
  errors: Counter<'reason'>;
  duration: Histogram<'region' | 'type'>;
  lateness: Histogram<'region'>;
  queueDepth: Gauge<'region'>;
  /** How long each batch of runs took to write, by recorder (`checks`, `heartbeats`). */
  writes: Histogram<'recorder'>;
}

/**
 * Why a check ended without a recorded run: its monitor could not be read (`load`), its stored
 * secret could not be opened (`secret`), the check itself threw (`execute`), or its run could not be
 * written (`record`).
 */
export const CHECK_ERROR_REASONS = ['load', 'secret', 'execute', 'record'] as const;
export type CheckErrorReason = (typeof CHECK_ERROR_REASONS)[number];

export function createCheckMetrics(depth: (region: string) => number, regions: readonly string[]): CheckMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'lookout_process_' });
  const errors = new Counter({
    name: 'lookout_check_errors_total',
    help: 'Checks that could not run or whose run could not be recorded, by reason (load, secret, execute, record).',
    labelNames: ['reason'],
    registers: [registry],
  });
  // Every reason is shown from the start, at 0, so an alert on its rate needs no first failure.
  for (const reason of CHECK_ERROR_REASONS) errors.inc({ reason }, 0);
  return {
    registry,
    errors,
    checks: new Counter({
      name: 'lookout_checks_total',
      help: 'Checks run, by region and result (ok or failed).',
      labelNames: ['region', 'result'],
      registers: [registry],
    }),
    failures: new Counter({
      name: 'lookout_check_failures_total',
      help: 'Failed checks by error code.',
      labelNames: ['region', 'code'],
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'lookout_check_duration_seconds',
      help: 'Duration of the recorded attempt of each check.',
      labelNames: ['region', 'type'],
      buckets: [...CHECK_DURATION_BUCKETS_SECONDS],
      registers: [registry],
    }),
    lateness: new Histogram({
      name: 'lookout_scheduler_lateness_seconds',
      help: 'How long after its due time a scheduled check started.',
      labelNames: ['region'],
      buckets: [...LATENESS_BUCKETS_SECONDS],
      registers: [registry],
    }),
    writes: new Histogram({
      name: 'lookout_run_writes_seconds',
      help: 'How long each batch of runs took to write (one transaction), by recorder (checks, heartbeats). On SQLite the event loop (API, scheduler) does nothing else meanwhile.',
      labelNames: ['recorder'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    queueDepth: new Gauge({
      name: 'lookout_check_queue_depth',
      help: 'Checks waiting for a free checker slot, by region.',
      labelNames: ['region'],
      registers: [registry],
      collect() {
        for (const region of regions) this.set({ region }, depth(region));
      },
    }),
  };
}
