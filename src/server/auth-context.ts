import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import { sql } from 'kysely';
import { HTTP_STATUS, detailError } from '../shared/api/drf';
import type { User } from '../shared/api/auth';
import { hasPermission, isAdmin, type PermissionName } from '../shared/auth/permissions';
import './app-deps';
import type { ServerConfig } from './config';
import type { AppDatabase } from './db/database';
import enErrors from '../../locales/en/errors.json';
import sqErrors from '../../locales/sq/errors.json';
import srErrors from '../../locales/sr/errors.json';
import { ERROR_CODES } from '../shared/errors';
import type { Language } from '../shared/constants';
import { ApiError, accountInactive, notAuthenticated, permissionDenied, tokenNotValid } from './errors';
import { requestLanguage } from './request-language';

// Who is calling: a bearer access token (HS256 JWT, `sub` = user id, `type` = access, `sid` =
// the sign-in session), checked and turned into the user object of src/shared/api/auth.ts on
// every request that needs it. The same query that reads the user refuses a token whose session
// has ended (logout, refresh-token reuse, password change), so it stops working at once.
// signed-in-users.ts keeps the answer per instance until the database says it changed.

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser() / requirePermission() / requireAdmin(); null on public routes. */
    user: User | null;
  }
}

const ALGORITHM = 'HS256';
const ACCESS = 'access';

type TokenConfig = Pick<ServerConfig, 'jwtSecret' | 'accessTokenTtlSeconds'>;

const keys = new Map<string, Uint8Array>();
function signingKey(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) {
    key = new TextEncoder().encode(secret);
    keys.set(secret, key);
  }
  return key;
}

/**
 * `sessionId` is the auth_sessions row the token belongs to; every token the sign-in flow issues
 * has one. Tokens without it come only from tools that hold the secret (tests, bench/) and are
 * then checked against the user alone.
 */
export async function signAccessToken(config: TokenConfig, userId: number, sessionId?: string): Promise<string> {
  return new SignJWT(sessionId ? { type: ACCESS, sid: sessionId } : { type: ACCESS })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuedAt()
    .setExpirationTime(`${config.accessTokenTtlSeconds}s`)
    .sign(signingKey(config.jwtSecret));
}

export interface AccessClaims {
  userId: number;
  /** The sign-in session (auth_sessions.id), or null for a tool-made token. */
  sessionId: string | null;
}

/**
 * Tokens whose signature was already checked, until they expire: a token's signature never
 * changes, and checking it (HMAC through WebCrypto) was a tenth of a list request's time. Only
 * the signature is remembered: whether the session is still open is read on every request.
 */
const verifiedTokens = new Map<string, { secret: string; claims: AccessClaims; expiresAtMs: number }>();
const MAX_VERIFIED_TOKENS = 10_000;
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The claims of a valid access token; throws the 401 `token_not_valid` otherwise. */
export async function verifyAccessClaims(config: Pick<ServerConfig, 'jwtSecret'>, token: string, now = Date.now()): Promise<AccessClaims> {
  const known = verifiedTokens.get(token);
  if (known && known.secret === config.jwtSecret) {
    if (now < known.expiresAtMs) return known.claims;
    verifiedTokens.delete(token);
    throw tokenNotValid();
  }
  let claims: AccessClaims;
  let expiresAtMs: number;
  try {
    const { payload } = await jwtVerify(token, signingKey(config.jwtSecret), { algorithms: [ALGORITHM], currentDate: new Date(now) });
    if (payload.type !== ACCESS || typeof payload.sub !== 'string' || !/^\d{1,10}$/.test(payload.sub) || typeof payload.exp !== 'number') {
      throw tokenNotValid();
    }
    if (payload.sid !== undefined && (typeof payload.sid !== 'string' || !SESSION_ID.test(payload.sid))) throw tokenNotValid();
    claims = { userId: Number(payload.sub), sessionId: payload.sid ?? null };
    expiresAtMs = payload.exp * 1000;
  } catch {
    throw tokenNotValid();
  }
  if (verifiedTokens.size >= MAX_VERIFIED_TOKENS) verifiedTokens.delete(verifiedTokens.keys().next().value!);
  verifiedTokens.set(token, { secret: config.jwtSecret, claims, expiresAtMs });
  return claims;
}

/** The user id of a valid access token; throws the 401 `token_not_valid` otherwise. */
export async function verifyAccessToken(config: Pick<ServerConfig, 'jwtSecret'>, token: string, now = Date.now()): Promise<number> {
  return (await verifyAccessClaims(config, token, now)).userId;
}

/**
 * The user object the API returns (groups by name, permissions as `app.codename`), or null.
 * With `sessionId`, also null when that session of the user has ended (or never existed).
 */
export async function loadUserObject(db: AppDatabase, id: number, sessionId?: string | null): Promise<User | null> {
  let query = db
    .selectFrom('users')
    .select([
      'id',
      'username',
      'email',
      'is_superuser',
      'is_staff',
      'is_active',
      'auth_source',
      'first_name',
      'last_name',
      'phone',
      'country',
      'address',
      'personal_id',
      'date_of_birth',
      'gender',
      'email_verified',
      'two_factor_enabled',
      'two_factor_method',
      'last_login',
      'date_joined',
      'must_change_password',
      sql<string[]>`array(
        select g.name from user_groups ug join groups g on g.id = ug.group_id
        where ug.user_id = users.id order by g.name)`.as('groups'),
      sql<string[]>`array(
        select p.app_label || '.' || p.codename from permissions p
        where p.id in (
          select gp.permission_id from group_permissions gp
            join user_groups ug on ug.group_id = gp.group_id where ug.user_id = users.id
          union
          select up.permission_id from user_permissions up where up.user_id = users.id)
        order by 1)`.as('permissions'),
    ])
    .where('id', '=', id);
  if (sessionId) {
    query = query.where(
      sql<boolean>`exists (select 1 from auth_sessions s where s.id = ${sessionId} and s.user_id = users.id and s.ended_at is null)`,
    );
  }
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const { must_change_password: passwordChangeRequired, ...fields } = row;
  const fullName = `${row.first_name} ${row.last_name}`.trim();
  return {
    ...fields,
    password_change_required: passwordChangeRequired,
    country: row.country?.trim() ?? null,
    full_name: fullName || row.username,
    last_login: row.last_login ? row.last_login.toISOString() : null,
    date_joined: row.date_joined.toISOString(),
  };
}

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (!header) throw notAuthenticated();
  const [scheme, token, ...rest] = header.trim().split(/\s+/);
  // Another scheme (Basic …) is not ours: the request simply carries no credentials for us.
  if (scheme.toLowerCase() !== 'bearer') throw notAuthenticated();
  if (!token || rest.length > 0) throw tokenNotValid();
  return token;
}

async function authenticate(request: FastifyRequest): Promise<User> {
  if (request.user) return request.user;
  const { signedInUsers, config } = request.server.deps;
  const token = bearerToken(request);
  const { userId, sessionId } = await verifyAccessClaims(config, token);
  const user = await signedInUsers.load(userId, sessionId);
  // A deleted account or an ended session: the token is refused at once, not when it expires.
  if (!user) throw tokenNotValid();
  if (!user.is_active) throw accountInactive();
  request.user = user;
  return user;
}

type Guard = ((request: FastifyRequest, reply: FastifyReply) => Promise<void>) & { [GUARD]: GuardKind };
type GuardKind = 'user' | 'permission';
const GUARD = Symbol('naric.auth-guard');

const PASSWORD_CHANGE_TEXTS: Readonly<Record<Language, string>> = {
  en: enErrors.password_change_required,
  sq: sqErrors.password_change_required,
  sr: srErrors.password_change_required,
};

/** 403 `password_change_required`, in the caller's language (the screens translate the code). */
function passwordChangeRequired(request: FastifyRequest): ApiError {
  return new ApiError(HTTP_STATUS.forbidden, ERROR_CODES.passwordChangeRequired, PASSWORD_CHANGE_TEXTS[requestLanguage(request)]);
}

interface GuardOptions {
  /** The route stays open to a user who must still change a temporary password (me, the change itself). */
  duringPasswordChange?: boolean;
}

function guard(kind: GuardKind, check: (user: User) => boolean, options: GuardOptions = {}): Guard {
  const handler = async (request: FastifyRequest) => {
    const user = await authenticate(request);
    // Whoever holds a temporary password (an administrator knows it) does nothing else until
    // they have chosen their own: the account is not yet theirs alone.
    if (user.password_change_required && !options.duringPasswordChange) throw passwordChangeRequired(request);
    if (!check(user)) throw permissionDenied();
  };
  return Object.assign(handler, { [GUARD]: kind });
}

/** preHandler: any signed-in, active user (`duringPasswordChange`: also one who must change a temporary password). */
export function requireUser(options: GuardOptions = {}): Guard {
  return guard('user', () => true, options);
}

/** preHandler: a signed-in user holding `permission` (hasPermission of src/shared). */
export function requirePermission(permission: PermissionName): Guard {
  return guard('permission', (user) => hasPermission(user, permission));
}

/** preHandler: a signed-in user for whom `rule` (one of src/shared/auth/permissions.ts) holds. */
export function requireRule(rule: (user: User) => boolean): Guard {
  return guard('permission', rule);
}

/** preHandler: an admin (superuser, Administrators or NARIC Administrators). */
export function requireAdmin(): Guard {
  return guard('permission', isAdmin);
}

/**
 * The sign-in session (auth_sessions.id) of the request's access token, for showing which of a
 * user's sessions is the caller's own; null without a token or for a tool-made token (no `sid`).
 */
export async function requestSessionId(request: FastifyRequest): Promise<string | null> {
  try {
    return (await verifyAccessClaims(request.server.deps.config, bearerToken(request))).sessionId;
  } catch {
    return null;
  }
}

/** The signed-in user of a request that passed one of the guards above. */
export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw notAuthenticated();
  return request.user;
}

function guardsOf(route: RouteOptions): GuardKind[] {
  const handlers = [route.preHandler, route.onRequest, route.preValidation].flat().filter(Boolean);
  return handlers.flatMap((handler) => {
    const kind = (handler as Partial<Guard>)[GUARD];
    return kind ? [kind] : [];
  });
}

/**
 * Decorates requests with `user`, and marks guarded routes in the OpenAPI document: bearer
 * security plus their 401 and 403 answers. Must run before routes are added.
 */
export function registerAuthContext(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.addHook('onRoute', (route) => {
    const kinds = guardsOf(route);
    if (kinds.length === 0) return;
    const schema = (route.schema ??= {}) as Record<string, unknown>;
    schema.security ??= [{ bearerAuth: [] }];
    const response = (schema.response ??= {}) as Record<string, unknown>;
    response[401] ??= detailError;
    // Every guarded route may refuse: a missing permission, or a temporary password to change first.
    response[403] ??= detailError;
  });
}
