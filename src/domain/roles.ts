import { ROLES, type Role } from '../shared/vocabulary.js';

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/*
 * Who may do what. Every service checks one of these before touching a resource. Each list names
 * an intent, not a set that happens to be equal to another today:
 * - ANY_ROLE, to read: every member of the team, whatever role they hold, roles added later included.
 * - WRITERS, to change monitors, incidents, maintenance windows and checks: the roles trusted to
 *   change things. Today that is every role, so WRITERS holds the same roles as ANY_ROLE; it is
 *   written out rather than `= ROLES` on purpose, because the read-only Viewer (issue 32) will be
 *   in ROLES and so in ANY_ROLE, and must not be in WRITERS.
 * - ADMINS: the roles trusted with what the whole team shares (see each operation's `roles`).
 * A new role joins ANY_ROLE by itself (it is ROLES); it joins WRITERS or ADMINS only by a decision
 * written here.
 */
export const ANY_ROLE: readonly Role[] = ROLES;
export const WRITERS: readonly Role[] = ['Member', 'Admin', 'Owner'];
export const ADMINS: readonly Role[] = ['Admin', 'Owner'];
