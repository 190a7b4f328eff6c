import { describe, expect, it } from 'vitest';
import { gatusToDocument, kumaToDocument } from '../../src/import/index.js';
import { expectApplicable } from './document-checks.js';

/*
 * Every notification provider of Kuma and alerting provider of Gatus that Lookout has a channel
 * for, and the ones it has not: each becomes a policy of one channel, or a skipped entry.
 */

const PUSHOVER_USER = 'uQiRzpo4DXghDmr9QzzfQu27cmVRsG';
const PUSHOVER_APP = 'azGDORePK8gMaC0QOYAMyEEuzJnyUi';

function kumaBackup(notifications: Array<{ id: number; name: string; config: Record<string, unknown> }>) {
  return { version: '1.23.16', notificationList: notifications.map((n) => ({ ...n, config: JSON.stringify(n.config) })), monitorList: [] };
}

describe('notification providers become policies', () => {
  it('maps Kuma’s Discord, Teams, ntfy, Pushover and Opsgenie notifications, and skips what Lookout cannot send', () => {
    const result = kumaToDocument(
      kumaBackup([
        { id: 1, name: 'Discord', config: { type: 'discord', discordWebhookUrl: 'https://discord.com/api/webhooks/1/abc', discordUsername: 'kuma' } },
        { id: 2, name: 'Teams', config: { type: 'teams', webhookUrl: 'https://example.webhook.office.com/webhookb2/x' } },
        {
          id: 3,
          name: 'ntfy',
          config: {
            type: 'ntfy',
            ntfyserverurl: 'https://ntfy.example.org/',
            ntfytopic: 'kuma alerts',
            ntfyPriority: 5,
            ntfyAuthenticationMethod: 'accessToken',
            ntfyaccesstoken: 'tk_secret',
          },
        },
        { id: 4, name: 'Pushover', config: { type: 'pushover', pushoveruserkey: PUSHOVER_USER, pushoverapptoken: PUSHOVER_APP, pushoverpriority: '1' } },
        { id: 5, name: 'Opsgenie EU', config: { type: 'Opsgenie', opsgenieApiKey: 'abcd-1234-efgh', opsgenieRegion: 'eu', opsgeniePriority: 3 } },
        {
          id: 6,
          name: 'ntfy with a password',
          config: {
            type: 'ntfy',
            ntfyserverurl: 'https://ntfy.sh',
            ntfytopic: 't',
            ntfyAuthenticationMethod: 'usernamePassword',
            ntfyusername: 'u',
            ntfypassword: 'p',
          },
        },
        { id: 7, name: 'Matrix', config: { type: 'matrix', homeserverUrl: 'https://matrix.org' } },
        { id: 8, name: 'Nameless', config: {} },
      ]),
    );
    expect(result.document.notificationPolicies.map(({ key, channels }) => ({ key, channels }))).toEqual([
      { key: 'kuma-notification-1', channels: [{ type: 'discord', webhookUrl: 'https://discord.com/api/webhooks/1/abc' }] },
      { key: 'kuma-notification-2', channels: [{ type: 'teams', webhookUrl: 'https://example.webhook.office.com/webhookb2/x' }] },
      { key: 'kuma-notification-3', channels: [{ type: 'ntfy', url: 'https://ntfy.example.org/kuma%20alerts', token: 'tk_secret', priority: 5 }] },
      { key: 'kuma-notification-4', channels: [{ type: 'pushover', userKey: PUSHOVER_USER, appToken: PUSHOVER_APP }] },
      { key: 'kuma-notification-5', channels: [{ type: 'opsgenie', apiKey: 'abcd-1234-efgh', region: 'eu' }] },
    ]);
    expect(result.skipped).toEqual([
      { name: 'notification ntfy with a password', reason: 'ntfy with a user name and password: Lookout sends ntfy an access token only' },
      { name: 'notification Matrix', reason: 'provider matrix is not one Lookout sends to' },
      { name: 'notification Nameless', reason: 'its provider is not named' },
    ]);
    expect(result.notes).toContain('notification Teams: Lookout posts to a Teams Workflows webhook; if this URL is an older Office 365 connector, replace it');
    expectApplicable(result);
  });

  it('gives a Kuma monitor linked to more than one notification a policy holding all their channels', () => {
    const backup = kumaBackup([
      { id: 1, name: 'A', config: { type: 'slack', slackwebhookURL: 'https://hooks.slack.com/services/A' } },
      { id: 2, name: 'B', config: { type: 'discord', discordWebhookUrl: 'https://discord.com/api/webhooks/2/b' } },
      { id: 3, name: 'C', config: { type: 'matrix' } },
    ]);
    const monitor = {
      id: 9,
      name: 'Site',
      type: 'http',
      url: 'https://example.org',
      interval: 60,
      accepted_statuscodes: ['200'],
      notificationIDList: { '2': true, '1': true, '3': true },
    };
    const result = kumaToDocument({ ...backup, monitorList: [monitor] });
    expect(result.document.monitors[0]!.notificationPolicy).toBe('kuma-notifications-1-2');
    expect(result.document.notificationPolicies.at(-1)).toEqual({
      key: 'kuma-notifications-1-2',
      name: 'A + B',
      notifyOn: ['down', 'up', 'certificate-expiring', 'domain-expiring'],
      channels: [
        { type: 'slack', webhookUrl: 'https://hooks.slack.com/services/A' },
        { type: 'discord', webhookUrl: 'https://discord.com/api/webhooks/2/b' },
      ],
    });
    expectApplicable(result);
  });

  it('maps Gatus’s Telegram, email, Discord, Teams Workflows, Pushover, Opsgenie and custom providers', () => {
    const result = gatusToDocument(`
alerting:
  telegram:
    token: "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw"
    id: "-1001234"
  email:
    from: "gatus@example.org"
    host: "smtp.example.org"
    port: 587
    to: "ops@example.org,lead@example.org"
  discord:
    webhook-url: "https://discord.com/api/webhooks/3/c"
  teams-workflows:
    webhook-url: "https://prod.westeurope.logic.azure.com/workflows/abc"
  pushover:
    application-token: "${PUSHOVER_APP}"
    user-key: "${PUSHOVER_USER}"
  opsgenie:
    api-key: "00000000-0000-0000-0000-000000000000"
  custom:
    url: "https://hooks.example.org/gatus"
    method: "POST"
    headers:
      Content-Type: application/json
    body: '{"text": "[ENDPOINT_NAME] is [ALERT_TRIGGERED_OR_RESOLVED]"}'
endpoints: []
`);
    expect(result.document.notificationPolicies.map(({ key, channels }) => ({ key, channels }))).toEqual([
      { key: 'gatus-telegram', channels: [{ type: 'telegram', chatId: '-1001234', botToken: '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw' }] },
      { key: 'gatus-email', channels: [{ type: 'email', to: ['ops@example.org', 'lead@example.org'] }] },
      { key: 'gatus-discord', channels: [{ type: 'discord', webhookUrl: 'https://discord.com/api/webhooks/3/c' }] },
      { key: 'gatus-teams-workflows', channels: [{ type: 'teams', webhookUrl: 'https://prod.westeurope.logic.azure.com/workflows/abc' }] },
      { key: 'gatus-pushover', channels: [{ type: 'pushover', userKey: PUSHOVER_USER, appToken: PUSHOVER_APP }] },
      { key: 'gatus-opsgenie', channels: [{ type: 'opsgenie', apiKey: '00000000-0000-0000-0000-000000000000', region: 'us' }] },
      {
        key: 'gatus-custom',
        channels: [
          {
            type: 'custom',
            url: 'https://hooks.example.org/gatus',
            method: 'POST',
            headers: [{ name: 'Content-Type', value: 'application/json' }],
            body: '{"text": "{{monitor.name}} is {{status}}"}',
          },
        ],
      },
    ]);
    expect(result.skipped).toEqual([]);
    expectApplicable(result);
  });

  it('skips a Gatus custom provider whose placeholders or method Lookout has no equivalent for', () => {
    const skipped = (custom: string) => gatusToDocument(`alerting:\n  custom:\n${custom}\nendpoints: []\n`).skipped;
    expect(skipped('    url: "https://h.example.org"\n    method: "POST"\n    body: "[ENDPOINT_URL] [RESULT_ERRORS]"')).toEqual([
      { name: 'alerting provider custom', reason: 'custom alert placeholder [ENDPOINT_URL] has no Lookout template variable' },
    ]);
    expect(skipped('    url: "https://h.example.org"\n    body: "x"')).toEqual([
      { name: 'alerting provider custom', reason: 'custom alert with method GET: Lookout sends a custom body with POST or PUT' },
    ]);
  });
});
