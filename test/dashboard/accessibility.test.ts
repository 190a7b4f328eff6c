import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Member, type TestServer } from '../helpers/server.js';
import { launchBrowser, newPage, signInWithForm } from './browser.js';
import { addPerson, type Person } from './support.js';
import { ensureDashboardBuilt } from './web-build.js';

/*
 * An automated accessibility pass: axe-core, run inside Chromium on every page of the dashboard and
 * on the public status page, in the light and the dark theme, against a team holding a monitor of
 * every type, a policy, a maintenance window, an incident and a status page. A serious or critical
 * violation fails the test and is named with the elements it was found on.
 */

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let server: TestServer;
let browser: Browser;
let member: Member;
let owner: Person;
/** What the team holds, by kind (the five monitor types by their type's name). */
const ids = {} as Record<'http' | 'ssl' | 'tcp' | 'dns' | 'heartbeat' | 'policy' | 'window' | 'incident' | 'slug', string>;

async function create(path: string, body: unknown): Promise<string> {
  const answer = await server.request('POST', path, { token: member.token, body });
  if (answer.status !== 201) throw new Error(`${path}: ${answer.status} ${answer.text}`);
  return answer.body.id as string;
}

beforeAll(async () => {
  await ensureDashboardBuilt();
  server = await startServer({ LOOKOUT_REGIONS: 'none' });
  member = await server.newTeam('Owner');
  owner = await addPerson(server, member.teamId, 'Owner');
  const common = { intervalSeconds: 60, timeoutSeconds: 5, regions: ['us-east'] };
  ids.http = await create('/api/v1/monitors', {
    type: 'http',
    name: 'Shop API',
    url: 'http://127.0.0.1:9/health',
    method: 'GET',
    expectedStatus: 200,
    ...common,
  });
  ids.ssl = await create('/api/v1/monitors', { type: 'ssl', name: 'Shop certificate', host: 'localhost', ...common });
  ids.tcp = await create('/api/v1/monitors', { type: 'tcp', name: 'Database port', host: '127.0.0.1', port: 5432, ...common });
  ids.dns = await create('/api/v1/monitors', { type: 'dns', name: 'Shop DNS', hostname: 'localhost', recordType: 'A', ...common });
  ids.heartbeat = await create('/api/v1/monitors', { type: 'heartbeat', name: 'Nightly backup', periodSeconds: 86_400, graceSeconds: 3600 });
  ids.policy = await create('/api/v1/notification-policies', {
    name: 'On call',
    channels: [{ type: 'webhook', url: 'http://127.0.0.1:9/hook', secret: 's'.repeat(20) }],
  });
  const startsAt = Date.now() + 86_400_000;
  ids.window = await create('/api/v1/maintenance-windows', {
    title: 'Database upgrade',
    monitorIds: [ids.http, ids.tcp],
    startsAt: new Date(startsAt).toISOString(),
    endsAt: new Date(startsAt + 3_600_000).toISOString(),
  });
  ids.incident = await create('/api/v1/incidents', { title: 'Checkout errors', monitorId: ids.http, message: 'Looking into it' });
  const page = await server.request('PUT', '/api/v1/status-pages/current', {
    token: member.token,
    body: { slug: `acme-${member.teamId.slice(-8)}`, title: 'Acme status', monitorIds: [ids.http, ids.ssl, ids.heartbeat] },
  });
  if (page.status !== 200) throw new Error(`status page: ${page.status} ${page.text}`);
  ids.slug = page.body.slug as string;
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/**
 * Runs axe-core in the page (evaluated through the browser's debugging protocol, which the pages'
 * Content Security Policy rightly does not let a script tag do); answers the serious and critical
 * violations, one line each.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate<Violation[]>(`axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations)`);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact ?? ''}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const PAGES = () => [
  '/monitors',
  '/monitors/new',
  ...(['http', 'ssl', 'tcp', 'dns', 'heartbeat'] as const).map((type) => `/monitors/${ids[type]}`),
  `/monitors/${ids.http}/edit`,
  '/incidents',
  `/incidents/${ids.incident}`,
  '/maintenance',
  '/maintenance/new',
  `/maintenance/${ids.window}/edit`,
  '/status-page',
  '/notifications',
  '/notifications/new',
  `/notifications/${ids.policy}`,
  `/notifications/${ids.policy}/edit`,
  '/deliveries',
  '/team',
  '/tokens',
  '/account',
];

describe('the accessibility pass (axe-core in Chromium)', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`finds no serious or critical violation on any page in the ${theme} theme`, async () => {
      const { context, page } = await newPage(browser, server.baseUrl);
      await page.emulateMedia({ colorScheme: theme });
      const found: string[] = [];
      try {
        await page.goto('/login');
        await page.getByLabel('Email').waitFor();
        found.push(...(await seriousViolations(page)).map((line) => `/login: ${line}`));
        await signInWithForm(page, owner.email, owner.password);
        for (const path of PAGES()) {
          await page.goto(path);
          await page.locator('main h1').first().waitFor();
          await page.waitForLoadState('networkidle');
          found.push(...(await seriousViolations(page)).map((line) => `${path}: ${line}`));
        }
        await page.goto(`/status/${ids.slug}`);
        found.push(...(await seriousViolations(page)).map((line) => `/status/${ids.slug}: ${line}`));
      } finally {
        await context.close();
      }
      expect(found).toEqual([]);
    }, 180_000);
  }
});
