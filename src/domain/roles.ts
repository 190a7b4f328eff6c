import { ROLES, type Role } from '../shared/vocabulary.js';

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/*
 * Who may do what. Every service checks one of these before touching a resource. Each list names
 * an intent, not a set that happens to be equal to another today:
 * - ANY_ROLE, to read: every member of the team, whatever role they hold, roles added later included.
 * - WRITERS, to change monitors, incidents, maintenance windows and checks: the roles trusted to
 *   change things. Every role but the read-only Viewer, who reads what a Member reads and changes
 *   nothing of the team (its own account and tokens only: see ACCOUNT_HOLDERS).
 * - ACCOUNT_HOLDERS: what a caller does to its own account (name, password, email, its own tokens):
 *   every role, the Viewer included, since that changes nothing the team shares.
 * - ADMINS: the roles trusted with what the whole team shares (see each operation's `roles`).
 * A new role joins ANY_ROLE by itself (it is ROLES); it joins WRITERS or ADMINS only by a decision
 * written here.
 */
export const ANY_ROLE: readonly Role[] = ROLES;
export const WRITERS: readonly Role[] = ['Member', 'Admin', 'Owner'];
export const ADMINS: readonly Role[] = ['Admin', 'Owner'];
export const ACCOUNT_HOLDERS: readonly Role[] = ROLES;

/** Whether the role sees a heartbeat's `pingUrl` (its key lets anyone report for the job): Members and up. */
export function seesPingUrls(role: Role): boolean {
  return WRITERS.includes(role);
}
