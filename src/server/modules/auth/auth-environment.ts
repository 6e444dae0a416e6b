import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { ServerConfig } from '../../config';
import type { QueuedEmail } from '../../jobs/outbox';
import { queueNotice } from '../../notices/queue-notice';
import { authDatabase, type AuthDatabase } from './auth-database';
import type { SettingsValues } from '../../../shared/api/settings';
import { currentSettings } from '../../system-settings';
import { createLoginThrottle, type LoginThrottle } from './login-throttle';
import { THROTTLE_RULES } from './throttle-rules';
import { createCodeHasher, type CodeHasher } from './one-time-codes';
import { createPasswordHasher, type PasswordHasher } from '../../password-hashing';
import { createSecretBox, type SecretBox } from './secret-box';

/** Everything the sign-in services use, built once per app. */
export interface AuthEnvironment {
  db: AuthDatabase;
  config: ServerConfig;
  passwords: PasswordHasher;
  box: SecretBox;
  codes: CodeHasher;
  throttle: LoginThrottle;
  log: FastifyBaseLogger;
  /** The system settings in force (token lifetimes, throttling): read per sign-in, so a change needs no restart. */
  settings(): Promise<SettingsValues>;
  sendEmail(email: QueuedEmail): Promise<void>;
}

export interface AuthEnvironmentOptions {
  log: FastifyBaseLogger;
  /** Called after an e-mail was queued, so the outbox delivers it without waiting for its tick. */
  onEmailQueued?: () => void;
  passwords?: PasswordHasher;
}

export function createAuthEnvironment(deps: Pick<AppDeps, 'db' | 'config'>, options: AuthEnvironmentOptions): AuthEnvironment {
  const db = authDatabase(deps.db);
  const settings = () => currentSettings(deps);
  return {
    db,
    config: deps.config,
    passwords: options.passwords ?? createPasswordHasher(),
    box: createSecretBox(deps.config.jwtSecret),
    codes: createCodeHasher(deps.config.jwtSecret),
    // The pair's free attempts and the window are the administrator's (system settings); the rest stays as designed.
    throttle: createLoginThrottle(db, async () => {
      const { security } = await settings();
      return { ...THROTTLE_RULES, windowMs: security.login_window_minutes * 60_000, pair: { ...THROTTLE_RULES.pair, freeFailures: security.login_free_attempts } };
    }),
    log: options.log,
    settings,
    async sendEmail(email) {
      // Sign-in codes are secrets: the notifications list never shows their text nor resends them.
      await queueNotice(deps.db, {
        event: null,
        language: 'en',
        recipient: { email: email.recipientEmail, userId: email.recipientUserId },
        text: { subject: email.subject, message: email.message },
        confidential: true,
      });
      options.onEmailQueued?.();
    },
  };
}
