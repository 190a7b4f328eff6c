import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envKeySource } from '../../src/domain/secrets/key-ring.js';
import { SecretBox } from '../../src/domain/secrets/secret-box.js';
import { runCli, startServer, type Member, type TestServer } from '../helpers/server.js';
import { POLICIES, call, createHttpMonitor, createPolicy, engineStatusChange, expectStatus } from './fixtures.js';
import { startHttpReceiver, type HttpReceiver } from './receivers.js';
import { channelSecretAt } from '../../src/domain/secrets/places.js';

/*
 * Contract-2 rule 21, by the attacks of the issue: a Member's monitor name cannot add a field to a
 * form-encoded request (nor an element to XML, nor end a JSON string); a custom channel's secret
 * headers and the tokens in channel URLs are not readable by Members; a provider that echoes a
 * secret back, percent-encoded, gets it into neither the deliveries log nor the server log.
 */

// A Member chooses this: it tries a second `to` in a form, an element in XML, a JSON string's end, and carries control characters.
const NAME = 'Shop &to=+19005550100&text=pwned </name><to>+19005550100</to> "}, "to": "+1900\n\u0007';
const CLEAN = NAME.replace(/\p{Cc}/gu, '');
const API_KEY = 'sk_live_Zq8pXw3vRt6yUb9n';
const BEARER = 'Bearer gh0st-Bearer-T0ken-42';
const URL_TOKEN = 'tok_9f8e7d6c5b4a3210';

let server: TestServer;
let owner: Member;
let member: Member;
let form: HttpReceiver;
let xml: HttpReceiver;
let json: HttpReceiver;
let text: HttpReceiver;
let echo: HttpReceiver;

beforeAll(async () => {
  [form, xml, json, text] = await Promise.all([startHttpReceiver('/sms'), startHttpReceiver('/xml'), startHttpReceiver('/json'), startHttpReceiver('/text')]);
  // A provider that refuses the key and quotes what it got, percent-encoded, base64 and as is, with the URL it was called at.
  echo = await startHttpReceiver('/echo', {
    answer: (status, request) => {
      const key = String(request.headers['x-api-key'] ?? '');
      const authorization = request.headers.authorization ?? '';
      return `HTTP ${status}: invalid key ${encodeURIComponent(key)} (${Buffer.from(key).toString('base64')}), auth=${encodeURIComponent(authorization)} at ${request.path}`;
    },
  });
  echo.script([], 401);
  server = await startServer({}, { alerting: { backoffBaseMs: 50, pollIntervalMs: 50 } });
  owner = await server.newTeam('Owner');
  member = await server.addMember(owner.teamId, 'Member');
});
afterAll(async () => {
  await server?.close();
  await Promise.all([form, xml, json, text, echo].map((r) => r?.close()));
});

const custom = (url: string, contentType: string | null, body: string, more: Record<string, unknown> = {}) => ({
  type: 'custom',
  url,
  method: 'POST',
  headers: contentType === null ? [] : [{ name: 'Content-Type', value: contentType }],
  body,
  ...more,
});

describe('a custom channel escapes each value for its Content-Type', () => {
  it("sends a Member's monitor name as one form field, one XML text, one JSON string and plain text", async () => {
    const policy = await createPolicy(server, owner, {
      name: 'SMS and friends',
      notifyOn: ['down'],
      channels: [
        custom(form.url, 'application/x-www-form-urlencoded', 'to=%2B15550100&text={{monitor.name}}+is+{{status}}'),
        custom(xml.url, 'text/xml; charset=utf-8', '<alert><name>{{monitor.name}}</name><status>{{status}}</status></alert>'),
        custom(json.url, null, '{"text": "{{monitor.name}} is {{status}}"}'),
        custom(text.url, 'text/plain', '{{monitor.name}} is {{status}}'),
      ],
    });
    const monitor = await createHttpMonitor(server, member, { name: NAME, notificationPolicyId: policy.id, regions: ['eu-west'] });
    await engineStatusChange(server, monitor, 'up', 'down');

    const [sms] = await form.waitFor(1);
    const fields = new URLSearchParams(sms!.body);
    expect(fields.getAll('to')).toEqual(['+15550100']);
    expect(fields.getAll('text')).toEqual([`${CLEAN} is down`]);
    expect([...fields.keys()]).toEqual(['to', 'text']);

    const [inXml] = await xml.waitFor(1);
    expect(inXml!.body).toBe(
      '<alert><name>Shop &amp;to=+19005550100&amp;text=pwned &lt;/name&gt;&lt;to&gt;+19005550100&lt;/to&gt; &quot;}, &quot;to&quot;: &quot;+1900</name>' +
        '<status>down</status></alert>',
    );
    expect(inXml!.body.match(/<to>/g)).toBeNull();

    const [inJson] = await json.waitFor(1);
    expect(inJson!.json).toEqual({ text: `${CLEAN} is down` });

    const [inText] = await text.waitFor(1);
    expect(inText!.body).toBe(`${CLEAN} is down`);
    expect(inText!.headers['content-type']).toBe('text/plain');
  });

  it('refuses any other Content-Type, naming the header value', async () => {
    for (const type of ['application/octet-stream', 'text/html', 'multipart/form-data; boundary=x', 'application/xhtml+xml']) {
      const answer = await call(server, owner, 'POST', POLICIES, { name: 'P', channels: [custom(json.url, type, 'x')] });
      expect(answer.status, type).toBe(400);
      expect(answer.body.errors.map((e: any) => e.field)).toEqual(['channels.0.headers.0.value']);
      expect(answer.body.errors[0].message).toMatch(/must be application\/json .* text\/plain/);
    }
    for (const type of ['application/json', 'application/vnd.api+json', 'APPLICATION/XML', 'text/plain; charset=utf-8']) {
      const body = type.includes('json') ? '{"a": "{{status}}"}' : '{{status}}';
      expect((await call(server, owner, 'POST', POLICIES, { name: 'P', channels: [custom(json.url, type, body)] })).status, type).toBe(201);
    }
  });
});

describe('secret headers and channel URLs', () => {
  it('are write-only, sealed at rest, kept on update, masked or whole by role, and blanked from what a provider echoes', async () => {
    const url = `${echo.url}?token=${URL_TOKEN}`;
    const secretHeaders = [
      { name: 'X-Api-Key', value: API_KEY },
      { name: 'Authorization', value: BEARER },
    ];
    const created = await createPolicy(server, owner, { name: 'Keys', channels: [custom(url, null, '{"s": "{{status}}"}', { secretHeaders })] });
    const shown = {
      ...custom(url, null, '{"s": "{{status}}"}'),
      secretHeaders: [
        { name: 'X-Api-Key', valueSet: true },
        { name: 'Authorization', valueSet: true },
      ],
    };
    expect(created.channels).toEqual([shown]);

    // The Owner sees the URL whole; a Member sees where it goes and which headers are set, nothing more.
    expect(expectStatus(await call(server, owner, 'GET', `${POLICIES}/${created.id}`), 200).channels).toEqual([shown]);
    const byMember = await call(server, member, 'GET', `${POLICIES}/${created.id}`);
    expect(expectStatus(byMember, 200).channels).toEqual([{ ...shown, url: `${new URL(echo.url).origin}/…` }]);
    const listed = await call(server, member, 'GET', POLICIES);
    for (const text of [byMember.text, listed.text]) {
      for (const secret of [API_KEY, BEARER, URL_TOKEN, '/echo']) expect(text).not.toContain(secret);
    }

    // Omitted on update: kept. The test send carries them.
    const renamed = expectStatus(
      await call(server, owner, 'PATCH', `${POLICIES}/${created.id}`, { channels: [custom(url, null, '{"s": "{{status}}"}')] }),
      200,
    );
    expect(renamed.channels).toEqual([shown]);
    const tested = expectStatus(await call(server, owner, 'POST', `${POLICIES}/${created.id}/test`), 200);
    const [request] = await echo.waitFor(1);
    expect(request!.headers['x-api-key']).toBe(API_KEY);
    expect(request!.headers.authorization).toBe(BEARER);
    expect(tested.results[0]).toMatchObject({ outcome: 'failed', statusCode: 401 });
    expect(tested.results[0].error).toContain('[secret]');

    // What the provider echoed is in no answer, log or stored row, in any form.
    const forms = (secret: string) => [secret, encodeURIComponent(secret), Buffer.from(secret).toString('base64')];
    const leaks = [...forms(API_KEY), ...forms(BEARER), ...forms(URL_TOKEN), API_KEY.slice(0, 8), URL_TOKEN.slice(4, 12)];
    const deliveriesByOwner = await call(server, owner, 'GET', `${POLICIES}/${created.id}/deliveries`);
    const deliveriesByMember = await call(server, member, 'GET', `${POLICIES}/${created.id}/deliveries`);
    expect(expectStatus(deliveriesByMember, 200).data[0].channel).toEqual({ type: 'custom', method: 'POST', url: `${new URL(echo.url).origin}/…` });
    expect(expectStatus(deliveriesByOwner, 200).data[0].channel.url).toBe(url);
    for (const [where, text] of <Array<[string, string]>>[
      ['the test answer’s error', JSON.stringify(tested.results.map((r: any) => r.error))],
      ['the deliveries log (Member)', deliveriesByMember.text],
      ['the deliveries log (Owner)', JSON.stringify(deliveriesByOwner.body.data.map((d: any) => d.error))],
      ['the server log', server.logs()],
    ]) {
      for (const leak of leaks) expect(text.includes(leak), `${where} holds ${leak}`).toBe(false);
    }
    expect(server.logs()).toContain('alert delivery attempt failed');
    const stored = (await server.storedBytes()).toString('latin1');
    for (const leak of [API_KEY, BEARER, encodeURIComponent(API_KEY), encodeURIComponent(BEARER)])
      expect(stored.includes(leak), `the store holds ${leak}`).toBe(false);

    // null removes them.
    const cleared = expectStatus(
      await call(server, owner, 'PATCH', `${POLICIES}/${created.id}`, { channels: [custom(url, null, '{"s": "{{status}}"}', { secretHeaders: null })] }),
      200,
    );
    expect(cleared.channels[0].secretHeaders).toEqual([]);
  });

  it('refuses a secret header named like a plain one or Content-Type, and a bad name or value', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ headers: [{ name: 'X-Key', value: 'a' }], secretHeaders: [{ name: 'x-key', value: 'b' }] }, 'channels.0.secretHeaders.0.name'],
      [{ secretHeaders: [{ name: 'Content-Type', value: 'text/plain' }] }, 'channels.0.secretHeaders.0.name'],
      [{ secretHeaders: [{ name: 'Host', value: 'x' }] }, 'channels.0.secretHeaders.0.name'],
      [{ secretHeaders: [{ name: 'X-A', value: 'line\nbreak' }] }, 'channels.0.secretHeaders.0.value'],
      [
        {
          secretHeaders: [
            { name: 'X-A', value: 'a' },
            { name: 'x-a', value: 'b' },
          ],
        },
        'channels.0.secretHeaders.1.name',
      ],
      [{ secretHeaders: [{ name: 'X-A' }] }, 'channels.0.secretHeaders.0.value'],
    ];
    for (const [more, field] of cases) {
      const answer = await call(server, owner, 'POST', POLICIES, { name: 'P', channels: [{ ...custom(json.url, null, '{"s": "{{status}}"}'), ...more }] });
      expect(answer.status, JSON.stringify(more)).toBe(400);
      expect(
        answer.body.errors.map((e: any) => e.field),
        JSON.stringify(more),
      ).toContain(field);
    }
  });

  it('are re-sealed by `lookout secrets rotate`, and the new ciphertext opens with the new key only', async () => {
    const oldKey = randomBytes(32).toString('base64');
    const newKey = randomBytes(32).toString('base64');
    const keyed = await startServer({ LOOKOUT_SECRET_KEY: oldKey });
    try {
      const admin = await keyed.newTeam('Owner');
      const policy = await createPolicy(keyed, admin, {
        name: 'Rotated',
        channels: [custom(json.url, null, '{"s": "{{status}}"}', { secretHeaders: [{ name: 'X-Api-Key', value: API_KEY }] })],
      });
      const sealed = async () => {
        const row = await keyed.app.store.db.selectFrom('notification_policies').select('channels').where('id', '=', policy.id).executeTakeFirstOrThrow();
        return JSON.parse(row.channels)[0].secretHeaders[0] as { name: string; value: string };
      };
      const before = await sealed();
      expect(before.name).toBe('X-Api-Key');
      expect(new SecretBox(envKeySource(oldKey)).open(before.value, channelSecretAt(policy.id, 'custom', 'secretHeaders'))).toBe(API_KEY);

      const rotated = await runCli(['secrets', 'rotate', '--json'], { ...keyed.env, LOOKOUT_SECRET_KEY: `${newKey},${oldKey}` });
      expect(rotated.code, rotated.stderr).toBe(0);
      expect(rotated.stdout).not.toContain(API_KEY);
      const after = await sealed();
      expect(after.name).toBe('X-Api-Key');
      expect(after.value).not.toBe(before.value);
      expect(new SecretBox(envKeySource(newKey)).open(after.value, channelSecretAt(policy.id, 'custom', 'secretHeaders'))).toBe(API_KEY);
    } finally {
      await keyed.close();
    }
  });
});
