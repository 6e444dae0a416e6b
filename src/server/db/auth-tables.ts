import type { ColumnType, Generated } from 'kysely';

// The tables of migrations 0002-auth, 0006-auth-sessions and 0012, as Kysely sees them. The modules that read them (auth; users for sessions and backup codes) widen the foundation's
// Database type with these (db.withTables<AuthTables>()) instead of editing db/schema.ts.

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Moment = ColumnType<Date, Date | string, Date | string>;
type OptionalMoment = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: number;
  family_id: string;
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Moment;
  used_at: OptionalMoment;
  revoked_at: OptionalMoment;
  replaced_by: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A sign-in session (migration 0006); its id is the refresh-token family id and the access tokens' `sid`. */
export interface AuthSessionsTable {
  id: string;
  user_id: number;
  started_at: CreatedAt;
  ended_at: OptionalMoment;
  // Migration 0012-user-administration: shown to administrators with each open session.
  client_address: ColumnType<string | null, string | null | undefined, string | null>;
  user_agent: ColumnType<string | null, string | null | undefined, string | null>;
  /** The last refresh of the session (null: never refreshed since sign-in). */
  last_seen_at: OptionalMoment;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  action: string;
  scope: string;
  subject: string;
  attempted_at: CreatedAt;
}

/** A step of a sign-in that is half done: the password was right, a second factor is owed. */
export interface AuthChallengesTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  client_address: string;
  /** sha256 of the challenge handed to the client; the challenge itself is never stored. */
  challenge_hash: string;
  created_at: CreatedAt;
  expires_at: Moment;
  consumed_at: OptionalMoment;
}

/** A two-factor method being set up and not yet confirmed; the TOTP secret is sealed. */
export interface TwoFactorEnrolmentsTable {
  user_id: number;
  method: string;
  sealed_secret: string | null;
  created_at: CreatedAt;
  expires_at: Moment;
}

export interface TwoFactorEmailCodesTable {
  id: Generated<number>;
  user_id: number;
  purpose: string;
  code_hash: string;
  created_at: CreatedAt;
  expires_at: Moment;
  used_at: OptionalMoment;
}

export interface TwoFactorBackupCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: CreatedAt;
  used_at: OptionalMoment;
}

/** The last TOTP time step accepted for a user: codes of that step or earlier are replays. */
export interface TwoFactorTotpStepsTable {
  user_id: number;
  last_step: ColumnType<number, number, number>;
}

// A type alias, not an interface: Kysely's withTables<T>() needs T to have an index signature.
export type AuthTables = {
  auth_sessions: AuthSessionsTable;
  refresh_tokens: RefreshTokensTable;
  login_attempts: LoginAttemptsTable;
  auth_challenges: AuthChallengesTable;
  two_factor_enrolments: TwoFactorEnrolmentsTable;
  two_factor_email_codes: TwoFactorEmailCodesTable;
  two_factor_backup_codes: TwoFactorBackupCodesTable;
  two_factor_totp_steps: TwoFactorTotpStepsTable;
};
