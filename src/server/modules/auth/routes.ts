import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTH_PATHS,
  adminTwoFactorConfirmAnswer,
  adminTwoFactorConfirmRequest,
  adminTwoFactorSetupRequest,
  backupCodesAnswer,
  changePasswordRequest,
  loginAnswer,
  loginRequest,
  logoutRequest,
  meAnswer,
  messageAnswer,
  passwordRequest,
  refreshAnswer,
  refreshRequest,
  twoFactorSetupRequiredAnswer,
  sendOtpRequest,
  tokenPair,
  twoFactorConfirmAnswer,
  twoFactorConfirmRequest,
  twoFactorSetupAnswer,
  twoFactorSetupRequest,
  twoFactorStatusAnswer,
  twoFactorVerifyRequest,
  signedInAnswer,
} from '../../../shared/api/auth';
import { HTTP_STATUS, detailError, fieldErrors } from '../../../shared/api/drf';
import { currentUser, requireUser } from '../../auth-context';
import { fieldError } from '../../errors';
import { documentAttachments } from '../../jobs/document-attachments';
import { startOutboxWorker, type OutboxWorker } from '../../jobs/outbox';
import { followMailServer, type MailTransportSource } from '../../jobs/mail-transport';
import { currentMailServer } from '../../system-settings';
import { translateRefusals } from '../../refusal-texts';
import { createAuthEnvironment } from './auth-environment';
import { translateDirectoryRefusal } from './directory/directory-refusals';
import { clearSessionCookies, cookieRefreshToken, setSessionCookies, wantsRefreshCookie } from './session-cookies';
import { wrongTwoFactorPassword } from './auth-errors';
import {
  SEND_OTP_MESSAGE,
  assertPassword,
  changePassword,
  confirmOwnSetup,
  confirmSetupDuringSignIn,
  login,
  logout,
  refreshSession,
  resendSignInCode,
  signedInAccount,
  startSetupDuringSignIn,
  verifySecondFactor,
} from './sign-in-service';
import { TWO_FACTOR_TEXTS, renewBackupCodes, startSetup, turnOffTwoFactor, twoFactorStatus } from './two-factor-service';

// Spec §7's sign-in calls plus the password change. Routes only parse, call the services and
// answer; the rules live in sign-in-service.ts and two-factor-service.ts.

const badRequest = z.union([detailError, fieldErrors]);
const tags = ['auth'];

/**
 * A new or rotated refresh token goes where the client asked: in the body (desktop), or as the
 * HttpOnly cookie with the body left without it (browser shell, session-cookies.ts).
 */
function handOver<T extends { refresh?: string }>(request: FastifyRequest, reply: FastifyReply, answer: T): T {
  if (!wantsRefreshCookie(request) || !answer.refresh) return answer;
  setSessionCookies(reply, answer.refresh);
  const { refresh: _inCookie, ...rest } = answer;
  return rest as T;
}

/** The client a session signs in with, as the administrators' session list shows it (stored bounded). */
const userAgentOf = (request: FastifyRequest): string | null => request.headers['user-agent'] ?? null;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  let outbox: OutboxWorker | null = null;
  const env = createAuthEnvironment(app.deps, {
    log: app.log.child({ module: 'auth' }),
    onEmailQueued: () => outbox?.nudge(),
  });
  let transports: MailTransportSource | null = null;
  app.addHook('onReady', async () => {
    const { smtp, demo } = app.deps.config;
    const log = app.log.child({ job: 'outbox' });
    // The mail server of the system settings when saved, else the environment's; a save is picked up at the next run.
    transports = followMailServer(
      () => currentMailServer({ ...app.deps, log }),
      undefined,
      (transport) => log.info(transport ? `e-mail is sent through ${transport.description}` : 'no mail server is set'),
    );
    outbox = startOutboxWorker(app.deps.db, {
      demo,
      log,
      transportSource: transports,
      maxAttempts: smtp?.maxAttempts,
      attachments: documentAttachments(app.deps.db, app.deps.storage),
    });
  });
  app.addHook('onClose', async () => {
    await outbox?.stop();
    transports?.close();
  });
  // Directory sign-in refusals (directory/directory-refusals.ts) in the caller's language.
  translateRefusals(app, translateDirectoryRefusal);

  app.post(
    AUTH_PATHS.adminLogin,
    {
      schema: {
        tags,
        summary: 'Sign in to the back-office with a username (or e-mail) and password',
        body: loginRequest,
        response: {
          [HTTP_STATUS.ok]: signedInAnswer,
          [HTTP_STATUS.accepted]: loginAnswer,
          [HTTP_STATUS.badRequest]: badRequest,
          [HTTP_STATUS.unauthorized]: detailError,
          [HTTP_STATUS.forbidden]: detailError,
          [HTTP_STATUS.conflict]: detailError,
          [HTTP_STATUS.tooManyRequests]: detailError,
          [HTTP_STATUS.serviceUnavailable]: detailError,
        },
      },
    },
    async (request, reply) => {
      const outcome = await login(env, request.body, request.ip, userAgentOf(request));
      const body = outcome.status === HTTP_STATUS.ok ? handOver(request, reply, outcome.body) : outcome.body;
      return reply.code(outcome.status).send(body);
    },
  );

  app.post(
    AUTH_PATHS.tokenRefresh,
    {
      schema: {
        tags,
        summary:
          'Exchange a refresh token (body, or the HttpOnly cookie with X-XSRF-TOKEN) for a new access token and the next refresh token (rotation); 202 when two-factor set-up is now owed',
        body: refreshRequest,
        response: {
          [HTTP_STATUS.ok]: refreshAnswer,
          [HTTP_STATUS.accepted]: twoFactorSetupRequiredAnswer,
          [HTTP_STATUS.badRequest]: badRequest,
          [HTTP_STATUS.unauthorized]: detailError,
          [HTTP_STATUS.forbidden]: detailError,
        },
      },
    },
    async (request, reply) => {
      const inBody = request.body.refresh;
      const presented = inBody ?? cookieRefreshToken(request);
      if (!presented) throw fieldError('refresh', 'required');
      const outcome = await refreshSession(env, presented, request.ip);
      if ('requires_2fa_setup' in outcome) {
        // The session has ended: its cookie is of no further use.
        if (!inBody) clearSessionCookies(reply);
        return reply.code(HTTP_STATUS.accepted).send(outcome);
      }
      if (inBody) return outcome;
      setSessionCookies(reply, outcome.refresh);
      return { access: outcome.access };
    },
  );

  app.post(
    AUTH_PATHS.logout,
    {
      schema: {
        tags,
        summary: 'End the session of a refresh token (body, or the HttpOnly cookie with X-XSRF-TOKEN; idempotent)',
        body: logoutRequest,
        response: {
          [HTTP_STATUS.noContent]: z.null(),
          [HTTP_STATUS.badRequest]: badRequest,
          [HTTP_STATUS.forbidden]: detailError,
        },
      },
    },
    async (request, reply) => {
      const presented = request.body.refresh_token ?? cookieRefreshToken(request);
      if (!presented) throw fieldError('refresh_token', 'required');
      await logout(env, presented, request.ip);
      if (!request.body.refresh_token) clearSessionCookies(reply);
      return reply.code(HTTP_STATUS.noContent).send(null);
    },
  );

  app.get(
    AUTH_PATHS.me,
    {
      // Open while a temporary password waits to be changed: the client learns it must be.
      preHandler: requireUser({ duringPasswordChange: true }),
      schema: { tags, summary: 'The signed-in user', response: { [HTTP_STATUS.ok]: meAnswer } },
    },
    async (request) => currentUser(request),
  );

  app.post(
    AUTH_PATHS.adminTwoFactorSetup,
    {
      schema: {
        tags,
        summary: 'Start setting up 2FA during a sign-in that requires it (after the password step)',
        body: adminTwoFactorSetupRequest,
        response: {
          [HTTP_STATUS.ok]: twoFactorSetupAnswer,
          [HTTP_STATUS.badRequest]: badRequest,
          [HTTP_STATUS.forbidden]: detailError,
          [HTTP_STATUS.conflict]: detailError,
          [HTTP_STATUS.tooManyRequests]: detailError,
        },
      },
    },
    async (request) => startSetupDuringSignIn(env, request.body.challenge, request.body.method, request.ip),
  );

  app.post(
    AUTH_PATHS.twoFactorSetup,
    {
      preHandler: requireUser(),
      schema: {
        tags,
        summary: 'Start setting up 2FA for the signed-in user',
        body: twoFactorSetupRequest,
        response: {
          [HTTP_STATUS.ok]: twoFactorSetupAnswer,
          [HTTP_STATUS.badRequest]: badRequest,
          [HTTP_STATUS.conflict]: detailError,
        },
      },
    },
    async (request) => startSetup(env, await signedInAccount(env, currentUser(request)), request.body.method),
  );

  app.post(
    AUTH_PATHS.adminTwoFactorConfirm,
    {
      schema: {
        tags,
        summary: 'Confirm the 2FA set-up of a sign-in with a code; signs in and shows the backup codes once',
        body: adminTwoFactorConfirmRequest,
        response: {
          [HTTP_STATUS.ok]: adminTwoFactorConfirmAnswer,
          [HTTP_STATUS.badRequest]: badRequest,
          [HTTP_STATUS.forbidden]: detailError,
          [HTTP_STATUS.tooManyRequests]: detailError,
        },
      },
    },
    async (request, reply) => {
      const { backupCodes, session } = await confirmSetupDuringSignIn(env, request.body.challenge, request.body.code, request.ip, userAgentOf(request));
      return { message: TWO_FACTOR_TEXTS.enabled, backup_codes: backupCodes, ...handOver(request, reply, session) };
    },
  );

  app.post(
    AUTH_PATHS.twoFactorConfirm,
    {
      preHandler: requireUser(),
      schema: {
        tags,
        summary: 'Confirm the signed-in user’s 2FA set-up with a code; shows the backup codes once',
        body: twoFactorConfirmRequest,
        response: {
          [HTTP_STATUS.ok]: twoFactorConfirmAnswer,
          [HTTP_STATUS.badRequest]: badRequest,
          [HTTP_STATUS.tooManyRequests]: detailError,
        },
      },
    },
    async (request) => ({
      message: TWO_FACTOR_TEXTS.enabled,
      backup_codes: await confirmOwnSetup(env, currentUser(request), request.body.code, request.ip),
    }),
  );

  app.post(
    AUTH_PATHS.adminTwoFactorVerify,
    {
      schema: {
        tags,
        summary: 'Second step of a sign-in: a TOTP, e-mailed or backup code',
        body: twoFactorVerifyRequest,
        response: {
          [HTTP_STATUS.ok]: signedInAnswer,
          [HTTP_STATUS.badRequest]: badRequest,
          [HTTP_STATUS.unauthorized]: detailError,
          [HTTP_STATUS.tooManyRequests]: detailError,
        },
      },
    },
    async (request, reply) => handOver(request, reply, await verifySecondFactor(env, request.body, request.ip, userAgentOf(request))),
  );

  app.post(
    AUTH_PATHS.sendOtp,
    {
      schema: {
        tags,
        summary: 'Send a new e-mailed sign-in code (same answer whether or not one was sent)',
        body: sendOtpRequest,
        response: {
          [HTTP_STATUS.ok]: messageAnswer,
          [HTTP_STATUS.badRequest]: badRequest,
          [HTTP_STATUS.tooManyRequests]: detailError,
        },
      },
    },
    async (request) => {
      await resendSignInCode(env, request.body.username, request.body.challenge, request.ip);
      return { message: SEND_OTP_MESSAGE };
    },
  );

  app.get(
    AUTH_PATHS.twoFactorStatus,
    {
      preHandler: requireUser(),
      schema: { tags, summary: 'The signed-in user’s 2FA state', response: { [HTTP_STATUS.ok]: twoFactorStatusAnswer } },
    },
    async (request) => twoFactorStatus(env, await signedInAccount(env, currentUser(request))),
  );

  app.post(
    AUTH_PATHS.twoFactorDisable,
    {
      preHandler: requireUser(),
      schema: {
        tags,
        summary: 'Turn 2FA off (password required); backup codes are deleted',
        body: passwordRequest,
        response: {
          [HTTP_STATUS.ok]: messageAnswer,
          [HTTP_STATUS.badRequest]: badRequest,
          [HTTP_STATUS.tooManyRequests]: detailError,
        },
      },
    },
    async (request) => {
      const account = await signedInAccount(env, currentUser(request));
      await assertPassword(env, account, request.body.password, request.ip, wrongTwoFactorPassword);
      await turnOffTwoFactor(env, account, request.ip);
      return { message: TWO_FACTOR_TEXTS.disabled };
    },
  );

  app.post(
    AUTH_PATHS.backupCodes,
    {
      preHandler: requireUser(),
      schema: {
        tags,
        summary: 'New backup codes (password required); the old ones stop working',
        body: passwordRequest,
        response: {
          [HTTP_STATUS.ok]: backupCodesAnswer,
          [HTTP_STATUS.badRequest]: badRequest,
          [HTTP_STATUS.tooManyRequests]: detailError,
        },
      },
    },
    async (request) => {
      const account = await signedInAccount(env, currentUser(request));
      await assertPassword(env, account, request.body.password, request.ip, wrongTwoFactorPassword);
      return { backup_codes: await renewBackupCodes(env, account, request.ip) };
    },
  );

  app.post(
    AUTH_PATHS.changePassword,
    {
      preHandler: requireUser({ duringPasswordChange: true }),
      schema: {
        tags,
        summary: `Change the signed-in user's password; every session ends and a new token pair is returned`,
        body: changePasswordRequest,
        response: {
          [HTTP_STATUS.ok]: tokenPair,
          [HTTP_STATUS.badRequest]: badRequest,
          [HTTP_STATUS.tooManyRequests]: detailError,
        },
      },
    },
    async (request, reply) =>
      handOver(request, reply, await changePassword(env, currentUser(request), request.body, request.ip, userAgentOf(request))),
  );
};
