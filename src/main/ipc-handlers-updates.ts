import { isAdmin } from '../shared/auth/permissions';
import { ERROR_CODES } from '../shared/errors';
import { failure } from '../shared/transport-failure';
import type { AuthService } from './auth-service';
import type { IpcHandlers } from './ipc-router';
import type { UpdateService } from './updates/update-service';

// The updates:* channels, over the update service (src/main/updates). The router has
// already checked the sender and parsed the request against the contract.

type UpdatesChannel = Extract<keyof IpcHandlers, `updates:${string}`>;

export function createUpdatesHandlers(updates: UpdateService, auth: Pick<AuthService, 'currentUser'>): Pick<IpcHandlers, UpdatesChannel> {
  return {
    'updates:state': async () => updates.state(),
    'updates:check': () => updates.check({ manual: true }),
    'updates:restart': () => updates.restart(),
    'updates:answer-restart': async (answer) => {
      updates.answerRestart(answer);
      return null;
    },
    'updates:set-channel': ({ channel }) => {
      // Main decides, not the page: a beta build reaches every computer that asks for it.
      if (!isAdmin(auth.currentUser())) {
        throw failure(ERROR_CODES.permissionDenied, { body: { detail: 'Only administrators choose the update channel.' } });
      }
      return updates.setChannel(channel);
    },
  };
}
