import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, serve } from '../helpers/process.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('lookout serve', () => {
  it('bootstraps an empty database once, printing a token that works', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lookout-serve-'));
    dirs.push(dir);
    const port = await freePort();
    const env = { PORT: String(port), DATABASE_URL: `file:${join(dir, 'lookout.db')}` };

    const first = await serve(env);
    const token = /API token:\s+(lkt_[A-Za-z0-9]{40})/.exec(first.output())?.[1];
    expect(token).toBeDefined();
    expect(first.output()).toMatch(/email owner@lookout\.local, password \S{12,}/);
    const answer = await fetch(`http://127.0.0.1:${port}/api/v1/teams/current`, { headers: { authorization: `Bearer ${token!}` } });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ name: 'My team', tokenRole: 'Owner' });
    await first.stop();

    const second = await serve(env);
    expect(second.output()).not.toContain('API token:');
    await second.stop();
  }, 90_000); // starts the built program twice over a fresh database

  it('does not bootstrap when LOOKOUT_BOOTSTRAP=false', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lookout-serve-'));
    dirs.push(dir);
    const port = await freePort();
    const server = await serve({ PORT: String(port), DATABASE_URL: `file:${join(dir, 'lookout.db')}`, LOOKOUT_BOOTSTRAP: 'false' });
    expect(server.output()).not.toContain('API token:');
    await server.stop();
  });

  it('refuses a bad configuration with a message naming the variable', async () => {
    const child = spawn(process.execPath, [join(ROOT, 'dist/main.js'), 'serve'], {
      cwd: ROOT,
      env: { ...process.env, LOOKOUT_REGIONS: 'mars' },
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('LOOKOUT_REGIONS: unknown region "mars"');
  });
});
