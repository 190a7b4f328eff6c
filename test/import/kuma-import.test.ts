import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { IMPORT_LIMITS, ImportError, kumaToDocument, readKumaDatabase, readKumaFile } from '../../src/import/index.js';
import { KUMA_DATABASE_ROWS, databaseSource } from '../../src/import/kuma/source.js';
import { createTestCa } from '../helpers/certificates.js';
import { expectApplicable } from './document-checks.js';
import { KUMA_2X_MONITORS, KUMA_LINKS, KUMA_MONITORS, KUMA_NOTIFICATIONS, KUMA_SETTINGS } from './fixtures/kuma-data.js';
import { createKumaDatabase, type KumaRows } from './fixtures/kuma-schema.js';

const dir = mkdtempSync(join(tmpdir(), 'lookout-kuma-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function database(name: string, version: '1.x' | '2.x', rows: KumaRows): string {
  const path = join(dir, name);
  createKumaDatabase(path, version, rows);
  return path;
}

const v1 = database('kuma-1.db', '1.x', { monitors: KUMA_MONITORS, notifications: KUMA_NOTIFICATIONS, links: KUMA_LINKS });
const v2 = database('kuma-2.db', '2.x', {
  monitors: [...KUMA_MONITORS, ...KUMA_2X_MONITORS],
  notifications: KUMA_NOTIFICATIONS,
  links: KUMA_LINKS,
  settings: KUMA_SETTINGS,
});

const REGIONS = ['us-east'];
const NOTIFY_ON = ['down', 'up', 'certificate-expiring', 'domain-expiring'];
const SLACK = { type: 'slack', webhookUrl: 'https://hooks.slack.com/services/T000/B000/XXXX' };
const TELEGRAM = { type: 'telegram', chatId: '-100200300', botToken: '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw' };

/** The monitors every Kuma version maps alike; `warningDays` is the latest of Kuma's expiry notices (its setting, or 7/14/21). */
function commonMonitors(warningDays: number) {
  return [
    {
      key: 'kuma-1',
      type: 'http',
      name: 'Homepage',
      intervalSeconds: 60,
      timeoutSeconds: 24,
      regions: REGIONS,
      url: 'http://www.example.org/',
      method: 'GET',
      expectedStatus: 200,
      followRedirects: true,
      notificationPolicy: 'kuma-notification-1',
    },
    {
      key: 'kuma-2',
      type: 'http',
      name: 'Shop keyword',
      intervalSeconds: 120,
      timeoutSeconds: 10,
      regions: REGIONS,
      failureThreshold: 3,
      url: 'https://shop.example.org/health',
      method: 'GET',
      expectedStatus: 200,
      auth: { type: 'bearer', secret: 'shop-token-123' },
      headers: [{ name: 'X-Env', value: 'production' }],
      followRedirects: true,
      assertions: [{ source: 'body', op: 'contains', value: 'All systems go' }],
      notificationPolicy: 'kuma-notifications-1-2',
    },
    {
      key: 'kuma-2-certificate',
      type: 'ssl',
      name: 'Shop keyword certificate',
      intervalSeconds: 120,
      timeoutSeconds: 10,
      regions: REGIONS,
      host: 'shop.example.org',
      port: 443,
      warningDays,
      notificationPolicy: 'kuma-notifications-1-2',
    },
    {
      key: 'kuma-3',
      type: 'http',
      name: 'Login has no error',
      intervalSeconds: 60,
      timeoutSeconds: 30,
      regions: REGIONS,
      url: 'https://app.example.org/login',
      method: 'POST',
      expectedStatus: 200,
      auth: { type: 'basic', username: 'probe', secret: 's3cret' },
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      body: '{"probe": true}',
      followRedirects: false,
      assertions: [{ source: 'body', op: 'notContains', value: 'Internal Server Error' }],
    },
    {
      key: 'kuma-4',
      type: 'http',
      name: 'API status',
      intervalSeconds: 60,
      timeoutSeconds: 48,
      regions: REGIONS,
      url: 'https://api.example.org/status',
      method: 'GET',
      expectedStatus: 200,
      followRedirects: true,
      assertions: [{ source: 'json', path: '$.data.status', op: 'eq', value: 'ok' }],
      notificationPolicy: 'kuma-notification-3',
    },
    { key: 'kuma-5', type: 'tcp', name: 'Postgres port', intervalSeconds: 60, timeoutSeconds: 5, regions: REGIONS, host: 'db.example.org', port: 5432 },
    {
      key: 'kuma-6',
      type: 'dns',
      name: 'Mail exchanger',
      intervalSeconds: 300,
      timeoutSeconds: 10,
      regions: REGIONS,
      hostname: 'example.org',
      recordType: 'MX',
      resolver: '1.1.1.1:5353',
    },
    { key: 'kuma-7', type: 'heartbeat', name: 'Nightly backup', periodSeconds: 86400, graceSeconds: 3600, notificationPolicy: 'kuma-notification-5' },
    {
      key: 'kuma-8',
      type: 'ping',
      name: 'Router ping',
      intervalSeconds: 60,
      timeoutSeconds: 48,
      regions: REGIONS,
      notificationPolicy: 'kuma-notification-1',
      host: '192.168.1.1',
      packets: 1,
    },
  ];
}

const KUMA_2X_ONLY = [
  {
    key: 'kuma-16',
    type: 'http',
    name: 'Queue depth',
    intervalSeconds: 60,
    timeoutSeconds: 10,
    regions: REGIONS,
    url: 'https://api.example.org/queue',
    method: 'GET',
    expectedStatus: 200,
    auth: { type: 'bearer', secret: 'queue-token' },
    followRedirects: true,
    assertions: [{ source: 'json', path: '$.queue.depth', op: 'lt', value: 100 }],
  },
  {
    key: 'kuma-17',
    type: 'dns',
    name: 'Apex A record',
    intervalSeconds: 60,
    timeoutSeconds: 48,
    regions: REGIONS,
    hostname: 'example.org',
    recordType: 'A',
    resolver: '9.9.9.9',
    assertions: [{ source: 'answer', op: 'contains', value: '93.184.215.14' }],
  },
];

const POLICIES = [
  { key: 'kuma-notification-1', name: 'Ops Slack', notifyOn: NOTIFY_ON, channels: [SLACK] },
  { key: 'kuma-notification-2', name: 'On-call Telegram', notifyOn: NOTIFY_ON, channels: [TELEGRAM] },
  { key: 'kuma-notification-3', name: 'Mail the team', notifyOn: NOTIFY_ON, channels: [{ type: 'email', to: ['ops@example.org', 'lead@example.org'] }] },
  { key: 'kuma-notification-5', name: 'PagerDuty', notifyOn: NOTIFY_ON, channels: [{ type: 'pagerduty', routingKey: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6' }] },
  { key: 'kuma-notification-6', name: 'Deploy hook', notifyOn: NOTIFY_ON, channels: [{ type: 'webhook', url: 'https://hooks.example.org/kuma' }] },
  { key: 'kuma-notifications-1-2', name: 'Ops Slack + On-call Telegram', notifyOn: NOTIFY_ON, channels: [SLACK, TELEGRAM] },
];

const SKIPPED = [
  { name: 'notification Gotify phone', reason: 'provider gotify is not one Lookout sends to' },
  { name: 'Production', reason: 'a group only gathers other monitors; Lookout has no monitor groups' },
  { name: 'nginx container', reason: 'Docker container state is not something Lookout checks' },
  { name: 'Intranet', reason: 'authentication ntlm is not one Lookout sends (it has basic, bearer and a header)' },
  { name: 'Old blog', reason: 'it is paused in Uptime Kuma (a new Lookout monitor would start checking at once); resume it there first or add it by hand' },
  { name: 'Sensor feed', reason: 'MQTT is not a Lookout monitor type' },
  { name: 'Maintenance page down', reason: 'upside-down mode (up when the check fails) is not something Lookout does' },
  { name: 'CAA record', reason: 'DNS record type CAA is not one Lookout asks for (A, AAAA, CNAME, MX, TXT, NS)' },
];

/** A Kuma 1.23 JSON backup of the same monitors, written as its Settings → Backup wrote them (`Monitor.toJSON()`). */
function backupOf(rows: KumaRows): Record<string, unknown> {
  const linked = (id: number) => Object.fromEntries(KUMA_LINKS.filter((link) => link.monitorId === id).map((link) => [String(link.notificationId), true]));
  return {
    version: '1.23.16',
    notificationList: rows.notifications.map((n) => ({
      id: n.id,
      name: n.name,
      config: JSON.stringify({ name: n.name, ...n.config }),
      active: true,
      userId: 1,
      isDefault: false,
    })),
    monitorList: rows.monitors.map((m) => ({
      id: m.id,
      name: m.name,
      description: null,
      type: m.type,
      url: m.url ?? 'https://',
      method: m.method ?? 'GET',
      hostname: m.hostname ?? null,
      port: m.port ?? null,
      maxretries: m.maxretries ?? 0,
      weight: 2000,
      active: m.active === 0 ? false : true,
      type_: undefined,
      timeout: m.timeout ?? 48,
      interval: m.interval,
      retryInterval: m.retry_interval ?? m.interval,
      resendInterval: 0,
      keyword: m.keyword ?? null,
      invertKeyword: m.invert_keyword === 1,
      expiryNotification: m.expiry_notification !== 0,
      ignoreTls: false,
      upsideDown: m.upside_down === 1,
      packetSize: 56,
      maxredirects: m.maxredirects ?? 10,
      accepted_statuscodes: JSON.parse(String(m.accepted_statuscodes_json ?? '["200-299"]')) as string[],
      dns_resolve_type: m.dns_resolve_type ?? 'A',
      dns_resolve_server: m.dns_resolve_server ?? '1.1.1.1',
      dns_last_result: null,
      docker_container: m.docker_container ?? '',
      docker_host: null,
      proxyId: null,
      notificationIDList: linked(Number(m.id)),
      tags: [],
      authMethod: m.auth_method ?? null,
      httpBodyEncoding: m.http_body_encoding ?? 'json',
      jsonPath: m.json_path ?? null,
      expectedValue: m.expected_value ?? null,
      headers: m.headers ?? null,
      body: m.body ?? null,
      basic_auth_user: m.basic_auth_user ?? null,
      basic_auth_pass: m.basic_auth_pass ?? null,
      pushToken: m.push_token ?? null,
    })),
  };
}

describe('import from Uptime Kuma', () => {
  it('maps a 2.x kuma.db: every kind Lookout checks, policies from its notifications, the rest skipped with reasons', () => {
    const result = kumaToDocument(readKumaDatabase(v2));
    expect(result.document).toEqual({ monitors: [...commonMonitors(30), ...KUMA_2X_ONLY], notificationPolicies: POLICIES });
    expect(result.skipped).toEqual([
      ...SKIPPED,
      { name: 'Checkout flow', reason: 'real-browser checks (a headless Chromium loading the page) are not a Lookout monitor type' },
    ]);
    expect(result.notes).toEqual(
      expect.arrayContaining([
        'Homepage (kuma 1): interval 30 s raised to 60 s, the shortest Lookout checks at',
        'Homepage (kuma 1): accepted status codes 200-299 became 200 (Lookout expects one code)',
        'Login has no error (kuma 3): accepted status codes 302 left out (Lookout expects one code: 200)',
        'Apex A record (kuma 17): DNS servers 1.1.1.1 left out (Lookout asks one server)',
        'Nightly backup (kuma 7): push monitor became a heartbeat; point the job at its new pingUrl (Lookout makes a new key)',
      ]),
    );
    // A skipped monitor says only why it was skipped.
    expect(result.notes.filter((note) => note.includes('Intranet'))).toEqual([]);
    expectApplicable(result);
  });

  it('maps a 1.x kuma.db alike (no JSON operator column, no conditions; the default expiry notices)', () => {
    const result = kumaToDocument(readKumaDatabase(v1));
    expect(result.document).toEqual({ monitors: commonMonitors(21), notificationPolicies: POLICIES });
    expect(result.skipped).toEqual(SKIPPED);
    expectApplicable(result);
  });

  it('maps a 1.x JSON backup to the same document as the database it was taken from', () => {
    const backup = backupOf({ monitors: KUMA_MONITORS, notifications: KUMA_NOTIFICATIONS, links: KUMA_LINKS });
    const path = join(dir, 'backup.json');
    writeFileSync(path, JSON.stringify(backup, null, 4));
    const result = kumaToDocument(readKumaFile(path));
    expect(result.document).toEqual(kumaToDocument(readKumaDatabase(v1)).document);
    expect(result.skipped).toEqual(SKIPPED);
    expectApplicable(result);
  });

  it('derives keys from Kuma ids: two conversions give the same document, so importing twice duplicates nothing', () => {
    const first = kumaToDocument(readKumaFile(v2));
    const second = kumaToDocument(readKumaFile(v2));
    expect(second).toEqual(first);
    expect(first.document.monitors.map((monitor) => monitor.key)).toEqual([
      'kuma-1',
      'kuma-2',
      'kuma-2-certificate',
      'kuma-3',
      'kuma-4',
      'kuma-5',
      'kuma-6',
      'kuma-7',
      'kuma-8',
      'kuma-16',
      'kuma-17',
    ]);
  });

  it('skips, with Lookout’s own reason, a monitor whose fields Lookout would refuse', () => {
    const path = database('refused.db', '2.x', {
      monitors: [
        { id: 1, name: 'FTP server', type: 'http', url: 'ftp://files.example.org/', interval: 60 },
        { id: 2, name: 'PATCH probe', type: 'http', url: 'https://example.org/', method: 'PATCH', interval: 60 },
        { id: 3, name: 'Teapot range', type: 'http', url: 'https://example.org/', accepted_statuscodes_json: '["abc"]', interval: 60 },
      ],
      notifications: [{ id: 1, name: 'Bad Telegram', config: { type: 'telegram', telegramBotToken: 'not-a-token', telegramChatID: '42' } }],
      links: [],
    });
    const result = kumaToDocument(readKumaDatabase(path));
    expect(result.document).toEqual({ monitors: [], notificationPolicies: [] });
    expect(result.skipped).toEqual([
      { name: 'notification Bad Telegram', reason: expect.stringMatching(/^Lookout would refuse it: botToken must be a bot token/) },
      { name: 'FTP server', reason: 'Lookout would refuse it: url must be an absolute http:// or https:// URL' },
      { name: 'PATCH probe', reason: 'method PATCH is not one Lookout sends (GET, POST, PUT, DELETE, HEAD)' },
      { name: 'Teapot range', reason: 'accepted status code abc is not a status code' },
    ]);
  });

  it('skips a backup monitor whose id another one already has, keeping keys unique', () => {
    const monitor = (name: string) => ({ id: 5, name, type: 'port', hostname: 'db.example.org', port: 5432, interval: 60, notificationIDList: {} });
    const result = kumaToDocument({ version: '1.23.16', notificationList: [], monitorList: [monitor('first'), monitor('second')] });
    expect(result.document.monitors.map((each) => [each.key, each.name])).toEqual([['kuma-5', 'first']]);
    expect(result.skipped).toEqual([{ name: 'second', reason: 'another monitor has the same id (5), so the same key kuma-5' }]);
  });

  it('moves credentials out of a URL into basic auth', () => {
    const monitor = {
      id: 4,
      name: 'Admin',
      type: 'http',
      url: 'https://ops:p%40ss@admin.example.org/health',
      interval: 60,
      accepted_statuscodes: ['200'],
      notificationIDList: {},
    };
    const result = kumaToDocument({ version: '1.23.16', notificationList: [], monitorList: [monitor] });
    expect(result.document.monitors[0]).toMatchObject({ url: 'https://admin.example.org/health', auth: { type: 'basic', username: 'ops', secret: 'p@ss' } });
    expect(result.notes).toEqual(['Admin (kuma 4): credentials in the URL became basic auth']);
    expectApplicable(result);
  });

  it('notes what Lookout checks differently: a proxy, ignored TLS errors, a body on GET, headers it sets itself', () => {
    const monitor = {
      id: 3,
      name: 'Behind proxy',
      type: 'http',
      url: 'https://example.org',
      interval: 60,
      proxyId: 1,
      ignoreTls: true,
      method: 'GET',
      body: '{"a": 1}',
      headers: JSON.stringify({ Host: 'other.example.org', Accept: 'text/html' }),
      accepted_statuscodes: ['200'],
      notificationIDList: {},
    };
    const result = kumaToDocument({ version: '1.23.16', notificationList: [], monitorList: [monitor] });
    expect(result.document.monitors).toEqual([
      {
        key: 'kuma-3',
        type: 'http',
        name: 'Behind proxy',
        intervalSeconds: 60,
        timeoutSeconds: 48,
        regions: REGIONS,
        url: 'https://example.org',
        method: 'GET',
        expectedStatus: 200,
        headers: [{ name: 'Accept', value: 'text/html' }],
        followRedirects: true,
        // Kuma's "ignore TLS errors" maps: the runs say the certificate was not verified.
        tlsVerify: false,
      },
    ]);
    expect(result.notes).toEqual([
      'Behind proxy (kuma 3): request body left out (Lookout sends a body only with POST, PUT or DELETE)',
      'Behind proxy (kuma 3): header Host left out (Lookout sets it itself)',
      // A JSON backup does not describe Kuma's proxies.
      'Behind proxy (kuma 3): Uptime Kuma checked it through a proxy this file does not describe (or a SOCKS one); Lookout connects directly',
    ]);
  });

  it('maps tags, mTLS and an http proxy of a kuma.db; a tag that cannot be one is left out', () => {
    const client = createTestCa().issue({ names: ['kuma-client'], clientAuth: true });
    const monitor = {
      id: 4,
      name: 'Internal API',
      type: 'http',
      url: 'https://api.internal',
      interval: 60,
      method: 'GET',
      accepted_statuscodes: ['200'],
      notificationIDList: {},
      authMethod: 'mtls',
      tlsCert: client.cert,
      tlsKey: client.key,
      tags: [
        { name: 'Production', value: '' },
        { name: 'team', value: 'Payments' },
        { name: '***', value: '' },
      ],
    };
    const result = kumaToDocument({ version: '1.23.16', notificationList: [], monitorList: [monitor] });
    expect(result.document.monitors[0]).toMatchObject({
      key: 'kuma-4',
      tags: ['production', 'team:payments'],
      clientCertificate: { certificate: monitor.tlsCert, key: monitor.tlsKey },
    });
    expect(result.document.monitors[0]).not.toHaveProperty('auth');

    const source = databaseSource({
      [KUMA_DATABASE_ROWS]: true,
      monitors: [
        { id: 5, name: 'Via proxy', type: 'http', url: 'http://intranet', interval: 60, method: 'GET', proxy_id: 2, accepted_statuscodes_json: '["200"]' },
      ],
      notifications: [],
      monitorNotifications: [],
      settings: [],
      monitorTags: [{ monitor_id: 5, name: 'Office', value: '' }],
      proxies: [{ id: 2, protocol: 'http', host: 'proxy.lan', port: 3128, auth: 1, username: 'me', password: 'p@ss' }],
    });
    expect(source.monitors[0]).toMatchObject({ proxyUrl: 'http://me:p%40ss@proxy.lan:3128', tags: [{ name: 'Office', value: '' }] });
  });

  it('refuses, with a clear error, what is not a Kuma backup or database', () => {
    const notBackup = (input: unknown) => () => kumaToDocument(input);
    expect(notBackup([1, 2])).toThrow(ImportError);
    expect(notBackup([1, 2])).toThrow('is not an Uptime Kuma JSON backup: expected an object with version, notificationList and monitorList');
    expect(notBackup({ version: '1.23.0' })).toThrow('is not an Uptime Kuma JSON backup: notificationList invalid input: expected array, received undefined');
    expect(notBackup({ notificationList: [], monitorList: [{ id: 'one', type: 'http' }] })).toThrow('is not an Uptime Kuma JSON backup: monitorList.0.id');
    expect(notBackup(null)).toThrow(ImportError);
    // JSON shaped like a database's rows is still judged as a backup.
    expect(notBackup({ format: 'uptime-kuma-database', monitors: [null], notifications: [null], monitorNotifications: [null], settings: [] })).toThrow(
      'is not an Uptime Kuma JSON backup: notificationList invalid input: expected array, received undefined',
    );

    const text = join(dir, 'notes.txt');
    writeFileSync(text, 'monitors: all of them');
    expect(() => readKumaFile(text)).toThrow(/^is neither an SQLite database nor a JSON backup/);

    const other = join(dir, 'other.db');
    const db = new SQLite(other);
    db.exec('CREATE TABLE things (id INTEGER)');
    db.close();
    expect(() => readKumaFile(other)).toThrow('is not an Uptime Kuma database: it has no table monitor, notification, monitor_notification');
  });

  it('refuses a file over the size limit before reading it (memory stays bounded)', () => {
    const huge = join(dir, 'huge.json');
    writeFileSync(huge, '{"version": "1.23.0", "notificationList": [], "monitorList": [');
    // Sparse: the file claims its size without taking the disk (or, read, the memory) it names.
    truncateSync(huge, IMPORT_LIMITS.fileBytes * 4);
    const before = process.memoryUsage().rss;
    expect(() => readKumaFile(huge)).toThrow(`is ${IMPORT_LIMITS.fileBytes * 4} bytes; an import reads at most ${IMPORT_LIMITS.fileBytes} bytes (16 MiB)`);
    expect(process.memoryUsage().rss - before).toBeLessThan(IMPORT_LIMITS.fileBytes);
  });

  it('refuses a backup with more monitors than an import reads', () => {
    const many = {
      version: '1.23.0',
      notificationList: [],
      monitorList: Array.from({ length: IMPORT_LIMITS.entries + 1 }, (_, i) => ({ id: i, type: 'http' })),
    };
    expect(() => kumaToDocument(many)).toThrow(`holds more than ${IMPORT_LIMITS.entries} monitors; import it in parts`);
  });
});
