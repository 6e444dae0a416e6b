import { z } from 'zod';

// Desktop updates: what the page sees of main's updater, and how main asks the page
// whether restarting now would lose work. Main does the checking, verifying and downloading;
// the page shows the state, offers "Restart to update" and answers the unsaved-work question.

/** stable reads `latest*.yml`, beta reads `beta*.yml` from the same feed. Chosen by administrators. */
export const UPDATE_CHANNELS = ['stable', 'beta'] as const;
export const updateChannel = z.enum(UPDATE_CHANNELS);
export type UpdateChannel = z.infer<typeof updateChannel>;

/** Why this run never looks for updates (shown in the about box). */
export const updatesDisabledReason = z.enum([
  /** `npm start` / a development run: nothing installed to replace. */
  'unpackaged',
  /** The Windows portable build: it has no installer to run. */
  'portable',
  /** The web shell: the server's page is always current. */
  'browser',
  /** A build made without NARIC_UPDATE_URL: no feed to read. */
  'no_feed',
  /** A build whose list of trusted update keys is empty: nothing it downloaded could be trusted. */
  'no_trusted_keys',
  /** A packaged format electron-updater cannot replace (e.g. a Linux build that is neither AppImage, deb nor rpm). */
  'unsupported_package',
]);
export type UpdatesDisabledReason = z.infer<typeof updatesDisabledReason>;

/** The outcome of the last check, in words the about box translates. */
export const updateCheckOutcome = z.enum([
  'up_to_date',
  'update_available',
  /** A newer version exists, but this computer is not yet in its staged rollout. */
  'not_in_rollout',
  /** The signed kill switch holds this release back for now. */
  'held_back',
  /** The signed kill switch says this release must be installed by hand (see manual_update_url). */
  'manual_update_required',
  'refused_unsigned',
  'refused_tampered',
  'refused_unknown_key',
  'refused_expired',
  /** The feed offers an older version than the one installed: never installed. */
  'refused_downgrade',
  /** The manifest's signed fields are not a valid manifest (e.g. no sha512 for the installer). */
  'refused_invalid',
  /** The downloaded installer's sha512 is not the one the signed manifest names: deleted. */
  'checksum_mismatch',
  /** The feed could not be reached; checked again later. */
  'feed_unreachable',
  'failed',
]);
export type UpdateCheckOutcome = z.infer<typeof updateCheckOutcome>;

export const updatePhase = z.enum(['disabled', 'idle', 'checking', 'downloading', 'downloaded', 'restarting']);
export type UpdatePhase = z.infer<typeof updatePhase>;

export const updateProgress = z.object({
  percent: z.number().min(0).max(100),
  transferred: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  bytes_per_second: z.number().nonnegative(),
});
export type UpdateProgress = z.infer<typeof updateProgress>;

export const updateState = z.object({
  /** The version running now. */
  current_version: z.string().max(64),
  channel: updateChannel,
  phase: updatePhase,
  disabled_reason: updatesDisabledReason.nullable(),
  /** The version offered by the feed (being downloaded, downloaded, held back or to install by hand). */
  available_version: z.string().max(64).nullable(),
  progress: updateProgress.nullable(),
  last_check: z
    .object({
      at: z.iso.datetime(),
      outcome: updateCheckOutcome,
      /** From "Check for updates" (which bypasses the staged rollout) rather than the schedule. */
      manual: z.boolean(),
    })
    .nullable(),
  /** The kill switch's page for installing by hand, when it asks for that. */
  manual_update_url: z.url({ protocol: /^https$/ }).nullable(),
  /** Whether the signed-in user may change the channel (administrators). */
  may_change_channel: z.boolean(),
});
export type UpdateState = z.infer<typeof updateState>;

export const restartOutcome = z.object({
  outcome: z.enum([
    /** The app is quitting to install. */
    'restarting',
    /** The page said work is unsaved and the user chose to keep working. */
    'declined',
    /** A file upload or download is running: never interrupted. */
    'transfer_in_progress',
    /** Nothing downloaded to install. */
    'nothing_to_install',
  ]),
});
export type RestartOutcome = z.infer<typeof restartOutcome>;

/** Main → page: "may I restart?" The page answers with `updates:answer-restart` and the same id. */
export const restartQuery = z.object({ query_id: z.uuid() });
export type RestartQuery = z.infer<typeof restartQuery>;
export const restartAnswer = z.object({ query_id: z.uuid(), proceed: z.boolean() });
export type RestartAnswer = z.infer<typeof restartAnswer>;

/** How long main waits for the page's answer before it keeps the update for later. */
export const RESTART_QUERY_TIMEOUT_MS = 10 * 60_000;

/** The state of a run that never looks for updates. */
export function disabledUpdateState(currentVersion: string, reason: UpdatesDisabledReason): UpdateState {
  return {
    current_version: currentVersion,
    channel: 'stable',
    phase: 'disabled',
    disabled_reason: reason,
    available_version: null,
    progress: null,
    last_check: null,
    manual_update_url: null,
    may_change_channel: false,
  };
}
