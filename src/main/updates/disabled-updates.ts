import { disabledUpdateState, type UpdatesDisabledReason } from '../../shared/ipc/update-contract';
import { failure } from '../../shared/transport-failure';
import { ERROR_CODES } from '../../shared/errors';
import type { UpdateService } from './update-service';

/** A run that never looks for updates (unpackaged, portable, no feed): the about box says why. */
export function createDisabledUpdates(currentVersion: string, reason: UpdatesDisabledReason): UpdateService {
  const state = () => disabledUpdateState(currentVersion, reason);
  return {
    state,
    check: async () => state(),
    restart: async () => ({ outcome: 'nothing_to_install' }),
    answerRestart: () => undefined,
    setChannel: async () => {
      throw failure(ERROR_CODES.validation, { body: { detail: 'Updates are off in this copy of the application.' } });
    },
    start: () => undefined,
    stop: () => undefined,
  };
}
