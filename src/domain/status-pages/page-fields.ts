import { z } from 'zod';
import type { FieldError } from '../problem.js';
import { text, uuid } from '../validation.js';

/* The page's groups and custom domain: their schemas and the rules a schema cannot say alone. */

export const MAX_GROUPS = 20;
export const DOMAIN_TAKEN = 'is already taken';
export const NOT_ON_PAGE = 'is not one of the monitorIds of the page';
export const IN_TWO_GROUPS = 'is already in another group';

export const StatusPageGroup = z.strictObject({
  name: text(100).describe('The heading of the group on the page, 1-100 characters.'),
  monitorIds: z.array(uuid()).max(100).describe('Monitors of the page (of `monitorIds`) shown in this group, in this order.'),
});
export type StatusPageGroup = z.output<typeof StatusPageGroup>;

export const GroupsInput = z
  .array(StatusPageGroup)
  .min(1)
  .max(MAX_GROUPS)
  .nullable()
  .default(null)
  .describe(
    `Optional, default null: 1-${MAX_GROUPS} groups shown in this order, then the monitors in no group. ` +
      'Each lists monitors of `monitorIds`; a monitor is in one group at most.',
  );

/**
 * A host name: labels of letters, digits and hyphens (not at either end), at least two of them,
 * at most 253 characters; compared in lower case. No port, scheme or path: the page answers a
 * `Host` of that name on any port.
 */
const HOST_NAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export const CustomDomainInput = z
  .string()
  .transform((value) => value.toLowerCase())
  .pipe(z.string().regex(HOST_NAME, 'must be a host name such as status.example.com (no scheme, port or path)'))
  .nullable()
  .default(null)
  .describe(
    'Optional, default null: a host name (such as `status.example.com`) whose requests are answered the page at `/` (and `/feed.atom`, `/badge.svg`, `/index.json`). ' +
      'Unique across teams; compared in lower case.',
  );

/** The host name of a `Host` header: lower case, without the port; undefined when it is none. */
export function hostName(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const host = header.trim().toLowerCase();
  // `[::1]:8080` and `example.com:8080`: what follows the last colon outside brackets is the port.
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d*$/, '');
  return HOST_NAME.test(name) ? name : undefined;
}

/** Every group lists monitors of the page only, each in one group at most. */
export function groupErrors(groups: StatusPageGroup[], monitorIds: string[]): FieldError[] {
  const listed = new Set(monitorIds.map((id) => id.toLowerCase()));
  const placed = new Set<string>();
  const errors: FieldError[] = [];
  groups.forEach((group, g) =>
    group.monitorIds.forEach((id, i) => {
      const key = id.toLowerCase();
      const field = `groups.${g}.monitorIds.${i}`;
      if (!listed.has(key)) errors.push({ field, message: NOT_ON_PAGE });
      else if (placed.has(key)) errors.push({ field, message: IN_TWO_GROUPS });
      placed.add(key);
    }),
  );
  return errors;
}

/** Display order: the groups' monitors in group order, then the monitors in no group in page order. */
export function displayOrder<T extends { id: string }>(monitors: T[], groups: StatusPageGroup[] | null): Array<{ name: string | null; monitors: T[] }> {
  if (!groups) return monitors.length > 0 ? [{ name: null, monitors }] : [];
  const byId = new Map(monitors.map((m) => [m.id, m]));
  const sections: Array<{ name: string | null; monitors: T[] }> = [];
  const placed = new Set<string>();
  for (const group of groups) {
    const shown = group.monitorIds.map((id) => byId.get(id)).filter((m): m is T => m !== undefined);
    for (const m of shown) placed.add(m.id);
    // A group whose monitors were all deleted says nothing: it is left out.
    if (shown.length > 0) sections.push({ name: group.name, monitors: shown });
  }
  const rest = monitors.filter((m) => !placed.has(m.id));
  if (rest.length > 0) sections.push({ name: null, monitors: rest });
  return sections;
}
