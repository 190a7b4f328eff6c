/**
 * `lookout import` as someone moving over runs it: the built CLI as its own process, reading a
 * kuma.db made with Uptime Kuma's own schema and a Gatus config.yaml, applying over REST to a real
 * server on a random port.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFile } from '../../src/import/index.js';
import { lookoutCommand, type CommandResult } from '../helpers/process.js';
import { startServer, type Member, type TestServer } from '../helpers/server.js';
import { GATUS_CONFIG } from './fixtures/gatus-config.js';
import { KUMA_LINKS, KUMA_MONITORS, KUMA_NOTIFICATIONS, KUMA_SETTINGS } from './fixtures/kuma-data.js';
import { createKumaDatabase } from './fixtures/kuma-schema.js';

const dir = mkdtempSync(join(tmpdir(), 'lookout-import-'));
const kumaDb = join(dir, 'kuma.db');
const gatusConfig = join(dir, 'config.yaml');
let server: TestServer;

beforeAll(async () => {
  createKumaDatabase(kumaDb, '1.x', { monitors: KUMA_MONITORS, notifications: KUMA_NOTIFICATIONS, links: KUMA_LINKS, settings: KUMA_SETTINGS });
  writeFileSync(gatusConfig, GATUS_CONFIG);
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

function cli(member: Member, args: string[]): Promise<CommandResult> {
  return lookoutCommand(args, { LOOKOUT_URL: server.baseUrl, LOOKOUT_TOKEN: member.token });
}

const planLines = (stdout: string) => stdout.split('\n').filter((line) => /^[+~-] /.test(line));
const keysOf = async (member: Member) =>
  (await server.read<{ data: Array<{ key: string | null }> }>('/api/v1/monitors?limit=100', member.token)).data.map((m) => m.key).sort();

/* Each step starts the CLI as a process (a second or more on a busy machine). */
const SLOW = { timeout: 180_000 };

describe('lookout import', SLOW, () => {
  for (const [source, file] of [
    ['uptime-kuma', kumaDb],
    ['gatus', gatusConfig],
  ] as const) {
    it(`${source}: lists what it skips, plans with --dry-run, applies what maps, and a second import changes nothing`, async () => {
      const team = await server.newTeam('Owner');
      const expected = importFile(source, file);
      expect(expected.skipped.length).toBeGreaterThan(0);

      const dry = await cli(team, ['import', source, file, '--dry-run']);
      expect(dry.stderr).toBe('');
      expect(dry.code).toBe(0);
      for (const entry of expected.skipped) expect(dry.stdout).toContain(`skipped ${entry.name}: ${entry.reason}`);
      for (const note of expected.notes) expect(dry.stdout).toContain(`note: ${note}`);
      const creates = planLines(dry.stdout);
      expect(
        creates
          .filter((line) => line.startsWith('+ create monitor '))
          .map((line) => line.slice('+ create monitor '.length))
          .sort(),
      ).toEqual(expected.document.monitors.map((m) => m.key).sort());
      expect(creates.every((line) => line.startsWith('+ create '))).toBe(true);
      expect(await keysOf(team)).toEqual([]);

      const applied = await cli(team, ['import', source, file]);
      expect(applied.stderr).toBe('');
      expect(applied.code).toBe(0);
      expect(planLines(applied.stdout)).toEqual(creates);
      expect(await keysOf(team)).toEqual(expected.document.monitors.map((m) => m.key).sort());

      const again = await cli(team, ['import', source, file]);
      expect(again.code).toBe(0);
      expect(planLines(again.stdout)).toEqual([]);
      expect(again.stdout).toContain('0 to create, 0 to update, 0 to delete');
      expect(await keysOf(team)).toEqual(expected.document.monitors.map((m) => m.key).sort());
    });
  }

  it('refuses an unknown source, a file that is not the source it names, and unknown regions, applying nothing', async () => {
    const team = await server.newTeam('Owner');
    const unknown = await cli(team, ['import', 'nagios', gatusConfig]);
    expect(unknown).toMatchObject({ code: 1, stderr: 'lookout: unknown source nagios: name uptime-kuma or gatus\n' });
    const notKuma = await cli(team, ['import', 'uptime-kuma', gatusConfig]);
    expect(notKuma.code).toBe(1);
    expect(notKuma.stderr).toMatch(new RegExp(`^lookout: ${gatusConfig} `));
    const regions = await cli(team, ['import', 'gatus', gatusConfig, '--regions', 'us-east,mars']);
    expect(regions.code).toBe(1);
    expect(regions.stderr).toContain('unknown: mars');
    expect(await keysOf(team)).toEqual([]);
  });
});
