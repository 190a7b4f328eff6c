import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importFile, importReport, ImportError } from '../../src/import/index.js';
import { GATUS_CONFIG } from './fixtures/gatus-config.js';
import { KUMA_LINKS, KUMA_MONITORS, KUMA_NOTIFICATIONS } from './fixtures/kuma-data.js';
import { createKumaDatabase } from './fixtures/kuma-schema.js';

const dir = mkdtempSync(join(tmpdir(), 'lookout-import-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('importFile and its report', () => {
  it('reads a kuma.db or a Gatus config.yaml by the source named, in the regions asked for', () => {
    const kuma = join(dir, 'kuma.db');
    createKumaDatabase(kuma, '2.x', { monitors: KUMA_MONITORS, notifications: KUMA_NOTIFICATIONS, links: KUMA_LINKS });
    const gatus = join(dir, 'config.yaml');
    writeFileSync(gatus, GATUS_CONFIG);
    const fromKuma = importFile('uptime-kuma', kuma, { regions: ['eu-west', 'asia'] });
    expect(fromKuma.document.monitors[0]).toMatchObject({ key: 'kuma-1', regions: ['eu-west', 'asia'] });
    expect(importFile('gatus', gatus).document.monitors[0]).toMatchObject({ key: 'gatus-core-frontend', regions: ['us-east'] });
  });

  it('names the file in every error', () => {
    const missing = join(dir, 'missing.yaml');
    expect(() => importFile('gatus', missing)).toThrow(new ImportError(`${missing} cannot be read (ENOENT)`));
    const compose = join(dir, 'compose.yaml');
    writeFileSync(compose, 'services: {}\n');
    expect(() => importFile('gatus', compose)).toThrow(`${compose} is not a Gatus configuration`);
    expect(() => importFile('uptime-kuma', compose)).toThrow(`${compose} is neither an SQLite database nor a JSON backup`);
  });

  it('reports every note, every skipped entry by name with its reason, and a count', () => {
    const result = {
      document: { monitors: [{ key: 'kuma-1', type: 'http' as const, name: 'A' }], notificationPolicies: [] },
      notes: ['A (kuma 1): interval 20 s raised to 60 s, the shortest Lookout checks at'],
      skipped: [{ name: 'Sensor feed', reason: 'MQTT is not a Lookout monitor type' }],
    };
    expect(importReport(result)).toEqual([
      'note: A (kuma 1): interval 20 s raised to 60 s, the shortest Lookout checks at',
      'skipped Sensor feed: MQTT is not a Lookout monitor type',
      '1 monitors and 0 notification policies to apply, 1 skipped',
    ]);
  });
});
