import type { Generated } from 'kysely';

export interface TeamsTable {
  id: string;
  name: string;
  created_at: number;
  /** 1: members without a second factor are sent to enrol before anything else in the dashboard. */
  require_two_factor: Generated<number>;
}

export interface UsersTable {
  id: string;
  email: string;
  name: string;
  password_hash: string | null;
  created_at: number;
  /** When the account was verified (a mailed or operator-made link used, or made by the operator); null: never. */
  verified_at: number | null;
}

export interface MembershipsTable {
  team_id: string;
  user_id: string;
  role: string;
  joined_at: number;
}

export interface AccessTokensTable {
  id: string;
  team_id: string;
  user_id: string;
  name: string;
  token_hash: string;
  created_at: number;
  expires_at: number | null;
  revoked_at: number | null;
  last_used_at: number | null;
  /** The token this one was created with; null when made from a session or by the operator. */
  parent_id: string | null;
}

export interface PlatformTables {
  teams: TeamsTable;
  users: UsersTable;
  memberships: MembershipsTable;
  access_tokens: AccessTokensTable;
}
