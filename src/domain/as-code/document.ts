import { z } from 'zod';
import { CreatePolicyInput } from '../alerts/policies.js';
import { KeyField } from '../keys.js';
import { CreateMaintenanceWindowInput, MAX_WINDOW_MONITORS } from '../maintenance/schema.js';
import { MONITOR_TYPE_DEFINITIONS as TYPES } from '../../monitor-types/definitions.js';
import type { MonitorType } from '../../shared/vocabulary.js';
import { MAX_PAGE_MONITORS, StatusPageInput } from '../status-pages.js';
import { fieldErrors } from '../validation.js';

/*
 * The document `lookout apply` reads and `lookout export` writes (docs/as-code.md), built from the
 * very schemas the API validates with, so that it cannot drift from them: a monitor is its create
 * body with a `key` and its policy named by key; a policy is its create body with a `key`; a
 * maintenance window is its create body with a `key` and its monitors named by key; the status
 * page is its PUT body with its monitors named by key. The JSON Schema at
 * GET /api/v1/config-schema.json is written from it.
 */

const PolicyKeyRef = KeyField.describe('The `key` of a notification policy (of the document, or already in your team).');
const MonitorKeyRef = KeyField.describe('The `key` of a monitor (of the document, or already in your team).');

/** What a monitor of the document has instead of the create body's references by id and its digest. */
const MONITOR_OMITS = { key: true, notificationPolicyId: true, secretsDigest: true, dependsOn: true } as const;
const MONITOR_KEYS = {
  key: KeyField.describe('Names the monitor across applies: 1-100 characters of a-z, 0-9, -, _ and ., unique in the document.'),
  notificationPolicy: PolicyKeyRef.nullable().optional(),
  dependsOn: MonitorKeyRef.nullable().optional().describe('The `key` of the monitor this one depends on (see `dependsOn` on create).'),
};

/** Each type's create body as the document holds it; a type missing here does not compile. */
const DOCUMENT_MONITORS = {
  http: TYPES.http.create.omit(MONITOR_OMITS).extend(MONITOR_KEYS),
  ssl: TYPES.ssl.create.omit(MONITOR_OMITS).extend(MONITOR_KEYS),
  tcp: TYPES.tcp.create.omit(MONITOR_OMITS).extend(MONITOR_KEYS),
  dns: TYPES.dns.create.omit(MONITOR_OMITS).extend(MONITOR_KEYS),
  heartbeat: TYPES.heartbeat.create.omit(MONITOR_OMITS).extend(MONITOR_KEYS),
  ping: TYPES.ping.create.omit(MONITOR_OMITS).extend(MONITOR_KEYS),
  domain: TYPES.domain.create.omit(MONITOR_OMITS).extend(MONITOR_KEYS),
} satisfies Record<MonitorType, z.ZodType>;

export const DocumentMonitor = z
  .discriminatedUnion('type', [
    DOCUMENT_MONITORS.http,
    DOCUMENT_MONITORS.ssl,
    DOCUMENT_MONITORS.tcp,
    DOCUMENT_MONITORS.dns,
    DOCUMENT_MONITORS.heartbeat,
    DOCUMENT_MONITORS.ping,
    DOCUMENT_MONITORS.domain,
  ])
  .describe(
    'A monitor: the body of POST /api/v1/monitors with a `key`, `notificationPolicy` (a policy key) instead of `notificationPolicyId`, ' +
      'and `dependsOn` as a monitor key.',
  );
export type DocumentMonitor = z.output<typeof DocumentMonitor>;

export const DocumentPolicy = CreatePolicyInput.omit({ key: true, escalationPolicyId: true, secretsDigest: true })
  .extend({
    key: KeyField.describe('Names the policy across applies, and in monitors’ `notificationPolicy`.'),
    escalationPolicy: PolicyKeyRef.nullable().default(null).describe('The key of the policy notified on escalation (with escalateAfterSeconds).'),
  })
  .describe('A notification policy: the body of POST /api/v1/notification-policies with a `key`, and `escalationPolicy` (a key) instead of its id.');
export type DocumentPolicy = z.output<typeof DocumentPolicy>;

export const DocumentWindow = CreateMaintenanceWindowInput.omit({ key: true, monitorIds: true })
  .extend({
    key: KeyField.describe('Names the maintenance window across applies.'),
    monitors: z.array(MonitorKeyRef).min(1).max(MAX_WINDOW_MONITORS).describe('The monitors the window covers, by key.'),
  })
  .describe('A maintenance window: the body of POST /api/v1/maintenance-windows with a `key`, and `monitors` (keys) instead of `monitorIds`.');
export type DocumentWindow = z.output<typeof DocumentWindow>;

export const DocumentStatusPage = StatusPageInput.omit({ monitorIds: true })
  .extend({ monitors: z.array(MonitorKeyRef).max(MAX_PAGE_MONITORS).default([]).describe('The monitors the page shows, in this order, by key.') })
  .describe("The team's status page: the body of PUT /api/v1/status-pages/current with `monitors` (keys) instead of `monitorIds`.");
export type DocumentStatusPage = z.output<typeof DocumentStatusPage>;

export const ConfigDocument = z
  .strictObject({
    monitors: z.array(DocumentMonitor).default([]),
    notificationPolicies: z.array(DocumentPolicy).default([]),
    maintenanceWindows: z.array(DocumentWindow).default([]),
    statusPage: DocumentStatusPage.optional().describe('Left out: the status page is left as it is.'),
  })
  .describe(
    'Monitors, notification policies, maintenance windows and the status page of one team, as `lookout apply` reads them (docs/as-code.md). ' +
      'A string may hold `${NAME}`: the value of the environment variable NAME when applied (`$${` for a literal `${`).',
  );
export type ConfigDocument = z.output<typeof ConfigDocument>;

/** An error in a document, at a path written as in the document (`monitors[3].url`). */
export interface DocumentError {
  path: string;
  message: string;
}

/** `monitors.3.url` → `monitors[3].url`. */
export function documentPath(segments: ReadonlyArray<string | number>): string {
  let path = '';
  for (const segment of segments) {
    if (typeof segment === 'number' || /^\d+$/.test(segment)) path += `[${segment}]`;
    else path += path === '' ? segment : `.${segment}`;
  }
  return path === '' ? '(document)' : path;
}

/**
 * The document, validated whole: every schema error and every rule between its parts (a key used
 * twice, an escalation loop) and, given `known` (the keys the team's records already have), every
 * policy or monitor key it names but neither it nor the team holds.
 */
export function parseConfigDocument(
  input: unknown,
  known?: { policies?: ReadonlySet<string>; monitors?: ReadonlySet<string> },
): { document: ConfigDocument; errors: [] } | { document: null; errors: DocumentError[] } {
  const result = ConfigDocument.safeParse(input ?? {});
  if (!result.success) {
    return {
      document: null,
      errors: fieldErrors(result.error.issues, input).map((e) => ({ path: documentPath(e.field === 'body' ? [] : e.field.split('.')), message: e.message })),
    };
  }
  const document = result.data;
  const errors: DocumentError[] = [
    ...duplicateKeys('monitors', document.monitors),
    ...duplicateKeys('notificationPolicies', document.notificationPolicies),
    ...duplicateKeys('maintenanceWindows', document.maintenanceWindows),
  ];
  errors.push(...escalationLoops(document.notificationPolicies));
  if (known) errors.push(...unknownReferences(document, known));
  return errors.length > 0 ? { document: null, errors } : { document, errors: [] };
}

function unknownReferences(document: ConfigDocument, known: { policies?: ReadonlySet<string>; monitors?: ReadonlySet<string> }): DocumentError[] {
  const errors: DocumentError[] = [];
  const policies = new Set([...document.notificationPolicies.map((p) => p.key), ...(known.policies ?? [])]);
  const monitors = new Set([...document.monitors.map((m) => m.key), ...(known.monitors ?? [])]);
  const unknownPolicy = 'names no notification policy of the document or of your team';
  const unknownMonitor = 'names no monitor of the document or of your team';
  document.monitors.forEach((m, i) => {
    if (m.notificationPolicy && !policies.has(m.notificationPolicy)) errors.push({ path: `monitors[${i}].notificationPolicy`, message: unknownPolicy });
    if (m.dependsOn && !monitors.has(m.dependsOn)) errors.push({ path: `monitors[${i}].dependsOn`, message: unknownMonitor });
  });
  document.notificationPolicies.forEach((p, i) => {
    if (p.escalationPolicy && !policies.has(p.escalationPolicy)) errors.push({ path: `notificationPolicies[${i}].escalationPolicy`, message: unknownPolicy });
  });
  document.maintenanceWindows.forEach((w, i) => {
    w.monitors.forEach((key, j) => {
      if (!monitors.has(key)) errors.push({ path: `maintenanceWindows[${i}].monitors[${j}]`, message: unknownMonitor });
    });
    const twice = w.monitors.findIndex((key, j) => w.monitors.indexOf(key) !== j);
    if (twice !== -1) errors.push({ path: `maintenanceWindows[${i}].monitors[${twice}]`, message: `must not list a monitor twice (${w.monitors[twice]!})` });
  });
  document.statusPage?.monitors.forEach((key, j) => {
    if (!monitors.has(key)) errors.push({ path: `statusPage.monitors[${j}]`, message: unknownMonitor });
    if (document.statusPage!.monitors.indexOf(key) !== j) errors.push({ path: `statusPage.monitors[${j}]`, message: `must not list a monitor twice (${key})` });
  });
  return errors;
}

function duplicateKeys(section: string, items: ReadonlyArray<{ key: string }>): DocumentError[] {
  const first = new Map<string, number>();
  const errors: DocumentError[] = [];
  items.forEach(({ key }, i) => {
    const seen = first.get(key);
    if (seen === undefined) first.set(key, i);
    else errors.push({ path: `${section}[${i}].key`, message: `must be unique: ${section}[${seen}] has the key ${key} too` });
  });
  return errors;
}

/**
 * Policies escalating to each other in a loop: the API accepts one made step by step, but a
 * document is applied in one pass, each policy after the one it escalates to.
 */
function escalationLoops(policies: ReadonlyArray<DocumentPolicy>): DocumentError[] {
  const byKey = new Map(policies.map((p, i) => [p.key, { policy: p, index: i }]));
  const errors: DocumentError[] = [];
  policies.forEach((policy, i) => {
    const seen = new Set<string>([policy.key]);
    let next = policy.escalationPolicy;
    while (next) {
      if (next === policy.key) {
        errors.push({ path: `notificationPolicies[${i}].escalationPolicy`, message: 'must not lead back to this policy through escalations' });
        break;
      }
      if (seen.has(next)) break;
      seen.add(next);
      next = byKey.get(next)?.policy.escalationPolicy ?? null;
    }
  });
  return errors;
}

/** `${NAME}` as a whole string: what a secret kept out of the document looks like. */
export const PLACEHOLDER_PATTERN = '^\\$\\{[A-Za-z_][A-Za-z0-9_]*\\}$';

/**
 * The JSON Schema (2020-12) of the document for editors. Any string may be a `${NAME}` placeholder
 * (substituted before validation), so a string with a fixed format also accepts one.
 */
export function configDocumentJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(ConfigDocument, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
    override: ({ jsonSchema }) => {
      const s = jsonSchema as Record<string, unknown>;
      if (s.type !== 'string' || (s.pattern === undefined && s.format === undefined)) return;
      const original = { ...s };
      // The callback changes the schema in place: emptied, then one of the original or a placeholder.
      for (const key of Object.keys(s)) Reflect.deleteProperty(s, key);
      s.anyOf = [original, { type: 'string', pattern: PLACEHOLDER_PATTERN, description: 'A ${NAME} placeholder: the environment variable NAME.' }];
    },
  }) as Record<string, unknown>;
  return { ...schema, $id: 'config-schema.json', title: 'Lookout configuration document' };
}
