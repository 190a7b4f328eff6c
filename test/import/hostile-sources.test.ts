import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { gatusToDocument, ImportError, kumaToDocument, type ImportResult } from '../../src/import/index.js';
import { junkValue } from '../helpers/fuzz-values.js';
import { expectApplicable } from './document-checks.js';

/*
 * Whatever a source file holds, an import either refuses it with an ImportError or answers a
 * document that Lookout takes whole: never another exception, never a monitor the API would refuse.
 */

function judged(convert: () => ImportResult): void {
  let result: ImportResult;
  try {
    result = convert();
  } catch (error) {
    expect(error).toBeInstanceOf(ImportError);
    return;
  }
  expectApplicable(result);
}

const KUMA_TYPES = ['http', 'keyword', 'json-query', 'port', 'dns', 'push', 'ping', 'group'];
const KUMA_FIELDS = [
  'url',
  'method',
  'hostname',
  'port',
  'interval',
  'timeout',
  'maxretries',
  'keyword',
  'accepted_statuscodes',
  'dns_resolve_type',
  'dns_resolve_server',
  'headers',
  'body',
  'authMethod',
  'basic_auth_user',
  'basic_auth_pass',
  'jsonPath',
  'expectedValue',
  'notificationIDList',
  'expiryNotification',
  'active',
  'retryInterval',
];

const kumaMonitor = fc.record({
  id: fc.integer({ min: 1, max: 8 }),
  name: fc.oneof(fc.string(), fc.constantFrom('', ' '), junkValue),
  type: fc.constantFrom(...KUMA_TYPES),
  fields: fc.dictionary(fc.constantFrom(...KUMA_FIELDS), junkValue, { maxKeys: 8 }),
});

const kumaNotification = fc.record({
  id: fc.integer({ min: 1, max: 5 }),
  name: fc.string(),
  config: fc.oneof(
    fc.constant('{not json'),
    fc
      .dictionary(fc.constantFrom('type', 'slackwebhookURL', 'telegramBotToken', 'telegramChatID', 'smtpTo', 'webhookURL', 'ntfytopic'), junkValue)
      .map((c) => JSON.stringify({ type: 'slack', ...c })),
  ),
});

const GATUS_KEYS = ['name', 'group', 'url', 'interval', 'conditions', 'method', 'body', 'headers', 'client', 'dns', 'alerts', 'enabled', 'graphql'];
const condition = fc.oneof(
  fc.constantFrom(
    '[STATUS] == 200',
    '[BODY].a == 1',
    '[RESPONSE_TIME] < 300',
    '[CERTIFICATE_EXPIRATION] > 48h',
    '[CONNECTED] == true',
    '[BODY] == pat(*x*)',
    'len([BODY]) > 1',
  ),
  fc.string(),
  junkValue,
);

describe('hostile sources', () => {
  it('Kuma backups of junk give an ImportError or a document Lookout takes', () => {
    fc.assert(
      fc.property(fc.array(kumaMonitor, { maxLength: 6 }), fc.array(kumaNotification, { maxLength: 3 }), (monitors, notifications) => {
        // A monitor Kuma could have written, with some of its fields replaced by junk.
        const sane = { url: 'https://example.org', hostname: 'example.org', port: 443, interval: 60, active: true, pushToken: 'token' };
        const backup = {
          version: '1.23.0',
          notificationList: notifications,
          monitorList: monitors.map(({ fields, ...rest }) => ({ ...sane, ...fields, ...rest })),
        };
        judged(() => kumaToDocument(backup));
      }),
      { numRuns: 300 },
    );
  });

  it('Gatus configurations of junk give an ImportError or a document Lookout takes', () => {
    const endpoint = fc.dictionary(fc.constantFrom(...GATUS_KEYS), junkValue, { maxKeys: 6 }).chain((junk) =>
      fc
        .record({
          // Names alike once slugged, and long ones, so that keys collide and get cut.
          name: fc.oneof(fc.string({ minLength: 1 }), fc.constantFrom('api', 'API', 'a'.repeat(300)), junkValue),
          url: fc.constantFrom('https://example.org', 'tcp://example.org:22', 'tls://example.org', '8.8.8.8', 'icmp://x', 'nope'),
          conditions: fc.array(condition, { maxLength: 4 }),
        })
        .map((base) => ({ ...base, ...junk })),
    );
    fc.assert(
      fc.property(fc.array(endpoint, { maxLength: 5 }), junkValue, (endpoints, alerting) => {
        judged(() => gatusToDocument(stringify({ alerting, endpoints, 'external-endpoints': [{ name: 'job', heartbeat: { interval: alerting } }] })));
      }),
      { numRuns: 300 },
    );
  });
});
