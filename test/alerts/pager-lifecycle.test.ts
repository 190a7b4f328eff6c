import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Member, type TestServer } from '../helpers/server.js';
import { call, createHttpMonitor, createPolicy, engineStatusChange, expectStatus } from './fixtures.js';
import { PROVIDER_SECRETS, startProviderFakes, type ProviderFakes } from './provider-fakes.js';
import { settle } from './receivers.js';

/*
 * PagerDuty and Opsgenie hold one alert per incident: the outage opens it, an acknowledgement
 * acknowledges it, the recovery resolves it, all named by the incident id (dedup_key, alias).
 */

let server: TestServer;
let fakes: ProviderFakes;
let owner: Member;

beforeAll(async () => {
  fakes = await startProviderFakes();
  server = await startServer(fakes.env, { alerting: { backoffBaseMs: 50, pollIntervalMs: 50 } });
  owner = await server.newTeam('Owner');
});
afterAll(async () => {
  await server.close();
  await fakes.close();
});

async function incidentOf(monitorId: string): Promise<any> {
  const all = expectStatus(await call(server, owner, 'GET', '/api/v1/incidents?status=all'), 200).data;
  return all.find((i: any) => i.monitorId === monitorId);
}

describe('pagers follow the incident', () => {
  it('trigger → acknowledge → resolve on PagerDuty and create → acknowledge → close on Opsgenie, keyed by the incident id', async () => {
    const policy = await createPolicy(server, owner, {
      name: 'Pagers',
      channels: [
        { type: 'pagerduty', routingKey: PROVIDER_SECRETS.routingKey },
        { type: 'opsgenie', apiKey: PROVIDER_SECRETS.apiKey },
      ],
    });
    const monitor = await createHttpMonitor(server, owner, { name: 'Checkout API', notificationPolicyId: policy.id });
    const pd = fakes.pagerduty;
    const og = fakes.opsgenie;

    // Down: an incident opens, and each pager opens an alert named after it.
    const downEvent = await engineStatusChange(server, monitor, 'up', 'down');
    await Promise.all([pd.waitFor(1), og.waitFor(1)]);
    const incident = await incidentOf(monitor.id);
    expect(incident.status).not.toBe('resolved');
    expect(pd.received[0]!.problems).toEqual([]);
    expect(pd.received[0]!.json).toMatchObject({
      routing_key: PROVIDER_SECRETS.routingKey,
      event_action: 'trigger',
      dedup_key: incident.id,
      payload: { summary: 'Checkout API is down', severity: 'critical', source: 'https://shop.example.test/health', component: 'Checkout API' },
      links: [
        { href: `http://lookout.test/monitors/${monitor.id}`, text: 'Monitor in Lookout' },
        { href: `http://lookout.test/incidents/${incident.id}`, text: 'Incident in Lookout' },
      ],
    });
    expect(pd.received[0]!.json.payload.custom_details).toMatchObject({ eventId: downEvent, incidentId: incident.id, status: 'up → down' });
    expect(og.received[0]!.problems).toEqual([]);
    expect(og.received[0]!.path).toBe('/v2/alerts');
    expect(og.received[0]!.headers.authorization).toBe(`GenieKey ${PROVIDER_SECRETS.apiKey}`);
    expect(og.received[0]!.json).toMatchObject({ message: 'Checkout API is down', alias: incident.id, priority: 'P1', entity: 'Checkout API' });

    // Acknowledged: so are the alerts, by the same key.
    expectStatus(await call(server, owner, 'POST', `/api/v1/incidents/${incident.id}/acknowledge`), 200);
    await server.app.services.alerts.processPending();
    await Promise.all([pd.waitFor(2), og.waitFor(2)]);
    expect(pd.received[1]!.problems).toEqual([]);
    expect(pd.received[1]!.json).toEqual({ routing_key: PROVIDER_SECRETS.routingKey, event_action: 'acknowledge', dedup_key: incident.id });
    expect(og.received[1]!.problems).toEqual([]);
    expect(og.received[1]!.path).toBe(`/v2/alerts/${incident.id}/acknowledge?identifierType=alias`);

    // Up: the incident resolves, and so do the alerts, by the same key.
    await engineStatusChange(server, monitor, 'down', 'up');
    await Promise.all([pd.waitFor(3), og.waitFor(3)]);
    expect((await incidentOf(monitor.id)).status).toBe('resolved');
    expect(pd.received[2]!.problems).toEqual([]);
    expect(pd.received[2]!.json).toEqual({ routing_key: PROVIDER_SECRETS.routingKey, event_action: 'resolve', dedup_key: incident.id });
    expect(og.received[2]!.problems).toEqual([]);
    expect(og.received[2]!.path).toBe(`/v2/alerts/${incident.id}/close?identifierType=alias`);
    expect(og.received[2]!.json).toEqual({ source: 'Lookout', note: 'Checkout API is up again' });

    // Degraded opens no incident: an alert of its own (keyed by its event) that the pager closes by
    // hand; the recovery after it concerns no alert a pager holds, so they are not told.
    const degradedEvent = await engineStatusChange(server, monitor, 'up', 'degraded');
    await Promise.all([pd.waitFor(4), og.waitFor(4)]);
    expect(pd.received[3]!.json).toMatchObject({ event_action: 'trigger', dedup_key: degradedEvent, payload: { severity: 'warning' } });
    expect(og.received[3]!.json).toMatchObject({ alias: degradedEvent, priority: 'P3' });
    await engineStatusChange(server, monitor, 'degraded', 'up');
    await server.app.services.alerts.processPending();
    await server.app.services.deliveries.runDue();
    await settle(300);
    expect(pd.received).toHaveLength(4);
    expect(og.received).toHaveLength(4);
    expect([...pd.received, ...og.received].every((r) => r.answered === 200)).toBe(true);
  });
});
