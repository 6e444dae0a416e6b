import type { User } from '../shared/api/auth';
import { createSessionClient, type SessionClient } from '../shared/auth/session-client';
import type { IpcEventPayload, Session } from '../shared/ipc/contract';
import type { ApiClient } from './api-client';
import type { MainLog } from './log';
import type { Vault } from './vault';

// The desktop's session: the shared session client, with tokens in the vault (OS keychain) and
// calls through main's API client. The renderer only ever receives the user and the access token.
// Main remembers who is signed in, because some answers belong to that user alone (the counter's
// drafts key and kept files).

export interface AuthServiceOptions {
  vault: Vault;
  api: Pick<ApiClient, 'request'>;
  onSessionEnded: (payload: IpcEventPayload<'session:ended'>) => void;
  log: MainLog;
}

export interface AuthService extends SessionClient {
  /** The user of the session open now, or null. */
  currentUser(): User | null;
  /** Forgets the user without telling the server (the tokens were dropped elsewhere, e.g. another server was chosen). */
  forgetUser(): void;
}

export function createAuthService({ vault, api, onSessionEnded, log }: AuthServiceOptions): AuthService {
  let user: User | null = null;
  const client = createSessionClient({
    request: (method, path, body, options) => api.request(method, path, body, options),
    tokens: vault,
    onSessionEnded: (payload) => {
      user = null;
      onSessionEnded(payload);
    },
    persistence: () => vault.persistence(),
    log: (message, detail) => log.warn(`auth: ${message}`, detail),
  });
  const opened = (session: Session): Session => {
    user = session.user;
    return session;
  };

  return {
    ...client,
    async login(request) {
      const outcome = await client.login(request);
      if (outcome.kind === 'signed_in') opened(outcome.session);
      return outcome;
    },
    verifyTwoFactor: async (request) => opened(await client.verifyTwoFactor(request)),
    async confirmTwoFactor(request) {
      const confirmed = await client.confirmTwoFactor(request);
      opened(confirmed.session);
      return confirmed;
    },
    async restore() {
      const session = await client.restore();
      user = session ? session.user : null;
      return session;
    },
    async logout() {
      try {
        await client.logout();
      } finally {
        user = null;
      }
    },
    currentUser: () => user,
    forgetUser() {
      user = null;
    },
  };
}
