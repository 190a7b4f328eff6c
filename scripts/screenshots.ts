/**
 * Screenshots of the dashboard for the README: `npx tsx scripts/screenshots.ts`.
 *
 * Starts the real server (check engine in three regions) against local targets, seeds a month of
 * rollups so that the charts have history, then drives Debian's Chromium through the main pages
 * and writes docs/screenshots/*.png. SCREENSHOTS_ONLY (names, comma-separated, e.g.
 * `maintenance,team-tokens`) writes those alone and leaves the others as they are.
 */
import { mkdirSync } from 'node:fs';
import { once } from 'node:events';
import { createServer as createHttpServer, type RequestListener } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { bucketIndex } from '../src/domain/rollup-buckets.js';
import type { Actor } from '../src/domain/actor.js';
import { newId } from '../src/domain/ids.js';
import { launchBrowser, newPage, signInWithForm } from '../test/dashboard/browser.js';
import { addPerson } from '../test/dashboard/support.js';
import { ensureDashboardBuilt } from '../test/dashboard/web-build.js';
import { createTestCa, daysFromNow } from '../test/helpers/certificates.js';
import { startServer } from '../test/helpers/server.js';
import { startSmtpReceiver } from '../test/alerts/receivers.js';

const OUT = new URL('../docs/screenshots/', import.meta.url).pathname;
const PORT = 4319;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function listen(handler: RequestListener): Promise<string> {
  const server = createHttpServer(handler).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** What the DOM's scrollIntoView takes (this project's TypeScript has no DOM library outside web/). */
interface Scrollable {
  scrollIntoView(options: { block: 'start' | 'center' }): void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const ONLY = process.env.SCREENSHOTS_ONLY?.split(',').map((name) => name.trim());

async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  if (ONLY && !ONLY.includes(name)) return;
  await page.waitForLoadState('networkidle').catch(() => {});
  await sleep(400);
  await page.screenshot({ path: join(OUT, `${name}.png`), fullPage });
  console.log(`docs/screenshots/${name}.png`);
}

/** A deterministic wobble for synthetic history. */
function wobble(seed: number): number {
  const x = Math.sin(seed * 12.9898) * 43758.5453;
  return x - Math.floor(x);
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  await ensureDashboardBuilt();

  // Targets: a fast API, a slower site, a failing webhook endpoint, a TLS host, an alert receiver.
  const api = await listen((req, res) => setTimeout(() => res.writeHead(req.url === '/health' ? 200 : 404).end('ok'), 30 + Math.random() * 60));
  const site = await listen((_req, res) => setTimeout(() => res.writeHead(200).end('<html></html>'), 180 + Math.random() * 120));
  const broken = await listen((_req, res) => res.writeHead(503).end('unavailable'));
  const orders = await listen((_req, res) =>
    setTimeout(
      () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'ok', database: { latencyMs: 12 }, queue: { depth: 3 } })),
      40 + Math.random() * 40,
    ),
  );
  const receiver = await listen((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  const ca = createTestCa();
  const leaf = ca.issue({ names: ['localhost'], validTo: daysFromNow(63) });
  const tls = createHttpsServer({ key: leaf.key, cert: leaf.cert }, (_req, res) => res.end('ok')).listen(0, '127.0.0.1');
  await once(tls, 'listening');
  const tlsPort = (tls.address() as AddressInfo).port;

  // A mail server of its own: the status page offers subscribing by email only when mail can be sent.
  const smtp = await startSmtpReceiver();
  const server = await startServer(
    { PORT: String(PORT), PUBLIC_URL: `http://127.0.0.1:${PORT}`, LOOKOUT_REGIONS: 'us-east,eu-west,asia', LOOKOUT_TARGET_POLICY: 'all', SMTP_URL: smtp.url },
    { checks: { retryDelayMs: 50, extraCaPem: [ca.cert] } },
  );
  const services = server.app.services;
  const team = await services.teams.create({ name: 'Acme' });
  const dana = await services.users.create({ email: 'dana@acme.test', name: 'Dana Fischer', password: 'correct horse battery staple' });
  await services.teams.addMember(team.id, dana.id, 'Owner');
  const lee = await services.users.create({ email: 'lee@acme.test', name: 'Lee Park' });
  await services.teams.addMember(team.id, lee.id, 'Admin');
  const sam = await addPerson(server, team.id, 'Member');
  await server.app.store.db.updateTable('users').set({ name: 'Sam Okafor', email: 'sam@acme.test' }).where('id', '=', sam.userId).execute();
  const ops = await services.teams.create({ name: 'Acme Labs' });
  await services.teams.addMember(ops.id, dana.id, 'Admin');
  const actor: Actor = { tokenId: 'screenshots', userId: dana.id, teamId: team.id, role: 'Owner' };

  const policy = await services.alertPolicies.create(actor, {
    name: 'On-call',
    channels: [
      { type: 'webhook', url: `${receiver}/hooks/lookout`, secret: 'a-very-long-signing-secret' },
      { type: 'slack', webhookUrl: `${receiver}/services/T000/B000/XXXX` },
    ],
  });
  await services.alertPolicies.create(actor, { name: 'Business hours', notifyOn: ['down', 'up'], channels: [{ type: 'email', to: ['ops@acme.test'] }] });

  const common = { intervalSeconds: 60, timeoutSeconds: 10, regions: ['us-east', 'eu-west', 'asia'], notificationPolicyId: policy.id };
  const checkout = await services.monitors.create(actor, {
    type: 'http',
    name: 'Checkout API',
    url: `${api}/health`,
    method: 'GET',
    expectedStatus: 200,
    ...common,
  });
  const marketing = await services.monitors.create(actor, {
    type: 'http',
    name: 'Marketing site',
    url: `${site}/`,
    method: 'GET',
    expectedStatus: 200,
    ...common,
    intervalSeconds: 300,
  });
  const webhook = await services.monitors.create(actor, {
    type: 'http',
    name: 'Payments webhook',
    url: `${broken}/stripe`,
    method: 'POST',
    expectedStatus: 200,
    ...common,
  });
  const cert = await services.monitors.create(actor, {
    type: 'ssl',
    name: 'api.acme.test certificate',
    host: 'localhost',
    port: tlsPort,
    warningDays: 30,
    ...common,
    intervalSeconds: 3600,
  });
  const legacy = await services.monitors.create(actor, {
    type: 'http',
    name: 'Legacy admin',
    url: `${api}/health`,
    method: 'HEAD',
    expectedStatus: 200,
    ...common,
    regions: ['us-east'],
  });
  await services.monitors.pause(actor, legacy.id);

  // A month of history in the rollups (the engine adds today's real checks on top).
  const now = Date.now();
  const profiles = new Map([
    [checkout.id, { base: 70, spread: 60, failEvery: 97 }],
    [marketing.id, { base: 240, spread: 160, failEvery: 211 }],
    [webhook.id, { base: 120, spread: 40, failEvery: 53 }],
    [cert.id, { base: 40, spread: 20, failEvery: 0 }],
    [legacy.id, { base: 90, spread: 30, failEvery: 0 }],
  ]);
  const rows = [];
  for (const [monitorId, profile] of profiles) {
    for (const region of monitorId === legacy.id ? ['us-east'] : ['us-east', 'eu-west', 'asia']) {
      const regionSlow = region === 'asia' ? 1.6 : region === 'eu-west' ? 1.2 : 1;
      for (let h = 30 * 24; h >= 1; h--) {
        const start = Math.floor((now - h * HOUR) / HOUR) * HOUR;
        const checks = monitorId === cert.id ? 1 : 60;
        const seed = start / HOUR + region.length;
        const daily = 1 + 0.35 * Math.sin((start / DAY) * Math.PI * 2 - 1);
        const avg = Math.round(profile.base * regionSlow * daily + wobble(seed) * profile.spread);
        const failures = profile.failEvery && Math.floor(seed) % profile.failEvery === 0 ? 1 + Math.floor(wobble(seed + 1) * 4) : 0;
        const histogram = new Array(12).fill(0);
        histogram[bucketIndex(avg)] = checks;
        rows.push({ monitorId, region, start, checks, failures, avg, histogram });
      }
    }
  }
  const db = server.app.store.db;
  for (const period of ['hour', 'day'] as const) {
    const merged = new Map<
      string,
      { monitor_id: string; region: string; period: string; bucket_start: number; checks: number; failures: number; duration_sum: number; h: number[] }
    >();
    for (const r of rows) {
      const bucket = period === 'hour' ? r.start : Math.floor(r.start / DAY) * DAY;
      const key = `${r.monitorId}|${r.region}|${bucket}`;
      const m = merged.get(key) ?? {
        monitor_id: r.monitorId,
        region: r.region,
        period,
        bucket_start: bucket,
        checks: 0,
        failures: 0,
        duration_sum: 0,
        h: new Array<number>(12).fill(0),
      };
      m.checks += r.checks;
      m.failures += r.failures;
      m.duration_sum += r.avg * r.checks;
      r.histogram.forEach((n: number, i: number) => (m.h[i]! += n));
      merged.set(key, m);
    }
    for (const m of merged.values()) {
      const { h, ...rest } = m;
      await db
        .insertInto('rollups')
        .values({ ...rest, ...Object.fromEntries(h.map((n, i) => [`h${i}`, n])) } as never)
        .onConflict((oc) => oc.columns(['monitor_id', 'region', 'period', 'bucket_start']).doNothing())
        .execute();
    }
  }

  // The last hour and a half of runs, so that sparklines and the runs table have something to show.
  for (const [monitorId, profile] of profiles) {
    if (monitorId === cert.id || monitorId === legacy.id) continue;
    for (const region of ['us-east', 'eu-west', 'asia']) {
      const regionSlow = region === 'asia' ? 1.6 : region === 'eu-west' ? 1.2 : 1;
      for (let m = 90; m >= 2; m -= monitorId === marketing.id ? 5 : 1) {
        const startedAt = now - m * 60_000 - Math.floor(wobble(m) * 5000);
        const seed = m * 7 + region.length;
        const failing = monitorId === webhook.id ? m < 20 : profile.failEvery > 0 && seed % profile.failEvery === 0;
        const duration = Math.round(profile.base * regionSlow + wobble(seed) * profile.spread);
        await db
          .insertInto('monitor_runs')
          .values({
            id: newId(startedAt),
            monitor_id: monitorId,
            region,
            trigger: 'scheduled',
            started_at: startedAt,
            duration_ms: duration,
            ok: failing ? 0 : 1,
            attempts: failing ? 2 : 1,
            error_code: failing ? 'status-mismatch' : null,
            error_message: failing ? 'expected 200, got 503' : null,
            status_code: failing ? 503 : 200,
            timings: JSON.stringify({ dnsMs: 0, connectMs: 2, tlsMs: null, ttfbMs: duration - 3, totalMs: duration }),
            certificate: null,
          })
          .execute();
      }
    }
  }

  // Incidents: one from last week, resolved; the failing webhook opens one by itself.
  const old = await services.incidents.create(actor, {
    title: 'Elevated checkout latency in Asia',
    monitorId: checkout.id,
    severity: 'minor',
    message: 'Checkout responses from Asia take over two seconds. We are investigating.',
  });
  await services.incidents.postUpdate(actor, old.id, { message: 'A CDN node in Singapore was degraded; traffic was moved to Tokyo.', status: 'identified' });
  await services.incidents.postUpdate(actor, old.id, { message: 'Latency is back to normal; watching it for an hour.', status: 'monitoring' });
  await services.incidents.resolve(actor, old.id, { message: 'Resolved: response times have been normal for an hour.' });
  await db
    .updateTable('incidents')
    .set({ created_at: now - 6 * DAY, updated_at: now - 6 * DAY + 3 * HOUR, resolved_at: now - 6 * DAY + 3 * HOUR })
    .where('id', '=', old.id)
    .execute();
  const updates = await db.selectFrom('incident_updates').select(['id', 'created_at']).where('incident_id', '=', old.id).orderBy('created_at').execute();
  for (const [i, u] of updates.entries())
    await db
      .updateTable('incident_updates')
      .set({ created_at: now - 6 * DAY + i * 50 * 60_000 })
      .where('id', '=', u.id)
      .execute();

  await services.teams.current(actor);
  await server.request('PUT', '/api/v1/status-pages/current', {
    token: (await services.tokens.create({ teamId: team.id, userId: dana.id, name: 'setup' })).token,
    body: {
      slug: 'acme',
      title: 'Acme status',
      monitorIds: [checkout.id, marketing.id, webhook.id],
      groups: [
        { name: 'Shop', monitorIds: [checkout.id, webhook.id] },
        { name: 'Website', monitorIds: [marketing.id] },
      ],
      customDomain: 'status.acme.test',
    },
  });
  await db.deleteFrom('access_tokens').where('name', '=', 'setup').execute();
  const ci = await services.tokens.create({ teamId: team.id, userId: dana.id, name: 'CI deploy checks', expiresInDays: 90 });
  await services.tokens.create({ teamId: team.id, userId: dana.id, name: 'Grafana' });
  await server.request('GET', '/api/v1/monitors', { token: ci.token });

  // The pages added since: a monitor judged by assertions, a heartbeat, maintenance windows, team tokens.
  const ordersApi = await services.monitors.create(actor, {
    type: 'http',
    name: 'Orders API',
    url: `${orders}/health`,
    method: 'GET',
    expectedStatus: 200,
    ...common,
    headers: [{ name: 'Accept', value: 'application/json' }],
    assertions: [
      { source: 'json', path: '$.status', op: 'eq', value: 'ok' },
      { source: 'json', path: '$.database.latencyMs', op: 'lt', value: 250, severity: 'degraded' },
      { source: 'header', name: 'Content-Type', op: 'contains', value: 'application/json' },
      { source: 'responseTime', op: 'lt', value: 800, severity: 'degraded' },
    ],
  });
  const backup = await services.monitors.create(actor, {
    type: 'heartbeat',
    name: 'Nightly database backup',
    cron: '30 2 * * *',
    timezone: 'Europe/Berlin',
    graceSeconds: 1800,
    notificationPolicyId: policy.id,
  });
  const pingUrl = backup.type === 'heartbeat' ? (backup.pingUrl ?? '') : '';
  for (const path of ['/start', '', '/start', '']) {
    await fetch(`${pingUrl}${path}`, { method: 'POST', body: path ? '' : 'backup: 4.2 GiB written in 312 s' });
    await sleep(300);
  }
  const nextSunday = new Date(now + ((7 - new Date(now).getUTCDay()) % 7 || 7) * DAY);
  nextSunday.setUTCHours(2, 0, 0, 0);
  await services.maintenanceWindows.create(actor, {
    title: 'Weekly database maintenance',
    monitorIds: [checkout.id, ordersApi.id],
    startsAt: nextSunday.toISOString(),
    endsAt: new Date(nextSunday.getTime() + 2 * HOUR).toISOString(),
    rrule: 'FREQ=WEEKLY;BYDAY=SU',
    timezone: 'Europe/Berlin',
  });
  await services.maintenanceWindows.create(actor, {
    title: 'Payment provider migration',
    monitorIds: [webhook.id],
    startsAt: new Date(Math.floor(now / HOUR) * HOUR + 3 * DAY + 20 * HOUR).toISOString(),
    endsAt: new Date(Math.floor(now / HOUR) * HOUR + 3 * DAY + 23 * HOUR).toISOString(),
    showOnStatusPage: true,
  });
  await services.maintenanceWindows.create(actor, {
    title: 'Marketing site redesign',
    monitorIds: [marketing.id],
    startsAt: new Date(now - 20 * 60_000).toISOString(),
    endsAt: new Date(now + 100 * 60_000).toISOString(),
    showOnStatusPage: false,
  });
  await services.maintenanceWindows.create(actor, {
    title: 'Checkout cache warm-up',
    monitorIds: [checkout.id],
    startsAt: new Date(now - 10 * 60_000).toISOString(),
    endsAt: new Date(now + 50 * 60_000).toISOString(),
  });
  await services.tokens.create({ teamId: team.id, userId: lee.id, name: 'Terraform state checks', expiresInDays: 30 });
  await services.tokens.create({ teamId: team.id, userId: sam.userId, name: 'Sam’s laptop' });

  // Let the engine check everything a few times; the webhook goes down and opens an incident.
  console.log('waiting for checks…');
  for (let i = 0; i < 40; i++) {
    const open = await db.selectFrom('incidents').select('id').where('monitor_id', '=', webhook.id).where('resolved_at', 'is', null).executeTakeFirst();
    if (open) break;
    await sleep(500);
  }
  await sleep(3000);
  await services.alertPolicies.test(actor, policy.id);

  const browser = await launchBrowser();
  try {
    const { page } = await newPage(browser, server.baseUrl, { width: 1440, height: 900 });
    await page.goto('/');
    await page.getByLabel('Email').fill('dana@acme.test');
    await shot(page, 'sign-in');
    await signInWithForm(page, 'dana@acme.test', 'correct horse battery staple');
    await page.locator('tr[data-monitor-id] .spark-cell svg:not(.sparkline-empty)').first().waitFor();
    await shot(page, 'monitors');

    await page.goto(`/monitors/${checkout.id}`);
    await page.locator('.runs-table tbody tr').first().waitFor();
    await page.getByRole('button', { name: '7d' }).click();
    await sleep(600);
    await shot(page, 'monitor-detail', true);

    await page.goto(`/monitors/${cert.id}`);
    await page.getByRole('heading', { name: 'Certificate', exact: true }).waitFor();
    await page.locator('.days').waitFor();
    await shot(page, 'monitor-ssl');

    await page.goto(`/monitors/${checkout.id}/edit`);
    await page.getByLabel('URL', { exact: true }).fill('checkout.acme.test/health');
    await page.getByLabel('Timeout (seconds)').fill('300');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.locator('.notice-error').waitFor();
    await shot(page, 'monitor-edit-validation');

    await page.goto('/incidents?all');
    await page.getByRole('button', { name: 'All' }).click();
    await shot(page, 'incidents');
    const auto = await db.selectFrom('incidents').select('id').where('monitor_id', '=', webhook.id).executeTakeFirst();
    await page.goto(`/incidents/${auto?.id ?? old.id}`);
    await page.getByLabel('Message').fill('The payment provider reports an outage of its webhook relay.');
    await page.getByLabel('Set status').selectOption('identified');
    await page.getByRole('button', { name: 'Post update' }).click();
    await page.locator('.timeline-item').nth(0).waitFor();
    await sleep(500);
    await shot(page, 'incident');

    await page.goto('/status-page');
    await page.getByText('Published at').waitFor();
    await shot(page, 'status-page');
    await page.getByRole('heading', { name: 'Badges' }).evaluate((element) => (element as unknown as Scrollable).scrollIntoView({ block: 'start' }));
    await shot(page, 'status-page-badges');

    // The public page: groups, maintenance under way and upcoming, the subscribe form.
    await page.goto('/status/acme');
    await page.locator('h3.group').first().waitFor();
    await shot(page, 'public-status-page', true);

    await page.goto(`/notifications/${policy.id}`);
    await page.getByRole('button', { name: 'Send test' }).click();
    await page.getByRole('heading', { name: 'Test result' }).waitFor();
    await shot(page, 'notifications', true);

    await page.goto('/team');
    await page.getByRole('button', { name: 'Invite member' }).click();
    await page.getByRole('dialog').getByLabel('Email').fill('alex@acme.test');
    await page.getByRole('dialog').getByLabel('Role').selectOption('Admin');
    await page.getByRole('dialog').getByRole('button', { name: 'Invite' }).click();
    // With mail set up (for the status page's subscribers) the link is mailed rather than shown.
    await page.getByTestId('invite-link').or(page.getByTestId('invite-sent')).waitFor();
    await shot(page, 'team');

    await page.goto('/tokens');
    await page.getByRole('button', { name: 'Create token' }).first().click();
    await page.getByRole('dialog').getByLabel('Name').fill('Terraform');
    await page.getByRole('dialog').getByRole('button', { name: 'Create token' }).click();
    await page.getByTestId('new-token').waitFor();
    await shot(page, 'tokens');

    await page.goto('/maintenance');
    await page.getByText('Weekly database maintenance').first().waitFor();
    await shot(page, 'maintenance');

    await page.goto(`/monitors/${ordersApi.id}/edit`);
    await page.getByRole('group', { name: 'Assertion 4', exact: true }).waitFor();
    await page
      .getByRole('group', { name: 'Assertion 1', exact: true })
      .evaluate((element) => (element as unknown as Scrollable).scrollIntoView({ block: 'center' }));
    await shot(page, 'monitor-assertions');

    await page.goto(`/monitors/${backup.id}`);
    await page.getByRole('textbox', { name: 'Ping URL' }).waitFor();
    await shot(page, 'heartbeat', true);

    await page.goto('/team');
    await page.getByText('Terraform state checks').waitFor();
    await page.getByRole('heading', { name: 'Team tokens' }).evaluate((element) => (element as unknown as Scrollable).scrollIntoView({ block: 'start' }));
    await shot(page, 'team-tokens');

    await page.goto('/maintenance/new');
    await page.locator('main h1').first().waitFor();
    await shot(page, 'maintenance-form', true);

    await page.goto('/deliveries');
    await page.locator('main h1').first().waitFor();
    await shot(page, 'deliveries');

    await page.goto('/account');
    await page.locator('main h1').first().waitFor();
    await shot(page, 'account');

    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`/monitors/${checkout.id}`);
    await page.locator('main h1').first().waitFor();
    await shot(page, 'dark-monitor-detail');
    await page.emulateMedia({ colorScheme: 'light' });

    const phone = await newPage(browser, server.baseUrl, { width: 390, height: 844 });
    await signInWithForm(phone.page, 'dana@acme.test', 'correct horse battery staple');
    await phone.page.locator('tr[data-monitor-id] .spark-cell svg:not(.sparkline-empty)').first().waitFor();
    await shot(phone.page, 'phone-monitors');
    await phone.page.goto(`/monitors/${checkout.id}`);
    await phone.page.locator('.runs-table tbody tr').first().waitFor();
    await shot(phone.page, 'phone-monitor-detail');
    await phone.page.getByRole('button', { name: 'Open menu' }).click();
    await sleep(300);
    await shot(phone.page, 'phone-menu');
  } finally {
    await browser.close();
    await server.close();
    await smtp.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
