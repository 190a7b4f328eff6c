import type { Generated } from 'kysely';

/** A signed-in dashboard session. The cookie holds a random secret; only its SHA-256 is stored. */
export interface SessionsTable {
  /** Row id (UUID v7); the session's rate-limit budget key is `session:<id>`. */
  id: string;
  /** SHA-256 (hex) of the cookie value. */
  token_hash: string;
  user_id: string;
  /** The team the session acts in; the role is read from memberships on every request. */
  team_id: string;
  created_at: number;
  /** Last time the session was used, written at most every few minutes; idle expiry counts from here. */
  last_seen_at: number;
  /** Absolute expiry, whatever the use. */
  expires_at: number;
  revoked_at: number | null;
  /** Where the session was signed in from, for the person who owns it. */
  ip: string | null;
  user_agent: string | null;
}

/** A one-time link to choose a password (an invitation to a user without one). Only the SHA-256 is stored. */
export interface PasswordSetupsTable {
  id: string;
  token_hash: string;
  user_id: string;
  /** The member who invited, or null. */
  created_by: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  /** 1 when using the link verifies the account: it was mailed to the address, or made by the operator. */
  verifies: Generated<number>;
}

/** A new sign-in address waiting for the link mailed to it; one per user at most. Only the link's SHA-256 is stored. */
export interface EmailChangesTable {
  id: string;
  user_id: string;
  /** Lower case, as addresses are kept. */
  new_email: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface SessionTables {
  sessions: SessionsTable;
  password_setups: PasswordSetupsTable;
  email_changes: EmailChangesTable;
}
