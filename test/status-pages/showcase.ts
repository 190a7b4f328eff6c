import type { Member, TestServer } from '../helpers/server.js';
import { backdateIncident, createIncident, createMonitor, postUpdate, putPage, seedDays, setMonitorStatus } from './fixtures.js';

export const POSTED = 'The cause is a degraded upstream card processor. We are failing over to the secondary provider.';
export const UNPOSTED = 'Internal: paged the database on-call, ticket OPS-1234, credentials rotated.';
export const SECRET_URL = 'https://admin.internal.example.test/health?token=hunter2';

export interface Showcase {
  slug: string;
  listed: Array<{ id: string; name: string }>;
  unlisted: { id: string; name: string };
  active: { id: string; title: string };
  past: Array<{ id: string; title: string }>;
  hiddenIncidents: Array<{ id: string; title: string }>;
  /** Seeded uptime of one day, as the page must show it. */
  sampleDay: { monitor: string; daysAgo: number; title: string };
}

/** A team's page as it might look on a bad afternoon: what the browser test checks and the README shows. */
export async function seedShowcase(server: TestServer, owner: Member, slug: string): Promise<Showcase> {
  const specs = [
    { name: 'Website', host: 'www.acme.example.test', status: 'up' as const, days: 90, bad: [[61, 2880, 9]] },
    {
      name: 'Public API',
      host: 'api.acme.example.test',
      status: 'up' as const,
      days: 90,
      bad: [
        [12, 2880, 48],
        [44, 2880, 1],
      ],
    },
    { name: 'Dashboard', host: 'app.acme.example.test', status: 'up' as const, days: 90, bad: [[27, 2880, 3]] },
    {
      name: 'Payments',
      host: 'pay.acme.example.test',
      status: 'degraded' as const,
      days: 90,
      bad: [
        [0, 1100, 140],
        [3, 2880, 40],
        [52, 2880, 230],
      ],
    },
    { name: 'Webhooks', host: 'hooks.acme.example.test', status: 'up' as const, days: 38, bad: [[3, 2880, 61]] },
  ];
  const listed: Array<{ id: string; name: string }> = [];
  for (const spec of specs) {
    const monitor = await createMonitor(server, owner, { name: spec.name, url: `https://${spec.host}/health?key=abc123` });
    await setMonitorStatus(server, monitor.id, spec.status);
    const bad = new Map(spec.bad.map(([day, checks, failures]) => [day!, { checks: checks!, failures: failures! }]));
    const rows = [];
    for (let daysAgo = 0; daysAgo < spec.days; daysAgo++) {
      const perRegion = daysAgo === 0 ? 550 : 1440;
      const b = bad.get(daysAgo);
      rows.push({ daysAgo, checks: b ? b.checks / 2 : perRegion, failures: b ? Math.ceil(b.failures / 2) : 0, region: 'us-east' });
      rows.push({ daysAgo, checks: b ? b.checks / 2 : perRegion, failures: b ? Math.floor(b.failures / 2) : 0, region: 'eu-west' });
    }
    await seedDays(server, monitor.id, rows);
    listed.push({ id: monitor.id, name: spec.name });
  }
  const unlisted = await createMonitor(server, owner, { name: 'Internal admin', url: SECRET_URL });
  await setMonitorStatus(server, unlisted.id, 'down');

  const payments = listed[3]!;
  const active = await createIncident(server, owner, {
    title: 'Elevated error rates on card payments',
    monitorId: payments.id,
    severity: 'major',
    message: 'We are investigating elevated error rates for card payments in Europe.',
  });
  await postUpdate(server, owner, active.id, { message: UNPOSTED, postedToStatusPage: false });
  await postUpdate(server, owner, active.id, { message: POSTED, status: 'identified' });
  await backdateIncident(server, active.id, 0.06);

  const webhooks = await createIncident(server, owner, {
    title: 'Delayed webhook deliveries',
    monitorId: listed[4]!.id,
    severity: 'minor',
    message: 'Some webhook deliveries are delayed by up to 10 minutes.',
  });
  await postUpdate(server, owner, webhooks.id, { message: 'A backlog in the delivery queue is being worked off.', status: 'monitoring' });
  await server.request('POST', `/api/v1/incidents/${webhooks.id}/resolve`, {
    token: owner.token,
    body: { message: 'Deliveries are back to normal; every delayed webhook was sent.' },
  });
  await backdateIncident(server, webhooks.id, 3.2, 3.15);

  const api = await createIncident(server, owner, {
    title: 'Increased API latency',
    monitorId: listed[1]!.id,
    severity: 'major',
    message: 'Requests to the API are slower than usual.',
  });
  await server.request('POST', `/api/v1/incidents/${api.id}/resolve`, {
    token: owner.token,
    body: { message: 'A misbehaving cache node was replaced; latency is normal again.' },
  });
  await backdateIncident(server, api.id, 12.4, 12.35);

  // Neither may appear: one of a monitor the page does not list, one resolved too long ago.
  const hiddenOpen = await createIncident(server, owner, { title: 'Internal admin is down', monitorId: unlisted.id, message: 'Admin console unreachable.' });
  const old = await createIncident(server, owner, { title: 'Ancient outage', message: 'Long ago.' });
  await server.request('POST', `/api/v1/incidents/${old.id}/resolve`, { token: owner.token, body: {} });
  await backdateIncident(server, old.id, 30, 29);

  await putPage(server, owner, { slug, title: 'Acme Cloud Status', monitorIds: listed.map((m) => m.id) });
  return {
    slug,
    listed,
    unlisted: { id: unlisted.id, name: unlisted.name },
    active: { id: active.id, title: active.title },
    past: [
      { id: webhooks.id, title: webhooks.title },
      { id: api.id, title: api.title },
    ],
    hiddenIncidents: [
      { id: hiddenOpen.id, title: hiddenOpen.title },
      { id: old.id, title: old.title },
    ],
    // Public API, 12 days ago: 48 failures in 2880 checks = 98.333…% → shown cut, "98.33%".
    sampleDay: { monitor: 'Public API', daysAgo: 12, title: '98.33% uptime' },
  };
}
