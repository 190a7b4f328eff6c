import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gatusToDocument, IMPORT_LIMITS, ImportError, readBoundedText } from '../../src/import/index.js';
import { expectApplicable } from './document-checks.js';
import { GATUS_CONFIG } from './fixtures/gatus-config.js';

const REGIONS = ['us-east'];
const NOTIFY_ON = ['down', 'up', 'certificate-expiring', 'domain-expiring'];
const PAGERDUTY = { type: 'pagerduty', routingKey: '0123456789abcdef0123456789abcdef' };

const MONITORS = [
  {
    key: 'gatus-core-frontend',
    type: 'http',
    name: 'core/frontend',
    intervalSeconds: 60,
    timeoutSeconds: 10,
    regions: REGIONS,
    notificationPolicy: 'gatus-pagerduty-slack-core',
    failureThreshold: 3,
    recoveryThreshold: 2,
    url: 'https://www.example.org/health',
    method: 'GET',
    expectedStatus: 200,
    followRedirects: true,
    assertions: [
      { source: 'json', path: '$.status', op: 'eq', value: 'UP' },
      { source: 'responseTime', op: 'lt', value: 500 },
    ],
  },
  {
    key: 'gatus-core-frontend-certificate',
    type: 'ssl',
    name: 'core/frontend certificate',
    intervalSeconds: 60,
    timeoutSeconds: 10,
    regions: REGIONS,
    notificationPolicy: 'gatus-pagerduty-slack-core',
    failureThreshold: 3,
    recoveryThreshold: 2,
    host: 'www.example.org',
    port: 443,
    warningDays: 2,
  },
  {
    key: 'gatus-core-back-end-api',
    type: 'http',
    name: 'core/back-end api',
    intervalSeconds: 120,
    timeoutSeconds: 5,
    regions: REGIONS,
    url: 'https://api.example.org/v1/health',
    method: 'POST',
    expectedStatus: 200,
    auth: { type: 'bearer', secret: 'gatus-api-token' },
    headers: [{ name: 'Content-Type', value: 'application/json' }],
    body: '{"ping": true}',
    followRedirects: true,
    assertions: [
      { source: 'json', path: '$.data.items[0].healthy', op: 'eq', value: true },
      { source: 'json', path: '$.errors', op: 'notExists' },
    ],
  },
  {
    key: 'gatus-docs',
    type: 'http',
    name: 'docs',
    intervalSeconds: 60,
    timeoutSeconds: 10,
    regions: REGIONS,
    notificationPolicy: 'gatus-ntfy',
    failureThreshold: 3,
    recoveryThreshold: 2,
    url: 'https://docs.example.org/',
    method: 'GET',
    expectedStatus: 200,
    followRedirects: true,
    assertions: [{ source: 'body', op: 'contains', value: 'Documentation' }],
  },
  {
    key: 'gatus-edge-certificate-only',
    type: 'ssl',
    name: 'edge/certificate only',
    intervalSeconds: 3600,
    timeoutSeconds: 10,
    regions: REGIONS,
    host: 'cdn.example.org',
    port: 443,
    warningDays: 30,
  },
  {
    key: 'gatus-data-postgres',
    type: 'tcp',
    name: 'data/postgres',
    intervalSeconds: 60,
    timeoutSeconds: 10,
    regions: REGIONS,
    host: 'db.example.org',
    port: 5432,
    assertions: [{ source: 'responseTime', op: 'lt', value: 200 }],
  },
  {
    key: 'gatus-mail-smtps',
    type: 'tcp',
    name: 'mail/smtps',
    intervalSeconds: 300,
    timeoutSeconds: 10,
    regions: REGIONS,
    host: 'mail.example.org',
    port: 465,
    tls: true,
  },
  {
    key: 'gatus-mail-smtps-certificate',
    type: 'ssl',
    name: 'mail/smtps certificate',
    intervalSeconds: 300,
    timeoutSeconds: 10,
    regions: REGIONS,
    host: 'mail.example.org',
    port: 465,
    warningDays: 7,
  },
  {
    key: 'gatus-dns-example-org-a',
    type: 'dns',
    name: 'dns/example.org A',
    intervalSeconds: 60,
    timeoutSeconds: 10,
    regions: REGIONS,
    hostname: 'example.org',
    recordType: 'A',
    resolver: '8.8.8.8',
    assertions: [{ source: 'answer', op: 'contains', value: '93.184.215.14' }],
  },
  { key: 'gatus-lan-router', type: 'ping', name: 'lan/router', intervalSeconds: 60, timeoutSeconds: 10, regions: REGIONS, host: '192.168.1.1', packets: 1 },
  {
    key: 'gatus-registrar',
    type: 'http',
    name: 'Registrar',
    intervalSeconds: 3600,
    timeoutSeconds: 10,
    regions: REGIONS,
    url: 'https://example.org',
    method: 'GET',
    expectedStatus: 200,
    followRedirects: true,
  },
  {
    key: 'gatus-registrar-domain',
    type: 'domain',
    name: 'Registrar domain',
    intervalSeconds: 3600,
    timeoutSeconds: 10,
    regions: REGIONS,
    domain: 'example.org',
    warningDays: 30,
  },
  {
    key: 'gatus-jobs-nightly-backup',
    type: 'heartbeat',
    name: 'jobs/nightly-backup',
    periodSeconds: 86400,
    graceSeconds: 60,
    notificationPolicy: 'gatus-slack',
    failureThreshold: 3,
    recoveryThreshold: 2,
  },
];

const POLICIES = [
  {
    key: 'gatus-slack',
    name: 'Gatus slack',
    notifyOn: NOTIFY_ON,
    channels: [{ type: 'slack', webhookUrl: 'https://hooks.slack.com/services/T000/B000/GATUS' }],
  },
  { key: 'gatus-pagerduty', name: 'Gatus pagerduty', notifyOn: NOTIFY_ON, channels: [PAGERDUTY] },
  {
    key: 'gatus-ntfy',
    name: 'Gatus ntfy',
    notifyOn: NOTIFY_ON,
    channels: [{ type: 'ntfy', url: 'https://ntfy.example.org/gatus-alerts', token: 'tk_abcdefghijklmnopqrstuvwxyz012', priority: 4 }],
  },
  {
    key: 'gatus-pagerduty-slack-core',
    name: 'Gatus slack (group core) + pagerduty',
    notifyOn: NOTIFY_ON,
    channels: [PAGERDUTY, { type: 'slack', webhookUrl: 'https://hooks.slack.com/services/T000/B000/CORE' }],
  },
];

const SKIPPED = [
  { name: 'alerting provider gotify', reason: 'gotify is not one Lookout sends to' },
  { name: 'chat socket', reason: 'WebSocket endpoints are not a Lookout monitor type' },
  { name: 'bastion', reason: 'SSH is not a Lookout monitor type' },
  { name: 'legacy', reason: 'it is disabled in Gatus' },
  { name: 'dns/srv records', reason: 'DNS record type SRV is not one Lookout asks for (A, AAAA, CNAME, MX, TXT, NS)' },
  { name: 'jobs/ad-hoc report', reason: 'it has no heartbeat interval, so nothing says when a result is missing (Lookout needs a period)' },
];

const dir = mkdtempSync(join(tmpdir(), 'lookout-gatus-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('import from Gatus', () => {
  it('maps a dozen endpoints, external endpoints and alerting providers, and skips the rest with reasons', () => {
    const result = gatusToDocument(GATUS_CONFIG);
    expect(result.document).toEqual({ monitors: MONITORS, notificationPolicies: POLICIES });
    expect(result.skipped).toEqual(SKIPPED);
    expect(result.notes).toEqual([
      'core/frontend: interval 30 s raised to 60 s, the shortest Lookout checks at',
      'core/back-end api: [STATUS] < 300 became 200 (Lookout expects one code)',
      'core/back-end api: condition len([BODY].data.items) > 0 left out (Lookout has no length assertion)',
      'docs: [STATUS] == any(200, 301) became 200 (Lookout expects one code)',
      'Registrar: [DOMAIN_EXPIRATION] became a domain monitor: it warns within 30 days and fails once the domain has expired',
      "jobs/nightly-backup: external endpoint became a heartbeat; point the job at its new pingUrl instead of Gatus's /api/v1/endpoints/…/external",
    ]);
    expectApplicable(result);
  });

  it('keys endpoints gatus-<group>-<name>: two conversions agree, and names that slug alike still get keys of their own', () => {
    expect(gatusToDocument(GATUS_CONFIG)).toEqual(gatusToDocument(GATUS_CONFIG));
    const twins = gatusToDocument(`
endpoints:
  - name: "API v2"
    url: "https://a.example.org"
    conditions: ["[STATUS] == 200"]
  - name: "api-v2"
    url: "https://b.example.org"
    conditions: ["[STATUS] == 200"]
  - name: "api-v2"
    url: "https://d.example.org"
    conditions: ["[STATUS] == 200"]
  - name: "${'very long name '.repeat(10)}"
    group: "${'group '.repeat(10)}"
    url: "https://c.example.org"
    conditions: ["[STATUS] == 204"]
`);
    const keys = twins.document.monitors.map((monitor) => monitor.key);
    expect(keys[0]).toBe('gatus-api-v2');
    expect(keys[1]).toMatch(/^gatus-api-v2-[0-9a-f]{6}$/);
    // The same group and name twice (Gatus itself would refuse it) still gets a key of its own.
    expect(keys[2]).toBe(`${keys[1]!}-2`);
    expect(keys[3]!.length).toBeLessThanOrEqual(100);
    expect(keys[3]).toMatch(/^gatus-group-group-.*-[0-9a-f]{8}$/);
    const certificate = gatusToDocument(`
endpoints:
  - name: "${'very long name '.repeat(10)}"
    url: "https://c.example.org"
    conditions: ["[STATUS] == 200", "[CERTIFICATE_EXPIRATION] > 24h"]
`);
    const [http, ssl] = certificate.document.monitors.map((monitor) => monitor.key);
    expect(ssl).not.toBe(http);
    expect(ssl!.length).toBeLessThanOrEqual(100);
    expectApplicable(certificate);
    expectApplicable(twins);
  });

  it('turns [CERTIFICATE_EXPIRATION] > Nh into an SSL monitor warning ceil(N/24) days ahead', () => {
    const days = (hours: string) =>
      gatusToDocument(`
endpoints:
  - name: cert
    url: "https://example.org"
    conditions: ["[CERTIFICATE_EXPIRATION] > ${hours}"]
`).document.monitors[0]!.warningDays;
    expect(days('48h')).toBe(2);
    expect(days('49h')).toBe(3);
    expect(days('1h')).toBe(1);
    expect(days('720h')).toBe(30);
    expect(days('2160h30m')).toBe(91);
  });

  it('maps Gatus conditions on the body, the status and the response time', () => {
    const result = gatusToDocument(`
endpoints:
  - name: conditions
    url: "https://example.org/api"
    conditions:
      - "[STATUS] == 201"
      - "[BODY] == OK"
      - "[BODY] != pat(*maintenance*)"
      - "[BODY] == pat(v1.*-ok)"
      - "[BODY].count >= 3"
      - "[BODY].name != null"
      - "[BODY][0].id == 7"
      - "[RESPONSE_TIME] <= 750"
      - "[RESPONSE_TIME] > 10"
      - "[IP] == 127.0.0.1"
`);
    expect(result.document.monitors[0]).toMatchObject({
      expectedStatus: 201,
      assertions: [
        { source: 'body', op: 'matches', value: '^OK$' },
        { source: 'body', op: 'notContains', value: 'maintenance' },
        { source: 'body', op: 'matches', value: '(?s)^v1\\..*-ok$' },
        { source: 'json', path: '$.count', op: 'gte', value: 3 },
        { source: 'json', path: '$.name', op: 'neq', value: null },
        { source: 'json', path: '$[0].id', op: 'eq', value: 7 },
        { source: 'responseTime', op: 'lte', value: 750 },
      ],
    });
    expect(result.notes).toEqual([
      'conditions: condition [RESPONSE_TIME] > 10 left out (Lookout bounds a response time from above only, in 1-120000 ms)',
      'conditions: condition [IP] == 127.0.0.1 left out (Lookout does not assert on the address a name resolved to)',
    ]);
    expectApplicable(result);
  });

  it('skips endpoints whose client settings Lookout cannot honour, and notes those it checks without', () => {
    const result = gatusToDocument(`
endpoints:
  - name: oauth
    url: "https://a.example.org"
    client:
      oauth2:
        token-url: "https://idp.example.org/token"
        client-id: "id"
        client-secret: "secret"
    conditions: ["[STATUS] == 200"]
  - name: mtls
    url: "https://b.example.org"
    client:
      tls:
        certificate-file: "/certs/client.pem"
        private-key-file: "/certs/client.key"
    conditions: ["[STATUS] == 200"]
  - name: proxied
    url: "https://c.example.org"
    client:
      proxy-url: "http://proxy.internal:3128"
      insecure: true
    conditions: ["[STATUS] == 200"]
`);
    expect(result.document.monitors.map((monitor) => monitor.key)).toEqual(['gatus-proxied']);
    expect(result.skipped).toEqual([
      { name: 'oauth', reason: 'it authenticates with OAuth2 client credentials (client.oauth2), which Lookout does not send' },
      {
        name: 'mtls',
        reason: 'it presents a client certificate from files (client.tls), which an import cannot read: make the monitor by hand with clientCertificate',
      },
    ]);
    // Both map: the proxy (an http one) and skipping verification (the runs say the certificate was not verified).
    expect(result.notes).toEqual([]);
    expect(result.document.monitors[0]).toMatchObject({ proxy: 'http://proxy.internal:3128', tlsVerify: false });
  });

  it('refuses text that is not YAML, naming line and column', () => {
    expect(() => gatusToDocument('endpoints:\n  - name: a\n    url: [unclosed\n')).toThrow(ImportError);
    expect(() => gatusToDocument('endpoints:\n  - name: a\n    url: [unclosed\n')).toThrow(/^is not valid YAML \(line 4, column 1: /);
    expect(() => gatusToDocument('endpoints:\n  - name: a\n  name: b\n   bad: indentation\n')).toThrow(
      'is not valid YAML (line 3, column 1: All mapping items must start at the same column)',
    );
    expect(() => gatusToDocument('endpoints:\n  - name: a\n    url: "x"\n    url: "y"\n')).toThrow(
      'is not valid YAML (line 4, column 5: Map keys must be unique)',
    );
  });

  it('refuses YAML that is not a Gatus configuration', () => {
    expect(() => gatusToDocument('services:\n  web:\n    image: nginx\n')).toThrow(
      'is not a Gatus configuration: it has no endpoints or external-endpoints list',
    );
    expect(() => gatusToDocument('- just\n- a list\n')).toThrow('is not a Gatus configuration');
    expect(() => gatusToDocument('')).toThrow('is not a Gatus configuration');
    expect(() => gatusToDocument('endpoints: 42\n')).toThrow('is not a Gatus configuration');
  });

  it('skips malformed endpoints one by one rather than failing the whole file', () => {
    const result = gatusToDocument(`
endpoints:
  - just a string
  - name: no url
    conditions: ["[STATUS] == 200"]
  - name: no conditions
    url: "https://example.org"
  - name: bad status
    url: "https://example.org"
    conditions: ["[STATUS] == 999"]
  - name: fine
    url: "https://example.org"
    conditions: ["[STATUS] == 200"]
`);
    expect(result.document.monitors.map((monitor) => monitor.key)).toEqual(['gatus-fine']);
    expect(result.skipped).toEqual([
      { name: '(unnamed)', reason: 'an endpoint needs a name' },
      { name: 'no url', reason: 'its url (none) is not an address Gatus or Lookout checks' },
      { name: 'no conditions', reason: 'it has no conditions (Gatus refuses such an endpoint)' },
      { name: 'bad status', reason: 'Lookout would refuse it: expectedStatus must be at most 599' },
    ]);
  });

  it('bounds memory: alias bombs, huge text and huge files are refused', () => {
    const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 12; i++)
      bomb.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(',')}]`,
      );
    bomb.push('endpoints: [*l]');
    expect(() => gatusToDocument(bomb.join('\n'))).toThrow(/^cannot be read \(.*alias/i);

    expect(() => gatusToDocument(`endpoints: []\n#${'x'.repeat(IMPORT_LIMITS.fileBytes)}`)).toThrow(
      `is larger than ${IMPORT_LIMITS.fileBytes} bytes, the most an import reads`,
    );

    const huge = join(dir, 'config.yaml');
    writeFileSync(huge, 'endpoints:\n');
    truncateSync(huge, IMPORT_LIMITS.fileBytes + 1);
    expect(() => readBoundedText(huge)).toThrow(`is ${IMPORT_LIMITS.fileBytes + 1} bytes; an import reads at most ${IMPORT_LIMITS.fileBytes} bytes`);
  });
});
