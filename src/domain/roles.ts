import { ROLES, type Role } from '../shared/vocabulary.js';

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** Who may do what. Every service checks one of these before touching a resource. */
export const ANY_ROLE: readonly Role[] = ROLES;
export const WRITERS: readonly Role[] = ['Member', 'Admin', 'Owner'];
export const ADMINS: readonly Role[] = ['Admin', 'Owner'];
