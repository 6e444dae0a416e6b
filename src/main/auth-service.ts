import { createSessionClient, type SessionClient } from '../shared/auth/session-client';
import type { IpcEventPayload } from '../shared/ipc/contract';
import type { ApiClient } from './api-client';
import type { MainLog } from './log';
import type { Vault } from './vault';

// The desktop's session: the shared session client, with tokens in the vault (OS keychain) and
// calls through main's API client. The renderer only ever receives the user and the access token.

export interface AuthServiceOptions {
  vault: Vault;
  api: Pick<ApiClient, 'request'>;
  onSessionEnded: (payload: IpcEventPayload<'session:ended'>) => void;
  log: MainLog;
}

export type AuthService = SessionClient;

export function createAuthService({ vault, api, onSessionEnded, log }: AuthServiceOptions): AuthService {
  return createSessionClient({
    request: (method, path, body, options) => api.request(method, path, body, options),
    tokens: vault,
    onSessionEnded,
    persistence: () => vault.persistence(),
    log: (message, detail) => log.warn(`auth: ${message}`, detail),
  });
}
