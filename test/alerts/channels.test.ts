import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelSecretAt } from '../../src/domain/secrets/places.js';
import { connect, record } from '../mcp/support.js';
import { expectProblem, startServer, type Answer, type Member, type TestServer } from '../helpers/server.js';
import { POLICIES, call, createHttpMonitor, createPolicy, expectStatus } from './fixtures.js';
import { CUSTOM_BODY, PROVIDER_SECRETS, startProviderFakes, type ProviderFakes } from './provider-fakes.js';

/*
 * The eight provider channels as part of a notification policy: their fields, how each is
 * validated, and their secrets, which are written, kept and never read back.
 */

let server: TestServer;
let fakes: ProviderFakes;
let owner: Member;

beforeAll(async () => {
  fakes = await startProviderFakes();
  server = await startServer(fakes.env);
  owner = await server.newTeam('Owner');
});
afterAll(async () => {
  await server.close();
  await fakes.close();
});

const req = (method: string, path: string, body?: unknown) => call(server, owner, method, path, body);
const SECRETS = Object.values(PROVIDER_SECRETS);
const webhook = { type: 'webhook', url: 'https://hooks.acme.test/lookout' };

function invalid(answer: Answer, field: string, path: string): string {
  expectProblem(answer, 400, 'validation', path);
  expect(answer.body.errors.map((e: any) => e.field)).toContain(field);
  const message = answer.body.errors.find((e: any) => e.field === field).message;
  expect(answer.body.detail).toBe(`${answer.body.errors[0].field}: ${answer.body.errors[0].message}`);
  return message;
}

function expectNoSecret(text: string, where: string): void {
  for (const secret of SECRETS) expect(text.includes(secret), `${where} holds a secret`).toBe(false);
}

describe('provider channels', () => {
  it('answers each channel with its fields and `…Set` for its secrets, which no answer, log or stored row holds in plain text', async () => {
    const answer = await req('POST', POLICIES, { name: 'Everywhere', channels: fakes.channels() });
    const policy = expectStatus(answer, 201);
    expect(policy.channels).toEqual([
      { type: 'discord', webhookUrl: fakes.discord.url },
      { type: 'teams', webhookUrl: fakes.teams.url },
      { type: 'telegram', chatId: '-1001234567890', botTokenSet: true },
      { type: 'pagerduty', routingKeySet: true },
      { type: 'opsgenie', region: 'eu', apiKeySet: true },
      { type: 'ntfy', url: fakes.ntfy.url, priority: null, tokenSet: true },
      { type: 'pushover', userKeySet: true, appTokenSet: true },
      { type: 'custom', url: fakes.custom.url, method: 'PUT', headers: [{ name: 'X-Team', value: 'ops' }], secretHeaders: [], body: CUSTOM_BODY },
    ]);
    expectNoSecret(answer.text, 'the create answer');
    const byId = await req('GET', `${POLICIES}/${policy.id}`);
    expect(expectStatus(byId, 200)).toEqual(policy);
    expectNoSecret(byId.text, 'GET');
    expectNoSecret((await req('GET', POLICIES)).text, 'the list');

    // A send puts every channel's message into the outbox and the log: neither holds a secret.
    const test = await req('POST', `${POLICIES}/${policy.id}/test`);
    expect(expectStatus(test, 200).results.map((r: any) => r.outcome)).toEqual(Array(8).fill('delivered'));
    expectNoSecret(test.text, 'the test answer');
    expectNoSecret((await req('GET', `${POLICIES}/${policy.id}/deliveries`)).text, 'the deliveries log');
    const stored = (await server.storedBytes()).toString('latin1');
    expectNoSecret(stored, 'the store');
    const sealed = JSON.parse(
      (await server.app.store.db.selectFrom('notification_policies').select('channels').where('id', '=', policy.id).executeTakeFirstOrThrow()).channels,
    );
    expect(sealed[3].routingKey).toMatch(/^v2\./);
    expect([sealed[6].userKey, sealed[6].appToken].every((v: string) => v.startsWith('v2.'))).toBe(true);
    expectNoSecret(server.logs(), 'the logs');

    // MCP has no policy tools; what it answers of a monitor using the policy names the policy only.
    const monitor = await createHttpMonitor(server, owner, { notificationPolicyId: policy.id });
    const mcp = await connect(server, owner);
    try {
      const tools = JSON.stringify(await mcp.client.listTools());
      expect(tools).not.toMatch(/notification_polic/);
      const got = await mcp.call('get_monitor', { monitorId: monitor.id });
      expect(record(got).notificationPolicyId).toBe(policy.id);
      expectNoSecret(JSON.stringify(got) + JSON.stringify(await mcp.call('list_monitors')), 'MCP');
    } finally {
      await mcp.close();
    }
  });

  it('names the failing field of each channel type', async () => {
    const at1 = (channel: Record<string, unknown>) => ({ name: 'P', channels: [webhook, channel] });
    const custom = { type: 'custom', url: 'https://hooks.acme.test/x', method: 'POST', body: '{"m": "{{monitor.name}}"}' };
    const s = PROVIDER_SECRETS;
    const cases: Array<[Record<string, unknown>, string, RegExp?]> = [
      [{ type: 'discord' }, 'webhookUrl', /is required/],
      [{ type: 'discord', webhookUrl: 'discord.com/api/webhooks/1/x' }, 'webhookUrl', /absolute http/],
      [{ type: 'teams', webhookUrl: 'ftp://x.test' }, 'webhookUrl'],
      [{ type: 'telegram', botToken: s.botToken }, 'chatId', /is required/],
      [{ type: 'telegram', chatId: 'general', botToken: s.botToken }, 'chatId', /@username/],
      [{ type: 'telegram', chatId: '42' }, 'botToken', /is required/],
      [{ type: 'telegram', chatId: '42', botToken: '123/../../getMe' }, 'botToken', /BotFather/],
      [{ type: 'pagerduty' }, 'routingKey', /is required/],
      [{ type: 'pagerduty', routingKey: 'short' }, 'routingKey', /32-character/],
      [{ type: 'pagerduty', routingKey: s.routingKey, region: 'eu' }, 'region', /is not allowed/],
      [{ type: 'opsgenie', apiKey: s.apiKey, region: 'ap' }, 'region', /us, eu/],
      [{ type: 'opsgenie', apiKey: 'has spaces in it' }, 'apiKey'],
      [{ type: 'ntfy', url: 'ntfy.sh/topic' }, 'url'],
      [{ type: 'ntfy', url: 'https://ntfy.sh/t', priority: 6 }, 'priority', /at most 5/],
      [{ type: 'ntfy', url: 'https://ntfy.sh/t', token: 'two words' }, 'token'],
      [{ type: 'pushover', userKey: s.userKey }, 'appToken', /is required/],
      [{ type: 'pushover', userKey: 'x', appToken: s.appToken }, 'userKey', /30 letters and digits/],
      [{ ...custom, method: 'GET' }, 'method', /POST, PUT/],
      [{ ...custom, url: undefined }, 'url', /is required/],
      [{ ...custom, body: '' }, 'body', /must not be empty/],
      [{ ...custom, body: '{"m": "{{monitor.nam}}"}' }, 'body', /unknown variable "\{\{monitor\.nam\}\}"/],
      [{ ...custom, body: '{"m": "{{ constructor }}"}' }, 'body', /unknown variable/],
      [{ ...custom, body: '{"status": {{status}}}' }, 'body', /must be JSON once its variables are filled in/],
      [{ ...custom, headers: [{ name: 'Content-Length', value: '1' }] }, 'headers.0.name'],
      [{ ...custom, headers: [{ name: 'X-A', value: 'line\nbreak' }] }, 'headers.0.value'],
      [{ ...custom, secret: 'not a custom field' }, 'secret', /is not allowed/],
    ];
    for (const [channel, field, message] of cases) {
      const text = invalid(await req('POST', POLICIES, at1(JSON.parse(JSON.stringify(channel)))), `channels.1.${field}`, POLICIES);
      if (message) expect(text, `${JSON.stringify(channel)} → ${field}`).toMatch(message);
    }
    // A body that is not JSON is fine when the channel says it sends something else.
    const plain = await createPolicy(server, owner, {
      name: 'Plain text',
      channels: [{ ...custom, headers: [{ name: 'Content-Type', value: 'text/plain' }], body: '{{monitor.name}} is {{ status }}' }],
    });
    expect(plain.channels[0].body).toBe('{{monitor.name}} is {{ status }}');
    // An unknown type lists the types there are.
    expect(invalid(await req('POST', POLICIES, at1({ type: 'sms' })), 'channels.1.type', POLICIES)).toBe(
      'must be one of webhook, slack, email, discord, teams, telegram, pagerduty, opsgenie, ntfy, pushover, custom',
    );
  });

  it('PATCH keeps each secret left out, replaces one sent, removes an optional one sent as null, and names a required one it cannot keep', async () => {
    const s = PROVIDER_SECRETS;
    const policy = await createPolicy(server, owner, {
      name: 'Keep',
      channels: [
        { type: 'pagerduty', routingKey: s.routingKey },
        { type: 'pagerduty', routingKey: s.otherRoutingKey },
        { type: 'pushover', userKey: s.userKey, appToken: s.appToken },
        { type: 'ntfy', url: fakes.ntfy.url, token: s.ntfyToken },
        { type: 'telegram', chatId: '42', botToken: s.botToken },
      ],
    });
    const byId = `${POLICIES}/${policy.id}`;
    const stored = async () =>
      JSON.parse(
        (await server.app.store.db.selectFrom('notification_policies').select('channels').where('id', '=', policy.id).executeTakeFirstOrThrow()).channels,
      );
    const before = await stored();

    // Everything repeated without secrets: every sealed value stays as it was, each in its place.
    const repeated = expectStatus(
      await req('PATCH', byId, {
        channels: [
          { type: 'pagerduty' },
          { type: 'pagerduty' },
          { type: 'pushover' },
          { type: 'ntfy', url: fakes.ntfy.url },
          { type: 'telegram', chatId: '42' },
        ],
      }),
      200,
    );
    expect(repeated.channels).toEqual(policy.channels);
    expect(await stored()).toEqual(before);

    // One secret of two replaced: the other kept. Null removes ntfy's optional token.
    const otherUser = 'gznej3rKEVAvPUxu9vvNnqpmZpokzF';
    const changed = expectStatus(
      await req('PATCH', byId, {
        channels: [{ type: 'pagerduty' }, { type: 'pushover', userKey: otherUser }, { type: 'ntfy', url: fakes.ntfy.url, token: null }],
      }),
      200,
    );
    expect(changed.channels).toEqual([
      { type: 'pagerduty', routingKeySet: true },
      { type: 'pushover', userKeySet: true, appTokenSet: true },
      { type: 'ntfy', url: fakes.ntfy.url, priority: null, tokenSet: false },
    ]);
    const after = await stored();
    expect(after[0].routingKey).toBe(before[0].routingKey);
    expect(after[1].appToken).toBe(before[2].appToken);
    expect(after[1].userKey).not.toBe(before[2].userKey);
    expect(server.app.services.secrets.box.open(after[1].userKey, channelSecretAt(policy.id, 'pushover', 'userKey'))).toBe(otherUser);

    // A Telegram channel for another chat, or a type the policy does not have, has nothing to keep.
    const unkept = await req('PATCH', byId, {
      channels: [{ type: 'telegram', chatId: '43' }, { type: 'opsgenie' }, { type: 'pushover', userKey: otherUser }],
    });
    invalid(unkept, 'channels.0.botToken', byId);
    expect(unkept.body.errors).toEqual([
      { field: 'channels.0.botToken', message: 'is required: no channel of the policy has one to keep' },
      { field: 'channels.1.apiKey', message: 'is required: no channel of the policy has one to keep' },
    ]);
    expect(expectStatus(await req('GET', byId), 200).channels).toEqual(changed.channels);
    // Null is no way to remove a required secret.
    invalid(await req('PATCH', byId, { channels: [{ type: 'pagerduty', routingKey: null }] }), 'channels.0.routingKey', byId);
  });
});
