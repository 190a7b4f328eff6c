import { CreatePolicyInput } from '../domain/alerts/policies.js';
import { MonitorCreate } from '../domain/monitor-schemas.js';
import { definitionOf } from '../monitor-types/definitions.js';
import type { FieldError } from '../domain/problem.js';
import { fieldErrors } from '../domain/validation.js';
import type { ImportedChannel, ImportedMonitor, ImportedPolicy } from './document.js';

/*
 * Every monitor and policy an import keeps is first judged by the rules the API judges a create
 * body by, so that nothing the document holds is refused when it is applied: what would be is
 * skipped now, with the API's own words as its reason.
 */

function describe(errors: readonly FieldError[]): string {
  return errors.map((error) => `${error.field} ${error.message}`).join('; ');
}

/** Why Lookout would refuse this monitor's create body, or null when it would take it. */
export function monitorProblem(monitor: ImportedMonitor): string | null {
  const { key: _key, notificationPolicy: _policy, ...body } = monitor;
  const parsed = MonitorCreate.safeParse(body);
  if (!parsed.success) return describe(fieldErrors(parsed.error.issues, body));
  // The rules between a type's fields, as the API judges a create body of that type.
  const errors = definitionOf(parsed.data.type).problemsOnCreate(body);
  return errors.length === 0 ? null : describe(errors);
}

/** Why Lookout would refuse this channel in a new policy, or null when it would take it. */
export function channelProblem(channel: ImportedChannel): string | null {
  const body = { name: 'import', channels: [channel] };
  const parsed = CreatePolicyInput.safeParse(body);
  if (parsed.success) return null;
  return describe(fieldErrors(parsed.error.issues, body).map((error) => ({ ...error, field: error.field.replace(/^channels\.0\./, '') })));
}

/** Why Lookout would refuse this policy's create body, or null when it would take it. */
export function policyProblem(policy: ImportedPolicy): string | null {
  const { key: _key, ...body } = policy;
  const parsed = CreatePolicyInput.safeParse(body);
  return parsed.success ? null : describe(fieldErrors(parsed.error.issues, body));
}
