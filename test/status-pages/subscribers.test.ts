import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SubscriberLinks } from '../../src/domain/status-pages/subscriber-links.js';
import { settle, startHttpReceiver, startSmtpReceiver, waitUntil, type HttpReceiver, type SmtpReceiver } from '../alerts/receivers.js';
import { PUBLIC_URL, expectProblem, startServer, type Member, type TestServer } from '../helpers/server.js';
import { PAGE, call, createIncident, createMonitor, expectStatus, postUpdate, putPage } from './fixtures.js';
import { readMail, signatureHolds } from './subscriber-mail.js';
import { connect, problem, record } from '../mcp/support.js';

/**
 * Subscribers of a status page, over the real server, a real SMTP server and a real webhook
 * receiver: double opt-in, what they are told (and not), unsubscribing, the per-address limit,
 * answers that tell nobody who subscribed, and the admin list.
 */

const FAST = { backoffBaseMs: 50, pollIntervalMs: 50 };
let smtp: SmtpReceiver;
let server: TestServer;
let owner: Member;
let slug: string;
let monitorId: string;
let hidden: string;
let address = 0;

/** Each test subscribes from addresses of its own: the per-address limit counts them apart (TRUST_PROXY=1). */
const nextClient = () => `198.51.100.${++address}`;

const subscribe = (body: unknown, client = nextClient(), path = `/status/${slug}/subscribe`) =>
  server.request('POST', path, { body, headers: { 'x-forwarded-for': client } });

/** Everything committed so far is fanned out and sent. */
const drain = () => server.app.services.subscriberDeliveries.runDue();

const mailsTo = (to: string) => smtp.messages.filter((m) => m.to.includes(to)).map(readMail);
const local = (url: string) => url.replace(PUBLIC_URL, '');

async function confirmEmail(email: string): Promise<{ unsubscribe: string }> {
  expectStatus(await subscribe({ email }), 202);
  const [mail] = await waitUntil(() => (mailsTo(email).length > 0 ? mailsTo(email) : undefined), 10_000, `confirmation to ${email}`);
  const link = /\/status\/[a-z0-9-]+\/confirm\/[^\s"<]+/.exec(mail!.text)![0];
  const confirmed = await server.request('GET', link);
  expect(confirmed.status).toBe(200);
  return { unsubscribe: /<([^>]+)>/.exec(mail!.headers.get('list-unsubscribe')!)![1]! };
}

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startServer({ SMTP_URL: `${smtp.url}?from=status@lookout.test`, TRUST_PROXY: '1' }, { alerting: FAST });
  owner = await server.newTeam('Owner');
  slug = `subs-${process.pid}`;
  monitorId = (await createMonitor(server, owner, { name: 'Website' })).id;
  hidden = (await createMonitor(server, owner, { name: 'Internal admin' })).id;
  await putPage(server, owner, { slug, title: 'Acme status', monitorIds: [monitorId] });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('email subscribers', () => {
  it('subscribe → confirm → one email per posted update with RFC 8058 headers → unsubscribe → nothing more', async () => {
    const email = 'reader@example.test';
    expect(await subscribe({ email })).toMatchObject({ status: 202, body: { status: 'pending' } });
    const [confirmation] = await waitUntil(() => (mailsTo(email).length > 0 ? mailsTo(email) : undefined), 10_000, 'the confirmation');
    expect(confirmation!.headers.get('subject')).toBe('Confirm your subscription to Acme status');
    expect(confirmation!.headers.get('list-unsubscribe')).toMatch(new RegExp(`^<${PUBLIC_URL}/status/${slug}/unsubscribe/[^>]+>$`));
    const confirmUrl = new RegExp(`${PUBLIC_URL}/status/${slug}/confirm/[A-Za-z0-9._-]+`).exec(confirmation!.text)![0];
    expect(confirmation!.html).toContain(confirmUrl);

    // Pending: told nothing.
    const before = await createIncident(server, owner, { title: 'Before confirming', monitorId, message: 'Nobody is told of this.' });
    await drain();
    expect(mailsTo(email)).toHaveLength(1);

    expect((await server.request('GET', local(confirmUrl))).status).toBe(200);
    // Opening it again confirms once and says so again.
    expect((await server.request('GET', local(confirmUrl))).status).toBe(200);
    await drain();
    expect(mailsTo(email)).toHaveLength(1);

    await postUpdate(server, owner, before.id, { message: 'We found a broken cache node.', status: 'identified' });
    const [, notice] = await waitUntil(() => (mailsTo(email).length >= 2 ? mailsTo(email) : undefined), 10_000, 'the update');
    expect(notice!.headers.get('subject')).toBe('[Acme status] Identified: Before confirming');
    expect(notice!.text).toContain('We found a broken cache node.');
    expect(notice!.html).toContain('We found a broken cache node.');
    expect(notice!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = /^<([^>]+)>$/.exec(notice!.headers.get('list-unsubscribe')!)![1]!;
    expect(notice!.text).toContain(unsubscribe);

    // Not posted to the page: nothing; repeated passes send nothing twice.
    await postUpdate(server, owner, before.id, { message: 'Internal: ticket OPS-1.', postedToStatusPage: false });
    await drain();
    await drain();
    expect(mailsTo(email)).toHaveLength(2);

    // One-click unsubscribe as a mail client sends it (RFC 8058), then nothing more.
    const left = await server.request('POST', local(unsubscribe), {
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(left.status).toBe(200);
    expect(left.text).toContain('Unsubscribed');
    await postUpdate(server, owner, before.id, { message: 'Still working on it.' });
    await server.request('POST', `/api/v1/incidents/${before.id}/resolve`, { token: owner.token, body: {} });
    await drain();
    await settle(200);
    expect(mailsTo(email)).toHaveLength(2);
  });

  it('tells of incidents opened and resolved, and not of those of monitors the page does not list', async () => {
    const email = 'opened@example.test';
    await confirmEmail(email);
    await createIncident(server, owner, { title: 'Not on the page', monitorId: hidden, message: 'Hidden.' });
    const incident = await createIncident(server, owner, { title: 'Checkout errors', monitorId, message: 'Investigating checkout errors.' });
    await server.request('POST', `/api/v1/incidents/${incident.id}/resolve`, { token: owner.token, body: { message: 'Fixed.' } });
    const mails = await waitUntil(() => (mailsTo(email).length >= 3 ? mailsTo(email) : undefined), 10_000, 'opened and resolved');
    await drain();
    expect(mailsTo(email).map((m) => m.headers.get('subject'))).toEqual([
      'Confirm your subscription to Acme status',
      '[Acme status] New incident: Checkout errors',
      '[Acme status] Resolved: Checkout errors',
    ]);
    expect(mails[1]!.text).toContain('Investigating checkout errors.');
    expect(mails[2]!.text).toContain('Fixed.');
  });

  it('tells of maintenance the page shows: scheduled, started, ended', async () => {
    const email = 'maint@example.test';
    await confirmEmail(email);
    const now = Date.now();
    const create = (title: string, startsAt: number, endsAt: number, ids = [monitorId]) =>
      call(server, owner, 'POST', '/api/v1/maintenance-windows', {
        title,
        monitorIds: ids,
        startsAt: new Date(startsAt).toISOString(),
        endsAt: new Date(endsAt).toISOString(),
      });
    expectStatus(await create('Database upgrade', now + 3_600_000, now + 7_200_000), 201);
    // Not shown on the page: of a monitor it does not list.
    expectStatus(await create('Admin move', now + 3_600_000, now + 7_200_000, [hidden]), 201);
    const underWay = expectStatus(await create('Network work', now - 60_000, now + 3_600_000), 201);
    await waitUntil(() => (mailsTo(email).length >= 3 ? true : undefined), 10_000, 'scheduled and started');
    expectStatus(await call(server, owner, 'POST', `/api/v1/maintenance-windows/${underWay.id}/end`, {}), 200);
    await waitUntil(() => (mailsTo(email).length >= 4 ? true : undefined), 10_000, 'ended');
    await drain();
    const subjects = mailsTo(email)
      .slice(1)
      .map((m) => m.headers.get('subject'));
    expect(subjects.sort()).toEqual([
      '[Acme status] Maintenance ended: Network work',
      '[Acme status] Maintenance scheduled: Database upgrade',
      '[Acme status] Maintenance started: Network work',
    ]);
    expect(mailsTo(email).at(-1)!.text).toContain('Affects Website.');
  });

  it('answers alike whatever the address is (new, pending, confirmed, unsubscribed); a confirmed one is sent nothing', async () => {
    const email = 'same@example.test';
    const answers = [await subscribe({ email })];
    await waitUntil(() => (mailsTo(email).length >= 1 ? true : undefined), 10_000, 'the first confirmation');
    answers.push(await subscribe({ email: 'SAME@example.test' })); // pending: the link again
    await waitUntil(() => (mailsTo(email).length >= 2 ? true : undefined), 10_000, 'the second confirmation');
    const link = /\/status\/[a-z0-9-]+\/confirm\/[^\s"<]+/.exec(mailsTo(email)[1]!.text)![0];
    // The first link was made for the earlier request: the newer one confirms.
    expect((await server.request('GET', link)).status).toBe(200);
    answers.push(await subscribe({ email })); // confirmed: nothing sent
    await drain();
    expect(mailsTo(email)).toHaveLength(2);
    const unsubscribe = /<([^>]+)>/.exec(mailsTo(email)[1]!.headers.get('list-unsubscribe')!)![1]!;
    expect((await server.request('POST', local(unsubscribe), { body: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(200);
    answers.push(await subscribe({ email })); // unsubscribed: pending again
    for (const answer of answers) {
      expect(answer.status).toBe(202);
      expect(answer.text).toBe('{"status":"pending"}');
    }
    // An old confirmation link, from before the unsubscription, is worth nothing now.
    expectProblem(await server.request('GET', link), 404, 'not-found', link);
  });

  it('a form post (the page without JavaScript) answers a small page; links that are not ours or expired are 404', async () => {
    const answer = await server.request('POST', `/status/${slug}/subscribe`, {
      body: 'email=form%40example.test',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': nextClient() },
    });
    expect(answer.status).toBe(202);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(answer.text).toContain('Check your inbox');
    await waitUntil(() => (mailsTo('form@example.test').length > 0 ? true : undefined), 10_000, 'the form confirmation');

    const row = await server.app.store.db
      .selectFrom('status_page_subscribers')
      .selectAll()
      .where('address', '=', 'form@example.test')
      .executeTakeFirstOrThrow();
    const links = new SubscriberLinks(server.app.services.secrets.box, PUBLIC_URL);
    const path = local(links.confirmUrl(slug, row.id, row.pending_since, Date.now() - 1000));
    const gone = await server.request('GET', path);
    expectProblem(gone, 404, 'not-found', path);
    expect(gone.body.detail).toContain('expired');
    const forged = path.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expectProblem(await server.request('GET', forged), 404, 'not-found', forged);
    const badUnsubscribe = `/status/${slug}/unsubscribe/${row.id}.00000000.AAAA`;
    expectProblem(await server.request('POST', badUnsubscribe, { body: {} }), 404, 'not-found', badUnsubscribe);
    // The unsubscribe link opened (a mail scanner does) changes nothing: it shows the button.
    const page = await server.request('GET', new URL(links.unsubscribeUrl(slug, row.id)).pathname);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<button type="submit">Unsubscribe</button>');
    expect((await server.app.store.db.selectFrom('status_page_subscribers').select('state').where('id', '=', row.id).executeTakeFirstOrThrow()).state).toBe(
      'pending',
    );
  });

  it('refuses bad input with problems: neither or both fields, a bad address, unknown fields, an unknown page', async () => {
    const path = `/status/${slug}/subscribe`;
    for (const body of [
      {},
      { email: 'a@example.test', webhookUrl: 'https://hooks.example.test/x' },
      { email: 'not-an-address' },
      { email: 'a@example.test', name: 'x' },
    ]) {
      expectProblem(await subscribe(body), 400, 'validation', path);
    }
    expectProblem(await subscribe({ webhookUrl: 'ftp://hooks.example.test/' }), 400, 'validation', path);
    expectProblem(
      await subscribe({ email: 'x@example.test' }, nextClient(), '/status/no-such-page/subscribe'),
      404,
      'not-found',
      '/status/no-such-page/subscribe',
    );
    const repeated = await server.request('POST', path, {
      body: 'email=a%40example.test&email=b%40example.test',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': nextClient() },
    });
    expectProblem(repeated, 400, 'validation', path);
    expectProblem(await server.request('POST', path, { body: 'x', headers: { 'content-type': 'text/plain' } }), 415, 'unsupported-media-type', path);
  });
});

describe('webhook subscribers', () => {
  let hook: HttpReceiver;
  beforeAll(async () => {
    hook = await startHttpReceiver('/status-hook');
  });
  afterAll(async () => {
    await hook?.close();
  });

  it('confirm as in Amazon SNS, then signed JSON of what the page shows', async () => {
    expect(await subscribe({ webhookUrl: hook.url })).toMatchObject({ status: 202, body: { status: 'pending' } });
    const [confirm] = await hook.waitFor(1);
    expect(Object.keys(confirm!.json).sort()).toEqual(['confirmUrl', 'secret', 'type']);
    expect(confirm!.json.type).toBe('subscription.confirm');
    expect(confirm!.json.confirmUrl).toMatch(new RegExp(`^${PUBLIC_URL}/status/${slug}/confirm/`));
    const secret: string = confirm!.json.secret;
    expect(secret.length).toBeGreaterThanOrEqual(32);
    // Sealed at rest: the secret is nowhere in the store in plain text.
    expect((await server.storedBytes()).includes(Buffer.from(secret))).toBe(false);

    // Nothing else until the link is opened.
    const incident = await createIncident(server, owner, { title: 'API latency', monitorId, message: 'Slow answers.' });
    await drain();
    expect(hook.received).toHaveLength(1);
    expect((await server.request('GET', local(confirm!.json.confirmUrl))).status).toBe(200);

    await postUpdate(server, owner, incident.id, { message: 'A cache node was replaced.', status: 'monitoring' });
    await postUpdate(server, owner, incident.id, { message: 'Not for the page.', postedToStatusPage: false });
    const [, update] = await hook.waitFor(2);
    await drain();
    expect(hook.received).toHaveLength(2);
    expect(signatureHolds(update!.headers['lookout-signature'] as string, update!.body, secret)).toBe(true);
    expect(signatureHolds(update!.headers['lookout-signature'] as string, update!.body, 'another-secret')).toBe(false);
    expect(update!.headers['lookout-event']).toBe('incident.updated');
    expect(update!.json).toMatchObject({
      type: 'incident.updated',
      page: { title: 'Acme status', url: `${PUBLIC_URL}/status/${slug}` },
      incident: { id: incident.id, title: 'API latency', status: 'monitoring', affects: ['Website'] },
      update: { status: 'monitoring', message: 'A cache node was replaced.' },
    });
  });
});

describe("the subscribers' outbox", () => {
  it('retries a failed delivery with the same body and, once delivered, sends it never again', async () => {
    const flaky = await startHttpReceiver('/flaky');
    try {
      flaky.script([500, 503]);
      expect((await subscribe({ webhookUrl: flaky.url })).status).toBe(202);
      const attempts = await flaky.waitFor(3);
      expect(attempts.map((r) => r.answered)).toEqual([500, 503, 200]);
      expect(new Set(attempts.map((r) => r.body)).size).toBe(1);
      await drain();
      await settle(300);
      expect(flaky.received).toHaveLength(3);
      const row = await server.app.store.db
        .selectFrom('subscriber_deliveries as d')
        .innerJoin('status_page_subscribers as s', 's.id', 'd.subscriber_id')
        .select(['d.status', 'd.attempts'])
        .where('s.address', '=', flaky.url)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'delivered', attempts: 3 });
    } finally {
      await flaky.close();
    }
  });
});

describe('the per-address limit', () => {
  it('refuses the 11th subscribe request of an hour from one client address, as TRUST_PROXY decides it', async () => {
    const client = '203.0.113.77';
    for (let i = 0; i < 10; i++) expect((await subscribe({ email: `limit${i}@example.test` }, client)).status).toBe(202);
    const refused = await subscribe({ email: 'limit10@example.test' }, client);
    expectProblem(refused, 429, 'rate-limited', `/status/${slug}/subscribe`);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    // Invalid requests count too.
    expectProblem(await subscribe({ email: 'nope' }, client), 429, 'rate-limited', `/status/${slug}/subscribe`);
    // Another client address (X-Forwarded-For, one trusted hop) is counted apart.
    expect((await subscribe({ email: 'limit11@example.test' }, '203.0.113.78')).status).toBe(202);
  });

  it('without TRUST_PROXY, X-Forwarded-For decides nothing: the peer address is counted', async () => {
    const other = await startServer({ SMTP_URL: smtp.url });
    try {
      const admin = await other.newTeam('Owner');
      await putPage(other, admin, { slug: `limit-${process.pid}`, title: 'Limit', monitorIds: [] });
      const path = `/status/limit-${process.pid}/subscribe`;
      for (let i = 0; i < 10; i++) {
        const answer = await other.request('POST', path, { body: { email: `p${i}@example.test` }, headers: { 'x-forwarded-for': `192.0.2.${i}` } });
        expect(answer.status).toBe(202);
      }
      expectProblem(
        await other.request('POST', path, { body: { email: 'p10@example.test' }, headers: { 'x-forwarded-for': '192.0.2.200' } }),
        429,
        'rate-limited',
        path,
      );
    } finally {
      await other.close();
    }
  });
});

describe('without SMTP', () => {
  it('subscribing by email is 503 email-unavailable; a webhook still subscribes; the page offers no email form', async () => {
    const other = await startServer();
    try {
      const admin = await other.newTeam('Owner');
      const otherSlug = `nomail-${process.pid}`;
      await putPage(other, admin, { slug: otherSlug, title: 'No mail', monitorIds: [] });
      const path = `/status/${otherSlug}/subscribe`;
      expectProblem(await other.request('POST', path, { body: { email: 'a@example.test' } }), 503, 'email-unavailable', path);
      expect((await other.request('POST', path, { body: { webhookUrl: 'https://hooks.example.test/in' } })).status).toBe(202);
      const html = (await other.request('GET', `/status/${otherSlug}`)).text;
      expect(html).not.toContain('name="email"');
      expect(html).toContain('feed.atom');
    } finally {
      await other.close();
    }
  });
});

describe('GET and DELETE /api/v1/status-pages/current/subscribers', () => {
  it('lists pending and confirmed subscribers to Admins and Owners (id, kind, address, state, createdAt) and deletes them', async () => {
    const member = await server.addMember(owner.teamId, 'Member');
    const admin = await server.addMember(owner.teamId, 'Admin');
    expectProblem(await call(server, member, 'GET', `${PAGE}/subscribers`), 403, 'forbidden', `${PAGE}/subscribers`);
    const list = expectStatus(await call(server, admin, 'GET', `${PAGE}/subscribers`), 200).data as any[];
    const reader = list.find((s) => s.address === 'opened@example.test');
    expect(reader).toEqual({ id: expect.any(String), kind: 'email', address: 'opened@example.test', state: 'confirmed', createdAt: expect.any(String) });
    expect(list.find((s) => s.kind === 'webhook')).toMatchObject({ state: 'confirmed' });
    expect(list.some((s) => s.address === 'reader@example.test')).toBe(false); // unsubscribed
    expect(list.some((s) => s.state === 'pending')).toBe(true);
    expect(new Set(list.map((s) => Object.keys(s).sort().join()))).toEqual(new Set(['address,createdAt,id,kind,state']));

    const path = `${PAGE}/subscribers/${reader.id}`;
    expectProblem(await call(server, member, 'DELETE', path), 403, 'forbidden', path);
    expect((await call(server, admin, 'DELETE', path)).status).toBe(204);
    expectProblem(await call(server, admin, 'DELETE', path), 404, 'not-found', path);
    const other = await server.newTeam('Owner');
    await putPage(server, other, { slug: `other-${process.pid}`, title: 'Other', monitorIds: [] });
    const someone = list.find((s) => s.id !== reader.id);
    expectProblem(await call(server, other, 'DELETE', `${PAGE}/subscribers/${someone.id}`), 404, 'not-found', `${PAGE}/subscribers/${someone.id}`);
    expect(expectStatus(await call(server, other, 'GET', `${PAGE}/subscribers`), 200).data).toEqual([]);
  });

  it('are on MCP under the same rules: list_status_page_subscribers, delete_status_page_subscriber', async () => {
    const member = await server.addMember(owner.teamId, 'Member');
    const webhook = 'https://hooks.example.test/mcp';
    expect((await subscribe({ webhookUrl: webhook })).status).toBe(202);
    const mcp = await connect(server, owner);
    const asMember = await connect(server, member);
    try {
      problem(await asMember.call('list_status_page_subscribers'), 'forbidden');
      const listed = record(await mcp.call('list_status_page_subscribers')).data as any[];
      const mine = listed.find((s) => s.address === webhook);
      expect(mine).toMatchObject({ kind: 'webhook', state: 'pending' });
      problem(await asMember.call('delete_status_page_subscriber', { subscriberId: mine.id }), 'forbidden');
      expect((await mcp.call('delete_status_page_subscriber', { subscriberId: mine.id })).isError).toBeFalsy();
      problem(await mcp.call('delete_status_page_subscriber', { subscriberId: mine.id }), 'not-found');
    } finally {
      await mcp.close();
      await asMember.close();
    }
  });

  it('subscribers survive a page edit and go with the page', async () => {
    const before = expectStatus(await call(server, owner, 'GET', `${PAGE}/subscribers`), 200).data;
    expect(before.length).toBeGreaterThan(0);
    await putPage(server, owner, { slug, title: 'Acme status (edited)', monitorIds: [monitorId] });
    expect(expectStatus(await call(server, owner, 'GET', `${PAGE}/subscribers`), 200).data).toEqual(before);

    const team = await server.newTeam('Owner');
    const tempSlug = `gone-${process.pid}`;
    await putPage(server, team, { slug: tempSlug, title: 'Temporary', monitorIds: [] });
    expect((await subscribe({ webhookUrl: 'https://hooks.example.test/gone' }, nextClient(), `/status/${tempSlug}/subscribe`)).status).toBe(202);
    expect(expectStatus(await call(server, team, 'GET', `${PAGE}/subscribers`), 200).data).toHaveLength(1);
    expect((await call(server, team, 'DELETE', PAGE)).status).toBe(204);
    expectProblem(await call(server, team, 'GET', `${PAGE}/subscribers`), 404, 'not-found', `${PAGE}/subscribers`);
    await putPage(server, team, { slug: tempSlug, title: 'Temporary', monitorIds: [] });
    expect(expectStatus(await call(server, team, 'GET', `${PAGE}/subscribers`), 200).data).toEqual([]);
    await putPage(server, owner, { slug, title: 'Acme status', monitorIds: [monitorId] });
  });
});
