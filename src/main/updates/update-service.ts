import type { RestartAnswer, RestartOutcome, RestartQuery, UpdateChannel, UpdateState } from '../../shared/ipc/update-contract';

// What the IPC handlers and the menu ask of the updater. The update controller
// (update-controller.ts) implements it over electron-updater; a run without updates uses
// `createDisabledUpdates`.

export interface UpdateService {
  state(): UpdateState;
  /** A check from "Check for updates" (manual: bypasses the staged rollout) or the schedule. */
  check(options: { manual: boolean }): Promise<UpdateState>;
  /**
   * "Restart to update": refuses while a transfer runs, asks the page whether work is unsaved
   * (`updates:restart-query`), and quits to install only when the page agrees.
   */
  restart(): Promise<RestartOutcome>;
  /** The page's answer to a restart query. */
  answerRestart(answer: RestartAnswer): void;
  /** Administrators only: the caller has checked. Persists the channel and checks it at once. */
  setChannel(channel: UpdateChannel): Promise<UpdateState>;
  /** Starts the schedule: a first check after a delay, then every few hours. */
  start(): void;
  stop(): void;
}

/** What the updater needs from the rest of main. */
export interface UpdateHooks {
  publishState(state: UpdateState): void;
  /** Sends the restart question to the page; the answer comes back through `updates:answer-restart`. */
  askPage(query: RestartQuery): void;
  /** Uploads and downloads running now: a restart never interrupts one. */
  transfersInProgress(): number;
  /** Whether the signed-in user may choose the channel (shown in the state). */
  mayChangeChannel(): boolean;
}
