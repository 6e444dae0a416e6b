import { randomUUID } from 'node:crypto';
import { CancellationToken, type AppUpdater, type ProgressInfo, type UpdateInfo } from 'electron-updater';
import { z } from 'zod';
import {
  RESTART_QUERY_TIMEOUT_MS,
  updateChannel,
  updateCheckOutcome,
  type RestartAnswer,
  type RestartOutcome,
  type UpdateChannel,
  type UpdateCheckOutcome,
  type UpdatePhase,
  type UpdateProgress,
  type UpdateState,
} from '../../shared/ipc/update-contract';
import type { UpdateHooks } from './update-service';
import type { MainLog } from '../log';
import { signedFeed } from './signed-feed-provider';
import { isWithinRollout } from './staged-rollout';
import { killSwitch, type KillSwitch, type TrustedUpdateKey } from './update-manifest';
import { isUpdateRefusal } from './update-refusal';
import { compareVersions } from './version-order';
import type { UpdateService } from './update-service';

// The updater over electron-updater, with everything it touches passed in: the
// platform updater (NSIS, Mac, AppImage, deb, rpm), the store, the clock, the timers and the hooks
// into the rest of main. The feed's manifest is verified by SignedFeedProvider before anything
// is downloaded; here are the schedule, the rollout, the channel, the kill switch, the
// background download and the restart that asks the page first.

/** The first check waits for the app to settle; later ones run every few hours. */
export const FIRST_CHECK_DELAY_MS = 60_000;
export const CHECK_INTERVAL_MS = 4 * 60 * 60_000;
/** After an unreachable feed (a laptop offline, a proxy down) the next try comes sooner. */
export const RETRY_AFTER_UNREACHABLE_MS = 30 * 60_000;
/** Progress events at most this often: a fast download would otherwise flood the page. */
export const PROGRESS_INTERVAL_MS = 250;

/** electron-updater's channel names: stable reads `latest*.yml`, beta `beta*.yml`. */
const FEED_CHANNEL: Record<UpdateChannel, string> = { stable: 'latest', beta: 'beta' };

const lastCheck = z.object({ at: z.iso.datetime(), outcome: updateCheckOutcome, manual: z.boolean() });

/** What this computer keeps between runs (electron-store's updates.json in production). */
export const updatePreferences = z.object({
  channel: updateChannel.catch('stable'),
  /** Random, made on first run: this computer's place in staged rollouts. */
  machine_id: z.string().min(8).max(128).nullable().catch(null),
  last_check: lastCheck.nullable().catch(null),
});
export type UpdatePreferences = z.infer<typeof updatePreferences>;

export interface UpdatePreferencesStore {
  read(): unknown;
  write(preferences: UpdatePreferences): void;
}

export interface UpdateTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The parts of electron-updater's AppUpdater the controller drives. */
export type PlatformUpdater = Pick<
  AppUpdater,
  | 'checkForUpdates'
  | 'downloadUpdate'
  | 'quitAndInstall'
  | 'setFeedURL'
  | 'on'
  | 'off'
  | 'currentVersion'
  | 'channel'
  | 'allowDowngrade'
  | 'autoDownload'
  | 'autoInstallOnAppQuit'
  | 'isUserWithinRollout'
  | 'logger'
>;

export interface UpdateControllerOptions {
  updater: PlatformUpdater;
  /** The generic feed's base URL (from app-update.yml). */
  feedUrl: string;
  trustedKeys: readonly TrustedUpdateKey[];
  store: UpdatePreferencesStore;
  hooks: UpdateHooks;
  log: MainLog;
  now?: () => Date;
  timers?: UpdateTimers;
  newId?: () => string;
}

export interface UpdateController extends UpdateService {
  /** Resolves once no check, download or restart question is under way (tests, quitting). */
  whenIdle(): Promise<void>;
}

const OUTCOMES_KEEPING_A_DOWNLOAD: ReadonlySet<UpdateCheckOutcome> = new Set(['update_available', 'feed_unreachable', 'failed']);

export function createUpdateController(options: UpdateControllerOptions): UpdateController {
  const { updater, hooks, log } = options;
  const now = options.now ?? (() => new Date());
  const timers: UpdateTimers = options.timers ?? { setTimeout: (run, ms) => setTimeout(run, ms), clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout) };
  const newId = options.newId ?? randomUUID;
  const currentVersion = updater.currentVersion.version;

  const stored = updatePreferences.safeParse(options.store.read() ?? {});
  const preferences: UpdatePreferences = stored.success ? stored.data : { channel: 'stable', machine_id: null, last_check: null };
  if (!preferences.machine_id) {
    preferences.machine_id = randomUUID();
    persist();
  }
  const machineId = preferences.machine_id;

  let phase: UpdatePhase = 'idle';
  let availableVersion: string | null = null;
  let downloadedVersion: string | null = null;
  // A person who asked for the update keeps it when a later scheduled check finds the rollout paused.
  let downloadedByHand = false;
  let progress: UpdateProgress | null = null;
  let manualUpdateUrl: string | null = null;
  let checking: Promise<UpdateState> | null = null;
  let downloading: Promise<void> | null = null;
  let download: CancellationToken | null = null;
  let asking: { queryId: string; promise: Promise<RestartOutcome>; answer: (proceed: boolean) => void } | null = null;
  let timer: unknown = null;
  let stopped = false;
  // Set around each check for the rollout function electron-updater calls in the middle of it.
  let bypassRollout = false;
  let rolloutDecision: boolean | null = null;
  let lastProgressAt = Number.NEGATIVE_INFINITY;

  function persist(): void {
    try {
      options.store.write(preferences);
    } catch (thrown) {
      log.warn('the update preferences could not be saved', thrown);
    }
  }

  function state(): UpdateState {
    return {
      current_version: currentVersion,
      channel: preferences.channel,
      phase,
      disabled_reason: null,
      available_version: availableVersion,
      progress,
      last_check: preferences.last_check,
      manual_update_url: manualUpdateUrl,
      may_change_channel: hooks.mayChangeChannel(),
    };
  }

  function publish(): void {
    try {
      hooks.publishState(state());
    } catch (thrown) {
      log.warn('the update state could not be sent to the page', thrown);
    }
  }

  function record(outcome: UpdateCheckOutcome, manual: boolean, at: Date = now()): void {
    preferences.last_check = { at: at.toISOString(), outcome, manual };
    persist();
  }

  function applyChannel(): void {
    updater.channel = FEED_CHANNEL[preferences.channel];
    // electron-updater's channel setter allows downgrades (for leaving beta): never here.
    updater.allowDowngrade = false;
  }

  // electron-updater: checking and downloading are ours to start; installing only through restart().
  updater.autoDownload = false;
  updater.autoInstallOnAppQuit = false;
  updater.logger = { info: () => undefined, warn: (message: unknown) => log.warn(`electron-updater: ${String(message)}`), error: (message: unknown) => log.error(`electron-updater: ${String(message)}`) };
  updater.isUserWithinRollout = (info: UpdateInfo) => {
    rolloutDecision = bypassRollout || isWithinRollout(machineId, info.version, info.stagingPercentage);
    return rolloutDecision;
  };
  updater.setFeedURL(signedFeed(options.feedUrl, { trustedKeys: options.trustedKeys, now, log }));
  applyChannel();
  updater.on('download-progress', (info: ProgressInfo) => {
    if (phase !== 'downloading') return;
    progress = {
      percent: Math.min(100, Math.max(0, info.percent)),
      transferred: Math.max(0, Math.round(info.transferred)),
      total: Math.max(0, Math.round(info.total)),
      bytes_per_second: Math.max(0, info.bytesPerSecond),
    };
    const at = now().getTime();
    if (at - lastProgressAt < PROGRESS_INTERVAL_MS && progress.percent < 100) return;
    lastProgressAt = at;
    publish();
  });
  // An error event with no listener would throw; electron-updater also rejects the promise we handle.
  updater.on('error', (error: Error) => {
    if (phase === 'restarting') {
      // quitAndInstall could not start the installer: keep the update for another try.
      log.error('the update installer did not start', error);
      phase = 'downloaded';
      publish();
    }
  });

  function outcomeOf(thrown: unknown): UpdateCheckOutcome {
    if (isUpdateRefusal(thrown)) return thrown.outcome;
    const code = (thrown as { code?: unknown } | null)?.code;
    if (code === 'ERR_CHECKSUM_MISMATCH') return 'checksum_mismatch';
    if (typeof code === 'string' && /^(E[A-Z]+|ERR_STREAM_PREMATURE_CLOSE)$/.test(code) && code !== 'EACCES' && code !== 'ENOSPC') return 'feed_unreachable';
    if (/net::ERR_/.test(String((thrown as Error | null)?.message))) return 'feed_unreachable';
    return 'failed';
  }

  function startDownload(version: string, manual: boolean): void {
    phase = 'downloading';
    downloadedByHand = manual;
    progress = null;
    lastProgressAt = Number.NEGATIVE_INFINITY;
    const token = new CancellationToken();
    download = token;
    downloading = updater
      .downloadUpdate(token)
      .then(
        () => {
          if (token.cancelled) return;
          phase = 'downloaded';
          downloadedVersion = version;
          log.info('an update was downloaded and verified', { version });
        },
        (thrown: unknown) => {
          if (token.cancelled) return;
          const outcome = outcomeOf(thrown);
          log.warn('the update download failed', { version, outcome, error: thrown });
          // electron-updater has deleted the file; the check's time stays, its outcome is the download's.
          const checkedAt = preferences.last_check ? new Date(preferences.last_check.at) : now();
          record(outcome, preferences.last_check?.manual ?? false, checkedAt);
          phase = 'idle';
          progress = null;
          availableVersion = null;
        },
      )
      .finally(() => {
        if (download === token) download = null;
        downloading = null;
        publish();
      });
  }

  async function runCheck(manual: boolean): Promise<UpdateState> {
    const hadDownload = phase === 'downloaded';
    // A computer with an update waiting keeps showing it while the feed is asked again.
    if (!hadDownload) {
      phase = 'checking';
      publish();
    }
    bypassRollout = manual;
    rolloutDecision = null;
    let outcome: UpdateCheckOutcome;
    let offered: UpdateInfo | null = null;
    let found = false;
    try {
      const result = await updater.checkForUpdates();
      if (result === null) throw new Error('electron-updater is not active in this run');
      offered = result.updateInfo;
      found = result.isUpdateAvailable;
      outcome = decide(result.updateInfo, result.isUpdateAvailable);
    } catch (thrown) {
      outcome = outcomeOf(thrown);
      if (!isUpdateRefusal(thrown)) log.warn('the update check failed', { outcome, error: thrown });
    } finally {
      bypassRollout = false;
    }
    record(outcome, manual);
    const switchValue = offered ? killSwitchOf(offered) : null;
    manualUpdateUrl = switchValue?.action === 'manual' ? switchValue.url : null;

    const sameVersion = offered !== null && offered.version === downloadedVersion;
    const keepsDownload =
      (OUTCOMES_KEEPING_A_DOWNLOAD.has(outcome) && !(outcome === 'update_available' && !sameVersion)) || (outcome === 'not_in_rollout' && downloadedByHand && sameVersion);
    if (hadDownload && keepsDownload) {
      phase = 'downloaded';
    } else if (outcome === 'update_available' && offered && found) {
      availableVersion = offered.version;
      downloadedVersion = null;
      startDownload(offered.version, manual);
    } else {
      // Nothing to install now: a held-back, paused or refused release is dropped even if downloaded.
      phase = 'idle';
      downloadedVersion = null;
      progress = null;
      availableVersion = outcome === 'held_back' || outcome === 'manual_update_required' || outcome === 'not_in_rollout' ? (offered?.version ?? null) : null;
    }
    publish();
    return state();
  }

  /** The outcome of a check that reached the feed and passed verification. */
  function decide(info: UpdateInfo, isUpdateAvailable: boolean): UpdateCheckOutcome {
    // The provider has refused anything older; the same version (1.4.0 = v1.4.0+build) is nothing new.
    if (compareVersions(info.version, currentVersion) === 0) return 'up_to_date';
    // The kill switch is for every computer, whatever its place in the rollout and however it asked.
    const switchValue = killSwitchOf(info);
    if (switchValue?.action === 'hold') return 'held_back';
    if (switchValue?.action === 'manual') return 'manual_update_required';
    if (!isUpdateAvailable) return rolloutDecision === false ? 'not_in_rollout' : 'up_to_date';
    return 'update_available';
  }

  function check(checkOptions: { manual: boolean }): Promise<UpdateState> {
    if (stopped || phase === 'downloading' || phase === 'restarting') return Promise.resolve(state());
    if (checking) return checking;
    checking = runCheck(checkOptions.manual).finally(() => {
      checking = null;
    });
    return checking;
  }

  function schedule(ms: number): void {
    if (stopped) return;
    if (timer !== null) timers.clearTimeout(timer);
    timer = timers.setTimeout(() => {
      timer = null;
      void scheduledCheck();
    }, ms);
  }

  async function scheduledCheck(): Promise<void> {
    let next = CHECK_INTERVAL_MS;
    try {
      await check({ manual: false });
      if (preferences.last_check?.outcome === 'feed_unreachable') next = RETRY_AFTER_UNREACHABLE_MS;
    } catch (thrown) {
      // Never out of a timer: the app keeps running and the next check comes as planned.
      log.error('a scheduled update check failed', thrown);
    }
    schedule(next);
  }

  async function restart(): Promise<RestartOutcome> {
    if (phase !== 'downloaded') return { outcome: 'nothing_to_install' };
    if (hooks.transfersInProgress() > 0) return { outcome: 'transfer_in_progress' };
    if (asking) return asking.promise;

    const queryId = newId();
    let answer: (proceed: boolean) => void = () => undefined;
    const answered = new Promise<boolean>((resolve) => {
      answer = resolve;
    });
    const timeout = timers.setTimeout(() => answer(false), RESTART_QUERY_TIMEOUT_MS);
    const promise = (async (): Promise<RestartOutcome> => {
      try {
        hooks.askPage({ query_id: queryId });
        const proceed = await answered;
        if (!proceed) return { outcome: 'declined' };
        // An upload may have started while the page was asking.
        if (hooks.transfersInProgress() > 0) return { outcome: 'transfer_in_progress' };
        if (phase !== 'downloaded') return { outcome: 'nothing_to_install' };
        phase = 'restarting';
        publish();
        log.info('quitting to install an update', { version: downloadedVersion });
        updater.quitAndInstall(true, true);
        return { outcome: 'restarting' };
      } finally {
        timers.clearTimeout(timeout);
        asking = null;
      }
    })();
    asking = { queryId, promise, answer: (proceed) => answer(proceed) };
    return promise;
  }

  return {
    state,
    check,
    restart,
    answerRestart(reply: RestartAnswer) {
      if (asking && asking.queryId === reply.query_id) asking.answer(reply.proceed);
    },
    async setChannel(channel: UpdateChannel) {
      if (channel !== preferences.channel) {
        preferences.channel = channel;
        persist();
        applyChannel();
        // A download from the other channel is no longer wanted.
        download?.cancel();
        await downloading;
        if (phase === 'downloaded' || phase === 'downloading') phase = 'idle';
        availableVersion = null;
        downloadedVersion = null;
        progress = null;
        publish();
      }
      // Asked by an administrator in the settings: like "Check for updates", it bypasses the rollout.
      return check({ manual: true });
    },
    start() {
      stopped = false;
      publish();
      schedule(FIRST_CHECK_DELAY_MS);
    },
    stop() {
      stopped = true;
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
      download?.cancel();
      asking?.answer(false);
    },
    async whenIdle() {
      while (checking || downloading || asking) await Promise.allSettled([checking, downloading, asking?.promise]);
    },
  };
}

function killSwitchOf(info: UpdateInfo): KillSwitch | null {
  const parsed = killSwitch.safeParse((info as unknown as Record<string, unknown>).naricKillSwitch);
  return parsed.success ? parsed.data : null;
}
