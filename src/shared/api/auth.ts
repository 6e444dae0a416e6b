import { z } from 'zod';
import { GENDERS } from '../constants';
import { safeText, TEXT_LIMITS } from './safe-text';

// Request strings: a username is at most 150 characters (the users table's limit), a password keeps
// its spaces, tokens and codes are bounded so nothing unbounded reaches a query or an index.
const username = safeText({ max: TEXT_LIMITS.username }).min(1, 'This field is required');
const password = safeText({ max: TEXT_LIMITS.password, trim: false }).min(1, 'This field is required');
const token = safeText({ max: TEXT_LIMITS.token }).min(1, 'This field is required');
/**
 * The 2FA challenge: the random value the password step (or a refresh that owes a set-up)
 * hands out. Every later call of that sign-in sends it back; a user id or username alone opens
 * nothing. Single use, ten minutes, bound to its user, its step and the client's address.
 */
const challenge = token;

// The sign-in calls of spec §7, exactly as the client sends and reads them.

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  is_superuser: z.boolean(),
  is_staff: z.boolean(),
  is_active: z.boolean(),
  groups: z.array(z.string()),
  permissions: z.array(z.string()),
  auth_source: z.string(),
  full_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  address: z.string().nullable(),
  personal_id: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  gender: z.enum(GENDERS),
  email_verified: z.boolean(),
  two_factor_enabled: z.boolean(),
  two_factor_method: z.enum(['totp', 'email']).nullable(),
  last_login: z.string().nullable(),
  date_joined: z.string(),
  /** A temporary password was set: every call but the password change is refused until it is changed. */
  password_change_required: z.boolean().optional(),
});
export type User = z.infer<typeof userSchema>;

export const twoFactorMethod = z.enum(['totp', 'email']);
export type TwoFactorMethod = z.infer<typeof twoFactorMethod>;

export const loginRequest = z.object({ username, password });
export type LoginRequest = z.infer<typeof loginRequest>;

/**
 * The browser shell asks for its refresh token as an HttpOnly cookie (REFRESH_TRANSPORT_HEADER:
 * cookie), so it never reaches page JavaScript: those answers have no `refresh`. The desktop
 * (and any other client) gets it in the body, as before.
 */
export const REFRESH_TRANSPORT_HEADER = 'X-Refresh-Token-Transport';
export const REFRESH_TRANSPORT_COOKIE = 'cookie';

export const tokenPair = z.object({ access: z.string(), refresh: z.string().optional() });

export const signedInAnswer = tokenPair.extend({ user: userSchema });
export type SignedInAnswer = z.infer<typeof signedInAnswer>;

export const twoFactorRequiredAnswer = z.object({
  requires_2fa: z.literal(true),
  two_factor_method: twoFactorMethod,
  username: z.string(),
  challenge: z.string(),
});

export const twoFactorSetupRequiredAnswer = z.object({
  requires_2fa_setup: z.literal(true),
  challenge: z.string(),
});
export type TwoFactorSetupRequiredAnswer = z.infer<typeof twoFactorSetupRequiredAnswer>;

export const loginAnswer = z.union([signedInAnswer, twoFactorRequiredAnswer, twoFactorSetupRequiredAnswer]);
export type LoginAnswer = z.infer<typeof loginAnswer>;

/** Without `refresh`, the HttpOnly cookie is used (and the X-XSRF-TOKEN header must match XSRF-TOKEN). */
export const refreshRequest = z.object({ refresh: token.optional() });
/** The refresh token rotates on every use: the next one is in the body, or in the cookie (no `refresh`). */
export const refreshAnswer = tokenPair;
/**
 * 202: the user must now have two-factor sign-in and has none: the session has ended and the
 * client goes through the set-up with the challenge, as after a password step.
 */
export const refreshOrSetupAnswer = z.union([refreshAnswer, twoFactorSetupRequiredAnswer]);

/** Without `refresh_token`, the session of the HttpOnly cookie ends (XSRF checked as for refresh). */
export const logoutRequest = z.object({ refresh_token: token.optional() });

export const meAnswer = userSchema;

const code = safeText({ max: 32 }).min(1, 'This field is required');

export const adminTwoFactorSetupRequest = z.object({ method: twoFactorMethod, challenge });
export const twoFactorSetupRequest = z.object({ method: twoFactorMethod });
/** TOTP: the secret and its otpauth URI for a QR code. E-mail: a code was sent. */
export const twoFactorSetupAnswer = z.object({
  method: twoFactorMethod,
  secret: z.string().optional(),
  otpauth_uri: z.string().optional(),
  message: z.string(),
});
export type TwoFactorSetupAnswer = z.infer<typeof twoFactorSetupAnswer>;

export const adminTwoFactorConfirmRequest = z.object({ code, challenge });
export const twoFactorConfirmRequest = z.object({ code });
/** Confirming ends the setup: the backup codes are shown once; the admin variant also signs in. */
export const twoFactorConfirmAnswer = z.object({
  message: z.string(),
  backup_codes: z.array(z.string()),
});
export const adminTwoFactorConfirmAnswer = twoFactorConfirmAnswer.extend(signedInAnswer.shape);

export const twoFactorVerifyRequest = z.object({
  username,
  code,
  is_backup_code: z.boolean().default(false),
  challenge,
});

export const sendOtpRequest = z.object({ username, challenge });
export const messageAnswer = z.object({ message: z.string() });

export const twoFactorStatusAnswer = z.object({
  enabled: z.boolean(),
  method: twoFactorMethod.nullable(),
  backup_codes_remaining: z.number().int(),
  required_by_policy: z.boolean(),
});

export const passwordRequest = z.object({ password });
export const backupCodesAnswer = z.object({ backup_codes: z.array(z.string()) });

/** The shortest new password the server takes (the change screens check it as the person types). */
export const NEW_PASSWORD_MIN_LENGTH = 12;

export const changePasswordRequest = z.object({
  current_password: password,
  new_password: safeText({ max: 256, trim: false }).min(NEW_PASSWORD_MIN_LENGTH, 'Invalid format'),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

export const AUTH_PATHS = {
  adminLogin: '/auth/admin/login/',
  tokenRefresh: '/auth/token/refresh/',
  logout: '/auth/logout/',
  me: '/auth/me/',
  adminTwoFactorSetup: '/auth/admin/2fa-setup/',
  twoFactorSetup: '/auth/2fa/setup/',
  adminTwoFactorConfirm: '/auth/admin/2fa-confirm/',
  twoFactorConfirm: '/auth/2fa/confirm/',
  adminTwoFactorVerify: '/auth/admin/2fa-verify/',
  sendOtp: '/auth/2fa/send-otp/',
  twoFactorStatus: '/auth/2fa/status/',
  twoFactorDisable: '/auth/2fa/disable/',
  backupCodes: '/auth/2fa/backup-codes/',
  changePassword: '/auth/password/change/',
} as const;
