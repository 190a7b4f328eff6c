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

/** A person's TOTP second factor; `id` is the user's id. */
export interface TwoFactorTable {
  id: string;
  /** The 160-bit key in base32, sealed (SecretBox, place `two_factor.secret` of the user). */
  secret: string;
  created_at: number;
  /** Null while the enrolment waits for its first code. */
  confirmed_at: number | null;
  /** The RFC 6238 time step of the last code accepted: a code of that step or before is refused. */
  last_step: Generated<number>;
}

/** A single-use recovery code of a confirmed second factor; only its SHA-256 is stored. */
export interface TwoFactorRecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: number | null;
}

/** An OpenID Connect sign-in under way, bound to the browser that started it; used once. */
export interface OidcSignInsTable {
  id: string;
  /** SHA-256 of the browser's binding cookie. */
  binding_hash: string;
  state: string;
  nonce: string;
  created_at: number;
  expires_at: number;
}

export interface SessionTables {
  sessions: SessionsTable;
  password_setups: PasswordSetupsTable;
  email_changes: EmailChangesTable;
  two_factor: TwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  oidc_sign_ins: OidcSignInsTable;
}
