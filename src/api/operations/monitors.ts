import { z } from 'zod';
import {
  MONITOR_TYPE_FIELDS,
  MonitorCommonFields,
  MonitorCreate,
  MonitorList,
  MonitorListQuery,
  MonitorRecord,
  MonitorUpdate,
  UntypedMonitorCreate,
} from '../../domain/monitor-schemas.js';
import { ADMINS, ANY_ROLE, WRITERS } from '../../domain/roles.js';
import type { MonitorService } from '../../domain/monitors.js';
import { RawJson, type Operation } from '../operation.js';

const TAG = 'Monitors';
const BY_ID = '/api/v1/monitors/{id}';

/** The MCP argument that names a monitor. */
export const MONITOR_ID = { name: 'monitorId', description: 'The id of a monitor of your team (see list_monitors).' };

/* MCP clients and model APIs reject a top-level oneOf/anyOf, so the tools advertise the shapes of
   REST's union as one flat object of the same fields, each type's fields marked as such; the
   service still validates against the exact REST schemas. */

/** Each type's own fields, with those it requires on create. */
const TYPE_FIELDS: ReadonlyArray<{ label: string; shape: Record<string, z.ZodType>; required: readonly string[] }> = MONITOR_TYPE_FIELDS.map(
  ({ type, title, shape, required }) => ({ label: `${title} monitors (type ${type})`, shape, required }),
);

/**
 * The fields of every monitor type, optional in the schema, each description saying which types
 * it belongs to (and, on create, whether they require it). A field two types share (`host`, `port`,
 * `assertions`) is advertised with the first type's schema and every type's description.
 */
function typeFields(onCreate: boolean): Record<string, z.ZodOptional> {
  const owners = new Map<string, Array<{ label: string; schema: z.ZodType; required: boolean }>>();
  for (const { label, shape, required } of TYPE_FIELDS) {
    for (const [field, schema] of Object.entries(shape)) {
      const list = owners.get(field) ?? [];
      list.push({ label, schema, required: onCreate && required.includes(field) });
      owners.set(field, list);
    }
  }
  return Object.fromEntries(
    [...owners].map(([field, list]) => {
      const description = list
        .map(
          ({ label, schema, required }) =>
            `${label.replace(' monitors', ' monitors only')}${required ? ', required for them' : ''}: ${schema.description ?? ''}`,
        )
        .join(' ');
      const schema = list[0]!.schema;
      return [field, schema.meta({ ...schema.meta(), description }).optional()];
    }),
  );
}

/** Interval, timeout and regions: every type has them but heartbeats. */
function checkedFields(onCreate: boolean): Record<string, z.ZodOptional> {
  const shape = MonitorCommonFields.pick({ intervalSeconds: true, timeoutSeconds: true, regions: true }).shape;
  return Object.fromEntries(
    Object.entries(shape).map(([field, schema]) => {
      const description = `${onCreate ? 'Required for every type but heartbeat, which does not have it' : 'Not for heartbeat monitors'}: ${schema.description ?? ''}`;
      return [field, schema.meta({ ...schema.meta(), description }).optional()];
    }),
  );
}

const CreateMonitorArgs = z.strictObject({
  ...UntypedMonitorCreate.shape,
  ...checkedFields(true),
  ...typeFields(true),
});

const UpdateMonitorArgs = z.strictObject({
  [MONITOR_ID.name]: z.string().meta({ format: 'uuid', description: MONITOR_ID.description }),
  ...MonitorCommonFields.partial().shape,
  ...checkedFields(false),
  ...typeFields(false),
});

const Deleted = z.object({
  monitorId: z.string(),
  deleted: z.literal(true).describe('The monitor is deleted: no longer listed, found or checked.'),
});

const MONITOR_FIELDS =
  'Common fields: name, notificationPolicyId, failureThreshold, recoveryThreshold; intervalSeconds (60-3600), timeoutSeconds (1-120), ' +
  'regions (us-east, eu-west, asia) for every type but heartbeat. ' +
  MONITOR_TYPE_FIELDS.map(({ title, fieldSummary }) => `${title} fields: ${fieldSummary}.`).join(' ');

/** Thin adapters: every rule (roles, team scope, validation) is in MonitorService. */
export function monitorOperations({ monitors }: { monitors: MonitorService }): Operation[] {
  return [
    {
      method: 'GET',
      path: '/api/v1/monitors',
      operationId: 'listMonitors',
      tag: TAG,
      summary: 'Every monitor of the team.',
      description: 'Deleted monitors are not listed.',
      roles: ANY_ROLE,
      query: MonitorListQuery,
      success: { status: 200, description: 'The monitors, oldest first.', schema: MonitorList },
      problems: ['validation'],
      mcp: {
        name: 'list_monitors',
        title: 'List monitors',
        description:
          'Every monitor of your team (deleted ones are not listed), oldest first, each with its current `status`. ' +
          '`tag` (a tag or a list of them) lists only those holding every tag given; `key` only the monitor with that key.',
        queryArguments: true,
      },
      // The database writes the records' JSON; it goes out as is, in the `{"data": [...]}` of every list.
      handler: async ({ actor, query }) => {
        const keyed = await monitors.listFiltered(actor, query);
        return keyed ? { data: keyed } : new RawJson(`{"data":${await monitors.listJson(actor)}}`);
      },
    },
    {
      method: 'GET',
      path: BY_ID,
      operationId: 'getMonitor',
      tag: TAG,
      summary: 'One monitor.',
      description: 'A monitor of another team, or a deleted one, is not found.',
      roles: ANY_ROLE,
      success: { status: 200, description: 'The monitor.', schema: MonitorRecord },
      problems: ['not-found'],
      mcp: {
        name: 'get_monitor',
        title: 'Get a monitor',
        description: 'One monitor of your team by id, with its current `status` (pending, up, degraded, down, paused).',
        id: MONITOR_ID,
      },
      handler: ({ actor, params }) => monitors.get(actor, params.id!),
    },
    {
      method: 'POST',
      path: '/api/v1/monitors',
      operationId: 'createMonitor',
      tag: TAG,
      summary: 'Create a monitor: HTTP, SSL, TCP, DNS or heartbeat.',
      description:
        'The monitor starts `pending` and is checked at once in each of its regions, then every `intervalSeconds`; a heartbeat monitor ' +
        'is not checked but pinged by its job at `pingUrl`, and stays `pending` until the first ping. ' +
        'An `auth.secret` is stored encrypted and never returned (`auth.secretSet` is true instead). ' +
        'An HTTP monitor may send `headers` and a `body`, follow redirects, and judge the answer with `assertions` ' +
        '(each failing field is named with its index, such as `assertions.2.path`).',
      roles: WRITERS,
      body: MonitorCreate,
      success: { status: 201, description: 'The created monitor; `Location` names it.', schema: MonitorRecord },
      problems: ['validation', 'forbidden'],
      location: (created: { id: string }) => `/api/v1/monitors/${created.id}`,
      mcp: {
        name: 'create_monitor',
        title: 'Create a monitor',
        description:
          'Creates an HTTP monitor (`type` http: requests `url` with `method` and succeeds only on exactly `expectedStatus`), an SSL monitor ' +
          '(`type` ssl: checks the TLS certificate of `host`), a TCP monitor (`type` tcp: connects to `host`:`port`, with a TLS handshake when `tls`), ' +
          'a DNS monitor (`type` dns: asks `resolver` or the system for `recordType` records of `hostname`; fails on NXDOMAIN, SERVFAIL or no record) ' +
          'a heartbeat monitor (`type` heartbeat: the job calls the answered `pingUrl` every `periodSeconds` or on `cron`; a ping missing for ' +
          '`graceSeconds` after it was due makes it down), a ping monitor (`type` ping: `packets` ICMP echo requests to `host`; fails when no reply ' +
          'comes, assertions on `responseTime` and `packetLoss`) or a domain monitor (`type` domain: when the registration of `domain` expires, over ' +
          'RDAP; fails once expired, warns within `warningDays`). ' +
          MONITOR_FIELDS +
          ' An HTTP monitor may also send `headers` and a `body` (POST, PUT, DELETE), follow up to 5 redirects (`followRedirects`), and check ' +
          '`assertions` on the answer: on the `body` (contains, notContains, matches, notMatches an RE2 pattern), a `json` path such as $.data[0].status ' +
          '(eq, neq, lt, lte, gt, gte, contains, exists, notExists), a `header` (eq, contains, matches, exists, notExists) or the `responseTime` ' +
          '(lt, lte, in ms); severity `fail` (the default) fails the run, `degraded` only warns.' +
          ' Fields of another type are rejected. The monitor starts `pending` and is checked at once in each region, then every intervalSeconds. ' +
          'An auth secret is stored encrypted and never returned.',
        input: CreateMonitorArgs,
      },
      handler: ({ actor, body }) => monitors.create(actor, body),
    },
    {
      method: 'PATCH',
      path: BY_ID,
      operationId: 'updateMonitor',
      tag: TAG,
      summary: 'Change some fields of a monitor.',
      description:
        'Only the fields sent change; `type` and fields of another monitor type are rejected. ' +
        '`auth`, `notificationPolicyId`, `warningDays`, `headers`, `body`, `assertions`, `resolver`, `periodSeconds`, `cron`: omitted keeps, null clears, ' +
        'a value replaces (lists whole).',
      roles: WRITERS,
      body: MonitorUpdate,
      success: { status: 200, description: 'The updated monitor.', schema: MonitorRecord },
      problems: ['validation', 'forbidden', 'not-found'],
      mcp: {
        name: 'update_monitor',
        title: 'Update a monitor',
        description:
          'Changes only the fields given, besides monitorId. ' +
          MONITOR_FIELDS +
          ' `type` cannot change, and fields of another monitor type are rejected. ' +
          '`auth`, `notificationPolicyId`, `warningDays`, `headers`, `body` and `assertions`: omitted keeps the current value, null clears it, ' +
          'a value replaces it (a list is replaced whole) ' +
          '(a new auth object must carry its secret; while credentials are stored, changing url, method, headers, body, followRedirects or assertions needs auth again, or null).',
        id: MONITOR_ID,
        input: UpdateMonitorArgs,
      },
      handler: ({ actor, params, body }) => monitors.update(actor, params.id!, body),
    },
    {
      method: 'DELETE',
      path: BY_ID,
      operationId: 'deleteMonitor',
      tag: TAG,
      summary: 'Delete a monitor.',
      description: 'The monitor is no longer listed, found or checked; its stored secret is erased.',
      roles: ADMINS,
      success: { status: 204, description: 'Deleted; no body.' },
      problems: ['forbidden', 'not-found', 'validation'],
      mcp: {
        name: 'delete_monitor',
        title: 'Delete a monitor',
        description:
          'Deletes a monitor: it is no longer listed, found or checked, and its stored secret is erased. This cannot be undone; ' +
          'to stop checks for a while, use pause_monitor.',
        id: MONITOR_ID,
        answer: { schema: Deleted, of: (id) => ({ monitorId: id.toLowerCase(), deleted: true }) },
      },
      handler: ({ actor, params, body }) => monitors.delete(actor, params.id!, body),
    },
    {
      method: 'POST',
      path: `${BY_ID}/pause`,
      operationId: 'pauseMonitor',
      tag: TAG,
      summary: 'Pause a monitor: its checks stop.',
      description: 'Pausing a paused monitor changes nothing.',
      roles: WRITERS,
      success: { status: 200, description: 'The paused monitor (`status` is `paused`).', schema: MonitorRecord },
      problems: ['forbidden', 'not-found', 'validation'],
      mcp: {
        name: 'pause_monitor',
        title: 'Pause a monitor',
        description: 'Stops the checks of a monitor until resume_monitor; its status becomes `paused`. Pausing a paused monitor changes nothing.',
        id: MONITOR_ID,
        hints: { destructive: false, idempotent: true },
      },
      handler: ({ actor, params, body }) => monitors.pause(actor, params.id!, body),
    },
    {
      method: 'POST',
      path: `${BY_ID}/resume`,
      operationId: 'resumeMonitor',
      tag: TAG,
      summary: 'Resume a paused monitor: it is checked at once, then every interval.',
      description: 'The status is `pending` until a check completes. Resuming a running monitor changes nothing.',
      roles: WRITERS,
      success: { status: 200, description: 'The resumed monitor.', schema: MonitorRecord },
      problems: ['forbidden', 'not-found', 'validation'],
      mcp: {
        name: 'resume_monitor',
        title: 'Resume a monitor',
        description:
          'Resumes a paused monitor: it is checked at once, then every interval; its status is `pending` until a check completes. ' +
          'Resuming a running monitor changes nothing.',
        id: MONITOR_ID,
        hints: { destructive: false, idempotent: true },
      },
      handler: ({ actor, params, body }) => monitors.resume(actor, params.id!, body),
    },
    {
      method: 'POST',
      path: `${BY_ID}/ping-key`,
      operationId: 'newPingKey',
      tag: TAG,
      summary: 'Give a heartbeat monitor a new ping key: the old `pingUrl` stops working.',
      description: 'The old key is unknown (404) from this moment; jobs must be given the new `pingUrl`. Only heartbeat monitors have a ping key.',
      roles: WRITERS,
      success: { status: 200, description: 'The monitor with its new `pingUrl`.', schema: MonitorRecord },
      problems: ['forbidden', 'not-found', 'validation'],
      mcp: {
        name: 'new_ping_key',
        title: 'New ping key for a heartbeat monitor',
        description:
          'Gives a heartbeat monitor a new ping key (for instance after its pingUrl leaked) and answers the monitor with the new `pingUrl`; ' +
          'the old one answers 404 from then on.',
        id: MONITOR_ID,
        hints: { destructive: false, idempotent: false },
      },
      handler: ({ actor, params, body }) => monitors.newPingKey(actor, params.id!, body),
    },
  ];
}
