/**
 * What an operation acts on, read from its path: the resource named by the last collection in it
 * (`/monitors/{id}/pause` → a monitor, `/teams/current/members/{id}` → a member), its id from the
 * path, the caller (`current`, `account`), or — for a call that creates one — the first row the
 * call inserts into the resource's table. A path with a collection this list does not know has no
 * target type: test/audit/audit-targets.test.ts fails until the collection is added here.
 */
export interface AuditResource {
  /** The resource in the singular, as entries name it (`monitor`, `policy`, `member`, `token`). */
  type: string;
  /** Where a created one's id is first written (table, column). */
  created?: { table: string; column: string };
  /** `current` and `account` stand for the caller's own team or user. */
  self?: 'team' | 'user';
}

export const AUDIT_RESOURCES: Readonly<Record<string, AuditResource>> = {
  monitors: { type: 'monitor', created: { table: 'monitors', column: 'id' } },
  incidents: { type: 'incident', created: { table: 'incidents', column: 'id' } },
  'maintenance-windows': { type: 'maintenance-window', created: { table: 'maintenance_windows', column: 'id' } },
  'notification-policies': { type: 'policy', created: { table: 'notification_policies', column: 'id' } },
  'status-pages': { type: 'status-page', created: { table: 'status_pages', column: 'id' } },
  subscribers: { type: 'subscriber' },
  teams: { type: 'team', self: 'team' },
  members: { type: 'member', created: { table: 'memberships', column: 'user_id' } },
  tokens: { type: 'token', created: { table: 'access_tokens', column: 'id' } },
  account: { type: 'user', self: 'user' },
  // The caller's own second factor (`/session/totp`, `/session/totp/confirm`).
  totp: { type: 'two-factor', self: 'user' },
  'audit-log': { type: 'audit-entry' },
};

/** Segments that act on the resource before them rather than name one (`/monitors/{id}/pause`). */
export interface AuditTarget {
  type: string | null;
  /** The path parameter holding the id, when the last resource is followed by one. */
  param?: string;
  self?: 'team' | 'user';
  created?: { table: string; column: string };
}

/** The target of an operation at `path` (after `/api/v1`). */
export function auditTargetOf(path: string): AuditTarget {
  const segments = path.split('/').filter((s) => s !== '');
  let target: AuditTarget = { type: null };
  segments.forEach((segment, index) => {
    const resource = AUDIT_RESOURCES[segment];
    if (!resource) return;
    const next = segments[index + 1];
    const param = next !== undefined && /^\{\w+\}$/.test(next) ? next.slice(1, -1) : undefined;
    // `current` names the caller's team; `account` and `totp` are always the caller's own.
    const self = resource.self && (next === 'current' || segment === 'account' || segment === 'totp') ? resource.self : undefined;
    target = { type: resource.type, ...(param && { param }), ...(self && { self }), ...(!param && !self && resource.created && { created: resource.created }) };
  });
  return target;
}
