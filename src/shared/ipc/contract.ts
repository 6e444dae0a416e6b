import { z } from 'zod';
import { LANGUAGES } from '../constants';
import {
  adminTwoFactorConfirmRequest,
  adminTwoFactorSetupRequest,
  changePasswordRequest,
  loginRequest,
  twoFactorMethod,
  twoFactorSetupAnswer,
  twoFactorVerifyRequest,
  userSchema,
} from '../api/auth';
import { healthAnswer } from '../api/system';
import { backupPathRequest, backupSummary, backupWritten } from '../api/backups';
import { ERROR_CODES, type ErrorCode } from '../errors';
import { uploadLimitsAnswer } from '../api/documents';
import {
  attachmentContent,
  attachmentRequest,
  draftKey,
  keepAttachmentRequest,
  keptAttachment,
  stageAttachmentOutcome,
  stageAttachmentRequest,
} from './counter-contract';
import { restartAnswer, restartOutcome, restartQuery, updateChannel, updateState } from './update-contract';
import { downloadOutcome, downloadRequest, pdfSelection, previewOutcome, transferId, transferProgress, uploadOutcome, uploadRequest } from './transfer-contract';

// The IPC contract: one table, channel → request schema → response schema. The main process
// parses every request with it before a handler runs; the preload and the browser shell
// implement the same bridge over it.

// 'cookie': the browser shell, whose refresh token is an HttpOnly cookie (survives a reload).
export const sessionPersistence = z.enum(['keychain', 'memory', 'cookie']);
export type SessionPersistence = z.infer<typeof sessionPersistence>;

export const appInfo = z.object({
  version: z.string(),
  shell: z.enum(['desktop', 'web']),
  os: z.string(),
  apiBaseUrl: z.string(),
  embeddedServer: z.boolean(),
  sessionPersistence,
});
export type AppInfo = z.infer<typeof appInfo>;

export const settings = z.object({
  serverUrl: z.url({ protocol: /^https?$/, error: 'Invalid format' }).nullable(),
  language: z.enum(LANGUAGES),
});
export type Settings = z.infer<typeof settings>;
export const settingsPatch = settings.partial();
export type SettingsPatch = z.infer<typeof settingsPatch>;

/** What the renderer holds of a session: the user and the short-lived access token, never the refresh token. */
export const session = z.object({ user: userSchema, access: z.string(), persistence: sessionPersistence });
export type Session = z.infer<typeof session>;

export const signInOutcome = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('signed_in'), session }),
  // `challenge`: the 2FA challenge every later call of this sign-in sends back (docs/api.md).
  z.object({ kind: z.literal('two_factor_required'), method: twoFactorMethod, username: z.string(), challenge: z.string() }),
  z.object({ kind: z.literal('two_factor_setup_required'), challenge: z.string() }),
]);
export type SignInOutcome = z.infer<typeof signInOutcome>;

export const setupConfirmed = z.object({ session, backup_codes: z.array(z.string()) });
export type SetupConfirmed = z.infer<typeof setupConfirmed>;

const none = z.undefined();

export const IPC_CONTRACT = {
  'app:info': { request: none, response: appInfo },
  'settings:get': { request: none, response: settings },
  'settings:set': { request: settingsPatch, response: settings },
  'system:health': { request: none, response: healthAnswer },
  'auth:restore': { request: none, response: session.nullable() },
  'auth:login': { request: loginRequest, response: signInOutcome },
  'auth:verify-2fa': { request: twoFactorVerifyRequest, response: session },
  'auth:setup-2fa': { request: adminTwoFactorSetupRequest, response: twoFactorSetupAnswer },
  'auth:confirm-2fa': { request: adminTwoFactorConfirmRequest, response: setupConfirmed },
  'auth:refresh': { request: none, response: z.object({ access: z.string() }) },
  // The server ends every session and answers a new pair: main keeps the refresh token, the page gets the access token.
  'auth:change-password': { request: changePasswordRequest, response: z.object({ access: z.string() }) },
  'auth:logout': { request: none, response: z.null() },
  'external:open': { request: z.object({ url: z.url() }), response: z.null() },
  // File transfers (transfer-contract.ts): main streams PDFs; the page sees names, sizes and progress.
  'transfer:limits': { request: none, response: uploadLimitsAnswer },
  /** The native open dialog; null when the user closes it. */
  'transfer:choose-pdf': { request: none, response: pdfSelection.nullable() },
  /**
   * Only the preload calls it, at a drop: the dropped File's path (webUtils.getPathForFile) for a
   * one-time token. The page's bridge has no function for it; main reads no path from the page.
   */
  'transfer:register-drop': { request: z.object({ path: z.string().min(1).max(4096) }), response: z.object({ token: z.string() }) },
  /** The file registered under a token (once), checked like a chosen one. */
  'transfer:drop-pdf': { request: z.object({ token: z.string().min(1).max(200) }), response: pdfSelection },
  'transfer:upload': { request: uploadRequest, response: uploadOutcome },
  'transfer:cancel': { request: z.object({ transfer_id: transferId }), response: z.object({ cancelled: z.boolean() }) },
  /** The native save dialog, then a streamed download to the chosen file. */
  'transfer:download': { request: downloadRequest, response: downloadOutcome },
  /** A streamed download to a temporary file, opened with the system's PDF viewer. */
  'transfer:open': { request: downloadRequest, response: downloadOutcome },
  /** A streamed download to a temporary file whose bytes are handed to the page's PDF viewer, then deleted. */
  'transfer:preview': { request: downloadRequest, response: previewOutcome },
  // Counter intake (counter-contract.ts): the signed-in user's drafts key and the PDFs kept for drafts.
  /** Refused (`not_authenticated`) when nobody is signed in. */
  'counter:draft-key': { request: none, response: draftKey },
  'counter:keep-attachment': { request: keepAttachmentRequest, response: keptAttachment },
  'counter:stage-attachment': { request: stageAttachmentRequest, response: stageAttachmentOutcome },
  'counter:read-attachment': { request: attachmentRequest, response: attachmentContent },
  /** Answers null also when the attachment was already gone. */
  'counter:remove-attachment': { request: attachmentRequest, response: z.null() },
  // Desktop updates (update-contract.ts): main checks, verifies and downloads; the page shows and confirms.
  'updates:state': { request: none, response: updateState },
  /** "Check for updates": bypasses the staged rollout; a found update downloads in the background. */
  'updates:check': { request: none, response: updateState },
  /** "Restart to update": main first asks the page (`updates:restart-query`) whether work is unsaved. */
  'updates:restart': { request: none, response: restartOutcome },
  'updates:answer-restart': { request: restartAnswer, response: z.null() },
  /** Administrators only (`permission_denied` otherwise). */
  'updates:set-channel': { request: z.object({ channel: updateChannel }), response: updateState },
  // Backups of the embedded database (administrators; refused with another server): main picks the archive and restarts.
  'backups:back-up-now': { request: none, response: backupWritten },
  /** The native open dialog, then the server's check of the archive; null when the dialog was closed. */
  'backups:choose-restore': { request: none, response: backupSummary.nullable() },
  /** Parks the checked archive and restarts the app onto it. */
  'backups:restore': { request: backupPathRequest, response: z.null() },
} as const;

export type IpcChannel = keyof typeof IPC_CONTRACT;
export type IpcRequest<C extends IpcChannel> = z.input<(typeof IPC_CONTRACT)[C]['request']>;
export type IpcResponse<C extends IpcChannel> = z.output<(typeof IPC_CONTRACT)[C]['response']>;
export const IPC_CHANNELS = Object.keys(IPC_CONTRACT) as IpcChannel[];

/** Events main sends to the renderer. */
export const IPC_EVENTS = {
  // 'two_factor_setup_required': two-factor sign-in became required of this user; the refresh ended
  // the session and opened the set-up step, which the sign-in screen continues with `challenge`.
  'session:ended': z.discriminatedUnion('reason', [
    z.object({ reason: z.enum(['expired', 'timed_out', 'logged_out']) }),
    z.object({ reason: z.literal('two_factor_setup_required'), challenge: z.string() }),
  ]),
  'transfer:progress': transferProgress,
  'updates:state': updateState,
  'updates:restart-query': restartQuery,
} as const;
export type IpcEvent = keyof typeof IPC_EVENTS;
export type IpcEventPayload<E extends IpcEvent> = z.output<(typeof IPC_EVENTS)[E]>;

export const transportError = z.object({
  code: z.enum(Object.values(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
  status: z.number().int().optional(),
  body: z.unknown().optional(),
});

/** Every IPC answer is an envelope, so a typed error survives Electron's structured clone. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: z.infer<typeof transportError> };
