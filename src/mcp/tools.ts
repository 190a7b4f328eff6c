import { z } from 'zod';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { Actor } from '../domain/actor.js';
import { CheckEnqueued, RunRecord } from '../domain/checks.js';
import { CreateIncidentInput, IncidentRecord, IncidentUpdateInput, IncidentUpdateRecord, ResolveIncidentInput } from '../domain/incidents.js';
import {
  HttpMonitorFields,
  MonitorCommonFields,
  MonitorList,
  MonitorRecord,
  NoFields,
  SslMonitorFields,
  UntypedMonitorCreate,
} from '../domain/monitor-schemas.js';
import type { Services } from '../composition/services.js';
import { StatusPageRecord } from '../domain/status-pages.js';
import { MemberRecord, TeamRecord } from '../domain/teams.js';
import { parseInput } from '../domain/validation.js';
import { listOf } from '../http/api-route.js';

/**
 * One MCP tool: what `tools/list` advertises and the thin call into the same domain service as
 * its REST endpoint. Roles, team scope and validation all happen in the service; `call` only
 * takes the id argument apart from the body fields and hands the body on untouched, so that a
 * failing field gets exactly the `detail` REST gives.
 */
export interface McpTool {
  name: string;
  title: string;
  description: string;
  /** Advertised only (as JSON Schema): arguments are never validated against it, the service validates. */
  input: z.ZodObject;
  /** The record answered as `structuredContent` (and as JSON text). */
  output: z.ZodType;
  annotations: ToolAnnotations;
  call(actor: Actor, args: Record<string, unknown>): Promise<object>;
}

/* Annotations: reads, additive writes, and writes that change or remove what is there. */

const READ: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const ADD: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };
const CHANGE: ToolAnnotations = { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false };

/* Arguments. */

const MonitorIdArg = z.string().meta({ format: 'uuid', description: 'The id of a monitor of your team (see list_monitors).' });
const IncidentIdArg = z.string().meta({ format: 'uuid', description: 'The id of an incident of your team (see list_incidents).' });

/** How the id arguments are checked at run time: present and a string; the service judges the rest. */
const ID_PRESENT = { monitorId: z.object({ monitorId: z.string() }), incidentId: z.object({ incidentId: z.string() }) };
type IdName = keyof typeof ID_PRESENT;

/**
 * Splits the arguments into the id (which REST takes from the path) and the rest (REST's body).
 * A missing or non-string id is a validation problem naming the argument; any string goes on to
 * the service, which answers not-found for one that names no resource of the team, as REST does.
 */
function withId(name: IdName, args: Record<string, unknown>): [id: string, body: Record<string, unknown>] {
  const { [name]: id, ...body } = args;
  parseInput(ID_PRESENT[name], { [name]: id });
  return [id as string, body];
}

/**
 * Tools whose REST endpoint is a GET take no fields beyond the id: others are rejected like
 * unknown body fields (`<field>: is not allowed`), judged after the service's role and lookup.
 */
async function read<T extends object>(extra: Record<string, unknown>, answer: Promise<T>): Promise<T> {
  const result = await answer;
  parseInput(NoFields, extra);
  return result;
}

/* Input schemas of the monitor tools. MCP clients and model APIs reject a top-level oneOf/anyOf, so
   the HTTP and SSL shapes of REST's union are advertised as one flat object of the same fields, each
   type's fields marked as such; the service still validates against the exact REST schemas. */

/**
 * The fields of one monitor type, optional in the schema, each description saying which type it
 * belongs to (and, on create, whether that type requires it).
 */
function onlyFor(label: string, shape: Record<string, z.ZodType>, requiredForType: string[] = []): Record<string, z.ZodOptional> {
  return Object.fromEntries(
    Object.entries(shape).map(([field, schema]) => {
      const description = `${label}${requiredForType.includes(field) ? ', required for them' : ''}: ${schema.description}`;
      return [field, schema.meta({ ...schema.meta(), description }).optional()];
    }),
  );
}

const HTTP_ONLY = 'HTTP monitors only (type http)';
const SSL_ONLY = 'SSL monitors only (type ssl)';

const CreateMonitorArgs = z.strictObject({
  ...UntypedMonitorCreate.shape,
  ...onlyFor(HTTP_ONLY, HttpMonitorFields.shape, ['url', 'method', 'expectedStatus']),
  ...onlyFor(SSL_ONLY, SslMonitorFields.shape, ['host']),
});

const UpdateMonitorArgs = z.strictObject({
  monitorId: MonitorIdArg,
  ...MonitorCommonFields.partial().shape,
  ...onlyFor(HTTP_ONLY, HttpMonitorFields.shape),
  ...onlyFor(SSL_ONLY, SslMonitorFields.shape),
});

const MonitorIdOnly = z.strictObject({ monitorId: MonitorIdArg });
const IncidentIdOnly = z.strictObject({ incidentId: IncidentIdArg });

const Deleted = z.object({
  monitorId: z.string(),
  deleted: z.literal(true).describe('The monitor is deleted: no longer listed, found or checked.'),
});

const MONITOR_FIELDS =
  'Common fields: name, intervalSeconds (60-3600), timeoutSeconds (1-120), regions (us-east, eu-west, asia), notificationPolicyId. ' +
  'HTTP fields: url, method, expectedStatus, auth. SSL fields: host, port, warningDays.';

export function mcpTools(services: Services): McpTool[] {
  const { monitors, checks, incidents, teams, statusPages } = services;
  return [
    {
      name: 'list_monitors',
      title: 'List monitors',
      description: 'Every monitor of your team (deleted ones are not listed), oldest first, each with its current `status`. Any role.',
      input: z.strictObject({}),
      output: MonitorList,
      annotations: READ,
      call: async (actor, args) => listOf(await read(args, monitors.list(actor))),
    },
    {
      name: 'get_monitor',
      title: 'Get a monitor',
      description: 'One monitor of your team by id, with its current `status` (pending, up, degraded, down, paused). Any role.',
      input: MonitorIdOnly,
      output: MonitorRecord,
      annotations: READ,
      call: (actor, args) => {
        const [id, extra] = withId('monitorId', args);
        return read(extra, monitors.get(actor, id));
      },
    },
    {
      name: 'create_monitor',
      title: 'Create a monitor',
      description:
        'Creates an HTTP monitor (`type` http: requests `url` with `method` and succeeds only on exactly `expectedStatus`) or an SSL monitor ' +
        '(`type` ssl: checks the TLS certificate of `host`). ' +
        MONITOR_FIELDS +
        ' Fields of the other type are rejected. The monitor starts `pending` and is checked at once in each region, then every intervalSeconds. ' +
        'An auth secret is stored encrypted and never returned. Roles Member, Admin, Owner.',
      input: CreateMonitorArgs,
      output: MonitorRecord,
      annotations: ADD,
      call: (actor, args) => monitors.create(actor, args),
    },
    {
      name: 'update_monitor',
      title: 'Update a monitor',
      description:
        'Changes only the fields given, besides monitorId. ' +
        MONITOR_FIELDS +
        ' `type` cannot change, and fields of the other monitor type are rejected. ' +
        '`auth`, `notificationPolicyId` and `warningDays`: omitted keeps the current value, null clears it, a value replaces it ' +
        '(a new auth object must carry its secret; moving url to another origin while credentials are stored needs auth, a new value or null). Roles Member, Admin, Owner.',
      input: UpdateMonitorArgs,
      output: MonitorRecord,
      annotations: CHANGE,
      call: (actor, args) => monitors.update(actor, ...withId('monitorId', args)),
    },
    {
      name: 'delete_monitor',
      title: 'Delete a monitor',
      description:
        'Deletes a monitor: it is no longer listed, found or checked, and its stored secret is erased. This cannot be undone; ' +
        'to stop checks for a while, use pause_monitor. Roles Admin, Owner.',
      input: MonitorIdOnly,
      output: Deleted,
      annotations: CHANGE,
      call: async (actor, args) => {
        const [id, body] = withId('monitorId', args);
        await monitors.delete(actor, id, body);
        return { monitorId: id.toLowerCase(), deleted: true };
      },
    },
    {
      name: 'pause_monitor',
      title: 'Pause a monitor',
      description:
        'Stops the checks of a monitor until resume_monitor; its status becomes `paused`. Pausing a paused monitor changes nothing. Roles Member, Admin, Owner.',
      input: MonitorIdOnly,
      output: MonitorRecord,
      annotations: { ...CHANGE, destructiveHint: false },
      call: (actor, args) => monitors.pause(actor, ...withId('monitorId', args)),
    },
    {
      name: 'resume_monitor',
      title: 'Resume a monitor',
      description:
        'Resumes a paused monitor: it is checked at once, then every interval; its status is `pending` until a check completes. ' +
        'Resuming a running monitor changes nothing. Roles Member, Admin, Owner.',
      input: MonitorIdOnly,
      output: MonitorRecord,
      annotations: { ...CHANGE, destructiveHint: false },
      call: (actor, args) => monitors.resume(actor, ...withId('monitorId', args)),
    },
    {
      name: 'list_monitor_runs',
      title: 'List the runs of a monitor',
      description:
        'The 100 most recent check results (runs) of a monitor, newest first: one run per region and check, with `ok`, `error` ' +
        '(code and message), `statusCode` and `timings` (HTTP) or `certificate` (SSL). A failure is recorded only after a confirming retry. Any role.',
      input: MonitorIdOnly,
      output: z.object({ data: z.array(RunRecord) }),
      annotations: READ,
      call: async (actor, args) => {
        const [id, extra] = withId('monitorId', args);
        return listOf(await read(extra, checks.runs(actor, id)));
      },
    },
    {
      name: 'trigger_check',
      title: 'Check a monitor now',
      description:
        'Queues a check of the monitor now in each of its regions; see list_monitor_runs for the results a few seconds later. ' +
        'One trigger per monitor per 60 seconds across the dashboard, REST and MCP: a second one fails with rate-limited and `retryAfter` ' +
        '(seconds until the next trigger is allowed). A paused monitor cannot be triggered. Roles Member, Admin, Owner.',
      input: MonitorIdOnly,
      output: CheckEnqueued,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
      call: (actor, args) => checks.trigger(actor, ...withId('monitorId', args)),
    },
    {
      name: 'list_incidents',
      title: 'List incidents',
      description: 'The 100 newest incidents of your team, newest first, open and resolved, each with its timeline of updates (oldest first). Any role.',
      input: z.strictObject({}),
      output: z.object({ data: z.array(IncidentRecord) }),
      annotations: READ,
      call: async (actor, args) => listOf(await read(args, incidents.list(actor))),
    },
    {
      name: 'get_incident',
      title: 'Get an incident',
      description: 'One incident of your team by id, with its status (investigating, identified, monitoring, resolved) and timeline. Any role.',
      input: IncidentIdOnly,
      output: IncidentRecord,
      annotations: READ,
      call: (actor, args) => {
        const [id, extra] = withId('incidentId', args);
        return read(extra, incidents.get(actor, id));
      },
    },
    {
      name: 'create_incident',
      title: 'Open an incident',
      description:
        'Opens an incident by hand: it starts `investigating`; a `message` becomes its first timeline update (shown on the status page). ' +
        'A `monitorId` that names no monitor of your team fails with not-found. Roles Member, Admin, Owner.',
      input: CreateIncidentInput,
      output: IncidentRecord,
      annotations: ADD,
      call: (actor, args) => incidents.create(actor, args),
    },
    {
      name: 'post_incident_update',
      title: 'Post an incident update',
      description:
        'Adds an update to the timeline of an open incident. `status` (investigating, identified, monitoring) changes the incident status; ' +
        'omitted leaves it. To close the incident use resolve_incident. A resolved incident fails with not-found. Roles Member, Admin, Owner.',
      input: z.strictObject({ incidentId: IncidentIdArg, ...IncidentUpdateInput.shape }),
      output: IncidentUpdateRecord,
      annotations: ADD,
      call: (actor, args) => incidents.postUpdate(actor, ...withId('incidentId', args)),
    },
    {
      name: 'resolve_incident',
      title: 'Resolve an incident',
      description:
        'Resolves an open incident: appends an update with status `resolved` and the closing `message` (default "Incident closed manually"). ' +
        'A resolved incident cannot be reopened; resolving it again fails with not-found. Roles Admin, Owner.',
      input: z.strictObject({ incidentId: IncidentIdArg, ...ResolveIncidentInput.shape }),
      output: IncidentRecord,
      annotations: CHANGE,
      call: (actor, args) => incidents.resolve(actor, ...withId('incidentId', args)),
    },
    {
      name: 'get_status_page',
      title: 'Get the status page',
      description:
        "Your team's public status page (at most one per team): slug, title, public `url` and the monitors it shows. Not found when the team has none. Any role.",
      input: z.strictObject({}),
      output: StatusPageRecord,
      annotations: READ,
      call: (actor, args) => read(args, statusPages.current(actor)),
    },
    {
      name: 'get_team',
      title: 'Get your team',
      description: 'The team your token belongs to, with `tokenRole`: the role (Member, Admin, Owner) your calls act with. Any role.',
      input: z.strictObject({}),
      output: TeamRecord,
      annotations: READ,
      call: (actor, args) => read(args, teams.current(actor)),
    },
    {
      name: 'list_team_members',
      title: 'List team members',
      description: 'Every member of your team with name, email, role (Member, Admin, Owner) and join date, earliest joined first. Any role.',
      input: z.strictObject({}),
      output: z.object({ data: z.array(MemberRecord) }),
      annotations: READ,
      call: async (actor, args) => listOf(await read(args, teams.members(actor))),
    },
  ];
}
