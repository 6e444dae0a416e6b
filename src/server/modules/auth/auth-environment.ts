import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { ServerConfig } from '../../config';
import type { QueuedEmail } from '../../jobs/outbox';
import { queueNotice } from '../../notices/queue-notice';
import { authDatabase, type AuthDatabase } from './auth-database';
import { createLoginThrottle, type LoginThrottle } from './login-throttle';
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
  return {
    db,
    config: deps.config,
    passwords: options.passwords ?? createPasswordHasher(),
    box: createSecretBox(deps.config.jwtSecret),
    codes: createCodeHasher(deps.config.jwtSecret),
    throttle: createLoginThrottle(db),
    log: options.log,
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
