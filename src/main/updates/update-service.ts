import type { RestartAnswer, RestartOutcome, UpdateChannel, UpdateState } from '../../shared/ipc/update-contract';

// What the IPC handlers and the menu ask of the updater (issue 17). The update controller
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
