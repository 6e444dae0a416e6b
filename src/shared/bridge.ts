import type { BackupSummary, BackupWritten } from './api/backups';
import type { IpcEvent, IpcEventPayload, AppInfo, Settings, SettingsPatch, Session, SignInOutcome, SetupConfirmed } from './ipc/contract';
import type { HealthAnswer } from './api/system';
import type { ChangePasswordRequest, LoginRequest, TwoFactorSetupAnswer, TwoFactorMethod } from './api/auth';
import type { TransportError } from './errors';
import type { UploadLimits } from './api/documents';
import type { AttachmentRequest, DraftKey, KeepAttachmentRequest, KeptAttachment, StageAttachmentOutcome, StageAttachmentRequest } from './ipc/counter-contract';
import type { RestartAnswer, RestartOutcome, UpdateChannel, UpdateState } from './ipc/update-contract';
import type { DownloadOutcome, DownloadRequest, DroppedFile, PdfSelection, PreviewOutcome, UploadOutcome, UploadRequest } from './ipc/transfer-contract';

// What `window.naric` offers the renderer. The desktop preload builds it over IPC; the browser
// shell implements it over fetch. Failures reject with a BridgeError carrying a TransportError.

export interface NaricBridge {
  app: { info(): Promise<AppInfo> };
  settings: { get(): Promise<Settings>; set(patch: SettingsPatch): Promise<Settings> };
  system: { health(): Promise<HealthAnswer> };
  auth: {
    /** Startup: use a stored refresh token, if any, to open a session. */
    restore(): Promise<Session | null>;
    login(request: LoginRequest): Promise<SignInOutcome>;
    /** `challenge`: the 2FA challenge of the sign-in outcome, sent back on every call of that sign-in. */
    verifyTwoFactor(request: { username: string; code: string; is_backup_code: boolean; challenge: string }): Promise<Session>;
    setupTwoFactor(request: { method: TwoFactorMethod; challenge: string }): Promise<TwoFactorSetupAnswer>;
    confirmTwoFactor(request: { code: string; challenge: string }): Promise<SetupConfirmed>;
    /** One refresh in flight at a time, shared by every caller. */
    refresh(): Promise<{ access: string }>;
    /**
     * Changes the signed-in user's password. The server ends every session of the user and
     * answers a new token pair; the bridge takes it over, so this session goes on.
     */
    changePassword(request: ChangePasswordRequest): Promise<{ access: string }>;
    logout(): Promise<void>;
  };
  external: { open(url: string): Promise<void> };
  /**
   * PDF uploads and downloads. A file is chosen (dialog or drop) and checked first: PDF
   * signature, not empty, within `limits()`; a refusal rejects with `unsupported_file_type`,
   * `payload_too_large` or `validation_error` and a TransferRefusal body. Progress arrives as
   * `transfer:progress` events for the `transfer_id` the page chose; `cancel` ends a transfer
   * and its call answers `cancelled`.
   */
  transfer: {
    limits(): Promise<UploadLimits>;
    /** Null when the user closes the dialog. */
    choosePdf(): Promise<PdfSelection | null>;
    /** A File from a drop event (the desktop reads only its path, in the preload). */
    dropPdf(file: DroppedFile): Promise<PdfSelection>;
    upload(request: UploadRequest): Promise<UploadOutcome>;
    cancel(transferId: string): Promise<void>;
    /** Asks where to save (desktop: the save dialog), then streams the file there. */
    download(request: DownloadRequest): Promise<DownloadOutcome>;
    /** Opens the document with the system's (or the browser's) PDF viewer. */
    open(request: DownloadRequest): Promise<DownloadOutcome>;
    /** The PDF's bytes for the in-app viewer (pdf.js), with progress like a download. */
    preview(request: DownloadRequest): Promise<PreviewOutcome>;
  };
  /**
   * Counter intake: the signed-in user's drafts key and the scanned PDFs kept for
   * their offline drafts. Desktop: the key in the OS keychain, the files encrypted in the
   * user-data folder. Browser shell: both in the browser's storage. Another user never gets them.
   */
  counter: {
    draftKey(): Promise<DraftKey>;
    /** Keeps a file chosen or dropped through `transfer` (its selection) for a draft. */
    keepAttachment(request: KeepAttachmentRequest): Promise<KeptAttachment>;
    /** Uploads a kept file to the server's staging, with `transfer:progress` events. */
    stageAttachment(request: StageAttachmentRequest): Promise<StageAttachmentOutcome>;
    readAttachment(request: AttachmentRequest): Promise<{ data: Uint8Array }>;
    removeAttachment(request: AttachmentRequest): Promise<void>;
  };
  /**
   * Desktop updates. Main checks the signed feed, downloads in the background (state
   * arrives as `updates:state` events) and restarts only after asking the page through
   * `updates:restart-query`, which the page answers with `answerRestart`. The web shell answers
   * a state with `disabled_reason: 'browser'`.
   */
  updates: {
    state(): Promise<UpdateState>;
    check(): Promise<UpdateState>;
    restart(): Promise<RestartOutcome>;
    answerRestart(answer: RestartAnswer): Promise<void>;
    setChannel(channel: UpdateChannel): Promise<UpdateState>;
  };
  /**
   * Backups of the desktop's embedded database (administrators). The web shell refuses them: a
   * browser has no archive on the server's computer to name.
   */
  backups: {
    backUpNow(): Promise<BackupWritten>;
    chooseRestore(): Promise<BackupSummary | null>;
    restore(path: string): Promise<void>;
  };
  on<E extends IpcEvent>(event: E, listener: (payload: IpcEventPayload<E>) => void): () => void;
}

export class BridgeError extends Error {
  readonly error: TransportError;
  constructor(error: TransportError) {
    super(error.message);
    this.name = 'BridgeError';
    this.error = error;
  }
}

